"""`python -m degdata --seed 0 --n 2000 --out var/datagen/records.jsonl`
`python -m degdata summary --seed 11 --n 2000` (or `summary --records FILE`)
`python -m degdata --seed 0 --n 200 --out FILE --long-rate 0.2 [--long-max-tokens 32768]`:
a share of the records lengthened to long documents (`generate.LongDocs`).

Writes one JSON record per line (UTF-8, `ensure_ascii=False`, compact separators, keys in
generation order, so the same seed gives the same bytes) and prints the corpus report:
records per split and domain, null rates, field kinds and modes, length percentiles. The
file is written to a temporary name beside `--out` and renamed at the end, so a reader
never sees half a file. `summary` prints the same report without writing records, for
generated records or for an existing JSONL file; `--tokenizer tokenizer.json` adds
length percentiles in that tokenizer's tokens.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from tqdm import tqdm

from .domains import DOMAINS
from .generate import LONG_MAX_TOKENS, LongDocs, generate
from .splits import SPLITS
from .summary import corpus_report, percentile, summarize


@dataclass(frozen=True)
class DatagenSettings:
    seed: int
    n: int
    out: Path
    split: str | None
    domains: tuple[str, ...] | None
    progress: bool
    long_docs: LongDocs | None = None


@dataclass(frozen=True)
class SummarySettings:
    seed: int | None
    n: int | None
    records: Path | None
    split: str | None
    domains: tuple[str, ...] | None
    tokenizer: Path | None


def _selection(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--split", choices=SPLITS, default=None)
    parser.add_argument("--domains", nargs="+", choices=sorted(DOMAINS), default=None)


def parse_settings(argv: list[str] | None = None) -> DatagenSettings:
    parser = argparse.ArgumentParser(prog="python -m degdata",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--n", type=int, required=True, help="number of records")
    parser.add_argument("--out", type=Path, required=True, help="JSONL file to write")
    _selection(parser)
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    parser.add_argument("--long-rate", type=float, default=0.0,
                        help="share of records lengthened to long documents (default 0: none)")
    parser.add_argument("--long-min-tokens", type=int, default=8_192)
    parser.add_argument("--long-max-tokens", type=int, default=LONG_MAX_TOKENS,
                        help=f"longest long document, in tokens (at most {LONG_MAX_TOKENS})")
    args = parser.parse_args(argv)
    if args.n < 0:
        parser.error(f"--n must be >= 0, got {args.n}")
    try:
        long_docs = LongDocs(args.long_rate, args.long_max_tokens, args.long_min_tokens) if args.long_rate else None
    except ValueError as exc:
        parser.error(str(exc))
    return DatagenSettings(args.seed, args.n, args.out, args.split,
                           tuple(args.domains) if args.domains else None, not args.no_progress, long_docs)


def parse_summary_settings(argv: list[str]) -> SummarySettings:
    parser = argparse.ArgumentParser(prog="python -m degdata summary",
                                     description="Print the corpus report of generated "
                                                 "records or of a JSONL file.")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--n", type=int, default=None, help="number of records to generate")
    parser.add_argument("--records", type=Path, default=None, help="JSONL file to summarize")
    parser.add_argument("--tokenizer", type=Path, default=None,
                        help="a tokenizer.json (Hugging Face tokenizers) to count real tokens")
    _selection(parser)
    args = parser.parse_args(argv)
    if (args.records is None) == (args.seed is None or args.n is None):
        parser.error("give either --records FILE or both --seed and --n")
    if args.n is not None and args.n < 0:
        parser.error(f"--n must be >= 0, got {args.n}")
    if args.records is not None and not args.records.is_file():
        parser.error(f"--records {args.records}: no such file")
    if args.tokenizer is not None and not args.tokenizer.is_file():
        parser.error(f"--tokenizer {args.tokenizer}: no such file")
    return SummarySettings(args.seed, args.n, args.records, args.split,
                           tuple(args.domains) if args.domains else None, args.tokenizer)


def encode(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


RECORD_KEYS = ("domain", "split", "context", "schema", "value")


def _read(path: Path, split: str | None, domains: tuple[str, ...] | None) -> Iterator[dict]:
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{number}: not a JSON record ({exc.msg})") from exc
            lacking = [k for k in RECORD_KEYS if not isinstance(record, dict) or k not in record]
            if lacking:
                raise SystemExit(f"{path}:{number}: not a datagen record (no {', '.join(lacking)})")
            if (split is None or record["split"] == split) and \
                    (domains is None or record["domain"] in domains):
                yield record


def token_report(records: Iterable[dict], tokenizer_path: Path) -> str:
    from tokenizers import Tokenizer          # optional: only for this report

    tokenizer = Tokenizer.from_file(str(tokenizer_path))
    counts = [len(tokenizer.encode(r["context"], add_special_tokens=False).ids) for r in records]
    if not counts:
        return "no records"
    return (f"context tokens ({tokenizer_path.name}) p50/p90/p99/p100: "
            + " / ".join(f"{percentile(counts, q):.0f}" for q in (50, 90, 99, 100))
            + f"; > 4,000: {sum(c > 4000 for c in counts)} of {len(counts)}")


def summary_main(argv: list[str]) -> int:
    settings = parse_summary_settings(argv)
    if settings.records is not None:
        records = list(_read(settings.records, settings.split, settings.domains))
    else:
        records = list(generate(settings.seed, settings.n, domains=settings.domains,
                                split=settings.split))
    print(corpus_report([summarize(r) for r in records]))
    if settings.tokenizer is not None:
        print(token_report(records, settings.tokenizer))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["summary"]:
        return summary_main(argv[1:])
    settings = parse_settings(argv)
    settings.out.parent.mkdir(parents=True, exist_ok=True)
    partial = settings.out.with_name(settings.out.name + ".partial")
    records = generate(settings.seed, settings.n, domains=settings.domains,
                       split=settings.split, long_docs=settings.long_docs)
    summaries = []
    with open(partial, "w", encoding="utf-8", newline="\n") as handle:
        for record in tqdm(records, total=settings.n, unit="rec", disable=not settings.progress):
            handle.write(encode(record))
            summaries.append(summarize(record))
    os.replace(partial, settings.out)
    print(f"wrote {len(summaries)} records to {settings.out}")
    print(corpus_report(summaries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
