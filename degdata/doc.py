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
