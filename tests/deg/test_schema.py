"""One test (at least) per rule of contract sections 2-5 for `compile_schema(strict=True)`.

Strict mode is the contract's exact reading; the default (loose) reading is tested in
`test_schema_loose.py`.
"""
from __future__ import annotations

import copy
import functools
import sys

import pytest

from deg.errors import SchemaError
from deg.schema import compile_schema as _compile_schema

compile_schema = functools.partial(_compile_schema, strict=True)


def obj(**properties) -> dict:
    return {"type": "object", "properties": properties}


def leaf(schema: dict, required: bool = False):
    doc = {"type": "object", "properties": {"f": schema}}
    if required:
        doc["required"] = ["f"]
    return compile_schema(doc).field_at("/f")


def errors_of(schema) -> list[dict]:
    with pytest.raises(SchemaError) as info:
        compile_schema(schema)
    return info.value.errors


def messages(schema) -> str:
    return "\n".join(f"{e['loc']}: {e['msg']}" for e in errors_of(schema))


# -- type -> mechanism --------------------------------------------------------------------

def test_enum_is_choice_with_null_option():
    f = leaf({"enum": ["a", 1, None]})
    assert (f.mode, f.options, f.nullable, f.on_null) == ("decide.choice", ("a", 1, None), True, None)


@pytest.mark.parametrize("count,ok", [(1, False), (2, True), (255, True), (256, False)])
def test_enum_size_bounds(count, ok):
    schema = obj(f={"enum": list(range(count))})
    if ok:
        assert len(compile_schema(schema).field_at("/f").options) == count
    else:
        assert "2 to 255 options" in messages(schema)


def test_enum_duplicates_follow_json_equality():
    assert "duplicate option 1.0" in messages(obj(f={"enum": [1, 1.0, 2]}))
    assert leaf({"enum": [1, True]}).options == (1, True)      # true != 1 in JSON
    assert leaf({"enum": ["1", 1]}).options == ("1", 1)


def test_enum_value_of_wrong_type_and_non_scalar():
    text = messages(obj(f={"type": "string", "enum": ["a", 3]}, g={"enum": [[1], 2]}))
    assert "option 3 is not of type string" in text
    assert "not a scalar" in text


def test_enum_value_must_pass_constraints():
    assert "fails maxLength" in messages(obj(f={"type": "string", "maxLength": 2,
                                                "enum": ["ab", "abc"]}))


def test_const_oneof_is_choice_with_descriptions():
    f = leaf({"oneOf": [{"const": "a", "description": "first"}, {"const": "b"},
                        {"enum": ["c", "d"], "title": "later"}]})
    assert f.mode == "decide.choice"
    assert f.options == ("a", "b", "c", "d")
    assert f.option_descriptions == ("first", None, "later", "later")


def test_anyof_options_with_null_branch():
    f = leaf({"anyOf": [{"const": 1}, {"const": 2}, {"type": "null"}]})
    assert f.options == (1, 2, None) and f.nullable


def test_boolean_is_noul_and_nullable_boolean_is_choice():
    assert leaf({"type": "boolean"}).mode == "decide.noul"
    f = leaf({"type": ["boolean", "null"]})
    assert (f.mode, f.options) == ("decide.choice", (True, False, None))


@pytest.mark.parametrize("schema,levels", [
    ({"minimum": 1, "maximum": 5}, (1, 2, 3, 4, 5)),
    ({"minimum": 0, "maximum": 10}, tuple(range(11))),
    ({"minimum": 0, "maximum": 100, "multipleOf": 25}, (0, 25, 50, 75, 100)),
    ({"exclusiveMinimum": 0, "exclusiveMaximum": 3}, (1, 2)),
    ({"minimum": 0.5, "maximum": 2.5}, (1, 2)),
])
def test_small_integer_scale_is_score(schema, levels):
    f = leaf({"type": "integer", **schema})
    assert (f.mode, f.levels, f.null_outcome) == ("decide.score", levels, False)


@pytest.mark.parametrize("schema", [
    {"minimum": 0, "maximum": 11}, {"minimum": 0}, {"maximum": 3}, {},
    {"minimum": 0, "maximum": 1000, "multipleOf": 10},
])
def test_other_integers_are_numbers(schema):
    f = leaf({"type": "integer", **schema})
    assert (f.mode, f.json_type) == ("extract.number", "integer")


def test_integer_bounds_admitting_zero_or_one_value_are_errors():
    text = messages(obj(a={"type": "integer", "minimum": 3, "maximum": 3},
                        b={"type": "integer", "minimum": 4, "maximum": 3},
                        c={"type": "integer", "exclusiveMinimum": 1, "exclusiveMaximum": 2}))
    assert "only one value (3)" in text
    assert text.count("admit no value") == 2


