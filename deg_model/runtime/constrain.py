"""Constrained decoding for `x-generate` text (contract 4, 12.3).

A candidate token is admissible when the decoded text stays within `maxLength` and is still
a partial match of `(?s:.*?)(?:pattern)(?s:.*)`: JSON Schema's `pattern` is a search, so the
text is valid once the pattern occurs anywhere in it, and a prefix is viable while some
continuation could still make that happen (the `regex` package's partial matching says so).
EOS is admissible only once `minLength` and the pattern are met. Lengths count code points,
as JSON Schema does.

Partial matching alone cannot see `maxLength`: with `pattern: "[a-z]+"` and `maxLength: 2`,
the prefix `"#%"` is still a partial match, yet no continuation fits. So where the pattern is
a plain regular expression (no lookarounds or backreferences; `^`/`$` only at its ends), it is
also compiled to a DFA (`interegular`) of the search language, and each DFA state knows the
fewest characters that reach acceptance: a prefix is viable only if that many still fit. A
pattern the DFA builder cannot read keeps the partial-match check only.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import regex

try:                                   # optional: length-aware viability
    import interegular
except ImportError:                    # pragma: no cover - listed in the project dependencies
    interegular = None


@lru_cache(maxsize=256)
def _search_automaton(pattern: str) -> regex.Pattern:
    return regex.compile(r"(?s:.*?)(?:" + pattern + r")(?s:.*)")


class _Distance:
    """A DFA of the search language of a pattern and, per state, the fewest characters that
    reach an accepting state (absent: dead state)."""

    def __init__(self, fsm):
        self.fsm = fsm
        reverse: dict[int, set[int]] = {}
        for state, moves in fsm.map.items():
            for target in moves.values():
                reverse.setdefault(target, set()).add(state)
        self.distance = {state: 0 for state in fsm.finals}
        frontier = list(fsm.finals)
        while frontier:                                 # breadth-first from the finals
            nxt = []
            for state in frontier:
                for before in reverse.get(state, ()):
                    if before not in self.distance:
                        self.distance[before] = self.distance[state] + 1
                        nxt.append(before)
            frontier = nxt

    def needed(self, text: str) -> int | None:
        """Fewest characters `text` still needs to be accepted; None if nothing helps."""
        state = self.fsm.initial
        for ch in text:
            state = self.fsm.map.get(state, {}).get(self.fsm.alphabet[ch])
            if state is None:
                return None
        return self.distance.get(state)


@lru_cache(maxsize=256)
def _distance(pattern: str) -> _Distance | None:
    if interegular is None:
        return None
    core, start, end = pattern, False, False
    if core.startswith("^"):
        core, start = core[1:], True
    if core.endswith("$") and not core.endswith("\\$"):
        core, end = core[:-1], True
    if "^" in core.replace("[^", "").replace("\\^", "") or "$" in core.replace("\\$", ""):
        return None                                     # inner anchors: partial matching only
    if (start or end) and "|" in core:
        return None                                     # `^a|b$` binds the anchors per branch
    language = ("" if start else r"[\s\S]*") + f"(?:{core})" + ("" if end else r"[\s\S]*")
    try:
        return _Distance(interegular.parse_pattern(language).to_fsm())
    except Exception:                                   # noqa: BLE001 - unsupported syntax
        return None


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
        if _search_automaton(self.pattern).fullmatch(text, partial=True) is None:
            return False
        dfa = _distance(self.pattern)
        if dfa is None:
            return True
        needed = dfa.needed(text)
        if needed is None:
            return False
        return self.max_length is None or len(text) + needed <= self.max_length

    def complete(self, text: str) -> bool:
        """Is `text` a valid final value (EOS admissible)?"""
        if len(text) < self.min_length:
            return False
        if self.max_length is not None and len(text) > self.max_length:
            return False
        if self.pattern is None:
            return True
        return _search_automaton(self.pattern).fullmatch(text) is not None
