"""Merging the branches of an `allOf` (and 2019-09+ `$ref` siblings) into one schema.

An `allOf` is a conjunction: a value must be valid against every branch. When the branches
describe one object or one scalar with compatible constraints, that conjunction is a single
schema deg can fill, and this module builds it:

- `properties` are united; a property named in two branches becomes the `allOf` of both
  definitions (merged in turn when it is walked);
- `required` lists are united, first-seen order;
- `type`s are intersected (`integer` within `number` is `integer`);
- lower bounds (`minimum`, `exclusiveMinimum`, `minLength`, `minItems`, `minProperties`) take
  the largest value and upper bounds the smallest; `uniqueItems` is true if any branch says so;
- an `enum` is intersected (JSON equality), keeping the first branch's order;
- annotations (`title`, `description`, ...) keep the first value met, the outer schema first,
  so an outer description overrides a referenced model's;
- every other keyword must be equal in every branch that gives it.

A keyword the branches disagree on (two different `pattern`s, disjoint types or enums, two
`anyOf`s) is a conflict: `merge` reports it and the caller turns it into an error naming the
keyword, because filling one branch could break the other.
"""
from __future__ import annotations

from typing import Any, Callable

_LOWER = frozenset({"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties",
                    "minContains"})
_UPPER = frozenset({"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties",
                    "maxContains"})


class MergeConflict(Exception):
    """Two branches give `keyword` values that cannot both hold in one schema."""

    def __init__(self, keyword: str, first: Any, second: Any):
        self.keyword = keyword
        super().__init__(f"{keyword} is {_short(first)} in one branch and {_short(second)} in "
                         "another")


def _short(value: Any) -> str:
    import json
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 60 else text[:57] + "..."


def _json_key(value: Any) -> Any:
    """JSON equality for enum intersection: 1 == 1.0, true != 1."""
    import json
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return json.dumps(value, sort_keys=True)
    return ("number", value)


def _types(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _merge_type(first: Any, second: Any) -> Any:
    a, b = _types(first), _types(second)
    out = [t for t in a if t in b]
    out += [t for t in ("integer",) if t not in out and (
        ("integer" in a and "number" in b) or ("number" in a and "integer" in b))]
    if not out:
        raise MergeConflict("type", first, second)
    return out[0] if len(out) == 1 else out


def _merge_enum(first: list, second: list) -> list:
    keys = {_json_key(v) for v in second}
    out = [v for v in first if _json_key(v) in keys]
    if not out:
        raise MergeConflict("enum", first, second)
    return out


def merge_keyword(keyword: str, first: Any, second: Any, annotations: frozenset[str]) -> Any:
    """The value of `keyword` in the conjunction of two schemas, or `MergeConflict`."""
    if first == second and type(first) is type(second):
        return first
    if keyword in annotations:
        return first
    if keyword == "properties" and isinstance(first, dict) and isinstance(second, dict):
        merged = dict(first)
        for name, schema in second.items():
            merged[name] = schema if name not in merged else {"allOf": [merged[name], schema]}
        return merged
    if keyword == "required":
        return list(first) + [name for name in second if name not in first]
    if keyword == "type":
        return _merge_type(first, second)
    if keyword == "enum":
        return _merge_enum(first, second)
    if keyword == "uniqueItems":
        return bool(first) or bool(second)
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (first, second))
    if keyword in _LOWER and numeric:
        return max(first, second)
    if keyword in _UPPER and numeric:
        return min(first, second)
    if keyword == "items" and isinstance(first, dict) and isinstance(second, dict):
        return {"allOf": [first, second]}
    raise MergeConflict(keyword, first, second)


Located = tuple[dict[str, Any], dict[str, Any]]   # (schema keywords, keyword -> location)


def merge(parts: list[Located], annotations: frozenset[str],
          conflict: Callable[[Any, MergeConflict], None]) -> Located:
    """Merge `parts` in order; each conflict is passed to `conflict(location, error)`."""
    schema: dict[str, Any] = {}
    locs: dict[str, Any] = {}
    for part_schema, part_locs in parts:
        for key, value in part_schema.items():
            if key not in schema:
                schema[key], locs[key] = value, part_locs[key]
                continue
            try:
                schema[key] = merge_keyword(key, schema[key], value, annotations)
            except MergeConflict as exc:
                conflict(part_locs[key], exc)
    return schema, locs
