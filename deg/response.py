"""Raw outcomes -> the response of contract section 8: drops, value, meta, usage, validation.

`apply_drops(plan, raw)` enforces the item rules of contract sections 4 and 12.6: inside an
array item, a `forbid` extract leaf (required, not nullable) with no valid value means the item
does not exist. The innermost item enclosing that leaf is removed with every outcome below it,
the surviving items are renumbered in order (concrete pointers rewritten) and the array's
outcome counts them in `dropped`. An array left with fewer items than `minItems` removes its own
enclosing item in turn (deepest arrays first, so drops cascade outwards); a top-level array left
short, or a `forbid` leaf outside every array with no value, is a `FillError`. The runtime calls
it before the generate phase (a dropped item's generate fields are never decoded); `assemble`
calls it again, which changes nothing on an already-dropped fill (it is idempotent).

`assemble(plan, raw, model=...)` builds:

- `value`: objects in schema property order (the plan's depth-first leaf order), arrays with
  their surviving items; an extract leaf with no value follows its `on_null` (`null` -> null,
  `omit` -> key left out, `forbid` -> `FillError`). An optional array is always present (an
  empty list when no item was found: the count is a runtime answer, and 0 is an answer).
- `meta`: one entry per leaf and array instance, keyed by the concrete RFC 6901 pointer, in
  document order; an omitted leaf keeps its entry (with `null_reason`) so a caller can see
  why the key is missing. For choice/score, `probability`, `confidence` and `expected` are
  computed here from `probabilities` (first maximum, jev formula, level mean), so they agree
  with each other whatever arithmetic produced the outcome's own copies. A decide or extract
  leaf of a request with `options.explain` also has `explain` (the outcome's own, as is).
- `usage`: `prompt_tokens` from the runtime; `generated_tokens` is the sum of the surviving
  leaves' `generated_tokens` (the contract's definition), not `raw.generated_tokens`;
  `cached_tokens` (of `prompt_tokens`, those reused from a kept trunk rather than read again;
  0 for a cold fill) and `fork_tokens` (tokens of the fork rows that asked the questions) as
  the runtime counted them.
- `plan`: the plan fingerprint.
- `warnings`: the plan's warnings (`{pointer, message}`, what the loose reading ignored), `[]`
  for a schema read exactly.

Values that need no fork (plan `constants`, `nullables`, `root`):

- a constant is put in the value wherever its node is (in every item of an enclosing array),
  with meta `{"mode": "const", "confidence": 1.0}`; an empty map (`kind: "empty"`) has meta
  `{"mode": "map", "items": 0}`.
- **The null rule of nullable objects and arrays.** A nullable array is `null` when it has no
  item, or fewer surviving items than its `minItems` (meta `null_reason` `not_found` /
  `minItems`). A nullable object is `null` when it holds extract leaves or arrays and none of
  them found anything (`not_found`: decisions and generated text are always produced, so they
  are no evidence), or when one of its own required extract leaves has no valid value, or one
  of its own arrays is short of `minItems` (`required`): like an array item, but the object
  becomes `null` instead of disappearing. "Its own" means the object is the innermost array
  item or nullable object enclosing that leaf. A null node's entries below it leave `meta`.
- a plan with a wrapped `root` (a non-object schema root) is built as an object with that one
  property; the returned value is the property's value and meta pointers lose the prefix, so
  `meta` is keyed by pointers into the value actually returned (`""` for the root itself).

Then `value` is validated against `plan.schema` with the validator of the schema's draft (its
`$schema`, else 2020-12) and deg's own format checks (`deg.parsers.formats`), `uniqueItems`
included; any violation is a `FillError` naming the pointer and keyword. An outcome set that
does not match the plan (a missing or unexpected pointer, a decide value that is not its
argmax) is a `FillError` too: assembly never guesses.
"""
from __future__ import annotations

import copy
import math
from dataclasses import replace
from typing import Any

import jsonschema

