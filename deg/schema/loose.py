"""The loose reading of a schema (`compile_schema`'s default), as methods of the compiler.

Each method reads one construct strict mode refuses, in a way whose filled value is still valid
against the user's schema, and reports what it did as a plan warning (`Compiler.warn`), or
refuses with what to write instead. The rules are listed in docs/schemas.md:

- `screen_loose`: annotations, unknown keywords and `x-*` extensions ignored with a warning; a
  near miss of deg's own extensions stays an error ("did you mean"); asserting keywords deg does
  not fill by (`not`, `contains`, ...) are recorded as checks for the final validation;
- `merge_all_of` / `merge_parts`: `allOf` and 2019-09+ `$ref` siblings merged (merge.py);
- `constant_from_const` / `add_constant`: single values filled by assembly, never asked;
- `walk_map`: an object without declared properties (a map: a schema-valued
  additionalProperties, one patternProperties entry, propertyNames) as key-value
  extraction, an array of {key, value} items (`deg.plan.MapPlan`);
- `fill_empty_object`: an object that admits only `{}` (additionalProperties false), or
  whose keys deg cannot check (several patternProperties), filled `{}`;
- `walk_tuple`: `prefixItems` as one leaf per position;
- `implied_type`: a node without `type` read as the type its keywords imply;
- `read_union` / `add_union_leaf` / `tag_of`: a scalar union with a number branch before a
  string branch (`int | str`, pydantic's Decimal) is one extract.span leaf whose span is
  parsed by the first branch that accepts it (`FieldPlan.branches`, read by
  `deg.outcomes.read_span`); other scalar unions are read as their first readable branch (a
  string, number or integer; else a boolean, decided); unions of objects (discriminated or
  not) are refused, since they need a choice between branches.
"""
from __future__ import annotations

import difflib
from typing import Any

import regex

from deg.plan import (CHOICE_SEGMENT, ArrayPlan, ConstantPlan, MapPlan, NullablePlan, TuplePlan,
                      UnionPlan, branch_segment)
from deg.schema import keywords as kw
from deg.schema.node import RECURSION_MARK
from deg.schema.merge import MergeConflict, merge
from deg.schema.numbers import normalized_constraints
from deg.schema.node import Node, _describe, _equality_key, _pointer, _value_type
from deg.schema.refs import Loc

NEAR_MISS_CUTOFF = 0.8         # difflib ratio above which an x-* keyword is a typo of deg's


