"""Span-pointer logits -> scored candidate spans (contract 12.3).

The choice among scored spans (best valid one unless null wins, `forbid`, `null_margin`,
null reasons) is the core's `deg.outcomes.pick_extract`; this module only says which spans
are candidates and how each scores:

- typed leaves (number, date, date-time, email, uri, uuid): every span the deterministic
  grammar (`deg.candidates.find_candidates`) finds in the context, scored by
  `log p_start + log p_end` of its first and last covering tokens;
- plain strings: the top `TOP_SPANS` token spans with `i <= j < i + MAX_SPAN_TOKENS`, mapped
  to code points and trimmed of whitespace and boundary punctuation a token carried in. A
  span never crosses a paragraph break (a blank line): a value copied from a document ends
  where its block does, so a name is not read on into the next section.

Log-probabilities are taken in float64 from fp32 logits; sorts are stable, so equal scores
keep document order and the first maximum wins.
"""
from __future__ import annotations

import bisect
import math
import re

import torch

from .relevance import SpanEvidence

TOP_SPANS = 32
MAX_SPAN_TOKENS = 128
# What a covering token may carry in beyond the value itself.
_TRIM = " \t\r\n\u00a0\u2009\u202f,;:.!?()[]{}\"'`<>|*•·"

Scored = list[tuple[tuple[int, int], float]]
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\u00a0]*\n")


