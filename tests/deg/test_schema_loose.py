"""The default (loose) reading of `compile_schema`: what it accepts, how, and what it still
refuses. Strict mode (`strict=True`) is tested in test_schema.py."""
from __future__ import annotations

import json

import pytest

from deg.errors import SchemaError
from deg.plan import FillPlan
from deg.schema import compile_schema


def obj(**properties) -> dict:
    return {"type": "object", "properties": properties}


def warnings_of(schema) -> list[tuple[str, str]]:
    return [(w.pointer, w.message) for w in compile_schema(schema).warnings]


def errors_of(schema) -> list[dict]:
    with pytest.raises(SchemaError) as info:
        compile_schema(schema)
    return info.value.errors


# -- ignored keywords ----------------------------------------------------------------------

def test_annotations_unknown_keywords_and_vendor_extensions_are_warnings():
    schema = obj(a={"type": "string", "example": "x", "readOnly": True, "name": "A",
                    "x-order": 1, "nullable": True})
    plan = compile_schema(schema)
    assert plan.field_at("/a").mode == "extract.span"
    assert warnings_of(schema) == [
        ("/properties/a/example", "unknown keyword example is ignored"),
        ("/properties/a/name", "unknown keyword name is ignored"),
        ("/properties/a/x-order", "vendor extension x-order is ignored"),
        ("/properties/a/nullable", "unknown keyword nullable is ignored"),
    ]
    assert plan.checks == ()   # none of them constrains a value


@pytest.mark.parametrize("typo,meant", [("x-genrate", "x-generate"), ("x-max-token", "x-max-tokens"),
                                        ("x-level", "x-levels")])
def test_near_misses_of_deg_extensions_stay_errors(typo, meant):
    (error,) = errors_of(obj(a={"type": "string", typo: True}))
    assert error["loc"] == ["properties", "a", typo]
    assert f"did you mean {meant}?" in error["msg"]


def test_asserting_keywords_deg_does_not_use_are_checked_at_the_end():
    schema = obj(a={"type": "string", "not": {"const": "x"}},
                 b={"type": "array", "items": {"type": "string"}, "contains": {"const": "y"}})
    plan = compile_schema(schema)
    assert dict(plan.checks) == {"/properties/a/not": {"const": "x"},
                                 "/properties/b/contains": {"const": "y"}}
    assert all("final validation still applies it" in m for _, m in warnings_of(schema))
    other = compile_schema(obj(a={"type": "string", "not": {"const": "z"}},
                               b={"type": "array", "items": {"type": "string"},
                                  "contains": {"const": "y"}}))
    assert other.fingerprint != plan.fingerprint   # never one cached response for both


def test_keyword_of_another_type_is_ignored():
    plan = compile_schema(obj(n={"type": "integer", "maxLength": 3}))
    assert plan.field_at("/n").constraints == ()
    assert warnings_of(obj(n={"type": "integer", "maxLength": 3})) == [
        ("/properties/n/maxLength", "maxLength does not apply to type integer and is ignored")]


def test_dynamic_references_stay_refused():
    (error,) = errors_of(obj(a={"$dynamicRef": "#x"}))
    assert "dynamic references cannot be resolved" in error["msg"]


# -- single values --------------------------------------------------------------------------

@pytest.mark.parametrize("schema,value", [
    ({"const": "x", "type": "string"}, "x"),
    ({"enum": ["only"]}, "only"),
    ({"oneOf": [{"const": 3, "description": "three"}]}, 3),
    ({"type": "integer", "minimum": 4, "maximum": 4}, 4),
    ({"type": "null"}, None),
    ({"const": {"a": [1]}}, {"a": [1]}),
])
def test_single_values_are_constants_not_fields(schema, value):
    plan = compile_schema(obj(a={"type": "boolean"}, k=schema))
    assert [f.pointer for f in plan.fields] == ["/a"]
    (constant,) = plan.constants
    assert (constant.pointer, constant.value, constant.kind) == ("/k", value, "const")


def test_constant_that_no_value_fits_is_an_error():
    assert "is not of type integer" in errors_of(obj(k={"const": "x", "type": "integer"}))[0]["msg"]
    assert "fails maxLength" in errors_of(obj(k={"const": "long", "type": "string",
                                                 "maxLength": 2}))[0]["msg"]
    assert "x-generate applies only" in errors_of(
        obj(k={"const": "x", "type": "string", "x-generate": True}))[0]["msg"]


