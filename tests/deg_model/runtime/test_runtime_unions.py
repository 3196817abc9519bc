"""Unions of objects on the tiny random model: the runtime decides the branch (a choice fork),
then asks only the chosen branch's leaves; the value is valid against the user's schema, and
the decision and everything asked after it are bitwise deterministic."""
from __future__ import annotations

import copy

import jsonschema
import pytest
import torch

from deg import assemble, compile_schema
from deg.errors import FillError
from deg.parsers.formats import FORMAT_CHECKER
from deg.request import FillOptions
from deg_model.runtime import Observer

from runtime_fixtures import CONTEXT

CARD = {"type": "object", "title": "Card", "properties": {
    "kind": {"const": "card"}, "email": {"type": "string", "format": "email"},
    "urgent": {"type": "boolean"}}, "required": ["kind", "urgent"]}
TRANSFER = {"type": "object", "title": "Transfer", "properties": {
    "kind": {"const": "transfer"}, "order": {"type": "string"},
    "reply": {"type": "string", "x-generate": True, "x-max-tokens": 4}},
    "required": ["kind", "reply"]}
SCHEMA = {"type": "object", "required": ["payment", "parties"], "properties": {
    "dept": {"enum": ["billing", "tech"]},
    "payment": {"oneOf": [CARD, TRANSFER]},
    "parties": {"type": "array", "maxItems": 2, "items": {"anyOf": [
        {"type": "object", "title": "Person", "properties": {"name": {"type": "string"}}},
        {"type": "object", "title": "Company", "properties": {
            "legal_name": {"type": "string"},
            "lines": {"type": "array", "maxItems": 2, "items": {"type": "string"}}}}]}},
    "maybe": {"anyOf": [{"type": "object", "properties": {"a": {"type": "boolean"}}},
                        {"type": "array", "items": {"type": "boolean"}, "maxItems": 2},
                        {"type": "null"}]},
}}


def _fill(runtime, schema, options=FillOptions()):
    plan = compile_schema(schema)
    seen = Observer()
    raw = runtime.fill(CONTEXT, plan, options, observer=seen)
    return plan, raw, seen.last_heads


def _chosen(plan, raw):
    choices = {u.choice for u in plan.unions}
    return {o.pointer: o.value for o in raw.fields if o.plan_pointer in choices}


@pytest.fixture(scope="module")
def filled(runtime):
    return _fill(runtime, SCHEMA)


def test_only_the_chosen_branch_is_asked(filled):
    plan, raw, heads = filled
    chosen = _chosen(plan, raw)
    assert "/payment/|" in chosen and "/maybe/|" in chosen
    branch = {"card": "|0", "transfer": "|1"}[chosen["/payment/|"]]
    asked = {o.pointer for o in raw.fields}
    inside = [p for p in asked if p.startswith("/payment/|") and p != "/payment/|"]
    assert inside and all(p.startswith(f"/payment/{branch}/") for p in inside)
    # every party item has one choice and leaves of that branch only
    parties = next(a for a in raw.arrays if a.pointer == "/parties")
    for index in range(parties.items):
        took = chosen[f"/parties/{index}/|"]
        prefix = f"/parties/{index}/|{['Person', 'Company'].index(took)}/"
        assert all(p.startswith(prefix) for p in asked
                   if p.startswith(f"/parties/{index}/|") and not p.endswith("/|"))


def test_value_is_valid_against_the_users_schema(filled):
    plan, raw, _ = filled
    try:
        response = assemble(plan, raw, model="tiny")
    except FillError as exc:  # untrained heads may miss a required value: the error names it
        assert str(exc).startswith("/")
        return
    jsonschema.Draft202012Validator(SCHEMA, format_checker=FORMAT_CHECKER).validate(
        response["value"])
    assert response["meta"]["/payment"]["mode"] == "union"
    assert "|" not in "".join(response["meta"])


def test_each_branch_fills_valid_values(runtime):
    """Forcing each branch (a one-branch union is the same branch as an object) keeps the
    leaves of that branch bitwise equal to the union's fill of it."""
    for branch in (CARD, TRANSFER):
        schema = {"type": "object", "properties": {"payment": {"oneOf": [branch]}}}
        plan, raw, _ = _fill(runtime, schema)
        try:
            value = assemble(plan, raw, model="tiny")["value"]
        except FillError as exc:
            assert str(exc).startswith("/")
            continue
        jsonschema.Draft202012Validator(schema).validate(value)


def test_union_fill_is_bitwise_deterministic(runtime, filled):
    plan, raw, heads = filled
    for _ in range(2):
        _, again, again_heads = _fill(runtime, copy.deepcopy(SCHEMA))
        assert again == raw
        assert again_heads.keys() == heads.keys()
        assert all(torch.equal(v, again_heads[k]) for k, v in heads.items())


def test_branch_decision_does_not_depend_on_siblings(runtime, filled):
    plan, raw, heads = filled
    alone = {"type": "object", "required": ["payment"],
             "properties": {"payment": SCHEMA["properties"]["payment"]}}
    _, raw_alone, heads_alone = _fill(runtime, alone)
    key = "leaf:/payment/|"
    assert key in heads_alone and torch.equal(heads_alone[key], heads[key])
    mine = {o.pointer: o for o in raw.fields if o.pointer.startswith("/payment/")}
    theirs = {o.pointer: o for o in raw_alone.fields if o.pointer.startswith("/payment/")}
    assert theirs == mine


def test_fill_many_matches_fill(runtime, filled):
    from deg_model.runtime import FillJob

    plan, raw, _ = filled
    other = compile_schema({"type": "object", "properties": {"x": {"type": "string"}}})
    got = runtime.fill_many([FillJob(CONTEXT, other, FillOptions()),
                             FillJob(CONTEXT, plan, FillOptions())])
    assert got[1] == raw
