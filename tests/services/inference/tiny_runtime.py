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

`load_tiny_held_runtime` (cancellation tests) is the same runtime reading contexts in windows
of `HELD_WINDOW_TOKENS` tokens, so a long context is many windows; a job whose context holds
`#hold=<path>` writes `<path>` once its first window is read and then waits there (inside its
progress report, on the runtime's thread) until the job is cancelled, so a test can make its
client go away while the job is known to run, without racing it.
"""
from __future__ import annotations

import dataclasses
import re
import time
from pathlib import Path
from typing import Any

import torch
from transformers import AutoTokenizer, LlamaConfig, LlamaForCausalLM

from deg_model.backbone import Backbone
from deg_model.checkpoint import CheckpointConfig, fresh_heads
from deg_model.loading import build_embedded_cache, embedded_cache_dir
from deg_model.runtime import Runtime
from deg_model.runtime.windows import Windowing
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


HELD_WINDOW_TOKENS = 64
HOLD = re.compile(r"#hold=(\S+)")
HOLD_LIMIT_S = 120.0      # a hang guard: a job nobody cancels goes on after this


class HeldRuntime:
    """The tiny runtime with the `#hold=<path>` marker (module docstring)."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime

    def __getattr__(self, name: str) -> Any:
        return getattr(self.runtime, name)

    def fill_many(self, jobs):
        return self.runtime.fill_many([_held(job) for job in jobs])


def _held(job):
    marker = HOLD.search(job.context)
    if marker is None or job.cancelled is None:
        return job
    path, report, held = Path(marker.group(1)), job.progress, False

    def progress(p) -> None:
        nonlocal held
        if report is not None:
            report(p)
        if held or p.tokens_read == 0:
            return
        held = True
        path.write_text(str(p.tokens_read))
        limit = time.monotonic() + HOLD_LIMIT_S
        while not job.cancelled() and time.monotonic() < limit:
            time.sleep(0.01)

    return dataclasses.replace(job, progress=progress)


def load_tiny_held_runtime(settings: Any = None) -> HeldRuntime:
    runtime = load_tiny_runtime(settings)
    runtime.windowing = Windowing(runtime.windowing.max_context_tokens, HELD_WINDOW_TOKENS, None)
    return HeldRuntime(runtime)
