"""What a domain can ask about its documents: `Field` specs and their constructors.

A domain describes each fact once (a logical key, the JSON type, how schema authors name
and describe it); the assembler then draws, per record, which fields a schema asks for,
which property name and wording it uses, and whether a field is required, nullable or
optional. So one domain yields many different but realistic schemas over the same kind
of document, as different teams would write them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KINDS = ("text", "number", "integer", "date", "choice", "flag", "score", "generate",
         "items", "strings", "object")
DECIDE_KINDS = ("choice", "flag", "score")


@dataclass(frozen=True)
class Field:
    key: str                          # logical key in the domain's facts
    kind: str                         # one of KINDS
    names: tuple[str, ...]            # property-name variants; the first is the canonical one
    title: str
    descriptions: tuple[str, ...] = ()
    keep: float = 1.0                 # probability that a schema asks for this field
    optional: bool = False            # the fact may be absent from a document
    format: str | None = None         # text: "email" | "uri"
    minimum: float | None = None      # number/integer: a validation-only lower bound
    options: tuple[Any, ...] = ()     # choice values
    option_descriptions: tuple[str, ...] | None = None
    levels: tuple[tuple[int, str], ...] = ()   # score: (level, label), all levels in order
    nullable_decide: bool = False     # choice/flag/score that may be null (enum with null)
    max_tokens: int | None = None     # generate
    children: tuple["Field", ...] = ()  # items / object

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown field kind {self.kind!r} for {self.key!r}")
        if not self.names:
            raise ValueError(f"field {self.key!r} needs at least one property name")
        if self.kind in ("items", "object") and not self.children:
            raise ValueError(f"{self.kind} field {self.key!r} needs children")
        if self.kind == "choice" and len(self.options) < 2:
            raise ValueError(f"choice field {self.key!r} needs at least two options")
        if self.kind == "score" and len(self.levels) < 2:
            raise ValueError(f"score field {self.key!r} needs at least two levels")


def _names(key: str, aliases: tuple[str, ...]) -> tuple[str, ...]:
    return (key, *aliases)


def _desc(desc: str | tuple[str, ...]) -> tuple[str, ...]:
    return (desc,) if isinstance(desc, str) else tuple(desc)


def text(key, title, desc, *aliases, **kw) -> Field:
    return Field(key, "text", _names(key, aliases), title, _desc(desc), **kw)


def number(key, title, desc, *aliases, **kw) -> Field:
    return Field(key, "number", _names(key, aliases), title, _desc(desc), **kw)


def integer(key, title, desc, *aliases, **kw) -> Field:
    """A count copied from the text: an integer with no upper bound is extracted, not decided."""
    return Field(key, "integer", _names(key, aliases), title, _desc(desc), **kw)


def date(key, title, desc, *aliases, **kw) -> Field:
    return Field(key, "date", _names(key, aliases), title, _desc(desc), **kw)


def choice(key, title, desc, options, *aliases, **kw) -> Field:
    return Field(key, "choice", _names(key, aliases), title, _desc(desc),
                 options=tuple(options), **kw)


def flag(key, title, desc, *aliases, **kw) -> Field:
    return Field(key, "flag", _names(key, aliases), title, _desc(desc), **kw)


def score(key, title, desc, levels: dict[int, str], *aliases, **kw) -> Field:
    return Field(key, "score", _names(key, aliases), title, _desc(desc),
                 levels=tuple(sorted(levels.items())), **kw)


def generate(key, title, desc, max_tokens, *aliases, **kw) -> Field:
    return Field(key, "generate", _names(key, aliases), title, _desc(desc),
                 max_tokens=max_tokens, **kw)


def items(key, title, desc, children, *aliases, **kw) -> Field:
    return Field(key, "items", _names(key, aliases), title, _desc(desc),
                 children=tuple(children), **kw)


def strings(key, title, desc, *aliases, **kw) -> Field:
    return Field(key, "strings", _names(key, aliases), title, _desc(desc), **kw)


def obj(key, title, desc, children, *aliases, **kw) -> Field:
    return Field(key, "object", _names(key, aliases), title, _desc(desc),
                 children=tuple(children), **kw)
