"""Assembly of what the loose reading adds: constants, the null rule of nullable objects and
arrays (both ways), tuples and wrapped roots. The runtime never sees these nodes."""
from __future__ import annotations

import jsonschema
import pytest

from deg.errors import FillError
from deg.outcomes import ArrayOutcome, FieldOutcome, RawFill
from deg.response import apply_drops, assemble
from deg.schema import compile_schema


def found(pointer, plan_pointer, value, mode="extract.span"):
    return FieldOutcome(pointer, plan_pointer, mode, value, True, confidence=0.9, span=(0, 1))


def lost(pointer, plan_pointer, mode="extract.span"):
    return FieldOutcome(pointer, plan_pointer, mode, None, False, null_reason="not_found",
                        confidence=0.6)


def noul(pointer, plan_pointer, p=0.9):
    return FieldOutcome(pointer, plan_pointer, "decide.noul", p >= 0.5, True, probability=p)


def fill(schema, fields, arrays=()):
    plan = compile_schema(schema)
    response = assemble(plan, RawFill(list(fields), list(arrays), 5, 0), model="m")
    jsonschema.Draft202012Validator(schema).validate(response["value"])
    return response


CONSTANTS = {"type": "object", "properties": {
    "kind": {"const": "order"},
    "id": {"type": "string"},
    "unit": {"enum": ["kg"]},
    "rows": {"type": "array", "items": {"type": "object", "properties": {
        "qty": {"type": "number"}, "currency": {"const": "EUR"}}}},
    "extra": {"type": "object", "additionalProperties": {"type": "string"}},
}, "required": ["kind", "id"]}


def test_constants_fill_the_value_and_meta_in_schema_order():
    response = fill(CONSTANTS, [found("/id", "/id", "A-1"),
                                found("/rows/0/qty", "/rows/*/qty", 2, "extract.number"),
                                found("/rows/1/qty", "/rows/*/qty", 3, "extract.number")],
                    [ArrayOutcome("/rows", "/rows", 2), ArrayOutcome("/extra", "/extra", 0)])
    assert response["value"] == {"kind": "order", "id": "A-1", "unit": "kg",
                                 "rows": [{"qty": 2, "currency": "EUR"},
                                          {"qty": 3, "currency": "EUR"}], "extra": {}}
    assert list(response["value"]) == ["kind", "id", "unit", "rows", "extra"]
    assert response["meta"]["/kind"] == {"mode": "const", "confidence": 1.0}
    assert response["meta"]["/rows/1/currency"] == {"mode": "const", "confidence": 1.0}
    assert response["meta"]["/extra"] == {"mode": "map", "items": 0}
    assert response["warnings"] == [{"pointer": "/properties/extra",
                                     "message": "a map: its keys and values are found like the "
                                                "items of an array"}]


NULLABLE = {"type": "object", "properties": {
    "tags": {"anyOf": [{"type": "array", "items": {"type": "string"}, "minItems": 2},
                       {"type": "null"}]},
    "buyer": {"anyOf": [{"type": "object", "properties": {
        "name": {"type": "string"}, "vat": {"type": ["string", "null"]},
        "vip": {"type": "boolean"}}, "required": ["name"]}, {"type": "null"}]},
    "flags": {"type": ["object", "null"], "properties": {"a": {"type": "boolean"}}},
}}


def _nullable_fill(tags, name, vat):
    fields = [found(f"/tags/{i}", "/tags/*", f"t{i}") for i in range(tags)]
    fields += [name, vat, noul("/buyer/vip", "/buyer/vip"), noul("/flags/a", "/flags/a", 0.2)]
    return fill(NULLABLE, fields, [ArrayOutcome("/tags", "/tags", tags)])


def test_nullable_containers_with_values_are_filled():
    response = _nullable_fill(2, found("/buyer/name", "/buyer/name", "Ann"),
                              lost("/buyer/vat", "/buyer/vat"))
    assert response["value"] == {"tags": ["t0", "t1"],
                                 "buyer": {"name": "Ann", "vat": None, "vip": True},
                                 "flags": {"a": False}}   # decisions only: never null


def test_nullable_containers_without_values_are_null():
    response = _nullable_fill(0, lost("/buyer/name", "/buyer/name"),
                              lost("/buyer/vat", "/buyer/vat"))
    assert response["value"] == {"tags": None, "buyer": None, "flags": {"a": False}}
    assert response["meta"]["/tags"] == {"mode": "array", "items": 0, "null_reason": "not_found"}
    assert response["meta"]["/buyer"] == {"mode": "object", "null_reason": "required"}
    assert not any(key.startswith("/buyer/") for key in response["meta"])


