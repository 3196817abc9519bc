"""deg vs the constrained-decoding baseline, side by side on one machine (`make bench`).

Three measurements, each printed as a table row:

- **records**: the same datagen records (arrays capped equally, `degcommon.caps`) through both
  systems; per record the latency ratio deg / baseline and the generated-token ratio; the
  medians are the headline figures. deg generates tokens only for `x-generate` fields
  (contract 3), so on datagen schemas its generated tokens are 0 and the ratio is 0; the
  fork tokens deg reads instead are reported beside it, so the cost is not hidden.
- **fields scaling**: one context of at least `context_tokens` tokens (datagen test contexts
  joined) with schemas of 1 / 5 / 20 scalar fields taken from those records' schemas.
- **batching**: `Runtime.fill_many` of `batch` requests vs the same requests one by one,
  in requests per second (and whether the outcomes are identical, which they must be).

Latency is wall time with the model loaded, torch on the threads the caller set.
"""
from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from deg import FillOptions, compile_schema, render_context
from degcommon.caps import cap_arrays
from degcommon.datagen_scoring import DatagenEval, RuntimeFiller, evaluate_datagen
from services.evaluation.determinism import outcome_bytes


@dataclass
class BenchResult:
    records: dict[str, Any] = field(default_factory=dict)
    scaling: list[dict[str, Any]] = field(default_factory=list)
    batching: dict[str, Any] = field(default_factory=dict)

    def table(self) -> str:
        lines = ["| measurement | deg | baseline | ratio deg/baseline |", "| --- | --- | --- | --- |"]
        r = self.records
        if r:
            lines += [
                f"| records (n={r['records']}, maxItems={r['max_items']}) median latency s | "
                f"{r['deg_latency_median_s']:.3f} | {r['baseline_latency_median_s']:.3f} | {r['latency_ratio_median']:.3f} |",
                f"| generated tokens per record (median) | {r['deg_generated_median']:.0f} | "
                f"{r['baseline_generated_median']:.0f} | {r['generated_ratio_median']:.3f} |",
                f"| prompt tokens per record (median) | {r['deg_prompt_median']:.0f} | {r['baseline_prompt_median']:.0f} | |",
                f"| deg fork tokens per record (median) | {r['deg_fork_tokens_median']:.0f} | | |",
                f"| validity | {r['deg_valid_rate']:.3f} | {r['baseline_valid_rate']:.3f} | |",
                f"| decide accuracy | {_f(r['deg_decide_accuracy'])} | {_f(r['baseline_decide_accuracy'])} | |",
                f"| extract EM | {_f(r['deg_extract_em'])} | {_f(r['baseline_extract_em'])} | |",
                f"| count accuracy | {_f(r['deg_count_accuracy'])} | {_f(r['baseline_count_accuracy'])} | |",
            ]
        for s in self.scaling:
            lines.append(f"| {s['fields']} fields on {s['context_tokens']} tokens: latency s (baseline tokens) | "
                         f"{s['deg_latency_s']:.3f} | {s['baseline_latency_s']:.3f} ({s['baseline_generated']}) | "
                         f"{s['deg_latency_s'] / s['baseline_latency_s']:.3f} |")
        b = self.batching
        if b:
            lines.append(f"| fill_many of {b['batch']} vs sequential: requests/s (identical={b['identical']}) | "
                         f"{b['batched_rps']:.3f} | sequential {b['sequential_rps']:.3f} | "
                         f"{b['batched_rps'] / b['sequential_rps']:.3f} |")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"records": self.records, "scaling": self.scaling, "batching": self.batching}


def _f(value: Any) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def compare_records(deg_eval: DatagenEval, base_eval: DatagenEval) -> dict[str, Any]:
    """Per-record ratios of two evals of the same records (same order)."""
    if [r.uid for r in deg_eval.rows] != [r.uid for r in base_eval.rows]:
        raise ValueError("the two evals did not run the same records in the same order")
    pairs = list(zip(deg_eval.rows, base_eval.rows))
    ds, bs = deg_eval.summary(), base_eval.summary()
    med = statistics.median
    return {
        "records": len(pairs), "max_items": deg_eval.max_items,
        "latency_ratio_median": med(d.latency_s / b.latency_s for d, b in pairs),
        "generated_ratio_median": med(d.generated_tokens / max(b.generated_tokens, 1) for d, b in pairs),
        "deg_latency_median_s": med(d.latency_s for d, _ in pairs),
        "baseline_latency_median_s": med(b.latency_s for _, b in pairs),
        "deg_generated_median": med(d.generated_tokens for d, _ in pairs),
        "baseline_generated_median": med(b.generated_tokens for _, b in pairs),
        "deg_prompt_median": med(d.prompt_tokens for d, _ in pairs),
        "baseline_prompt_median": med(b.prompt_tokens for _, b in pairs),
        "deg_fork_tokens_median": med(d.extra.get("fork_tokens", 0) for d, _ in pairs),
        "baseline_hit_budget": sum(bool(b.extra.get("hit_budget")) for _, b in pairs),
        **{f"{name}_{key}": summary[key] for name, summary in (("deg", ds), ("baseline", bs))
           for key in ("valid_rate", "decide_accuracy", "extract_em", "count_accuracy")},
    }