def test_number_bounds():
    assert leaf({"type": "number", "minimum": 0, "maximum": 1}).mode == "extract.number"
    assert "admit no value" in messages(obj(f={"type": "number", "minimum": 2, "maximum": 1}))
    assert "admit no value" in messages(obj(f={"type": "number", "minimum": 1,
                                              "exclusiveMaximum": 1}))


def test_strings_and_formats():
    assert leaf({"type": "string"}).mode == "extract.span"
    for fmt in ("date", "date-time"):
        assert (leaf({"type": "string", "format": fmt}).mode, leaf({"type": "string", "format": fmt}).format) == ("extract.date", fmt)
    for fmt in ("email", "uri", "uuid"):
        f = leaf({"type": "string", "format": fmt})
        assert (f.mode, f.format) == ("extract.span", fmt)
    assert "format 'ipv4' is not supported" in messages(obj(f={"type": "string", "format": "ipv4"}))


def test_constraints_are_stored_sorted():
    f = leaf({"type": "string", "minLength": 1, "maxLength": 9, "pattern": "^a"})
    assert f.constraints == (("maxLength", 9), ("minLength", 1), ("pattern", "^a"))
    g = leaf({"type": "number", "exclusiveMinimum": 0, "maximum": 5, "multipleOf": 0.5})
    assert dict(g.constraints) == {"exclusiveMinimum": 0, "maximum": 5, "multipleOf": 0.5}


def test_invalid_pattern_and_length_bounds():
    text = messages(obj(a={"type": "string", "pattern": "a("},
                        b={"type": "string", "minLength": 3, "maxLength": 2}))
    assert "invalid pattern" in text and "minLength 3 is greater than maxLength 2" in text


def test_objects_recursive_in_schema_order_and_arrays():
    plan = compile_schema(obj(
        z={"type": "string"},
        items={"type": "array", "minItems": 1, "maxItems": 4, "uniqueItems": True,
               "items": obj(b={"type": "number"}, a={"type": "array",
                                                     "items": {"type": "string"}})},
        a={"type": "boolean"}))
    assert [f.pointer for f in plan.fields] == ["/z", "/items/*/b", "/items/*/a/*", "/a"]
    outer, inner = plan.arrays
    assert (outer.pointer, outer.min_items, outer.max_items, outer.unique_items) == ("/items", 1, 4, True)
    assert outer.fields == ("/items/*/b", "/items/*/a/*") and outer.item_kind == "object"
    assert (inner.pointer, inner.item_kind, inner.arrays) == ("/items/*/a", "leaf", ("/items",))
    assert plan.field_at("/items/*/a/*").arrays == ("/items", "/items/*/a")


def test_pointer_escaping():
    plan = compile_schema(obj(**{"a/b": {"type": "string"}, "c~d": {"type": "string"}}))
    assert [f.pointer for f in plan.fields] == ["/a~1b", "/c~0d"]
    assert "reserved" in messages(obj(**{"*": {"type": "string"}}))


# -- null, optional -----------------------------------------------------------------------

@pytest.mark.parametrize("schema", [
    {"type": ["string", "null"]},
    {"type": ["null", "string"]},
    {"anyOf": [{"type": "string"}, {"type": "null"}]},
    {"oneOf": [{"type": "null"}, {"type": "string"}]},
])
def test_nullable_forms(schema):
    f = leaf(schema, required=True)
    assert (f.mode, f.nullable, f.on_null) == ("extract.span", True, "null")


def test_on_null_branches():
    assert leaf({"type": "string"}, required=True).on_null == "forbid"
    assert leaf({"type": "string"}).on_null == "omit"
    assert leaf({"type": ["number", "null"]}).on_null == "null"
    assert leaf({"type": "boolean"}).on_null is None      # decide fields are always filled


def test_nullable_score_gets_null_outcome():
    f = leaf({"type": ["integer", "null"], "minimum": 1, "maximum": 3})
    assert (f.mode, f.levels, f.null_outcome) == ("decide.score", (1, 2, 3), True)


def test_nullable_wrapper_keeps_outer_annotations():
    f = leaf({"anyOf": [{"type": "string", "title": "inner"}, {"type": "null"}],
              "title": "outer", "description": "d"})
    assert (f.title, f.description) == ("outer", "d")


def test_nullable_enum_wrapper_adds_null_option():
    f = leaf({"anyOf": [{"enum": ["a", "b"]}, {"type": "null"}]})
    assert f.options == ("a", "b", None)


