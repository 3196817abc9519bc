"""deg.response.apply_drops: items without their required values (contract 4, 12.6)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deg.errors import FillError
from deg.outcomes import ArrayOutcome, FieldOutcome, RawFill
from deg.response import apply_drops, assemble
from deg.schema import compile_schema

ORDERS = {
    "type": "object",
    "properties": {
        "orders": {
            "type": "array", "minItems": 1,
            "items": {"type": "object", "properties": {
                "id": {"type": "string"},
                "note": {"type": ["string", "null"]},
                "lines": {"type": "array", "minItems": 1, "items": {
                    "type": "object",
                    "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"},
                                   "memo": {"type": "string", "x-generate": True}},
                    "required": ["sku"]}},
            }, "required": ["id", "lines"]},
        },
    },
    "required": ["orders"],
}


def found(pointer, plan_pointer, value, mode="extract.span"):
    start = sum(map(ord, pointer)) % 50            # distinct, deterministic spans
    return FieldOutcome(pointer, plan_pointer, mode, value, True, confidence=0.9,
                        span=(start, start + 1))


def lost(pointer, plan_pointer, mode="extract.span"):
    return FieldOutcome(pointer, plan_pointer, mode, None, False, null_reason="not_found",
                        confidence=0.6)


def order(i, *, id_found=True, lines=()):
    """Outcomes of order i; `lines` lists, per line, whether its sku was found."""
    fields = [found(f"/orders/{i}/id", "/orders/*/id", f"O{i}") if id_found
              else lost(f"/orders/{i}/id", "/orders/*/id"),
              lost(f"/orders/{i}/note", "/orders/*/note")]
    for j, sku in enumerate(lines):
        base = f"/orders/{i}/lines/{j}"
        fields.append(found(base + "/sku", "/orders/*/lines/*/sku", f"S{i}{j}") if sku
                      else lost(base + "/sku", "/orders/*/lines/*/sku"))
        fields.append(found(base + "/qty", "/orders/*/lines/*/qty", j + 1, "extract.number"))
        fields.append(FieldOutcome(base + "/memo", "/orders/*/lines/*/memo", "generate",
                                   f"m{i}{j}", True, generated_tokens=2))
    arrays = [ArrayOutcome(f"/orders/{i}/lines", "/orders/*/lines", len(lines))]
    return fields, arrays


def fill(*orders_) -> RawFill:
    fields, arrays = [], [ArrayOutcome("/orders", "/orders", len(orders_))]
    for i, spec in enumerate(orders_):
        f, a = order(i, **spec)
        fields += f
        arrays += a
    return RawFill(fields, arrays, prompt_tokens=100, generated_tokens=0)


def test_item_with_missing_required_leaf_is_dropped_and_survivors_renumbered():
    plan = compile_schema(ORDERS)
    raw = fill({"lines": [True]}, {"lines": [True, False, True]},
               {"id_found": False, "lines": [True]})
    dropped = apply_drops(plan, raw)
    pointers = [f.pointer for f in dropped.fields]
    assert "/orders/2/id" not in pointers                      # order 2 lost its id: gone
    assert [a.to_dict() for a in dropped.arrays] == [
        {"pointer": "/orders", "plan_pointer": "/orders", "items": 2, "dropped": 1},
        {"pointer": "/orders/0/lines", "plan_pointer": "/orders/*/lines", "items": 1, "dropped": 0},
        {"pointer": "/orders/1/lines", "plan_pointer": "/orders/*/lines", "items": 2, "dropped": 1},
    ]
    # line 2 of order 1 is now line 1, with its whole subtree (generate memo included)
    moved = {f.pointer: f.value for f in dropped.fields
             if f.pointer.startswith("/orders/1/lines/1")}
    assert moved == {"/orders/1/lines/1/sku": "S12", "/orders/1/lines/1/qty": 3,
                     "/orders/1/lines/1/memo": "m12"}
    response = assemble(plan, raw, model="m")
    assert response["value"] == {"orders": [
        {"id": "O0", "note": None, "lines": [{"sku": "S00", "qty": 1, "memo": "m00"}]},
        {"id": "O1", "note": None, "lines": [{"sku": "S10", "qty": 1, "memo": "m10"},
                                             {"sku": "S12", "qty": 3, "memo": "m12"}]},
    ]}
    assert response["meta"]["/orders"] == {"mode": "array", "items": 2, "dropped": 1}
    assert response["meta"]["/orders/1/lines"] == {"mode": "array", "items": 2, "dropped": 1}
    assert response["meta"]["/orders/0/lines"] == {"mode": "array", "items": 1}
    assert response["usage"]["generated_tokens"] == 6


def test_nested_min_items_cascades_to_the_enclosing_item():
    plan = compile_schema(ORDERS)
    # order 1 loses both lines: its lines array breaks minItems 1, so order 1 is dropped
    raw = fill({"lines": [True]}, {"lines": [False, False]}, {"lines": [True, True]})
    dropped = apply_drops(plan, raw)
    assert [a.to_dict() for a in dropped.arrays] == [
        {"pointer": "/orders", "plan_pointer": "/orders", "items": 2, "dropped": 1},
        {"pointer": "/orders/0/lines", "plan_pointer": "/orders/*/lines", "items": 1, "dropped": 0},
        {"pointer": "/orders/1/lines", "plan_pointer": "/orders/*/lines", "items": 2, "dropped": 0},
    ]
    assert {f.value for f in dropped.fields if f.plan_pointer == "/orders/*/id"} == {"O0", "O2"}
    assert [f.pointer for f in dropped.fields if f.value == "O2"] == ["/orders/1/id"]
    value = assemble(plan, raw, model="m")["value"]
    assert [o["id"] for o in value["orders"]] == ["O0", "O2"]
    assert [line["sku"] for line in value["orders"][1]["lines"]] == ["S20", "S21"]


def test_top_level_min_items_broken_is_a_fill_error():
    plan = compile_schema(ORDERS)
    raw = fill({"lines": [False]}, {"id_found": False, "lines": [True]})
    message = "/orders: minItems 1: only 0 items have their required values"
    with pytest.raises(FillError, match=message):
        apply_drops(plan, raw)


def test_forbid_leaf_outside_arrays_is_a_fill_error():
    plan = compile_schema({"type": "object", "properties": {"id": {"type": "string"}},
                           "required": ["id"]})
    with pytest.raises(FillError, match="/id: required field has no valid value \\(not_found\\)"):
        apply_drops(plan, RawFill([lost("/id", "/id")], [], 1, 0))


def test_nullable_and_optional_item_leaves_do_not_drop():
    schema = {"type": "object", "properties": {"rows": {"type": "array", "items": {
        "type": "object", "properties": {"a": {"type": ["number", "null"]}, "b": {"type": "number"},
                                         "c": {"type": "number"}},
        "required": ["c"]}}}}
    plan = compile_schema(schema)
    raw = RawFill([lost("/rows/0/a", "/rows/*/a", "extract.number"),
                   lost("/rows/0/b", "/rows/*/b", "extract.number"),
                   found("/rows/0/c", "/rows/*/c", 3, "extract.number")],
                  [ArrayOutcome("/rows", "/rows", 1)], 1, 0)
    assert apply_drops(plan, raw) == raw
    assert assemble(plan, raw, model="m")["value"] == {"rows": [{"a": None, "c": 3}]}


def test_array_of_scalars_and_array_of_arrays():
    schema = {"type": "object", "properties": {
        "emails": {"type": "array", "items": {"type": "string", "format": "email"}},
        "grid": {"type": "array", "items": {"type": "array", "minItems": 2,
                                            "items": {"type": "number"}}},
    }}
    plan = compile_schema(schema)
    raw = RawFill(
        [found("/emails/0", "/emails/*", "a@x.io"), lost("/emails/1", "/emails/*"),
         found("/emails/2", "/emails/*", "c@x.io"),
         found("/grid/0/0", "/grid/*/*", 1, "extract.number"),
         lost("/grid/0/1", "/grid/*/*", "extract.number"),
         found("/grid/1/0", "/grid/*/*", 3, "extract.number"),
         found("/grid/1/1", "/grid/*/*", 4, "extract.number")],
        [ArrayOutcome("/emails", "/emails", 3), ArrayOutcome("/grid", "/grid", 2),
         ArrayOutcome("/grid/0", "/grid/*", 2), ArrayOutcome("/grid/1", "/grid/*", 2)],
        1, 0)
    response = assemble(plan, raw, model="m")
    assert response["value"] == {"emails": ["a@x.io", "c@x.io"], "grid": [[3, 4]]}
    assert response["meta"]["/emails"] == {"mode": "array", "items": 2, "dropped": 1}
    assert response["meta"]["/grid"] == {"mode": "array", "items": 1, "dropped": 1}
    assert response["meta"]["/grid/0"] == {"mode": "array", "items": 2}
    assert response["meta"]["/grid/0/1"]["span"] is not None


def test_apply_drops_is_idempotent_and_keeps_counts():
    plan = compile_schema(ORDERS)
    raw = fill({"lines": [True, False]}, {"lines": [False]}, {"lines": [True]})
    once = apply_drops(plan, raw)
    assert apply_drops(plan, once) == once
    assert assemble(plan, once, model="m") == assemble(plan, raw, model="m")
    assert RawFill.from_dict(once.to_dict()) == once


def test_counts_and_indices_must_agree():
    plan = compile_schema(ORDERS)
    raw = fill({"lines": [True]})
    orphan = RawFill(raw.fields + [found("/orders/0/lines/3/sku", "/orders/*/lines/*/sku", "X")],
                     raw.arrays, 1, 0)
    with pytest.raises(FillError, match="item /orders/0/lines/3 was not counted"):
        apply_drops(plan, orphan)
    with pytest.raises(FillError, match="does not match plan pointer"):
        apply_drops(plan, RawFill([found("/orders/0/sku", "/orders/*/id", "X")], [], 1, 0))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.lists(st.booleans(), max_size=3)), max_size=4))
def test_random_drops_match_a_direct_count(spec):
    """Compare with the rule stated directly: an order survives when its id was found and at
    least one of its lines has a sku; the fill fails when no order survives."""
    plan = compile_schema(ORDERS)
    raw = fill(*({"id_found": id_found, "lines": lines} for id_found, lines in spec))
    survivors = [(i, lines) for i, (id_found, lines) in enumerate(spec) if id_found and any(lines)]
    if not survivors:
        with pytest.raises(FillError, match="/orders: minItems 1"):
            assemble(plan, raw, model="m")
        return
    once = apply_drops(plan, raw)
    assert apply_drops(plan, once) == once
    value = assemble(plan, raw, model="m")["value"]
    assert [o["id"] for o in value["orders"]] == [f"O{i}" for i, _ in survivors]
    for got, (i, lines) in zip(value["orders"], survivors):
        assert [line["sku"] for line in got["lines"]] == [
            f"S{i}{j}" for j, sku in enumerate(lines) if sku]
