"""The core's objects through the deg.v1 messages and back: exact, and without the schema."""
from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings, strategies as st

import deg
from deg.outcomes import (ArrayOutcome, RawFill, choice_outcome, generate_outcome, noul_outcome,
                          pick_extract, score_outcome)
from degproto import load
from degproto.convert import (json_from_pb, json_to_pb, options_from_pb, options_to_pb, plan_from_pb,
                              plan_to_pb, raw_from_pb, raw_to_pb)

pb2 = load().pb2

PLANS = {
    "every parallel mode": {
        "type": "object",
        "properties": {
            "department": {"enum": ["billing", "shipping", "other"], "description": "which team"},
            "mixed": {"enum": [1, 2.5, "x", None, True]},
            "status": {"anyOf": [{"const": "open", "description": "still running"},
                                 {"const": "closed", "title": "done"}, {"type": "null"}]},
            "priority": {"type": "integer", "minimum": 1, "maximum": 5, "x-levels": {"1": "low", "5": "high"}},
            "anger": {"type": ["integer", "null"], "minimum": 0.5, "maximum": 6.5, "multipleOf": 1.5},
            "urgent": {"type": "boolean", "title": "Urgent?"},
            "paid": {"type": ["boolean", "null"]},
            "order_id": {"type": ["string", "null"], "pattern": "^[A-Z]-[0-9]+$", "maxLength": 12},
            "total": {"type": ["number", "null"], "minimum": -1e300, "maximum": 10**30},
            "count": {"type": "integer", "minimum": 0},
            "due": {"type": ["string", "null"], "format": "date"},
            "seen": {"type": "string", "format": "date-time"},
            "email": {"type": ["string", "null"], "format": "email"},
        },
        "required": ["department", "priority", "urgent", "seen"],
    },
    "generate": {
        "type": "object",
        "properties": {
            "reply": {"type": "string", "x-generate": True, "x-max-tokens": 40, "maxLength": 200},
            "summary": {"type": "string", "x-generate": True},
            "topic": {"enum": ["a", "b"]},
        },
        "required": ["reply"],
    },
    "nested and anchored arrays": {
        "type": "object",
        "properties": {
            "orders": {"type": "array", "minItems": 1.0, "maxItems": 4, "items": {
                "type": "object",
                "properties": {
                    "order_id": {"type": "string"},
                    "lines": {"type": "array", "uniqueItems": True, "items": {
                        "type": "object",
                        "properties": {"sku": {"type": ["string", "null"]},
                                       "qty": {"type": "integer", "minimum": 1, "maximum": 9}},
                        "required": ["sku"],
                    }},
                },
                "required": ["order_id"],
            }},
            "tags": {"type": "array", "title": "Tags", "description": "labels", "items": {"enum": ["x", "y"]}},
            "grid": {"type": "array", "items": {"type": "array", "items": {"type": ["number", "null"]}}},
            "notes": {"type": "array", "x-generate": True, "x-max-tokens": 5, "items": {"type": "string"}},
        },
        "required": ["orders"],
    },
    "names that need escaping": {
        "type": "object",
        "properties": {
            "a/b": {"type": "boolean"},
            "t~i": {"type": ["string", "null"]},
            "a*": {"enum": ["ü", "😀"]},
            "ключ": {"type": "array", "items": {"type": "object", "properties": {"~/": {"type": "boolean"}}}},
        },
    },
}


def wire(message):
    """What the other side of the wire parses: the serialized bytes, read back."""
    return type(message).FromString(message.SerializeToString())


@pytest.mark.parametrize("name", PLANS)
def test_plans_round_trip_exactly_without_their_schema(name):
    plan = deg.compile_schema(PLANS[name])
    message = plan_to_pb(plan)
    back = plan_from_pb(wire(message))
    assert back == plan
    assert back.fingerprint == plan.fingerprint
    assert [f.fingerprint for f in back.fields] == [f.fingerprint for f in plan.fields]
    assert [a.fingerprint for a in back.arrays] == [a.fingerprint for a in plan.arrays]
    assert back.schema is None  # the runtime never reads it; assembly runs where it was compiled
    sent = message.SerializeToString()
    assert b"properties" not in sent and b'"type"' not in sent
    assert not any(f.fingerprint.encode() in sent for f in plan.fields)


def test_the_plan_message_has_no_schema_and_no_fingerprint_fields():
    names = {f.name for m in (pb2.FillPlan, pb2.FieldPlan, pb2.ArrayPlan) for f in m.DESCRIPTOR.fields}
    assert not {"schema", "fingerprint", "path"} & names


def test_a_changed_leaf_hashes_differently():
    plan = deg.compile_schema(PLANS["generate"])
    message = plan_to_pb(plan)
    message.fields[0].max_tokens = 41
    assert plan_from_pb(message).fingerprint != plan.fingerprint


