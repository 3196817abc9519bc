"""`python -m degdata --seed 0 --n 2000 --out var/datagen/records.jsonl`

Writes one JSON record per line (UTF-8, `ensure_ascii=False`, compact separators, keys in
generation order, so the same seed gives the same bytes) and prints a summary: records per
domain and split, how many fields of each mode, mean context length. The file is written
to a temporary name beside `--out` and renamed at the end, so a reader never sees half a
file.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from .domains import DOMAINS
from .generate import generate
from .splits import SPLITS
from .summary import summarize


@dataclass(frozen=True)
class DatagenSettings:
    seed: int
    n: int
    out: Path
    split: str | None
    domains: tuple[str, ...] | None
    progress: bool


def parse_settings(argv: list[str] | None = None) -> DatagenSettings:
    parser = argparse.ArgumentParser(prog="python -m degdata",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--n", type=int, required=True, help="number of records")
    parser.add_argument("--out", type=Path, required=True, help="JSONL file to write")
    parser.add_argument("--split", choices=SPLITS, default=None)
    parser.add_argument("--domains", nargs="+", choices=sorted(DOMAINS), default=None)
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    args = parser.parse_args(argv)
    if args.n < 0:
        parser.error(f"--n must be >= 0, got {args.n}")
    return DatagenSettings(args.seed, args.n, args.out, args.split,
                           tuple(args.domains) if args.domains else None, not args.no_progress)


def encode(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    settings = parse_settings(argv)
    settings.out.parent.mkdir(parents=True, exist_ok=True)
    partial = settings.out.with_name(settings.out.name + ".partial")
    records = generate(settings.seed, settings.n, domains=settings.domains,
                       split=settings.split)
    stats = Counter()
    summaries = []
    with open(partial, "w", encoding="utf-8", newline="\n") as handle:
        for record in tqdm(records, total=settings.n, unit="rec", disable=not settings.progress):
            handle.write(encode(record))
            summaries.append(summarize(record))
    os.replace(partial, settings.out)
    print(report(summaries, settings.out), file=sys.stdout)
    return 0


def report(summaries: list[dict], out: Path) -> str:
    per_domain = Counter((s["domain"], s["split"]) for s in summaries)
    modes = Counter()
    for s in summaries:
        modes.update(s["modes"])
    chars = [s["context_chars"] for s in summaries]
    lines = [f"wrote {len(summaries)} records to {out}", "records per domain / split:"]
    lines += [f"  {d:<16} {sp:<5} {c}" for (d, sp), c in sorted(per_domain.items())]
    lines.append("fields per mode (array items counted once per schema):")
    lines += [f"  {m:<15} {c}" for m, c in sorted(modes.items())]
    if chars:
        lines.append(f"mean context chars: {sum(chars) / len(chars):.0f} "
                     f"(max {max(chars)}, >= 8000: {sum(c >= 8000 for c in chars)})")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
