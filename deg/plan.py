"""The compiled form of a schema: what deg will do for every leaf (contract section 6).

`FieldPlan` is one leaf (decide / extract / generate), `ArrayPlan` one array node, and
`FillPlan` the whole schema. All three are frozen: a plan is a value, built once by
`deg.schema.compile_schema` and shared by the gateway, the runtime and response assembly.

Pointers use property names with `*` for "each item" (`/line_items/*/price`); concrete
pointers (RFC 6901, integer indices: `/line_items/0/price`) appear only in outcomes and meta.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MODES = (
    "decide.choice",
    "decide.score",
    "decide.noul",
    "extract.number",
    "extract.date",
    "extract.span",
    "generate",
)
DECIDE_MODES = MODES[:3]
EXTRACT_MODES = MODES[3:6]
ON_NULL = ("null", "omit", "forbid")


@dataclass(frozen=True)
class FieldPlan:
    pointer: str                      # "/line_items/*/price"
    path: tuple[str, ...]             # ("line_items", "*", "price")
    mode: str                         # one of MODES
    json_type: Any                    # "string" | "number" | ... | list of types for enums
    required: bool                    # listed in its parent's `required`
    nullable: bool                    # `[X, "null"]`, anyOf/oneOf with null, or enum with null
    on_null: str | None               # extract leaves: "null" | "omit" | "forbid"; else None
    options: tuple[Any, ...] | None = None              # decide.choice values, schema order
    option_descriptions: tuple[str | None, ...] | None = None
    levels: tuple[int, ...] | None = None               # decide.score admissible levels
    level_labels: tuple[tuple[int, str], ...] | None = None  # from x-levels, level order
    null_outcome: bool = False        # an extra null outcome after options/levels (nullable score)
    format: str | None = None         # date | date-time | email | uri | uuid
    constraints: tuple[tuple[str, Any], ...] = ()       # sorted (keyword, value) pairs
    title: str | None = None
    description: str | None = None
    max_tokens: int | None = None     # x-max-tokens (generate only)
    arrays: tuple[str, ...] = ()      # pointers of the enclosing arrays, outermost first
    fingerprint: str = ""             # sha256 of the canonical leaf spec (section 6)

    def constraint(self, name: str, default: Any = None) -> Any:
        return dict(self.constraints).get(name, default)

    def to_dict(self) -> dict[str, Any]:
        ...


@dataclass(frozen=True)
class ArrayPlan:
    pointer: str                      # "/line_items" or "/a/*/b"
    path: tuple[str, ...]
    min_items: int = 0
    max_items: int | None = None
    unique_items: bool = False
    required: bool = False
    title: str | None = None
    description: str | None = None
    item_pointer: str = ""            # "/line_items/*"
    item_kind: str = "object"         # "object" | "leaf" (array of scalars: the leaf is item_pointer)
    fields: tuple[str, ...] = ()      # pointers of the leaves directly or indirectly inside
    arrays: tuple[str, ...] = ()      # enclosing arrays, outermost first
    fingerprint: str = ""

    def to_dict(self) -> dict[str, Any]:
        ...


@dataclass(frozen=True)
class FillPlan:
    fields: tuple[FieldPlan, ...]
    arrays: tuple[ArrayPlan, ...]
    fingerprint: str
    schema: Any = field(default=None, compare=False, repr=False)  # deep copy of the input

    def to_dict(self) -> dict[str, Any]:
        ...
