"""Head outputs and the total loss of a batch of cached-feature records (contract 12.4).

total = decide + extract + 0.5 count + anchor (+ w marks + v evidence + r reads + e ending), each term the mean
over its questions in the batch (a term with no question in the batch is 0). `marks`, read
from every anchor question: -log P(the anchor head marks as many tokens as the array has items)
(`losses.mark_count_loss`); `evidence`, read from every decide question whose record names the
sentence its answer rests on: the flag reader's pointer against those tokens
(`losses.evidence_loss`); `reads`, read from every true/false question: its CE with the flag
reader's share of the logit alone (`Heads.flag_read_score`); `ending`, read where `evidence` is:
the pointer against the evidence's last token alone, where a causal state has read the whole
sentence (`losses.evidence_loss` on that token). All four always computed and logged, in the total at the run's weights
(`WEIGHTS`: 0, so a run that sets none trains as before). Heads run at temperature 1 during
training: calibration fits the temperatures afterwards, on val records only. A decide or
extract question whose features carry the LM prior (`--prior-residual`) is trained on the
head composed with the prior (`losses.residual_*`); every other question as before. With a
`balance` (`balance.BooleanBalance`), each true/false question's loss is weighted by the inverse
of its answer's rate in its training field, so a field's base rate teaches nothing.

The two other terms of contract 12.4 and why they are not separate terms here:
- `anchor_count`: anchored arrays already get the index-mode count question (see
  `examples.py`) with the gold count capped at the top class, trained in the `count` term,
  so `count_peaks` decoding has a trained count. It shares the count weight (0.5) rather
  than a separate `--anchor-count-weight`.
- `lm`: next-token CE through the tied, frozen LM head. x-generate rows run adapter-off
  (contract 12.7: the base model writes x-generate text; LoRA adapts decide/extract rows
  only, and the context is read by the base weights), so nothing trainable lies on the
  path from a generate row to its LM logits: the term's gradient with respect to every
  trained parameter is exactly zero, a constant not worth computing. It would matter only
  for a full fine-tune or a generate adapter (`--generate base+lora`), neither built here.
"""
from __future__ import annotations

import dataclasses
from typing import Sequence

import torch

from deg_model.heads import Heads

from . import losses
from .balance import BooleanBalance
from .features import FeatureQuestion, FeatureRecord, record_context

TERMS = ("decide", "extract", "count", "anchor", "marks", "evidence", "reads", "ending")
TERM_OF_KIND = {"choice": "decide", "score": "decide", "noul": "decide",
                "extract": "extract", "count": "count", "anchor": "anchor"}
WEIGHTS = {"decide": 1.0, "extract": 1.0, "count": losses.COUNT_WEIGHT, "anchor": losses.ANCHOR_WEIGHT,
           "marks": losses.MARKS_WEIGHT, "evidence": losses.EVIDENCE_WEIGHT, "reads": losses.READS_WEIGHT,
           "ending": losses.ENDING_WEIGHT}
DECIDE_KINDS = ("choice", "score", "noul")


def raw_logits(heads: Heads, q: FeatureQuestion, ctx: torch.Tensor, keys=None, reader=None):
    """The logits a question's head gives (uncalibrated: temperatures are not applied).
    `keys` / `reader`: the span keys / the flag reader's context side, when already computed.

    choice/score [n], noul [2], count [MAX_COUNT+1], anchor [R] (region), extract
    (start [T+1], end [T+1]).
    """
    if q.kind in ("choice", "score"):
        reader = reader if reader is not None else heads.reader_keys(ctx, options=True)
        return heads.option_scores(heads.choice if q.kind == "choice" else heads.score, q.a, q.o, reader,
                                   q.option_tokens)
    if q.kind == "noul":
        l = heads.noul_score(q.a, reader if reader is not None else heads.reader_keys(ctx, options=True))
        return torch.stack([l, torch.zeros_like(l)])
    if q.kind == "count":
        return heads.count(q.a)
    if q.kind == "anchor":
        r0, r1 = q.region
        return heads.anchor_scores(q.a, ctx[r0:r1])                           # [R]
    if q.kind == "extract":
        keys = keys if keys is not None else heads.span_keys(ctx)             # 2 x [T, d]
        s = keys[0] @ heads.qs(q.a)                                           # [T]
        e = keys[1] @ heads.qe(q.a)
        if q.item_anchor is not None:
            bias = heads.anchored_bias(torch.arange(ctx.shape[0]), *q.item_anchor)
            s, e = s + bias[0], e + bias[1]
        n = heads.null(q.a)                                                   # [1]
        return torch.cat([s, n]), torch.cat([e, n])
    raise ValueError(f"unknown question kind {q.kind!r}")


