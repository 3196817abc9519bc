"""Schema adaptation: every rewrite listed with its pointer, the result accepted by deg."""
import copy

import pytest

import deg
from services.evaluation.adapt import AdaptError, adapt_schema, compile_adapted, plan_modes, restore_constants

# The constructs of ExtractBench schemas deg refuses (contract section 5), in one schema.
SCHEMA = {
    "type": "object",
    "$defs": {"Party": {"type": "object", "properties": {"name": {"type": "string", "evaluation_config": "string_fuzzy"}}}},
    "properties": {
        "rank": {"anyOf": [{"type": "integer"}, {"type": "string"}], "evaluation_config": "string_semantic"},
        "records": {"anyOf": [{"type": "array", "items": {"enum": ["WR", "CR"], "type": "string"}}, {"type": "null"}],
                    "evaluation_config": "array_llm"},
        "kind": {"const": "results"},
        "seller": {"$ref": "#/$defs/Party"},
        "site": {"type": "string", "format": "url"},
        "total": {"allOf": [{"type": "number"}, {"minimum": 0}]},
        "meta": {"type": "object", "properties": {"x": {"type": "integer"}}, "minProperties": 1},
        "count": {"type": "integer", "maxLength": 3},
    },
    "required": ["records", "kind", "ghost"],
}


def test_rewrites_are_listed_with_pointers():
    original = copy.deepcopy(SCHEMA)
    adaptation = adapt_schema(SCHEMA)
    assert SCHEMA == original  # never mutates its input
    listed = {(r.pointer, r.keyword) for r in adaptation.rewrites}
    assert {("/properties/rank", "anyOf"), ("/properties/records", "anyOf"), ("/properties/kind", "const"),
            ("/properties/seller", "$ref"), ("/$defs", "$defs"), ("/properties/site", "format"),
            ("/properties/total", "allOf"), ("/properties/meta", "minProperties"),
            ("/properties/count", "maxLength"), ("/", "required"),
            ("/properties/seller/properties/name", "evaluation_config")} <= listed
    schema = adaptation.schema
    assert schema["properties"]["rank"] == {"type": "string"}
    assert schema["properties"]["records"]["type"] == "array"
    assert "kind" not in schema["properties"] and "required" not in schema  # records made optional, ghost dropped
    assert schema["properties"]["total"] == {"type": "number", "minimum": 0}
    assert adaptation.scoring == {"$.properties.rank": "string_semantic", "$.properties.records": "array_llm",
                                  "$.properties.seller.properties.name": "string_fuzzy"}
    assert adaptation.constants == {"/kind": "results"}


def test_adapted_schema_compiles_with_deg():
    adaptation = adapt_schema(SCHEMA)
    modes = plan_modes(compile_adapted(adaptation.schema))
    assert modes["/rank"] == "extract.span"
    assert modes["/records/*"] == "decide.choice"
    assert modes["/total"] == "extract.number"
    assert "/kind" not in modes


def test_unadapted_schema_is_refused_by_deg():
    with pytest.raises(deg.SchemaError):
        deg.compile_schema(SCHEMA)


def test_constants_are_restored_into_the_prediction():
    value = {"rows": [{"a": 1}, {"a": 2}]}
    restored = restore_constants(value, {"/kind": "results", "/rows/*/unit": "m"})
    assert restored == {"kind": "results", "rows": [{"a": 1, "unit": "m"}, {"a": 2, "unit": "m"}]}
    assert value == {"rows": [{"a": 1}, {"a": 2}]}


@pytest.mark.parametrize("schema,message", [
    ({"type": "array"}, "/: the root must be type object"),
    ({"type": "object", "properties": {"p": {"type": ["object", "string"]}}}, "/properties/p: type"),
    ({"type": "object", "properties": {"p": {"type": "object", "additionalProperties": {"type": "string"}}}},
     "no property of the root can be filled"),
    ({"type": "object", "properties": {"p": {"$ref": "#/properties/p"}}}, "recursive \\$ref"),
    ({"type": "object", "properties": {"p": {"$ref": "other.json#/x"}}}, "only local \\$ref"),
])
def test_not_adaptable_names_the_pointer(schema, message):
    with pytest.raises(AdaptError, match=message):
        adapt_schema(schema)


# The shapes of ExtractBench's hiring/resume schema: branch-level scoring annotations, a
# union of an array and a free-form object, and an object deg cannot fill.
RESUME_LIKE = {
    "type": "object",
    "required": ["skills", "jobs"],
    "properties": {
        "skills": {"anyOf": [
            {"type": "array", "evaluation_config": "array_llm",
             "items": {"type": "string", "evaluation_config": "string_semantic"}},
            {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}]},
        "extras": {"type": "object", "additionalProperties": {"type": "string"}},
        "jobs": {"type": "array", "evaluation_config": "array_llm", "items": {"type": "object", "properties": {
            "endDate": {"anyOf": [{"type": "string", "evaluation_config": "string_exact"},
                                  {"type": "integer", "evaluation_config": "integer_exact"},
                                  {"type": "null"}]}}}},
    },
}


def test_resume_shapes_adapt_and_compile():
    adaptation = adapt_schema(RESUME_LIKE)
    actions = {(r.pointer, r.keyword): r.action for r in adaptation.rewrites}
    assert [r.keyword for r in adaptation.rewrites if r.pointer == "/properties/skills"] == [
        "evaluation_config", "anyOf"]  # one annotation moved, one union narrowed
    assert "kept branch 0 (array)" in actions[("/properties/skills", "anyOf")]
    assert "left out" in actions[("/properties/extras", "properties")]
    assert adaptation.scoring["$.properties.skills.anyOf[0]"] == "array_llm"
    assert adaptation.scoring["$.properties.jobs.items.properties.endDate.anyOf[1]"] == "integer_exact"
    schema = adaptation.schema
    assert schema["properties"]["skills"] == {"type": "array", "items": {"type": "string"}}
    assert "extras" not in schema["properties"]
    assert schema["properties"]["jobs"]["items"]["properties"]["endDate"] == {"type": ["string", "null"]}
    modes = plan_modes(compile_adapted(schema))
    assert modes == {"/skills/*": "extract.span", "/jobs/*/endDate": "extract.span"}
