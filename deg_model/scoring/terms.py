"""The named score terms: each a small function of typed evidence and its weight.

A decide leaf's score per outcome, and an extract span's score, is the sum of these terms in
the order `compose` lists them; nothing else adds to a score. Every term is float64.

Decide (one value per outcome, head order):
- `head`: the head's logits (temperature applied); beside an LM prior, `w_head` times their
  log-probabilities.
- `prior`: `w_prior` times the LM prior's option log-probabilities.
- `verbatim`: `verbatim_weight` on each choice option the context states word for word.
- `noul_shift`: `noul_shift` on "true".
- `layout_cell`: `verbatim_weight` times what a table row's own cell says (a level, yes / no).

Extract (per span of context tokens i..j, and per null):
- `head`, `prior` (`head_span`, `prior_span`): pointer terms, a start part at i plus an end
  part at j, and a null part; the prior ends a span from its own copy start where its copy
  closed (`follow`), any other span uniformly over the tokens it could have copied.
- `relevance` (a table row's leaf: `layout_cell`) and `closing`: span gains, the relevance
  the span reads (`span_relevance`) times `relevance_weight`, plus times `closing_weight`
  where the span runs to its sentence's (cell's) last word end.
- `capped`: every span and the null moved down by one constant when a gain lifted their mass
  past 1, so a confidence stays a probability; the order does not change.
- `null_margin`: what a span must beat the null by (`pick_extract`).
The span shape rules (no blank line inside a span, an abbreviation's dot and a bracket the
span opened stay) are in `shape`: they say which spans exist, not how they score.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch

from .evidence import PriorSpan, SpanEvidence

__all__ = ["GainTerm", "PointerTerm", "Term", "capped", "closing", "head", "head_span", "layout_cell",
           "noul_shift", "null_margin", "prior", "prior_span", "relevance", "span_relevance", "verbatim"]

F64 = torch.float64


@dataclass(frozen=True)
class Term:
    """A decide term: its value for every outcome [n]."""
    name: str
    values: torch.Tensor


@dataclass(frozen=True)
class PointerTerm:
    """An extract pointer term: a span i..j gets start[i] + end[j] (or follow[j] for spans
    from the prior's own start), the null gets `null`."""
    name: str
    start: torch.Tensor                       # [T+1] null last
    end: torch.Tensor                         # [T+1]
    null: torch.Tensor                        # 0-d
    follow: torch.Tensor | None = None        # [T]


@dataclass(frozen=True)
class GainTerm:
    """An extract span gain: a span i..j gets span_relevance(i, j) x weight (x at_end[j])."""
    name: str
    weight: float
    at_end: torch.Tensor | None = None        # [T] float64; None: 1 everywhere

    def factor(self, last: torch.Tensor) -> float | torch.Tensor:
        return self.weight if self.at_end is None else self.weight * self.at_end[last]


# ---------------------------------------------------------------- decide
def head(logits: torch.Tensor, weight: float | None = None) -> Term:
    """The head's logits; with `weight` (beside a prior) weight x their log-probabilities."""
    if weight is None:
        return Term("head", logits.to(F64))
    return Term("head", torch.log_softmax(logits.double(), -1) * weight)


def prior(log_probs: torch.Tensor, weight: float) -> Term:
    return Term("prior", log_probs.to(F64) * weight)


def verbatim(stated: torch.Tensor, weight: float) -> Term:
    return Term("verbatim", weight * stated)


def noul_shift(shift: float) -> Term:
    return Term("noul_shift", torch.tensor([shift, 0.0], dtype=F64))


def layout_cell(said: torch.Tensor, weight: float) -> Term:
    return Term("layout_cell", weight * said)


# ---------------------------------------------------------------- extract
def head_span(start_logits: torch.Tensor, end_logits: torch.Tensor, weight: float | None = None) -> PointerTerm:
    """The head's start / end log-probabilities (null last on both; the null is null on both).
    With `weight` (beside a prior) each times the weight, and the null's part read through a
    float32 scalar, as the mix has always served it."""
    ls = torch.log_softmax(start_logits.to(F64), dim=-1)
    le = torch.log_softmax(end_logits.to(F64), dim=-1)
    if weight is None:
        return PointerTerm("head", ls, le, ls[-1] + le[-1])
    t = int(ls.shape[0]) - 1
    null = torch.tensor(float(ls[-1] + le[-1])).to(F64)
    return PointerTerm("head", ls * weight, le * weight, null * weight, follow=le[:t] * weight)


def prior_span(evidence: PriorSpan, weight: float) -> PointerTerm:
    """The LM's copy start (its null last); its end uniform over the tokens it could have
    written, except for spans from its own start, which end where its copy closed."""
    ps = evidence.start
    uniform = torch.full_like(ps, -math.log(evidence.copied))
    follow = evidence.follow[1].to(F64) * weight if evidence.follow is not None else None
    return PointerTerm("prior", ps.to(F64) * weight, uniform * weight, ps[-1].to(F64) * weight, follow)


def span_relevance(spans: SpanEvidence, first: torch.Tensor, last: torch.Tensor) -> torch.Tensor:
    """[*] float64 for spans of tokens first..last: the relevance of the one sentence (cell)
    the span lies in when it starts and ends at word bounds there after the field's words,
    else 0."""
    inside = (spans.sentence[first] == spans.sentence[last]) & spans.end_ok[last]
    return torch.where(inside, spans.start[first], torch.zeros((), dtype=F64))


def relevance(weight: float, row: bool = False) -> GainTerm:
    """`relevance_weight` on every span's relevance (a table row's leaf: on its cell)."""
    return GainTerm("layout_cell" if row else "relevance", weight)


def closing(spans: SpanEvidence, weight: float) -> GainTerm:
    """`closing_weight` on the relevance of spans that run to their sentence's last word end."""
    return GainTerm("closing", weight, spans.closing.to(F64))


def capped(scores: list[float], null: float) -> float:
    """The excess of the spans' and the null's mass over 1 (0.0 when at most 1): what every
    one of them moves down by."""
    total = torch.logsumexp(torch.tensor(scores + [null], dtype=F64), 0)
    return max(float(total), 0.0)


def null_margin(requested: float | None, default: float, fitted: float) -> float:
    """The request's `null_margin`, else the runtime's default plus the checkpoint's fitted one."""
    return requested if requested is not None else default + fitted