from deg.errors import FillError
from deg.outcomes import (ArrayOutcome, FieldOutcome, RawFill, confidence, expected_level,
                          first_argmax)
from deg.parsers.formats import FORMAT_CHECKER
from deg.plan import (CHOICE_SEGMENT, EXTRACT_MODES, ArrayPlan, FieldPlan, FillPlan, UnionPlan,
                      branch_segment, is_branch_segment, value_path)
from deg.pointer import escape, pointer_of, split as split_pointer

__all__ = ["apply_drops", "assemble", "chosen_branches", "confidence", "escape",
           "on_chosen_branches", "pointer_of"]

Item = tuple[str, int]                 # (concrete pointer of an array instance, item index)



# ---------------------------------------------------------------- concrete pointers


class _Located:
    """A concrete pointer checked against its plan path: its segments and array indices."""

    def __init__(self, pointer: str, path: tuple[str, ...]):
        segments = _split(pointer)
        if len(segments) != len(path):
            raise FillError(f"{pointer}: does not match plan pointer {pointer_of(path)}")
        self.segments = segments
        self.stars: list[int] = []                       # positions of "*" in the path
        for position, (segment, name) in enumerate(zip(segments, path)):
            if name == "*":
                if not (segment.isdigit() and (segment == "0" or not segment.startswith("0"))):
                    raise FillError(f"{pointer}: {segment!r} is not an array index")
                self.stars.append(position)
            elif segment != name:
                raise FillError(f"{pointer}: does not match plan pointer {pointer_of(path)}")

    def item(self, depth: int) -> Item:
        """The item of the `depth`-th enclosing array (0 = outermost)."""
        position = self.stars[depth]
        return pointer_of(self.segments[:position]), int(self.segments[position])

    def items(self) -> list[Item]:
        return [self.item(depth) for depth in range(len(self.stars))]

    def renumbered(self, remap: dict[str, dict[int, int]]) -> str:
        segments: list[str | int] = list(self.segments)
        for depth, position in enumerate(self.stars):
            array_pointer, index = self.item(depth)
            segments[position] = remap[array_pointer][index]
        return pointer_of(segments)


def _split(pointer: str) -> list[str]:
    try:
        return split_pointer(pointer)
    except ValueError as exc:
        raise FillError(str(exc)) from None


def _plan_index(plan: FillPlan) -> tuple[dict[str, FieldPlan], dict[str, ArrayPlan]]:
    return {f.pointer: f for f in plan.fields}, {a.pointer: a for a in plan.arrays}


def _nullable_paths(plan: FillPlan, kind: str) -> set[tuple[str, ...]]:
    return {n.path for n in plan.nullables if n.kind == kind}


def _absorber(path: tuple[str, ...], below: int, objects: set[tuple[str, ...]]) -> int | None:
    """Length of the deepest prefix of `path[:below]` that absorbs a missing required value:
    an array item (ends in "*", possibly the leaf or array itself) or a nullable object.
    None: nothing does (a FillError)."""
    for length in range(below, 0, -1):
        if path[length - 1] == "*" or path[:length] in objects:
            return length
    return None


def _is_item(path: tuple[str, ...], length: int) -> bool:
    return path[length - 1] == "*"


def _field_plan(fields: dict[str, FieldPlan], outcome: FieldOutcome) -> FieldPlan:
    field = fields.get(outcome.plan_pointer)
    if field is None:
        raise FillError(f"{outcome.pointer}: plan has no leaf {outcome.plan_pointer}")
    return field


def _array_plan(arrays: dict[str, ArrayPlan], outcome: ArrayOutcome) -> ArrayPlan:
    array = arrays.get(outcome.plan_pointer)
    if array is None:
        raise FillError(f"{outcome.pointer}: plan has no array {outcome.plan_pointer}")
    return array


# ---------------------------------------------------------------- drops


