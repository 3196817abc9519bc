"""The walk from a checked schema document to the leaves and arrays of a fill plan.

Every problem is collected (never raised on the first) so a `SchemaError` lists them all. A
problem inside a `$ref` target is reported once, at the target's location. Only schemas
reachable from the root are compiled: an unused `$defs` entry is checked by the meta-schema,
not by deg's rules.

Choices made where the contract is silent:
- Every node needs an explicit `type` (or `enum`, or a const/enum `anyOf`/`oneOf`); keywords
  are never used to guess one. Objects need at least one property (an empty object has nothing
  to fill), arrays need an `items` schema, and a property may not be named `*` (the plan's
  "each item" segment).
- `x-generate` on a nullable string is refused: generated text is never null.
- `x-max-tokens` on an array applies to every item; an item's own value wins.
- In a const/enum `anyOf`/`oneOf`, a branch's `description` (else its `title`) becomes the
  description of each of its options; a `{"type": "null"}` branch adds the option `null`.
- Around a nullable `anyOf`/`oneOf` (`[X, {type: null}]`) only annotations and extensions may
  stand; the outer annotations override X's.
- `enum` values must pass the node's own constraints (`maxLength`, bounds...), since an option
  that can never validate would make a decision that fails final validation.

Strict and loose reading. `strict=True` applies contract sections 2-5 exactly: every keyword
deg cannot honour while filling is an error. The default (loose) reading accepts the schemas
users bring and reports what it did as plan warnings (`loose.py` lists the rules): annotations,
unknown keywords and vendor `x-*` extensions are ignored (a near miss of deg's own extensions
stays an error, with "did you mean"); single values become constants; nullable objects and
arrays follow the null rule of `deg.response`; `allOf` is merged; a scalar union is read as its
first readable branch; an object without declared properties is filled `{}`; a non-object root
is filled under an internal property and returned unwrapped. A keyword that constrains values
but that deg does not use while filling is recorded in `checks`: the final validation still
applies it, so a fill never returns a value the user's schema refuses. A schema deg reads the
same way in both modes gives the same plan in both, fingerprints included.
"""
from __future__ import annotations

from typing import Any

import regex
from jsonschema import validators

from deg.plan import ArrayPlan, ConstantPlan, FieldPlan, NullablePlan, PlanWarning, TuplePlan
from deg.pointer import pointer_of
from deg.schema import keywords as kw
from deg.schema.loose import LooseReading
from deg.schema.numbers import (admissible_integers, normalized_constraints,
                                number_admits_some)
from deg.schema.node import Node, _describe, _equality_key, _pointer, _value_type
from deg.schema.refs import Loc, RefProblem, find_anchors, resolve_ref

MAX_SCHEMA_DEPTH = 64          # nested schemas (properties, items, $ref hops) on one path
MAX_COUNT = 2**63 - 1          # minItems/maxItems: the 64-bit counts a plan travels in
MAX_FIELD_TOKENS = 4096        # x-max-tokens: the same bound as the `max_new_tokens` option
MAX_EXPANDED_SCHEMAS = 5_000   # schemas visited in all, after $ref expansion
MIN_OPTIONS, MAX_OPTIONS = 2, 255
MIN_LEVELS, MAX_LEVELS = 2, 11
ROOT_PROPERTY = "value"        # the internal property a non-object root is filled under
# Drafts in which a $ref's siblings are ignored by validation (2019-09 on: they apply too).
_REF_OVERRIDES_SIBLINGS = (validators.Draft4Validator, validators.Draft6Validator,
                           validators.Draft7Validator)


class _Abort(Exception):
    """Stops the walk when continuing could not produce useful or bounded results."""


