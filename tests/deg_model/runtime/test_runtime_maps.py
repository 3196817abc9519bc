"""Maps on the tiny random model: the runtime finds their (key, value) items like any array
(count or anchors, then each item's key and value leaves); assembly builds the object, valid
against the user's schema, bitwise the same on every run."""
from __future__ import annotations

import jsonschema

from deg import assemble, compile_schema
from deg.errors import FillError
from deg.parsers.formats import FORMAT_CHECKER
from deg.request import FillOptions

from runtime_fixtures import CONTEXT

SCHEMA = {"type": "object", "properties": {
    "prices": {"type": "object", "additionalProperties": {"type": "number"}, "maxProperties": 3},
    "labels": {"type": "object", "propertyNames": {"maxLength": 12},
               "patternProperties": {"^[A-Za-z]": {"type": "string"}}, "maxProperties": 2},
}}


def test_maps_fill_valid_objects_deterministically(runtime):
    plan = compile_schema(SCHEMA)
    raw = runtime.fill(CONTEXT, plan, FillOptions())
    assert {a.pointer for a in raw.arrays} == {"/prices", "/labels"}
    assert all(o.pointer.split("/")[3] in ("key", "value") for o in raw.fields)
    assert runtime.fill(CONTEXT, plan, FillOptions()) == raw
    try:
        value = assemble(plan, raw, model="tiny")["value"]
    except FillError as exc:
        assert str(exc).startswith("/")
        return
    jsonschema.Draft202012Validator(SCHEMA, format_checker=FORMAT_CHECKER).validate(value)
    assert set(value) == {"prices", "labels"}
