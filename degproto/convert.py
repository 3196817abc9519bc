"""The core library's objects <-> deg.v1 messages, written once for both sides of the wire.

The gateway encodes a compiled plan and validated options (`plan_to_pb`, `options_to_pb`) and
decodes the outcomes (`raw_from_pb`); the inference service does the reverse. Each object
crosses once, with no JSON text and no schema copy in between.

What is not sent, because the receiver derives it:
- a leaf's or array's `path` (it is `deg.pointer.split(pointer)`);
- every fingerprint: `plan_from_pb` recomputes each leaf's and array's fingerprint and the
  plan's from what arrived, so the receiver can compare the result with the fingerprint the
  sender compiled (`FillJob.plan_fingerprint`); any difference in transit shows there;
- the JSON Schema copy (`FillPlan.schema`): the runtime never reads it, and assembly, which
  validates against it, runs on the gateway. A decoded plan has `schema=None`.

Where the dataclasses say "None or a tuple", the wire uses presence: an unset `choice` is
`options=None`, an unset `score` is `levels=None`, no labels is `level_labels=None`, and no
probabilities is `probabilities=None` (the compiler and the outcome builders never produce
the empty forms). Integers, floats and object member order survive exactly (`JsonValue`), so
canonical JSON, hence every fingerprint, is the same on both sides.

Decoding raises `ValueError` naming the part of the message that is wrong (an unknown enum
value, a pointer that is not a pointer); the receiver decides what status that is.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from deg.outcomes import ArrayOutcome, FieldOutcome, RawFill
from deg.plan import (CHOICE_SEGMENT, ITEM_KINDS, MODES, ArrayPlan, FieldPlan, FillPlan, UnionPlan,
                      plan_fingerprint)
from deg.pointer import split
from deg.request import ARRAY_DECODES, FillOptions
from degproto import load

__all__ = [
    "json_from_pb", "json_to_pb", "options_from_pb", "options_to_pb", "plan_from_pb",
    "plan_to_pb", "raw_from_pb", "raw_to_pb",
]

_INT64 = 2**63
JSON_TYPES = ("string", "number", "integer", "boolean", "null", "object", "array")
ON_NULLS = ("null", "omit", "forbid")
DATE_ORDERS = ("MDY", "DMY")
# Option defaults, for the zero values that are not valid options (see the .proto).
_DEFAULTS = {name: spec.default for name, spec in FillOptions.model_fields.items()}


class _Enum:
    """One proto enum <-> the core's strings: `number[name]` and `name_of(number, what)`."""

    def __init__(self, pb_enum: Any, prefix: str, names: tuple[str, ...]) -> None:
        self.number = {name: pb_enum.Value(prefix + name.upper().replace(".", "_")) for name in names}
        self._names = {number: name for name, number in self.number.items()}

    def name_of(self, number: int, what: str) -> str:
        name = self._names.get(number)
        if name is None:
            raise ValueError(f"{what}: unknown value {number}")
        return name


@dataclass(frozen=True)
class _Wire:
    pb2: Any
    mode: _Enum
    json_type: _Enum
    on_null: _Enum
    item_kind: _Enum
    date_order: _Enum
    array_decode: _Enum


@functools.cache
def _wire() -> _Wire:
    pb2 = load().pb2
    return _Wire(
        pb2=pb2,
        mode=_Enum(pb2.Mode, "MODE_", MODES),
        json_type=_Enum(pb2.JsonType, "JSON_TYPE_", JSON_TYPES),
        on_null=_Enum(pb2.OnNull, "ON_NULL_", ON_NULLS),
        item_kind=_Enum(pb2.ItemKind, "ITEM_KIND_", ITEM_KINDS),
        date_order=_Enum(pb2.DateOrder, "DATE_ORDER_", DATE_ORDERS),
        array_decode=_Enum(pb2.ArrayDecode, "ARRAY_DECODE_", ARRAY_DECODES),
    )


def _optional(message: Any, name: str) -> Any:
    return getattr(message, name) if message.HasField(name) else None


# ---------------------------------------------------------------- JSON values