def test_unknown_enum_values_name_the_part_of_the_message():
    message = plan_to_pb(deg.compile_schema(PLANS["nested and anchored arrays"]))
    message.arrays[0].item_kind = 42
    with pytest.raises(ValueError, match=r"plan array '/orders' item_kind: unknown value 42"):
        plan_from_pb(message)
    leaf = pb2.FieldPlan(pointer="/x", mode=pb2.MODE_DECIDE_NOUL, json_type=[9])
    with pytest.raises(ValueError, match=r"plan leaf '/x' json_type: unknown value 9"):
        plan_from_pb(pb2.FillPlan(fields=[leaf]))
    with pytest.raises(ValueError, match="not an RFC 6901 pointer"):
        plan_from_pb(pb2.FillPlan(fields=[pb2.FieldPlan(pointer="x", mode=pb2.MODE_DECIDE_NOUL,
                                                        json_type=[pb2.JSON_TYPE_BOOLEAN])]))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)


def same_json(a, b) -> bool:
    """Equal with the same types all the way down (1 is not 1.0, True is not 1), same key order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, float):
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    return a == b


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_json_values_keep_their_types_and_order(value):
    assert same_json(json_from_pb(wire(json_to_pb(value))), value)


def test_json_values_refuse_what_json_cannot_hold():
    with pytest.raises(TypeError, match="set is not a JSON value"):
        json_to_pb({1, 2})
    with pytest.raises(TypeError, match="keys are strings"):
        json_to_pb({1: "a"})


option_sets = st.builds(
    deg.FillOptions,
    max_new_tokens=st.integers(1, deg.request.MAX_NEW_TOKENS),
    max_items=st.none() | st.integers(0, 2**40),
    date_order=st.sampled_from([None, "MDY", "DMY"]),
    default_offset=st.sampled_from(["Z", "+02:00", "-05:30"]),
    temperature=st.just(0.0),
    seed=st.none() | st.integers(0, deg.request.MAX_SEED),
    array_decode=st.sampled_from([None, "threshold", "count_peaks", "hybrid", "expected"]),
    null_margin=st.none() | st.floats(-10, 10),
    explain=st.booleans(),
)


@settings(max_examples=100, deadline=None)
@given(option_sets)
def test_options_round_trip_exactly(options):
    back = options_from_pb(wire(options_to_pb(options)))
    assert back == options and back.canonical_json() == options.canonical_json()


def test_sampling_options_and_the_defaults_of_an_empty_message():
    sampled = deg.FillOptions(temperature=0.7, seed=2**63 - 1)
    assert options_from_pb(wire(options_to_pb(sampled))) == sampled
    # A sender that predates a field sends its zero value: the contract default applies.
    assert options_from_pb(pb2.FillOptions()).canonical_json() == deg.FillOptions().canonical_json()


def sample_raw() -> tuple[deg.FillPlan, RawFill]:
    plan = deg.compile_schema(PLANS["every parallel mode"])
    context = "order_id: A-17\nseen 2026-01-02 10:00\nmail a@b.io"
    outcomes = {
        "/department": lambda f: choice_outcome(f, f.pointer, [0.5, 0.25, 0.25]),
        "/mixed": lambda f: choice_outcome(f, f.pointer, [0.1, 0.1, 0.1, 0.6, 0.1]),
        "/status": lambda f: choice_outcome(f, f.pointer, [0.2, 0.7, 0.1]),
        "/priority": lambda f: score_outcome(f, f.pointer, [0.1, 0.2, 0.4, 0.2, 0.1]),
        "/anger": lambda f: score_outcome(f, f.pointer, [0.0, 0.0, 1.0]),
        "/urgent": lambda f: noul_outcome(f, f.pointer, 0.9),
        "/paid": lambda f: choice_outcome(f, f.pointer, [0.2] * (len(f.options) - 1) + [0.6]),
        "/order_id": lambda f: pick_extract(f, f.pointer, context, [((10, 14), -0.1)], -3.0),
        "/total": lambda f: pick_extract(f, f.pointer, context, [], -0.5),
        "/count": lambda f: pick_extract(f, f.pointer, context, [((0, 5), -0.2)], -3.0),
        "/due": lambda f: pick_extract(f, f.pointer, context, [], -0.1),
        "/seen": lambda f: pick_extract(f, f.pointer, context, [((20, 36), -0.3)], -3.0),
        "/email": lambda f: pick_extract(f, f.pointer, context, [((42, 48), -0.2)], -3.0),
    }
    fields = [outcomes[f.pointer](f) for f in plan.fields]
    return plan, RawFill(fields=fields, arrays=[], prompt_tokens=321, generated_tokens=0, cached_tokens=300,
                         fork_tokens=1234)


def test_raw_outcomes_round_trip_and_assemble_to_the_same_bytes():
    plan, raw = sample_raw()
    back = raw_from_pb(wire(raw_to_pb(raw)))
    assert back == raw
    for mine, theirs in zip(back.fields, raw.fields):
        assert same_json(mine.value, theirs.value), mine.pointer
    assert deg.assemble(plan, back, model="m") == deg.assemble(plan, raw, model="m")


def test_an_explanation_crosses_the_wire_into_meta():
    plan, raw = sample_raw()
    explain = {"winner": {"value": "A-17", "span": [10, 14], "text": "A-17", "score": -0.1},
               "runner_up": {"value": None, "null": True, "score": -1.5},
               "terms": [{"name": "head", "winner": -0.35, "runner_up": -2.0},
                         {"name": "null_margin", "winner": 0.0, "runner_up": 1.5}]}
    fields = [dataclasses.replace(f, explain=explain) if f.pointer == "/order_id" else f for f in raw.fields]
    told = dataclasses.replace(raw, fields=fields)
    back = raw_from_pb(wire(raw_to_pb(told)))
    assert back == told and back.fields[[f.pointer for f in fields].index("/order_id")].explain == explain
    assert all(f.explain is None for f in raw_from_pb(wire(raw_to_pb(raw))).fields)
    shown, plain = deg.assemble(plan, back, model="m"), deg.assemble(plan, raw, model="m")
    assert shown["meta"]["/order_id"]["explain"] == explain
    assert {**shown["meta"], "/order_id": {k: v for k, v in shown["meta"]["/order_id"].items() if k != "explain"}} \
        == plain["meta"] and shown["value"] == plain["value"]


def test_array_and_generate_outcomes_round_trip():
    plan = deg.compile_schema(PLANS["generate"])
    fields = [generate_outcome(plan.fields[0], "/reply", "Dear customer, ünïcode", 7),
              generate_outcome(plan.fields[1], "/summary", "", 1),
              choice_outcome(plan.fields[2], "/topic", [0.5, 0.5])]
    arrays = [ArrayOutcome("/orders/1/lines", "/orders/*/lines", items=3, dropped=1)]
    raw = RawFill(fields=fields, arrays=arrays, prompt_tokens=10, generated_tokens=8)
    assert raw_from_pb(wire(raw_to_pb(raw))) == raw


def test_a_loose_plan_sends_what_the_runtime_is_asked_and_its_fingerprint():
    from degproto.convert import runtime_fingerprint

    schema = {"type": "object", "properties": {
        "order_id": {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^[A-Z]-\\d+$"}]},
        "kind": {"const": "order", "example": "order"},
        "tags": {"type": ["array", "null"], "items": {"type": "string"}},
    }, "required": ["order_id"]}
    plan = deg.compile_schema(schema)
    assert plan.constants and plan.warnings and any(f.branches for f in plan.fields)
    back = plan_from_pb(wire(plan_to_pb(plan)))
    assert back.fields == plan.fields and back.arrays == plan.arrays      # branches included
    assert back.fingerprint == runtime_fingerprint(plan) != plan.fingerprint


def test_unions_cross_the_wire_with_their_choice_and_branches():
    from degproto.convert import runtime_fingerprint

    card = {"type": "object", "properties": {"kind": {"const": "card"}, "last4": {"type": "string"}}}
    bank = {"type": "object", "properties": {"kind": {"const": "bank"}, "iban": {"type": "string"}}}
    schema = {"type": "object", "properties": {
        "payment": {"oneOf": [card, bank]},
        "parties": {"type": "array", "items": {"anyOf": [
            {"type": "object", "title": "Person", "properties": {"name": {"type": "string"}}},
            {"type": "object", "title": "Company", "properties": {"legal": {"type": "string"}}},
            {"type": "null"}]}}}}
    plan = deg.compile_schema(schema)
    assert [u.pointer for u in plan.unions] == ["/payment", "/parties/*"]
    assert plan.unions[0].tag == "kind" and plan.unions[1].nullable
    back = plan_from_pb(wire(plan_to_pb(plan)))
    assert back.unions == plan.unions and back.fields == plan.fields
    assert back.fingerprint == runtime_fingerprint(plan)
    message = plan_to_pb(plan)
    message.unions[0].branches = 3                      # altered in transit: another fingerprint
    assert plan_from_pb(wire(message)).fingerprint != back.fingerprint
    message.unions[0].choice = "/elsewhere/|"
    with pytest.raises(ValueError, match="do not describe a union"):
        plan_from_pb(wire(message))