def scaling_schemas(records: Sequence[dict[str, Any]], counts: Sequence[int]) -> tuple[str, dict[int, dict[str, Any]]]:
    """The joined context of `records` and one schema per field count (scalar leaves only)."""
    context = "\n\n".join(render_context(r["context"]) for r in records)
    props: dict[str, Any] = {}
    for i, record in enumerate(records):
        for name, sub in (record["schema"].get("properties") or {}).items():
            if sub.get("type") not in ("array", "object") and "$ref" not in sub:
                props[f"r{i}_{name}"] = sub
    if len(props) < max(counts):
        raise ValueError(f"only {len(props)} scalar fields in these records, {max(counts)} needed")
    names = list(props)
    return context, {n: {"type": "object", "properties": {k: props[k] for k in names[:n]}} for n in counts}


def fields_scaling(runtime: Any, baseline: Any, records: Sequence[dict[str, Any]], *,
                   context_tokens: int = 1000, counts: Sequence[int] = (1, 5, 20)) -> list[dict[str, Any]]:
    tokenizer = runtime.backbone.tokenizer
    chosen: list[dict[str, Any]] = []
    for record in records:
        chosen.append(record)
        text = "\n\n".join(render_context(r["context"]) for r in chosen)
        if len(tokenizer(text)["input_ids"]) >= context_tokens and len(chosen) >= 3:
            break
    context, schemas = scaling_schemas(chosen, counts)
    n_tokens = len(tokenizer(context)["input_ids"])
    rows = []
    for n, schema in schemas.items():
        started = time.perf_counter()
        RuntimeFiller(runtime)(context, schema, {})
        deg_s = time.perf_counter() - started
        fill = baseline.fill(context, schema)
        rows.append({"fields": n, "context_tokens": n_tokens, "deg_latency_s": deg_s,
                     "baseline_latency_s": fill.latency_s, "baseline_generated": fill.generated_tokens,
                     "baseline_valid": fill.valid})
    return rows


def batching(runtime: Any, records: Sequence[dict[str, Any]], batch: int = 16, max_items: int | None = 2) -> dict[str, Any]:
    # deg_model.runtime loads torch: imported by the run that needs it, so this module (and the
    # CLI's job client) load without the model stack
    from deg_model.runtime import FillJob

    if len(records) < 1 or batch < 1:
        raise ValueError("batching needs at least one record and batch >= 1")
    jobs = []
    for i in range(batch):
        r = records[i % len(records)]
        schema = r["schema"] if max_items is None else cap_arrays(r["schema"], max_items)
        jobs.append(FillJob(render_context(r["context"]), compile_schema(schema), FillOptions(**(r.get("options") or {}))))
    started = time.perf_counter()
    one_by_one = [runtime.fill(j.context, j.plan, j.options) for j in jobs]
    sequential_s = time.perf_counter() - started
    started = time.perf_counter()
    together = runtime.fill_many(jobs)
    batched_s = time.perf_counter() - started
    identical = all(not isinstance(t, Exception) and outcome_bytes(t) == outcome_bytes(s)
                    for s, t in zip(one_by_one, together))
    return {"batch": batch, "sequential_rps": batch / sequential_s, "batched_rps": batch / batched_s,
            "identical": identical}


def run_bench(runtime: Any, baseline: Any, records: Sequence[dict[str, Any]], *, max_items: int = 3,
              scaling_records: Sequence[dict[str, Any]] = (), batch: int = 16, progress: bool = True) -> BenchResult:
    # the baseline decodes with the model stack (torch): loaded when a bench runs
    from services.evaluation.baseline.filler import BaselineFiller

    result = BenchResult()
    deg_eval = evaluate_datagen(records, RuntimeFiller(runtime), system="deg", max_items=max_items, progress=progress)
    base_eval = evaluate_datagen(records, BaselineFiller(baseline), system="baseline", max_items=max_items,
                                 progress=progress)
    result.records = compare_records(deg_eval, base_eval)
    if scaling_records:
        result.scaling = fields_scaling(runtime, baseline, scaling_records)
    if batch:
        result.batching = batching(runtime, records, batch=batch)
    return result
