"""Fixtures of the model library tests: tiny random llama models and the real SmolLM2 cache.

The real cache is built ONCE per test session into a temporary DEG_HOME (GGUF -> safetensors),
so the round trip is exercised on every run and the developer's own cache is never touched.
"""
from __future__ import annotations

import inspect

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


QWEN35_KERNEL_NAMES = ("torch_chunk_gated_delta_rule", "torch_recurrent_gated_delta_rule",
                       "causal_conv1d_fn", "causal_conv1d_update")


@pytest.fixture(scope="session")
def hf_torch_reference():
    """transformers binds Qwen3.5's delta-rule and conv functions to flash-linear-attention
    when that package is importable, and FLA's Triton kernels cannot run on a CPU. The parity
    reference must be transformers' own torch code, so the module globals are pointed back at
    the undecorated torch functions for the test session (and restored after)."""
    import transformers.models.qwen3_5.modeling_qwen3_5 as modeling

    saved = {name: getattr(modeling, name) for name in QWEN35_KERNEL_NAMES}
    for name, fn in saved.items():
        setattr(modeling, name, inspect.unwrap(fn))
    yield modeling
    for name, fn in saved.items():
        setattr(modeling, name, fn)


def tiny_qwen35(seed: int = 0, **overrides):
    """A tiny random Qwen3.5 text model: 3 Gated DeltaNet layers + 1 gated attention layer,
    GQA in both (4 value heads over 2 key heads; 4 query heads over 2 kv heads), partial RoPE."""
    from transformers import Qwen3_5ForCausalLM, Qwen3_5TextConfig

    torch.manual_seed(seed)
    cfg = dict(vocab_size=320, hidden_size=64, intermediate_size=96, num_hidden_layers=4,
               num_attention_heads=4, num_key_value_heads=2, head_dim=32, linear_key_head_dim=16,
               linear_value_head_dim=16, linear_num_key_heads=2, linear_num_value_heads=4,
               max_position_embeddings=1024, rms_norm_eps=1e-6)
    cfg.update(overrides)
    model = Qwen3_5ForCausalLM(Qwen3_5TextConfig(**cfg)).eval()
    # Random init leaves the zero-centred norm offsets at 0 and dt_bias at 1: perturb them so
    # a wrong (1 + w) or a dropped bias cannot pass unnoticed.
    with torch.no_grad():
        for name, param in model.named_parameters():
            if name.endswith("norm.weight") or name.endswith("dt_bias"):
                param.add_(0.1 * torch.randn_like(param))
    return model


@pytest.fixture(scope="session")
def make_tiny_qwen35(hf_torch_reference):
    return tiny_qwen35


def tiny_lfm2(seed: int = 0, **overrides):
    """A tiny random LFM2: short-conv layers around GQA attention layers (2 of 4)."""
    from transformers import Lfm2Config, Lfm2ForCausalLM

    torch.manual_seed(seed)
    cfg = dict(vocab_size=320, hidden_size=64, intermediate_size=96, num_hidden_layers=4,
               num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=1024,
               layer_types=["conv", "full_attention", "conv", "full_attention"], norm_eps=1e-5,
               block_multiple_of=16)
    cfg.update(overrides)
    model = Lfm2ForCausalLM(Lfm2Config(**cfg)).eval()
    with torch.no_grad():                      # norms init to ones: perturb so a dropped w shows
        for name, param in model.named_parameters():
            if "norm" in name:
                param.add_(0.1 * torch.randn_like(param))
    return model


@pytest.fixture(scope="session")
def make_tiny_lfm2():
    return tiny_lfm2
