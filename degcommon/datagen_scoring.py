"""Scoring filled datagen records against their gold values: the one datagen scorer.

The evaluation service's datagen eval and the training service's `evaluate` both run
`evaluate_datagen(records, filler)`. A *filler* is any callable
`(context, schema, options) -> FillResult`: the in-process runtime (`RuntimeFiller`), a
running gateway, or the constrained-decoding baseline, so every system is scored by the same
code on the same records.
Scoring (stated choices where the contract is silent):
- Leaves are walked in plan order; array items are matched **positionally** (item i of the
  prediction against item i of the gold), over the gold's items. A missing key and `null`
  are the same thing (both "no value"). A gold item the prediction lacks scores every leaf
  in it as a miss; extra predicted items only cost count accuracy.
- Correct per mode: choice = typed equality, score = same level, noul = same boolean,
  span = verbatim equality, number / date = equality after parsing (`metrics.py`);
  `null` vs `null` is correct for every extract mode. `generate` leaves are counted but
  not scored (no reference text measures them).
- `decide_accuracy` = share of correct decide leaves; `extract_em` = share of correct
  extract leaves; `count_accuracy` = share of gold array instances whose predicted length
  equals the gold length.
- Calibration: decide confidence = `meta.probability` (the chosen outcome's probability;
  for noul max(p, 1 - p)); extract confidence = `meta.confidence`. A system without meta
  (the baseline) has no calibration figures (`None`).
- A fill that fails (an exception) counts as invalid and scores every leaf against `null`.
- With `max_items`, the same `maxItems` is injected into the schema and the gold value is cut
  to it (`degcommon.caps`), so capped runs of both systems answer the same question.
"""
from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

import jsonschema
from tqdm import tqdm

from deg import FillOptions, assemble, compile_schema, render_context
from deg.parsers.formats import FORMAT_CHECKER
from deg.plan import FieldPlan, FillPlan
from deg.pointer import pointer_of
from degcommon import metrics
from degcommon.caps import cap_arrays, cap_value

DECIDE_MODES = ("decide.choice", "decide.score", "decide.noul")
EXTRACT_MODES = ("extract.span", "extract.number", "extract.date")


@dataclass(frozen=True)
class FillResult:
    """What a filler answers for one record: the value, its meta and token counts."""
    value: Any                          # None when the fill failed
    meta: dict[str, Any] = field(default_factory=dict)
    prompt_tokens: int = 0
    generated_tokens: int = 0
    error: str | None = None            # why the fill failed or is invalid
    extra: dict[str, Any] = field(default_factory=dict)   # system-specific figures


class Filler(Protocol):
    def __call__(self, context: Any, schema: dict[str, Any], options: dict[str, Any]) -> FillResult: ...


class RuntimeFiller:
    """The in-process runtime: compile, render, `Runtime.fill`, `deg.assemble`."""

    def __init__(self, runtime: Any):
        self.runtime = runtime

    def __call__(self, context: Any, schema: dict[str, Any], options: dict[str, Any]) -> FillResult:
        plan = compile_schema(schema)
        raw = self.runtime.fill(render_context(context), plan, FillOptions(**options))
        response = assemble(plan, raw, model=self.runtime.model_id)
        stats = dict(getattr(self.runtime, "last_stats", None) or {})
        return FillResult(value=response["value"], meta=response["meta"],
                          prompt_tokens=response["usage"]["prompt_tokens"],
                          generated_tokens=response["usage"]["generated_tokens"],
                          extra={"fork_rows": stats.get("fork_rows", 0), "fork_tokens": stats.get("fork_tokens", 0)})


@dataclass(frozen=True)
class LeafScore:
    pointer: str
    mode: str
    gold: Any
    pred: Any
    correct: bool | None                 # None: not scored (generate)
    confidence: float | None             # for calibration; None when the system gave none
    token_f1: float | None = None