class LooseReading:
    """Mixed into `Compiler`; uses its state (strict, errors, warnings, fields, ...)."""

    def merge_parts(self, parts: list[tuple[dict, dict]]) -> tuple[dict, dict]:
        def conflict(where: Loc, exc: MergeConflict) -> None:
            self.error(tuple(where) + (exc.keyword,), f"allOf cannot be merged: {exc}; write "
                                                      "one schema that both branches allow")
        return merge(parts, self.annotations, conflict)

    def merge_all_of(self, node: Node) -> Node | None:
        """Loose reading: the node and its allOf branches as one schema (see merge.py)."""
        branches = node.get("allOf")
        outer = {k: v for k, v in node.schema.items() if k != "allOf"}
        parts = [(outer, {k: node.locs[k] for k in outer})]
        active = node.active
        for index, raw in enumerate(branches):
            branch = self.resolve(raw, node.at("allOf") + (index,), node.active)
            if branch is None:
                return None
            parts.append((branch.schema, branch.locs))
            active = active | branch.active
        schema, locs = self.merge_parts(parts)
        return Node(schema, locs, node.loc, active)

    def screen_loose(self, node: Node, key: str, value: Any) -> None:
        """The loose reading of one keyword: ignore with a warning, or refuse what cannot work."""
        if key in kw.LOOSE_REFUSED:
            self.error(node.at(key), f"{key} is not supported: {kw.LOOSE_REFUSED[key]}")
        elif key in kw.LOOSE_HANDLED or (key == "items" and isinstance(value, list)):
            return  # read by the walk (const, tuples, maps)
        elif key in kw.LOOSE_ANNOTATIONS:
            self.warn(node.at(key), f"{key} is ignored")
        elif key in kw.UNSUPPORTED:
            self.warn(node.at(key), f"{key} is not used while filling; the final validation "
                                    "still applies it, so a fill that breaks it fails")
            self.check_at_end(node.at(key), value)
        elif key.startswith("x-") and key not in kw.EXTENSIONS:
            close = difflib.get_close_matches(key, sorted(kw.EXTENSIONS), n=1,
                                              cutoff=NEAR_MISS_CUTOFF)
            if close:
                self.error(node.at(key), f"unknown extension keyword {key}: did you mean "
                                         f"{close[0]}? (the only extensions are x-generate, "
                                         "x-max-tokens and x-levels)")
            else:
                self.warn(node.at(key), f"vendor extension {key} is ignored")
        elif not (key in self.annotations or key in kw.STRUCTURAL or key == "const"
                  or key in kw.ALL_TYPE_KEYWORDS or key in kw.EXTENSIONS):
            self.warn(node.at(key), f"unknown keyword {key} is ignored")

    def without_constraint_unions(self, node: Node) -> Node:
        """An anyOf/oneOf whose branches only constrain (`[{"required": ["a"]},
        {"required": ["b"]}]`) shapes no value: it is left to the final validation."""
        drop = [key for key in ("anyOf", "oneOf") if isinstance(node.get(key), list)
                and node.get(key) and all(isinstance(b, dict) and not kw.STRUCTURE & set(b)
                                          for b in node.get(key))]
        if not drop:
            return node
        for key in drop:
            self.warn(node.at(key), f"{key} of constraints only is not used while filling; the "
                                    "final validation still applies it, so a fill that breaks it "
                                    "fails")
            self.check_at_end(node.at(key), node.get(key))
        return Node({k: v for k, v in node.schema.items() if k not in drop},
                    {k: v for k, v in node.locs.items() if k not in drop}, node.loc, node.active)

    def implied_type(self, node: Node) -> Node:
        """Loose reading of a node without `type`: the type its keywords imply, else string."""
        implied = next((name for name, keys in kw.IMPLIED_TYPES
                        if any(key in node for key in keys)), None)
        if implied is None:
            implied = "string"
            self.warn(node.loc, "no type: the value is read as a string (a schema without a "
                                "type accepts any value)")
        else:
            self.warn(node.loc, f"no type: read as {implied}, the type its keywords imply")
        return Node({**node.schema, "type": implied}, {**node.locs, "type": node.loc}, node.loc,
                    node.active)

    def map_like(self, node: Node) -> bool:
        """An object without properties whose keys deg can find: anything but
        `additionalProperties: false` (the only valid value is `{}`) or several key patterns
        (a key may not match the one deg would check)."""
        patterns = node.get("patternProperties") or {}
        if len(patterns) > 1 or node.get("propertyNames") is False:
            return False
        return bool(patterns) or node.get("additionalProperties", True) is not False

    def walk_map(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                 nullable: bool, required: bool, depth: int) -> None:
        """A map as key-value extraction: an array of items {key, value} (deg.plan.MapPlan),
        the key a string leaf checked against propertyNames and the key pattern, the value the
        pattern's (else additionalProperties') schema; min/maxProperties bound the items."""
        for index, name in enumerate(node.get("required", [])):
            self.error(node.at("required") + (index,), f"required names {name!r}, which is not "
                                                       "in properties: declare it to fill it")
        patterns = node.get("patternProperties") or {}
        parts = [({"type": "string"}, {"type": node.loc})]
        names = node.get("propertyNames")
        if isinstance(names, dict):
            parts.append((names, {k: node.at("propertyNames") for k in names}))
        if patterns:
            (pattern, value_raw), = patterns.items()
            parts.append(({"pattern": pattern}, {"pattern": node.at("patternProperties")}))
            value_loc = node.at("patternProperties") + (pattern,)
        else:
            value_raw = node.get("additionalProperties", {})
            value_loc = node.at("additionalProperties")
            if value_raw is True:
                value_raw = {}
        key_schema, key_locs = self.merge_parts(parts) if len(parts) > 1 else parts[0]
        pointer = _pointer(path)
        if nullable:
            self.nullables.append(NullablePlan(pointer=pointer, path=path, kind="array",
                                               arrays=arrays))
        self.maps.append(MapPlan(pointer=pointer, path=path, arrays=arrays))
        self.warn(node.loc, "a map: its keys and values are found like the items of an array")
        slot, first_leaf = len(self.arrays), len(self.fields)
        self.arrays.append(None)  # type: ignore[arg-type]  # filled below, keeps pre-order
        inner = arrays + (pointer,)
        self.walk(Node(key_schema, key_locs, node.loc, node.active), path + ("*", "key"), inner,
                  True, depth + 1)
        value = self.child(value_raw, value_loc, node, depth + 1)
        if value is not None and RECURSION_MARK in value:
            self.arrays.pop(slot)
            self.fields[first_leaf:] = []
            self.maps.pop()
            if nullable:
                self.nullables.pop()
            if node.get("minProperties", 0) > 0:
                self.cut_recursion(value, path, arrays, required)
                return
            self.warn(value_loc, f"recursive $ref {value.get(RECURSION_MARK)!r} is unrolled "
                                 f"{self.max_recursion} times; deeper the map is empty")
            self.add_constant(node, path, arrays, required, {}, kind="empty")
            return
        if value is not None:
            self.walk(value, path + ("*", "value"), inner, True, depth + 1)
        low, high = node.get("minProperties", 0), node.get("maxProperties")
        self.arrays[slot] = ArrayPlan(
            pointer=pointer, path=path, min_items=int(low),
            max_items=None if high is None else int(high), unique_items=False,
            required=required, title=node.get("title"), description=node.get("description"),
            item_pointer=_pointer(path + ("*",)), item_kind="object",
            fields=tuple(leaf.pointer for leaf in self.fields[first_leaf:]), arrays=arrays)

    def fill_empty_object(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                          nullable: bool, required: bool) -> None:
        """Loose reading of an object without declared properties (a map): `{}` (null if
        nullable), unless the schema demands keys deg cannot know."""
        ok = True
        for index, name in enumerate(node.get("required", [])):
            self.error(node.at("required") + (index,), f"required names {name!r}, which is not "
                                                       "in properties: declare it to fill it")
            ok = False
        if node.get("minProperties", 0) > 0:
            self.error(node.at("minProperties"), "minProperties needs keys deg cannot know: "
                                                 "declare the properties to fill")
            ok = False
        if not ok:
            return
        value = None if nullable else {}
        what = "a map (keys not declared)" if any(
            k in node for k in ("additionalProperties", "patternProperties", "propertyNames")) \
            else "an object without declared properties"
        self.warn(node.loc, f"{what} is filled {'null' if nullable else '{}'}: deg fills only "
                            "declared properties")
        self.add_constant(node, path, arrays, required, value, kind="empty")

    def walk_tuple(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                   depth: int) -> None:
        """Loose reading of a tuple (`prefixItems`, or draft-07 `items: [...]`): one node per
        position under the segments "0", "1", ...; later items are never filled, so the
        additional-items schema does not matter. Positions below minItems are required."""
        key = "prefixItems" if "prefixItems" in node else "items"
        positions = node.get(key)
        min_items = node.get("minItems", 0)
        if min_items > len(positions):
            self.error(node.at("minItems"), f"minItems {min_items} needs more items than the "
                                            f"{len(positions)} tuple positions deg fills")
            return
        if self.generates(node):
            self.error(node.at("x-generate"), "x-generate does not apply to a tuple: put it on "
                                              "its string positions")
        if node.get("uniqueItems"):
            self.warn(node.at("uniqueItems"), "uniqueItems on a tuple is checked only at the end")
        self.tuples.append(TuplePlan(pointer=_pointer(path), path=path, length=len(positions),
                                     min_items=min_items, arrays=arrays))
        for index, raw in enumerate(positions):
            child = self.child(raw, node.at(key) + (index,), node, depth + 1)
            if child is not None:
                self.walk(child, path + (str(index),), arrays, index < min_items, depth + 1)

    def read_union(self, node: Node, key: str, branches: list[Node], nullable: bool,
                   path: tuple[str, ...], arrays: tuple[str, ...], required: bool, depth: int,
                   inherited: dict[str, tuple[Any, Loc]] | None) -> None:
        """Loose reading of a union of scalar branches (`int | str`, pydantic's Decimal): one
        extract leaf read as the first branch deg can read; the value is valid against it, so
        against the union. Unions of objects or arrays need a branch choice: refused."""
        siblings = [name for name in node.schema if key != "type" and name != key
                    and name not in self.annotations and name not in kw.EXTENSIONS
                    and not self.ignorable(name)]
        if siblings:  # they apply with every branch (allOf reading): merged into each
            branches = [self.conjoined(node, key, siblings, b) for b in branches]
            node = Node({k: v for k, v in node.schema.items() if k not in siblings},
                        {k: v for k, v in node.locs.items() if k not in siblings}, node.loc,
                        node.active)
        kinds: list[str] = []          # per branch: its one type, "enum", or "mixed"
        for branch in branches:
            types = self.type_list(branch) if "type" in branch else []
            if any(k in branch for k in ("anyOf", "oneOf")) or len(types) > 1:
                kinds.append("mixed")
            elif "enum" in branch or "const" in branch:
                kinds.append("enum")
            else:
                kinds.append(types[0] if types else "mixed")
        where = node.at(key)
        readable = [i for i, k in enumerate(kinds) if k in kw.READABLE_TYPES and (
            key == "type" or not any(name in branches[i] for name in ("properties", "items")))]
        if not readable:  # a boolean is a valid value of the union too: decide it
            readable = [i for i, k in enumerate(kinds) if k == "boolean" and (
                key == "type" or not any(name in branches[i] for name in ("properties", "items")))]
        if not readable:
            self.walk_union(node, key, branches, nullable, path, arrays, required, depth,
                            inherited)
            return
        if key != "type":
            for name in node.schema:
                if name != key and name not in self.annotations and name not in kw.EXTENSIONS \
                        and not self.ignorable(name):
                    self.error(node.at(name), f"{name} cannot stand next to {key}: put it "
                                              "inside the branches")
        chosen = readable[0]
        reachable = readable[:next((n + 1 for n, i in enumerate(readable)
                                    if kinds[i] == "string"), len(readable))]
        if kinds[chosen] != "string" and kinds[reachable[-1]] == "string":
            self.add_union_leaf(node, key, [branches[i] for i in reachable],
                                [kinds[i] for i in reachable], nullable, path, arrays, required,
                                inherited)
            return
        inner = branches[chosen]
        others = [k for i, k in enumerate(kinds) if i != chosen]
        if others:
            self.warn(where, f"a union of {', '.join(map(str, kinds))} is read as the first "
                             f"readable branch, {kinds[chosen]}; the other branches are not "
                             "tried")
        if key == "type":
            merged = inner
        else:
            schema, locs = dict(inner.schema), dict(inner.locs)
            for name in node.schema:
                if name != key and (name in self.annotations or name in kw.EXTENSIONS):
                    schema[name], locs[name] = node.schema[name], node.locs[name]
            merged = Node(schema, locs, inner.loc, inner.active)
            self.screen(merged)
        self.walk_typed(merged, kinds[chosen], nullable, path, arrays, required, depth,
                        inherited)

    def walk_union(self, node: Node, key: str, branches: list[Node], nullable: bool,
                   path: tuple[str, ...], arrays: tuple[str, ...], required: bool, depth: int,
                   inherited: dict[str, tuple[Any, Loc]] | None) -> None:
        """A union of objects, arrays or mixed branches: a decide over the branches (their
        titles, descriptions and property names; a discriminated union's tag values), then
        the chosen branch filled under its `|k` segment (deg.plan.UnionPlan). Keywords next
        to the union apply to every branch, so they are merged into each (allOf reading)."""
        self.refuse_inherited(inherited, "a union")
        self.refuse_extensions(node, "a union")
        outer = {k: v for k, v in node.schema.items() if k not in (key, "title", "description")
                 and k not in self.annotations and not k.startswith("x-") and k != "type"
                 and not self.ignorable(k)}
        declared = [t for t in self.type_list(node) if t != "null"] if key != "type" else []
        merged: list[Node] = []
        for branch in branches:
            if key == "type":
                merged.append(branch)
                continue
            parts = [(branch.schema, branch.locs)]
            if outer:
                parts.insert(0, (outer, {k: node.locs[k] for k in outer}))
            if len(declared) == 1 and "type" not in branch:
                parts.append(({"type": declared[0]}, {"type": node.loc}))
            schema, locs = self.merge_parts(parts) if len(parts) > 1 else parts[0]
            merged.append(Node(schema, locs, branch.loc, branch.active | node.active))
        tag = self.tag_of(merged)
        tags = [self.tag_value(b, tag) for b in merged] if tag else []
        if tag and len({_equality_key(v) for v in tags}) < len(tags):
            tag, tags = None, []
        options = tuple(tags) if tag else self.branch_labels(merged)
        descriptions = tuple(self.branch_text(b) for b in merged)
        if nullable:
            options, descriptions = options + (None,), descriptions + (None,)
        pointer = _pointer(path)
        self.unions.append(UnionPlan(pointer=pointer, path=path,
                                     choice=_pointer(path + (CHOICE_SEGMENT,)),
                                     branches=len(merged), tag=tag, nullable=nullable,
                                     required=required, arrays=arrays))
        self.warn(node.at(key), f"a {key} of {len(merged)} branches is filled by deciding the "
                                + (f"tag {tag!r}" if tag else "branch") + ", then the chosen "
                                "branch's fields")
        annotations = {k: node.get(k) for k in ("title", "description") if k in node}
        label = Node(annotations, {k: node.loc for k in annotations}, node.loc, node.active)
        kinds = sorted({_value_type(v) for v in options if v is not None})
        json_type: Any = kinds[0] if len(kinds) == 1 else tuple(kinds)
        if nullable:
            json_type = (json_type, "null") if isinstance(json_type, str) else json_type + ("null",)
        self.add_leaf(label, path + (CHOICE_SEGMENT,), arrays, True, "decide.choice", json_type,
                      nullable, options=options, option_descriptions=descriptions)
        for index, branch in enumerate(merged):
            self.walk(branch, path + (branch_segment(index),), arrays, True, depth + 1)

    def tag_value(self, branch: Node, tag: str) -> Any:
        sub = branch.get("properties")[tag]
        return sub["const"] if "const" in sub else sub["enum"][0]

    def branch_labels(self, branches: list[Node]) -> tuple[str, ...]:
        """One distinct option text per branch: its title, else its required (else declared)
        property names, sorted, else its type."""
        labels: list[str] = []
        for index, branch in enumerate(branches):
            text = branch.get("title")
            if not isinstance(text, str) or not text.strip():
                # sorted: reordering a branch's properties keeps the plan fingerprint
                names = sorted(branch.get("required") or list(branch.get("properties") or {}))
                text = ("with " + ", ".join(map(str, names[:6]))) if names else str(
                    branch.get("type", f"option {index + 1}"))
            while text in labels:
                text = f"{text} ({index + 1})"
            labels.append(text)
        return tuple(labels)

    def branch_text(self, branch: Node) -> str | None:
        """What the model reads about a branch: its description and its property names
        (sorted, so the order properties are written in changes nothing)."""
        parts = []
        if isinstance(branch.get("description"), str):
            parts.append(branch.get("description")[:200])
        properties = branch.get("properties")
        if isinstance(properties, dict) and properties:
            parts.append("fields: " + ", ".join(sorted(properties)[:12]))
        return "; ".join(parts) or None

    def add_union_leaf(self, node: Node, key: str, branches: list[Node], kinds: list[str],
                       nullable: bool, path: tuple[str, ...], arrays: tuple[str, ...],
                       required: bool, inherited: dict[str, tuple[Any, Loc]] | None) -> None:
        """`int | str`, pydantic's Decimal (number | string): one extract.span leaf whose span
        is parsed by the first branch that accepts it (a number branch as a number, the
        string branch verbatim), each branch with its own constraints."""
        self.refuse_inherited(inherited, "a union")
        self.refuse_extensions(node, "a union")
        read = []
        for branch, kind in zip(branches, kinds):
            if kind == "string":
                constraints = {k: branch.get(k) for k in ("minLength", "maxLength", "pattern")
                               if k in branch}
                if branch.get("format") in kw.FORMATS:
                    constraints["format"] = branch.get("format")
                if "pattern" in constraints and not self.pattern_compiles(branch):
                    return
            else:
                constraints = normalized_constraints(branch.schema, self.draft4)
            read.append((kind, tuple(sorted(constraints.items()))))
        self.warn(node.at(key), "a union of " + ", ".join(kinds) + " is read as one span, "
                                "parsed by the first branch that accepts it")
        annotations = {k: v for k, v in node.schema.items() if k in ("title", "description")}
        for k in ("title", "description"):
            if k not in annotations and k in branches[0]:
                annotations[k] = branches[0].get(k)
        label = Node(annotations, {k: node.loc for k in annotations}, node.loc, node.active)
        self.add_leaf(label, path, arrays, required, "extract.span", tuple(kinds), nullable,
                      branches=tuple(read))

    def pattern_compiles(self, node: Node) -> bool:
        try:
            regex.compile(node.get("pattern"))
        except (regex.error, RecursionError, OverflowError) as exc:
            self.error(node.at("pattern"), f"invalid pattern: {exc}; write a regular "
                                           "expression Python's regex module reads")
            return False
        return True

    def tag_of(self, branches: list[Node]) -> str | None:
        """The property every branch fixes with a const (a discriminated union's tag)."""
        common = None
        for branch in branches:
            properties = branch.get("properties")
            if not isinstance(properties, dict):
                return None
            names = {name for name, sub in properties.items()
                     if isinstance(sub, dict) and ("const" in sub or len(sub.get("enum", [])) == 1)}
            common = names if common is None else common & names
        return min(common) if common else None

    def constant_from_const(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                            required: bool, inherited: dict[str, tuple[Any, Loc]] | None) -> None:
        value = node.get("const")
        self.refuse_inherited(inherited, "a const")
        declared = self.declared_types(node)
        checker = self.validator_cls.TYPE_CHECKER
        if declared is not None and not any(checker.is_type(value, t) for t in declared
                                            if t in kw.JSON_TYPES):
            self.error(node.at("const"), f"const {_describe(value)} is not of type "
                                         + "/".join(sorted(declared)) + ": no value fits")
            return
        if "enum" in node and not any(_equality_key(value) == _equality_key(v)
                                      for v in node.get("enum") if not isinstance(v, (dict, list))):
            self.error(node.at("const"), f"const {_describe(value)} is not in the enum next to "
                                         "it: no value fits")
            return
        if not isinstance(value, (dict, list)):
            self.check_enum_constraints(node, [value], [node.at("const")])
        self.refuse_extensions(node, "a const")
        self.add_constant(node, path, arrays, required, value)

    def add_constant(self, node: Node, path: tuple[str, ...], arrays: tuple[str, ...],
                     required: bool, value: Any, kind: str = "const") -> None:
        """A value known from the schema alone: assembly fills it (confidence 1, no fork)."""
        self.constants.append(ConstantPlan(
            pointer=_pointer(path), path=path, value=value, kind=kind, required=required,
            arrays=arrays, position=len(self.fields)))
