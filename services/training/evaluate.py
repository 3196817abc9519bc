"""Measure a checkpoint on datagen records through the full fill path (`Runtime.fill`).

Every record is filled in process (`RuntimeFiller`: compile, render, fill, `deg.assemble`)
and scored by the one datagen scorer the evaluation service reports with
(`degcommon.datagen_scoring`): schema validity, decide accuracy and ECE, extract exact match
and ECE, count accuracy, per-mode figures. x-generate leaves are counted, not scored.
"""
from __future__ import annotations

import time
from typing import Any, Iterable

from degcommon.datagen_scoring import RuntimeFiller, evaluate_datagen


def evaluate(runtime, records: Iterable[dict[str, Any]], *, progress: bool = False) -> dict[str, Any]:
    """The datagen summary of `runtime` on `records`, plus the wall time it took (`progress`: a
    bar on stderr, as the command line shows it)."""
    started = time.monotonic()
    result = evaluate_datagen(list(records), RuntimeFiller(runtime), progress=progress)
    return {**result.summary(), "seconds": round(time.monotonic() - started, 1)}