class Compiler(LooseReading):
    def __init__(self, document: dict[str, Any], validator_cls: type, draft4: bool,
                 strict: bool = True):
        self.document = document
        self.validator_cls = validator_cls
        self.draft4 = draft4
        self.strict = strict
        self.annotations = kw.DRAFT4_ANNOTATIONS if draft4 else kw.ANNOTATIONS
        self.anchors = find_anchors(document)
        self.errors: list[dict[str, Any]] = []
        self._seen: set[tuple] = set()
        self.fields: list[FieldPlan] = []
        self.arrays: list[ArrayPlan] = []
        self.constants: list[ConstantPlan] = []
        self.nullables: list[NullablePlan] = []
        self.tuples: list[TuplePlan] = []
        self.warnings: list[PlanWarning] = []
        self.checks: dict[str, Any] = {}
        self.root: str | None = None
        self.visited = 0

    # -- problems ---------------------------------------------------------------------------
    def error(self, loc: Loc, msg: str) -> None:
        key = (tuple(loc), msg)
        if key not in self._seen:
            self._seen.add(key)
            self.errors.append({"loc": list(loc), "msg": msg})

    def warn(self, loc: Loc, msg: str) -> None:
        key = ("warning", tuple(loc), msg)
        if key not in self._seen:
            self._seen.add(key)
            self.warnings.append(PlanWarning(pointer=pointer_of(list(loc)), message=msg))

    def check_at_end(self, loc: Loc, value: Any) -> None:
        """A keyword deg does not use while filling: final validation still applies it."""
        self.checks[pointer_of(list(loc))] = value

    def ignorable(self, key: str) -> bool:
        """Loose reading: a keyword that is no JSON Schema keyword deg knows (warned by screen)."""
        return not self.strict and not (
            key in self.annotations or key in kw.STRUCTURAL or key in kw.ALL_TYPE_KEYWORDS
            or key in kw.UNSUPPORTED or key in kw.EXTENSIONS or key == "const")

    # -- entry ------------------------------------------------------------------------------
    def run(self) -> None:
        try:
            root = self.resolve(self.document, (), frozenset())
            if root is None:
                return
            if not self.strict:
                root = self.without_constraint_unions(root)
            if not self.strict and not self.plain_object(root):
                self.root = ROOT_PROPERTY
                self.warn(root.loc, "the root is not an object with properties: deg fills it "
                                    f"as the internal property {ROOT_PROPERTY!r} and returns "
                                    "the value unwrapped")
                self.walk(root, (ROOT_PROPERTY,), (), True, depth=0)
                return
            self.screen(root)
            base, nullable = self.base_type(root)
            if base != "object" or nullable or "enum" in root or "anyOf" in root or "oneOf" in root:
                self.error(root.at("type"), "the root must be \"type\": \"object\"")
                return
            self.walk_object(root, (), (), depth=0)
        except _Abort:
            pass

    def plain_object(self, node: Node) -> bool:
        """`type: object` (not nullable, no union or choice) with at least one property."""
        properties = node.get("properties")
        return (node.get("type") == "object" and isinstance(properties, dict)
                and bool(properties) and not any(k in node for k in ("enum", "anyOf", "oneOf",
                                                                       "const")))

    # -- $ref ---------------------------------------------------------------------------------
    def resolve(self, raw: Any, loc: Loc, active: frozenset) -> Node | None:
        """Follow `$ref` chains; annotation siblings override the target's annotations."""
        self.visited += 1
        if self.visited > MAX_EXPANDED_SCHEMAS:
            self.error((), f"the schema expands to more than {MAX_EXPANDED_SCHEMAS} schemas "
                           "(through $ref)")
            raise _Abort
        if raw is True and not self.strict:  # accepts any value: read as untyped
            return Node({}, {}, loc, active | {loc})
        if isinstance(raw, bool):
            self.error(loc, f"a boolean schema ({_describe(raw)}) cannot be filled: give it a "
                            "type")
            return None
        if not isinstance(raw, dict):
            self.error(loc, "a schema must be a JSON object")
            return None
        schema, locs = dict(raw), {key: loc for key in raw}
        active = active | {loc}
        while "$ref" in schema:
            ref, ref_holder = schema["$ref"], locs["$ref"]
            siblings = [k for k in schema if k != "$ref" and locs[k] == ref_holder]
            conjoined = []
            for key in siblings:
                if key in self.annotations:
                    continue
                if self.strict:
                    self.error(ref_holder + (key,), f"{key} cannot stand next to $ref: a $ref's "
                                                    "siblings may only be annotations")
                elif self.ignorable(key) or self.validator_cls in _REF_OVERRIDES_SIBLINGS:
                    self.warn(ref_holder + (key,), f"{key} next to $ref is ignored")
                else:
                    conjoined.append(key)
            try:
                target, target_loc = resolve_ref(self.document, ref, self.anchors)
            except RefProblem as exc:
                self.error(ref_holder + ("$ref",), str(exc))
                return None
            if target_loc in active:
                self.error(ref_holder + ("$ref",), f"$ref cycle: {ref!r} refers to a schema that "
                                                   "contains this reference (recursive schemas "
                                                   "are not supported)")
                return None
            active = active | {target_loc}
            if not isinstance(target, dict):
                self.error(ref_holder + ("$ref",), f"$ref {ref!r} does not point to a schema "
                                                   "object")
                return None
            merged, merged_locs = dict(target), {key: target_loc for key in target}
            for key in siblings:
                if key in self.annotations:
                    merged[key], merged_locs[key] = schema[key], locs[key]
            if conjoined:
                # 2019-09 and later: a $ref's siblings apply together with its target.
                extra = {key: schema[key] for key in conjoined}
                merged, merged_locs = self.merge_parts(
                    [(merged, merged_locs), (extra, {key: locs[key] for key in conjoined})])
            schema, locs = merged, merged_locs
        node = Node(schema, locs, loc, active)
        if not self.strict and "allOf" in node:
            return self.merge_all_of(node)
        return node

    def child(self, raw: Any, loc: Loc, parent: Node, depth: int) -> Node | None:
        if depth > MAX_SCHEMA_DEPTH:
            self.error(loc, f"the schema is nested deeper than {MAX_SCHEMA_DEPTH} levels")
            return None
        return self.resolve(raw, loc, parent.active)

    # -- keyword screening ------------------------------------------------------------------
    def screen(self, node: Node) -> None:
        """Refuse unsupported, unknown and misplaced keywords of one node."""
        for key, value in node.schema.items():
            if not self.strict:
                self.screen_loose(node, key, value)
            elif key in kw.UNSUPPORTED:
                self.error(node.at(key), f"{key} is not supported: {kw.UNSUPPORTED[key]}")
            elif key.startswith("x-") and key not in kw.EXTENSIONS:
                self.error(node.at(key), f"unknown extension keyword {key}: the only extensions "
                                         "are x-generate, x-max-tokens and x-levels")
            elif key == "items" and isinstance(value, list):
                self.error(node.at(key), "tuple items: [...] is not supported: every array item "
                                         "uses the one items schema")
            elif key == "additionalProperties" and not isinstance(value, bool):
                self.error(node.at(key), "a schema-valued additionalProperties is not "
                                         "supported: deg never emits undeclared keys; use true "
                                         "or false")
            elif not (key in self.annotations or key in kw.STRUCTURAL
                      or key in kw.ALL_TYPE_KEYWORDS or key in kw.EXTENSIONS):
                self.error(node.at(key), f"unknown keyword {key}")
        if "x-generate" in node and not isinstance(node.get("x-generate"), bool):
            self.error(node.at("x-generate"), "x-generate must be true or false")
        if "x-max-tokens" in node:
            value = node.get("x-max-tokens")
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_FIELD_TOKENS:
                self.error(node.at("x-max-tokens"), f"x-max-tokens must be an integer from 1 to "
                                                    f"{MAX_FIELD_TOKENS} (the longest text a fill writes)")

    def generates(self, node: Node) -> bool:
        return node.get("x-generate") is True

    def refuse_extensions(self, node: Node, what: str, allow_levels: bool = False) -> None:
        """x-generate / x-max-tokens / x-levels where they do not apply."""
        if self.generates(node):
            self.error(node.at("x-generate"), "x-generate applies only to a string or an array "
                                              f"of plain strings, not to {what}")
        if "x-max-tokens" in node:
            self.error(node.at("x-max-tokens"), "x-max-tokens applies only where x-generate is "
                                                f"true, not to {what}")
        if "x-levels" in node and not allow_levels:
            self.error(node.at("x-levels"), "x-levels applies only to an integer score field "
                                            f"(2..11 admissible levels), not to {what}")

    def check_applicable(self, node: Node, allowed: frozenset[str], what: str) -> None:
        for key in node.schema:
            if key in kw.ALL_TYPE_KEYWORDS and key not in allowed:
                if self.strict:
                    self.error(node.at(key), f"{key} does not apply to {what}")
                else:  # validation ignores it too: a keyword constrains only its own type
                    self.warn(node.at(key), f"{key} does not apply to {what} and is ignored")

    # -- types ------------------------------------------------------------------------------
    def base_type(self, node: Node) -> tuple[str | None, bool]:
        """(X, nullable) from `type`: "X" or [X, "null"]; (None, False) when absent/invalid."""
        if "type" not in node:
            return None, False
        declared = node.get("type")
        names = [declared] if isinstance(declared, str) else list(declared)
        nullable = "null" in names
        others = [name for name in names if name != "null"]
        if len(others) == 1 and len(names) <= 2:
            return others[0], nullable
        if not others:
            self.error(node.at("type"), "type null alone has nothing to fill")
        else:
            self.error(node.at("type"), "union types are allowed only as [X, \"null\"], got "
                                        + _describe(declared))
        return None, False

    # -- dispatch ---------------------------------------------------------------------------
    def walk(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...], required: bool,
             depth: int, inherited: dict[str, tuple[Any, Loc]] | None = None) -> None:
        if not self.strict:
            node = self.without_constraint_unions(node)
        self.screen(node)
        if "anyOf" in node and "oneOf" in node:
            self.error(node.at("oneOf"), "use either anyOf or oneOf, not both")
            return
        branches_key = "anyOf" if "anyOf" in node else "oneOf" if "oneOf" in node else None
        if branches_key is not None:
            self.walk_branches(node, branches_key, path, arrays, required, depth, inherited)
            return
        if "const" in node and not self.strict:
            self.constant_from_const(node, path, arrays, required, inherited)
            return
        if "enum" in node:
            self.choice_from_enum(node, path, arrays, required, inherited)
            return
        if "type" not in node:
            if not self.strict:
                node = self.implied_type(node)
            else:
                if any(key in kw.UNSUPPORTED for key in node.schema):
                    return  # the unsupported keyword was reported; "no type" would be noise
                self.error(node.loc, "no type: give the field a \"type\" (or an enum, or a "
                                     "oneOf of const options) so deg knows how to fill it")
                return
        if not self.strict:
            names = self.declared_types(node) or set()
            others = [t for t in self.type_list(node) if t != "null"]
            if not others:
                self.refuse_inherited(inherited, "a null")
                self.refuse_extensions(node, "a null")
                self.add_constant(node, path, arrays, required, None)
                return
            if len(others) > 1:
                branches = [Node({**node.schema, "type": t}, node.locs, node.loc, node.active)
                            for t in others]
                self.read_union(node, "type", branches, "null" in names, path, arrays,
                                required, depth, inherited)
                return
        base, nullable = self.base_type(node)
        if base is None:
            return
        self.walk_typed(node, base, nullable, path, arrays, required, depth, inherited)

    def type_list(self, node: Node) -> list[str]:
        declared = node.get("type")
        return [declared] if isinstance(declared, str) else list(declared or ())

    def walk_typed(self, node: Node, base: str, nullable: bool, path: tuple[str, ...],
                   arrays: tuple[str, ...], required: bool, depth: int,
                   inherited: dict[str, tuple[Any, Loc]] | None) -> None:
        if inherited and base != "string":
            self.error(inherited["x-generate"][1], "x-generate on an array applies only when "
                                                   "its items are a plain string")
        self.check_applicable(node, kw.TYPE_KEYWORDS[base], f"type {base}")
        if base == "object":
            if nullable and self.strict:
                self.error(node.at("type"), "nullable objects are not supported")
            self.refuse_extensions(node, "an object")
            self.walk_object(node, path, arrays, depth, nullable=nullable, required=required)
        elif base == "array":
            if nullable and self.strict:
                self.error(node.at("type"), "nullable arrays are not supported")
            elif nullable:
                # A nullable tuple follows the object rule (its positions are like properties).
                tuple_form = "prefixItems" in node or isinstance(node.get("items"), list)
                self.nullables.append(NullablePlan(pointer=_pointer(path), path=path,
                                                   kind="object" if tuple_form else "array",
                                                   arrays=arrays))
            self.walk_array(node, path, arrays, required, depth)
        elif base == "boolean":
            self.refuse_extensions(node, "a boolean")
            if nullable:
                self.add_choice(node, path, arrays, required, (True, False, None),
                                (None, None, None), ("boolean", "null"))
            else:
                self.add_leaf(node, path, arrays, required, "decide.noul", "boolean", False)
        elif base == "integer":
            self.walk_integer(node, nullable, path, arrays, required)
        elif base == "number":
            self.refuse_extensions(node, "a number")
            self.walk_number(node, "number", nullable, path, arrays, required)
        elif base == "string":
            self.walk_string(node, nullable, path, arrays, required, inherited)
        else:  # "null" cannot reach here: base_type refuses it
            self.error(node.at("type"), f"type {base} cannot be filled")

    # -- objects and arrays -----------------------------------------------------------------
    def walk_object(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                    depth: int, nullable: bool = False, required: bool = True) -> None:
        properties = node.get("properties")
        if not self.strict:
            if not (isinstance(properties, dict) and properties):
                self.fill_empty_object(node, path, arrays, nullable, required)
                return
            if nullable:
                self.nullables.append(NullablePlan(pointer=_pointer(path), path=path,
                                                   kind="object", arrays=arrays))
            if isinstance(node.get("additionalProperties"), dict):
                self.warn(node.at("additionalProperties"), "additional keys are never filled: "
                                                           "deg fills the declared properties")
        if not isinstance(properties, dict) or not properties:
            where = node.at("properties") if "properties" in node else node.loc
            self.error(where, "an object needs at least one property to fill")
            properties = properties if isinstance(properties, dict) else {}
        required = node.get("required", [])
        for index, name in enumerate(required):
            if name not in properties:
                self.error(node.at("required") + (index,), f"required names {name!r}, which is "
                                                           "not in properties")
        for name, raw in properties.items():
            loc = node.at("properties") + (name,)
            if raw is False and not self.strict and name not in required:
                self.warn(loc, f"property {name!r} is false (never valid): it is never filled")
                continue
            if name == "*":
                self.error(loc, "the property name \"*\" is reserved: it means \"each item\" in "
                                "plan pointers")
                continue
            child = self.child(raw, loc, node, depth + 1)
            if child is not None:
                self.walk(child, path + (name,), arrays, name in required, depth + 1)

    def walk_array(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                   required: bool, depth: int) -> None:
        generate = self.generates(node)
        if "x-levels" in node:
            self.error(node.at("x-levels"), "x-levels applies only to an integer score field, "
                                            "not to an array")
        if "x-max-tokens" in node and not generate:
            self.error(node.at("x-max-tokens"), "x-max-tokens on an array needs x-generate: "
                                                "true on that array")
        # The meta-schema accepts integral floats (`2.0`); the plan holds counts as integers.
        min_items, max_items = int(node.get("minItems", 0)), node.get("maxItems")
        max_items = None if max_items is None else int(max_items)
        for keyword, count in (("minItems", min_items), ("maxItems", max_items)):
            if count is not None and count > MAX_COUNT:
                self.error(node.at(keyword), f"{keyword} {count} is larger than deg can count (at most {MAX_COUNT})")
                return
        if max_items is not None and min_items > max_items:
            self.error(node.at("minItems"), f"minItems {min_items} is greater than maxItems "
                                            f"{max_items}: no array fits")
        if "items" not in node and self.strict:
            self.error(node.loc, "an array needs an items schema")
            return
        if not self.strict and (isinstance(node.get("items"), list) or "prefixItems" in node):
            self.walk_tuple(node, path, arrays, depth)
            return
        if isinstance(node.get("items"), list):
            return  # tuple form, already refused by screen()
        if "items" in node:
            item = self.child(node.get("items"), node.at("items"), node, depth + 1)
        else:  # loose: no items schema, so any item is valid; read as untyped
            item = self.child({}, node.loc + ("items",), node, depth + 1)
        if item is None:
            return
        pointer = _pointer(path)
        slot = len(self.arrays)
        self.arrays.append(None)  # type: ignore[arg-type]  # filled below, keeps pre-order
        first_leaf = len(self.fields)
        inherited = None
        if generate:
            inherited = {"x-generate": (True, node.at("x-generate"))}
            if "x-max-tokens" in node:
                inherited["x-max-tokens"] = (node.get("x-max-tokens"), node.at("x-max-tokens"))
        first_constant = len(self.constants)
        self.walk(item, path + ("*",), arrays + (pointer,), True, depth + 1, inherited)
        item_path = path + ("*",)
        if any(a is not None and a.path == item_path for a in self.arrays[slot + 1:]):
            kind = "array"
        elif any(leaf.path == item_path for leaf in self.fields[first_leaf:]) or any(
                c.path == item_path for c in self.constants[first_constant:]):
            kind = "leaf"
        else:
            kind = "object"
        self.arrays[slot] = ArrayPlan(
            pointer=pointer, path=path, min_items=min_items, max_items=max_items,
            unique_items=node.get("uniqueItems", False), required=required,
            title=node.get("title"), description=node.get("description"),
            item_pointer=_pointer(path + ("*",)), item_kind=kind,
            fields=tuple(leaf.pointer for leaf in self.fields[first_leaf:]), arrays=arrays)

    # -- choices ----------------------------------------------------------------------------
    def walk_branches(self, node: Node, key: str, path: tuple[str, ...], arrays: tuple[str, ...],
                      required: bool, depth: int,
                      inherited: dict[str, tuple[Any, Loc]] | None) -> None:
        branches = []
        for index, raw in enumerate(node.get(key)):
            branch = self.child(raw, node.at(key) + (index,), node, depth + 1)
            if branch is None:
                return
            branches.append(branch)
        nulls = [b for b in branches if self.is_null_branch(b)]
        options = [b for b in branches if "const" in b or "enum" in b]
        if options and len(nulls) + len(options) == len(branches):
            self.choice_from_branches(node, key, branches, path, arrays, required, inherited)
        elif len(branches) == 2 and len(nulls) == 1:
            inner = branches[0] if nulls[0] is branches[1] else branches[1]
            self.walk_nullable(node, key, nulls[0], inner, path, arrays, required, depth,
                               inherited)
        elif self.strict:
            self.error(node.at(key), f"{key} is allowed only as [X, {{\"type\": \"null\"}}] "
                                     "(a nullable X) or as a list of const/enum options")
        elif len(branches) == 1:  # one branch: the same as allOf of it
            outer = {k: v for k, v in node.schema.items() if k != key}
            schema, locs = self.merge_parts([(outer, {k: node.locs[k] for k in outer}),
                                             (branches[0].schema, branches[0].locs)])
            self.walk(Node(schema, locs, node.loc, node.active | branches[0].active), path,
                      arrays, required, depth, inherited)
        else:
            for null_branch in nulls:
                self.check_branch_keywords(null_branch, frozenset({"type"}), "the null branch")
            others = [b for b in branches if not self.is_null_branch(b)]
            self.read_union(node, key, others, bool(nulls), path, arrays, required, depth,
                            inherited)

    def is_null_branch(self, branch: Node) -> bool:
        declared = branch.get("type")
        return (declared == "null" or declared == ["null"]) and "const" not in branch \
            and "enum" not in branch

    def check_branch_keywords(self, branch: Node, allowed: frozenset[str], what: str) -> None:
        for name in branch.schema:
            if name not in allowed and name not in self.annotations and not self.ignorable(name):
                self.error(branch.at(name), f"{name} is not allowed in {what}")

    def walk_nullable(self, node: Node, key: str, null_branch: Node, inner: Node,
                      path: tuple[str, ...], arrays: tuple[str, ...], required: bool, depth: int,
                      inherited: dict[str, tuple[Any, Loc]] | None) -> None:
        """`anyOf/oneOf: [X, {type: null}]`: X, nullable, under the outer annotations."""
        self.check_branch_keywords(null_branch, frozenset({"type"}), "the null branch")
        for name in node.schema:
            if name != key and name not in self.annotations and name not in kw.EXTENSIONS \
                    and not self.ignorable(name):
                self.error(node.at(name), f"{name} cannot stand next to a nullable {key}: put "
                                          "it inside the non-null branch")
        schema, locs = dict(inner.schema), dict(inner.locs)
        for name in node.schema:
            if name in kw.EXTENSIONS and name in inner:
                self.error(node.at(name), f"{name} is given both next to {key} and inside it")
            elif name in self.annotations or name in kw.EXTENSIONS:
                schema[name], locs[name] = node.schema[name], node.locs[name]
        merged = Node(schema, locs, inner.loc, inner.active)
        self.screen(merged)
        if "anyOf" in merged or "oneOf" in merged:
            self.error(merged.loc, "a nullable branch cannot itself be an anyOf/oneOf")
            return
        if "enum" in merged:
            self.choice_from_enum(merged, path, arrays, required, inherited, force_null=True)
            return
        if "type" not in merged and not self.strict:
            merged = self.implied_type(merged)
        base, _ = self.base_type(merged)
        if base is None:
            if "type" not in merged:
                self.error(merged.loc, "no type: give the non-null branch a \"type\"")
            return
        self.walk_typed(merged, base, True, path, arrays, required, depth, inherited)

    def choice_from_branches(self, node: Node, key: str, branches: list[Node],
                             path: tuple[str, ...], arrays: tuple[str, ...], required: bool,
                             inherited: dict[str, tuple[Any, Loc]] | None) -> None:
        self.refuse_inherited(inherited, "a choice")
        self.refuse_extensions(node, "a choice")
        self.check_applicable(node, frozenset(), f"a {key} of options")
        for name in node.schema:
            if name in ("enum",):
                self.error(node.at(name), f"enum cannot stand next to {key}")
        declared = self.declared_types(node)
        values: list[Any] = []
        descriptions: list[str | None] = []
        sources: list[Loc] = []
        for branch in branches:
            if self.is_null_branch(branch):
                self.check_branch_keywords(branch, frozenset({"type"}), "the null branch")
                values.append(None)
                descriptions.append(branch.get("description", branch.get("title")))
                sources.append(branch.loc)
                continue
            self.check_branch_keywords(branch, frozenset({"const", "enum", "type"}),
                                       f"a {key} option branch (only const or enum, type and "
                                       "annotations)")
            if "const" in branch and "enum" in branch:
                self.error(branch.loc, "an option branch gives either const or enum, not both")
                continue
            branch_types = self.declared_types(branch)
            text = branch.get("description", branch.get("title"))
            if "const" in branch:
                found = [(branch.get("const"), branch.at("const"))]
            else:
                found = [(v, branch.at("enum") + (i,)) for i, v in enumerate(branch.get("enum"))]
            for value, loc in found:
                for types in (declared, branch_types):
                    self.check_value_type(value, types, loc)
                values.append(value)
                descriptions.append(text)
                sources.append(loc)
        if not self.strict and len(values) == 1:
            self.add_constant(node, path, arrays, required, values[0])
            return
        if self.check_options(values, sources, node.at(key)):
            json_type = self.json_type(node, values)
            self.add_choice(node, path, arrays, required, tuple(values), tuple(descriptions),
                            json_type)

    def choice_from_enum(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                         required: bool, inherited: dict[str, tuple[Any, Loc]] | None,
                         force_null: bool = False) -> None:
        self.refuse_inherited(inherited, "an enum")
        self.refuse_extensions(node, "an enum")
        values = list(node.get("enum"))
        sources = [node.at("enum") + (i,) for i in range(len(values))]
        declared = self.declared_types(node)
        value_types = {_value_type(v) for v in values}
        allowed_for = declared if declared is not None else value_types
        allowed = frozenset().union(*(kw.TYPE_KEYWORDS.get(t, frozenset()) for t in allowed_for))
        self.check_applicable(node, allowed - {"properties", "required", "additionalProperties",
                                               "items", "minItems", "maxItems", "uniqueItems"},
                              "an enum of " + "/".join(sorted(allowed_for)) + " values")
        for value, loc in zip(values, sources):
            self.check_value_type(value, declared, loc)
        if force_null and None not in values:
            values.append(None)
            sources.append(node.loc)
        if not self.strict and len(values) == 1:
            self.check_enum_constraints(node, values, sources)
            self.add_constant(node, path, arrays, required, values[0])
            return
        if not self.check_options(values, sources, node.at("enum")):
            return
        self.check_enum_constraints(node, values, sources)
        self.add_choice(node, path, arrays, required, tuple(values), (None,) * len(values),
                        self.json_type(node, values))

    def refuse_inherited(self, inherited: dict[str, tuple[Any, Loc]] | None, what: str) -> None:
        if inherited:
            self.error(inherited["x-generate"][1], "x-generate on an array applies only when its "
                                                   f"items are a plain string, not {what}")

    def declared_types(self, node: Node) -> set[str] | None:
        declared = node.get("type")
        if declared is None:
            return None
        return {declared} if isinstance(declared, str) else set(declared)

    def check_value_type(self, value: Any, types: set[str] | None, loc: Loc) -> None:
        if isinstance(value, (dict, list)):
            self.error(loc, f"option {_describe(value)} is not a scalar: options are strings, "
                            "numbers, booleans or null")
            return
        if types is None:
            return
        checker = self.validator_cls.TYPE_CHECKER
        if not any(checker.is_type(value, t) for t in types if t in kw.JSON_TYPES):
            self.error(loc, f"option {_describe(value)} is not of type "
                            + "/".join(sorted(types)))

    def check_options(self, values: list[Any], sources: list[Loc], where: Loc) -> bool:
        ok = True
        seen: dict[tuple, Any] = {}
        for value, loc in zip(values, sources):
            if isinstance(value, (dict, list)):
                ok = False
                continue
            key = _equality_key(value)
            if key in seen:
                self.error(loc, f"duplicate option {_describe(value)} (equal to "
                                f"{_describe(seen[key])} in JSON)")
                ok = False
            seen[key] = value
        if not MIN_OPTIONS <= len(values) <= MAX_OPTIONS:
            self.error(where, f"a choice needs {MIN_OPTIONS} to {MAX_OPTIONS} options, got "
                              f"{len(values)}")
            ok = False
        return ok

    def check_enum_constraints(self, node: Node, values: list[Any], sources: list[Loc]) -> None:
        keywords = {k: node.get(k) for k in kw.STRING_KEYWORDS | kw.NUMBER_KEYWORDS if k in node}
        keywords.pop("format", None)  # formats are checked by the parsers, not here
        if not keywords:
            return
        validator = self.validator_cls(keywords)
        for value, loc in zip(values, sources):
            for failure in validator.iter_errors(value):
                self.error(loc, f"option {_describe(value)} fails {failure.validator}: "
                                f"{failure.message}")

    def json_type(self, node: Node, values: list[Any]) -> Any:
        declared = node.get("type")
        if isinstance(declared, list):
            return tuple(declared)
        if declared is not None:
            return declared
        kinds = sorted({_value_type(v) for v in values})
        return kinds[0] if len(kinds) == 1 else tuple(kinds)

    def add_choice(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                   required: bool, options: tuple, descriptions: tuple, json_type: Any) -> None:
        self.add_leaf(node, path, arrays, required, "decide.choice", json_type,
                      None in options, options=options, option_descriptions=descriptions)

    # -- numbers ----------------------------------------------------------------------------
    def walk_integer(self, node: Node, nullable: bool, path: tuple[str, ...],
                     arrays: tuple[str, ...], required: bool) -> None:
        constraints = normalized_constraints(node.schema, self.draft4)
        levels = admissible_integers(constraints, stop_after=MAX_LEVELS + 1)
        bound_loc = next((node.at(k) for k in ("maximum", "exclusiveMaximum", "minimum",
                                                "exclusiveMinimum", "multipleOf") if k in node),
                         node.loc)
        if levels is not None and len(levels) == 0:
            self.error(bound_loc, "the integer bounds admit no value")
        elif levels is not None and len(levels) == 1 and not self.strict:
            self.refuse_extensions(node, "a single value")
            self.add_constant(node, path, arrays, required, levels[0])
        elif levels is not None and len(levels) == 1:
            self.error(bound_loc, f"the integer bounds admit only one value ({levels[0]}): a "
                                  "single value has nothing to decide")
        elif levels is not None and len(levels) <= MAX_LEVELS:
            self.refuse_extensions(node, "an integer score", allow_levels=True)
            self.add_leaf(node, path, arrays, required, "decide.score", "integer", nullable,
                          levels=tuple(levels), level_labels=self.level_labels(node, levels),
                          null_outcome=nullable)
        else:
            self.refuse_extensions(node, "an integer quantity (a bound is missing or more than "
                                         f"{MAX_LEVELS} values are admitted)")
            self.add_leaf(node, path, arrays, required, "extract.number", "integer", nullable)

    def walk_number(self, node: Node, json_type: str, nullable: bool, path: tuple[str, ...],
                    arrays: tuple[str, ...], required: bool) -> None:
        if not number_admits_some(normalized_constraints(node.schema, self.draft4)):
            where = node.at("minimum") if "minimum" in node else node.loc
            self.error(where, "the number bounds admit no value")
            return
        self.add_leaf(node, path, arrays, required, "extract.number", json_type, nullable)

    def level_labels(self, node: Node, levels: list[int]) -> tuple[tuple[int, str], ...] | None:
        raw = node.get("x-levels")
        if raw is None:
            return None
        if not isinstance(raw, dict):
            self.error(node.at("x-levels"), "x-levels must be an object mapping levels to labels")
            return None
        by_name = {str(level): level for level in levels}
        labels = []
        for name, label in raw.items():
            if name not in by_name:
                self.error(node.at("x-levels") + (name,),
                           f"x-levels key {name!r} is not an admissible level (levels: "
                           + ", ".join(by_name) + ")")
            elif not isinstance(label, str) or not label.strip():
                self.error(node.at("x-levels") + (name,), "x-levels labels must be non-empty "
                                                          "strings")
            else:
                labels.append((by_name[name], label))
        return tuple(sorted(labels)) or None

    # -- strings ----------------------------------------------------------------------------
    def walk_string(self, node: Node, nullable: bool, path: tuple[str, ...],
                    arrays: tuple[str, ...], required: bool,
                    inherited: dict[str, tuple[Any, Loc]] | None) -> None:
        fmt = node.get("format")
        leaf_format = fmt
        if fmt is not None and fmt not in kw.FORMATS:
            if self.strict:
                self.error(node.at("format"), f"format {fmt!r} is not supported: use one of "
                                              + ", ".join(kw.FORMATS))
            else:
                leaf_format = None
                self.warn(node.at("format"), f"format {fmt!r} is not checked by deg: the value "
                                             "is a verbatim span, not checked as a " + fmt)
        low, high = node.get("minLength"), node.get("maxLength")
        if low is not None and high is not None and low > high:
            self.error(node.at("minLength"), f"minLength {low} is greater than maxLength {high}: "
                                             "no string fits")
        if "pattern" in node:
            try:
                regex.compile(node.get("pattern"))
            except (regex.error, RecursionError, OverflowError) as exc:
                self.error(node.at("pattern"), f"invalid pattern: {exc}")
        if "x-levels" in node:
            self.error(node.at("x-levels"), "x-levels applies only to an integer score field, "
                                            "not to a string")
        generate = self.generates(node) or bool(inherited)
        if not generate:
            if "x-max-tokens" in node:
                self.error(node.at("x-max-tokens"), "x-max-tokens applies only where x-generate "
                                                    "is true")
            mode = "extract.date" if leaf_format in kw.DATE_FORMATS else "extract.span"
            self.add_leaf(node, path, arrays, required, mode, "string", nullable,
                          format=leaf_format)
            return
        where = node.at("x-generate") if self.generates(node) else inherited["x-generate"][1]
        if fmt is not None:
            self.error(where, "x-generate does not apply to a string with a format: a "
                              f"{fmt} is copied from the context, never written")
            return
        if nullable:
            self.error(where, "x-generate does not apply to a nullable string: generated text "
                              "is never null")
            return
        max_tokens = node.get("x-max-tokens")
        if max_tokens is None and inherited and "x-max-tokens" in inherited:
            max_tokens = inherited["x-max-tokens"][0]
        self.add_leaf(node, path, arrays, required, "generate", "string", False,
                      max_tokens=max_tokens)

    # -- constants --------------------------------------------------------------------------

    # -- leaves -----------------------------------------------------------------------------
    def add_leaf(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                 required: bool, mode: str, json_type: Any, nullable: bool, **extra: Any) -> None:
        on_null = None
        if mode.startswith("extract."):
            on_null = "null" if nullable else "forbid" if required else "omit"
        constraints = {k: node.get(k) for k in ("minLength", "maxLength", "pattern") if k in node}
        if not self.strict and "string" not in (json_type if isinstance(json_type, tuple)
                                                else (json_type,)):
            constraints = {}  # loose: a string keyword on another type was ignored (warned)
        numeric = normalized_constraints(node.schema, self.draft4)
        if not self.strict and not {"number", "integer"} & set(
                json_type if isinstance(json_type, tuple) else (json_type,)):
            numeric = {}
        constraints.update(numeric)
        self.fields.append(FieldPlan(
            pointer=_pointer(path), path=path, mode=mode, json_type=json_type, required=required,
            nullable=nullable, on_null=on_null, constraints=tuple(sorted(constraints.items())),
            title=node.get("title"), description=node.get("description"), arrays=arrays,
            **extra))
