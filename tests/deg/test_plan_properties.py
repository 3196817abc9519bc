"""Property tests of plan determinism and fingerprints (contract sections 6 and 10)."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from deg.plan import FillPlan
from deg.schema import compile_schema

names = st.text(alphabet="abcdefgh_/~*", min_size=1, max_size=6).filter(lambda n: n != "*")
texts = st.none() | st.text(max_size=12)


@st.composite
def parallel_leaf(draw) -> dict:
    kind = draw(st.sampled_from(["enum", "oneof", "bool", "nbool", "score", "int", "number",
                                 "date", "email", "string", "nstring"]))
    schema = {
        "enum": lambda: {"enum": draw(st.lists(st.integers(-5, 5) | st.text(max_size=3) | st.none(),
                                               min_size=2, max_size=5, unique_by=lambda v: (type(v), v)))},
        "oneof": lambda: {"oneOf": [{"const": v, "description": d} for v, d in
                                    zip(draw(st.lists(st.text(max_size=3), min_size=2, max_size=4, unique=True)),
                                        ["a", "b", "c", "d"])]},
        "bool": lambda: {"type": "boolean"},
        "nbool": lambda: {"type": ["boolean", "null"]},
        "score": lambda: {"type": "integer", "minimum": 0, "maximum": draw(st.integers(1, 10))},
        "int": lambda: {"type": "integer", "minimum": draw(st.integers(-9, 9))},
        "number": lambda: {"type": "number", "maximum": draw(st.floats(-1e6, 1e6))},
        "date": lambda: {"type": "string", "format": "date"},
        "email": lambda: {"type": ["string", "null"], "format": "email"},
        "string": lambda: {"type": "string", "maxLength": draw(st.integers(1, 50))},
        "nstring": lambda: {"anyOf": [{"type": "string"}, {"type": "null"}]},
    }[kind]()
    title = draw(texts)
    if title is not None:
        schema["title"] = title
    return schema


generate_leaf = st.builds(lambda n: {"type": "string", "x-generate": True, "x-max-tokens": n},
                          st.integers(1, 64))


@st.composite
def schemas(draw) -> dict:
    props = draw(st.dictionaries(names, parallel_leaf(), min_size=1, max_size=6))
    if draw(st.booleans()):
        props[draw(names.filter(lambda n: n not in props))] = {
            "type": "array", "items": {"type": "object", "properties": draw(
                st.dictionaries(names, parallel_leaf(), min_size=1, max_size=3))}}
    gens = draw(st.dictionaries(names.filter(lambda n: n not in props), generate_leaf, max_size=3))
    props.update(gens)
    required = draw(st.lists(st.sampled_from(sorted(props)), unique=True))
    return {"type": "object", "properties": props, "required": required}


def reordered(schema: dict, order: list[str]) -> dict:
    return {**schema, "properties": {k: schema["properties"][k] for k in order}}


@settings(max_examples=40, deadline=None)
@given(schemas())
def test_compile_twice_equal_and_input_untouched(schema):
    before = copy.deepcopy(schema)
    first, second = compile_schema(schema), compile_schema(schema)
    assert schema == before
    assert first == second and first.to_dict() == second.to_dict()
    assert json.dumps(first.to_dict(), sort_keys=True) == json.dumps(second.to_dict(), sort_keys=True)


@settings(max_examples=40, deadline=None)
@given(schemas())
def test_round_trip_through_json(schema):
    plan = compile_schema(schema)
    wire = json.loads(json.dumps(plan.to_dict()))
    back = FillPlan.from_dict(wire)
    assert back == plan and back.schema == plan.schema and back.to_dict() == plan.to_dict()


@settings(max_examples=40, deadline=None)
@given(schemas(), st.randoms(use_true_random=False))
def test_reordering_parallel_fields_keeps_plan_fingerprint(schema, rnd):
    plan = compile_schema(schema)
    keys = list(schema["properties"])
    parallel = [k for k in keys if not schema["properties"][k].get("x-generate")]
    generate = [k for k in keys if k not in parallel]
    rnd.shuffle(parallel)
    shuffled = compile_schema(reordered(schema, parallel + generate))
    assert shuffled.fingerprint == plan.fingerprint
    assert {f.fingerprint for f in shuffled.fields} == {f.fingerprint for f in plan.fields}


@settings(max_examples=30, deadline=None)
@given(schemas())
def test_reordering_generate_fields_changes_plan_fingerprint(schema):
    gens = [k for k, v in schema["properties"].items() if v.get("x-generate")]
    distinct = {json.dumps(schema["properties"][k], sort_keys=True) for k in gens}
    if len(gens) < 2:
        schema["properties"]["gen_a"] = {"type": "string", "x-generate": True}
        schema["properties"]["gen_b"] = {"type": "string", "x-generate": True}
        gens = ["gen_a", "gen_b"]
    rest = [k for k in schema["properties"] if k not in gens]
    swapped = reordered(schema, rest + gens[::-1])
    assert compile_schema(swapped).fingerprint != compile_schema(schema).fingerprint or len(distinct) == 0


@settings(max_examples=40, deadline=None)
@given(parallel_leaf() | generate_leaf, schemas(), st.booleans())
def test_leaf_fingerprint_same_inside_any_bigger_schema(leaf, bigger, first):
    alone = compile_schema({"type": "object", "properties": {"the_leaf": leaf}}).field_at("/the_leaf")
    props = dict(bigger["properties"])
    props.pop("the_leaf", None)
    merged = {"the_leaf": leaf, **props} if first else {**props, "the_leaf": leaf}
    inside = compile_schema({**bigger, "properties": merged,
                             "required": [r for r in bigger["required"] if r != "the_leaf"]})
    assert inside.field_at("/the_leaf").fingerprint == alone.fingerprint
    assert inside.field_at("/the_leaf") == alone


def test_generate_order_changes_fingerprint_explicit():
    a = {"type": "string", "x-generate": True, "title": "A"}
    b = {"type": "string", "x-generate": True, "title": "B"}
    one = compile_schema({"type": "object", "properties": {"a": a, "b": b}})
    two = compile_schema({"type": "object", "properties": {"b": b, "a": a}})
    assert one.fingerprint != two.fingerprint
