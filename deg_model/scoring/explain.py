"""Why a leaf got its value (`options.explain`): its winning outcome, the runner-up, and each
score term's contribution to both.

    {"winner": {...}, "runner_up": {...} | null,
     "terms": [{"name": "head", "winner": -0.41, "runner_up": -2.3}, ...]}

A decide outcome reads `{"value", "score", "probability"}` (the score is the composed logit
the softmax reads); a decided leaf whose head reads the context (a trained flag or option reader) also says what it read,
`"read": {"span", "text", "weight"}`: the fewest context tokens around the one the reader weighs
most that hold half its weight (`runtime.decide`), and the share they hold; an extract span `{"span", "text", "score"}` (its composed log-score; the
winner also its `value`), the null `{"value": null, "null": true, "score"}` (the null's score
plus the margin a span has to beat). The runner-up is the best other outcome by score (for an
extract: another span, or the null unless the leaf forbids it). Contributions add up to the
score up to float rounding (the served arithmetic groups a span's start and end parts per
pointer first). A value that is not a finite number is written as null.
"""
from __future__ import annotations

import math
from typing import Any

import torch

from deg.outcomes import FieldOutcome, first_argmax

from . import terms as T

__all__ = ["explain_decide", "explain_extract", "shift_spans"]


def _num(x) -> float | None:
    x = float(x)
    return x if math.isfinite(x) else None


def _labels(field) -> list:
    if field.mode == "decide.choice":
        return list(field.options or ())
    if field.mode == "decide.score":
        return list(field.levels or ()) + ([None] if field.null_outcome else [])
    return [True, False]


def explain_decide(field, outcome: FieldOutcome, parts, total: torch.Tensor, probs: list[float],
                   read=None) -> dict[str, Any]:
    """`read`: the leaf's `evidence.FlagRead`, None when its head reads no context."""
    labels = _labels(field)
    win = (0 if outcome.value else 1) if field.mode == "decide.noul" else first_argmax(probs)
    others = [k for k in range(len(probs)) if k != win]
    run = others[first_argmax([probs[k] for k in others])] if others else None

    def entry(k):
        return None if k is None else {"value": labels[k], "score": _num(total[k]), "probability": _num(probs[k])}

    out = {"winner": entry(win), "runner_up": entry(run),
           "terms": [{"name": p.name, "winner": _num(p.values[win]),
                      "runner_up": None if run is None else _num(p.values[run])} for p in parts]}
    if read is not None:
        out["read"] = {"span": [read.start, read.end], "text": read.text, "weight": _num(read.weight)}
    return out


def explain_extract(field, outcome: FieldOutcome, ev, scores, margin: float) -> dict[str, Any]:
    """`scores`: the leaf's `compose.ExtractScores`."""
    ranked = sorted(scores.spans, key=lambda item: (-item[1], item[0]))
    null = ("null", scores.null + margin)
    win = next((s for s in ranked if s[0] == outcome.span), None) if outcome.found else None
    rivals = [s for s in ranked if s is not win]
    best = rivals[0] if rivals else None
    if win is None:
        run = best
    elif field.on_null == "forbid" or (best is not None and best[1] >= null[1]):
        run = best
    else:
        run = null

    def entry(s):
        if s is None:
            return None
        if s is null:
            return {"value": None, "null": True, "score": _num(null[1])}
        (a, b), score, _ = s
        out = {"span": [a, b], "text": ev.text[a:b], "score": _num(score)}
        if s is win:
            out["value"] = outcome.value
        return out

    winner = win if win is not None else null
    rows = []
    for name, part in _contributions(ev, scores, margin):
        rows.append({"name": name, "winner": _num(part(winner)), "runner_up": None if run is None else _num(part(run))})
    return {"winner": entry(winner), "runner_up": entry(run), "terms": rows}


def _contributions(ev, scores, margin):
    """(name, contribution of an outcome) of every term of an extract, in order."""
    def pointer(p: T.PointerTerm):
        def part(s):
            if s[0] == "null":
                return p.null
            i, j = s[2]
            follows = p.follow is not None and scores.follow_start == i
            return p.start[i] + (p.follow[j] if follows else p.end[j])
        return part

    def gain(g: T.GainTerm):
        def part(s):
            if s[0] == "null":
                return 0.0
            i, j = s[2]
            return T.span_relevance(ev.spans, torch.tensor(i), torch.tensor(j)) * g.factor(torch.tensor(j))
        return part

    out = [(p.name, pointer(p)) for p in scores.pointer] + [(g.name, gain(g)) for g in scores.gains]
    if scores.excess != 0.0:
        out.append(("capped", lambda s: -scores.excess))
    out.append(("null_margin", lambda s: margin if s[0] == "null" else 0.0))
    return out


def shift_spans(explain: dict[str, Any] | None, offset: int) -> dict[str, Any] | None:
    """The explanation with its spans moved by `offset` code points (a window's into the whole
    context's)."""
    if explain is None or offset == 0:
        return explain
    out = dict(explain)
    for key in ("winner", "runner_up", "read"):
        entry = explain.get(key)
        if entry is not None and "span" in entry:
            out[key] = {**entry, "span": [entry["span"][0] + offset, entry["span"][1] + offset]}
    return out