def json_to_pb(value: Any) -> Any:
    """A JSON value (None, bool, int, float, str, list/tuple, dict with str keys) as JsonValue."""
    pb2 = _wire().pb2
    if value is None:
        return pb2.JsonValue()
    if isinstance(value, bool):
        return pb2.JsonValue(bool_value=value)
    if isinstance(value, int):
        if -_INT64 <= value < _INT64:
            return pb2.JsonValue(int_value=value)
        return pb2.JsonValue(big_int_value=str(value))
    if isinstance(value, float):
        return pb2.JsonValue(number_value=value)
    if isinstance(value, str):
        return pb2.JsonValue(string_value=value)
    if isinstance(value, (list, tuple)):
        return pb2.JsonValue(list_value=pb2.JsonList(items=[json_to_pb(item) for item in value]))
    if isinstance(value, dict):
        members = [pb2.JsonMember(key=_key(key), value=json_to_pb(item)) for key, item in value.items()]
        return pb2.JsonValue(object_value=pb2.JsonObject(members=members))
    raise TypeError(f"{type(value).__name__} is not a JSON value")


def _key(key: Any) -> str:
    if not isinstance(key, str):
        raise TypeError(f"JSON object keys are strings, not {type(key).__name__}")
    return key


def json_from_pb(message: Any) -> Any:
    kind = message.WhichOneof("kind")
    if kind is None:
        return None
    if kind == "list_value":
        return [json_from_pb(item) for item in message.list_value.items]
    if kind == "object_value":
        return {member.key: json_from_pb(member.value) for member in message.object_value.members}
    if kind == "big_int_value":
        try:
            return int(message.big_int_value)
        except ValueError:
            raise ValueError(f"big_int_value {message.big_int_value!r} is not an integer") from None
    return getattr(message, kind)


# ---------------------------------------------------------------- the plan


def runtime_fingerprint(plan: FillPlan) -> str:
    """The fingerprint of what the runtime is asked: the plan's leaves and arrays (assembly
    nodes, checks and warnings stay with the gateway, which assembles the response). The
    receiver recomputes exactly this from what arrived (`plan_from_pb`)."""
    return plan_fingerprint(plan.fields, plan.arrays, unions=plan.unions)


def plan_to_pb(plan: FillPlan) -> Any:
    """The plan's leaves, arrays and unions as a FillPlan message (no schema, no
    fingerprints)."""
    wire = _wire()
    return wire.pb2.FillPlan(fields=[_field_to_pb(wire, leaf) for leaf in plan.fields],
                             arrays=[_array_to_pb(wire, node) for node in plan.arrays],
                             unions=[_union_to_pb(wire, node) for node in plan.unions])


def plan_from_pb(message: Any) -> FillPlan:
    """The plan a FillPlan message describes, every fingerprint recomputed, `schema=None`."""
    wire = _wire()
    fields = tuple(_field_from_pb(wire, leaf) for leaf in message.fields)
    arrays = tuple(_array_from_pb(wire, node) for node in message.arrays)
    unions = tuple(_union_from_pb(node) for node in message.unions)
    return FillPlan(fields=fields, arrays=arrays, unions=unions,
                    fingerprint=plan_fingerprint(fields, arrays, unions=unions))


def _union_to_pb(wire: _Wire, node: UnionPlan) -> Any:
    return wire.pb2.UnionPlan(pointer=node.pointer, choice=node.choice, branches=node.branches,
                              tag=node.tag, nullable=node.nullable, required=node.required,
                              arrays=node.arrays)


def _union_from_pb(message: Any) -> UnionPlan:
    pointer = message.pointer
    values = dict(pointer=pointer, path=tuple(split(pointer)), choice=message.choice,
                  branches=message.branches, tag=_optional(message, "tag"),
                  nullable=message.nullable, required=message.required,
                  arrays=tuple(message.arrays))
    if values["choice"] != pointer + "/" + CHOICE_SEGMENT or values["branches"] < 1:
        raise ValueError(f"plan union {pointer!r}: choice {values['choice']!r} or "
                         f"{values['branches']} branches do not describe a union")
    return UnionPlan(**values, fingerprint=UnionPlan(**values).computed_fingerprint())


