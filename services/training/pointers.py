"""Where the extract pointer goes wrong on a feature cache: its start, its end, or the null.

Per extract question (heads uncalibrated, the adapters read as in `validate`), with its own
softmax over the context tokens and the null for each pointer:
- a question with a value: the start's NLL `-log sum_{s in gold starts} p_start(s)`, the end's
  likewise, whether each pointer's argmax is a gold start (end), and whether the best span
  (`start[s] + end[e]`, `s <= e < s + MAX_SPAN_TOKENS`, against the null's `start[T] + end[T]`)
  is a gold span;
- a null question: the null's NLL on both pointers, and whether the null beats every span.
The loss of `validate` is the sum over a question's pairs; this splits it, so a run's held-out
loss says which pointer carries it. The same means follow for top-level fields (`top`) and
for array items' fields (`items`: asked inside their gold item's region, so what the items
would score with their starts found exactly).
"""
from __future__ import annotations

from statistics import fmean
from typing import Any, Sequence

import torch

from deg_model.scoring.compose import MAX_SPAN_TOKENS
from deg_model.training.features import FeatureRecord, record_context
from deg_model.training.objective import raw_logits


def best_span(start: torch.Tensor, end: torch.Tensor) -> tuple[int, int] | None:
    """The argmax span of start [T+1] + end [T+1] logits' log-softmaxes (null last); None: the null."""
    ls, le = torch.log_softmax(start, -1), torch.log_softmax(end, -1)
    t = start.shape[0] - 1
    w = min(MAX_SPAN_TOKENS, t)
    ends = torch.arange(t).unsqueeze(1) + torch.arange(w).unsqueeze(0)          # [T, w]
    band = (ls[:t].unsqueeze(1) + le[ends.clamp(max=t - 1)]).masked_fill(ends >= t, -torch.inf)
    k = int(torch.argmax(band))
    if float(band.flatten()[k]) <= float(ls[t] + le[t]):
        return None
    return k // w, k // w + k % w


def question_anatomy(start: torch.Tensor, end: torch.Tensor, spans: Sequence[tuple[int, int]]) -> dict[str, Any]:
    ls, le = torch.log_softmax(start, -1), torch.log_softmax(end, -1)
    t = start.shape[0] - 1
    found = best_span(start, end)
    if not spans:
        return {"null": True, "null_nll": float(-(ls[t] + le[t])), "null_hit": found is None}
    starts = sorted({s for s, _ in spans})
    ends = sorted({e for _, e in spans})
    return {"null": False,
            "start_nll": float(-torch.logsumexp(ls[starts], 0)), "end_nll": float(-torch.logsumexp(le[ends], 0)),
            "start_hit": int(torch.argmax(ls)) in starts, "end_hit": int(torch.argmax(le)) in ends,
            "span_hit": found in set(spans)}


def pointer_anatomy(heads, records: Sequence[FeatureRecord]) -> dict[str, Any]:
    """The means of `question_anatomy` over every extract question of `records` (module docstring)."""
    rows = []
    with torch.no_grad():
        for rec in records:
            ctx = record_context(heads, rec)
            keys = heads.span_keys(ctx)
            for q in rec.questions:
                if q.kind == "extract":
                    start, end = raw_logits(heads, q, ctx, keys)
                    row = question_anatomy(start, end, q.spans)
                    row["item"] = q.item_anchor is not None
                    rows.append(row)
    out = _means(rows)
    # An item's field is asked inside its gold item's region here, so `items` is what the
    # served items would score if their starts were found exactly.
    out["top"] = _means([r for r in rows if not r["item"]])
    out["items"] = _means([r for r in rows if r["item"]])
    return out


def _means(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    valued = [r for r in rows if not r["null"]]
    nulls = [r for r in rows if r["null"]]
    out: dict[str, Any] = {"questions": len(valued), "null_questions": len(nulls)}
    for key in ("start_nll", "end_nll", "start_hit", "end_hit", "span_hit"):
        out[key] = round(fmean(float(r[key]) for r in valued), 4) if valued else None
    for key in ("null_nll", "null_hit"):
        out[key] = round(fmean(float(r[key]) for r in nulls), 4) if nulls else None
    return out
