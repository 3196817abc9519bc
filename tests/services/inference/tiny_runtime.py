"""The REAL fill runtime over tiny random weights, for service integration tests.

Selected with `DEG_RUNTIME_FACTORY=tiny_runtime:load_tiny_runtime` (this directory on
PYTHONPATH). Everything but the weights is the serving code: `deg_model.runtime.Runtime`,
the prompt layout, the real SmolLM2 tokenizer (read from the embedded backbone cache, which
`deg_model.loading` builds once from the GGUF when it is missing), the llama family's
trunk/fork path, the decoders, and heads from `deg_model.checkpoint.fresh_heads`. Only the
backbone is a seeded random `LlamaForCausalLM` (hidden 64, 2 layers, vocab 49152), so a
process starts in seconds and a fill takes milliseconds, yet answers are exactly as
reproducible as with the real model: same seed, same bytes.

The answers mean nothing (random weights, untrained heads); tests check what the service
promises regardless of quality: schema-valid values, batching without changing a single
byte, cache and compat routes agreeing with `/v1/fill`.

The process runs torch on one thread: fills are tiny, the test machines are shared, and one
thread keeps every reduction order fixed.
"""
from __future__ import annotations

from typing import Any

import torch
from transformers import AutoTokenizer, LlamaConfig, LlamaForCausalLM

from deg_model.backbone import Backbone
from deg_model.checkpoint import CheckpointConfig, fresh_heads
from deg_model.loading import build_embedded_cache, embedded_cache_dir
from deg_model.runtime import Runtime
from deg_model.settings import ModelSettings

TINY_MODEL_ID = "deg-tiny-random-0.1"
TINY_SEED = 1234
TINY_CONFIG = dict(
    vocab_size=49152,             # SmolLM2's vocabulary, so its tokenizer's ids are all valid
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    max_position_embeddings=8192,
    rms_norm_eps=1e-5,
    tie_word_embeddings=True,
)


def tiny_llama(seed: int = TINY_SEED) -> LlamaForCausalLM:
    """A seeded random tiny llama; the global RNG is left as it was."""
    rng_state = torch.random.get_rng_state()
    try:
        torch.manual_seed(seed)
        model = LlamaForCausalLM(LlamaConfig(**TINY_CONFIG))
    finally:
        torch.random.set_rng_state(rng_state)
    return model.float().eval()


def smollm2_tokenizer(settings: ModelSettings | None = None) -> Any:
    """The embedded SmolLM2 tokenizer (fast, with offsets), without loading its weights."""
    directory = embedded_cache_dir(settings)
    if not (directory / "tokenizer.json").is_file():
        build_embedded_cache(directory)
    tokenizer = AutoTokenizer.from_pretrained(str(directory))
    if not getattr(tokenizer, "is_fast", False):
        raise RuntimeError(f"{directory}: the SmolLM2 tokenizer must be a fast tokenizer (offsets)")
    return tokenizer


def load_tiny_runtime(settings: Any = None, *, seed: int = TINY_SEED) -> Runtime:
    """The runtime factory (`module:callable` called with the inference settings, unused here)."""
    torch.set_num_threads(1)
    backbone = Backbone.from_hf_model(tiny_llama(seed), smollm2_tokenizer())
    config = CheckpointConfig(model_id=TINY_MODEL_ID, backbone="tiny-random-llama",
                              hidden=backbone.spec.hidden_size, trained=False)
    return Runtime(backbone, fresh_heads(backbone.spec.hidden_size, seed), config)
