"""Hypothesis strategies for request bodies from the JSON Schema subset the OpenAPI document uses.

Covers `const`, `enum`, `anyOf`/`oneOf`, `type` (one or a list), string lengths and `pattern`,
number bounds, array sizes and `items`, object `properties`/`required`/`additionalProperties`
and property counts; an empty schema is any small JSON value. `$ref`s must be inlined first
(`inline_refs`). Sizes are kept small (at most 3 items past the minimum) so each example is one
quick request.
"""
from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from deg.pointer import unescape

SPARE = 3  # items or properties past the minimum
JSON_LEAF = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.text(max_size=8))
ANY_JSON = st.recursive(JSON_LEAF, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                          st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                        max_leaves=6)


def inline_refs(node: Any, document: dict[str, Any]) -> Any:
    """`node` with every local `$ref` replaced by its target (KeyError for a dangling one)."""
    if isinstance(node, dict):
        if "$ref" in node:
            target: Any = document
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target[unescape(part)]
            return inline_refs(target, document)
        return {key: inline_refs(value, document) for key, value in node.items()}
    if isinstance(node, list):
        return [inline_refs(value, document) for value in node]
    return node


def from_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    branches = schema.get("anyOf") or schema.get("oneOf")
    if branches:
        return st.one_of([from_schema(branch) for branch in branches])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**schema, "type": one}) for one in kind])
    if kind is None:
        return ANY_JSON
    return TYPES[kind](schema)


def _string(schema: dict[str, Any]) -> st.SearchStrategy[str]:
    if "pattern" in schema:
        return st.from_regex(schema["pattern"], fullmatch=True)
    low = schema.get("minLength", 0)
    return st.text(min_size=low, max_size=min(schema.get("maxLength", low + 12), low + 12))


def _bound(value: Any) -> int | None:
    return None if value is None else int(value)   # pydantic writes integer bounds as floats (4096.0)


def _integer(schema: dict[str, Any]) -> st.SearchStrategy[int]:
    return st.integers(_bound(schema.get("minimum")), _bound(schema.get("maximum")))


def _number(schema: dict[str, Any]) -> st.SearchStrategy[float]:
    return st.floats(schema.get("minimum"), schema.get("maximum"), allow_nan=False, allow_infinity=False)


def _array(schema: dict[str, Any]) -> st.SearchStrategy[list[Any]]:
    low = schema.get("minItems", 0)
    items = from_schema(schema["items"]) if "items" in schema else ANY_JSON
    return st.lists(items, min_size=low, max_size=min(schema.get("maxItems", low + SPARE), low + SPARE))


def _object(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    properties = schema.get("properties", {})
    required = [name for name in schema.get("required", []) if name in properties]
    named = st.fixed_dictionaries({name: from_schema(properties[name]) for name in required},
                                  optional={name: from_schema(sub) for name, sub in properties.items()
                                            if name not in required})
    extra = schema.get("additionalProperties", not properties)
    if extra is False:
        return named
    low = schema.get("minProperties", 0)
    values = from_schema(extra) if isinstance(extra, dict) else ANY_JSON
    keys = st.text(min_size=1, max_size=8).filter(lambda key: key not in properties)
    more = st.dictionaries(keys, values, min_size=low,
                           max_size=min(schema.get("maxProperties", low + SPARE), low + SPARE))
    return st.builds(lambda a, b: {**b, **a}, named, more)


TYPES = {"string": _string, "integer": _integer, "number": _number, "boolean": lambda _: st.booleans(),
         "null": lambda _: st.none(), "array": _array, "object": _object}
