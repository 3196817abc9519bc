"""Arrays: index mode (count fork + ITEM i of), anchored mode (threshold / count_peaks /
hybrid) with nested arrays, drops of items missing a required value, document order."""
from __future__ import annotations

import dataclasses

import pytest
import torch

from deg import assemble, compile_schema
from deg.errors import FillError
from deg.request import FillOptions
from deg_model.runtime import Observer
from deg_model.runtime.arrays import count_bounds, decode_anchors, peak_anchors, threshold_anchors
from runtime_fixtures import CONTEXT, SCHEMA, make_runtime


def test_threshold_runs_fill_up_and_cap():
    logits = torch.tensor([-1.0, 2.0, 3.0, -1.0, -2.0, 1.0, -5.0, 0.5])
    assert threshold_anchors(logits, 0, None) == [2, 5, 7]
    assert threshold_anchors(logits, 0, 2) == [2, 5]
    assert threshold_anchors(torch.tensor([-3.0, -1.0, -2.0, -0.5]), 2, None) == [1, 3]
    with pytest.raises(FillError, match="minItems 3"):
        threshold_anchors(torch.tensor([-1.0, -2.0]), 3, None)


def test_peaks_keep_radius_and_document_order():
    logits = torch.full((30,), -4.0)
    logits[[3, 5, 12, 20, 27]] = torch.tensor([2.0, 3.0, 1.0, 0.5, 2.5])
    assert peak_anchors(logits, 3) == [5, 12, 27]
    assert peak_anchors(logits, 0) == []
    assert decode_anchors("count_peaks", logits, min_items=0, cap=None, count=2) == [5, 27]
    # saturated count: the larger threshold count (5 runs) wins; 3 lies within the radius of
    # the stronger peak 5, so the fifth item is the best token outside every radius
    assert decode_anchors("count_peaks", logits, min_items=0, cap=None, count=2, saturated=True) == [0, 5, 12, 20, 27]
    assert decode_anchors("hybrid", logits, min_items=0, cap=None, count=1) == [3, 5, 12, 20, 27]
    quiet = torch.full((30,), -4.0)
    quiet[10] = -1.0
    assert decode_anchors("hybrid", quiet, min_items=0, cap=None, count=1) == [10]
    assert decode_anchors("threshold", quiet, min_items=0, cap=None, count=None) == []


def test_count_bounds():
    assert count_bounds(0, None, None) == (0, 32)
    assert count_bounds(0, None, None, anchored=True) == (0, 64)
    assert count_bounds(1, 5, 3) == (1, 5) and count_bounds(0, None, 3) == (0, 3)
    with pytest.raises(FillError):
        count_bounds(70, None, None)


def _check(rt, schema, options, observer=None):
    plan = compile_schema(schema)
    raw = rt.fill(CONTEXT, plan, options, observer=observer)
    response = assemble(plan, raw, model="t")       # validates against the schema
    return raw, response


@pytest.mark.parametrize("mode", ["threshold", "count_peaks", "hybrid", "expected"])
def test_anchored_arrays_nested(tiny_backbone, mode):
    rt = make_runtime(tiny_backbone, anchor_bias=0.0)       # random anchors fire at p > 0.5 sometimes
    with torch.no_grad():       # random heads may well count 0 items: make the count say 2
        rt.heads.count.bias[2] += 50.0
    seen = Observer()
    schema = {"type": "object", "properties": {"items": SCHEMA["properties"]["items"]}}
    raw, response = _check(rt, schema, FillOptions(array_decode=mode), seen)
    items = response["value"]["items"]
    assert response["meta"]["/items"]["items"] == len(items) <= 3
    # threshold and expected size the array from the anchor head alone: no count fork
    assert ("count:/items" in seen.last_heads) == (mode not in ("threshold", "expected"))
    # anchored forks never show an ordinal: every item's forks name the array with *
    fork_keys = [k for k in seen.last_heads if k.startswith("leaf:/items/")]
    assert fork_keys and all(k.split("/")[2].isdigit() for k in fork_keys)
    for i in range(len(items)):
        assert f"anchor:/items/{i}/parts" in seen.last_heads


