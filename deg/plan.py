"""The compiled form of a schema: what deg will do for every leaf (contract section 6).

`FieldPlan` is one leaf (decide / extract / generate), `ArrayPlan` one array node, and
`FillPlan` the whole schema. All three are frozen: a plan is a value, built once by
`deg.schema.compile_schema` and shared by the gateway, the runtime and response assembly.

Pointers use property names with `*` for "each item" (`/line_items/*/price`); concrete
pointers (RFC 6901, integer indices: `/line_items/0/price`) appear only in outcomes and meta.

Fingerprints. A leaf's fingerprint is the sha256 of its canonical spec: everything in its
`to_dict()` except the fingerprint itself, as canonical JSON (sorted keys, no spaces, UTF-8)
prefixed with `PLAN_VERSION`. It holds only the leaf's own pointer, mode, type, annotations,
options and constraints, so it is identical wherever that leaf appears, whatever its siblings
or their order. An array's fingerprint covers its own keywords plus the sorted set of leaf
pointers inside it (its count query names them). The plan fingerprint hashes the SORTED SET
of parallel-phase fingerprints (decide/extract leaves and arrays) plus the ORDERED list of
generate fingerprints: reordering decide/extract properties keeps it, reordering generate
fields changes it. Bumping `PLAN_VERSION` changes every fingerprint, which is what a cache
keyed by fingerprint needs when the meaning of a plan changes.

Assembly nodes. Some values need no question to the model: a `TuplePlan` lists its positions' values, a `ConstantPlan` (a `const`, a
one-member `enum`, an integer range of one value, or `{}` for a map whose keys are unknown) and
the null rule of a `NullablePlan` (a nullable object or array, contract section 4). The runtime
never sees them: it asks only `fields` and `arrays`, and `deg.response.assemble` puts constants
into the value and applies the null rule. They have fingerprints of their own (their spec, like
a leaf's); a plan that has any, a wrapped root (`root`, the property name a non-object root is
filled under) or `checks` (keywords deg does not use while filling but the final validation
still applies, as sorted `(schema pointer, value)` pairs) adds them to the plan fingerprint as a
sorted set, so the fingerprint of a plan without them is unchanged. `warnings` (what was
ignored, with the schema pointer) never change a value, but a response reports them, so they
are hashed too.

Unions and maps. A `UnionPlan` (an anyOf/oneOf of objects, arrays or mixed branches) is the
one node the runtime asks in two phases: its choice leaf (a decide.choice at `<pointer>/|`)
first, then only the chosen branch's nodes, which sit under `<pointer>/|k` (`scope_of` gives
the scope a node is asked in: round 0, an array item, a chosen branch). Unions join the
parallel fingerprint set (the runtime asks them). A `MapPlan` marks an array of {key, value}
items that assembly turns into an object; the runtime asks it as the array it is. Both are
hashed only when present.

Wire form. `to_dict()` is JSON-serializable and stable across runs; `FillPlan.from_dict`
rebuilds the identical plan (schema copy included) and recomputes every fingerprint, so a
plan altered in transit or produced by another plan version is refused, not trusted.
"""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field, fields as dataclass_fields, replace
from typing import Any

PLAN_VERSION = "deg-plan-1"

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
ITEM_KINDS = ("object", "leaf", "array")


