"""What the default (loose) reading still refuses: every refusal names the keyword where it
stands and says what to write instead (the gateway answers it as a 422 schema_error)."""
from __future__ import annotations

import pytest

from deg.errors import SchemaError
from deg.schema import compile_schema


def obj(**properties) -> dict:
    return {"type": "object", "properties": properties}


# (schema, location of the keyword, what the message tells the author to do)
REFUSALS = {
    "map needing keys": (obj(m={"type": "object", "additionalProperties": False,
                                "minProperties": 1}),
                         ["properties", "m", "minProperties"], "declare the properties"),
    "required key of a map": (obj(m={"type": "object", "required": ["k"],
                                     "additionalProperties": True}),
                              ["properties", "m", "required", 0], "declare it"),
    "required recursion": ({"type": "object", "required": ["me"], "properties": {"me": {"$ref": "#"}}},
                           ["properties", "me", "$ref"], "make it optional or nullable"),
    "external $ref": (obj(a={"$ref": "other.json#/definitions/a"}),
                      ["properties", "a", "$ref"], "bundling external ones into $defs"),
    "dangling $ref": (obj(a={"$ref": "#/$defs/missing"}),
                      ["properties", "a", "$ref"], "refer to a schema in this document"),
    "allOf conflict": (obj(a={"allOf": [{"type": "string"}, {"type": "integer"}]}),
                       ["properties", "a", "allOf", 1, "type"], "write one schema"),
    "dynamic reference": (obj(a={"$dynamicRef": "#node"}),
                          ["properties", "a", "$dynamicRef"], "use a local $ref"),
    "invalid pattern": (obj(a={"type": "string", "pattern": "[z-a]"}),
                        ["properties", "a", "pattern"], "write a regular expression"),
    "near-miss extension": (obj(a={"type": "string", "x-genrate": True}),
                            ["properties", "a", "x-genrate"], "did you mean x-generate?"),
    "enum of the wrong type": (obj(a={"type": "string", "enum": [1, 2]}),
                               ["properties", "a", "enum"], "give values of that type"),
    "reserved name": (obj(**{"|1": {"type": "string"}}), ["properties", "|1"],
                      "rename the property"),
    "false schema": (obj(a={"allOf": [False]}), ["properties", "a", "allOf", 0], "give it a type"),
}


@pytest.mark.parametrize("name", REFUSALS)
def test_each_remaining_refusal_names_the_keyword_and_what_to_write(name):
    schema, loc, advice = REFUSALS[name]
    with pytest.raises(SchemaError) as info:
        compile_schema(schema)
    (error,) = [e for e in info.value.errors if e["loc"] == loc]
    assert advice in error["msg"], error
