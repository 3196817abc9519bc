"""Measure a checkpoint on datagen records through the full fill path (`Runtime.fill`).

Per record: fill, then `deg.response.assemble` (schema-valid or a FillError counts as not
valid). Figures, over the records' fields:
- decide accuracy: decided value == gold, over decide leaves whose gold is in the value;
  decide ECE: top-outcome probability vs correctness (15 bins).
- extract EM: extracted value == gold (JSON equality; absent/null gold must come out null
  or absent), over extract leaves of the schema instances the fill produced.
- count accuracy: array length == gold length, over array instances the fill produced.
x-generate leaves are not scored here (their text is free).
"""
from __future__ import annotations

import time
from typing import Any, Iterable

from deg.errors import FillError
from deg.request import FillOptions
from deg.response import assemble
from deg.schema import compile_schema
from services.calibration.fit import ece

from .examples import MISSING, resolve_pointer, json_equal


def evaluate(runtime, records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    n = valid = 0
    decide_ok, decide_conf, extract_ok, count_ok = [], [], [], []
    started = time.monotonic()
    for record in records:
        n += 1
        plan = compile_schema(record["schema"])
        options = FillOptions(**record.get("options", {})) if record.get("options") else FillOptions()
        try:
            raw = runtime.fill(record["context"], plan, options)
        except FillError:
            continue
        try:
            assemble(plan, raw, model=runtime.model_id)
            valid += 1
        except FillError:
            pass
        gold = record["value"]
        for o in raw.fields:
            truth = resolve_pointer(gold, o.pointer)
            if o.mode.startswith("decide."):
                if truth is MISSING:
                    continue
                ok = json_equal(o.value, truth)
                decide_ok.append(ok)
                decide_conf.append(float(o.probability if o.probability is not None else o.confidence or 0.0))
            elif o.mode.startswith("extract."):
                expected = None if truth is MISSING else truth
                got = o.value if o.found else None
                extract_ok.append(json_equal(got, expected))
        for a in raw.arrays:
            truth = resolve_pointer(gold, a.pointer)
            count_ok.append(a.items == (len(truth) if isinstance(truth, list) else 0))

    def rate(xs):
        return round(sum(xs) / len(xs), 4) if xs else None

    return {"records": n, "schema_valid": rate([True] * valid + [False] * (n - valid)),
            "decide_accuracy": rate(decide_ok), "decide_ece": round(ece(decide_conf, decide_ok), 4),
            "decide_fields": len(decide_ok), "extract_em": rate(extract_ok), "extract_fields": len(extract_ok),
            "count_accuracy": rate(count_ok), "arrays": len(count_ok),
            "seconds": round(time.monotonic() - started, 1)}
