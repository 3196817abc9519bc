"""Heads that read the next token's embedding too (`context="hidden+embed+next"`) on the tiny
random llama with the real SmolLM2 tokenizer: what follows a token changes what fields read,
and contract section 10 holds bitwise: repeats, every field alone against the full schema, a
request alone against the same request inside `fill_many`, and windows."""
from __future__ import annotations

import pytest
import torch

from deg import compile_schema
from deg.request import FillOptions
from deg_model.checkpoint import fresh_heads

from runtime_fixtures import CONTEXT as TEXT
from runtime_fixtures import SCHEMA, assert_contract_determinism, make_runtime, outcomes, sub_schema


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


@pytest.fixture(scope="module")
def reading(tiny_backbone):
    return _runtime(tiny_backbone, 0.5)


@pytest.fixture(scope="module")
def full(reading):
    return outcomes(reading, SCHEMA)


def test_what_follows_a_token_changes_what_fields_read(tiny_backbone, full):
    assert outcomes(_runtime(tiny_backbone, 0.0), SCHEMA) == outcomes(make_runtime(tiny_backbone), SCHEMA)
    assert outcomes(make_runtime(tiny_backbone), SCHEMA) != full


def test_repeats_fields_alone_and_fill_many_are_bitwise_equal(reading, full):
    assert_contract_determinism(reading, full)


def test_windows_read_the_next_token_deterministically(tiny_backbone):
    rt = _runtime(tiny_backbone, 0.5)
    rt.windowing = type(rt.windowing)(rt.windowing.max_context_tokens, 48, None)
    long_text = (TEXT + "\n") * 3
    schema = sub_schema(["dept", "order_id", "total"])
    first = rt.fill(long_text, compile_schema(schema), FillOptions())
    assert rt.last_stats["windows"] > 1
    assert rt.fill(long_text, compile_schema(schema), FillOptions()) == first