def _field_to_pb(wire: _Wire, leaf: FieldPlan) -> Any:
    pb2 = wire.pb2
    is_list = isinstance(leaf.json_type, tuple)
    types = leaf.json_type if is_list else (leaf.json_type,)
    choice = score = None
    if leaf.options is not None:
        descriptions = leaf.option_descriptions or (None,) * len(leaf.options)
        choice = pb2.Choice(options=[pb2.ChoiceOption(value=json_to_pb(value), description=text)
                                     for value, text in zip(leaf.options, descriptions)])
    if leaf.levels is not None:
        score = pb2.Score(levels=leaf.levels, labels=[pb2.LevelLabel(level=level, label=label)
                                                      for level, label in leaf.level_labels or ()])
    return pb2.FieldPlan(
        pointer=leaf.pointer, mode=wire.mode.number[leaf.mode],
        json_type=[wire.json_type.number[name] for name in types], json_type_is_list=is_list,
        required=leaf.required, nullable=leaf.nullable,
        on_null=0 if leaf.on_null is None else wire.on_null.number[leaf.on_null],
        choice=choice, score=score, null_outcome=leaf.null_outcome, format=leaf.format,
        constraints=[pb2.Constraint(keyword=keyword, value=json_to_pb(value))
                     for keyword, value in leaf.constraints],
        title=leaf.title, description=leaf.description, max_tokens=leaf.max_tokens,
        arrays=leaf.arrays, has_branches=leaf.branches is not None,
        branches=[pb2.Branch(json_type=wire.json_type.number[name],
                             constraints=[pb2.Constraint(keyword=k, value=json_to_pb(v)) for k, v in constraints])
                  for name, constraints in leaf.branches or ()],
    )


def _field_from_pb(wire: _Wire, message: Any) -> FieldPlan:
    pointer = message.pointer
    where = f"plan leaf {pointer!r}"
    mode = wire.mode.name_of(message.mode, f"{where} mode")
    types = tuple(wire.json_type.name_of(number, f"{where} json_type") for number in message.json_type)
    if not message.json_type_is_list and len(types) != 1:
        raise ValueError(f"{where}: json_type needs exactly one type unless json_type_is_list")
    options = descriptions = levels = labels = None
    if message.HasField("choice"):
        options = tuple(json_from_pb(option.value) for option in message.choice.options)
        descriptions = tuple(_optional(option, "description") for option in message.choice.options)
    if message.HasField("score"):
        levels = tuple(message.score.levels)
        labels = tuple((label.level, label.label) for label in message.score.labels) or None
    values = dict(
        pointer=pointer, path=tuple(split(pointer)), mode=mode,
        json_type=types if message.json_type_is_list else types[0],
        required=message.required, nullable=message.nullable,
        on_null=None if message.on_null == 0 else wire.on_null.name_of(message.on_null, f"{where} on_null"),
        options=options, option_descriptions=descriptions, levels=levels, level_labels=labels,
        null_outcome=message.null_outcome, format=_optional(message, "format"),
        constraints=tuple((c.keyword, json_from_pb(c.value)) for c in message.constraints),
        title=_optional(message, "title"), description=_optional(message, "description"),
        max_tokens=_optional(message, "max_tokens"), arrays=tuple(message.arrays),
        branches=tuple((wire.json_type.name_of(b.json_type, f"{where} branch json_type"),
                        tuple((c.keyword, json_from_pb(c.value)) for c in b.constraints))
                       for b in message.branches) if message.has_branches else None,
    )
    return FieldPlan(**values, fingerprint=FieldPlan(**values).computed_fingerprint())


def _array_to_pb(wire: _Wire, node: ArrayPlan) -> Any:
    return wire.pb2.ArrayPlan(
        pointer=node.pointer, min_items=node.min_items, max_items=node.max_items,
        unique_items=node.unique_items, required=node.required, title=node.title,
        description=node.description, item_pointer=node.item_pointer,
        item_kind=wire.item_kind.number[node.item_kind], fields=node.fields, arrays=node.arrays,
    )


def _array_from_pb(wire: _Wire, message: Any) -> ArrayPlan:
    pointer = message.pointer
    values = dict(
        pointer=pointer, path=tuple(split(pointer)), min_items=message.min_items,
        max_items=_optional(message, "max_items"), unique_items=message.unique_items,
        required=message.required, title=_optional(message, "title"),
        description=_optional(message, "description"), item_pointer=message.item_pointer,
        item_kind=wire.item_kind.name_of(message.item_kind, f"plan array {pointer!r} item_kind"),
        fields=tuple(message.fields), arrays=tuple(message.arrays),
    )
    return ArrayPlan(**values, fingerprint=ArrayPlan(**values).computed_fingerprint())


