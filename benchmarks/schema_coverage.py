"""Compile coverage on the real-schema corpus: deg (default and strict) next to llama.cpp.

    .venv/bin/python benchmarks/schema_coverage.py [--refusals N] [--source TEXT] [--no-llama]

For every source of `schema_corpus.corpus()` (SchemaStore, Kubernetes, CloudFormation, GitHub
webhooks and REST components, OpenAI strict-subset schemas, 30 pydantic documents, ...) it
prints how many schemas `deg.compile_schema` accepts in its default (loose) reading and with
`strict=True`, and how many llama.cpp's JSON-Schema-to-grammar converter (`json_schema_to_gbnf`
of llama-cpp-python 0.3.16) turns into a grammar. Then the commonest first refusals of the
default reading, by keyword and message, so the next fix is the one that counts most.

The two are not the same promise: the llama.cpp converter DROPS every keyword it does not
know (formats it lacks, `not`, `if`/`then`, `dependentRequired`, `uniqueItems`,
`propertyNames`, ...), so "accepted" there means "some grammar came out", not that its output
is valid against the schema; deg accepts a schema only when every value it returns passes the
user's schema (what it does not fill by is still checked at the end, and fails loudly).

The converter: llama-cpp-python compiles llama.cpp (about 35 minutes on two cores), but its
`llama_cpp/llama_grammar.py` is pure Python. When `llama_cpp` is not importable, this script
takes that one file from the 0.3.16 source distribution (`pip download --no-deps --no-binary
:all: llama-cpp-python==0.3.16` into var/baselines/, once) and loads it by path, without the
package's `__init__` (which would load the native library).
"""
from __future__ import annotations

import argparse
import collections
import importlib.util
import json
import pathlib
import re
import resource
import signal
import subprocess
import sys
import tarfile
import time
import types
from typing import Any

HERE = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from schema_acceptance import compiles  # noqa: E402  (deg's verdict on one schema)
from schema_corpus import corpus, missing  # noqa: E402

LLAMA_VERSION = "0.3.16"
SDIST_DIR = HERE.parent / "var" / "baselines"
SDIST = SDIST_DIR / f"llama_cpp_python-{LLAMA_VERSION}.tar.gz"
MEMBER = f"llama_cpp_python-{LLAMA_VERSION}/llama_cpp/llama_grammar.py"


def llama_converter() -> Any:
    """`json_schema_to_gbnf` of llama-cpp-python 0.3.16: the installed package's, else the
    one module file of its source distribution, loaded by path."""
    if importlib.util.find_spec("llama_cpp") is not None:
        from llama_cpp.llama_grammar import json_schema_to_gbnf  # noqa: PLC0415
        return json_schema_to_gbnf
    if not SDIST.is_file():
        SDIST_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--no-binary", ":all:", f"llama-cpp-python=={LLAMA_VERSION}",
                        "-d", str(SDIST_DIR)], check=True)
    with tarfile.open(SDIST) as archive:
        source = archive.extractfile(MEMBER).read().decode("utf-8")
    module = types.ModuleType("llama_grammar_0_3_16")
    module.__file__ = f"{SDIST}!{MEMBER}"
    sys.modules[module.__name__] = module  # its dataclasses resolve names through it
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module.json_schema_to_gbnf


LLAMA_SECONDS = 30            # a conversion running longer counts as a refusal
MEMORY_LIMIT = 6 << 30        # address space: a runaway conversion raises MemoryError


class _TooLong(Exception):
    pass


def _too_long(signum, frame):
    raise _TooLong


def llama_result(convert: Any, schema: Any) -> bool:
    """Whether the converter makes a grammar; an exception, MemoryError or a conversion over
    LLAMA_SECONDS is a refusal (some schemas make its rule expansion grow without bound)."""
    previous = signal.signal(signal.SIGALRM, _too_long)
    signal.alarm(LLAMA_SECONDS)
    try:
        convert(json.dumps(schema))
    except (Exception, _TooLong):  # noqa: BLE001  (any failure is a refusal of the schema)
        return False
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return True


def refusal_kind(message: str) -> str:
    """A refusal message without its location and names: the keyword and the rule."""
    text = message.split(": ", 1)[1] if ": " in message else message
    text = re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "_", text)
    return text[:110]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refusals", type=int, default=15, help="commonest refusals to list")
    parser.add_argument("--source", help="only the sources whose name contains this")
    parser.add_argument("--no-llama", action="store_true", help="skip the llama.cpp converter")
    parser.add_argument("--list", action="store_true", help="print every default refusal")
    args = parser.parse_args()
    started = time.perf_counter()
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, resource.getrlimit(resource.RLIMIT_AS)[1]))
    entries = [e for e in corpus() if not args.source or args.source in e.source]
    convert = None if args.no_llama else llama_converter()
    print(f"{len(entries)} schemas (deduplicated) in {time.perf_counter() - started:.1f} s")
    for line in missing():
        print(f"  left out, not installed: {line}")
    header = f"{'source':<44} {'schemas':>7} {'deg':>6} {'%':>6} {'strict':>7} {'%':>6}"
    print(header + ("" if convert is None else f" {'llama.cpp':>9} {'%':>6}"))
    totals = collections.Counter()
    refusals: collections.Counter = collections.Counter()
    listed: list[str] = []
    by_source: dict[str, list] = collections.defaultdict(list)
    for entry in entries:
        by_source[entry.source].append(entry)
    for source, group in by_source.items():
        counts = collections.Counter()
        for entry in group:
            ok, why = compiles(entry.schema, strict=False)
            counts["deg"] += ok
            counts["strict"] += compiles(entry.schema, strict=True)[0]
            if convert is not None:
                counts["llama"] += llama_result(convert, entry.schema)
            if not ok:
                refusals[refusal_kind(why)] += 1
                listed.append(f"  {source} / {entry.name}: {why}")
        counts["schemas"] = len(group)
        totals.update(counts)
        print(_row(source, counts, convert is not None))
    print(_row("all", totals, convert is not None))
    print(f"\ncommonest default refusals (first error of each refused schema):")
    for kind, count in refusals.most_common(args.refusals):
        print(f"  {count:>5}  {kind}")
    if args.list:
        print("\n".join(listed))
    print(f"\n{time.perf_counter() - started:.0f} s in all")
    return 0


def _row(source: str, counts: collections.Counter, llama: bool) -> str:
    n = max(counts["schemas"], 1)
    line = (f"{source[:44]:<44} {counts['schemas']:>7} {counts['deg']:>6} "
            f"{100 * counts['deg'] / n:>5.1f}% {counts['strict']:>7} {100 * counts['strict'] / n:>5.1f}%")
    if llama:
        line += f" {counts['llama']:>9} {100 * counts['llama'] / n:>5.1f}%"
    return line


if __name__ == "__main__":
    raise SystemExit(main())
