"""Where an array goes wrong on a feature cache: its count, or where its items start.

An array's items are scored by position, so one item missed or added shifts every item after
it: the count and the anchors decide most of an array's fields before any item is read. Per
array question (heads uncalibrated, the adapters read as in `validate`):
- index-mode arrays (a count question alone): whether the count head's argmax over the
  question's bounds is the gold count;
- anchored arrays (an anchor question, with the count question of the same array): the count
  each decode mode gives (`runtime.arrays.decode_anchors`: the count head's, `threshold`'s,
  `hybrid`'s, `expected`'s) against the gold count, whether each mode's anchors are exactly the gold item
  starts or each within `NEAR` tokens of its own, and the same for the anchor head alone
  given the gold count (`peak_anchors(gold n)`: how well it ranks item starts).
The decode modes are the runtime's own functions, so these are the served items' counts.
With `shifts`, each mode's `near` rate is also measured with the anchor logits shifted by each
value (`near_by_shift`): what `choose-decode` fits the served mark threshold on
(`ScoringSettings.anchor_shift`).
"""
from __future__ import annotations

from collections import defaultdict
from statistics import fmean
from typing import Any, Sequence

import torch

from deg.errors import FillError
from deg_model.runtime.arrays import decode_anchors, decode_count, peak_anchors
from deg_model.training.features import FeatureQuestion, FeatureRecord, record_context
from deg_model.training.objective import raw_logits

MODES = ("count_peaks", "threshold", "hybrid", "expected")
NEAR = 2          # tokens: an anchor this close to its gold start still starts the item's region there
# Anchor-logit shifts `choose-decode` measures: a positive one marks more tokens (more items).
SHIFTS = (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0)


def anchors_match(found: Sequence[int], gold: Sequence[int]) -> dict[str, bool]:
    """{count, exact, near}: the same number of anchors; the same set; in document order,
    each within NEAR tokens of the gold start of the same rank."""
    found, gold = sorted(found), sorted(gold)
    same = len(found) == len(gold)
    return {"count": same, "exact": same and found == gold,
            "near": same and all(abs(f - g) <= NEAR for f, g in zip(found, gold))}


def anchored_row(anchor_logits: torch.Tensor, count_logits: torch.Tensor | None, count_q: FeatureQuestion | None,
                 gold: Sequence[int], shift: float = 0.0) -> dict[str, Any]:
    """One anchored array: `anchor_logits` [R] over its region, `gold` region-relative starts;
    the modes decode `anchor_logits + shift` (as the runtime does), the oracle the logits."""
    lo, hi = count_q.bounds if count_q is not None else (0, None)
    row: dict[str, Any] = {"items": len(gold)}
    n = decode_count(count_logits, lo, hi) if count_logits is not None else None
    shifted = anchor_logits + shift if shift != 0.0 else anchor_logits
    for mode in MODES:
        if mode in ("count_peaks", "hybrid") and n is None:
            continue
        try:
            found = decode_anchors(mode, shifted, min_items=lo, cap=None, count=n,
                                   saturated=n is not None and n == hi)
        except FillError:
            found = []
        row.update({f"{mode}_{k}": v for k, v in anchors_match(found, gold).items()})
    oracle = peak_anchors(anchor_logits, len(gold)) if gold else []
    row.update({f"oracle_{k}": v for k, v in anchors_match(oracle, gold).items() if k != "count"})
    return row


def array_anatomy(heads, records: Sequence[FeatureRecord], shifts: Sequence[float] = ()) -> dict[str, Any]:
    """Means of `anchored_row` over every anchored array of `records`, and the count head's
    hit rate on index-mode arrays (module docstring); with `shifts`, `near_by_shift`:
    {mode: {shift: near rate}}."""
    arrays, index_hits = [], []
    with torch.no_grad():
        for rec in records:
            ctx = record_context(heads, rec)
            counts: dict[str, list[FeatureQuestion]] = defaultdict(list)
            anchors: dict[str, list[FeatureQuestion]] = defaultdict(list)
            for q in rec.questions:
                if q.kind == "count":
                    counts[q.pointer].append(q)
                elif q.kind == "anchor":
                    anchors[q.pointer].append(q)
            for pointer, qs in counts.items():
                paired = anchors.get(pointer, [])
                for i, cq in enumerate(qs):
                    if i < len(paired):
                        continue            # the anchored array's own count: read with its anchors below
                    index_hits.append(decode_count(raw_logits(heads, cq, ctx), *cq.bounds) == cq.target)
            for pointer, qs in anchors.items():
                paired = counts.get(pointer, [])
                for i, aq in enumerate(qs):
                    cq = paired[i] if i < len(paired) else None
                    cl = raw_logits(heads, cq, ctx) if cq is not None else None
                    gold = [s - aq.region[0] for s in aq.starts]
                    arrays.append((raw_logits(heads, aq, ctx), cl, cq, gold))
    anchored = [anchored_row(*array) for array in arrays]
    out: dict[str, Any] = {"index_arrays": len(index_hits),
                           "index_count_hit": round(fmean(index_hits), 4) if index_hits else None,
                           "anchored_arrays": len(anchored)}
    keys = sorted({k for r in anchored for k in r if k != "items"})
    for key in keys:
        vals = [float(r[key]) for r in anchored if key in r]
        out[key] = round(fmean(vals), 4) if vals else None
    if shifts and arrays:
        rows = {shift: [anchored_row(*array, shift=shift) for array in arrays] for shift in shifts}
        out["near_by_shift"] = {
            mode: {shift: round(fmean(float(r[f"{mode}_near"]) for r in rows[shift] if f"{mode}_near" in r), 4)
                   for shift in shifts}
            for mode in MODES if any(f"{mode}_near" in r for r in rows[shifts[0]])}
    return out
