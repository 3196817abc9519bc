"""Constrained decoding for `x-generate` text (contract 4, 12.3).

A candidate token is admissible when the decoded text stays within `maxLength` and is still
a partial match of `(?s:.*?)(?:pattern)(?s:.*)`: JSON Schema's `pattern` is a search, so the
text is valid once the pattern occurs anywhere in it, and a prefix is viable while some
continuation could still make that happen (the `regex` package's partial matching says so).
EOS is admissible only once `minLength` and the pattern are met. Lengths count code points,
as JSON Schema does.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import regex


@lru_cache(maxsize=256)
def _search_automaton(pattern: str) -> regex.Pattern:
    return regex.compile(r"(?s:.*?)(?:" + pattern + r")(?s:.*)")


@dataclass(frozen=True)
class TextLimits:
    min_length: int = 0
    max_length: int | None = None
    pattern: str | None = None

    @classmethod
    def from_constraints(cls, constraints) -> "TextLimits":
        c = dict(constraints)
        return cls(int(c.get("minLength", 0)), c.get("maxLength"), c.get("pattern"))

    def viable(self, text: str) -> bool:
        """May `text` still grow into a valid value?"""
        if self.max_length is not None and len(text) > self.max_length:
            return False
        if self.pattern is None:
            return True
        return _search_automaton(self.pattern).fullmatch(text, partial=True) is not None

    def complete(self, text: str) -> bool:
        """Is `text` a valid final value (EOS admissible)?"""
        if len(text) < self.min_length:
            return False
        if self.max_length is not None and len(text) > self.max_length:
            return False
        if self.pattern is None:
            return True
        return _search_automaton(self.pattern).fullmatch(text) is not None
