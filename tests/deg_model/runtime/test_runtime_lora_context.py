"""A checkpoint whose adapters read the context (contract 12.7 `--lora-context`) on the tiny
random llama with the real SmolLM2 tokenizer: the context adapter changes what every field
reads, and contract section 10 still holds bitwise: repeats, every field alone against the
full schema, a request alone against the same request inside `fill_many`, and windows."""
from __future__ import annotations


import pytest
import torch

from deg import compile_schema
from deg.request import FillOptions
from deg_model.lora import CONTEXT, LoraAdapters, LoraConfig

from runtime_fixtures import CONTEXT as TEXT
from runtime_fixtures import SCHEMA, assert_contract_determinism, make_runtime, outcomes, sub_schema

OPTIONS = FillOptions()


def _context_adapters(backbone) -> LoraAdapters:
    """Adapters whose context adapter alone is trained-looking (nonzero B): any change of an
    answer comes from the context being read through it."""
    adapters = LoraAdapters.for_backbone(LoraConfig(rank=4, adapters=("decide", "extract", CONTEXT)), backbone,
                                         seed=5)
    r, k = adapters.config.rank, adapters.index(CONTEXT)
    gen = torch.Generator().manual_seed(6)
    with torch.no_grad():
        for name in sorted(adapters.params):
            if name.endswith("_B"):
                p = adapters.params[name]
                p[:, k * r:(k + 1) * r] = torch.randn((p.shape[0], r), generator=gen) * 0.3
    return adapters.requires_grad_(False).eval()


@pytest.fixture(scope="module")
def adapted(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    rt.adapters = _context_adapters(tiny_backbone)
    return rt


@pytest.fixture(scope="module")
def full(adapted):
    return outcomes(adapted, SCHEMA)


def test_the_context_adapter_changes_what_fields_read(tiny_backbone, full):
    base = outcomes(make_runtime(tiny_backbone), SCHEMA)
    assert base != full            # values, probabilities or even the items found


def test_repeats_fields_alone_and_fill_many_are_bitwise_equal(adapted, full):
    assert_contract_determinism(adapted, full)


def test_windows_read_through_the_context_adapter_deterministically(tiny_backbone, adapted):
    rt = make_runtime(tiny_backbone)
    rt.adapters = adapted.adapters
    rt.windowing = type(rt.windowing)(rt.windowing.max_context_tokens, 48, None)
    long_text = (TEXT + "\n") * 3
    schema = sub_schema(["dept", "order_id", "total"])
    first = rt.fill(long_text, compile_schema(schema), OPTIONS)
    assert rt.last_stats["windows"] > 1
    assert rt.fill(long_text, compile_schema(schema), OPTIONS) == first
    plain = make_runtime(tiny_backbone)
    plain.windowing = rt.windowing
    assert plain.fill(long_text, compile_schema(schema), OPTIONS) != first