def apply_drops(plan: FillPlan, raw: RawFill) -> RawFill:
    """Remove array items whose required values are missing (see the module docstring)."""
    fields, arrays = _plan_index(plan)
    objects = _nullable_paths(plan, "object")
    nullable_arrays = _nullable_paths(plan, "array")
    dead: set[Item] = set()
    located_fields = []
    for outcome in raw.fields:
        field = _field_plan(fields, outcome)
        where = _Located(outcome.pointer, field.path)
        located_fields.append((outcome, where))
        if field.mode in EXTRACT_MODES and field.on_null == "forbid" and not outcome.found:
            length = _absorber(field.path, len(field.path), objects)
            if length is None:
                raise FillError(
                    f"{outcome.pointer}: required field has no valid value "
                    f"({outcome.null_reason or 'not_found'})"
                )
            if _is_item(field.path, length):  # else the nullable object becomes null
                dead.add(where.item(field.path[:length].count("*") - 1))

    located_arrays = []
    for outcome in raw.arrays:
        array = _array_plan(arrays, outcome)
        if outcome.items < 0 or outcome.dropped < 0:
            raise FillError(f"{outcome.pointer}: negative item count")
        located_arrays.append((outcome, array, _Located(outcome.pointer, array.path)))

    # Deepest arrays first: a nested array left short kills its enclosing item, which may in
    # turn leave its own array short.
    for outcome, array, where in sorted(located_arrays, key=lambda row: -len(row[1].arrays)):
        if any(item in dead for item in where.items()):
            continue
        survivors = sum((outcome.pointer, i) not in dead for i in range(outcome.items))
        if survivors >= array.min_items or array.path in nullable_arrays:
            continue  # a short nullable array is null (assembly), not a missing value
        length = _absorber(array.path, len(array.path), objects)
        if length is None:
            raise FillError(
                f"{outcome.pointer}: minItems {array.min_items}: only {survivors} items have "
                "their required values"
            )
        if _is_item(array.path, length):
            dead.add(where.item(array.path[:length].count("*") - 1))

    remap: dict[str, dict[int, int]] = {}
    kept_arrays: list[ArrayOutcome] = []
    for outcome, array, where in located_arrays:
        if any(item in dead for item in where.items()):
            continue
        alive = [i for i in range(outcome.items) if (outcome.pointer, i) not in dead]
        remap[outcome.pointer] = {old: new for new, old in enumerate(alive)}
        kept_arrays.append((outcome, where, len(alive)))

    def renumber(outcome_pointer: str, where: _Located) -> str:
        for array_pointer, index in where.items():
            if index not in remap.get(array_pointer, {}):
                raise FillError(f"{outcome_pointer}: item {array_pointer}/{index} was not counted")
        return where.renumbered(remap)

    new_arrays = [
        replace(outcome, pointer=renumber(outcome.pointer, where), items=alive,
                dropped=outcome.dropped + outcome.items - alive)
        for outcome, where, alive in kept_arrays
    ]
    new_fields = [
        replace(outcome, pointer=renumber(outcome.pointer, where))
        for outcome, where in located_fields
        if not any(item in dead for item in where.items())
    ]
    return replace(raw, fields=new_fields, arrays=new_arrays)


# ---------------------------------------------------------------- assembly


def assemble(plan: FillPlan, raw: RawFill, *, model: str) -> dict[str, Any]:
    """The section-8 response for `raw` under `plan`; raises FillError rather than lie."""
    if plan.root is None:
        return _assemble(plan, raw, model)
    prefix = pointer_of([plan.root])
    try:
        return _assemble(plan, raw, model)
    except FillError as exc:  # name the pointer in the value the user asked for
        message = str(exc)
        if message.startswith(prefix):
            message = message[len(prefix):]
            message = message if message.startswith("/") else "(root)" + message
        raise FillError(message) from None


