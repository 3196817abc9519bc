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
        ref = node["$ref"]
        if not isinstance(ref, str) or not ref.startswith("#"):
            raise AdaptError(f"{pointer or '/'}: only local $ref can be adapted, got {ref!r}")
        if ref in seen:
            raise AdaptError(f"{pointer or '/'}: recursive $ref {ref!r} cannot be adapted")
        target: Any = root
        for part in [p for p in ref[1:].split("/") if p]:
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(target, dict) or part not in target:
                raise AdaptError(f"{pointer or '/'}: $ref {ref!r} points nowhere")
            target = target[part]
        out.rewrites.append(Rewrite(pointer or "/", "$ref", f"inlined {ref}"))
        merged = {**copy.deepcopy(target), **{k: v for k, v in node.items() if k != "$ref"}}
        return _inline_refs(merged, root, pointer, seen + (ref,), out)
    return {k: (v if k in ("$defs", "definitions") else
                _inline_refs(v, root, f"{pointer}/{_escape(k)}", seen, out))
            for k, v in node.items()}


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


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


def _adapt(node: Any, pointer: str, path: str, data: str, out: Adaptation) -> tuple[dict, bool] | None:
    """(adapted node, made_optional), or None when the node is left out of deg's schema
    (a constant, restored later; or nothing deg can fill, scored as missing).

    `pointer` is the schema pointer, `path` the ExtractBench path, `data` the deg pointer.
    """
    where = pointer or "/"
    if not isinstance(node, dict):
        raise AdaptError(f"{where}: schema node must be an object")
    node = dict(node)
    note = lambda keyword, action: out.rewrites.append(Rewrite(where, keyword, action))  # noqa: E731

    if SCORING_KEY in node:
        out.scoring[path] = node.pop(SCORING_KEY)
        note(SCORING_KEY, "moved to the scoring side table")
    if "allOf" in node:
        node = _merge_all_of(node, where)
        note("allOf", "branches merged into the node")
    # A single allowed value is not a decision: deg leaves it out, restore_constants puts it back.
    if "const" in node:
        out.constants[data] = node["const"]
        note("const", f"left out of deg's schema; the value {json.dumps(node['const'])} is restored")
        return None
    if isinstance(node.get("enum"), list) and len(_dedupe(node["enum"])) == 1:
        out.constants[data] = node["enum"][0]
        note("enum", "single-value enum treated as const: left out and restored")
        return None

    made_optional = False
    union_key = "anyOf" if "anyOf" in node else "oneOf" if "oneOf" in node else None
    if union_key:
        branches = node[union_key]
        if not isinstance(branches, list) or not branches:
            raise AdaptError(f"{where}: {union_key} must be a non-empty list")
        branches = [dict(b) if isinstance(b, dict) else b for b in branches]
        for index, branch in enumerate(branches):
            if isinstance(branch, dict) and SCORING_KEY in branch:
                out.scoring[f"{path}.{union_key}[{index}]"] = branch.pop(SCORING_KEY)
                note(SCORING_KEY, f"{union_key}[{index}]: moved to the scoring side table")
        node[union_key] = branches
        if all(_const_branch(b) for b in branches):
            return node, False  # the const/enum choice form deg decides
        nullable = any(_null_branch(b) for b in branches)
        rest = [b for b in branches if not _null_branch(b)]
        types = [_type_of(b) if isinstance(b, dict) else None for b in rest]
        if len(rest) > 1 and ({"object", "array"} & set(types)):
            keep = next((i for i, t in enumerate(types) if t == "array" or (
                t == "object" and rest[i].get("properties"))), 0)
            note(union_key, f"union of {types} is not supported: kept branch {keep} ({types[keep]}), "
                            "dropped the others")
            rest = [rest[keep]]
        if len(rest) == 1 and isinstance(rest[0], dict):
            node = {**{k: v for k, v in node.items() if k != union_key}, **rest[0]}
            branch_type = _type_of(node)
            if branch_type in ("object", "array") and not nullable:
                pass  # a union narrowed to one branch above; already noted
            elif branch_type in ("object", "array"):
                made_optional = True
                note(union_key, f"nullable {branch_type} is not supported: null branch dropped, property made optional")
            elif nullable and "enum" in node and branch_type is None:
                node["enum"] = [*node["enum"], None]
                note(union_key, "nullable enum written as an enum listing null")
            elif nullable:
                node["type"] = [branch_type or "string", "null"]
                note(union_key, "nullable union written as type [X, null]")
        else:
            types = {_type_of(b) for b in rest if isinstance(b, dict)}
            if types <= SCALARS:
                node = {k: v for k, v in node.items() if k != union_key}
                node["type"] = ["string", "null"] if nullable else "string"
                note(union_key, f"union of {sorted(types)} widened to string")
            else:
                raise AdaptError(f"{where}: {union_key} of {sorted(map(str, types))} cannot be adapted")

    declared = node.get("type")
    if isinstance(declared, list):
        non_null = [t for t in declared if t != "null"]
        if len(non_null) == 1 and non_null[0] in ("object", "array"):
            node["type"] = non_null[0]
            made_optional = True
            note("type", f"nullable {non_null[0]} is not supported: null dropped, property made optional")
        elif len(non_null) > 1:
            if not set(non_null) <= SCALARS:
                raise AdaptError(f"{where}: type {declared} cannot be adapted")
            node["type"] = ["string", "null"] if "null" in declared else "string"
            note("type", f"union {declared} widened to string")
    json_type = _type_of(node)
    if json_type is None and "enum" not in node:
        node["type"] = json_type = "string"
        note("type", "no type given: string")
    elif json_type is None:
        json_type = "enum"

    if "enum" in node:
        values = _dedupe(node["enum"])
        if len(values) != len(node["enum"]):
            node["enum"] = values
            note("enum", "duplicate values removed")
        if len(values) > 255:
            del node["enum"]
            note("enum", "more than 255 values: enum dropped, the field is copied as text")

    if "format" in node and node["format"] not in DEG_FORMATS:
        note("format", f"format {node.pop('format')!r} is not one deg checks: dropped")

    allowed = ANNOTATIONS | STRUCTURAL | BY_TYPE.get(json_type, frozenset()) | (
        frozenset().union(*BY_TYPE.values()) if json_type == "enum" else frozenset())
    if json_type == "object" and isinstance(node.get("additionalProperties"), dict):
        del node["additionalProperties"]
        note("additionalProperties", "schema-valued additionalProperties dropped")
    for keyword in sorted(set(node) - allowed):
        del node[keyword]
        note(keyword, f"not accepted by deg on a {json_type} node: dropped")

    if json_type == "array":
        if not isinstance(node.get("items"), dict):
            node["items"] = {"type": "string"}
            note("items", "array without an item schema: items are strings")
        adapted = _adapt(node["items"], f"{pointer}/items", f"{path}.items", f"{data}/*", out)
        if adapted is None:
            note("items", "items left out of deg's schema, so the array is too")
            return None
        node["items"] = adapted[0]
    if json_type == "object":
        properties: dict[str, Any] = {}
        required = [r for r in node.get("required", []) if r in (node.get("properties") or {})]
        if len(required) != len(node.get("required", [])):
            note("required", "names without a property dropped")
        for key, child in (node.get("properties") or {}).items():
            adapted = _adapt(child, f"{pointer}/properties/{_escape(key)}",
                             f"{path}.properties.{key}", f"{data}/{_escape(key)}", out)
            if adapted is None:
                required = [r for r in required if r != key]
                continue
            properties[key], optional = adapted
            if optional and key in required:
                required = [r for r in required if r != key]
        if not properties:
            note("properties", "object with no property deg can fill: left out (scored as missing)")
            return None
        node["properties"] = properties
        if required:
            node["required"] = required
        else:
            node.pop("required", None)
    return node, made_optional


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
        parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
        _put(value, parts, constant)
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
    import deg  # the pure core; imported here so this module loads without it

    return deg.compile_schema(adapted)


def plan_modes(plan: Any) -> dict[str, str]:
    """deg pointer ("/a/*/b") -> mode, from a FillPlan."""
    return {f.pointer: f.mode for f in plan.fields}