# ---------------------------------------------------------------- options


def options_to_pb(options: FillOptions) -> Any:
    wire = _wire()
    return wire.pb2.FillOptions(
        max_new_tokens=options.max_new_tokens, max_items=options.max_items,
        date_order=0 if options.date_order is None else wire.date_order.number[options.date_order],
        default_offset=options.default_offset, temperature=options.temperature, seed=options.seed,
        array_decode=0 if options.array_decode is None else wire.array_decode.number[options.array_decode],
        null_margin=options.null_margin,
        explain=options.explain,
    )


def options_from_pb(message: Any) -> FillOptions:
    """The options as sent. They were validated where they entered (the gateway), so they are
    taken as given (`model_construct`); zero values that are not options mean the default."""
    wire = _wire()
    return FillOptions.model_construct(
        max_new_tokens=message.max_new_tokens or _DEFAULTS["max_new_tokens"],
        max_items=_optional(message, "max_items"),
        date_order=(None if message.date_order == 0
                    else wire.date_order.name_of(message.date_order, "options date_order")),
        default_offset=message.default_offset or _DEFAULTS["default_offset"],
        temperature=message.temperature,
        seed=_optional(message, "seed"),
        array_decode=(None if message.array_decode == 0
                      else wire.array_decode.name_of(message.array_decode, "options array_decode")),
        null_margin=_optional(message, "null_margin"),
        explain=message.explain,
    )


# ---------------------------------------------------------------- raw outcomes


def raw_to_pb(raw: RawFill) -> Any:
    wire = _wire()
    pb2 = wire.pb2
    return pb2.RawFill(
        fields=[_outcome_to_pb(wire, outcome) for outcome in raw.fields],
        arrays=[pb2.ArrayOutcome(pointer=a.pointer, plan_pointer=a.plan_pointer, items=a.items,
                                 dropped=a.dropped) for a in raw.arrays],
        prompt_tokens=raw.prompt_tokens, generated_tokens=raw.generated_tokens,
        cached_tokens=raw.cached_tokens, fork_tokens=raw.fork_tokens,
    )


def raw_from_pb(message: Any) -> RawFill:
    wire = _wire()
    return RawFill(
        fields=[_outcome_from_pb(wire, outcome) for outcome in message.fields],
        arrays=[ArrayOutcome(pointer=a.pointer, plan_pointer=a.plan_pointer, items=a.items, dropped=a.dropped)
                for a in message.arrays],
        prompt_tokens=message.prompt_tokens, generated_tokens=message.generated_tokens,
        cached_tokens=message.cached_tokens, fork_tokens=message.fork_tokens,
    )


def _outcome_to_pb(wire: _Wire, outcome: FieldOutcome) -> Any:
    pb2 = wire.pb2
    span = None if outcome.span is None else pb2.Span(start=outcome.span[0], end=outcome.span[1])
    return pb2.FieldOutcome(
        pointer=outcome.pointer, plan_pointer=outcome.plan_pointer, mode=wire.mode.number[outcome.mode],
        value=None if outcome.value is None else json_to_pb(outcome.value), found=outcome.found,
        null_reason=outcome.null_reason, probability=outcome.probability,
        probabilities=outcome.probabilities or (), confidence=outcome.confidence,
        expected=outcome.expected, span=span, assumed_offset=outcome.assumed_offset,
        generated_tokens=outcome.generated_tokens,
        explain=None if outcome.explain is None else json_to_pb(outcome.explain),
    )


def _outcome_from_pb(wire: _Wire, message: Any) -> FieldOutcome:
    span = (message.span.start, message.span.end) if message.HasField("span") else None
    return FieldOutcome(
        pointer=message.pointer, plan_pointer=message.plan_pointer,
        mode=wire.mode.name_of(message.mode, f"outcome {message.pointer!r} mode"),
        value=json_from_pb(message.value), found=message.found,
        null_reason=_optional(message, "null_reason"), probability=_optional(message, "probability"),
        probabilities=list(message.probabilities) or None, confidence=_optional(message, "confidence"),
        expected=_optional(message, "expected"), span=span, assumed_offset=message.assumed_offset,
        generated_tokens=_optional(message, "generated_tokens"),
        explain=json_from_pb(message.explain) if message.HasField("explain") else None,
    )