def canonical_json(value: Any) -> str:
    """Canonical JSON: sorted keys, compact separators, UTF-8 text, no NaN/Infinity."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def sha256_of(value: Any) -> str:
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def _tuple_or_none(value: Any) -> tuple | None:
    return None if value is None else tuple(value)


@dataclass(frozen=True)
class FieldPlan:
    pointer: str                      # "/line_items/*/price"
    path: tuple[str, ...]             # ("line_items", "*", "price")
    mode: str                         # one of MODES
    json_type: Any                    # "string" | "number" | ... | tuple of types (choice over mixed values)
    required: bool                    # listed in its parent's `required` (array items: always)
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
    # A scalar union read as one extract.span leaf: (json type, sorted constraints) per branch,
    # schema order; the span is parsed by the first branch that accepts it (deg.outcomes).
    branches: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] | None = None
    fingerprint: str = ""             # sha256 of the canonical leaf spec (section 6)

    def constraint(self, name: str, default: Any = None) -> Any:
        return dict(self.constraints).get(name, default)

    @property
    def phase(self) -> str:
        """"generate" for x-generate leaves, else "parallel" (decide and extract)."""
        return "generate" if self.mode == "generate" else "parallel"

    def spec(self) -> dict[str, Any]:
        """The canonical spec the fingerprint hashes: `to_dict()` without the fingerprint."""
        return {
            "pointer": self.pointer,
            "path": list(self.path),
            "mode": self.mode,
            "json_type": list(self.json_type) if isinstance(self.json_type, tuple) else self.json_type,
            "required": self.required,
            "nullable": self.nullable,
            "on_null": self.on_null,
            "options": None if self.options is None else list(self.options),
            "option_descriptions": (None if self.option_descriptions is None
                                    else list(self.option_descriptions)),
            "levels": None if self.levels is None else list(self.levels),
            "level_labels": (None if self.level_labels is None
                             else [[level, label] for level, label in self.level_labels]),
            "null_outcome": self.null_outcome,
            "format": self.format,
            "constraints": {name: value for name, value in self.constraints},
            "title": self.title,
            "description": self.description,
            "max_tokens": self.max_tokens,
            "arrays": list(self.arrays),
            # Only union leaves carry branches, so every other leaf keeps its fingerprint.
            **({} if self.branches is None else {"branches": [
                [json_type, {name: value for name, value in constraints}]
                for json_type, constraints in self.branches]}),
        }

    def computed_fingerprint(self) -> str:
        return sha256_of([PLAN_VERSION, "field", self.spec()])

    def with_fingerprint(self) -> FieldPlan:
        return replace(self, fingerprint=self.computed_fingerprint())

    def to_dict(self) -> dict[str, Any]:
        return {**self.spec(), "fingerprint": self.fingerprint}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FieldPlan:
        _expect_keys(data, cls, "field", optional=("branches",))
        json_type = data["json_type"]
        labels = data["level_labels"]
        branches = data.get("branches")
        return cls(
            pointer=data["pointer"],
            path=tuple(data["path"]),
            mode=data["mode"],
            json_type=tuple(json_type) if isinstance(json_type, list) else json_type,
            required=data["required"],
            nullable=data["nullable"],
            on_null=data["on_null"],
            options=_tuple_or_none(data["options"]),
            option_descriptions=_tuple_or_none(data["option_descriptions"]),
            levels=_tuple_or_none(data["levels"]),
            level_labels=None if labels is None else tuple((l, s) for l, s in labels),
            null_outcome=data["null_outcome"],
            format=data["format"],
            constraints=tuple(sorted(data["constraints"].items())),
            title=data["title"],
            description=data["description"],
            max_tokens=data["max_tokens"],
            arrays=tuple(data["arrays"]),
            branches=None if branches is None else tuple(
                (json_type, tuple(sorted(constraints.items()))) for json_type, constraints in branches),
            fingerprint=data["fingerprint"],
        )


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
    item_kind: str = "object"         # "object" | "leaf" (the leaf is item_pointer) | "array"
    fields: tuple[str, ...] = ()      # pointers of the leaves directly or indirectly inside
    arrays: tuple[str, ...] = ()      # enclosing arrays, outermost first
    fingerprint: str = ""

    def spec(self) -> dict[str, Any]:
        """The canonical spec the fingerprint hashes (leaf pointers as a sorted set)."""
        return {
            "pointer": self.pointer,
            "path": list(self.path),
            "min_items": self.min_items,
            "max_items": self.max_items,
            "unique_items": self.unique_items,
            "required": self.required,
            "title": self.title,
            "description": self.description,
            "item_pointer": self.item_pointer,
            "item_kind": self.item_kind,
            "fields": sorted(self.fields),
            "arrays": list(self.arrays),
        }

    def computed_fingerprint(self) -> str:
        return sha256_of([PLAN_VERSION, "array", self.spec()])

    def with_fingerprint(self) -> ArrayPlan:
        return replace(self, fingerprint=self.computed_fingerprint())

    def to_dict(self) -> dict[str, Any]:
        # `fields` keeps schema order here; only the fingerprint treats it as a set.
        return {**self.spec(), "fields": list(self.fields), "fingerprint": self.fingerprint}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ArrayPlan:
        _expect_keys(data, cls, "array")
        return cls(**{**data, "path": tuple(data["path"]), "fields": tuple(data["fields"]),
                      "arrays": tuple(data["arrays"])})



ASSEMBLY_KINDS = ("const", "empty")
NULLABLE_KINDS = ("object", "array")


@dataclass(frozen=True)
class PlanWarning:
    """Something in the schema deg ignored or read loosely; `pointer` is its schema location."""

    pointer: str                      # RFC 6901 pointer into the schema document
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "message": self.message}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlanWarning:
        _expect_keys(data, cls, "warning")
        return cls(pointer=data["pointer"], message=data["message"])


@dataclass(frozen=True)
class ConstantPlan:
    """A node whose value is known from the schema alone: filled by assembly, never asked."""

    pointer: str                      # "/kind" or "/rows/*/unit"
    path: tuple[str, ...]
    value: Any = field(hash=False)    # the JSON value (`{}` for kind "empty"); may be unhashable
    kind: str = "const"               # "const" (const / one-member enum / one-value range) | "empty" (a map)
    required: bool = False
    arrays: tuple[str, ...] = ()      # enclosing arrays, outermost first
    position: int = 0                 # index in `fields` it comes before (value key order only)
    fingerprint: str = ""

    def spec(self) -> dict[str, Any]:
        # `position` orders keys in the value; like a leaf's siblings, it stays out of the hash.
        return {"pointer": self.pointer, "path": list(self.path), "value": self.value,
                "kind": self.kind, "required": self.required, "arrays": list(self.arrays)}

    def computed_fingerprint(self) -> str:
        return sha256_of([PLAN_VERSION, "constant", self.spec()])

    def with_fingerprint(self) -> ConstantPlan:
        return replace(self, fingerprint=self.computed_fingerprint())

    def to_dict(self) -> dict[str, Any]:
        return {**self.spec(), "position": self.position, "fingerprint": self.fingerprint}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ConstantPlan:
        _expect_keys(data, cls, "constant")
        return cls(**{**data, "path": tuple(data["path"]), "arrays": tuple(data["arrays"])})


@dataclass(frozen=True)
class NullablePlan:
    """A nullable object or array: assembly decides null by the rule of deg.response."""

    pointer: str
    path: tuple[str, ...]
    kind: str                         # "object" | "array"
    arrays: tuple[str, ...] = ()
    fingerprint: str = ""

    def spec(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "path": list(self.path), "kind": self.kind,
                "arrays": list(self.arrays)}

    def computed_fingerprint(self) -> str:
        return sha256_of([PLAN_VERSION, "nullable", self.spec()])

    def with_fingerprint(self) -> NullablePlan:
        return replace(self, fingerprint=self.computed_fingerprint())

    def to_dict(self) -> dict[str, Any]:
        return {**self.spec(), "fingerprint": self.fingerprint}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NullablePlan:
        _expect_keys(data, cls, "nullable")
        return cls(**{**data, "path": tuple(data["path"]), "arrays": tuple(data["arrays"])})


@dataclass(frozen=True)
class TuplePlan:
    """A tuple array (`prefixItems`): one node per position, under the path segments "0",
    "1", ...; assembly lists them in order, stopping at the first absent optional position."""

    pointer: str
    path: tuple[str, ...]
    length: int                       # positions filled (len(prefixItems))
    min_items: int = 0                # positions below it are required
    arrays: tuple[str, ...] = ()
    fingerprint: str = ""

    def spec(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "path": list(self.path), "length": self.length,
                "min_items": self.min_items, "arrays": list(self.arrays)}

    def computed_fingerprint(self) -> str:
        return sha256_of([PLAN_VERSION, "tuple", self.spec()])

    def with_fingerprint(self) -> TuplePlan:
        return replace(self, fingerprint=self.computed_fingerprint())

    def to_dict(self) -> dict[str, Any]:
        return {**self.spec(), "fingerprint": self.fingerprint}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TuplePlan:
        _expect_keys(data, cls, "tuple")
        return cls(**{**data, "path": tuple(data["path"]), "arrays": tuple(data["arrays"])})


@dataclass(frozen=True)
class MapPlan:
    """A map (`additionalProperties: {schema}`, one `patternProperties` entry, `propertyNames`,
    or an object without properties): found like an array of (key, value) items, the array at
    `pointer` with the leaves `<pointer>/*/key` (a string span checked against the key
    patterns) and the value node at `<pointer>/*/value`; min/maxProperties are the array's
    min/maxItems. The runtime sees only the array; assembly turns its items into the object."""

    pointer: str
    path: tuple[str, ...]
    arrays: tuple[str, ...] = ()
    fingerprint: str = ""

    def spec(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "path": list(self.path), "arrays": list(self.arrays)}

    def computed_fingerprint(self) -> str:
        return sha256_of([PLAN_VERSION, "map", self.spec()])

    def with_fingerprint(self) -> MapPlan:
        return replace(self, fingerprint=self.computed_fingerprint())

    def to_dict(self) -> dict[str, Any]:
        return {**self.spec(), "fingerprint": self.fingerprint}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MapPlan:
        _expect_keys(data, cls, "map")
        return cls(**{**data, "path": tuple(data["path"]), "arrays": tuple(data["arrays"])})


BRANCH_PREFIX = "|"                 # plan path segment of a union branch: "|0", "|1", ...
CHOICE_SEGMENT = "|"                # plan path segment of a union's branch-choice leaf


def branch_segment(index: int) -> str:
    return f"{BRANCH_PREFIX}{index}"


def is_branch_segment(segment: str) -> bool:
    """"|0", "|1", ...: a union branch in a plan path (never in a value)."""
    return (len(segment) > 1 and segment[0] == BRANCH_PREFIX and segment[1:].isdigit()
            and (segment == "|0" or segment[1] != "0"))


def scope_of(path: tuple[str, ...]) -> str | None:
    """The pointer of the innermost scope a plan node sits in: the enclosing array (the path
    before its last `*`) or the enclosing union branch (the path up to its last `|k`),
    whichever is deeper; None at the top. A node is asked once that scope exists: round 0,
    an item the array found, a branch the union chose."""
    for index in range(len(path) - 1, -1, -1):
        if path[index] == "*":
            return _join(path[:index])
        if is_branch_segment(path[index]):
            return _join(path[:index + 1])
    return None


def value_path(path: tuple[str, ...]) -> tuple[str, ...]:
    """A plan path without its union branch segments: where the node sits in the value."""
    return tuple(segment for segment in path
                 if not (isinstance(segment, str) and is_branch_segment(segment)))


def _join(path: tuple[str, ...]) -> str:
    from deg.pointer import join  # noqa: PLC0415  (deg.pointer imports nothing from here)
    return join(path)


@dataclass(frozen=True)
class UnionPlan:
    """A union of branches that are not one scalar span (anyOf/oneOf of objects, arrays,
    mixed types): the runtime first decides the branch (the `choice` leaf, a decide.choice
    whose options are the branches, plus null for a nullable union), then asks the chosen
    branch's nodes, which sit under `path + ("|k",)`; assembly puts the chosen branch's value
    at `path`. A discriminated union (`tag`: a property every branch fixes with a const)
    decides the tag: the options are the tag values."""

    pointer: str                      # "/payment/method"
    path: tuple[str, ...]
    choice: str                       # pointer of the choice leaf: pointer + "/|"
    branches: int                     # number of branches (options 0..branches-1)
    tag: str | None = None            # discriminated: the tag property name
    nullable: bool = False            # the choice's last option is null
    required: bool = False
    arrays: tuple[str, ...] = ()
    fingerprint: str = ""

    def spec(self) -> dict[str, Any]:
        return {"pointer": self.pointer, "path": list(self.path), "choice": self.choice,
                "branches": self.branches, "tag": self.tag, "nullable": self.nullable,
                "required": self.required, "arrays": list(self.arrays)}

    def branch_pointer(self, index: int) -> str:
        return _join(self.path + (branch_segment(index),))

    def computed_fingerprint(self) -> str:
        return sha256_of([PLAN_VERSION, "union", self.spec()])

    def with_fingerprint(self) -> UnionPlan:
        return replace(self, fingerprint=self.computed_fingerprint())

    def to_dict(self) -> dict[str, Any]:
        return {**self.spec(), "fingerprint": self.fingerprint}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UnionPlan:
        _expect_keys(data, cls, "union")
        return cls(**{**data, "path": tuple(data["path"]), "arrays": tuple(data["arrays"])})


def plan_fingerprint(fields: tuple[FieldPlan, ...], arrays: tuple[ArrayPlan, ...],
                     constants: tuple[ConstantPlan, ...] = (),
                     nullables: tuple[NullablePlan, ...] = (), root: str | None = None,
                     checks: tuple[tuple[str, Any], ...] = (),
                     warnings: tuple[PlanWarning, ...] = (),
                     tuples: tuple[TuplePlan, ...] = (),
                     unions: tuple[UnionPlan, ...] = (),
                     maps: tuple[MapPlan, ...] = ()) -> str:
    """Hash of the sorted set of parallel-phase fingerprints + ordered generate fingerprints.

    Assembly nodes, a wrapped root, checks and warnings are added (as sorted sets) only when
    present, so a plan without them keeps the fingerprint it always had. Warnings are hashed
    because a response carries them: two schemas that differ only in an ignored keyword must
    not share a cached response."""
    parallel = sorted({f.fingerprint for f in fields if f.phase == "parallel"}
                      | {a.fingerprint for a in arrays} | {u.fingerprint for u in unions})
    generate = [f.fingerprint for f in fields if f.phase == "generate"]
    parts: list[Any] = [PLAN_VERSION, "plan", parallel, generate]
    assembly = sorted({c.fingerprint for c in constants} | {n.fingerprint for n in nullables}
                      | {t.fingerprint for t in tuples} | {m.fingerprint for m in maps}
                      | {sha256_of(["check", pointer, value]) for pointer, value in checks})
    notes = sorted({sha256_of([w.pointer, w.message]) for w in warnings})
    if assembly or root is not None or notes:
        parts.append({"assembly": assembly, "root": root, "warnings": notes})
    return sha256_of(parts)


@dataclass(frozen=True)
class FillPlan:
    fields: tuple[FieldPlan, ...]
    arrays: tuple[ArrayPlan, ...]
    fingerprint: str
    schema: Any = field(default=None, compare=False, repr=False)  # deep copy of the input
    constants: tuple[ConstantPlan, ...] = ()
    nullables: tuple[NullablePlan, ...] = ()
    root: str | None = None           # property name a non-object root is filled under
    # (schema pointer, value) checked only at the end; values may be unhashable JSON.
    checks: tuple[tuple[str, Any], ...] = field(default=(), hash=False)
    warnings: tuple[PlanWarning, ...] = ()
    tuples: tuple[TuplePlan, ...] = ()
    unions: tuple[UnionPlan, ...] = ()
    maps: tuple[MapPlan, ...] = ()

    def field_at(self, pointer: str) -> FieldPlan:
        for leaf in self.fields:
            if leaf.pointer == pointer:
                return leaf
        raise KeyError(f"no field {pointer!r} in this plan")

    def array_at(self, pointer: str) -> ArrayPlan:
        for node in self.arrays:
            if node.pointer == pointer:
                return node
        raise KeyError(f"no array {pointer!r} in this plan")

    @property
    def parallel_fields(self) -> tuple[FieldPlan, ...]:
        return tuple(f for f in self.fields if f.phase == "parallel")

    @property
    def generate_fields(self) -> tuple[FieldPlan, ...]:
        return tuple(f for f in self.fields if f.phase == "generate")

    def to_dict(self) -> dict[str, Any]:
        """The wire form; the optional sections appear only when the plan has them."""
        data: dict[str, Any] = {
            "version": PLAN_VERSION,
            "fingerprint": self.fingerprint,
            "fields": [f.to_dict() for f in self.fields],
            "arrays": [a.to_dict() for a in self.arrays],
            "schema": copy.deepcopy(self.schema),
        }
        if self.constants:
            data["constants"] = [c.to_dict() for c in self.constants]
        if self.nullables:
            data["nullables"] = [n.to_dict() for n in self.nullables]
        if self.tuples:
            data["tuples"] = [t.to_dict() for t in self.tuples]
        if self.unions:
            data["unions"] = [u.to_dict() for u in self.unions]
        if self.maps:
            data["maps"] = [m.to_dict() for m in self.maps]
        if self.root is not None:
            data["root"] = self.root
        if self.checks:
            data["checks"] = [[pointer, copy.deepcopy(value)] for pointer, value in self.checks]
        if self.warnings:
            data["warnings"] = [w.to_dict() for w in self.warnings]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FillPlan:
        """Rebuild a plan from `to_dict()` output, refusing altered or foreign plans."""
        if not isinstance(data, dict):
            raise ValueError(f"a plan must be a JSON object, got {type(data).__name__}")
        expected = {"version", "fingerprint", "fields", "arrays", "schema"}
        optional = {"constants", "nullables", "tuples", "root", "checks", "warnings", "unions",
                    "maps"}
        if not expected <= set(data) <= expected | optional:
            raise ValueError(f"plan keys must be {sorted(expected)} (and optionally "
                             f"{sorted(optional)}), got {sorted(data)}")
        if data["version"] != PLAN_VERSION:
            raise ValueError(f"plan version {data['version']!r} is not {PLAN_VERSION!r}")
        try:
            leaves = tuple(FieldPlan.from_dict(f) for f in data["fields"])
            arrays = tuple(ArrayPlan.from_dict(a) for a in data["arrays"])
            constants = tuple(ConstantPlan.from_dict(c) for c in data.get("constants", ()))
            nullables = tuple(NullablePlan.from_dict(n) for n in data.get("nullables", ()))
            checks = tuple((pointer, value) for pointer, value in data.get("checks", ()))
            warnings = tuple(PlanWarning.from_dict(w) for w in data.get("warnings", ()))
            tuples = tuple(TuplePlan.from_dict(t) for t in data.get("tuples", ()))
            unions = tuple(UnionPlan.from_dict(u) for u in data.get("unions", ()))
            maps = tuple(MapPlan.from_dict(m) for m in data.get("maps", ()))
        except (TypeError, AttributeError, ValueError) as exc:
            raise ValueError(f"malformed plan: {exc}") from exc
        for item in (*leaves, *arrays, *constants, *nullables, *tuples, *unions, *maps):
            if item.fingerprint != item.computed_fingerprint():
                raise ValueError(f"fingerprint of {item.pointer!r} does not match its spec: "
                                 "the plan was altered or compiled by another version")
        root = data.get("root")
        plan = cls(fields=leaves, arrays=arrays, fingerprint=data["fingerprint"],
                   schema=copy.deepcopy(data["schema"]), constants=constants,
                   nullables=nullables, root=root, checks=checks, warnings=warnings,
                   tuples=tuples, unions=unions, maps=maps)
        if plan.fingerprint != plan_fingerprint(leaves, arrays, constants, nullables, root,
                                                checks, warnings, tuples, unions, maps):
            raise ValueError("plan fingerprint does not match its fields and arrays")
        return plan

    def warning_dicts(self) -> list[dict[str, Any]]:
        return [w.to_dict() for w in self.warnings]


def _expect_keys(data: Any, cls: type, what: str, optional: tuple[str, ...] = ()) -> None:
    if not isinstance(data, dict):
        raise ValueError(f"a plan {what} must be a JSON object, got {type(data).__name__}")
    expected = {f.name for f in dataclass_fields(cls)}
    if set(data) | set(optional) != expected | set(optional) or not set(data) <= expected:
        missing = sorted(expected - set(data) - set(optional))
        extra = sorted(set(data) - expected)
        raise ValueError(f"plan {what} {data.get('pointer')!r}: missing keys {missing}, "
                         f"unknown keys {extra}")
