"""What a record asks: the deg mode of every schema leaf (contract section 3), for reports.

This mirrors the contract's type -> mode table for the schemas datagen writes; it is a
report helper, not a schema compiler (deg.compile_schema is the authority).
"""
from __future__ import annotations

from typing import Any


def leaf_mode(schema: dict[str, Any]) -> str:
    if schema.get("x-generate"):
        return "generate"
    if "enum" in schema or "oneOf" in schema:
        return "decide.choice"
    branch = next((b for b in schema.get("anyOf", []) if b.get("type") != "null"), None)
    node = {**schema, **branch} if branch else schema
    types = node.get("type")
    types = set(types) if isinstance(types, list) else {types}
    if "boolean" in types:
        return "decide.choice" if "null" in types else "decide.noul"
    if "integer" in types and "minimum" in node and "maximum" in node \
            and 2 <= node["maximum"] - node["minimum"] + 1 <= 11:
        return "decide.score"
    if types & {"integer", "number"}:
        return "extract.number"
    if node.get("format") in ("date", "date-time"):
        return "extract.date"
    return "extract.span"


def schema_modes(schema: dict[str, Any]) -> list[tuple[str, str]]:
    """(pointer with `*` for items, mode) of every leaf, depth-first in schema order."""
    out: list[tuple[str, str]] = []

    def walk(node: dict[str, Any], ptr: str) -> None:
        if node.get("type") == "object":
            for name, sub in node.get("properties", {}).items():
                walk(sub, f"{ptr}/{name}")
        elif node.get("type") == "array":
            walk(node["items"], f"{ptr}/*")
        else:
            out.append((ptr, leaf_mode(node)))

    walk(schema, "")
    return out


def summarize(record: dict[str, Any]) -> dict[str, Any]:
    return {"domain": record["domain"], "split": record["split"],
            "modes": [mode for _, mode in schema_modes(record["schema"])],
            "context_chars": len(record["context"])}
