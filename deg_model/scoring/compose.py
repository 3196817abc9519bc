"""The one place a value's score is composed: a round's evidence -> its outcomes.

`score_round` takes every leaf of a round (of one trunk, or of one window of a windowed
trunk) with its typed evidence and returns each leaf's outcome; the one-trunk path and the
windowed path both call it, and nothing else adds to a score. A leaf's score is the sum of
its named terms (`terms`), in the order listed there, in float64:

- decide: the terms' values per outcome are summed and a softmax gives the probabilities;
- extract: the pointer terms (head, prior) are summed per start and per end first, a span
  i..j then scores start[i] + end[j], plus its gains; `capped`; `pick_extract` weighs the
  best valid span against the null with the `null_margin`.

`decide_scores` and `extract_scores` return the composed scores before the pick, so a
calibration fit reads exactly what is served. With `options.explain` each outcome carries
the terms' contributions to its winner and runner-up (`explain`); without it nothing of that
is computed.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Sequence

import torch

from deg.outcomes import FieldOutcome, choice_outcome, noul_outcome, pick_extract, score_outcome
from deg.request import FillOptions

from . import terms as T
from .evidence import DecideEvidence, ExtractEvidence, LeafEvidence, SpanEvidence
from .explain import explain_decide, explain_extract
from .settings import ScoringSettings
from .shape import no_blank_line, trim_span

__all__ = ["ExtractScores", "MAX_SPAN_TOKENS", "TOP_SPANS", "decide_scores", "decide_terms", "extract_outcome",
           "extract_scores",
           "plain_spans", "score_leaf", "score_round", "span_gain", "typed_spans"]

TOP_SPANS = 32                 # plain spans kept per leaf, best first
MAX_SPAN_TOKENS = 128          # ... each of at most this many tokens


def score_round(settings: ScoringSettings, leaves: Sequence[LeafEvidence], options: FillOptions, *,
                default_null_margin: float = 0.0) -> list[FieldOutcome]:
    """Every leaf's outcome, in order."""
    return [score_leaf(settings, leaf, options, default_null_margin=default_null_margin) for leaf in leaves]


def score_leaf(settings: ScoringSettings, leaf: LeafEvidence, options: FillOptions, *,
               default_null_margin: float = 0.0) -> FieldOutcome:
    field, ev = leaf.field, leaf.evidence
    explain = bool(getattr(options, "explain", False))
    if isinstance(ev, DecideEvidence):
        parts = decide_terms(settings, ev)
        total = decide_scores(parts)
        probs = torch.softmax(total.double(), -1).tolist()
        if ev.kind == "choice":
            out = choice_outcome(field, leaf.pointer, probs)
        elif ev.kind == "score":
            out = score_outcome(field, leaf.pointer, probs)
        else:
            out = noul_outcome(field, leaf.pointer, float(probs[0]))
        if explain:
            out = _with(out, explain_decide(field, out, parts, total, probs, ev.read))
        return out
    return extract_outcome(settings, leaf, extract_scores(settings, ev), options,
                           default_null_margin=default_null_margin)


def extract_outcome(settings: ScoringSettings, leaf: LeafEvidence, scores: "ExtractScores", options: FillOptions, *,
                    default_null_margin: float = 0.0) -> FieldOutcome:
    """An extract leaf's outcome from its composed scores (`extract_scores` of the same
    settings): the best valid span against the null, weighed by the null margin."""
    ev = leaf.evidence
    margin = T.null_margin(options.null_margin, default_null_margin, settings.null_margin)
    out = pick_extract(leaf.field, leaf.pointer, ev.text, [(span, score) for span, score, _ in scores.spans],
                       scores.null, null_margin=margin, date_order=options.date_order,
                       default_offset=options.default_offset)
    if getattr(options, "explain", False):
        out = _with(out, explain_extract(leaf.field, out, ev, scores, margin))
    return out


# ---------------------------------------------------------------- decide
def decide_terms(settings: ScoringSettings, ev: DecideEvidence) -> list[T.Term]:
    """The decide leaf's terms, in the order they add up."""
    mix = settings.mix(ev.kind)
    if ev.prior is None:
        out = [T.head(ev.logits)]
    else:
        head, prior = T.head(ev.logits, mix.head), T.prior(ev.prior, mix.prior)
        # a zero weight drops its term entirely, so a -inf on that side never turns into NaN
        out = [head] if mix.prior == 0.0 else [prior] if mix.head == 0.0 else [head, prior]
    if ev.verbatim is not None:
        out.append(T.verbatim(ev.verbatim, settings.verbatim_weight))
    if ev.kind == "noul" and settings.noul_shift != 0.0:
        out.append(T.noul_shift(settings.noul_shift))
    if ev.cell is not None:
        out.append(T.layout_cell(ev.cell, settings.verbatim_weight))
    return out


def decide_scores(parts: Sequence[T.Term]) -> torch.Tensor:
    """[n] float64: the terms summed in order (softmax them for the served probabilities)."""
    return _sum([p.values for p in parts])