def test_constant_value_is_in_the_fingerprint():
    one = compile_schema(obj(a={"type": "boolean"}, k={"const": "x"}))
    two = compile_schema(obj(a={"type": "boolean"}, k={"const": "y"}))
    assert one.fields == two.fields and one.fingerprint != two.fingerprint


# -- nullable containers, maps, tuples ------------------------------------------------------

def test_nullable_arrays_and_objects_compile_with_their_leaves():
    plan = compile_schema(obj(
        tags={"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
        addr={"type": ["object", "null"], "properties": {"city": {"type": "string"}},
              "required": ["city"]}))
    assert [(n.pointer, n.kind) for n in plan.nullables] == [("/tags", "array"), ("/addr", "object")]
    assert [f.pointer for f in plan.fields] == ["/tags/*", "/addr/city"]
    assert plan.field_at("/addr/city").on_null == "forbid"   # the object becomes null instead


@pytest.mark.parametrize("schema,key,value_pointers", [
    ({"type": "object", "additionalProperties": {"type": "string"}}, {}, ["/m/*/value"]),
    ({"type": "object"}, {}, ["/m/*/value"]),
    ({"type": ["object", "null"], "patternProperties": {"^x": {"type": "integer"}}},
     {"pattern": "^x"}, ["/m/*/value"]),
    ({"type": "object", "propertyNames": {"maxLength": 8},
      "additionalProperties": {"type": "object", "properties": {"a": {"type": "boolean"}}}},
     {"maxLength": 8}, ["/m/*/value/a"]),
])
def test_maps_are_arrays_of_key_value_items(schema, key, value_pointers):
    plan = compile_schema(obj(a={"type": "boolean"}, m=schema))
    (found,) = plan.maps
    assert found.pointer == "/m" and plan.array_at("/m").item_pointer == "/m/*"
    leaf = plan.field_at("/m/*/key")
    assert (leaf.mode, leaf.required, dict(leaf.constraints)) == ("extract.span", True, key)
    assert [f.pointer for f in plan.fields if f.pointer.startswith("/m/*/value")] == value_pointers
    assert ("/properties/m", "a map: its keys and values are found like the items of an array") \
        in warnings_of(obj(m=schema))
    bounded = compile_schema(obj(m={**schema, "minProperties": 1, "maxProperties": 3}))
    assert (bounded.array_at("/m").min_items, bounded.array_at("/m").max_items) == (1, 3)
    assert FillPlan.from_dict(json.loads(json.dumps(plan.to_dict()))) == plan


@pytest.mark.parametrize("schema,value", [
    ({"type": "object", "additionalProperties": False}, {}),
    ({"type": "object", "patternProperties": {"^a": {"type": "string"}, "^b": {}}}, {}),
])
def test_objects_that_admit_only_the_empty_object_are_filled_empty(schema, value):
    (constant,) = compile_schema(obj(m=schema)).constants
    assert (constant.value, constant.kind) == (value, "empty")


def test_maps_that_need_declared_keys_are_refused():
    assert "declare it to fill it" in errors_of(obj(m={"type": "object", "required": ["k"]}))[0]["msg"]
    assert "minProperties needs keys" in errors_of(obj(m={
        "type": "object", "additionalProperties": False, "minProperties": 1}))[0]["msg"]


def test_tuples_are_positional_leaves():
    plan = compile_schema(obj(t={"type": "array", "prefixItems": [{"type": "string"},
                                                                  {"type": "integer"}],
                                 "minItems": 1, "maxItems": 2}))
    assert [(f.pointer, f.mode, f.required) for f in plan.fields] == [
        ("/t/0", "extract.span", True), ("/t/1", "extract.number", False)]
    assert [(t.pointer, t.length, t.min_items) for t in plan.tuples] == [("/t", 2, 1)]
    assert plan.arrays == ()
    draft7 = compile_schema({"$schema": "http://json-schema.org/draft-07/schema#",
                             **obj(t={"type": "array", "items": [{"type": "boolean"}]})})
    assert [f.pointer for f in draft7.fields] == ["/t/0"]


# -- allOf, $ref siblings, unions, formats, types ------------------------------------------

def test_all_of_merges_objects_and_constraints():
    schema = {"$defs": {"Base": {"type": "object", "properties": {"id": {"type": "integer"}},
                                 "required": ["id"]}},
              **obj(item={"allOf": [{"$ref": "#/$defs/Base"},
                                    {"properties": {"name": {"type": "string", "maxLength": 9}}},
                                    {"properties": {"name": {"minLength": 2, "maxLength": 5}}}],
                          "description": "an item"})}
    plan = compile_schema(schema)
    assert [f.pointer for f in plan.fields] == ["/item/id", "/item/name"]
    assert plan.field_at("/item/id").required is True
    assert dict(plan.field_at("/item/name").constraints) == {"maxLength": 5, "minLength": 2}


def test_all_of_conflict_names_the_keyword():
    (error,) = errors_of(obj(s={"allOf": [{"type": "string", "pattern": "a"},
                                          {"pattern": "b"}]}))
    assert error["loc"] == ["properties", "s", "allOf", 1, "pattern"]
    assert error["msg"].startswith("allOf cannot be merged: pattern is \"a\" in one branch")
    (error,) = errors_of(obj(s={"allOf": [{"type": "string"}, {"type": "integer"}]}))
    assert error["msg"].startswith("allOf cannot be merged: type is \"string\" in one branch "
                                   "and \"integer\" in another")


def test_ref_siblings_apply_from_2019_09_and_are_ignored_before():
    defs = {"$defs": {"S": {"type": "string"}}}
    plan = compile_schema({**defs, **obj(s={"$ref": "#/$defs/S", "maxLength": 3})})
    assert dict(plan.field_at("/s").constraints) == {"maxLength": 3}
    old = {"$schema": "http://json-schema.org/draft-07/schema#",
           "definitions": {"S": {"type": "string"}},
           **obj(s={"$ref": "#/definitions/S", "maxLength": 3})}
    assert compile_schema(old).field_at("/s").constraints == ()
    assert warnings_of(old) == [("/properties/s/maxLength", "maxLength next to $ref is ignored")]


@pytest.mark.parametrize("schema,mode,json_type,nullable,branches", [
    ({"anyOf": [{"type": "integer"}, {"type": "string"}]}, "extract.span", ("integer", "string"),
     False, (("integer", ()), ("string", ()))),
    ({"anyOf": [{"type": "number", "minimum": 0}, {"type": "string", "pattern": "^-?\\d+$"}]},
     "extract.span", ("number", "string"), False,
     (("number", (("minimum", 0),)), ("string", (("pattern", "^-?\\d+$"),)))),
    ({"type": ["integer", "string", "null"]}, "extract.span", ("integer", "string"), True,
     (("integer", ()), ("string", ()))),
    ({"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]},
     "extract.span", "string", True, None),
    ({"type": ["string", "number"]}, "extract.span", "string", False, None),
    ({"anyOf": [{"enum": ["MIT", "ISC"]}, {"type": "string"}]}, "extract.span", "string", False,
     None),
    ({"anyOf": [{"type": "integer"}, {"type": "number"}]}, "extract.number", "integer", False,
     None),
    ({"type": ["object", "boolean"]}, "decide.noul", "boolean", False, None),
])
def test_scalar_unions_are_one_extract_leaf(schema, mode, json_type, nullable, branches):
    f = compile_schema(obj(u=schema)).field_at("/u")
    assert (f.mode, f.json_type, f.nullable, f.branches) == (mode, json_type, nullable, branches)


@pytest.mark.parametrize("text,value", [("42", 42), ("-3", "-3"), ("abc", "abc"),
                                        ("3.5", "3.5"), ("toolong", None)])
def test_union_span_is_parsed_by_the_first_branch_that_accepts_it(text, value):
    from deg.outcomes import read_span
    f = compile_schema(obj(u={"anyOf": [{"type": "integer", "minimum": 0},
                                        {"type": "string", "maxLength": 5}]})).field_at("/u")
    reading = read_span(f, text)
    assert (reading.value, reading.valid) == (value, value is not None)
    assert type(reading.value) is type(value)


def test_union_leaf_keeps_every_other_fingerprint_and_round_trips():
    plan = compile_schema(obj(u={"anyOf": [{"type": "integer"}, {"type": "string"}]},
                              s={"type": "string"}))
    assert "branches" not in plan.field_at("/s").to_dict()
    assert plan.field_at("/s").fingerprint == compile_schema(obj(s={"type": "string"}),
                                                             strict=True).fields[0].fingerprint
    assert FillPlan.from_dict(json.loads(json.dumps(plan.to_dict()))) == plan


def test_unions_of_objects_are_a_branch_choice_then_the_branch():
    cat = {"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}}}
    dog = {"type": "object", "title": "Dog", "description": "a dog",
           "properties": {"kind": {"const": "dog"}, "breed": {"type": "string"}}}
    plan = compile_schema(obj(pet={"oneOf": [cat, dog]}))
    (union,) = plan.unions
    assert (union.pointer, union.choice, union.branches, union.tag) == ("/pet", "/pet/|", 2, "kind")
    choice = plan.field_at("/pet/|")
    assert choice.mode == "decide.choice" and choice.options == ("cat", "dog")
    assert choice.option_descriptions == ("fields: kind, lives", "a dog; fields: breed, kind")
    assert [f.pointer for f in plan.fields] == ["/pet/|", "/pet/|0/lives", "/pet/|1/breed"]
    assert [c.pointer for c in plan.constants] == ["/pet/|0/kind", "/pet/|1/kind"]
    plan = compile_schema(obj(x={"anyOf": [{"type": "array", "items": {"type": "string"}}, dog,
                                           {"type": "null"}]}))
    (union,) = plan.unions
    assert union.tag is None and union.nullable
    assert plan.field_at("/x/|").options == ("array", "Dog", None)
    assert [a.pointer for a in plan.arrays] == ["/x/|0"]
    assert FillPlan.from_dict(json.loads(json.dumps(plan.to_dict()))) == plan


def test_keywords_next_to_a_union_apply_to_every_branch():
    plan = compile_schema(obj(x={"type": "object", "required": ["a"], "oneOf": [
        {"properties": {"a": {"type": "string"}, "b": {"type": "integer"}}},
        {"properties": {"a": {"type": "string"}, "c": {"type": "boolean"}}}]}))
    assert plan.field_at("/x/|0/a").required and plan.field_at("/x/|1/a").required
    assert plan.field_at("/x/|").options == ("with a", "with a (2)")


def test_a_property_named_like_a_branch_is_refused_in_loose_mode():
    (error,) = errors_of(obj(**{"|0": {"type": "string"}}))
    assert error["loc"] == ["properties", "|0"] and "rename the property" in error["msg"]
    assert compile_schema(obj(**{"|0": {"type": "string"}}), strict=True).fields


def test_recursive_refs_unroll_to_the_depth_asked_then_stop():
    node = {"type": "object", "properties": {"value": {"type": "number"}, "next": {
        "anyOf": [{"$ref": "#/$defs/node"}, {"type": "null"}]}}, "required": ["value", "next"]}
    schema = {"type": "object", "properties": {"head": {"$ref": "#/$defs/node"}},
              "$defs": {"node": node}}
    plan = compile_schema(schema)
    values = [f.pointer for f in plan.fields]
    assert values == ["/head/value", "/head/next/value", "/head/next/next/value",
                      "/head/next/next/next/value"]
    assert [c.pointer for c in plan.constants] == ["/head/next/next/next/next"]
    assert len(compile_schema(schema, max_recursion=1).fields) == 2
    tree = {"type": "object", "properties": {"name": {"type": "string"}, "children": {
        "type": "array", "items": {"$ref": "#"}}}}
    plan = compile_schema(tree)
    assert [c.value for c in plan.constants] == [[]] and len(plan.arrays) == 3
    (error,) = errors_of({"type": "object", "required": ["me"],
                          "properties": {"me": {"$ref": "#"}}})
    assert "make it optional or nullable" in error["msg"]
    assert "recursive schemas are not supported" in [
        e["msg"] for e in _strict_errors(schema)][0]


def _strict_errors(schema):
    with pytest.raises(SchemaError) as info:
        compile_schema(schema, strict=True)
    return info.value.errors


def test_enum_values_of_another_type_are_left_out_and_long_enums_are_spans():
    plan = compile_schema(obj(s={"type": "string", "enum": ["a", "b", None]}))
    assert plan.field_at("/s").options == ("a", "b")
    assert ("/properties/s/enum/2", "option null is not of type string: it can never validate "
                                    "and is left out") in [(w.pointer, w.message) for w in plan.warnings]
    (error,) = errors_of(obj(s={"type": "string", "enum": [1, 2]}))
    assert "no enum value is of type string" in error["msg"]
    licences = [f"L-{i}" for i in range(300)]
    f = compile_schema(obj(l={"type": "string", "enum": licences})).field_at("/l")
    assert f.mode == "extract.span"


def test_an_unknown_dialect_is_read_as_2020_12():
    schema = {"$schema": "https://example.com/provider.schema.v1.json", **obj(a={"type": "string"})}
    plan = compile_schema(schema)
    assert ("/$schema", "unknown $schema 'https://example.com/provider.schema.v1.json': read "
                        "as JSON Schema 2020-12") in [(w.pointer, w.message) for w in plan.warnings]
    assert "unsupported $schema" in _strict_errors(schema)[0]["msg"]


def test_keywords_next_to_a_nullable_union_join_its_branch():
    f = compile_schema(obj(d={"type": "string", "anyOf": [{"format": "date"}, {"type": "null"}]}))
    assert f.field_at("/d").mode == "extract.date" and f.field_at("/d").nullable


def test_other_formats_are_plain_spans_with_a_warning():
    f = compile_schema(obj(t={"type": "string", "format": "time"})).field_at("/t")
    assert (f.mode, f.format) == ("extract.span", None)
    assert warnings_of(obj(t={"type": "string", "format": "time"})) == [
        ("/properties/t/format", "format 'time' is not checked by deg: the value is a verbatim "
                                 "span, not checked as a time")]
    assert "x-generate does not apply to a string with a format" in errors_of(
        obj(t={"type": "string", "format": "time", "x-generate": True}))[0]["msg"]


def test_untyped_nodes_take_the_type_their_keywords_imply():
    plan = compile_schema(obj(a={"description": "anything"}, b={"minimum": 0},
                              c={"properties": {"d": {"type": "boolean"}}},
                              e={"items": {"type": "integer"}}))
    assert [(f.pointer, f.mode) for f in plan.fields] == [
        ("/a", "extract.span"), ("/b", "extract.number"), ("/c/d", "decide.noul"),
        ("/e/*", "extract.number")]


# -- roots ----------------------------------------------------------------------------------

@pytest.mark.parametrize("schema,pointers", [
    ({"type": "string", "description": "the name"}, ["/value"]),
    ({"type": "array", "items": {"type": "integer"}}, ["/value/*"]),
    ({"enum": ["a", "b"]}, ["/value"]),
    ({"type": "object", "additionalProperties": {"type": "string"}},
     ["/value/*/key", "/value/*/value"]),
])
def test_non_object_roots_are_wrapped(schema, pointers):
    plan = compile_schema(schema)
    assert plan.root == "value"
    assert [f.pointer for f in plan.fields] == pointers
    assert plan.schema == schema   # the value is validated against the user's schema


# -- plan invariants ------------------------------------------------------------------------

LOOSE = {"type": "object", "properties": {
    "kind": {"const": "invoice", "example": "invoice"},
    "total": {"anyOf": [{"type": "number"}, {"type": "string"}]},
    "notes": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
    "buyer": {"anyOf": [{"type": "object", "properties": {"name": {"type": "string"}}},
                        {"type": "null"}]},
    "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]},
    "tags": {"type": "object", "additionalProperties": {"type": "string"}},
}}


def test_loose_plan_round_trips_and_refuses_tampering():
    plan = compile_schema(LOOSE)
    data = json.loads(json.dumps(plan.to_dict()))
    assert set(data) >= {"constants", "nullables", "tuples", "warnings"}
    back = FillPlan.from_dict(data)
    assert back == plan and back.fingerprint == plan.fingerprint
    with_dicts = compile_schema(obj(k={"const": {"a": 1}}, n={"type": "string", "not": {"const": ""}}))
    assert hash(with_dicts) == hash(compile_schema(with_dicts.schema))   # plans stay hashable
    data["constants"][0]["value"] = "receipt"
    with pytest.raises(ValueError, match="does not match its spec"):
        FillPlan.from_dict(data)


def test_loose_plan_fingerprint_keeps_section_6_invariances():
    plan = compile_schema(LOOSE)
    reordered = {"type": "object", "properties": dict(reversed(list(LOOSE["properties"].items())))}
    assert compile_schema(reordered).fingerprint == plan.fingerprint
    alone = compile_schema(obj(kind={"const": "invoice"}, x={"type": "boolean"}))
    assert alone.constants[0].fingerprint == plan.constants[0].fingerprint
    assert alone.constants[0].position == 0 and plan.constants[0].position == 0


def test_schema_read_the_same_way_keeps_its_plan_in_both_modes():
    schema = obj(a={"enum": ["x", "y"]}, b={"type": ["number", "null"]},
                 c={"type": "array", "items": {"type": "string", "x-generate": True}})
    assert compile_schema(schema) == compile_schema(schema, strict=True)
    assert compile_schema(schema).fingerprint == compile_schema(schema, strict=True).fingerprint


def test_boolean_schemas_and_single_branch_unions():
    plan = compile_schema(obj(a=True, b=False, c={"anyOf": [{"type": "integer"}]},
                              d={"oneOf": [{"$ref": "#/$defs/M"}], "description": "the model"},
                              e={"type": "boolean"}) | {"$defs": {"M": obj(m={"type": "string"})}})
    assert [(f.pointer, f.mode) for f in plan.fields] == [
        ("/a", "extract.span"), ("/c", "extract.number"), ("/d/m", "extract.span"),
        ("/e", "decide.noul")]
    assert ("/properties/b", "property 'b' is false (never valid): it is never filled") in [
        (w.pointer, w.message) for w in plan.warnings]
    assert "boolean schema (false)" in errors_of(
        {**obj(b=False), "required": ["b"]})[0]["msg"]


def test_unions_of_constraints_only_are_final_checks():
    schema = {**obj(a={"type": "string"}, b={"type": "string"}),
              "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}
    plan = compile_schema(schema)
    assert plan.root is None and [f.pointer for f in plan.fields] == ["/a", "/b"]
    assert dict(plan.checks) == {"/anyOf": [{"required": ["a"]}, {"required": ["b"]}]}


# -- plan fingerprints of unions (contract section 6) --------------------------------------

_CARD = {"type": "object", "title": "Card", "properties": {
    "kind": {"const": "card"}, "last4": {"type": "string"}, "expiry": {"type": "string"}}}
_BANK = {"type": "object", "title": "Bank", "properties": {
    "kind": {"const": "bank"}, "iban": {"type": "string"}, "bic": {"type": "string"}}}


def _reordered(branch: dict) -> dict:
    return {**branch, "properties": dict(reversed(list(branch["properties"].items())))}


def test_union_fingerprints_ignore_property_order_and_siblings():
    union = {"oneOf": [_CARD, _BANK]}
    plan = compile_schema(obj(payer={"type": "string"}, payment=union, n={"type": "integer"}))
    reordered = compile_schema(obj(n={"type": "integer"},
                                   payment={"oneOf": [_reordered(_CARD), _reordered(_BANK)]},
                                   payer={"type": "string"}))
    assert reordered.fingerprint == plan.fingerprint
    alone = compile_schema(obj(payment=union))
    prints = {f.pointer: f.fingerprint for f in plan.fields}
    for leaf in alone.fields:            # choice and branch leaves: the same wherever they stand
        assert prints[leaf.pointer] == leaf.fingerprint
    assert alone.unions[0].fingerprint == plan.unions[0].fingerprint
    assert {c.fingerprint for c in alone.constants} <= {c.fingerprint for c in plan.constants}


def test_union_fingerprints_change_with_what_the_union_decides():
    base = compile_schema(obj(payment={"oneOf": [_CARD, _BANK]}))
    swapped = compile_schema(obj(payment={"oneOf": [_BANK, _CARD]}))       # option order
    described = compile_schema(obj(payment={"oneOf": [{**_CARD, "description": "a card"},
                                                      _BANK]}))
    nullable = compile_schema(obj(payment={"oneOf": [_CARD, _BANK, {"type": "null"}]}))
    prints = {base.fingerprint, swapped.fingerprint, described.fingerprint,
              nullable.fingerprint}
    assert len(prints) == 4
    assert base.field_at("/payment/|").fingerprint != described.field_at("/payment/|").fingerprint


def test_recursive_maps_and_arrays_stop_empty_or_left_out():
    plan = compile_schema({"type": "object", "properties": {"tree": {"$ref": "#/$defs/t"}},
                           "$defs": {"t": {"type": "object", "additionalProperties": {"$ref": "#/$defs/t"}}}})
    assert len(plan.maps) == 3 and [c.value for c in plan.constants] == [{}]
    plan = compile_schema({"type": "object", "properties": {"n": {"type": "string"}, "kids": {
        "type": "array", "minItems": 1, "items": {"$ref": "#"}}}})
    assert len(plan.arrays) == 3 and not plan.constants       # the deepest array is left out
