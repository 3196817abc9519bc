"""`make bench`: deg vs the grammar-constrained baseline, side by side on this machine.

    python -m benchmarks.run_all                       # 3 test records, arrays capped at 3
    python -m benchmarks.run_all --limit 20 --uncapped --threads 2 --out var/bench

Every flag of `python -m services.evaluation bench` is accepted; the table is printed, the
JSON of every figure is the last line.
"""
from __future__ import annotations

import sys

from services.evaluation.__main__ import main


def run(argv: list[str] | None = None) -> int:
    return main(["bench", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(run())