def _assemble(plan: FillPlan, raw: RawFill, model: str) -> dict[str, Any]:
    raw = apply_drops(plan, raw)
    builder = _Builder(plan, raw)
    value: Any = builder.build_object(())
    builder.check_all_used()
    meta = _value_meta(builder.meta) if plan.unions else builder.meta
    if plan.root is not None:
        value = value[plan.root]
        prefix = pointer_of([plan.root])
        meta = {pointer[len(prefix):]: entry for pointer, entry in meta.items()}
    _validate(plan, value)
    return {
        "model": model,
        "value": value,
        "meta": meta,
        "usage": {"prompt_tokens": raw.prompt_tokens, "generated_tokens": builder.generated_tokens,
                  "cached_tokens": raw.cached_tokens, "fork_tokens": raw.fork_tokens},
        "plan": plan.fingerprint,
        "warnings": plan.warning_dicts(),
    }


_ABSENT = object()


class _Builder:
    """Walks the plan's tree (objects, arrays, leaves) over concrete pointers."""

    def __init__(self, plan: FillPlan, raw: RawFill):
        self.fields = {f.path: f for f in plan.fields}
        self.arrays = {a.path: a for a in plan.arrays}
        self.constants = {c.path: c for c in plan.constants}
        self.tuples = {t.path: t for t in plan.tuples}
        self.unions = {u.path: u for u in plan.unions}
        self.maps = {m.path for m in plan.maps}
        self.objects = _nullable_paths(plan, "object")
        self.nullable_arrays = _nullable_paths(plan, "array")
        self.children: dict[tuple[str, ...], list[str]] = {}
        for path in _schema_order(plan):
            for depth in range(len(path)):
                names = self.children.setdefault(path[:depth], [])
                if path[depth] not in names:
                    names.append(path[depth])
        self.field_outcomes = _by_pointer(raw.fields, "leaf")
        self.array_outcomes = _by_pointer(raw.arrays, "array")
        self.used: set[str] = set()
        self.meta: dict[str, dict[str, Any]] = {}
        self.generated_tokens = 0
        self.nulled = self._nulled_objects(plan)

    def _nulled_objects(self, plan: FillPlan) -> dict[str, str]:
        """Concrete pointer of each nullable object instance that is null -> null_reason."""
        if not self.objects:
            return {}
        nulled: dict[str, str] = {}
        missing = [(outcome.pointer, self.fields[_plan_path(outcome.plan_pointer, self.fields)])
                   for outcome in self.field_outcomes.values()
                   if not outcome.found and outcome.mode in EXTRACT_MODES]
        for pointer, field in missing:
            if field.on_null == "forbid":
                length = _absorber(field.path, len(field.path), self.objects)
                if length is not None and not _is_item(field.path, length):
                    nulled[_prefix(pointer, length)] = "required"
        for outcome in self.array_outcomes.values():
            array = self.arrays.get(tuple(_split(outcome.plan_pointer)))
            if array is None or array.path in self.nullable_arrays:
                continue
            if outcome.items < array.min_items:
                length = _absorber(array.path, len(array.path), self.objects)
                if length is not None and not _is_item(array.path, length):
                    nulled[_prefix(outcome.pointer, length)] = "required"
        evidence_paths = {path for path in self.objects if self._has_evidence_source(path)}
        found = [o.pointer for o in self.field_outcomes.values()
                 if o.found and o.mode in EXTRACT_MODES]
        found += [o.pointer for o in self.array_outcomes.values() if o.items > 0]
        # Every instance that holds a found value (one pass, linear in outcomes x depth).
        holding = set()
        for pointer in found:
            segments = _split(pointer)
            holding.update(pointer_of(segments[:length]) for length in range(len(segments) + 1))
        for pointer in list(self.field_outcomes) + list(self.array_outcomes):
            segments = _split(pointer)
            for path in evidence_paths:
                if len(segments) >= len(path) and all(
                        name == "*" or name == segment for name, segment in zip(path, segments)):
                    instance = pointer_of(segments[:len(path)])
                    if instance not in nulled and instance not in holding:
                        nulled[instance] = "not_found"
        return nulled

    def _has_evidence_source(self, path: tuple[str, ...]) -> bool:
        inside = [f for p, f in self.fields.items() if p[:len(path)] == path]
        return any(f.mode in EXTRACT_MODES for f in inside) or any(
            p[:len(path)] == path for p in self.arrays)

    def build(self, path: tuple[str, ...], concrete: list[str | int]) -> Any:
        if path in self.unions:
            return self.build_union(self.unions[path], concrete)
        if path in self.constants:
            return self.build_constant(path, concrete)
        if path in self.fields:
            return self.build_leaf(self.fields[path], concrete)
        if path in self.maps:
            return self.build_map(self.arrays[path], concrete)
        if path in self.arrays:
            return self.build_array(self.arrays[path], concrete)
        if path in self.tuples:
            return self.build_tuple(path, concrete)
        if path in self.objects:
            return self.build_nullable(path, concrete)
        return self.build_object(path, concrete)

    def build_constant(self, path: tuple[str, ...], concrete: list[str | int]) -> Any:
        constant = self.constants[path]
        if constant.kind == "empty":
            self.meta[pointer_of(concrete)] = {"mode": "map", "items": 0}
        else:
            self.meta[pointer_of(concrete)] = {"mode": "const", "confidence": 1.0}
        return copy.deepcopy(constant.value)

    def build_union(self, union: UnionPlan, concrete: list[str | int]) -> Any:
        """The chosen branch's value (its choice leaf decided it), or null for the null
        option of a nullable union. The branch segment stays in meta pointers until
        `_value_meta` removes it."""
        choice = self.fields[union.path + (CHOICE_SEGMENT,)]
        decided = self.build_leaf(choice, concrete + [CHOICE_SEGMENT])
        if decided is None:
            return None
        index = next(i for i, option in enumerate(choice.options)
                     if option is not None and _same(option, decided))
        self.meta[pointer_of(concrete + [CHOICE_SEGMENT])]["branch"] = index
        return self.build(union.path + (branch_segment(index),),
                          concrete + [branch_segment(index)])

    def build_nullable(self, path: tuple[str, ...], concrete: list[str | int]) -> Any:
        """A nullable object: built, then replaced by null under the null rule."""
        pointer = pointer_of(concrete)
        reason = self.nulled.get(pointer)
        outer, tokens = self._open_scope()
        value = self.build_object(path, concrete)
        self._close_scope(outer, keep=reason is None)
        if reason is None:
            return value
        self.generated_tokens = tokens
        self.meta[pointer] = {"mode": "object", "null_reason": reason}
        return None

    def build_tuple(self, path: tuple[str, ...], concrete: list[str | int]) -> Any:
        """Positions in order, cut at the first absent (optional) one; a nullable tuple follows
        the object rule."""
        pointer = pointer_of(concrete)
        outer, tokens = self._open_scope()
        values = [self.build(path + (str(i),), concrete + [str(i)])
                  for i in range(self.tuples[path].length)]
        reason = self.nulled.get(pointer) if path in self.objects else None
        self._close_scope(outer, keep=reason is None)
        if reason is not None:
            self.generated_tokens = tokens
            self.meta[pointer] = {"mode": "tuple", "null_reason": reason}
            return None
        if _ABSENT in values:
            values = values[:values.index(_ABSENT)]
        self.meta[pointer] = {"mode": "tuple", "items": len(values)}
        return values

    def _open_scope(self) -> tuple[dict[str, dict[str, Any]], int]:
        """Collect the meta of a node that may turn null apart, so dropping it is cheap."""
        outer = self.meta
        self.meta = {}
        return outer, self.generated_tokens

    def _close_scope(self, outer: dict[str, dict[str, Any]], keep: bool) -> None:
        if keep:
            outer.update(self.meta)
        self.meta = outer

    def build_object(self, path: tuple[str, ...], concrete: list[str | int] | None = None) -> dict:
        concrete = concrete or []
        out: dict[str, Any] = {}
        for name in self.children.get(path, []):
            value = self.build(path + (name,), concrete + [name])
            if value is not _ABSENT:
                out[name] = value
        return out

    def build_array(self, array: ArrayPlan, concrete: list[str | int]) -> list:
        pointer = pointer_of(concrete)
        outcome = self.array_outcomes.get(pointer)
        if outcome is None:
            raise FillError(f"{pointer}: no outcome for array {array.pointer}")
        if outcome.plan_pointer != array.pointer:
            raise FillError(
                f"{pointer}: outcome names {outcome.plan_pointer}, plan has {array.pointer}")
        self.used.add("array " + pointer)
        entry: dict[str, Any] = {"mode": "array", "items": outcome.items}
        if outcome.dropped > 0:
            entry["dropped"] = outcome.dropped
        self.meta[pointer] = entry
        outer, tokens = self._open_scope()
        items = []
        for index in range(outcome.items):
            value = self.build(array.path + ("*",), concrete + [index])
            if value is _ABSENT:
                raise FillError(f"{pointer_of(concrete + [index])}: array item has no value")
            items.append(value)
        if array.path in self.nullable_arrays and (
                outcome.items == 0 or outcome.items < array.min_items):
            self._close_scope(outer, keep=False)
            self.generated_tokens = tokens
            entry["null_reason"] = "not_found" if outcome.items == 0 else "minItems"
            return None
        self._close_scope(outer, keep=True)
        return items

    def build_map(self, array: ArrayPlan, concrete: list[str | int]) -> Any:
        """A map from its array of {key, value} items: an object in item order, the first of
        two items with the same key kept; meta keyed by the value's pointers (the key's own
        entry under `key`). Nullable: null with no key found."""
        pointer = pointer_of(concrete)
        outcome = self.array_outcomes.get(pointer)
        if outcome is None or outcome.plan_pointer != array.pointer:
            raise FillError(f"{pointer}: no outcome for map {array.pointer}")
        self.used.add("array " + pointer)
        entry: dict[str, Any] = {"mode": "map", "items": outcome.items}
        self.meta[pointer] = entry
        outer, tokens = self._open_scope()
        value: dict[str, Any] = {}
        for index in range(outcome.items):
            item = concrete + [index]
            scope, _ = self._open_scope()
            key = self.build(array.path + ("*", "key"), item + ["key"])
            found = self.build(array.path + ("*", "value"), item + ["value"])
            item_meta = self.meta
            self.meta = scope
            if key is _ABSENT or found is _ABSENT:
                raise FillError(f"{pointer_of(item)}: map item has no key or value")
            if not isinstance(key, str) or key in value:
                continue  # a key found twice: the first item is the map's entry
            value[key] = found
            self._rekey(item_meta, pointer_of(item), pointer_of(concrete + [key]))
        entry["items"] = len(value)
        if array.path in self.nullable_arrays and not value:
            self._close_scope(outer, keep=False)
            self.generated_tokens = tokens
            entry["null_reason"] = "not_found"
            return None
        self._close_scope(outer, keep=True)
        return value

    def _rekey(self, item_meta: dict[str, dict[str, Any]], item: str, target: str) -> None:
        """One map item's meta under the value's pointer (`/m/<key>/...`)."""
        key_entry = item_meta.pop(item + "/key", None)
        for where, entry in item_meta.items():
            rest = where[len(item + "/value"):]
            self.meta[target + rest] = entry
        if key_entry is not None:
            self.meta[target] = {**self.meta.get(target, {}), "key": key_entry}

    def build_leaf(self, field: FieldPlan, concrete: list[str | int]) -> Any:
        pointer = pointer_of(concrete)
        outcome = self.field_outcomes.get(pointer)
        if outcome is None:
            raise FillError(f"{pointer}: no outcome for leaf {field.pointer}")
        if outcome.plan_pointer != field.pointer or outcome.mode != field.mode:
            raise FillError(
                f"{pointer}: outcome is {outcome.mode} of {outcome.plan_pointer}, plan has "
                f"{field.mode} of {field.pointer}"
            )
        self.used.add("leaf " + pointer)
        if field.mode.startswith("decide."):
            _check_decide(field, outcome, pointer)
        self.meta[pointer] = _leaf_meta(field, outcome)
        if field.mode == "generate":
            self.generated_tokens += outcome.generated_tokens or 0
        if field.mode not in EXTRACT_MODES or outcome.found:
            return outcome.value
        if field.on_null == "null":
            return None
        if field.on_null == "omit":
            return _ABSENT
        length = _absorber(field.path, len(field.path), self.objects)
        if length is not None and _prefix(pointer, length) in self.nulled:
            return _ABSENT  # its nullable object is null (see _nulled_objects)
        raise FillError(
            f"{pointer}: required field has no valid value ({outcome.null_reason or 'not_found'})"
        )

    def check_all_used(self) -> None:
        for kind, outcomes in (("leaf", self.field_outcomes), ("array", self.array_outcomes)):
            for pointer in outcomes:
                if f"{kind} {pointer}" not in self.used and not _in_a_branch(pointer):
                    raise FillError(f"{pointer}: {kind} outcome outside the filled value")


