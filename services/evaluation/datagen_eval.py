"""The datagen eval: the metrics of contract section 11 on datagen val/test records.

    records = load_records("test", limit=10)
    result = evaluate_datagen(records, RuntimeFiller(load_runtime()), max_items=4)
    write_datagen_reports(result, Path("var/eval/datagen"))   # report.json / .md / .png
    result.summary()   # records, valid_rate, decide_accuracy, decide_ece, extract_em, count_accuracy, ...

A *filler* is any callable `(context, schema, options) -> FillResult`: the in-process runtime
(`RuntimeFiller`), a running gateway (`GatewayFiller`, `POST /v1/fill`), or the
constrained-decoding baseline (`services.evaluation.baseline`), so both systems are scored by
the same code on the same records.

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
  to it (`baseline.caps`), so capped runs of both systems answer the same question.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import jsonschema

from deg import compile_schema, render_context
from deg.parsers.formats import FORMAT_CHECKER
from deg.plan import FieldPlan, FillPlan
from services.evaluation import metrics
from services.evaluation.baseline.caps import cap_arrays, cap_value

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
        from deg import FillOptions, assemble

        plan = compile_schema(schema)
        raw = self.runtime.fill(render_context(context), plan, FillOptions(**options))
        response = assemble(plan, raw, model=self.runtime.model_id)
        stats = dict(self.runtime.last_stats)
        return FillResult(value=response["value"], meta=response["meta"],
                          prompt_tokens=response["usage"]["prompt_tokens"],
                          generated_tokens=response["usage"]["generated_tokens"],
                          extra={"fork_rows": stats.get("fork_rows", 0), "fork_tokens": stats.get("fork_tokens", 0)})


class GatewayFiller:
    """A running gateway: one `POST {url}/v1/fill` per record, options included."""

    def __init__(self, url: str, model: str = "deg-latest", timeout_s: float = 300.0):
        import httpx

        self.endpoint = url.rstrip("/") + "/v1/fill"
        self.model = model
        self._client = httpx.Client(timeout=timeout_s)

    def __call__(self, context: Any, schema: dict[str, Any], options: dict[str, Any]) -> FillResult:
        body = {"context": context, "schema": schema, "model": self.model}
        if options:
            body["options"] = options
        reply = self._client.post(self.endpoint, json=body)
        if reply.status_code // 100 != 2:
            raise RuntimeError(f"POST {self.endpoint} -> HTTP {reply.status_code}: {reply.text[:300]}")
        data = reply.json()
        return FillResult(value=data["value"], meta=data.get("meta", {}),
                          prompt_tokens=data.get("usage", {}).get("prompt_tokens", 0),
                          generated_tokens=data.get("usage", {}).get("generated_tokens", 0))

    def close(self) -> None:
        self._client.close()


def load_records(split: str, limit: int, *, seed: int = 0) -> list[dict[str, Any]]:
    """The first `limit` datagen records of `split` (deterministic in `seed`)."""
    from degdata import SPLITS, generate

    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}: expected one of {', '.join(SPLITS)}")
    if limit < 1:
        raise ValueError(f"limit must be >= 1, got {limit}")
    return list(generate(seed, limit, split=split))


# ---------------------------------------------------------------------------- scoring
@dataclass(frozen=True)
class LeafScore:
    pointer: str
    mode: str
    gold: Any
    pred: Any
    correct: bool | None                 # None: not scored (generate)
    confidence: float | None             # for calibration; None when the system gave none
    token_f1: float | None = None


def _expand(path: Sequence[str], gold: Any, pred: Any, at: tuple) -> Iterator[tuple[tuple, Any, Any]]:
    """(concrete path, gold, prediction) for every instance of a plan path, over gold items."""
    if not path:
        yield at, gold, pred
        return
    head, rest = path[0], path[1:]
    if head == "*":
        for i, item in enumerate(gold if isinstance(gold, list) else []):
            other = pred[i] if isinstance(pred, list) and i < len(pred) else None
            yield from _expand(rest, item, other, at + (i,))
    else:
        yield from _expand(rest, gold.get(head) if isinstance(gold, dict) else None,
                           pred.get(head) if isinstance(pred, dict) else None, at + (head,))


def _pointer(at: tuple) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in at)


def _correct(mode: str, gold: Any, pred: Any) -> bool:
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
        for at, g, p in _expand(f.path, gold, pred, ()):
            pointer = _pointer(at)
            if f.mode == "generate":
                leaves.append(LeafScore(pointer, f.mode, g, p, None, None))
                continue
            f1 = metrics.token_f1(g, p) if f.mode == "extract.span" else None
            leaves.append(LeafScore(pointer, f.mode, g, p, _correct(f.mode, g, p),
                                    _confidence(f, meta.get(pointer) or {}, g), f1))
    arrays = []
    for a in plan.arrays:
        for _at, g, p in _expand(a.path, gold, pred, ()):
            if isinstance(g, list):
                arrays.append((len(g), len(p) if isinstance(p, list) else 0))
    return leaves, arrays


def schema_error(schema: dict[str, Any], value: Any) -> str | None:
    """The first JSON-Schema problem of `value` (deg's format checker), or None when valid."""
    validator_cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    for error in validator_cls(schema, format_checker=FORMAT_CHECKER).iter_errors(value):
        return f"{_pointer(tuple(error.absolute_path))}: fails {error.validator!r}: {error.message}"
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
    from tqdm import tqdm

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
        rows.append(RecordRow(uid=record["uid"], domain=record["domain"], valid=error is None, error=error,
                              latency_s=latency, prompt_tokens=result.prompt_tokens,
                              generated_tokens=result.generated_tokens, leaves=leaves, arrays=arrays,
                              extra=dict(result.extra)))
    return DatagenEval(system=system, split=split, max_items=max_items, rows=rows)


# ---------------------------------------------------------------------------- reports
def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4f}"
    return "n/a" if value is None else str(value)


