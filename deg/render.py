"""Render a request context to the one text the model reads (contract section 7.1).

The rendered text is the coordinate system of deg: every span anywhere (candidates, meta
`span`, datagen gold spans) is a `[start, end)` pair of code-point offsets into it, i.e.
plain Python `str` indices.

- A string context is used verbatim (no normalization, no stripping: offsets must point
  into exactly what the caller sent).
- Any other JSON value is serialized with `", "` / `": "` separators, the given key order and
  `ensure_ascii=False`, so non-ASCII text stays readable and keeps one code point per
  character.

Values that are not JSON are refused with a `ContextError` (a `RequestError`, so the gateway
answers 422 with `loc` = the path inside the request body) naming where they sit, rather
than being coerced the way `json.dumps` would (it turns `1: ...` keys into `"1"`, tuples
into lists and happily writes `NaN`): a context that silently changed would move every
offset. Lone surrogates are refused too, because the text could not be encoded as UTF-8
for the tokenizer.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

from deg.errors import RequestError

__all__ = ["ContextError", "render_context"]


class ContextError(RequestError):
    """The context is not a string or a JSON value; `loc` is the path of the offending part."""

    def __init__(self, loc: list[str | int], msg: str):
        super().__init__([{"loc": loc, "msg": msg}])


def render_context(context: Any) -> str:
    """Return the text the model reads for `context` (a str, or a JSON object/array/scalar)."""
    if isinstance(context, str):
        _check_text(context, ["context"])
        return context
    _check_json(context)
    try:
        text = json.dumps(context, separators=(", ", ": "), ensure_ascii=False, allow_nan=False)
    except RecursionError as exc:
        raise ContextError(["context"], "JSON nesting is too deep to render") from exc
    return text


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_text(text: str, where: list[str | int]) -> None:
    found = _SURROGATE.search(text)
    if found is not None:
        raise ContextError(
            where,
            f"lone surrogate U+{ord(found.group()):04X} at offset {found.start()} "
            "is not valid text",
        )


def _check_json(value: Any) -> None:
    """Walk `value` iteratively (no recursion limit) and refuse anything json.dumps would coerce.

    Locations are kept as linked `(parent, key)` pairs and turned into a list only on error,
    so a deep document costs O(nodes), not O(nodes x depth).
    """
    stack: list[tuple[Any, Any]] = [(value, None)]
    while stack:
        item, link = stack.pop()
        if item is None or isinstance(item, (bool, int, str)):
            if isinstance(item, str) and _SURROGATE.search(item):
                _check_text(item, _loc(link))
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                raise ContextError(_loc(link), f"{item!r} is not a JSON number")
            continue
        if isinstance(item, list):
            stack.extend((child, (link, i)) for i, child in enumerate(item))
            continue
        if isinstance(item, dict):
            for key, child in item.items():
                if not isinstance(key, str):
                    raise ContextError(_loc(link), f"object key {key!r} is not a string")
                if _SURROGATE.search(key):
                    _check_text(key, _loc(link))
                stack.append((child, (link, key)))
            continue
        raise ContextError(_loc(link), f"{type(item).__name__} is not a JSON value")


def _loc(link: Any) -> list[str | int]:
    keys: list[str | int] = []
    while link is not None:
        link, key = link
        keys.append(key)
    return ["context"] + keys[::-1]
