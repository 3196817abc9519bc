"""Heads that read the next token's embedding too (`context="hidden+embed+next"`) on the tiny
random llama with the real SmolLM2 tokenizer: what follows a token changes what fields read,
and contract section 10 holds bitwise: repeats, every field alone against the full schema, a
request alone against the same request inside `fill_many`, and windows."""
from __future__ import annotations

import copy

import pytest
import torch

from deg import compile_schema
from deg.request import FillOptions
from deg_model.checkpoint import fresh_heads
from deg_model.runtime import FillJob

from runtime_fixtures import CONTEXT as TEXT
from runtime_fixtures import SCHEMA, make_runtime

OPTIONS = FillOptions()


def _runtime(backbone, next_scale: float):
    """The fixtures' runtime with heads widened to read the next token, whose columns are
    `next_scale` times random (0: exactly the narrower heads)."""
    rt = make_runtime(backbone)
    wide = fresh_heads(backbone.spec.hidden_size, context="hidden+embed+next")
    wide.widened(rt.heads)
    hidden = backbone.spec.hidden_size
    gen = torch.Generator().manual_seed(3)
    with torch.no_grad():
        for name in ("ks.weight", "ke.weight", "anchor.k.weight"):
            weight = wide.get_parameter(name)
            weight[:, 2 * hidden:] = next_scale * torch.randn(weight[:, 2 * hidden:].shape, generator=gen)
    rt.heads = wide.eval()
    return rt


def _outcomes(rt, schema, context=TEXT):
    return {o.pointer: o for o in rt.fill(context, compile_schema(schema), OPTIONS).fields}


def _sub(names):
    props = {n: copy.deepcopy(SCHEMA["properties"][n]) for n in names}
    return {"type": "object", "properties": props, "required": [n for n in SCHEMA.get("required", []) if n in props]}


@pytest.fixture(scope="module")
def reading(tiny_backbone):
    return _runtime(tiny_backbone, 0.5)


@pytest.fixture(scope="module")
def full(reading):
    return _outcomes(reading, SCHEMA)


def test_what_follows_a_token_changes_what_fields_read(tiny_backbone, full):
    assert _outcomes(_runtime(tiny_backbone, 0.0), SCHEMA) == _outcomes(make_runtime(tiny_backbone), SCHEMA)
    assert _outcomes(make_runtime(tiny_backbone), SCHEMA) != full


def test_repeats_and_every_field_alone_are_bitwise_equal(reading, full):
    assert _outcomes(reading, SCHEMA) == full
    for name in [n for n in SCHEMA["properties"] if not SCHEMA["properties"][n].get("x-generate")]:
        for pointer, outcome in _outcomes(reading, _sub([name])).items():
            assert outcome == full[pointer], pointer


def test_a_request_inside_fill_many_equals_it_alone(reading, full):
    jobs = [FillJob("Invoice 12 due 2026-01-02, amount 99.", compile_schema(_sub(["total", "due"])), OPTIONS),
            FillJob(TEXT, compile_schema(SCHEMA), OPTIONS),
            FillJob("Call 555-0100 about order 7.", compile_schema(_sub(["order_id", "anger"])), OPTIONS)]
    results = reading.fill_many(jobs)
    assert {o.pointer: o for o in results[1].fields} == full
    for job, result in zip(jobs, results):
        assert result == reading.fill(job.context, job.plan, job.options)


def test_windows_read_the_next_token_deterministically(tiny_backbone):
    rt = _runtime(tiny_backbone, 0.5)
    rt.windowing = type(rt.windowing)(rt.windowing.max_context_tokens, 48, None)
    long_text = (TEXT + "\n") * 3
    schema = _sub(["dept", "order_id", "total"])
    first = rt.fill(long_text, compile_schema(schema), OPTIONS)
    assert rt.last_stats["windows"] > 1
    assert rt.fill(long_text, compile_schema(schema), OPTIONS) == first