def question_loss(heads: Heads, q: FeatureQuestion, ctx: torch.Tensor, keys=None, reader=None) -> torch.Tensor:
    """The question's loss; with the LM prior cached beside it (`q.prior`), the loss of the
    score served with head and prior at weights 1 and 1, so the head learns the residual."""
    out = raw_logits(heads, q, ctx, keys, reader)
    if q.kind in ("choice", "score", "noul"):
        target = losses.one_hot(q.target, out.shape[0], out.dtype)
        if q.prior is not None:
            return losses.residual_decide_loss(out, q.prior, target)
        return losses.decide_loss(out, target)
    if q.kind == "count":
        return losses.count_loss(out, q.target, *q.bounds)
    if q.kind == "anchor":
        return losses.anchor_loss(out, [s - q.region[0] for s in q.starts])
    if q.prior is not None:
        return losses.residual_extract_loss(out[0], out[1], q.prior, q.spans)
    return losses.extract_loss(out[0], out[1], q.spans)


def question_losses(heads: Heads, records: Sequence[FeatureRecord], dtype=torch.float32,
                    balance: BooleanBalance | None = None) -> dict[str, list[torch.Tensor]]:
    """{term: [one scalar loss per question of that term]} over `records`, in record order;
    true/false questions weighted by `balance` when given."""
    sums = {t: [] for t in TERMS}
    for rec in records:
        ctx = record_context(heads, rec, dtype)
        keys = heads.span_keys(ctx) if any(q.kind == "extract" for q in rec.questions) else None
        reader = heads.reader_keys(ctx, options=True) if any(q.kind in DECIDE_KINDS for q in rec.questions) else None
        for q in rec.questions:
            qd = _as(q, dtype)
            if q.kind == "anchor":
                logits = raw_logits(heads, qd, ctx)
                sums["anchor"].append(losses.anchor_loss(logits, [s - q.region[0] for s in q.starts]))
                sums["marks"].append(losses.mark_count_loss(logits, len(set(q.starts))))
                continue
            if q.kind in DECIDE_KINDS and q.evidence is not None:
                scores = heads.evidence_scores(qd.a, reader)
                sums["evidence"].append(losses.evidence_loss(scores, *q.evidence))
                sums["ending"].append(losses.evidence_loss(scores, q.evidence[1], q.evidence[1]))
            loss = question_loss(heads, qd, ctx, keys, reader)
            weight = 1.0
            if balance is not None and q.kind == "noul":
                weight = balance.weight(rec.uid, q.pointer, q.target == 0)
                loss = loss * weight
            if q.kind == "noul":
                alone = heads.flag_read_score(qd.a, reader)
                read = losses.decide_loss(torch.stack([alone, torch.zeros_like(alone)]),
                                          losses.one_hot(q.target, 2, alone.dtype))
                sums["reads"].append(read * weight)
            sums[TERM_OF_KIND[q.kind]].append(loss)
    return sums


def batch_loss(heads: Heads, records: Sequence[FeatureRecord], dtype=torch.float32, weights=WEIGHTS,
               balance: BooleanBalance | None = None):
    """(total, {term: mean loss}) over every question of `records`."""
    sums = question_losses(heads, records, dtype, balance)
    terms = {t: (torch.stack(v).mean() if v else torch.zeros((), dtype=dtype)) for t, v in sums.items()}
    total = sum(weights[t] * terms[t] for t in TERMS)
    return total, terms


def term_counts(records: Sequence[FeatureRecord]) -> dict[str, int]:
    """How many questions of each term `records` hold (known before any forward pass)."""
    counts = {t: 0 for t in TERMS}
    for rec in records:
        for q in rec.questions:
            counts[TERM_OF_KIND[q.kind]] += 1
            counts["marks"] += q.kind == "anchor"
            counts["evidence"] += q.kind in DECIDE_KINDS and q.evidence is not None
            counts["ending"] += q.kind in DECIDE_KINDS and q.evidence is not None
            counts["reads"] += q.kind == "noul"
    return counts


def share_of_global_loss(heads: Heads, records: Sequence[FeatureRecord], global_counts: dict[str, int],
                         dtype=torch.float32, weights=WEIGHTS, balance: BooleanBalance | None = None):
    """(total, {term: share}) of this part of a batch split over several processes.

    Each term is the sum of this part's question losses divided by the question count of the
    WHOLE batch (`global_counts`), so the parts' terms add up to the batch's means and the
    parts' gradients add up to the batch's gradient (a part with more questions of a term
    carries more of its gradient, exactly as in one batch).
    """
    sums = question_losses(heads, records, dtype, balance)
    terms = {}
    for t in TERMS:
        if sums[t] and global_counts[t] < len(sums[t]):
            raise ValueError(f"global {t} count {global_counts[t]} is below this part's {len(sums[t])} questions")
        terms[t] = torch.stack(sums[t]).sum() / global_counts[t] if sums[t] else torch.zeros((), dtype=dtype)
    total = sum(weights[t] * terms[t] for t in TERMS)
    return total, terms


def _as(q: FeatureQuestion, dtype) -> FeatureQuestion:
    if q.a.dtype == dtype:
        return q
    return dataclasses.replace(q, a=q.a.to(dtype), o=None if q.o is None else q.o.to(dtype))
