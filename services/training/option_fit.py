"""Fitting the option reader on cached reads (`python -m services.training fit-options`).

A choice or score question's logits are `head(a, o_i) + (Q o_i + T t_i) . V p / sqrt(d)`
(`Heads.option_scores`), with `p = w @ c` what the evidence pointer's weights `w` pool of the
context features `c`. The pointer is shared with the flag reader and kept still here, so what
the reader reads of a question is that one vector, and a question reduces to (a, o, t, p,
target): a few kilobytes. They are read once from a feature cache, the adapters as the
checkpoint serves them; then the option reader (`option_query`, `option_value`,
`option_token`) and the score head train over them for many passes at no trunk cost. A
training run re-reads the adapted layers at every step and meets a record's one score question
once; learning which digit a read says takes many.

Rules (stated choices):
- Trained: `FITTED`; the choice head, the pointer and every adapter stay as they were, so
  nothing but choices and scores can answer differently. Choice questions train beside scores
  because the reader is shared with them.
- Score questions weigh `SCORE_WEIGHT` in the loss and choices `CHOICE_WEIGHT`: the run trained
  the choices already (0.81 right on held-out validation before the fit, 0.16 above the scores)
  and their questions are many, so at weight 1 the shared reader fits the train domains'
  choices (0.92 right) and reads the held-out ones worse (0.72); here they only hold it.
- The pass kept is the one with the best accuracy over the validation cache's choice and score
  questions (ties: the earlier); pass 0 is the checkpoint as it came, so the fit never keeps a
  reader that reads the validation documents worse.
- Heads at temperature 1, as training reads them; the temperatures are the calibration's, refit
  after (`calibrate`).
"""
from __future__ import annotations

import dataclasses
import os
from typing import Any, Sequence

import torch

from deg_model.heads import Heads
from deg_model.training.adapted import adapted_record
from deg_model.training.features import record_context

from .booleans import domain_of
from .cached_fit import cached, fit_checkpoint, fit_passes

KINDS = ("choice", "score")
FITTED = ("option_query.", "option_value.", "option_token.", "score.")
SCORE_WEIGHT = 2.0
CHOICE_WEIGHT = 0.2


@dataclasses.dataclass(frozen=True)
class OptionRead:
    """One choice or score question as the option reader sees it."""
    kind: str
    domain: str
    a: torch.Tensor          # [H] the fork's answer row
    o: torch.Tensor          # [n, H] its option rows
    t: torch.Tensor | None   # [n, H] what its option lines are (`heads.option_tokens`); None: not cached
    p: torch.Tensor          # [C] what the evidence pointer pools of the context features
    target: int


def option_reads(heads: Heads, backbone, adapters, records) -> list[OptionRead]:
    """Every choice and score question of `records` (a feature cache) as the reader sees it."""
    out = []
    with torch.no_grad():
        for rec in records:
            if not any(q.kind in KINDS for q in rec.questions):
                continue
            rec = adapted_record(backbone, adapters, rec, grad=False)
            ctx = record_context(heads, rec)                                   # [Tc, C]
            reader = heads.reader_keys(ctx, options=True)
            for q in rec.questions:
                if q.kind in KINDS:
                    pooled = heads.evidence_weights(q.a, reader) @ ctx          # [C]
                    tokens = q.option_tokens.clone() if q.option_tokens is not None else None
                    out.append(OptionRead(q.kind, domain_of(rec.uid), q.a.clone(), q.o.clone(), tokens, pooled, q.target))
    return out


def option_logits(heads: Heads, r: OptionRead) -> torch.Tensor:
    """`Heads.option_scores` of the read's question from its pooled read: [n]."""
    head = heads.choice if r.kind == "choice" else heads.score
    return heads.option_read_scores(head, r.a, r.o, heads.option_value(r.p), r.t)


def accuracy(heads: Heads, reads: Sequence[OptionRead]) -> dict[str, Any]:
    """Right answers overall, per kind and per score domain."""
    tally: dict[str, list[int]] = {}
    with torch.no_grad():
        for r in reads:
            right = int(option_logits(heads, r).argmax()) == r.target
            keys = ["all", r.kind] + ([f"score:{r.domain}"] if r.kind == "score" else [])
            for key in keys:
                tally.setdefault(key, [0, 0])
                tally[key][0] += right
                tally[key][1] += 1
    return {k: {"right": round(a / n, 4), "questions": n} for k, (a, n) in sorted(tally.items())}


def fit_reader(heads: Heads, train: Sequence[OptionRead], val: Sequence[OptionRead], *, passes: int = 30,
               lr: float = 1e-3, batch: int = 32, seed: int = 0) -> dict[str, Any]:
    """Train `FITTED` of `heads` in place over `train`; keep the pass best on `val`."""
    return fit_passes(heads, FITTED, train, lambda r: _loss(heads, r), lambda: accuracy(heads, val)["all"]["right"],
                      passes=passes, lr=lr, batch=batch, seed=seed)


def _loss(heads: Heads, r: OptionRead) -> torch.Tensor:
    l = option_logits(heads, r)
    ce = torch.nn.functional.cross_entropy(l[None], torch.tensor([r.target]))
    return ce * (SCORE_WEIGHT if r.kind == "score" else CHOICE_WEIGHT)


def fit_records(heads: Heads, train: Sequence[OptionRead], val: Sequence[OptionRead], *, passes: int = 30,
                lr: float = 1e-3, seed: int = 0) -> dict[str, Any]:
    """Fit `heads` (at temperature 1) in place on `train`'s reads, kept by `val`'s."""
    if not train or not val:
        raise ValueError("fit-options: a feature cache holds no choice or score question")
    reads = {"train": train, "val": val}
    before = {k: accuracy(heads, v) for k, v in reads.items()}
    fit = fit_reader(heads, train, val, passes=passes, lr=lr, seed=seed)
    return {"passes": passes, "lr": lr, "seed": seed, "questions": {k: len(v) for k, v in reads.items()}, **fit,
            "before": before, "after": {k: accuracy(heads, v) for k, v in reads.items()}}


def cached_reads(heads: Heads, backbone, adapters, features: str | os.PathLike,
                 reads: str | os.PathLike | None) -> list[OptionRead]:
    """A feature cache's reads; with `reads` (a directory) kept there and read back when present
    (`cached_fit.cached`: one checkpoint's)."""
    return cached(features, reads, backbone, lambda records: option_reads(heads, backbone, adapters, records), "")


def fit_options(checkpoint: str | os.PathLike, features: Sequence[str | os.PathLike], val_features: str | os.PathLike,
                out: str | os.PathLike, *, passes: int = 30, lr: float = 1e-3, seed: int = 0,
                reads: str | os.PathLike | None = None) -> dict[str, Any]:
    """`checkpoint` with its option reader and score head fitted on `features` (train records'
    caches) and kept by `val_features` (held-out validation domains'), written at `out`."""
    def fit(heads, backbone, adapters):
        train = [r for f in features for r in cached_reads(heads, backbone, adapters, f, reads)]
        val = cached_reads(heads, backbone, adapters, val_features, reads)
        return {"features": [str(f) for f in features], "val_features": str(val_features),
                **fit_records(heads, train, val, passes=passes, lr=lr, seed=seed)}

    return fit_checkpoint(checkpoint, out, "option_fit", fit)