def test_nullable_objects_and_arrays_are_errors():
    text = messages(obj(a={"type": ["object", "null"], "properties": {"x": {"type": "string"}}},
                        b={"type": ["array", "null"], "items": {"type": "string"}}))
    assert "nullable objects" in text and "nullable arrays" in text


def test_union_types_and_bad_anyof():
    text = messages(obj(a={"type": ["string", "number"]},
                        b={"anyOf": [{"type": "string"}, {"type": "number"}]}))
    assert "union types are allowed only" in text
    assert "anyOf is allowed only" in text


# -- x-generate and annotations -----------------------------------------------------------

def test_generate_string_and_array():
    plan = compile_schema(obj(
        s={"type": "string", "x-generate": True, "x-max-tokens": 12, "maxLength": 80},
        t={"type": "array", "x-generate": True, "x-max-tokens": 5, "items": {"type": "string"}},
        u={"type": "string", "x-generate": False}))
    assert plan.field_at("/s").mode == "generate" and plan.field_at("/s").max_tokens == 12
    assert (plan.field_at("/t/*").mode, plan.field_at("/t/*").max_tokens) == ("generate", 5)
    assert plan.field_at("/u").mode == "extract.span"


@pytest.mark.parametrize("schema", [
    {"type": "boolean"}, {"type": "integer"}, {"type": "number"}, {"enum": ["a", "b"]},
    {"type": "object", "properties": {"a": {"type": "string"}}},
    {"type": "string", "format": "date"}, {"type": "string", "enum": ["a", "b"]},
    {"type": ["string", "null"]},
])
def test_x_generate_refused_outside_strings(schema):
    assert "x-generate" in messages(obj(f={**schema, "x-generate": True}))


def test_x_generate_on_array_of_non_plain_strings():
    for items in ({"type": "integer"}, {"type": "string", "format": "email"},
                  {"type": "string", "enum": ["a", "b"]}):
        assert "x-generate" in messages(obj(f={"type": "array", "x-generate": True,
                                               "items": items}))


def test_x_max_tokens_rules():
    assert "x-max-tokens applies only where x-generate" in messages(
        obj(f={"type": "string", "x-max-tokens": 3}))
    for bad in (0, 4097, 10**30):
        assert "x-max-tokens must be an integer from 1 to 4096" in messages(
            obj(f={"type": "string", "x-generate": True, "x-max-tokens": bad}))
    assert leaf({"type": "string", "x-generate": True, "x-max-tokens": 4096}).max_tokens == 4096


def test_array_counts_past_64_bits_are_refused_by_name():
    for keyword in ("minItems", "maxItems"):
        found = messages(obj(f={"type": "array", "items": {"type": "string"}, keyword: 2**63}))
        assert f"{keyword} {2**63} is larger than deg can count" in found
    plan = compile_schema(obj(f={"type": "array", "items": {"type": "string"}, "maxItems": 2**63 - 1}))
    assert plan.arrays[0].max_items == 2**63 - 1


def test_x_levels():
    f = leaf({"type": "integer", "minimum": 0, "maximum": 2, "x-levels": {"2": "high", "0": "low"}})
    assert f.level_labels == ((0, "low"), (2, "high"))
    text = messages(obj(a={"type": "integer", "minimum": 0, "maximum": 2, "x-levels": {"3": "x"}},
                        b={"type": "integer", "minimum": 0, "maximum": 2, "x-levels": {"1": " "}},
                        c={"type": "string", "x-levels": {"1": "x"}}))
    assert "'3' is not an admissible level" in text
    assert "non-empty strings" in text
    assert "x-levels applies only to an integer score" in text


def test_unknown_extension_is_an_error():
    assert "unknown extension keyword x-genrate" in messages(obj(f={"type": "string",
                                                                   "x-genrate": True}))


def test_annotations_are_accepted_and_title_description_kept():
    f = leaf({"type": "string", "title": "T", "description": "D", "default": "x",
              "examples": ["y"], "$comment": "c", "readOnly": False, "writeOnly": False,
              "deprecated": False})
    assert (f.title, f.description) == ("T", "D")


# -- section 5 errors -----------------------------------------------------------------------

UNSUPPORTED = {
    "allOf": [{"type": "string"}], "not": {"type": "number"}, "if": {"type": "string"},
    "then": {"type": "string"}, "else": {"type": "string"}, "const": "a",
    "dependentSchemas": {"a": {}}, "dependentRequired": {"a": []}, "dependencies": {"a": []},
    "patternProperties": {"^a": {}}, "propertyNames": {"maxLength": 3},
    "unevaluatedProperties": False, "minProperties": 1, "maxProperties": 2,
    "unevaluatedItems": False, "prefixItems": [{}], "contains": {}, "minContains": 1,
    "maxContains": 2, "$dynamicRef": "#x", "$dynamicAnchor": "x", "$recursiveRef": "#",
    "$recursiveAnchor": True, "contentEncoding": "base64", "contentMediaType": "text/html",
    "contentSchema": {},
}


