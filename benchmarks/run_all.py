"""`make bench`: deg vs the grammar-constrained baseline, side by side on this machine.

    python -m benchmarks.run_all                       # 3 test records, arrays capped at 3
    python -m benchmarks.run_all --limit 20 --uncapped --threads 2 --out var/bench

Every flag of `python -m services.evaluation bench` is accepted; the table is printed, the
JSON of every figure is the last line. Without `--checkpoint`, deg runs the checkpoint that
`make run` serves by default (the one committed in `checkpoints/`), not untrained heads.
"""
from __future__ import annotations

import sys
from pathlib import Path

from services.evaluation.__main__ import main

SHIPPED = Path(__file__).resolve().parent.parent / "checkpoints" / "deg-smollm2-135m-0.10"


def run(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--checkpoint" not in args and SHIPPED.is_dir():
        args += ["--checkpoint", str(SHIPPED)]
    return main(["bench", *args])


if __name__ == "__main__":
    sys.exit(run())