def _in_a_branch(pointer: str) -> bool:
    """An outcome inside a union branch: one the value does not use lies on a branch its union
    did not choose (a runtime may answer every branch), and is left out, not an error."""
    return any(is_branch_segment(segment) for segment in pointer.split("/")[1:])


def chosen_branches(plan: FillPlan, raw: RawFill) -> dict[str, int]:
    """Concrete pointer of each union instance -> the branch its choice leaf decided (a
    union decided null, or not asked, is absent)."""
    if not plan.unions:
        return {}
    choices = {u.choice: u for u in plan.unions}
    fields = {f.pointer: f for f in plan.fields}
    out: dict[str, int] = {}
    for outcome in raw.fields:
        if outcome.plan_pointer in choices and outcome.value is not None:
            options = fields[outcome.plan_pointer].options or ()
            index = next((i for i, o in enumerate(options)
                          if o is not None and _same(o, outcome.value)), None)
            if index is not None:
                out[outcome.pointer[:-len("/" + CHOICE_SEGMENT)]] = index
    return out


def on_chosen_branches(path: tuple[str, ...], segments: list, taken: dict[str, int]) -> bool:
    """Whether a node (plan `path`, concrete `segments`) lies only on branches its unions
    chose: what the runtime asks, and what assembly reads."""
    for index, name in enumerate(path):
        if is_branch_segment(name):
            if taken.get(pointer_of(segments[:index])) != int(name[1:]):
                return False
    return True


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _value_meta(meta: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Meta keyed by pointers into the value: union branch segments removed; a union's
    choice entry becomes the union's own (`mode: "union"`, the option and `branch` index),
    or its `union` member where the chosen branch has an entry at the same pointer."""
    out: dict[str, dict[str, Any]] = {}
    unions: set[str] = set()
    for pointer, entry in meta.items():
        segments = _split(pointer)
        if segments and segments[-1] == CHOICE_SEGMENT:
            where = pointer_of(value_path(tuple(segments[:-1])))
            out[where] = {**entry, "mode": "union"}
            unions.add(where)
            continue
        where = pointer_of(value_path(tuple(segments)))
        out[where] = {**entry, "union": out[where]} if where in unions else entry
    return out


def _schema_order(plan: FillPlan) -> list[tuple[str, ...]]:
    """Every node path in schema order: constants sit before the leaf they preceded."""
    before: dict[int, list[tuple[str, ...]]] = {}
    for constant in plan.constants:
        before.setdefault(constant.position, []).append(constant.path)
    order: list[tuple[str, ...]] = []
    for index, leaf in enumerate(plan.fields):
        order += before.pop(index, [])
        order.append(leaf.path)
    for position in sorted(before):
        order += before[position]
    return order + [a.path for a in plan.arrays]


def _plan_path(plan_pointer: str, fields: dict[tuple[str, ...], FieldPlan]) -> tuple[str, ...]:
    path = tuple(_split(plan_pointer))
    if path not in fields:
        raise FillError(f"plan has no leaf {plan_pointer}")
    return path


def _prefix(pointer: str, length: int) -> str:
    """The concrete pointer of the first `length` segments of `pointer`."""
    return pointer_of(_split(pointer)[:length])


def _by_pointer(outcomes: list, kind: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for outcome in outcomes:
        if outcome.pointer in out:
            raise FillError(f"{outcome.pointer}: two {kind} outcomes")
        out[outcome.pointer] = outcome
    return out


def _leaf_meta(field: FieldPlan, outcome: FieldOutcome) -> dict[str, Any]:
    mode = field.mode
    entry: dict[str, Any] = {"mode": mode}
    if mode == "decide.noul":
        entry["probability"] = outcome.probability
    elif mode in ("decide.choice", "decide.score"):
        # Derived from the distribution here, so meta is consistent by construction whatever
        # arithmetic the runtime used for its own copies.
        probabilities = [float(p) for p in outcome.probabilities or []]
        entry["probability"] = probabilities[first_argmax(probabilities)]
        entry["confidence"] = confidence(probabilities)
        entry["probabilities"] = probabilities
        if mode == "decide.score":
            entry["expected"] = expected_level(field.levels or (), probabilities)
    elif mode in EXTRACT_MODES:
        entry["confidence"] = outcome.confidence
        entry["span"] = list(outcome.span) if outcome.found and outcome.span is not None else None
        if not outcome.found:
            entry["null_reason"] = outcome.null_reason or "not_found"
        if outcome.found and outcome.assumed_offset:
            entry["assumed_offset"] = True
    elif mode == "generate":
        entry["generated_tokens"] = outcome.generated_tokens or 0
    if outcome.explain is not None:
        entry["explain"] = outcome.explain
    return entry


def _check_decide(field: FieldPlan, outcome: FieldOutcome, pointer: str) -> None:
    """A decide outcome must be its own argmax: assembly reports, it does not re-decide."""
    if field.mode == "decide.noul":
        p = outcome.probability
        if p is None or not 0.0 <= p <= 1.0 or outcome.value is not (p >= 0.5):
            raise FillError(f"{pointer}: noul value {outcome.value!r} does not follow p={p!r}")
        return
    probabilities = outcome.probabilities or []
    if field.mode == "decide.choice":
        outcomes = list(field.options or ())
    else:
        outcomes = list(field.levels or ()) + ([None] if field.null_outcome else [])
    if len(probabilities) != len(outcomes) or not all(math.isfinite(p) for p in probabilities):
        raise FillError(
            f"{pointer}: {len(probabilities)} probabilities for {len(outcomes)} outcomes")
    best = first_argmax(probabilities)
    chosen = outcomes[best]
    if type(chosen) is not type(outcome.value) or chosen != outcome.value:
        raise FillError(f"{pointer}: value {outcome.value!r} is not the most probable {chosen!r}")


def _validate(plan: FillPlan, value: Any) -> None:
    schema = plan.schema
    if schema is None:
        raise FillError("plan carries no schema to validate the value against")
    validator_cls = jsonschema.validators.validator_for(
        schema, default=jsonschema.Draft202012Validator)
    validator = validator_cls(schema, format_checker=FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(value),
                    key=lambda e: (list(map(str, e.absolute_path)), str(e.validator)))
    if errors:
        error = errors[0]
        raise FillError(
            f"{pointer_of(list(error.absolute_path)) or '(root)'}: value fails "
            f"{error.validator!r}: "
            f"{error.message}"
        )
