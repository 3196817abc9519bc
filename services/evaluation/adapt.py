"""ExtractBench schema -> a schema deg accepts (contract sections 3-5), every change listed.

ExtractBench schemas are plain JSON Schema plus a scoring annotation (`evaluation_config`)
on most nodes, and they use constructs deg refuses. `adapt_schema` returns the adapted
schema, the side table of scoring annotations, the constants deg will not fill, and one
`Rewrite` per change, each with the JSON pointer of the node in the original schema (a node
reached through a `$ref` is named by where it sits after inlining). Nothing is changed
silently. The scorer always uses the ORIGINAL schema, and validity is checked against it.

Rewrites (contract section in brackets):
- `evaluation_config` -> side table keyed by ExtractBench path (`$.properties.a`) [5, unknown keyword]
- `$ref` -> inlined, `$defs`/`definitions` dropped (inlining lets the other rewrites reach
  referenced nodes; a recursive `$ref` is an `AdaptError`) [5]
- `allOf` -> its branches merged into the node; conflicting keywords are an `AdaptError` [5]
- `const`, or an `enum` with one value -> the property is removed from the adapted schema
  and its value is put back into the prediction by `restore_constants` [5]
- nullable object/array (`anyOf [X, null]`, `type [X, "null"]`) -> the null branch is
  dropped and the property made optional: deg omits what it cannot find [4]
- union of scalar types (`anyOf [integer, string]`) -> `string` (every such value has a
  string form; the scorer compares values as written) [5]
- `format` other than date, date-time, email, uri, uuid -> dropped [5]
- validation-only keywords deg refuses (`not`, `if`, `minProperties`, `patternProperties`,
  `contains`, ...) and schema-valued `additionalProperties` -> dropped [5]
- keywords that do not apply to the node's type, and unknown keywords -> dropped [5]
- `required` names with no property -> dropped from `required` [5]
- an array without `items` -> `items: {type: string}`; a node with no type -> `type: string` [3]
- a union with an object or array branch (`anyOf [array, object]`) -> the first array
  branch, or the first object branch with properties, is kept; the others are dropped [5]
- an object with no property deg can fill (only `additionalProperties`) -> left out of the
  adapted schema, so deg omits it and the scorer counts it as missing [4, 6]
- scoring annotations inside `anyOf`/`oneOf` branches -> side table as `$.path.anyOf[i]`
- an `enum` with duplicate values -> deduplicated; with more than 255 values -> dropped [5]

Not adaptable (an `AdaptError` naming the pointer): a root that is not an object or has
nothing deg can fill, a non-local or recursive `$ref`, conflicting `allOf` branches, a
`type` list mixing objects or arrays with other types.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from deg import compile_schema
from deg.pointer import escape, split
from services.evaluation.refs import RefError, follow_ref

DEG_FORMATS = frozenset({"date", "date-time", "email", "uri", "uuid"})
ANNOTATIONS = frozenset({"title", "description", "default", "examples", "$comment", "$schema",
                         "$id", "$anchor", "readOnly", "writeOnly", "deprecated"})
BY_TYPE = {
    "string": frozenset({"minLength", "maxLength", "pattern", "format"}),
    "number": frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}),
    "integer": frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}),
    "boolean": frozenset(),
    "null": frozenset(),
    "array": frozenset({"items", "minItems", "maxItems", "uniqueItems"}),
    "object": frozenset({"properties", "required", "additionalProperties"}),
}
STRUCTURAL = frozenset({"type", "enum", "anyOf", "oneOf", "x-generate", "x-max-tokens", "x-levels"})
SCALARS = frozenset({"string", "number", "integer", "boolean"})
SCORING_KEY = "evaluation_config"


class AdaptError(ValueError):
    """An ExtractBench schema that cannot be adapted faithfully; names the JSON pointer."""


@dataclass(frozen=True)
class Rewrite:
    pointer: str   # JSON pointer in the original schema (after $ref inlining)
    keyword: str
    action: str

    def to_dict(self) -> dict[str, str]:
        return {"pointer": self.pointer, "keyword": self.keyword, "action": self.action}


@dataclass
class Adaptation:
    schema: dict[str, Any]                       # what deg is given
    rewrites: list[Rewrite] = field(default_factory=list)
    scoring: dict[str, Any] = field(default_factory=dict)    # ExtractBench path -> evaluation_config
    constants: dict[str, Any] = field(default_factory=dict)  # data pointer ("/a/*/b") -> value

    def to_dict(self) -> dict[str, Any]:
        return {"schema": self.schema, "rewrites": [r.to_dict() for r in self.rewrites],
                "scoring": self.scoring, "constants": self.constants}


def adapt_schema(original: dict[str, Any]) -> Adaptation:
    """The adapted schema and every rewrite; never mutates `original`."""
    if not isinstance(original, dict):
        raise AdaptError("/: schema must be a JSON object")
    root = copy.deepcopy(original)
    out = Adaptation(schema={})
    inlined = _inline_refs(root, root, "", (), out)
    for key in ("$defs", "definitions"):
        if key in inlined:
            del inlined[key]
            out.rewrites.append(Rewrite(f"/{key}", key, "dropped after inlining every $ref"))
    if _type_of(inlined) != "object":
        raise AdaptError("/: the root must be type object")
    adapted = _adapt(inlined, "", "$", "", out)
    if adapted is None:
        raise AdaptError("/: no property of the root can be filled by deg")
    out.schema = adapted[0]
    return out


# ---------------------------------------------------------------- $ref inlining

def _inline_refs(node: Any, root: dict, pointer: str, seen: tuple[str, ...], out: Adaptation) -> Any:
    if isinstance(node, list):
        return [_inline_refs(v, root, f"{pointer}/{i}", seen, out) for i, v in enumerate(node)]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        try:
            merged = follow_ref(node, root, seen)
        except RefError as exc:
            raise AdaptError(f"{pointer or '/'}: {exc}") from None
        out.rewrites.append(Rewrite(pointer or "/", "$ref", f"inlined {node['$ref']}"))
        return _inline_refs(merged, root, pointer, seen + (node["$ref"],), out)
    return {k: (v if k in ("$defs", "definitions") else
                _inline_refs(v, root, f"{pointer}/{escape(k)}", seen, out))
            for k, v in node.items()}


# ---------------------------------------------------------------- one node

def _type_of(node: dict) -> str | None:
    declared = node.get("type")
    if isinstance(declared, str):
        return declared
    if isinstance(declared, list) and len([t for t in declared if t != "null"]) == 1:
        return next(t for t in declared if t != "null")
    if "properties" in node:
        return "object"
    if "items" in node:
        return "array"
    return None


def _null_branch(branch: Any) -> bool:
    return isinstance(branch, dict) and branch.get("type") == "null" and len(
        [k for k in branch if k not in ANNOTATIONS]) == 1


def _const_branch(branch: Any) -> bool:
    return isinstance(branch, dict) and ("const" in branch or "enum" in branch) and not (
        {"properties", "items", "anyOf", "oneOf", "allOf"} & set(branch))


@dataclass
class _Node:
    """One schema node on its way through the passes, and where it sits.

    `pointer` is the schema pointer, `path` the ExtractBench path, `data` the deg pointer."""
    node: dict[str, Any]
    pointer: str
    path: str
    data: str
    out: Adaptation
    made_optional: bool = False
    json_type: str | None = None

    @property
    def where(self) -> str:
        return self.pointer or "/"

    def note(self, keyword: str, action: str) -> None:
        self.out.rewrites.append(Rewrite(self.where, keyword, action))


@dataclass(frozen=True)
class _Done:
    """A pass decided the node: `result` is what `_adapt` returns (None: left out)."""
    result: tuple[dict, bool] | None


def _adapt(node: Any, pointer: str, path: str, data: str, out: Adaptation) -> tuple[dict, bool] | None:
    """(adapted node, made_optional), or None when the node is left out of deg's schema
    (a constant, restored later; or nothing deg can fill, scored as missing).

    The node runs through PASSES in order, one per keyword group; a pass either rewrites
    the node and lets the next one run, or decides it (`_Done`)."""
    if not isinstance(node, dict):
        raise AdaptError(f"{pointer or '/'}: schema node must be an object")
    state = _Node(dict(node), pointer, path, data, out)
    for step in PASSES:
        done = step(state)
        if done is not None:
            return done.result
    return state.node, state.made_optional


def _scoring_pass(s: _Node) -> _Done | None:
    if SCORING_KEY in s.node:
        s.out.scoring[s.path] = s.node.pop(SCORING_KEY)
        s.note(SCORING_KEY, "moved to the scoring side table")
    return None


def _all_of_pass(s: _Node) -> _Done | None:
    if "allOf" in s.node:
        s.node = _merge_all_of(s.node, s.where)
        s.note("allOf", "branches merged into the node")
    return None


def _constant_pass(s: _Node) -> _Done | None:
    """A single allowed value is not a decision: deg leaves it out, restore_constants puts it back."""
    if "const" in s.node:
        s.out.constants[s.data] = s.node["const"]
        s.note("const", f"left out of deg's schema; the value {json.dumps(s.node['const'])} is restored")
        return _Done(None)
    if isinstance(s.node.get("enum"), list) and len(_dedupe(s.node["enum"])) == 1:
        s.out.constants[s.data] = s.node["enum"][0]
        s.note("enum", "single-value enum treated as const: left out and restored")
        return _Done(None)
    return None


def _union_pass(s: _Node) -> _Done | None:
    """anyOf / oneOf: branch annotations to the side table, then the union narrowed to what
    deg fills (a const choice as is; one branch, nullable or not; scalars widened to string)."""
    union_key = "anyOf" if "anyOf" in s.node else "oneOf" if "oneOf" in s.node else None
    if union_key is None:
        return None
    branches = s.node[union_key]
    if not isinstance(branches, list) or not branches:
        raise AdaptError(f"{s.where}: {union_key} must be a non-empty list")
    branches = [dict(b) if isinstance(b, dict) else b for b in branches]
    for index, branch in enumerate(branches):
        if isinstance(branch, dict) and SCORING_KEY in branch:
            s.out.scoring[f"{s.path}.{union_key}[{index}]"] = branch.pop(SCORING_KEY)
            s.note(SCORING_KEY, f"{union_key}[{index}]: moved to the scoring side table")
    s.node[union_key] = branches
    if all(_const_branch(b) for b in branches):
        return _Done((s.node, False))  # the const/enum choice form deg decides
    nullable = any(_null_branch(b) for b in branches)
    rest = _one_container_branch(s, union_key, [b for b in branches if not _null_branch(b)])
    if len(rest) == 1 and isinstance(rest[0], dict):
        _take_branch(s, union_key, rest[0], nullable)
    else:
        _widen_scalars(s, union_key, rest, nullable)
    return None


def _one_container_branch(s: _Node, union_key: str, rest: list) -> list:
    """A union holding an object or array branch keeps one branch: the first array, or the
    first object with properties (else the first branch)."""
    types = [_type_of(b) if isinstance(b, dict) else None for b in rest]
    if len(rest) <= 1 or not ({"object", "array"} & set(types)):
        return rest
    keep = next((i for i, t in enumerate(types) if t == "array" or (
        t == "object" and rest[i].get("properties"))), 0)
    s.note(union_key, f"union of {types} is not supported: kept branch {keep} ({types[keep]}), "
                      "dropped the others")
    return [rest[keep]]


def _take_branch(s: _Node, union_key: str, branch: dict, nullable: bool) -> None:
    s.node = {**{k: v for k, v in s.node.items() if k != union_key}, **branch}
    branch_type = _type_of(s.node)
    if branch_type in ("object", "array"):
        if nullable:
            s.made_optional = True
            s.note(union_key, f"nullable {branch_type} is not supported: null branch dropped, property made optional")
    elif nullable and "enum" in s.node and branch_type is None:
        s.node["enum"] = [*s.node["enum"], None]
        s.note(union_key, "nullable enum written as an enum listing null")
    elif nullable:
        s.node["type"] = [branch_type or "string", "null"]
        s.note(union_key, "nullable union written as type [X, null]")


def _widen_scalars(s: _Node, union_key: str, rest: list, nullable: bool) -> None:
    types = {_type_of(b) for b in rest if isinstance(b, dict)}
    if not types <= SCALARS:
        raise AdaptError(f"{s.where}: {union_key} of {sorted(map(str, types))} cannot be adapted")
    s.node = {k: v for k, v in s.node.items() if k != union_key}
    s.node["type"] = ["string", "null"] if nullable else "string"
    s.note(union_key, f"union of {sorted(types)} widened to string")


def _type_list_pass(s: _Node) -> _Done | None:
    declared = s.node.get("type")
    if not isinstance(declared, list):
        return None
    non_null = [t for t in declared if t != "null"]
    if len(non_null) == 1 and non_null[0] in ("object", "array"):
        s.node["type"] = non_null[0]
        s.made_optional = True
        s.note("type", f"nullable {non_null[0]} is not supported: null dropped, property made optional")
    elif len(non_null) > 1:
        if not set(non_null) <= SCALARS:
            raise AdaptError(f"{s.where}: type {declared} cannot be adapted")
        s.node["type"] = ["string", "null"] if "null" in declared else "string"
        s.note("type", f"union {declared} widened to string")
    return None


def _default_type_pass(s: _Node) -> _Done | None:
    s.json_type = _type_of(s.node)
    if s.json_type is None and "enum" not in s.node:
        s.node["type"] = s.json_type = "string"
        s.note("type", "no type given: string")
    elif s.json_type is None:
        s.json_type = "enum"
    return None


def _enum_pass(s: _Node) -> _Done | None:
    if "enum" not in s.node:
        return None
    values = _dedupe(s.node["enum"])
    if len(values) != len(s.node["enum"]):
        s.node["enum"] = values
        s.note("enum", "duplicate values removed")
    if len(values) > 255:
        del s.node["enum"]
        s.note("enum", "more than 255 values: enum dropped, the field is copied as text")
    return None


def _format_pass(s: _Node) -> _Done | None:
    if "format" in s.node and s.node["format"] not in DEG_FORMATS:
        s.note("format", f"format {s.node.pop('format')!r} is not one deg checks: dropped")
    return None


def _keyword_pass(s: _Node) -> _Done | None:
    """Keywords deg refuses, or that do not apply to the node's type, are dropped."""
    allowed = ANNOTATIONS | STRUCTURAL | BY_TYPE.get(s.json_type, frozenset()) | (
        frozenset().union(*BY_TYPE.values()) if s.json_type == "enum" else frozenset())
    if s.json_type == "object" and isinstance(s.node.get("additionalProperties"), dict):
        del s.node["additionalProperties"]
        s.note("additionalProperties", "schema-valued additionalProperties dropped")
    for keyword in sorted(set(s.node) - allowed):
        del s.node[keyword]
        s.note(keyword, f"not accepted by deg on a {s.json_type} node: dropped")
    return None


