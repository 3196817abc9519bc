"""The `deg` command line: one dispatcher, subcommands registered lazily.

`SUBCOMMANDS` maps a subcommand name to its help line and a `"module:function"` that adds the
subcommand's arguments to its parser and sets `run` (a callable `args -> exit status`) with
`parser.set_defaults(run=...)`. Only the module of the subcommand being run is imported, so
`deg plan` stays pure (no torch, no network) and `deg --help` imports nothing. Other packages
add their commands (`fill`, `keys`, `serve`, `eval`, `train`) with one line each in the table;
`deg eval` and `deg train` are the `python -m services.evaluation` and `python -m
services.training` commands (same options, same JSON summaries on stdout's last line), and
`deg serve` is `python -m services.suite`.

`deg plan` compiles the loose (default) way and prints the plan on stdout and each plan warning
on stderr as `warning: <schema pointer>: <message>`; `--strict` refuses everything contract
sections 2-5 refuse, as `compile_schema(schema, strict=True)`.

Exit statuses: 0 success, 2 bad input (unreadable file, invalid JSON, schema rejected, unknown
subcommand), as argparse uses 2 for usage errors.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from typing import Any, Callable, Sequence

from deg.errors import SchemaError, format_problem

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "plan": ("compile a JSON Schema and print its fill plan (no model needed)",
             "deg.cli:register_plan"),
    "fill": ("fill a schema from a context through a deg gateway", "degsdk.cli:register_fill"),
    "keys": ("manage the gateway's API keys in Redis", "gateway.keys:register_keys"),
    "serve": ("start the inference service and the gateway on this machine (what `make run` runs)",
              "services.suite:register_serve"),
    "eval": ("measure deg: datagen, extractbench, baseline, compare, determinism, bench; queue workers",
             "services.evaluation.__main__:register"),
    "train": ("train and calibrate heads: features, train, calibrate, evaluate; queue workers",
              "services.training.__main__:register"),
}

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class InputProblem(Exception):
    """A file or JSON document the command cannot use; the message says why."""


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise InputProblem(f"duplicate key {key!r} in a JSON object")
        result[key] = value
    return result


def _reject_constant(name: str) -> Any:
    raise InputProblem(f"{name} is not valid JSON")


def load_json_file(path: str) -> Any:
    """Read a JSON document from `path` ("-" = stdin), refusing duplicate keys and NaN."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputProblem(f"cannot read {path}: {exc}") from exc
    try:
        return json.loads(text, object_pairs_hook=_reject_duplicate_keys,
                          parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise InputProblem(f"{path} is not valid JSON: {exc}") from exc
    except RecursionError as exc:
        raise InputProblem(f"{path} is nested too deeply to read") from exc
    except InputProblem as exc:
        raise InputProblem(f"{path}: {exc}") from exc


def register_plan(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("schema", help="path of the JSON Schema file (\"-\" reads stdin)")
    parser.add_argument("--compact", action="store_true",
                        help="print the plan on one line instead of indented")
    parser.add_argument("--strict", action="store_true",
                        help="refuse every construct deg cannot fill exactly (contract sections "
                             "2-5) instead of ignoring it with a warning")
    parser.set_defaults(run=run_plan)


def run_plan(args: argparse.Namespace) -> int:
    from deg.schema import compile_schema  # `deg --help` and the other subcommands start without the compiler

    try:
        schema = load_json_file(args.schema)
        plan = compile_schema(schema, strict=args.strict)
    except InputProblem as exc:
        print(f"deg plan: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except SchemaError as exc:
        for item in exc.errors:
            print(format_problem(item), file=sys.stderr)
        return EXIT_BAD_INPUT
    for warning in plan.warnings:
        print(f"warning: {warning.pointer or '(root)'}: {warning.message}", file=sys.stderr)
    indent = None if args.compact else 2
    print(json.dumps(plan.to_dict(), indent=indent, ensure_ascii=False))
    return EXIT_OK


def _load_register(target: str) -> Callable[[argparse.ArgumentParser], None]:
    module_name, _, function_name = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, function_name)


def build_parser(command: str | None) -> argparse.ArgumentParser:
    """The full parser; only `command`'s own arguments are registered (its module imported)."""
    parser = argparse.ArgumentParser(prog="deg", description="deg: fill a JSON Schema from a "
                                     "context by deciding, copying or writing every field.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (help_text, target) in SUBCOMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        if name == command:
            _load_register(target)(sub)
    return parser


def _command_of(argv: Sequence[str]) -> str | None:
    for arg in argv:
        if not arg.startswith("-"):
            return arg if arg in SUBCOMMANDS else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = _command_of(argv)
    try:
        parser = build_parser(command)
    except ImportError as exc:
        print(f"deg {command}: this command is not installed ({exc})", file=sys.stderr)
        return EXIT_BAD_INPUT
    args = parser.parse_args(argv)
    args.argv = argv  # the command line as given, for commands that record it in their reports
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_BAD_INPUT
    try:
        return args.run(args)
    except BrokenPipeError:
        # `deg plan s.json | head`: the reader left; that is not an error of ours. Point stdout
        # at /dev/null so the interpreter's final flush does not raise again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
