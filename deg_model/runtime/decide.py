"""A leaf question's answer -> the typed evidence its score terms read (contract 12.3, 12.4).

The scores themselves are composed in `deg_model.scoring` (`score_round`); this module reads
what they need:

- the head: decide.choice / decide.score pointer logits over the options, decide.noul's
  true/false logits (its flag reader pointing into this trunk's context); an extract's start/end logits over the context tokens (an anchored
  item's leaves get the anchor head's positional bias towards its region);
- the LM prior (when the question carries its rows): a decide leaf's option log-probabilities,
  an extract's copy start and the end of the span it copies from its own best start;
- the rules, each only when its weight is not 0 (no cost when off): a choice's verbatim
  option evidence (a table or list row's choice reads the cell under the column that names
  it, else its row alone: every row of a returns table says some reason, this row says its
  own), a row's score / true-false leaf its own cell (`tables.cell_decision`; a column its
  description only touches says too little), an extract's sentence relevance
  (`relevance.span_evidence`; array items keep their anchor bias alone, since their fields'
  words occur on every row) or a row item's cells (`tables.row_evidence`);
- typed extract modes (numbers, dates, emails, ...): the grammar's candidate spans
  (`deg.candidates`), memoized per runtime replica (`Candidates`).

Head recording: with a `heads_out` dict, every raw head output is kept there (`hooks.record`).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

import torch

from deg.candidates import find_candidates

from ..heads import Heads
from ..scoring import DecideEvidence, ExtractEvidence, FlagRead, LeafEvidence, ScoringSettings
from .hooks import record
from .prior import LmPrior
from .questions import Answer, Question
from .relevance import span_evidence
from .tables import cell_decision, cell_text, row_evidence
from .verbatim import option_evidence

__all__ = ["Candidates", "LeafReader"]

_CANDIDATE_KIND = {"extract.number": "number", "date": "date", "date-time": "date-time",
                   "email": "email", "uri": "uri", "uuid": "uuid"}


class Candidates:
    """The grammar's candidate spans of a kind in a context, memoized for the few contexts in
    flight (a batch asks many typed leaves of the same context). One per runtime replica:
    a replica's thread is its only user."""

    def __init__(self, size: int = 64):
        self.size = size
        self._memo: dict[tuple[str, str], list[tuple[int, int]]] = {}

    def __call__(self, kind: str, text: str) -> list[tuple[int, int]]:
        key = (kind, hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())
        hit = self._memo.get(key)
        if hit is None:
            if len(self._memo) > self.size:
                self._memo.clear()
            hit = self._memo[key] = find_candidates(kind, text)
        return hit


