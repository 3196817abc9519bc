"""Property test of the loose reading: schemas built from the constructs it accepts (constants,
nullable objects and arrays, maps, tuples, allOf, scalar unions, unions of objects and arrays
(plain and discriminated, every branch taken), other formats, ignored keywords) either compile, or are refused with a SchemaError; every compiled one fills, from
plausible outcomes or from nothing found, to a value valid against the generated schema, or to
a FillError naming the field."""
from __future__ import annotations

import importlib.util
import pathlib
import sys

import jsonschema
from hypothesis import HealthCheck, given, settings, strategies as st

from deg.errors import FillError, SchemaError
from deg.parsers.formats import FORMAT_CHECKER
from deg.response import assemble
from deg.schema import compile_schema

_PATH = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "schema_acceptance.py"
_SPEC = importlib.util.spec_from_file_location("schema_acceptance", _PATH)
acceptance = sys.modules.get("schema_acceptance") or importlib.util.module_from_spec(_SPEC)
if "schema_acceptance" not in sys.modules:
    sys.modules["schema_acceptance"] = acceptance
    _SPEC.loader.exec_module(acceptance)

names = st.sampled_from(["a", "b", "c", "id", "0", "x/y", "t~"])
_IGNORED = {"example": "v", "readOnly": True, "x-vendor": 1, "name": "n", "xml": {"name": "q"}}
extras = st.sets(st.sampled_from(sorted(_IGNORED)), max_size=2).map(
    lambda keys: {key: _IGNORED[key] for key in sorted(keys)})

scalars = st.sampled_from([
    {"type": "string"}, {"type": "integer"}, {"type": "number", "minimum": 0},
    {"type": "boolean"}, {"type": "string", "format": "time"}, {"type": "string", "format": "date"},
    {"type": "integer", "minimum": 1, "maximum": 5}, {"enum": ["x", "y"]}, {"const": "k"},
    {"enum": ["only"]}, {"type": "null"}, {"type": ["string", "null"]},
    {"anyOf": [{"type": "integer"}, {"type": "string"}]},
    {"anyOf": [{"type": "number"}, {"type": "string"}, {"type": "null"}]},
    {"type": ["number", "string"]}, {"allOf": [{"type": "string"}, {"maxLength": 8}]},
    {"description": "untyped"},
])


def _nullable(schema: dict) -> dict:
    return {"anyOf": [schema, {"type": "null"}]}


def containers(children):
    objects = st.builds(
        lambda props, req, extra: {"type": "object", "properties": props,
                                   "required": [n for n in props if n in req], **extra},
        st.dictionaries(names, children, min_size=1, max_size=3), st.sets(names), extras)
    arrays = st.builds(lambda item, low: {"type": "array", "items": item, "minItems": low},
                       children, st.integers(0, 1))
    tuples = st.builds(lambda items: {"type": "array", "prefixItems": items,
                                      "minItems": len(items)},
                       st.lists(children, min_size=1, max_size=2))
    maps = st.just({"type": "object", "additionalProperties": {"type": "string"}})
    merged = st.builds(lambda props: {"allOf": [{"type": "object", "properties": props},
                                                {"required": sorted(props)[:1]}]},
                       st.dictionaries(names, children, min_size=1, max_size=2))
    unions = st.builds(lambda branches, key: {key: branches},
                       st.lists(objects | arrays, min_size=2, max_size=3),
                       st.sampled_from(["anyOf", "oneOf"]))
    tagged = st.builds(lambda props: {"oneOf": [
        {"type": "object", "properties": {"kind": {"const": f"k{i}"}, **prop},
         "required": ["kind"]} for i, prop in enumerate(props)]},
        st.lists(st.builds(lambda name, child: {name: child}, names.filter(lambda n: n != "kind"),
                           children), min_size=2, max_size=3))
    base = objects | arrays | tuples | maps | merged | unions | tagged
    return base | base.map(_nullable)


schemas = st.recursive(scalars, containers, max_leaves=8)


def _check(schema, value) -> None:
    errors = list(jsonschema.Draft202012Validator(schema, format_checker=FORMAT_CHECKER)
                  .iter_errors(value))
    assert not errors, (schema, value, [e.message for e in errors])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schemas)
def test_loose_plans_fill_only_valid_values(schema):
    try:
        plan = compile_schema(schema)
    except SchemaError as exc:
        assert all(isinstance(e["msg"], str) and e["msg"] for e in exc.errors)
        return
    branches = max((u.branches for u in plan.unions), default=1)
    for found, branch in [(True, b) for b in range(branches)] + [(False, 0)]:
        try:
            response = assemble(plan, acceptance.synthetic_fill(plan, found=found, branch=branch),
                                model="m")
        except FillError as exc:
            assert str(exc).startswith(("/", "(root)")), str(exc)
            continue
        _check(schema, response["value"])
