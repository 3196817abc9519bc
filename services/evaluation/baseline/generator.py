"""The constrained-decoding baseline of contract section 11: the whole JSON object, greedy,
under a grammar derived from the JSON Schema.

The same base model deg starts from (the embedded SmolLM2: the `transformers` causal LM read
from the dequantized safetensors cache of its GGUF, so the very same weights) writes the
complete JSON value token by token. XGrammar compiles the schema to a grammar over the
model's vocabulary and masks every token that would leave it (`xgrammar.contrib.hf`
logits processor inside `transformers`' own `generate`), so any output that finishes is
valid JSON of the schema's shape; one that runs out of budget is cut and is invalid.

The prompt is the same information deg reads: the context and the schema, in the model's
own chat layout (`BASELINE_SYSTEM` + `CONTEXT:` + `JSON SCHEMA:` in the user turn).

Stated choices:
- `any_whitespace=False`: the grammar allows only compact JSON, so the baseline spends no
  tokens on indentation (the fairest token count for it);
- the grammar is strict about `additionalProperties` (XGrammar's default
  `strict_mode=True`), so no undeclared key can be written;
- validity is checked afterwards with `jsonschema` and deg's own format checker, because a
  grammar does not enforce every keyword (formats, `uniqueItems`, numeric bounds);
- latency is end to end with the model already loaded: tokenization, grammar compilation,
  generation and JSON parsing.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import torch

from deg.parsers.formats import FORMAT_CHECKER
from deg_model.loading import build_embedded_cache, embedded_cache_dir

BASELINE_SYSTEM = ("Read the context, then fill the JSON schema from it. "
                   "Answer with one JSON object that follows the schema.")
DEFAULT_MAX_NEW_TOKENS = 512


class BaselineError(RuntimeError):
    """The baseline cannot run (missing library, unusable schema or model); names the cause."""


@dataclass(frozen=True)
class BaselineFill:
    """One baseline answer: the parsed value (None when cut or unparsable) and its costs."""
    value: Any
    text: str
    valid: bool
    error: str | None
    prompt_tokens: int
    generated_tokens: int
    hit_budget: bool
    latency_s: float
    token_ids: tuple[int, ...] = field(repr=False, default=())


def _xgrammar():
    try:
        import xgrammar
        from xgrammar.contrib import hf  # noqa: F401 - the transformers integration
    except ImportError as error:
        raise BaselineError(
            "the baseline needs XGrammar: `pip install --no-deps xgrammar==0.2.8 apache-tvm-ffi` "
            f"(its CUDA extras are not needed on the CPU): {error}") from None
    return xgrammar


class GrammarBaseline:
    """A causal LM + tokenizer + XGrammar compiler; `fill(context, schema)` -> BaselineFill."""

    def __init__(self, model: Any, tokenizer: Any, *, max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS):
        if max_new_tokens < 1:
            raise ValueError(f"max_new_tokens must be >= 1, got {max_new_tokens}")
        xgr = _xgrammar()
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.max_new_tokens = max_new_tokens
        vocab_size = int(model.config.vocab_size)
        info = xgr.TokenizerInfo.from_huggingface(tokenizer, vocab_size=vocab_size)
        self._compiler = xgr.GrammarCompiler(info)
        self._stop_ids = sorted(set(info.stop_token_ids))
        if not self._stop_ids:
            raise BaselineError("the tokenizer declares no stop token: generation could never end")

    @classmethod
    def from_directory(cls, directory: str | Path, **kwargs: Any) -> "GrammarBaseline":
        """The model of a local HF snapshot directory (e.g. the embedded SmolLM2 cache)."""
        from transformers import AutoModelForCausalLM, AutoTokenizer

        directory = Path(directory)
        if not (directory / "config.json").is_file():
            raise BaselineError(f"{directory} is not a model directory (no config.json)")
        tokenizer = AutoTokenizer.from_pretrained(str(directory))
        model = AutoModelForCausalLM.from_pretrained(str(directory), dtype=torch.float32)
        return cls(model, tokenizer, **kwargs)

    @classmethod
    def embedded(cls, **kwargs: Any) -> "GrammarBaseline":
        """The embedded SmolLM2 from the same safetensors cache deg's backbone reads."""
        directory = embedded_cache_dir()
        if not all((directory / name).is_file() for name in ("config.json", "model.safetensors")):
            build_embedded_cache(directory)
        return cls.from_directory(directory, **kwargs)

    def prompt_ids(self, context: str, schema: dict[str, Any]) -> torch.Tensor:
        """[1, T] token ids of the chat prompt holding the context and the schema."""
        user = f"CONTEXT:\n{context}\n\nJSON SCHEMA:\n{json.dumps(schema, ensure_ascii=False)}"
        messages = [{"role": "system", "content": BASELINE_SYSTEM}, {"role": "user", "content": user}]
        encoded = self.tokenizer.apply_chat_template(messages, add_generation_prompt=True,
                                                     return_tensors="pt", return_dict=True)
        return encoded["input_ids"]

    @torch.inference_mode()
    def fill(self, context: str, schema: dict[str, Any], *, max_new_tokens: int | None = None) -> BaselineFill:
        """Greedy, grammar-constrained JSON for `schema` from `context` (a rendered string)."""
        if not isinstance(context, str):
            raise TypeError(f"context must be the rendered string, got {type(context).__name__}")
        budget = self.max_new_tokens if max_new_tokens is None else max_new_tokens
        xgr = _xgrammar()
        started = time.perf_counter()
        try:
            grammar = self._compiler.compile_json_schema(json.dumps(schema), any_whitespace=False)
        except Exception as error:  # noqa: BLE001 - XGrammar raises several types
            raise BaselineError(f"XGrammar cannot compile the schema: {error}") from None
        ids = self.prompt_ids(context, schema)                                  # [1, T]
        out = self.model.generate(
            ids, attention_mask=torch.ones_like(ids), do_sample=False, max_new_tokens=budget,
            logits_processor=[xgr.contrib.hf.LogitsProcessor(grammar)],
            eos_token_id=self._stop_ids, pad_token_id=self._stop_ids[0],
        )                                                                       # [1, T + n]
        generated = [int(t) for t in out[0, ids.shape[1]:]]
        ended = bool(generated) and generated[-1] in self._stop_ids
        text = self.tokenizer.decode(generated[:-1] if ended else generated, skip_special_tokens=True)
        value, error = parse_output(text, ended)
        if error is None:
            error = _schema_error(schema, value)
        latency = time.perf_counter() - started
        return BaselineFill(value=value, text=text,
                            valid=error is None, error=error, prompt_tokens=int(ids.shape[1]),
                            generated_tokens=len(generated), hit_budget=not ended,
                            latency_s=latency, token_ids=tuple(generated))


def parse_output(text: str, ended: bool) -> tuple[Any, str | None]:
    if not ended:
        return None, "token budget exhausted before the JSON object closed"
    try:
        return json.loads(text), None
    except ValueError as error:
        return None, f"output is not JSON: {error}"


def _schema_error(schema: dict[str, Any], value: Any) -> str | None:
    validator_cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    errors = sorted(validator_cls(schema, format_checker=FORMAT_CHECKER).iter_errors(value),
                    key=lambda e: list(map(str, e.absolute_path)))
    if not errors:
        return None
    first = errors[0]
    where = "/" + "/".join(map(str, first.absolute_path))
    return f"{where}: fails {first.validator!r}: {first.message}"
