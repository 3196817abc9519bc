"""RFC 6901 JSON Pointers, written once for the whole project.

Plan pointers use `*` for "every item of this array" (`/items/*/name`); concrete pointers
put the item index there (`/items/0/name`). A property literally named `*` is escaped as
nothing special: it stays `*` in plan paths only because plan paths are tuples of segments,
and `concretize` replaces exactly the `*` segments that stand for array items.
"""
from __future__ import annotations

from typing import Iterable, Sequence

__all__ = ["concretize", "escape", "join", "pointer_of", "split", "unescape"]

Segment = str | int


def escape(name: str) -> str:
    """One reference token: `~` -> `~0`, `/` -> `~1` (in that order, RFC 6901 section 3)."""
    return name.replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    """The inverse of `escape`: `~1` -> `/`, then `~0` -> `~` (RFC 6901 section 4)."""
    return token.replace("~1", "/").replace("~0", "~")


def pointer_of(segments: Iterable[Segment]) -> str:
    """The pointer of property names and integer indices; `""` is the whole document."""
    return "".join("/" + (str(s) if isinstance(s, int) else escape(s)) for s in segments)


def join(path: Iterable[str]) -> str:
    """A plan pointer: like `pointer_of`, but a `*` segment (every item) stays `*`."""
    return "".join("/" + (s if s == "*" else escape(s)) for s in path)


def split(pointer: str) -> list[str]:
    """The unescaped reference tokens of a pointer (`""` -> `[]`). Raises ValueError if the
    text is not a pointer (non-empty and not starting with `/`)."""
    if not isinstance(pointer, str) or (pointer and not pointer.startswith("/")):
        raise ValueError(f"{pointer!r} is not an RFC 6901 pointer")
    return [unescape(s) for s in pointer.split("/")[1:]]


def concretize(path: Sequence[str], fill: Sequence[Segment]) -> list[Segment]:
    """The segments of plan path `path` with its `*` segments replaced, outermost first, by
    `fill` (item indices, or anything else the caller shows in their place). Extra `*`
    segments past `len(fill)` stay `*`."""
    out: list[Segment] = []
    k = 0
    for seg in path:
        if seg == "*" and k < len(fill):
            out.append(fill[k])
            k += 1
        else:
            out.append(seg)
    return out
