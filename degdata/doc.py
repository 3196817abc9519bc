"""`Doc`: a document written left to right that remembers where each gold value sits.

Domain modules write plain text with `add` and gold values with `put(path, text)`. A path
is a *logical* path into the domain's facts, a tuple of keys and item indices
(`("line_items", 0, "price")`); the assembler later maps it to the concrete RFC 6901
pointer of the schema it chose (`/items/0/unit_price`). Offsets are code points (Python
string indices), as the contract's spans are.

The first `put` of a path is its span; a later `put` of the same path (the invoice number
repeated in the footer) must write the same text and becomes a span alternative. Text that
merely happens to equal a value elsewhere is never an alternative: only a deliberate
repetition of the same value is.
"""
from __future__ import annotations

from typing import Hashable

Path = tuple[Hashable, ...]


class Doc:
    def __init__(self) -> None:
        self._parts: list[str] = []
        self._length = 0
        self.spans: dict[Path, tuple[int, int]] = {}
        self.alternatives: dict[Path, list[tuple[int, int]]] = {}
        self._texts: dict[Path, str] = {}

    def __len__(self) -> int:
        return self._length

    def add(self, *texts: str) -> "Doc":
        for text in texts:
            self._parts.append(text)
            self._length += len(text)
        return self

    def line(self, *texts: str) -> "Doc":
        return self.add(*texts, "\n")

    def put(self, path: Path, text: str) -> "Doc":
        """Write `text` and mark it as the gold text of `path`."""
        if not text or text != text.strip():
            raise ValueError(f"gold text for {path} must be non-empty and unpadded: {text!r}")
        span = (self._length, self._length + len(text))
        if path in self.spans:
            if self._texts[path] != text:
                raise ValueError(f"{path} repeated as {text!r}, first written as "
                                 f"{self._texts[path]!r}")
            self.alternatives.setdefault(path, []).append(span)
        else:
            self.spans[path] = span
            self._texts[path] = text
        return self.add(text)

    def text_since(self, offset: int) -> str:
        """The text written from `offset` on (to quote a line as decide evidence)."""
        return self.text[offset:]

    @property
    def text(self) -> str:
        return "".join(self._parts)

    def gold_ranges(self) -> list[tuple[int, int]]:
        """Every span and span alternative, sorted."""
        out = list(self.spans.values())
        out += [s for alts in self.alternatives.values() for s in alts]
        return sorted(out)

    def rewrite(self, edits: list[tuple[int, int, str]]) -> None:
        """Apply `(start, end, replacement)` edits (non-overlapping; `start == end` inserts)
        to the finished text and move every span with its text. An edit may touch a gold
        span's boundary but never its inside: the gold text stays exactly what it was.
        An insertion at a span's start lands before the span, one at its end after it."""
        edits = sorted(edits)
        for (s1, e1, _), (s2, _, _) in zip(edits, edits[1:]):
            if s2 < e1 or (s1 == e1 == s2):
                raise ValueError(f"overlapping edits at {s1}..{e1} and {s2}")
        for s, e in self.gold_ranges():
            for a, b, _ in edits:
                if (a < e and b > s) or s < a < e:
                    raise ValueError(f"edit {a}..{b} would change the gold text at {s}..{e}")
        text, pieces, last = self.text, [], 0
        starts = [a for a, _, _ in edits]
        ends = [b for _, b, _ in edits]
        deltas = [len(r) - (b - a) for a, b, r in edits]
        for a, b, rep in edits:
            pieces += [text[last:a], rep]
            last = b
        pieces.append(text[last:])

        def shift(at: int, ends_here: bool) -> int:
            # a span's start moves by every edit ending at or before it; its end by every
            # edit starting before it (those cannot overlap the span, so they end before it)
            keys = starts if ends_here else ends
            return at + sum(d for k, d in zip(keys, deltas) if (k < at if ends_here else k <= at))

        def move(span: tuple[int, int]) -> tuple[int, int]:
            return shift(span[0], False), shift(span[1], True)

        self.spans = {k: move(v) for k, v in self.spans.items()}
        self.alternatives = {k: [move(v) for v in vs] for k, vs in self.alternatives.items()}
        self._parts = ["".join(pieces)]
        self._length = len(self._parts[0])
