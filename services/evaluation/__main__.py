"""`python -m services.evaluation extractbench DATASET_DIR --out DIR [--url URL]`.

Also (in-process model unless `--url`; `--checkpoint DIR`, else the embedded backbone with
fresh heads):

    python -m services.evaluation datagen --split test --limit N [--max-items K] [--out DIR]
    python -m services.evaluation baseline --split test --limit N [--max-items K] [--out DIR]
    python -m services.evaluation determinism --split test --limit N [--repeats 10] [--permutations 5]
    python -m services.evaluation bench [--records 3] [--batch 16] [--no-scaling]
    python -m services.evaluation compare --url URL | --in-process [--checkpoint DIR] | --skip-deg
        [--set everyday|datagen-test|datagen-val] [--limit N] [--baselines llamacpp,xgrammar]   (compare.py)
    python -m services.evaluation media-set --out DIR [--n 40]      (media_cli.py: scans and photos
    python -m services.evaluation media-eval --set DIR --url URL     of datagen records, through /v1/fill)

Each prints its JSON summary as the last line (bench prints its table before it).

Through the job queue (`jobs.py`; Redis and queue from `DEG_REDIS_URL`, `DEG_EVAL_QUEUE`):

    python -m services.evaluation enqueue datagen|baseline|determinism|extractbench ...
        (the same options as the command itself, plus --runtime-factory MODULE:CALLABLE for
        the in-process kinds); prints the job id
    python -m services.evaluation worker [--burst]
    python -m services.evaluation status JOB_ID      (one JSON line: status, meta, result)

Fills every document through a running gateway (`POST URL/v1/fill`; `--in-process
[--checkpoint DIR]`: the model runtime in this process), writes the reports
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

from degcommon.datagen_scoring import RuntimeFiller, evaluate_datagen
from services.evaluation.bench import run_bench
from services.evaluation.datagen_eval import GatewayFiller, load_records, write_datagen_reports
from services.evaluation.determinism import determinism_report, write_determinism_report
from services.evaluation import compare, media_cli
from services.evaluation.filler import HttpFiller, RuntimeFiller as DocumentFiller
from services.evaluation.jobs import describe, enqueue, run_worker
from services.evaluation.report import write_reports
from services.evaluation.runner import run_extractbench
from services.evaluation.settings import EvaluationSettings


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Every evaluation command as a subcommand of `parser` (here and under `deg eval`)."""
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_extractbench(subparsers, out_required=True)
    _add_model_commands(subparsers)
    _add_job_commands(subparsers)
    compare.add_parser(subparsers)
    media_cli.add_parsers(subparsers)


