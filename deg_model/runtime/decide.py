"""A leaf question's answer -> its FieldOutcome through the heads (contract 12.3, 12.4).

- decide.choice / decide.score: softmax (fp64) of the head's logits over the options.
- decide.noul: the true/false head's probability of "true".
- after the LM-prior mix, `adjust_decide`: a choice's verbatim option evidence and the
  true/false shift, both fitted on held-out domains (0 = off); an extract without a
  request `null_margin` uses the head set's fitted `Heads.null_margin`.
- extract: start/end logits over the context tokens (an anchored item's leaves get the
  anchor head's positional bias towards its region); the spans are scored by
  `decode.plain_scores`, or for typed modes (numbers, dates, emails, ...) only the
  candidate spans the grammar finds (`decode.typed_scores`), and `pick_extract` weighs the
  best against the null outcome with the request's `null_margin` (else the runtime's
  default).

Head recording: with a `heads_out` dict, every raw head output is kept there (a detached
copy keyed `"<kind>:<concrete pointer>"`), so determinism can be checked with `torch.equal`.
"""
from __future__ import annotations

import hashlib

import torch

from deg.candidates import find_candidates
from deg.outcomes import FieldOutcome, choice_outcome, noul_outcome, pick_extract, score_outcome
from deg.request import FillOptions

from ..heads import Heads
from .decode import capped, log_probs, plain_scores, typed_scores
from .prior import LmPrior, mix
from .questions import Answer, Question
from .relevance import span_evidence
from .tables import cell_decision, cell_text, row_evidence
from .trunk import TrunkView
from .verbatim import option_evidence

__all__ = ["adjust_decide", "decide_leaf", "keep_head"]

_CANDIDATE_KIND = {"extract.number": "number", "date": "date", "date-time": "date-time",
                   "email": "email", "uri": "uri", "uuid": "uuid"}
_CANDIDATE_CACHE: dict[tuple[str, str], list[tuple[int, int]]] = {}


def keep_head(heads_out: dict[str, torch.Tensor] | None, key: str, logits: torch.Tensor) -> torch.Tensor:
    """Keep a raw head output under `key` when recording (`heads_out` not None); returns it."""
    if heads_out is not None:
        heads_out[key] = logits.detach().clone()
    return logits


def decide_leaf(heads: Heads, q: Question, answer: Answer, trunk: TrunkView, options: FillOptions, *,
                default_null_margin: float, heads_out: dict[str, torch.Tensor] | None = None,
                prior: LmPrior | None = None) -> FieldOutcome:
    """`prior`: the LM prior's reader, needed when the question carries prior rows."""
    f, a, o = q.field, answer.a, answer.o
    key = f"{q.kind}:{q.pointer}"
    if f.mode.startswith("decide."):
        kind = q.head
        raw = {"choice": lambda: heads.choice_logits(a, o), "score": lambda: heads.score_logits(a, o),
               "noul": lambda: heads.noul_logits(a)}[kind]()
        logits = keep_head(heads_out, key, raw)
        if q.prior is not None:
            lm = keep_head(heads_out, f"prior:{q.pointer}", prior.decide(q.prior, answer))
            logits = mix(heads.mix_of(kind), torch.log_softmax(logits.double(), -1), lm)
        logits = adjust_decide(heads, kind, f, logits, trunk, _layout_item(q))
        probs = torch.softmax(logits.double(), -1).tolist()
        if kind == "choice":
            return choice_outcome(f, q.pointer, probs)
        if kind == "score":
            return score_outcome(f, q.pointer, probs)
        return noul_outcome(f, q.pointer, float(probs[0]))
    bias = None
    item = next((it for it in reversed(q.scope) if it.anchor is not None), None)
    if item is not None:
        positions = torch.arange(len(trunk.tokens))
        bias = heads.anchored_bias(positions, item.anchor, item.region[1])
    start, end = heads.span_logits_from_keys(a, trunk.span_keys, bias)
    keep_head(heads_out, key, torch.stack([start, end]))
    ls, le, null_lp = log_probs(start, end)
    override = None
    if q.prior is not None:
        ls, le, null_lp, override = prior.mixed_span(heads.mix_of("extract"), q, answer, trunk, ls, le, heads_out)
    gain = None
    weights = (float(heads.relevance_weight), float(heads.closing_weight))
    if item is None and weights != (0.0, 0.0):
        # Array items keep their anchor bias alone (their fields' words occur on every row).
        gain = (*weights, span_evidence(f, trunk.text, trunk.tokens.offsets, trunk.memo))
    elif item is not None and item.cells and weights != (0.0, 0.0):
        # A table or list row's item: its column's cell (or its row) is where its value is.
        gain = (*weights, row_evidence(f, item, trunk.text, trunk.tokens.offsets, trunk.memo))
    kind = _CANDIDATE_KIND.get(f.mode) or _CANDIDATE_KIND.get(f.format or "")
    if kind is not None:
        scored = typed_scores(ls, le, trunk.tokens, _candidates(kind, trunk.text), override, gain)
    else:
        scored = plain_scores(ls, le, trunk.tokens, trunk.text, override, gain)
    if gain is not None:
        scored, null_lp = capped(scored, null_lp)
    margin = options.null_margin
    if margin is None:                     # the head set's fitted margin on top of the runtime's
        margin = default_null_margin + float(heads.null_margin)
    return pick_extract(f, q.pointer, trunk.text, scored, null_lp, null_margin=margin,
                        date_order=options.date_order, default_offset=options.default_offset)


