"""`Runtime.fill` end to end on tiny random hybrid families (Qwen3.5, LFM2) with a context
several windows long: every mode answers (decide, extract, anchored arrays, generate), spans
point into the whole context, and outcomes are bitwise deterministic (repeat, permuted
fields, split requests, a batch beside another job)."""
from __future__ import annotations

import pytest
import torch

from deg import assemble, compile_schema, render_context
from deg.request import FillOptions
from deg_model.backbone import Backbone
from deg_model.checkpoint import CheckpointConfig, fresh_heads
from deg_model.runtime import FillJob, Observer, Runtime
from test_chat_layouts import LFM_SPECIAL, QWEN_SPECIAL, bpe_tokenizer

WIDTH = 32
PROPS = {
    "dept": {"enum": ["billing", "tech", "sales"]},
    "urgent": {"type": "boolean"},
    "anger": {"type": "integer", "minimum": 1, "maximum": 3},
    "total": {"type": ["number", "null"]},
    "note": {"type": ["string", "null"]},
    "items": {"type": "array", "maxItems": 3, "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
    "reply": {"type": "string", "x-generate": True, "x-max-tokens": 4, "maxLength": 40},
}
CONTEXT = render_context(
    "invoice total due 12.50 for the widget. " * 3
    + "the widget arrived broken, refund the total. " * 4
    + "system user assistant invoice total due refund 40.25. " * 3
)


@pytest.fixture(scope="module", params=["qwen3.5", "lfm2"])
def family_runtime(request, make_tiny_qwen35, make_tiny_lfm2):
    special = {"qwen3.5": QWEN_SPECIAL, "lfm2": LFM_SPECIAL}[request.param]
    tok = bpe_tokenizer(special)
    maker = {"qwen3.5": make_tiny_qwen35, "lfm2": make_tiny_lfm2}[request.param]
    backbone = Backbone.from_hf_model(maker(11, vocab_size=len(tok)), tok)
    heads = fresh_heads(backbone.spec.hidden_size, 0)
    with torch.no_grad():
        heads.anchor_bias.fill_(0.0)                # random anchors fire, so arrays have items
        heads.count.bias[2] += 50.0
    config = CheckpointConfig(model_id="deg-tiny-hybrid", backbone=request.param,
                              hidden=backbone.spec.hidden_size, array_mode="anchor")
    return Runtime(backbone, heads, config, window_tokens=WIDTH)


def recorded(rt, plan, options):
    seen = Observer()
    raw = rt.fill(CONTEXT, plan, options, observer=seen)
    return raw, seen.last_heads


def _by_pointer(raw):
    return {f.pointer: f for f in raw.fields}, {a.pointer: a for a in raw.arrays}


def test_long_context_fill_end_to_end_and_bitwise_deterministic(family_runtime):
    rt = family_runtime
    n = int(rt.layout.trunk(CONTEXT).context_index.numel())
    assert n > 3 * WIDTH
    plan = compile_schema({"type": "object", "properties": PROPS, "required": ["dept", "urgent"]})
    raw, heads = recorded(rt, plan, FillOptions(array_decode="threshold"))
    assert rt.last_stats["windows"] >= 4 and rt.last_stats["generated_tokens"] > 0
    assert any(a.items for a in raw.arrays)
    assemble(plan, raw, model="t")
    for f in raw.fields:
        if f.span is not None:
            s, e = f.span
            assert 0 <= s < e <= len(CONTEXT)
    options = FillOptions(array_decode="threshold")
    again, again_heads = recorded(rt, plan, options)
    assert again == raw
    assert all(torch.equal(again_heads[k], v) for k, v in heads.items())
    permuted = compile_schema({"type": "object", "properties": dict(reversed(list(PROPS.items()))),
                               "required": ["dept", "urgent"]})
    again = rt.fill(CONTEXT, permuted, options)
    assert _by_pointer(again) == _by_pointer(raw)
    parallel = {k: v for k, v in PROPS.items() if k != "reply"}
    names = list(parallel)
    merged = {}
    for part in (names[:3], names[3:]):
        half = compile_schema({"type": "object", "properties": {k: parallel[k] for k in part}})
        half_raw, half_heads = recorded(rt, half, options)
        merged.update(_by_pointer(half_raw)[0])
        assert all(torch.equal(half_heads[k], heads[k]) for k in half_heads)
    assert merged == {p: f for p, f in _by_pointer(raw)[0].items() if not p.startswith("/reply")}
    batch = rt.fill_many([FillJob(render_context("refund 3.00"), plan, options), FillJob(CONTEXT, plan, options)])
    assert batch[1] == raw
