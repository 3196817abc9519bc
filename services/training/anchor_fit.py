"""Fitting the anchor head on cached reads (`python -m services.training fit-anchors`).

An anchored array's items are where the anchor head marks its region: per region token,
`z_t = q(a) . k(c_t) * scale + u . c_t + b + w_echo * likeness_t` (`Heads.anchor_scores`),
with `a` the array fork's answer row and `c` the adapted context features. With the adapters
still, an array question reduces to (a, c over its region, gold starts): the array's fork row
and its region, read once from a feature cache (`--max-forks 0` caches only the whole-array
questions, about 1 s a record). The anchor head then trains over them for many passes at no
trunk cost. A training run meets each array once and re-reads the adapted layers to do it;
the head's count on held-out arrays is still its weakest read (contract 12.6 anchors).

Rules (stated choices):
- Trained: `FITTED` (the anchor head's query, keys, token bias, threshold and sibling echo);
  every other head and every adapter stay bitwise as they were, so only anchored arrays' item
  starts can answer differently.
- Loss: the training run's anchor term (`losses.anchor_loss`, BCE of every region token against
  the gold starts, / (1 + items)), at temperature 1 as training reads it.
- Kept: the pass whose served decode (`threshold`, `decode_anchors`) puts the most validation
  arrays' items right (count right and every start within `array_anatomy.NEAR` tokens) at its
  best mark threshold among `array_anatomy.SHIFTS`: `choose-decode` refits that threshold on the
  fitted head afterwards, so a pass is judged at the threshold it would be served with.
- Regions are cached in float16 (context features are float32 in use): half the memory, and a
  fit's logits differ from the float32 read by rounding only (tested).
"""
from __future__ import annotations

import dataclasses
import os
from collections import defaultdict
from statistics import fmean
from typing import Any, Sequence

import torch

from deg.errors import FillError
from deg_model.heads import Heads
from deg_model.runtime.arrays import decode_anchors
from deg_model.training import losses
from deg_model.training.adapted import adapted_record
from deg_model.training.features import FeatureRecord, record_context

from .array_anatomy import SHIFTS, anchors_match
from .booleans import domain_of
from .cached_fit import cached, fit_checkpoint, fit_passes

FITTED = ("anchor.", "anchor_bias", "anchor_echo")


@dataclasses.dataclass(frozen=True)
class AnchorRead:
    """One anchored array as the anchor head sees it."""
    domain: str
    a: torch.Tensor          # [H] the array fork's answer row
    c: torch.Tensor          # [R, C] float16: the context features of its region
    starts: tuple[int, ...]  # gold item starts, region-relative
    min_items: int


def anchor_reads(heads: Heads, backbone, adapters, records: Sequence[FeatureRecord]) -> list[AnchorRead]:
    """Every anchored array of `records` (a feature cache) as the anchor head sees it."""
    out = []
    with torch.no_grad():
        for rec in records:
            if not any(q.kind == "anchor" for q in rec.questions):
                continue
            rec = adapted_record(backbone, adapters, rec, grad=False)
            ctx = record_context(heads, rec).half()                              # [Tc, C]
            counts = defaultdict(list)
            for q in rec.questions:
                if q.kind == "count":
                    counts[q.pointer].append(q)
            seen: dict[str, int] = defaultdict(int)
            for q in rec.questions:
                if q.kind != "anchor":
                    continue
                paired = counts[q.pointer]
                k = seen[q.pointer]
                seen[q.pointer] += 1
                lo = paired[k].bounds[0] if k < len(paired) and paired[k].bounds is not None else 0
                r0, r1 = q.region
                out.append(AnchorRead(domain_of(rec.uid), q.a.clone(), ctx[r0:r1].clone(),
                                      tuple(s - r0 for s in q.starts), lo))
    return out


def anchor_scores(heads: Heads, r: AnchorRead) -> torch.Tensor:
    """The anchor head's scores over the read's region, as training reads them: [R]."""
    return heads.anchor_scores(r.a, r.c.float())


def items_right(heads: Heads, reads: Sequence[AnchorRead], shifts: Sequence[float] = SHIFTS) -> dict[str, Any]:
    """Per mark threshold (a shift of the scores), the share of arrays whose served `threshold`
    decode is right (`near`) and whose count is; `best`: the best shift's near rate."""
    rows: dict[float, list[dict[str, bool]]] = {s: [] for s in shifts}
    with torch.no_grad():
        for r in reads:
            z = anchor_scores(heads, r)
            for s in shifts:
                try:
                    found = decode_anchors("threshold", z + s, min_items=r.min_items, cap=None, count=None)
                except FillError:
                    found = []
                rows[s].append(anchors_match(found, r.starts))
    near = {s: round(fmean(m["near"] for m in ms), 4) for s, ms in rows.items() if ms}
    count = {s: round(fmean(m["count"] for m in ms), 4) for s, ms in rows.items() if ms}
    best = max(near, key=lambda s: (near[s], -abs(s))) if near else None
    return {"arrays": len(reads), "near": near, "count": count, "best_shift": best,
            "best": near[best] if best is not None else 0.0}


def fit_reads(heads: Heads, train: Sequence[AnchorRead], val: Sequence[AnchorRead], *, passes: int = 12,
              lr: float = 3e-4, seed: int = 0) -> dict[str, Any]:
    """Fit `FITTED` of `heads` (at temperature 1) in place on `train`, kept by `val`."""
    if not train or not val:
        raise ValueError("fit-anchors: a feature cache holds no anchored array")
    before = {"train": items_right(heads, train), "val": items_right(heads, val)}

    def loss(r: AnchorRead) -> torch.Tensor:
        return losses.anchor_loss(anchor_scores(heads, r), r.starts)

    fit = fit_passes(heads, FITTED, train, loss, lambda: items_right(heads, val)["best"],
                     passes=passes, lr=lr, batch=16, seed=seed)
    after = {"train": items_right(heads, train), "val": items_right(heads, val)}
    return {"passes": passes, "lr": lr, "seed": seed, "arrays": {"train": len(train), "val": len(val)},
            **fit, "before": before, "after": after, "val_by_domain": _by_domain(heads, val)}


def _by_domain(heads: Heads, reads: Sequence[AnchorRead]) -> dict[str, Any]:
    domains = sorted({r.domain for r in reads})
    return {d: items_right(heads, [r for r in reads if r.domain == d]) for d in domains}


def fit_anchors(checkpoint: str | os.PathLike, features: Sequence[str | os.PathLike], val_features: str | os.PathLike,
                out: str | os.PathLike, *, passes: int = 12, lr: float = 3e-4, seed: int = 0,
                reads: str | os.PathLike | None = None) -> dict[str, Any]:
    """`checkpoint` with its anchor head fitted on `features` (train records' caches) and kept
    by `val_features` (held-out validation domains'), written at `out`."""
    def fit(heads, backbone, adapters):
        def read(records):
            return anchor_reads(heads, backbone, adapters, records)

        train = [r for f in features for r in cached(f, reads, backbone, read, "anchors-")]
        val = cached(val_features, reads, backbone, read, "anchors-")
        return {"features": [str(f) for f in features], "val_features": str(val_features),
                **fit_reads(heads, train, val, passes=passes, lr=lr, seed=seed)}

    return fit_checkpoint(checkpoint, out, "anchor_fit", fit)
