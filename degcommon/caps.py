"""Equal array caps for both systems, so a race between deg and the baseline is fair.

On a small model an unbounded array lets a grammar-constrained decoder repeat items until its
token budget runs out; deg's count head has no such failure. To compare like with like, the
same `maxItems` is injected into every array of the schema both systems receive, and the gold
value is cut to the same length (its first `cap` items, in document order), so a system is
never asked for more items than the schema allows.

Stated choices:
- an existing smaller `maxItems` is kept (the cap only ever tightens);
- a `minItems` above the cap raises the cap for that array to `minItems`, because a schema
  whose bounds admit no length would be invalid;
- arrays are found everywhere a schema can sit (`properties`, `items`, `$defs`/`definitions`,
  `anyOf`/`oneOf` branches), so referenced definitions are capped too.
"""
from __future__ import annotations

import copy
from typing import Any

from deg.schema.refs import RefProblem, find_anchors, resolve_ref

_SCHEMA_MAPS = ("properties", "$defs", "definitions")
_SCHEMA_LISTS = ("anyOf", "oneOf")


def _is_array(node: dict[str, Any]) -> bool:
    kind = node.get("type")
    return kind == "array" or (isinstance(kind, list) and "array" in kind)


def cap_arrays(schema: dict[str, Any], max_items: int) -> dict[str, Any]:
    """A deep copy of `schema` with `maxItems <= max_items` on every array (input untouched)."""
    if not isinstance(max_items, int) or isinstance(max_items, bool) or max_items < 1:
        raise ValueError(f"max_items must be an int >= 1, got {max_items!r}")
    if not isinstance(schema, dict):
        raise ValueError(f"schema must be a JSON object, got {type(schema).__name__}")
    capped = copy.deepcopy(schema)
    _cap_node(capped, max_items)
    return capped


def _cap_node(node: Any, cap: int) -> None:
    if not isinstance(node, dict):
        return
    if _is_array(node):
        limit = max(cap, int(node.get("minItems", 0)))
        node["maxItems"] = min(int(node["maxItems"]), limit) if "maxItems" in node else limit
    for key in _SCHEMA_MAPS:
        for child in (node.get(key) or {}).values():
            _cap_node(child, cap)
    for key in _SCHEMA_LISTS:
        for child in node.get(key) or []:
            _cap_node(child, cap)
    _cap_node(node.get("items"), cap)


def cap_value(schema: dict[str, Any], value: Any, root: dict[str, Any] | None = None) -> Any:
    """`value` with every array cut to its (capped) schema's `maxItems`; `value` is untouched.

    Follows local `$ref`s through `root` (the whole schema) so referenced arrays are cut too.
    """
    root = schema if root is None else root
    schema = _resolve(schema, root)
    if isinstance(value, list):
        limit = schema.get("maxItems")
        items = value if limit is None else value[:limit]
        item_schema = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        return [cap_value(item_schema, item, root) for item in items]
    if isinstance(value, dict):
        props = schema.get("properties") or {}
        return {key: cap_value(props.get(key, {}), item, root) for key, item in value.items()}
    return value


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    seen = 0
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and seen < 32:
        ref = schema["$ref"]
        if not ref.startswith("#"):
            raise ValueError(f"only local $ref can be followed, got {ref!r}")
        try:
            target, _ = resolve_ref(root, ref, find_anchors(root) if ref[1:2] not in ("", "/") else {})
        except RefProblem as exc:
            raise ValueError(str(exc)) from None
        schema, seen = target, seen + 1
    return schema if isinstance(schema, dict) else {}