def _layout_item(q: Question):
    """The innermost anchored item of a question's scope when it is a table or list row."""
    item = next((it for it in reversed(q.scope) if it.anchor is not None), None)
    return item if item is not None and item.cells else None


def adjust_decide(heads: Heads, kind: str, field, logits: torch.Tensor, trunk: TrunkView,
                  row=None) -> torch.Tensor:
    """The fitted decide adjustments (`Heads.verbatim_weight`, `Heads.noul_shift`); a zero
    weight returns the logits untouched, so head sets without them answer bitwise as before.
    `row`: a table or list row's item, whose choices read the option evidence of the cell
    under the column that names them, else of their row alone (every row of a returns table
    says some reason; this row says its own), and whose scores and true/false leaves read
    that cell too (`tables.cell_decision`), with the same weight."""
    w = float(heads.verbatim_weight)
    if kind == "choice":
        if w != 0.0:
            if row is not None:
                offsets = trunk.tokens.offsets
                cell = cell_text(field, row, trunk.text, offsets)
                text = cell if cell is not None else \
                    trunk.text[offsets[row.anchor][0]:offsets[min(row.region[1], len(offsets)) - 1][1]]
                evidence = option_evidence(field.options or (), int(logits.shape[-1]), text, None)
            else:
                evidence = option_evidence(field.options or (), int(logits.shape[-1]), trunk.text, trunk.memo)
            logits = logits.double() + w * evidence
    elif kind == "noul":
        shift = float(heads.noul_shift)
        if shift != 0.0:
            logits = logits.double() + torch.tensor([shift, 0.0], dtype=torch.float64)
    if kind in ("score", "noul") and row is not None and w != 0.0:
        # A table row's own cell under the column its name names ("Severity | 4"); a column
        # its description only touches ("Type" for `estimated`) says too little for these.
        own = cell_text(field, row, trunk.text, trunk.tokens.offsets, min_match=10.0)
        if own is not None:
            logits = logits.double() + w * cell_decision(field, kind, own, int(logits.shape[-1]))
    return logits


def _candidates(kind: str, text: str) -> list[tuple[int, int]]:
    """The grammar's candidate spans of a kind in a context, memoized for the few contexts in
    flight (a batch asks many typed leaves of the same context)."""
    key = (kind, hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())
    hit = _CANDIDATE_CACHE.get(key)
    if hit is None:
        if len(_CANDIDATE_CACHE) > 64:
            _CANDIDATE_CACHE.clear()
        hit = _CANDIDATE_CACHE[key] = find_candidates(kind, text)
    return hit