def expand_instances(path: Sequence[str], gold: Any, pred: Any, at: tuple) -> Iterator[tuple[tuple, Any, Any]]:
    """(concrete path, gold, prediction) for every instance of a plan path, over gold items."""
    if not path:
        yield at, gold, pred
        return
    head, rest = path[0], path[1:]
    if head == "*":
        for i, item in enumerate(gold if isinstance(gold, list) else []):
            other = pred[i] if isinstance(pred, list) and i < len(pred) else None
            yield from expand_instances(rest, item, other, at + (i,))
    else:
        yield from expand_instances(rest, gold.get(head) if isinstance(gold, dict) else None,
                           pred.get(head) if isinstance(pred, dict) else None, at + (head,))


def leaf_correct(mode: str, gold: Any, pred: Any) -> bool:
    """Is `pred` the right value of a leaf of this mode for `gold` (None = no value)?"""
    if mode in (*DECIDE_MODES, "extract.span"):
        return gold == pred and type(gold) is type(pred)
    if gold is None or pred is None:
        return gold is None and pred is None
    if mode == "extract.number":
        return metrics.parse_number(gold) is not None and metrics.parse_number(gold) == metrics.parse_number(pred)
    if mode == "extract.date":
        return metrics.parse_date(gold) is not None and metrics.parse_date(gold) == metrics.parse_date(pred)
    raise ValueError(f"no scoring rule for mode {mode!r}")


def _confidence(f: FieldPlan, meta: dict[str, Any], gold: Any) -> float | None:
    if not meta:
        return None
    if f.mode == "decide.noul":
        p = meta.get("probability")
        return None if p is None else max(p, 1.0 - p)
    key = "probability" if f.mode in DECIDE_MODES else "confidence"
    value = meta.get(key)
    return None if value is None else min(max(float(value), 0.0), 1.0)


def score_value(plan: FillPlan, gold: Any, pred: Any, meta: dict[str, Any]) -> tuple[list[LeafScore], list[tuple[int, int]]]:
    """Per-leaf scores and (gold length, predicted length) per gold array instance."""
    leaves: list[LeafScore] = []
    for f in plan.fields:
        for at, g, p in expand_instances(f.path, gold, pred, ()):
            pointer = pointer_of(at)
            if f.mode == "generate":
                leaves.append(LeafScore(pointer, f.mode, g, p, None, None))
                continue
            f1 = metrics.token_f1(g, p) if f.mode == "extract.span" else None
            leaves.append(LeafScore(pointer, f.mode, g, p, leaf_correct(f.mode, g, p),
                                    _confidence(f, meta.get(pointer) or {}, g), f1))
    arrays = []
    for a in plan.arrays:
        for _at, g, p in expand_instances(a.path, gold, pred, ()):
            if isinstance(g, list):
                arrays.append((len(g), len(p) if isinstance(p, list) else 0))
    return leaves, arrays


def schema_error(schema: dict[str, Any], value: Any) -> str | None:
    """The first JSON-Schema problem of `value` (deg's format checker), or None when valid."""
    validator_cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    for error in validator_cls(schema, format_checker=FORMAT_CHECKER).iter_errors(value):
        return f"{pointer_of(tuple(error.absolute_path))}: fails {error.validator!r}: {error.message}"
    return None


