"""What a backbone family supplies to the shared trunk/fork machinery (`deg_model.backbone`).

Every supported base is a stack of **attention layers** (K/V per token, `State.kv[i]`) and
**state layers** (a fixed-size recurrent state plus a short conv tail, `State.lin[i]`). The
backbone owns sequencing, chunking, tiling, padding and the prefix-by-reference attention; a
family owns only the per-layer math, written as functions over explicit tensors:

per-token functions (called on fixed-shape token tiles `[n, H]`, so they must treat every
token row independently: no reduction across rows):
    embed(weights, ids [n]) -> [n, H]
    rotary(spec, weights, positions [n]) -> (cos [n, D], sin [n, D])
    attn_in(spec, weights, layer, h [n, H], cos, sin) -> q [n, Hq, D], k [n, Hkv, D], v [n, Hkv, D]
        (pre-attention norm, projections, per-head norms if any, rotary)
    attn_out(spec, weights, layer, h [n, H], attn [n, Hq * D]) -> h [n, H]
        (output projection + residual, then the feed-forward block + residual)
    final_norm(spec, weights, h [n, H]) -> [n, H]
    lm_logits(spec, weights, normed [n, H]) -> [n, vocab]

state layers (hybrid families only; a pure-attention family has none):
    state_layer(spec, weights, layer, h [rows, W, H], lengths [rows], state) -> (h, state)
        `state` is `(recurrent, conv_tail)` per row; positions at or past a row's length must
        leave the state untouched (exact no-ops), so right padding is invisible.
    state_shapes(spec, layer) -> (recurrent_shape, conv_tail_shape) of ONE row

`BackboneSpec` carries the sizes the backbone itself needs; a family subclasses it for its own
hyper-parameters. `layer_kinds[i]` is "attention" or "state".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import torch

ATTENTION = "attention"
STATE = "state"


@dataclass(frozen=True)
class BackboneSpec:
    family: str
    layer_kinds: tuple[str, ...]
    hidden_size: int
    num_heads: int
    num_kv_heads: int
    head_dim: int
    vocab_size: int
    max_positions: int          # positions the base was trained on; longer inputs are refused

    @property
    def attention_layers(self) -> tuple[int, ...]:
        return tuple(i for i, kind in enumerate(self.layer_kinds) if kind == ATTENTION)

    def kv_bytes_per_token(self, dtype: torch.dtype) -> int:
        item = torch.empty((), dtype=dtype).element_size()
        return len(self.attention_layers) * 2 * self.num_kv_heads * self.head_dim * item


Weights = dict[str, torch.Tensor]


class Family(Protocol):
    name: str

    def spec_from_config(self, config: dict[str, Any]) -> BackboneSpec: ...

    def prepare_weights(self, spec: BackboneSpec, state_dict: dict[str, torch.Tensor],
                        dtype: torch.dtype) -> Weights: ...

    def embed(self, weights: Weights, ids: torch.Tensor) -> torch.Tensor: ...

    def rotary(self, spec: BackboneSpec, weights: Weights, positions: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]: ...

    def attn_in(self, spec: BackboneSpec, weights: Weights, layer: int, h: torch.Tensor,
                cos: torch.Tensor, sin: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]: ...

    def attn_out(self, spec: BackboneSpec, weights: Weights, layer: int, h: torch.Tensor,
                 attn: torch.Tensor) -> torch.Tensor: ...

    def final_norm(self, spec: BackboneSpec, weights: Weights, h: torch.Tensor) -> torch.Tensor: ...

    def lm_logits(self, spec: BackboneSpec, weights: Weights, normed: torch.Tensor) -> torch.Tensor: ...