def test_nullable_object_is_null_when_nothing_was_found_even_if_decided():
    response = _nullable_fill(1, found("/buyer/name", "/buyer/name", "Ann"),
                              lost("/buyer/vat", "/buyer/vat"))
    assert response["value"]["tags"] is None                     # 1 item < minItems 2
    assert response["meta"]["/tags"]["null_reason"] == "minItems"
    schema = {"type": "object", "properties": {"b": {"type": ["object", "null"], "properties": {
        "vat": {"type": ["string", "null"]}, "vip": {"type": "boolean"}}}}}
    value = fill(schema, [lost("/b/vat", "/b/vat"), noul("/b/vip", "/b/vip")])["value"]
    assert value == {"b": None}
    assert fill(schema, [found("/b/vat", "/b/vat", "DE1"), noul("/b/vip", "/b/vip")])["value"] \
        == {"b": {"vat": "DE1", "vip": True}}


def test_required_leaf_of_a_nullable_object_does_not_fail_the_fill_or_drop_its_item():
    schema = {"type": "object", "properties": {"rows": {"type": "array", "items": {
        "type": "object", "properties": {
            "sku": {"type": "string"},
            "ship": {"type": ["object", "null"], "properties": {"to": {"type": "string"}},
                     "required": ["to"]}}, "required": ["sku"]}}}}
    plan = compile_schema(schema)
    raw = RawFill([found("/rows/0/sku", "/rows/*/sku", "A"), lost("/rows/0/ship/to", "/rows/*/ship/to")],
                  [ArrayOutcome("/rows", "/rows", 1)], 5, 0)
    assert apply_drops(plan, raw).arrays[0].items == 1          # the runtime keeps the item
    assert fill(schema, raw.fields, raw.arrays)["value"] == {"rows": [{"sku": "A", "ship": None}]}
    strict_required = {"type": "object", "properties": {"to": {"type": "string"}},
                       "required": ["to"]}
    with pytest.raises(FillError, match="/to: required field has no valid value"):
        fill(strict_required, [lost("/to", "/to")])


def test_tuples_list_their_positions_and_stop_at_the_first_absent_optional_one():
    schema = {"type": "object", "properties": {"t": {
        "type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"},
                                         {"type": "boolean"}], "minItems": 1}}}
    full = fill(schema, [found("/t/0", "/t/0", "a"), found("/t/1", "/t/1", 2, "extract.number"),
                         noul("/t/2", "/t/2")])
    assert full["value"] == {"t": ["a", 2, True]}
    assert full["meta"]["/t"] == {"mode": "tuple", "items": 3}
    cut = fill(schema, [found("/t/0", "/t/0", "a"), lost("/t/1", "/t/1", "extract.number"),
                        noul("/t/2", "/t/2")])
    assert cut["value"] == {"t": ["a"]}


def test_wrapped_roots_return_the_value_itself_with_meta_pointers_into_it():
    response = fill({"type": "string", "description": "the name"}, [found("/value", "/value", "Ann")])
    assert response["value"] == "Ann" and list(response["meta"]) == [""]
    schema = {"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer"}}}}
    response = fill(schema, [found("/value/0/n", "/value/*/n", 4, "extract.number")],
                    [ArrayOutcome("/value", "/value", 1)])
    assert response["value"] == [{"n": 4}]
    assert list(response["meta"]) == ["", "/0/n"]
    assert fill({"type": "object"}, [], [ArrayOutcome("/value", "/value", 0)])["value"] == {}
    with pytest.raises(FillError, match=r"^\(root\): minItems 1: only 0 items"):
        fill({**schema, "items": {**schema["items"], "required": ["n"]}, "minItems": 1},
             [lost("/value/0/n", "/value/*/n", "extract.number")], [ArrayOutcome("/value", "/value", 1)])
    with pytest.raises(FillError, match=r"^\(root\): required field"):
        fill({"type": "string"}, [lost("/value", "/value")])


def test_maps_fill_from_their_key_value_items():
    schema = {"type": "object", "properties": {"labels": {
        "type": "object", "propertyNames": {"pattern": "^[a-z]+$"},
        "additionalProperties": {"type": "integer"}, "maxProperties": 3}}}
    fields = [found("/labels/0/key", "/labels/*/key", "apples"),
              found("/labels/0/value", "/labels/*/value", 3, "extract.number"),
              found("/labels/1/key", "/labels/*/key", "pears"),
              found("/labels/1/value", "/labels/*/value", 5, "extract.number"),
              found("/labels/2/key", "/labels/*/key", "apples"),        # the first one wins
              found("/labels/2/value", "/labels/*/value", 9, "extract.number")]
    response = fill(schema, fields, [ArrayOutcome("/labels", "/labels", 3)])
    assert response["value"] == {"labels": {"apples": 3, "pears": 5}}
    assert response["meta"]["/labels"] == {"mode": "map", "items": 2}
    assert response["meta"]["/labels/pears"]["mode"] == "extract.number"
    assert response["meta"]["/labels/pears"]["key"]["mode"] == "extract.span"
    nullable = {"type": "object", "properties": {"m": {
        "type": ["object", "null"], "additionalProperties": {"type": "string"}}}}
    assert fill(nullable, [], [ArrayOutcome("/m", "/m", 0)])["value"] == {"m": None}
