"""Every schema of the acceptance corpus that compiles fills to a value valid against the
user's own schema (benchmarks/schema_acceptance.py builds the corpus and the synthetic fills)."""
from __future__ import annotations

import importlib.util
import pathlib
import sys

import jsonschema
import pytest

from deg.errors import FillError
from deg.parsers.formats import FORMAT_CHECKER
from deg.response import assemble
from deg.schema import compile_schema

_PATH = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "schema_acceptance.py"
_SPEC = importlib.util.spec_from_file_location("schema_acceptance", _PATH)
acceptance = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("schema_acceptance", acceptance)  # pydantic resolves names through it
_SPEC.loader.exec_module(acceptance)

CORPUS = acceptance.corpus()
IDS = [f"{source}: {name}" for source, name, _ in CORPUS]
ACCEPTED = [(f"{source}: {name}", schema) for source, name, schema
            in CORPUS + acceptance.packaged() if acceptance.compiles(schema, strict=False)[0]]


def _valid_against_user_schema(schema, value) -> None:
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    errors = list(cls(schema, format_checker=FORMAT_CHECKER).iter_errors(value))
    assert not errors, [e.message for e in errors]


def test_every_common_pydantic_field_type_compiles():
    refused = [name for source, name, schema in CORPUS if source == "pydantic field types"
               and not acceptance.compiles(schema, strict=False)[0]]
    assert refused == []
    assert len(acceptance.FIELD_TYPES) == 24


def test_unions_of_objects_compile_to_a_branch_choice():
    refused = {name: acceptance.compiles(schema, strict=False)[1]
               for _, name, schema in CORPUS if not acceptance.compiles(schema, strict=False)[0]}
    assert refused == {}
    pet = next(schema for _, name, schema in CORPUS if name == "discriminated Pet")
    plan = compile_schema(pet)
    assert len(plan.unions) == 1 and plan.unions[0].tag is not None
    choice = plan.field_at(plan.unions[0].choice)
    assert choice.mode == "decide.choice" and len(choice.options) == plan.unions[0].branches


@pytest.mark.parametrize("schema", [schema for _, schema in ACCEPTED],
                         ids=[name for name, _ in ACCEPTED])
def test_accepted_schema_fills_valid_values(schema):
    plan = compile_schema(schema)
    response = assemble(plan, acceptance.synthetic_fill(plan, found=True), model="m")
    _valid_against_user_schema(schema, response["value"])
    assert response["warnings"] == plan.warning_dicts()
    for branch in range(1, max((u.branches for u in plan.unions), default=1)):
        try:  # every branch of a union fills a valid value, or names what is missing
            other = assemble(plan, acceptance.synthetic_fill(plan, branch=branch), model="m")
        except FillError as exc:
            assert str(exc).startswith(("/", "(root)")), str(exc)
        else:
            _valid_against_user_schema(schema, other["value"])
    try:
        empty = assemble(plan, acceptance.synthetic_fill(plan, found=False), model="m")
    except FillError as exc:  # a required value with nothing found: the error names it
        assert str(exc).startswith(("/", "(root)")), str(exc)
    else:
        _valid_against_user_schema(schema, empty["value"])


@pytest.mark.parametrize("schema", [schema for _, _, schema in CORPUS], ids=IDS)
def test_strictly_accepted_schema_has_the_same_plan_in_both_modes(schema):
    if not acceptance.compiles(schema, strict=True)[0]:
        return
    strict, loose = compile_schema(schema, strict=True), compile_schema(schema)
    assert loose == strict and loose.fingerprint == strict.fingerprint
    assert loose.to_dict() == strict.to_dict() and loose.warnings == ()
