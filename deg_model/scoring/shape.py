"""The span shape rules: which spans of context tokens a plain extract may answer, and where
a span's text starts and ends. They say which spans exist, never how one scores.

- `no_blank_line`: a span never crosses a paragraph break (a blank line): a value copied from
  a document ends where its block does, so a name is not read on into the next section.
- `trim_span`: a span's text loses the whitespace and boundary punctuation a covering token
  carried in, except an abbreviation's dot (`abbreviation_dot`: "Acme Inc.", "J.") and a
  closing bracket the span opened (`bracket_opened`: "Trailhead jacket (M)"), which stay, or
  are taken in when the span's last token stopped just short of them.
"""
from __future__ import annotations

import torch

__all__ = ["abbreviation_dot", "bracket_opened", "no_blank_line", "trim_span"]

# What a covering token may carry in beyond the value itself.
_TRIM = " \t\r\n\u00a0\u2009\u202f,;:.!?()[]{}\"'`<>|*•·"
_CLOSES = {")": "(", "]": "["}


def no_blank_line(tokens, text: str, ends: torch.Tensor) -> torch.Tensor:
    """[T, w] bool: does the span from token i to token ends[i, d] stay in one paragraph?
    `ends` is clamped to the last token."""
    first, last = tokens.paragraphs(text)
    return first.unsqueeze(1) == last[ends]


def abbreviation_dot(text: str, start: int, dot: int) -> bool:
    """Does the dot at `dot` close an abbreviation or initial: an upper-case word of at most 3
    letters before it?"""
    word_start = dot
    while word_start > start and text[word_start - 1].isalpha():
        word_start -= 1
    word = text[word_start:dot]
    return bool(word) and (word[0].isupper() and len(word) <= 3)


def bracket_opened(text: str, start: int, close: int) -> bool:
    """Is the bracket at `close` one that text[start:close] opened and left unclosed?"""
    opener = _CLOSES.get(text[close])
    if opener is None:
        return False
    depth = 0
    for ch in text[start:close]:
        if ch == opener:
            depth += 1
        elif ch == text[close] and depth:
            depth -= 1
    return depth > 0


def trim_span(text: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) shrunk past whitespace and boundary punctuation, keeping an abbreviation's
    dot and a bracket the span opened (taken in when it sits just after the span)."""
    while start < end and text[start] in _TRIM:
        start += 1
    while end > start and text[end - 1] in _TRIM:
        if text[end - 1] == "." and abbreviation_dot(text, start, end - 1):
            break
        if bracket_opened(text, start, end - 1):
            break                       # "jacket (M)": the bracket the value opened stays
        end -= 1
    if end < len(text) and bracket_opened(text, start, end):
        end += 1
    return start, end
