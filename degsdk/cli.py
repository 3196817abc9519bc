"""`deg fill`: fill a schema from a context file through a running gateway.

    deg fill --schema s.json --context doc.txt [--url URL] [--options JSON] [--model NAME]
             [--timeout S] [--job auto|always|never]

`--context -` reads standard input; `--context-json` treats the file as a JSON context
instead of text. The response JSON goes to standard output; an error goes to standard error
with exit status 1 (gateway error) or 2 (bad arguments or files). `--api-key` defaults to
`$DEG_API_KEY` and `--url` to `$DEG_URL`, else http://127.0.0.1:8790.

`--timeout` is the fill's deadline, sent to the gateway (default: the gateway computes one
from the work). A long context (`--job auto`, past the SDK's `JOB_THRESHOLD_CHARS`) or
`--job always` runs through the job API with a progress bar on standard error (fields done of
the plan's total, and the job's status).

Hooked into the `deg` dispatcher (`deg.cli.SUBCOMMANDS`) as
`"fill": (help, "degsdk.cli:register_fill")`: `register_fill(parser)` adds the arguments and
sets `run`. Also runnable alone as `python -m degsdk fill ...`.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from degsdk.client import DEFAULT_URL, Client, DegError


class UsageError(Exception):
    """A file or argument the command cannot use; exits with status 2."""


def add_fill_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--schema", required=True, help="JSON Schema file")
    parser.add_argument("--context", required=True, help="context file ('-' = standard input)")
    parser.add_argument("--context-json", action="store_true", help="parse the context file as JSON")
    parser.add_argument("--url", default=None, help=f"gateway URL (default $DEG_URL or {DEFAULT_URL})")
    parser.add_argument("--options", default=None, help='fill options as JSON, e.g. \'{"date_order": "DMY"}\'')
    parser.add_argument("--model", default=None, help="model name (default: the served model)")
    parser.add_argument("--api-key", default=None, help="API key (default $DEG_API_KEY)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="the fill's deadline in seconds (default: computed by the gateway from the work)")
    parser.add_argument("--job", choices=("auto", "always", "never"), default="auto",
                        help="run as a job with a progress bar: for long contexts (auto), always or never")
    parser.add_argument("--value-only", action="store_true", help="print only the filled value")


def _read_json_file(path: str, what: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read {what} {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{what} {path} is not valid JSON: {exc}") from None


def _read_context(path: str, as_json: bool) -> Any:
    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot read context {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise UsageError(f"context {path} is not UTF-8 text") from None
    if not as_json:
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"context {path} is not valid JSON: {exc}") from None


def run_fill(args: argparse.Namespace) -> int:
    try:
        schema = _read_json_file(args.schema, "schema")
        context = _read_context(args.context, args.context_json)
        options = None
        if args.options is not None:
            try:
                options = json.loads(args.options)
            except json.JSONDecodeError as exc:
                raise UsageError(f"--options is not valid JSON: {exc}") from None
            if not isinstance(options, dict):
                raise UsageError("--options must be a JSON object")
    except UsageError as exc:
        print(f"deg fill: {exc}", file=sys.stderr)
        return 2
    url = args.url or os.environ.get("DEG_URL") or DEFAULT_URL
    api_key = args.api_key or os.environ.get("DEG_API_KEY") or None
    # The HTTP wait covers the fill's own deadline; a job's polls are short calls.
    http_timeout = 120.0 if args.timeout is None else args.timeout + 30.0
    try:
        with Client(url, api_key=api_key, timeout=http_timeout) as client:
            as_job = {"always": True, "never": False, "auto": client.is_long(context)}[args.job]
            if not as_job:
                result = client.fill(context, schema, options=options, model=args.model, timeout=args.timeout, job=False)
            else:
                with ProgressBar() as bar:
                    result = client.fill(context, schema, options=options, model=args.model,
                                         timeout=args.timeout, job=True, progress=bar.update)
    except DegError as exc:
        print(f"deg fill: {exc}", file=sys.stderr)
        return 1
    output = result["value"] if args.value_only else result
    print(json.dumps(output, ensure_ascii=False, indent=2))
    return 0


class ProgressBar:
    """A tqdm bar on standard error fed with fill-job records: context tokens read of the
    total (what moves while a long context is read), fields done of the total beside it."""

    def __init__(self) -> None:
        self.bar = tqdm(total=None, unit="tok", unit_scale=True, desc="fill", file=sys.stderr, dynamic_ncols=True)

    def update(self, record: dict[str, Any]) -> None:
        progress = record.get("progress") or {}
        if progress.get("tokens_total"):
            self.bar.total = progress["tokens_total"]
        self.bar.n = progress.get("tokens_read", 0)
        fields = f"{progress.get('fields_done', 0)}/{progress.get('fields_total', '?')}"
        self.bar.set_postfix(status=record.get("status"), fields=fields, refresh=False)
        self.bar.refresh()

    def __enter__(self) -> "ProgressBar":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.bar.close()


FILL_HELP = "fill a schema from a context through a deg gateway"


def register_fill(parser: argparse.ArgumentParser) -> None:
    """The `deg` dispatcher's hook: add `fill`'s arguments; the handler is `args.run(args)`."""
    add_fill_arguments(parser)
    parser.set_defaults(run=run_fill)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m degsdk")
    subparsers = parser.add_subparsers(dest="command", required=True)
    register_fill(subparsers.add_parser("fill", help=FILL_HELP, description=FILL_HELP))
    args = parser.parse_args(argv)
    return args.run(args)