def _items_pass(s: _Node) -> _Done | None:
    if s.json_type != "array":
        return None
    if not isinstance(s.node.get("items"), dict):
        s.node["items"] = {"type": "string"}
        s.note("items", "array without an item schema: items are strings")
    adapted = _adapt(s.node["items"], f"{s.pointer}/items", f"{s.path}.items", f"{s.data}/*", s.out)
    if adapted is None:
        s.note("items", "items left out of deg's schema, so the array is too")
        return _Done(None)
    s.node["items"] = adapted[0]
    return None


def _properties_pass(s: _Node) -> _Done | None:
    if s.json_type != "object":
        return None
    declared = s.node.get("properties") or {}
    required = [r for r in s.node.get("required", []) if r in declared]
    if len(required) != len(s.node.get("required", [])):
        s.note("required", "names without a property dropped")
    properties: dict[str, Any] = {}
    for key, child in declared.items():
        adapted = _adapt(child, f"{s.pointer}/properties/{escape(key)}",
                         f"{s.path}.properties.{key}", f"{s.data}/{escape(key)}", s.out)
        if adapted is None or adapted[1]:
            required = [r for r in required if r != key]
        if adapted is not None:
            properties[key] = adapted[0]
    if not properties:
        s.note("properties", "object with no property deg can fill: left out (scored as missing)")
        return _Done(None)
    s.node["properties"] = properties
    if required:
        s.node["required"] = required
    else:
        s.node.pop("required", None)
    return None


