"""The media test set's commands of `python -m services.evaluation` (and `deg eval`).

    python -m services.evaluation media-set --out var/media-set [--n 40] [--seed 0] [--split test]
    python -m services.evaluation media-eval --set var/media-set --url URL [--out DIR] [--limit N]

`media-set` renders the set (`media_set`); `media-eval` fills it through a served gateway
(`media_eval`; `--url` falls back to `DEG_EVAL_URL`) and prints its JSON summary as the last
line. Neither loads torch: the model runs in the served inference process.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from services.evaluation.settings import EvaluationSettings

COMMANDS = ("media-set", "media-eval")


def add_parsers(subparsers: argparse._SubParsersAction) -> None:
    make = subparsers.add_parser("media-set", help="render datagen records to images and image-only PDFs")
    make.add_argument("--out", type=Path, required=True, help="folder for docs/ and manifest.jsonl")
    make.add_argument("--n", type=int, default=40, help="documents (default 40)")
    make.add_argument("--seed", type=int, default=0, help="datagen seed")
    make.add_argument("--split", default="test", help="datagen split (default test)")
    run = subparsers.add_parser("media-eval", help="fill the media set through a served gateway, media vs text")
    run.add_argument("--set", type=Path, required=True, dest="set_dir", help="a folder media-set wrote")
    run.add_argument("--url", help="gateway base URL (default: $DEG_EVAL_URL)")
    run.add_argument("--out", type=Path, help="folder for media-eval.json / .md")
    run.add_argument("--limit", type=int, help="only the first N documents")
    run.add_argument("--model", help="model name sent to /v1/fill (default: $DEG_EVAL_MODEL)")
    run.add_argument("--no-progress", action="store_true")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser, argv: list[str], prog: str) -> int:
    if args.command == "media-set":
        from services.evaluation.media_set import make_media_set

        entries = make_media_set(args.out, n=args.n, seed=args.seed, split=args.split)
        print(json.dumps({"documents": len(entries), "out": str(args.out),
                          "types": Counter(e["type"] for e in entries),
                          "rotated": sum(bool(e["rotation"]) for e in entries),
                          "noisy": sum(e["noisy"] for e in entries),
                          "gold_boxes": sum(len(e["gold"]) for e in entries)}, sort_keys=True))
        return 0
    from services.evaluation.media_eval import evaluate_media, write_media_report

    settings = EvaluationSettings.from_env()
    url = args.url or settings.url
    if not url:
        parser.error("no gateway to fill with: pass --url or set DEG_EVAL_URL")
    report = evaluate_media(args.set_dir, url, limit=args.limit, model=args.model or settings.model,
                            progress=not args.no_progress)
    if args.out:
        write_media_report(report, args.out, f"{prog} {' '.join(argv)}")
    print(json.dumps(report["summary"], sort_keys=True), file=sys.stdout)
    return 0