# ---------------------------------------------------------------- extract
@dataclass(frozen=True)
class ExtractScores:
    """An extract leaf's composed scores: its candidate spans best first (code points, score,
    (first token, last token)), the null's score, and what composed them."""
    spans: list[tuple[tuple[int, int], float, tuple[int, int]]]
    null: float
    pointer: list[T.PointerTerm]
    gains: list[T.GainTerm]
    follow_start: int | None       # the token whose spans end by the prior's follow
    excess: float                  # `capped`: what every span and the null moved down by


def extract_scores(settings: ScoringSettings, ev: ExtractEvidence) -> ExtractScores:
    pointer = _pointer_terms(settings, ev)
    start, end = _sum([p.start for p in pointer]), _sum([p.end for p in pointer])
    null = float(_sum([p.null for p in pointer]))
    follow = None
    if ev.prior is not None and ev.prior.follow is not None:
        follow = (ev.prior.follow[0], _sum([p.follow for p in pointer if p.follow is not None]))
    gains = [T.relevance(settings.relevance_weight, ev.row), T.closing(ev.spans, settings.closing_weight)] \
        if ev.spans is not None else []
    if ev.candidates is not None:
        spans = typed_spans(start, end, ev.tokens, ev.candidates, follow, gains, ev.spans)
    else:
        spans = plain_spans(start, end, ev.tokens, ev.text, follow, gains, ev.spans)
    excess = 0.0
    if gains:
        excess = T.capped([score for _, score, _ in spans], null)
        if excess != 0.0:
            spans = [(span, score - excess, at) for span, score, at in spans]
            null = null - excess
    return ExtractScores(spans, null, pointer, gains, follow[0] if follow is not None else None, excess)


def _pointer_terms(settings: ScoringSettings, ev: ExtractEvidence) -> list[T.PointerTerm]:
    if ev.prior is None:
        return [T.head_span(ev.start, ev.end)]
    mix = settings.mix("extract")
    head = T.head_span(ev.start, ev.end, mix.head)
    prior = T.prior_span(ev.prior, mix.prior)
    return [head] if mix.prior == 0.0 else [prior] if mix.head == 0.0 else [head, prior]


def span_gain(gains: Sequence[T.GainTerm], spans: SpanEvidence, first: torch.Tensor, last: torch.Tensor):
    """The gains of spans first..last: their relevance times the gain terms' factors summed."""
    factor = gains[0].factor(last)
    for g in gains[1:]:
        factor = factor + g.factor(last)
    return T.span_relevance(spans, first, last) * factor


def typed_spans(start: torch.Tensor, end: torch.Tensor, tokens, candidates: list[tuple[int, int]],
                follow=None, gains: Sequence[T.GainTerm] = (), spans: SpanEvidence | None = None) -> list:
    """Every grammar candidate a token span covers, scored by its first and last token:
    start[i] + end[j] (`follow` = (s, end [T]): spans from token s end by it), plus its gains.
    -> [((start, end) code points, score, (i, j))]."""
    out = []
    for cs, ce in candidates:
        cover = tokens.covering(cs, ce)
        if cover is not None:
            i, j = cover
            last = follow[1][j] if follow is not None and i == follow[0] else end[j]
            score = float(start[i] + last)
            if gains:
                score += float(span_gain(gains, spans, torch.tensor(i), torch.tensor(j)))
            out.append(((cs, ce), score, (i, j)))
    return out


def plain_spans(start: torch.Tensor, end: torch.Tensor, tokens, text: str, follow=None,
                gains: Sequence[T.GainTerm] = (), spans: SpanEvidence | None = None) -> list:
    """The TOP_SPANS best token spans of at most MAX_SPAN_TOKENS tokens inside one paragraph
    (`shape.no_blank_line`), scored as `typed_spans` scores them, trimmed to their text
    (`shape.trim_span`), each span once, best first (ties in document order)."""
    t = len(tokens)
    if t == 0:
        return []
    w = min(MAX_SPAN_TOKENS, t)
    ends = torch.arange(t).unsqueeze(1) + torch.arange(w).unsqueeze(0)       # [T, w]
    inside = ends < t
    last = ends.clamp(max=t - 1)
    band = start[:t].unsqueeze(1) + end[last]                                 # [T, w]
    if follow is not None:
        s, follow_end = follow
        band[s] = start[s] + follow_end.to(band.dtype)[last[s]]
    if gains:
        firsts = torch.arange(t).unsqueeze(1).expand(-1, w)
        band = band.double() + span_gain(gains, spans, firsts, last)
    band = band.masked_fill(~(inside & no_blank_line(tokens, text, last)), -math.inf).flatten()
    order = torch.sort(band, descending=True, stable=True).indices[:TOP_SPANS]
    out = []
    seen: set[tuple[int, int]] = set()
    for k in order.tolist():
        score = float(band[k])
        if score == -math.inf:
            break
        i, d = divmod(k, w)
        span = trim_span(text, tokens.offsets[i][0], tokens.offsets[i + d][1])
        if span[1] > span[0] and span not in seen:
            seen.add(span)
            out.append((span, score, (i, i + d)))
    return out


def _sum(parts: Sequence):
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    return total


def _with(outcome: FieldOutcome, explain: dict) -> FieldOutcome:
    return dataclasses.replace(outcome, explain=explain)