def markdown(result: DatagenEval) -> str:
    summary = result.summary()
    lines = [f"# Datagen eval: {result.system}", "", "| figure | value |", "| --- | --- |"]
    lines += [f"| {k} | {_fmt(v)} |" for k, v in summary.items() if k != "by_mode"]
    lines += ["", "## By mode", "", "| mode | fields | exact match | MAE | token F1 |", "| --- | --- | --- | --- | --- |"]
    lines += [f"| {mode} | {row['fields']} | {_fmt(row['exact_match'])} | {_fmt(row.get('mae'))} | "
              f"{_fmt(row.get('token_f1'))} |" for mode, row in summary["by_mode"].items()]
    lines += ["", "## Records", "", "| uid | domain | valid | latency s | prompt tok | generated tok | error |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {r.uid} | {r.domain} | {r.valid} | {r.latency_s:.3f} | {r.prompt_tokens} | "
              f"{r.generated_tokens} | {(r.error or '').replace('|', '/')[:160]} |" for r in result.rows]
    return "\n".join(lines) + "\n"


def plot_by_mode(results: Sequence[DatagenEval], path: Path) -> Path:
    """Grouped bars: exact match per mode, one bar per system."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    modes = [m for m in (*DECIDE_MODES, *EXTRACT_MODES) if any(m in r.by_mode() for r in results)]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.3 * len(modes) + 1), 3.4))
    width = 0.8 / max(len(results), 1)
    for k, result in enumerate(results):
        table = result.by_mode()
        xs = [i + (k - (len(results) - 1) / 2) * width for i, m in enumerate(modes) if m in table]
        ax.bar(xs, [table[m]["exact_match"] for m in modes if m in table], width=width, label=result.system)
    ax.set_xticks(range(len(modes)), modes, rotation=30, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("exact match")
    ax.set_title("Datagen accuracy by mode")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)
    return Path(path)


def write_datagen_reports(result: DatagenEval, out_dir: Path, *, compare: Sequence[DatagenEval] = ()) -> dict[str, Path]:
    """report.json, report.md, accuracy_by_mode.png and reliability diagrams (when there is meta)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": out_dir / "report.json", "markdown": out_dir / "report.md",
             "accuracy_plot": out_dir / "accuracy_by_mode.png"}
    paths["json"].write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n",
                             encoding="utf-8")
    paths["markdown"].write_text(markdown(result), encoding="utf-8")
    plot_by_mode([result, *compare], paths["accuracy_plot"])
    for name, modes in (("decide", DECIDE_MODES), ("extract", EXTRACT_MODES)):
        bins = result.reliability(modes)
        if bins is not None:
            paths[f"reliability_{name}"] = metrics.reliability_diagram(
                bins, out_dir / f"reliability_{name}.png", title=f"{result.system}: {name} reliability")
    return paths