# One pass per keyword group, in the order a node needs them: annotations and merges first,
# constants (which leave the node out) before unions and types, children last.
PASSES = (_scoring_pass, _all_of_pass, _constant_pass, _union_pass, _type_list_pass, _default_type_pass,
          _enum_pass, _format_pass, _keyword_pass, _items_pass, _properties_pass)


def _dedupe(values: list[Any]) -> list[Any]:
    seen: list[str] = []
    kept = []
    for value in values:
        key = json.dumps(value, sort_keys=True)
        if key not in seen:
            seen.append(key)
            kept.append(value)
    return kept


def _merge_all_of(node: dict, where: str) -> dict:
    merged = {k: v for k, v in node.items() if k != "allOf"}
    for index, branch in enumerate(node["allOf"]):
        if not isinstance(branch, dict):
            raise AdaptError(f"{where}/allOf/{index}: branch must be an object")
        for key, value in branch.items():
            if key == "properties":
                props = dict(merged.get("properties", {}))
                for name, sub in value.items():
                    if name in props and props[name] != sub:
                        raise AdaptError(f"{where}/allOf/{index}: property {name!r} conflicts")
                    props[name] = sub
                merged["properties"] = props
            elif key == "required":
                merged["required"] = list(dict.fromkeys([*merged.get("required", []), *value]))
            elif key in merged and merged[key] != value and key not in ANNOTATIONS:
                raise AdaptError(f"{where}/allOf/{index}: keyword {key!r} conflicts")
            else:
                merged.setdefault(key, value)
    return merged


# ---------------------------------------------------------------- after the fill

def restore_constants(value: Any, constants: dict[str, Any]) -> Any:
    """A copy of `value` with every constant put back where its object exists."""
    value = copy.deepcopy(value)
    for pointer, constant in constants.items():
        _put(value, split(pointer), constant)
    return value


def _put(node: Any, parts: list[str], constant: Any) -> None:
    if len(parts) == 1:
        if isinstance(node, dict):
            node[parts[0]] = copy.deepcopy(constant)
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        for item in node if isinstance(node, list) else []:
            _put(item, rest, constant)
    elif isinstance(node, dict) and head in node:
        _put(node[head], rest, constant)


def compile_adapted(adapted: dict[str, Any]) -> Any:
    """deg's FillPlan of the adapted schema (`deg.compile_schema`, which raises SchemaError)."""
    return compile_schema(adapted)


def plan_modes(plan: Any) -> dict[str, str]:
    """deg pointer ("/a/*/b") -> mode, from a FillPlan."""
    return {f.pointer: f.mode for f in plan.fields}