def trim_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink [start, end) past whitespace and boundary punctuation.

    A final dot stays when it closes an abbreviation or initial ("Acme Inc.", "J."): an
    upper-case letter or a lower-case abbreviation of at most 3 letters before it. A final
    closing bracket stays when the span opened it ("Trailhead jacket (M)").
    """
    while start < end and text[start] in _TRIM:
        start += 1
    while end > start and text[end - 1] in _TRIM:
        if text[end - 1] == "." and _abbreviation_before(text, start, end - 1):
            break
        if text[end - 1] in _CLOSES and _opens(text, start, end - 1, _CLOSES[text[end - 1]]):
            break                       # "jacket (M)": the bracket the value opened stays
        end -= 1
    # ... and is taken in when the span's last token stopped just short of it
    if end < len(text) and text[end] in _CLOSES and _opens(text, start, end, _CLOSES[text[end]]):
        end += 1
    return start, end


_CLOSES = {")": "(", "]": "["}


def _opens(text: str, start: int, close: int, opener: str) -> bool:
    """Does text[start:close] leave an `opener` unclosed (so the bracket at `close` is its)?"""
    depth = 0
    for ch in text[start:close]:
        if ch == opener:
            depth += 1
        elif ch == text[close] and depth:
            depth -= 1
    return depth > 0


def _abbreviation_before(text: str, start: int, dot: int) -> bool:
    word_start = dot
    while word_start > start and text[word_start - 1].isalpha():
        word_start -= 1
    word = text[word_start:dot]
    return bool(word) and (word[0].isupper() and len(word) <= 3)


class TokenMap:
    """Code-point offsets `[start, end)` of the context tokens, in order."""

    def __init__(self, offsets: list[tuple[int, int]]):
        self.offsets = offsets
        self._ends = [e for _, e in offsets]
        self._starts = [s for s, _ in offsets]

    def __len__(self) -> int:
        return len(self.offsets)

    def paragraphs(self, text: str) -> tuple[torch.Tensor, torch.Tensor]:
        """([T], [T]) paragraph index of each token's first and last non-space character
        (a whitespace-only token counts as opening the paragraph after it and closing the one
        before it, so trimming it off a span never makes the span cross). Kept per text."""
        hit = getattr(self, "_paragraphs", None)
        if hit is not None and hit[0] is text:
            return hit[1]
        breaks = [m.start() for m in _PARAGRAPH_BREAK.finditer(text)]
        first, last = [], []
        for start, end in self.offsets:
            piece = text[start:end]
            lead = len(piece) - len(piece.lstrip())
            tail = len(piece.rstrip())
            if tail <= lead:                       # whitespace only
                first.append(bisect.bisect_left(breaks, end))
                last.append(bisect.bisect_left(breaks, start))
            else:
                first.append(bisect.bisect_right(breaks, start + lead))
                last.append(bisect.bisect_right(breaks, start + tail - 1))
        out = (torch.tensor(first, dtype=torch.long), torch.tensor(last, dtype=torch.long))
        self._paragraphs = (text, out)
        return out

    def covering(self, start: int, end: int) -> tuple[int, int] | None:
        """First and last token overlapping [start, end), or None."""
        i = bisect.bisect_right(self._ends, start)
        j = bisect.bisect_left(self._starts, end) - 1
        if i >= len(self.offsets) or j < i:
            return None
        return i, j


def log_probs(start_logits: torch.Tensor, end_logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, float]:
    """[T+1] logits each (null last) -> (log p_start [T+1], log p_end [T+1], log p(null))."""
    ls = torch.log_softmax(start_logits.to(torch.float64), dim=-1)
    le = torch.log_softmax(end_logits.to(torch.float64), dim=-1)
    return ls, le, float(ls[-1] + le[-1])


Override = tuple[int, torch.Tensor] | None
# (weight, closing weight, evidence): `evidence.gain(first, last, ...)` added to every
# span's score (`runtime.relevance`); None adds nothing.
Gain = tuple[float, float, SpanEvidence] | None


def typed_scores(ls: torch.Tensor, le: torch.Tensor, tokens: TokenMap,
                 candidates: list[tuple[int, int]], override: Override = None, gain: Gain = None) -> Scored:
    """`override` = (s, end [T]): spans starting at token s score their end by that vector
    instead of `le` (the LM prior knows the end of the one span it copied)."""
    out: Scored = []
    for cs, ce in candidates:
        cover = tokens.covering(cs, ce)
        if cover is not None:
            i, j = cover
            end = override[1][j] if override is not None and i == override[0] else le[j]
            score = float(ls[i] + end)
            if gain is not None:
                score += float(gain[2].gain(torch.tensor(i), torch.tensor(j), gain[0], gain[1]))
            out.append(((cs, ce), score))
    return out


def capped(scored: Scored, null_lp: float) -> tuple[Scored, float]:
    """Spans and null rescaled by one constant when their mass passes 1 (a relevance gain
    can lift a span's score above 0): the confidence stays a probability, and the order of
    spans and null, and so the outcome, does not change. Mass of at most 1 is left as is."""
    total = torch.logsumexp(torch.tensor([score for _, score in scored] + [null_lp], dtype=torch.float64), 0)
    excess = max(float(total), 0.0)
    if excess == 0.0:
        return scored, null_lp
    return [(span, score - excess) for span, score in scored], null_lp - excess


def plain_scores(ls: torch.Tensor, le: torch.Tensor, tokens: TokenMap, text: str,
                 override: Override = None, gain: Gain = None) -> Scored:
    t = len(tokens)
    if t == 0:
        return []
    w = min(MAX_SPAN_TOKENS, t)
    ends = torch.arange(t).unsqueeze(1) + torch.arange(w).unsqueeze(0)       # [T, w]
    inside = ends < t
    band = ls[:t].unsqueeze(1) + le[ends.clamp(max=t - 1)]                   # [T, w]
    if override is not None:
        s, end = override
        band[s] = ls[s] + end.to(band.dtype)[ends[s].clamp(max=t - 1)]
    if gain is not None:
        firsts = torch.arange(t).unsqueeze(1).expand(-1, w)
        band = band.double() + gain[2].gain(firsts, ends.clamp(max=t - 1), gain[0], gain[1])
    first, last = tokens.paragraphs(text)
    within = first.unsqueeze(1) == last[ends.clamp(max=t - 1)]                 # [T, w]
    band = band.masked_fill(~(inside & within), -math.inf).flatten()
    order = torch.sort(band, descending=True, stable=True).indices[:TOP_SPANS]
    out: Scored = []
    seen: set[tuple[int, int]] = set()
    for k in order.tolist():
        score = float(band[k])
        if score == -math.inf:
            break
        i, d = divmod(k, w)
        span = trim_span(text, tokens.offsets[i][0], tokens.offsets[i + d][1])
        if span[1] > span[0] and span not in seen:
            seen.add(span)
            out.append((span, score))
    return out