@dataclass(frozen=True)
class LeafReader:
    """Reads a leaf's evidence with one head set, scoring settings and prior reader."""
    heads: Heads
    settings: ScoringSettings
    prior: LmPrior | None
    candidates: Candidates

    def evidence(self, q: Question, answer: Answer, trunk, heads_out: dict | None = None) -> LeafEvidence:
        f = q.field
        if f.mode.startswith("decide."):
            return LeafEvidence(f, q.pointer, self._decide(q, answer, trunk, heads_out))
        return LeafEvidence(f, q.pointer, self._extract(q, answer, trunk, heads_out))

    def _decide(self, q: Question, answer: Answer, trunk, heads_out) -> DecideEvidence:
        heads, f, a, o, kind = self.heads, q.field, answer.a, answer.o, q.head
        logits = {"choice": lambda: heads.choice_logits(a, o, trunk.reader, q.option_tokens),
                  "score": lambda: heads.score_logits(a, o, trunk.reader, q.option_tokens),
                  "noul": lambda: heads.noul_logits(a, trunk.reader)}[kind]()
        record(heads_out, f"{q.kind}:{q.pointer}", logits)
        lm = None
        if q.prior is not None:
            lm = record(heads_out, f"prior:{q.pointer}", self.prior.decide(q.prior, answer))
        width, row, reads = int(logits.shape[-1]), _layout_item(q), self.settings.reads_verbatim()
        verbatim = cell = None
        if kind == "choice" and reads:
            if row is not None:
                offsets = trunk.tokens.offsets
                own = cell_text(f, row, trunk.text, offsets)
                text = own if own is not None else \
                    trunk.text[offsets[row.anchor][0]:offsets[min(row.region[1], len(offsets)) - 1][1]]
                verbatim = option_evidence(f.options or (), width, text, None)
            else:
                verbatim = option_evidence(f.options or (), width, trunk.text, trunk.memo)
        if kind in ("score", "noul") and row is not None and reads:
            own = cell_text(f, row, trunk.text, trunk.tokens.offsets, min_match=10.0)
            if own is not None:
                cell = cell_decision(f, kind, own, width)
        read = None
        if _reads(heads, kind) and trunk.reader is not None and len(trunk.tokens):
            read = flag_read(heads.evidence_weights(a, trunk.reader), trunk.tokens.offsets, trunk.text)
        return DecideEvidence(kind, logits, lm, verbatim, cell, read)

    def _extract(self, q: Question, answer: Answer, trunk, heads_out) -> ExtractEvidence:
        f, heads = q.field, self.heads
        item = next((it for it in reversed(q.scope) if it.anchor is not None), None)
        bias = None
        if item is not None:
            bias = heads.anchored_bias(torch.arange(len(trunk.tokens)), item.anchor, item.region[1])
        start, end = heads.span_logits_from_keys(answer.a, trunk.span_keys, bias)
        record(heads_out, f"{q.kind}:{q.pointer}", torch.stack([start, end]))
        prior = self.prior.span(q, answer, trunk, heads_out) if q.prior is not None else None
        spans, row = None, False
        if self.settings.reads_spans():
            if item is None:
                spans = span_evidence(f, trunk.text, trunk.tokens.offsets, trunk.memo)
            elif item.cells:
                spans, row = row_evidence(f, item, trunk.text, trunk.tokens.offsets, trunk.memo), True
        kind = _CANDIDATE_KIND.get(f.mode) or _CANDIDATE_KIND.get(f.format or "")
        candidates = self.candidates(kind, trunk.text) if kind is not None else None
        return ExtractEvidence(start, end, trunk.text, trunk.tokens, prior, spans, row, candidates)


def _reads(heads, kind: str) -> bool:
    """Whether a decide head of `kind` reads the context (its reader is trained)."""
    return heads.has_reader() if kind == "noul" else heads.has_option_reader()


READ_SHARE = 0.5      # an explained read: the fewest tokens around the surest one holding this share
READ_TOKENS = 48      # ... and at most this many


def flag_read(p: torch.Tensor, offsets: list[tuple[int, int]], text: str) -> FlagRead:
    """What a flag reader weighed most: p [T] its weights over the context tokens -> the
    stretch grown from the heaviest token, one neighbour at a time (the heavier side first),
    until it holds READ_SHARE of the weight or READ_TOKENS tokens."""
    w = p.tolist()
    lo = hi = max(range(len(w)), key=lambda t: (w[t], -t))
    mass = w[lo]
    while mass < READ_SHARE and hi - lo + 1 < READ_TOKENS and (lo > 0 or hi < len(w) - 1):
        left = w[lo - 1] if lo > 0 else -1.0
        right = w[hi + 1] if hi < len(w) - 1 else -1.0
        if left >= right:
            lo, mass = lo - 1, mass + left
        else:
            hi, mass = hi + 1, mass + right
    start, end = offsets[lo][0], offsets[hi][1]
    return FlagRead(start, end, text[start:end], mass)


def _layout_item(q: Question):
    """The innermost anchored item of a question's scope when it is a table or list row."""
    item = next((it for it in reversed(q.scope) if it.anchor is not None), None)
    return item if item is not None and item.cells else None