def register(parser: argparse.ArgumentParser) -> None:
    """`deg eval ...`: the same commands, options and summaries as `python -m services.evaluation`."""
    add_commands(parser)
    parser.set_defaults(run=lambda args: run(args, parser, args.argv[args.argv.index("eval") + 1:], "deg eval"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m services.evaluation")
    add_commands(parser)
    argv = sys.argv[1:] if argv is None else argv
    return run(parser.parse_args(argv), parser, argv)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser, argv: list[str],
        prog: str = "python -m services.evaluation") -> int:
    """Run the parsed command; `prog argv` is the command line a report records."""
    if args.command == "compare":
        return compare.run_command(args, argv, prog)
    if args.command in media_cli.COMMANDS:
        return media_cli.run(args, parser, argv, prog)
    if args.command in ("enqueue", "worker", "status"):
        return _run_job_command(args)
    if args.command != "extractbench":
        return _run_model_command(args)
    return _run_extractbench(args, parser)


def _run_extractbench(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    settings = EvaluationSettings.from_env()
    overrides = {k: v for k, v in {"url": args.url, "model": args.model,
                                   "max_context_chars": args.max_context_chars}.items() if v is not None}
    settings = dataclasses.replace(settings, **overrides)
    if args.in_process:
        from deg_model.runtime import load_runtime  # torch: only the in-process run loads it

        filler = DocumentFiller(load_runtime(args.checkpoint))
    elif not settings.url:
        parser.error("no gateway to fill with: pass --url, set DEG_EVAL_URL or use --in-process")
    else:
        filler = HttpFiller(settings.url, settings.model, settings.timeout_s)
    try:
        result = run_extractbench(args.dataset_dir, filler, settings, progress=not args.no_progress)
    finally:
        filler.close()
    paths = write_reports(result, args.out)
    print(f"reports: {', '.join(str(p) for p in paths.values())}", file=sys.stderr)
    print(json.dumps(result.summary(), sort_keys=True))
    return 0


def _add_extractbench(subparsers: argparse._SubParsersAction, *, out_required: bool) -> argparse.ArgumentParser:
    bench = subparsers.add_parser("extractbench", help="run and score an ExtractBench-layout dataset")
    bench.add_argument("dataset_dir", type=Path)
    bench.add_argument("--out", type=Path, required=out_required, help="folder for report.json/.md/.png")
    bench.add_argument("--url", help="gateway base URL (default: $DEG_EVAL_URL)")
    bench.add_argument("--model", help="model name sent to /v1/fill")
    bench.add_argument("--max-context-chars", type=int, help="skip documents with longer text (default: no limit)")
    bench.add_argument("--in-process", action="store_true",
                       help="fill with the model runtime in this process instead of a gateway")
    bench.add_argument("--checkpoint", help="with --in-process: checkpoint directory (default: fresh heads)")
    bench.add_argument("--no-progress", action="store_true")
    return bench


JOB_KINDS = ("datagen", "baseline", "determinism")


def _add_job_commands(subparsers: argparse._SubParsersAction) -> None:
    enqueue = subparsers.add_parser("enqueue", help="queue an evaluation run for a worker")
    kinds = enqueue.add_subparsers(dest="kind", required=True)
    _add_extractbench(kinds, out_required=False)
    _add_model_commands(kinds, only=JOB_KINDS)
    for kind in ("datagen", "determinism"):
        kinds.choices[kind].add_argument("--runtime-factory", help="module:callable building the runtime "
                                         "from the checkpoint path (default deg_model.runtime:load_runtime)")
    worker = subparsers.add_parser("worker", help="run queued evaluations")
    worker.add_argument("--burst", action="store_true", help="exit when the queue is empty")
    status = subparsers.add_parser("status", help="a queued evaluation's status, progress and result")
    status.add_argument("job_id")


# CLI-only options that are not job parameters.
_NOT_PARAMS = {"command", "kind", "no_progress", "run", "argv"}  # run, argv: set by `deg`


def _run_job_command(args: argparse.Namespace) -> int:
    settings = EvaluationSettings.from_env()
    if args.command == "worker":
        run_worker(settings, burst=args.burst)
        return 0
    if args.command == "status":
        print(describe(args.job_id, settings))
        return 0
    params = {k: v for k, v in vars(args).items() if k not in _NOT_PARAMS and v is not None}
    try:
        print(enqueue(settings, args.kind, params))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _add_model_commands(subparsers: argparse._SubParsersAction,
                        only: tuple[str, ...] = ("datagen", "baseline", "determinism", "bench")) -> None:
    def common(p: argparse.ArgumentParser, *, limit: int) -> None:
        p.add_argument("--split", default="test", help="datagen split (default test)")
        p.add_argument("--limit", type=int, default=limit, help="records of the split")
        p.add_argument("--seed", type=int, default=0, help="datagen seed")
        p.add_argument("--max-items", type=int, help="maxItems injected into every array (gold cut alike)")
        p.add_argument("--checkpoint", type=Path, help="deg checkpoint dir (default: fresh heads)")
        p.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1: one core)")
        p.add_argument("--out", type=Path, help="folder for the reports")
        p.add_argument("--no-progress", action="store_true")

    if "datagen" in only:
        p = subparsers.add_parser("datagen", help="section-11 metrics of deg on datagen records")
        common(p, limit=50)
        p.add_argument("--url", help="fill through this gateway instead of in-process")
    if "baseline" in only:
        p = subparsers.add_parser("baseline", help="the grammar-constrained baseline on datagen records")
        common(p, limit=50)
        p.add_argument("--max-new-tokens", type=int, default=512)
    if "determinism" in only:
        p = subparsers.add_parser("determinism", help="bitwise equality report on datagen records")
        common(p, limit=3)
        p.add_argument("--repeats", type=int, default=10)
        p.add_argument("--permutations", type=int, default=5)
    if "bench" not in only:
        return
    p = subparsers.add_parser("bench", help="deg vs the baseline side by side")
    common(p, limit=3)
    p.add_argument("--max-new-tokens", type=int, default=512)
    p.add_argument("--batch", type=int, default=16, help="fill_many size (0: skip)")
    p.add_argument("--no-scaling", action="store_true", help="skip the 1/5/20-field scaling rows")
    p.add_argument("--uncapped", action="store_true", help="also race without array caps")


def _run_model_command(args: argparse.Namespace) -> int:
    # torch and the model stack load for the in-process commands only (extractbench and the
    # job client start without them)
    import torch

    torch.set_num_threads(args.threads)
    records = load_records(args.split, args.limit, seed=args.seed)
    progress = not args.no_progress
    if args.command == "datagen" and args.url:
        settings = EvaluationSettings.from_env()
        filler = GatewayFiller(args.url, settings.model, settings.timeout_s)
        try:
            result = evaluate_datagen(records, filler, split=args.split, max_items=args.max_items,
                                      progress=progress)
        finally:
            filler.close()
        return _finish(result, args.out)
    if args.command == "baseline":
        # the baseline decodes with the model stack (torch)
        from services.evaluation.baseline import GrammarBaseline
        from services.evaluation.baseline.filler import BaselineFiller

        baseline = GrammarBaseline.embedded(max_new_tokens=args.max_new_tokens)
        return _finish(evaluate_datagen(records, BaselineFiller(baseline), system="baseline", split=args.split,
                                        max_items=args.max_items, progress=progress), args.out)

    from deg_model.runtime import load_runtime  # torch: only the in-process commands load it

    runtime = load_runtime(args.checkpoint)
    if args.command == "datagen":
        return _finish(evaluate_datagen(records, RuntimeFiller(runtime), split=args.split,
                                        max_items=args.max_items, progress=progress), args.out)
    if args.command == "determinism":
        report = determinism_report(runtime, records, repeats=args.repeats, permutations=args.permutations,
                                    seed=args.seed, max_items=args.max_items, progress=progress)
        if args.out:
            write_determinism_report(report, args.out)
        print(report.markdown(), file=sys.stderr)
        print(json.dumps(report.summary(), sort_keys=True))
        return 0 if report.summary()["bitwise_equal"] else 1
    return _bench(args, runtime, records, progress)


def _bench(args: argparse.Namespace, runtime, records, progress: bool) -> int:
    # the baseline decodes with the model stack (torch)
    from services.evaluation.baseline import GrammarBaseline

    baseline = GrammarBaseline.embedded(max_new_tokens=args.max_new_tokens)
    cap = args.max_items if args.max_items is not None else 3
    scaling = [] if args.no_scaling else load_records(args.split, 12, seed=args.seed + 1)
    results = {"capped": run_bench(runtime, baseline, records, max_items=cap, scaling_records=scaling,
                                   batch=args.batch, progress=progress)}
    if args.uncapped:
        results["uncapped"] = run_bench(runtime, baseline, records, max_items=None, batch=0, progress=progress)
    for name, result in results.items():
        print(f"\n## {name}\n\n{result.table()}\n")
    payload = {name: result.to_dict() for name, result in results.items()}
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "bench.json").write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(payload, sort_keys=True))
    return 0


def _finish(result, out: Path | None) -> int:
    if out is not None:
        paths = write_datagen_reports(result, out)
        print(f"reports: {', '.join(str(p) for p in paths.values())}", file=sys.stderr)
    print(json.dumps(result.summary(), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