# ---------------------------------------------------------------------------- the run
@dataclass
class RecordRow:
    uid: str
    domain: str
    valid: bool
    error: str | None
    latency_s: float
    prompt_tokens: int
    generated_tokens: int
    leaves: list[LeafScore]
    arrays: list[tuple[int, int]]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class DatagenEval:
    system: str
    split: str | None
    max_items: int | None
    rows: list[RecordRow]

    def leaves(self, modes: Iterable[str]) -> list[LeafScore]:
        wanted = set(modes)
        return [leaf for row in self.rows for leaf in row.leaves if leaf.mode in wanted]

    def summary(self) -> dict[str, Any]:
        if not self.rows:
            raise ValueError("no records were evaluated")
        decide, extract = self.leaves(DECIDE_MODES), self.leaves(EXTRACT_MODES)
        arrays = [pair for row in self.rows for pair in row.arrays]
        nulls = metrics.null_precision_recall([l.gold for l in extract], [l.pred for l in extract]) if extract else None
        return {
            "system": self.system, "split": self.split, "max_items": self.max_items,
            "records": len(self.rows),
            "valid_rate": metrics.validity_rate([r.valid for r in self.rows]),
            "errors": sum(r.error is not None for r in self.rows),
            "decide_fields": len(decide),
            "decide_accuracy": _share(decide),
            "decide_ece": _ece(decide),
            "extract_fields": len(extract),
            "extract_em": _share(extract),
            "extract_ece": _ece(extract),
            "null_precision": nulls.precision if nulls else None,
            "null_recall": nulls.recall if nulls else None,
            "arrays": len(arrays),
            "count_accuracy": metrics.count_accuracy(*zip(*arrays)) if arrays else None,
            "latency_median_s": statistics.median(r.latency_s for r in self.rows),
            "prompt_tokens_mean": statistics.fmean(r.prompt_tokens for r in self.rows),
            "generated_tokens_mean": statistics.fmean(r.generated_tokens for r in self.rows),
            "by_mode": self.by_mode(),
        }

    def by_mode(self) -> dict[str, dict[str, Any]]:
        table: dict[str, dict[str, Any]] = {}
        for mode in (*DECIDE_MODES, *EXTRACT_MODES):
            leaves = self.leaves([mode])
            if not leaves:
                continue
            row: dict[str, Any] = {"fields": len(leaves), "exact_match": _share(leaves)}
            if mode == "decide.score":
                pairs = [(l.gold, l.pred) for l in leaves if l.gold is not None and l.pred is not None]
                row["mae"] = metrics.score_mae(*zip(*pairs)) if pairs else None
            if mode == "extract.span":
                row["token_f1"] = statistics.fmean(l.token_f1 for l in leaves)
            table[mode] = row
        return table

    def reliability(self, modes: Sequence[str]) -> list[metrics.ReliabilityBin] | None:
        scored = [l for l in self.leaves(modes) if l.confidence is not None]
        if not scored:
            return None
        return metrics.reliability_bins([l.confidence for l in scored], [bool(l.correct) for l in scored])

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary(), "records": [asdict(r) for r in self.rows]}


def _share(leaves: Sequence[LeafScore]) -> float | None:
    return statistics.fmean(bool(l.correct) for l in leaves) if leaves else None


def _ece(leaves: Sequence[LeafScore]) -> float | None:
    scored = [l for l in leaves if l.confidence is not None]
    if not scored:
        return None
    return metrics.expected_calibration_error([l.confidence for l in scored], [bool(l.correct) for l in scored])


def evaluate_datagen(records: Sequence[dict[str, Any]], filler: Callable[..., FillResult], *,
                     system: str = "deg", split: str | None = None, max_items: int | None = None,
                     progress: bool = True) -> DatagenEval:
    """Fill every record with `filler`, validate and score it; one failing record fails only itself."""
    rows: list[RecordRow] = []
    for record in tqdm(records, desc=f"{system} datagen", unit="record", disable=not progress, file=sys.stderr):
        schema, gold = record["schema"], record["value"]
        if max_items is not None:
            schema = cap_arrays(schema, max_items)
            gold = cap_value(schema, gold)
        plan = compile_schema(schema)
        started = time.perf_counter()
        try:
            result = filler(record["context"], schema, dict(record.get("options") or {}))
        except Exception as error:  # noqa: BLE001 - a failed fill is a measured outcome
            result = FillResult(value=None, error=f"{type(error).__name__}: {error}")
        latency = time.perf_counter() - started
        error = result.error
        if error is None:
            error = schema_error(schema, result.value)
        leaves, arrays = score_value(plan, gold, result.value, result.meta)
        rows.append(RecordRow(uid=record["uid"], domain=record.get("domain", ""), valid=error is None, error=error,
                              latency_s=latency, prompt_tokens=result.prompt_tokens,
                              generated_tokens=result.generated_tokens, leaves=leaves, arrays=arrays,
                              extra=dict(result.extra)))
    return DatagenEval(system=system, split=split, max_items=max_items, rows=rows)