def test_a_request_without_a_decode_mode_gets_the_checkpoints(tiny_backbone):
    schema = {"type": "object", "properties": {"items": SCHEMA["properties"]["items"]}}
    plan = compile_schema(schema)
    rt = make_runtime(tiny_backbone, anchor_bias=0.0)
    assert rt.config.array_decode == "count_peaks"
    default = rt.fill(CONTEXT, plan, FillOptions())
    assert default == rt.fill(CONTEXT, plan, FillOptions(array_decode="count_peaks"))
    rt.config = dataclasses.replace(rt.config, array_decode="expected")
    seen = Observer()
    chosen = rt.fill(CONTEXT, plan, FillOptions(), observer=seen)
    assert not any(k.startswith("count:") for k in seen.last_heads)
    assert chosen == rt.fill(CONTEXT, plan, FillOptions(array_decode="expected"))
    # a request that names its mode keeps it
    seen = Observer()
    rt.fill(CONTEXT, plan, FillOptions(array_decode="hybrid"), observer=seen)
    assert "count:/items" in seen.last_heads


def test_index_mode_items(tiny_backbone):
    rt = make_runtime(tiny_backbone, array_mode="index")
    seen = Observer()
    schema = {"type": "object", "properties": {"items": SCHEMA["properties"]["items"],
                                               "tags": SCHEMA["properties"]["tags"]}}
    raw, response = _check(rt, schema, FillOptions(), seen)
    assert not any(k.startswith("anchor:") for k in seen.last_heads)
    assert "count:/items" in seen.last_heads
    assert len(response["value"]["items"]) == raw.arrays[0].items


def test_items_without_their_required_value_are_dropped(tiny_backbone):
    rt = make_runtime(tiny_backbone, anchor_bias=0.0)
    schema = {"type": "object", "properties": {"contacts": {"type": "array", "maxItems": 3, "items": {
        "type": "object", "required": ["mail"],
        "properties": {"mail": {"type": "string", "format": "email"}, "who": {"type": "string"}}}}}}
    context = "Contacts: Ann Lee, phone 555-0100; Bob Ray, phone 555-0199; Cy Dunn, no phone."
    plan = compile_schema(schema)
    dropped = []
    for mode in ("count_peaks", "threshold"):
        raw = rt.fill(context, plan, FillOptions(array_decode=mode))
        response = assemble(plan, raw, model="t")
        assert response["value"]["contacts"] == []
        assert response["meta"]["/contacts"]["items"] == 0
        assert not any(o.pointer.startswith("/contacts/") for o in raw.fields)
        (array,) = raw.arrays
        assert array.items == 0 and response["meta"]["/contacts"].get("dropped", 0) == array.dropped
        dropped.append(array.dropped)
    assert max(dropped) > 0
    required = {"type": "object", "required": ["contacts"], "properties": {"contacts": {
        **schema["properties"]["contacts"], "minItems": 1}}}
    with pytest.raises(FillError, match="minItems 1"):
        rt.fill(context, compile_schema(required), FillOptions())


def test_the_anchor_shift_is_the_threshold_marks_move_by(tiny_backbone):
    """`scoring.anchor_shift` adds to the anchor logits before sizing: a large positive shift
    marks every token (the threshold's runs make one item each), a large negative one none."""
    schema = {"type": "object", "properties": {"items": SCHEMA["properties"]["items"]}}
    plan = compile_schema(schema)
    rt = make_runtime(tiny_backbone, anchor_bias=0.0)
    options = FillOptions(array_decode="threshold")
    unshifted = rt.fill(CONTEXT, plan, options)
    rt.set_scoring(dataclasses.replace(rt.scoring, anchor_shift=0.0))
    assert rt.fill(CONTEXT, plan, options) == unshifted
    counts = {}
    for shift in (-1e4, 1e4):
        rt.set_scoring(dataclasses.replace(rt.scoring, anchor_shift=shift))
        seen = Observer()
        rt.fill(CONTEXT, plan, options, observer=seen)
        counts[shift] = sum(1 for k in seen.last_heads if k.startswith("anchor:/items/") and k.endswith("/parts"))
    # every region token marked is one run: one item, at least (minItems fills up none)
    assert counts[-1e4] == 0 and counts[1e4] >= 1
