"""The context tokens' code-point offsets (`TokenMap`): what span decoding reads of a trunk.

Which spans are candidates and how each scores is composed in `deg_model.scoring` (typed
leaves: the grammar's spans; plain strings: the best token spans, trimmed to their text,
never across a paragraph break, `scoring.shape`); the choice among them is the core's
`deg.outcomes.pick_extract`. A TokenMap says which tokens cover a span of text and which
paragraph each token opens and closes.
"""
from __future__ import annotations

import bisect
import re

import torch

__all__ = ["TokenMap"]

_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\u00a0]*\n")


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
