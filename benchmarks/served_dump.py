"""Every served value and meta of a checkpoint, dumped for a field-by-field comparison.

    python -m benchmarks.served_dump dump --checkpoint checkpoints/deg-smollm2-135m-0.10 \
        --out before.jsonl [--everyday N] [--datagen N] [--explain] [--window-tokens N]
    python -m benchmarks.served_dump compare before.jsonl after.jsonl

`dump` fills, in process and assembled as the gateway assembles (`deg.assemble`), the README
example, the documents of the everyday set and the first `--datagen` held-out datagen test
records (seed 0), schemas as given, and writes one JSON line per document: its id, `value`,
`meta` and `usage`, floats as Python's shortest round-trip repr (so equal text is equal bits).
A failed fill writes its error instead. `--explain` asks every fill with `options.explain`;
`--window-tokens N` reads every context longer than N tokens as windows of N (the windowed path).

Run `dump` with a fixed `PYTHONHASHSEED` (it refuses without one): the relevance evidence sums
floats over sets of words, whose iteration order follows Python's string hashing, so two
processes with different hash seeds may differ in a value's last bits.

`compare` reads two dumps and lists every document and pointer whose value, meta entry or
usage differs, bit for bit; a meta entry's `explain` (there only when asked for) is left out
of the comparison, so a dump with explanations compares with one without. Exit status 1 when
anything differs.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, Iterator

REPO = Path(__file__).resolve().parents[1]


def readme_example() -> tuple[Any, dict[str, Any]]:
    """(context, schema) of the README's example request."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- readme-example-request -->\s*```[a-z]*\n(.*?)```", text, re.S).group(1)
    body = json.loads(block[block.index("{"):block.rindex("}") + 1])
    return body["context"], body["schema"]


def documents(everyday: int | None, datagen: int) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """(id, context, schema) of every document to dump, in a fixed order."""
    from services.evaluation.compare import load_everyday
    from services.evaluation.datagen_eval import load_records

    context, schema = readme_example()
    yield "readme", context, schema
    for doc in load_everyday()[:everyday]:
        yield f"everyday:{doc.id}", doc.context, doc.schema
    if datagen > 0:
        for record in load_records("test", datagen, seed=0):
            yield f"datagen:{record['uid']}", record["context"], record["schema"]


def dump(checkpoint: str, out: Path, everyday: int | None, datagen: int, explain: bool,
         window_tokens: int | None = None) -> int:
    import dataclasses
    import os

    if not os.environ.get("PYTHONHASHSEED", "").isdigit():
        print("set PYTHONHASHSEED (e.g. PYTHONHASHSEED=0) so two dumps hash strings alike", file=sys.stderr)
        return 2

    from deg import assemble, compile_schema, render_context
    from deg.request import FillOptions
    from deg_model.runtime import load_runtime

    runtime = load_runtime(checkpoint)
    if window_tokens is not None:
        runtime.windowing = dataclasses.replace(runtime.windowing, window_tokens=window_tokens)
    options = FillOptions(explain=True) if explain else FillOptions()
    n = 0
    with out.open("w", encoding="utf-8") as sink:
        for doc_id, context, schema in documents(everyday, datagen):
            try:
                plan = compile_schema(schema)
                raw = runtime.fill(render_context(context), plan, options)
                response = assemble(plan, raw, model=runtime.model_id)
                line = {"id": doc_id, "value": response["value"], "meta": response["meta"],
                        "usage": response["usage"]}
            except Exception as exc:          # noqa: BLE001 - a failed fill is part of what is compared
                line = {"id": doc_id, "error": f"{type(exc).__name__}: {exc}"}
            sink.write(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n")
            sink.flush()
            n += 1
            print(f"{n:4d} {doc_id}", file=sys.stderr)
    return 0


def _read(path: Path) -> dict[str, dict[str, Any]]:
    return {line["id"]: line for line in map(json.loads, path.read_text(encoding="utf-8").splitlines())}


def _without_explain(meta: dict[str, Any]) -> dict[str, Any]:
    return {pointer: {k: v for k, v in entry.items() if k != "explain"} for pointer, entry in meta.items()}


def differences(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]) -> list[str]:
    """One line per difference: a document on one side only, its error, value, usage or a meta entry."""
    out = []
    for doc_id in sorted(set(before) | set(after)):
        a, b = before.get(doc_id), after.get(doc_id)
        if a is None or b is None:
            out.append(f"{doc_id}: only in {'after' if a is None else 'before'}")
            continue
        for key in ("error", "value", "usage"):
            if json.dumps(a.get(key), sort_keys=True) != json.dumps(b.get(key), sort_keys=True):
                out.append(f"{doc_id}: {key} {a.get(key)!r} -> {b.get(key)!r}")
        ma, mb = _without_explain(a.get("meta") or {}), _without_explain(b.get("meta") or {})
        for pointer in sorted(set(ma) | set(mb)):
            if json.dumps(ma.get(pointer), sort_keys=True) != json.dumps(mb.get(pointer), sort_keys=True):
                out.append(f"{doc_id}: meta[{pointer!r}] {ma.get(pointer)!r} -> {mb.get(pointer)!r}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.served_dump", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump", help="fill every document and write value + meta per line")
    d.add_argument("--checkpoint", required=True)
    d.add_argument("--out", type=Path, required=True)
    d.add_argument("--everyday", type=int, default=None, help="first N everyday documents (default: all)")
    d.add_argument("--datagen", type=int, default=60, help="held-out datagen test records (default 60)")
    d.add_argument("--explain", action="store_true", help="fill with options.explain")
    d.add_argument("--window-tokens", type=int, help="read longer contexts as windows of this many tokens")
    c = sub.add_parser("compare", help="list every difference of two dumps")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.command == "dump":
        return dump(args.checkpoint, args.out, args.everyday, args.datagen, args.explain, args.window_tokens)
    before, after = _read(args.before), _read(args.after)
    diff = differences(before, after)
    for line in diff:
        print(line)
    print(f"{len(before)} / {len(after)} documents, {len(diff)} differences")
    return 1 if diff else 0


if __name__ == "__main__":
    raise SystemExit(main())
