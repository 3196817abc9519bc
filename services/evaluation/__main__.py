"""`python -m services.evaluation extractbench DATASET_DIR --out DIR [--url URL]`.

Fills every document through a running gateway (`POST URL/v1/fill`), writes the reports
under `--out`, and prints the JSON summary as its last line. `--url` falls back to
`DEG_EVAL_URL`; other settings come from the environment (`settings.py`), with
`--max-context-chars` and `--model` overriding theirs.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

from services.evaluation.filler import HttpFiller
from services.evaluation.report import write_reports
from services.evaluation.runner import run_extractbench
from services.evaluation.settings import EvaluationSettings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m services.evaluation")
    commands = parser.add_subparsers(dest="command", required=True)
    bench = commands.add_parser("extractbench", help="run and score an ExtractBench-layout dataset")
    bench.add_argument("dataset_dir", type=Path)
    bench.add_argument("--out", type=Path, required=True, help="folder for report.json/.md/.png")
    bench.add_argument("--url", help="gateway base URL (default: $DEG_EVAL_URL)")
    bench.add_argument("--model", help="model name sent to /v1/fill")
    bench.add_argument("--max-context-chars", type=int, help="skip documents with longer text")
    bench.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)

    settings = EvaluationSettings.from_env()
    overrides = {k: v for k, v in {"url": args.url, "model": args.model,
                                   "max_context_chars": args.max_context_chars}.items() if v is not None}
    settings = dataclasses.replace(settings, **overrides)
    if not settings.url:
        parser.error("no gateway to fill with: pass --url or set DEG_EVAL_URL")
    filler = HttpFiller(settings.url, settings.model, settings.timeout_s)
    try:
        result = run_extractbench(args.dataset_dir, filler, settings, progress=not args.no_progress)
    finally:
        filler.close()
    paths = write_reports(result, args.out)
    print(f"reports: {', '.join(str(p) for p in paths.values())}", file=sys.stderr)
    print(json.dumps(result.summary(), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