@pytest.mark.parametrize("keyword", sorted(UNSUPPORTED))
def test_unsupported_keyword_named(keyword):
    schema = obj(f={"type": "string", keyword: UNSUPPORTED[keyword]})
    if keyword.startswith("$recursive"):   # 2019-09 keywords, typed by that meta-schema
        schema["$schema"] = "https://json-schema.org/draft/2019-09/schema"
    errors = errors_of(schema)
    assert any(keyword in e["msg"] and e["loc"][-1] == keyword for e in errors), errors


def test_draft7_only_keywords_named():
    base = {"$schema": "http://json-schema.org/draft-07/schema#"}
    text = messages({**base, **obj(f={"type": "array", "items": [{"type": "string"}],
                                      "additionalItems": False})})
    assert "tuple items" in text and "additionalItems is not supported" in text


def test_unknown_and_misplaced_keywords():
    text = messages(obj(a={"type": "integer", "maxLength": 3}, b={"type": "string", "colour": 1},
                        c={"type": "string", "minimum": 1}))
    assert "maxLength does not apply to type integer" in text
    assert "unknown keyword colour" in text
    assert "minimum does not apply to type string" in text


def test_required_must_name_a_property_and_additional_properties():
    errors = errors_of({**obj(a={"type": "string"}), "required": ["a", "b"]})
    assert errors == [{"loc": ["required", 1], "msg": "required names 'b', which is not in properties"}]
    for ok in (True, False):
        compile_schema({**obj(a={"type": "string"}), "additionalProperties": ok})
    assert "schema-valued additionalProperties" in messages(
        {**obj(a={"type": "string"}), "additionalProperties": {"type": "string"}})


def test_root_must_be_object():
    assert "root must be" in messages({"type": "string"})
    assert "root must be" in messages({"type": ["object", "null"], "properties": {"a": {"type": "string"}}})
    assert "must be a JSON object" in messages(["type", "object"])


def test_not_a_valid_json_schema():
    assert "not a valid JSON Schema (2020-12)" in messages(obj(f={"type": "string", "minLength": -1}))


def test_multiple_errors_reported_together():
    errors = errors_of(obj(a={"type": "string", "x-foo": 1}, b={"allOf": [{"type": "string"}]},
                           c={"enum": ["x"]}, d={"type": "string", "format": "hostname"}))
    locs = [tuple(e["loc"]) for e in errors]
    assert ("properties", "a", "x-foo") in locs and ("properties", "b", "allOf") in locs
    assert ("properties", "c", "enum") in locs and ("properties", "d", "format") in locs


# -- $ref -----------------------------------------------------------------------------------

def test_local_refs_with_escaping_and_overrides():
    schema = {
        "type": "object",
        "properties": {
            "a": {"$ref": "#/$defs/a~1b", "description": "override"},
            "b": {"$ref": "#/definitions/score"},
            "c": {"$ref": "#named"},
        },
        "$defs": {"a/b": {"type": "string", "title": "T", "description": "orig"},
                  "n": {"$anchor": "named", "type": "boolean"}},
        "definitions": {"score": {"type": "integer", "minimum": 1, "maximum": 3}},
    }
    plan = compile_schema(schema)
    a = plan.field_at("/a")
    assert (a.mode, a.title, a.description) == ("extract.span", "T", "override")
    assert plan.field_at("/b").mode == "decide.score"
    assert plan.field_at("/c").mode == "decide.noul"


def test_ref_siblings_must_be_annotations():
    assert "maxLength cannot stand next to $ref" in messages(
        {**obj(a={"$ref": "#/$defs/s", "maxLength": 3}), "$defs": {"s": {"type": "string"}}})


def test_ref_cycle_remote_and_missing():
    cyc = {**obj(a={"$ref": "#/$defs/n"}),
           "$defs": {"n": {"type": "object", "properties": {"k": {"$ref": "#/$defs/n"}}}}}
    assert "$ref cycle" in messages(cyc)
    assert "$ref cycle" in messages({**obj(a={"$ref": "#/$defs/x"}),
                                    "$defs": {"x": {"$ref": "#/$defs/y"}, "y": {"$ref": "#/$defs/x"}}})
    assert "not local" in messages(obj(a={"$ref": "https://example.com/s.json"}))
    assert "not local" in messages(obj(a={"$ref": "other.json#/a"}))
    assert "points to nothing" in messages(obj(a={"$ref": "#/$defs/missing"}))


