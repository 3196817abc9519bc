"""Local `$ref` resolution: `#`, `#/json/pointer` (RFC 6901 escaping, percent-decoded as a URI
fragment) and `#name` (a `$anchor` in the same document).

Every reference resolves against the root document: `$id` does not change the base, and a
reference with anything before `#` (another file, a URL) is refused, because deg never fetches
schemas. Cycle detection lives in the compiler, which knows which schemas it is inside.
"""
from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from deg.pointer import unescape

Loc = tuple[str | int, ...]


class RefProblem(Exception):
    """A `$ref` that cannot be resolved; the message names the reference and the reason."""


def find_anchors(document: Any) -> dict[str, Loc]:
    """`$anchor` name -> location of the schema that declares it (first one wins)."""
    anchors: dict[str, Loc] = {}
    stack: list[tuple[Any, Loc]] = [(document, ())]
    while stack:
        value, loc = stack.pop()
        if isinstance(value, dict):
            name = value.get("$anchor")
            if isinstance(name, str):
                anchors.setdefault(name, loc)
            stack.extend((child, loc + (key,)) for key, child in value.items())
        elif isinstance(value, list):
            stack.extend((child, loc + (index,)) for index, child in enumerate(value))
    return anchors


def _segment(container: Any, token: str, ref: str) -> tuple[Any, str | int]:
    if isinstance(container, dict):
        if token not in container:
            raise RefProblem(f"$ref {ref!r} points to nothing: no {token!r} in the document")
        return container[token], token
    if isinstance(container, list):
        if not token.isdigit() or (len(token) > 1 and token[0] == "0"):
            raise RefProblem(f"$ref {ref!r}: {token!r} is not an array index")
        index = int(token)
        if index >= len(container):
            raise RefProblem(f"$ref {ref!r} points to nothing: index {index} is out of range")
        return container[index], index
    raise RefProblem(f"$ref {ref!r} points inside a value that is not an object or array")


def resolve_ref(document: Any, ref: Any, anchors: dict[str, Loc]) -> tuple[Any, Loc]:
    """The target of a local reference and its location in the document."""
    if not isinstance(ref, str):
        raise RefProblem("$ref must be a string")
    if not ref.startswith("#"):
        raise RefProblem(f"$ref {ref!r} is not local: deg resolves only references inside "
                         "the schema (\"#\" or \"#/...\")")
    fragment = unquote(ref[1:])
    if fragment == "":
        return document, ()
    if not fragment.startswith("/"):
        if fragment not in anchors:
            raise RefProblem(f"$ref {ref!r}: no $anchor {fragment!r} in the schema")
        loc = anchors[fragment]
        target = document
        for part in loc:
            target = target[part]
        return target, loc
    target, loc = document, ()
    for raw in fragment[1:].split("/"):
        token = unescape(raw)
        target, part = _segment(target, token, ref)
        loc += (part,)
    return target, loc
