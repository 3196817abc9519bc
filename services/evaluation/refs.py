"""Following the local `$ref`s of ExtractBench schemas, through deg's own resolution.

The lookup (`#`, `#/pointer` with RFC 6901 escaping and percent-decoding, `#anchor`) is
`deg.schema.refs.resolve_ref`, the one the compiler uses; what this adds is the evaluation's
reading of a reference node: the target with the node's sibling keywords winning (as deg
compiles it), and the checks its callers name in their own errors (local only, no cycle).
"""
from __future__ import annotations

import copy
from typing import Any

from deg.schema.refs import RefProblem, find_anchors, resolve_ref


class RefError(ValueError):
    """A `$ref` the evaluation cannot follow; the message says why (callers add the pointer)."""


def follow_ref(node: dict[str, Any], root: dict[str, Any], seen: tuple[str, ...]) -> dict[str, Any]:
    """`node` (which holds a `$ref`) as the deep-copied target with `node`'s other keywords
    on top. `seen`: the references already followed on the way here (a cycle is refused)."""
    ref = node["$ref"]
    if not isinstance(ref, str) or not ref.startswith("#"):
        raise RefError(f"only local $ref is supported, got {ref!r}")
    if ref in seen:
        raise RefError(f"recursive $ref {ref!r}")
    # anchors are looked up only for `#name` references (a pointer needs none)
    anchors = {} if ref == "#" or ref.startswith("#/") else find_anchors(root)
    try:
        target, _ = resolve_ref(root, ref, anchors)
    except RefProblem as exc:
        raise RefError(str(exc)) from None
    if not isinstance(target, dict):
        raise RefError(f"$ref {ref!r} points to a value that is not a schema object")
    return {**copy.deepcopy(target), **{k: v for k, v in node.items() if k != "$ref"}}