def test_error_inside_shared_ref_target_reported_once_at_target():
    schema = {**obj(a={"$ref": "#/$defs/s"}, b={"$ref": "#/$defs/s"}),
              "$defs": {"s": {"type": "integer", "maxLength": 1}}}
    assert errors_of(schema) == [{"loc": ["$defs", "s", "maxLength"],
                                  "msg": "maxLength does not apply to type integer"}]


# -- drafts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("uri", [
    "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema",
    "http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-06/schema#",
    "http://json-schema.org/draft-04/schema#",
])
def test_drafts_accepted(uri):
    plan = compile_schema({"$schema": uri, **obj(a={"type": "integer", "minimum": 1, "maximum": 4})})
    assert plan.field_at("/a").levels == (1, 2, 3, 4)


def test_draft4_boolean_exclusive_bounds():
    plan = compile_schema({"$schema": "http://json-schema.org/draft-04/schema#",
                           **obj(a={"type": "integer", "minimum": 0, "exclusiveMinimum": True,
                                    "maximum": 3, "exclusiveMaximum": True})})
    f = plan.field_at("/a")
    assert f.levels == (1, 2)
    assert dict(f.constraints) == {"exclusiveMinimum": 0, "exclusiveMaximum": 3}


def test_unsupported_drafts():
    assert "unsupported $schema" in messages({"$schema": "http://json-schema.org/draft-03/schema#",
                                              **obj(a={"type": "string"})})
    assert "unsupported $schema" in messages({"$schema": "https://example.com/mine",
                                              **obj(a={"type": "string"})})


# -- purity and hostile input -----------------------------------------------------------------

def test_input_not_mutated_and_plan_keeps_its_own_copy():
    schema = {**obj(a={"$ref": "#/$defs/s", "title": "x"}, b={"type": ["integer", "null"],
                                                            "minimum": 0, "maximum": 2}),
              "$defs": {"s": {"type": "string"}}}
    before = copy.deepcopy(schema)
    plan = compile_schema(schema)
    assert schema == before
    assert plan.schema == before and plan.schema is not schema
    schema["properties"]["a"]["title"] = "changed"
    assert plan.schema == before


HOSTILE_CALL_BUDGET = 2_000_000


def _within_a_second(schema) -> list[dict]:
    """The refusal of a hostile schema, bounded in work rather than seconds (a loaded machine
    makes seconds meaningless): the compiler must refuse after a bounded number of Python
    calls, never expand or walk the hostile structure in full."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        with pytest.raises(SchemaError) as info:
            compile_schema(schema)
    finally:
        sys.setprofile(None)
    assert calls < HOSTILE_CALL_BUDGET, calls
    return info.value.errors


@pytest.mark.parametrize("value", [None, "schema", 3, [], True])
def test_hostile_non_dict(value):
    assert _within_a_second(value)[0]["loc"] == []


def test_hostile_ten_megabytes():
    wide = obj(**{f"p{i}": {"type": "string", "description": "x" * 80} for i in range(100_000)})
    assert "too large" in _within_a_second(wide)[0]["msg"]
    long_text = obj(a={"type": "string", "description": "x" * 10_000_000})
    assert "too large" in _within_a_second(long_text)[0]["msg"]


def test_hostile_nested_500_deep():
    deep: dict = {"type": "string"}
    for _ in range(500):
        deep = obj(a=deep)
    assert "nested deeper than" in _within_a_second(deep)[0]["msg"]
    deep_list: list = []
    for _ in range(100_000):
        deep_list = [deep_list]
    assert "nested deeper than" in _within_a_second(obj(a={"type": "string", "examples": deep_list}))[0]["msg"]


def test_hostile_ref_cycle_and_expansion():
    assert "$ref cycle" in _within_a_second({**obj(a={"$ref": "#"})})[0]["msg"]
    defs = {f"d{i}": obj(**{f"k{j}": {"$ref": f"#/$defs/d{i + 1}"} for j in range(10)})
            for i in range(8)}
    defs["d8"] = {"type": "string"}
    bomb = {**obj(a={"$ref": "#/$defs/d0"}), "$defs": defs}
    assert "expands to more than" in _within_a_second(bomb)[0]["msg"]


def test_non_json_values_refused():
    text = messages(obj(a={"type": "number", "maximum": float("nan")}, b={"type": "string",
                                                                          "default": {1, 2}}))
    assert "not a JSON number" in text and "not a JSON value: set" in text
