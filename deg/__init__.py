"""deg: the pure contract core (no torch, no IO).

What a schema means (`compile_schema(schema, strict=False) -> FillPlan`: the default accepts
the schemas users bring and lists what it ignored in `plan.warnings`; `strict=True` is the
contract's exact reading, docs/schemas.md), what a request may say, how a context is
rendered, how copied text is parsed, and how raw outcomes become a response. Names are
resolved lazily so `import deg` stays cheap and a service imports only what it uses.
"""
from __future__ import annotations

import importlib
from typing import Any

_EXPORTS: dict[str, str] = {
    # schema -> plan
    "compile_schema": "deg.schema",
    "FillPlan": "deg.plan",
    "FieldPlan": "deg.plan",
    "ArrayPlan": "deg.plan",
    "ConstantPlan": "deg.plan",
    "NullablePlan": "deg.plan",
    "TuplePlan": "deg.plan",
    "PlanWarning": "deg.plan",
    # errors
    "SchemaError": "deg.errors",
    "FillError": "deg.errors",
    "RequestError": "deg.errors",
    # requests
    "FillRequest": "deg.request",
    "FillOptions": "deg.request",
    # context, parsers, candidates
    "render_context": "deg.render",
    "parse_number": "deg.parsers.numbers",
    "parse_date": "deg.parsers.dates",
    "parse_datetime": "deg.parsers.dates",
    "check_format": "deg.parsers.formats",
    "find_candidates": "deg.candidates",
    # outcomes -> response
    "FieldOutcome": "deg.outcomes",
    "ArrayOutcome": "deg.outcomes",
    "RawFill": "deg.outcomes",
    "apply_drops": "deg.response",
    "assemble": "deg.response",
    "confidence": "deg.response",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'deg' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
