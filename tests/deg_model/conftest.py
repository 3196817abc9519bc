"""Fixtures of the model library tests: tiny random llama models and the real SmolLM2 cache.

The real cache is built ONCE per test session into a temporary DEG_HOME (GGUF -> safetensors),
so the round trip is exercised on every run and the developer's own cache is never touched.
"""
from __future__ import annotations

import pytest
import torch
from transformers import LlamaConfig, LlamaForCausalLM

from deg_model.backbone import Backbone
from deg_model.loading import load_backbone
from deg_model.settings import ModelSettings


def tiny_llama(seed: int = 0, *, vocab_size: int = 320, rope_parameters=None, **overrides) -> LlamaForCausalLM:
    torch.manual_seed(seed)
    cfg = dict(vocab_size=vocab_size, hidden_size=64, intermediate_size=96, num_hidden_layers=2,
               num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=1024,
               rms_norm_eps=1e-5)
    cfg.update(overrides)
    if rope_parameters is not None:
        cfg["rope_parameters"] = rope_parameters
    return LlamaForCausalLM(LlamaConfig(**cfg)).eval()


@pytest.fixture(scope="session")
def make_tiny():
    return tiny_llama


@pytest.fixture(scope="session")
def smollm2_settings(tmp_path_factory) -> ModelSettings:
    return ModelSettings(deg_home=tmp_path_factory.mktemp("deg_home"))


@pytest.fixture(scope="session")
def smollm2(smollm2_settings) -> Backbone:
    return load_backbone(settings=smollm2_settings)


@pytest.fixture(scope="session")
def tiny_pair():
    """A tiny random llama with the real SmolLM2 vocabulary size, and our backbone over it."""
    model = tiny_llama(1, vocab_size=49152)
    return model, Backbone.from_hf_model(model, dense_prefill_max=64, prefill_chunk=32)
