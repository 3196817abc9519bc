"""A schema node after `$ref` resolution, and the small value helpers the compiler shares."""
from __future__ import annotations

import json
from typing import Any

from deg.pointer import join as join_pointer
from deg.schema.refs import Loc


RECURSION_MARK = "$deg-recursion"  # the schema a recursive $ref past the unroll depth stands for


class Node:
    """A schema after `$ref` resolution: its keywords and where each keyword was written."""

    def __init__(self, schema: dict[str, Any], locs: dict[str, Loc], loc: Loc, active: frozenset):
        self.schema = schema
        self.locs = locs          # keyword -> location of the schema object that holds it
        self.loc = loc            # where this node is used
        self.active = active      # document locations of the schemas enclosing this one

    def at(self, keyword: str) -> Loc:
        return self.locs.get(keyword, self.loc) + (keyword,)

    def get(self, keyword: str, default: Any = None) -> Any:
        return self.schema.get(keyword, default)

    def __contains__(self, keyword: str) -> bool:
        return keyword in self.schema


def _value_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _equality_key(value: Any) -> tuple:
    """JSON equality: 1 == 1.0, but true != 1 and "1" != 1."""
    if isinstance(value, bool):
        return ("boolean", value)
    if isinstance(value, (int, float)):
        return ("number", value)
    return (_value_type(value), value)


def _pointer(path: tuple[str, ...]) -> str:
    return join_pointer(path)


def _describe(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
