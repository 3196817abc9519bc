"""What a backbone family supplies to the shared trunk/fork machinery (`deg_model.backbone`).

Every supported base is a stack of **attention layers** (K/V per token, `State.kv[i]`) and
**state layers** (a fixed-size recurrent state plus a short conv tail, `State.lin[i]`). The
backbone owns sequencing, chunking, tiling, padding and the prefix-by-reference attention; a
family owns only the per-layer math, written as functions over explicit tensors:

per-token functions (called on a trunk chunk `[n, H]` or on the fork path's fixed-shape token
tiles `[tiles, T, H]`; they must treat every token independently: no reduction across tokens,
and projections through `kernels.tiles.linear`, which keeps tiled GEMMs batch-invariant):
    embed(weights, ids [..., n]) -> [..., n, H]
    rotary(spec, weights, positions [..., n]) -> (cos [..., n, R], sin [..., n, R])
    attn_in(spec, weights, layer, h [..., n, H], cos, sin)
        -> q [..., n, Hq, D], k [..., n, Hkv, D], v [..., n, Hkv, D], *extra
        (pre-attention norm, projections, per-head norms if any, rotary); optional `extra`
        per-token tensors (Qwen3.5's output gate) are handed to attn_out unchanged
    attn_out(spec, weights, layer, h [..., n, H], attn [..., n, Hq * D], *extra) -> h
        (output projection + residual, then the feed-forward block + residual)
    final_norm(spec, weights, h [..., n, H]) -> [..., n, H]
    lm_logits(spec, weights, normed [..., n, H]) -> [..., n, vocab]

state layers (hybrid families only; a pure-attention family has none):
    state_shapes(spec, layer) -> (recurrent_shape, conv_tail_shape) of ONE row; the recurrent
        state is kept in fp32 (an empty `(0,)` for a conv-only layer)
    state_in(spec, weights, layer, h [..., n, H]) -> [..., n, F]   per-token (norm + projections)
    state_mix(spec, weights, layer, x [R, W, F], valid [R, W], recurrent [R, ...],
              conv_tail [R, ...], *, chunked) -> (y [R, W, Y], recurrent, conv_tail)
        the sequence mixing over R rows, each starting from its own state; positions with
        `valid == False` (right padding) must leave the state untouched (exact no-ops) and the
        conv tail is gathered at each row's real length. `chunked=True` (trunk prefill, every
        position valid) may use a chunked algorithm; forks and decoding step token by token.
    state_out(spec, weights, layer, h [..., n, H], y [..., n, Y]) -> h   (out proj + MLP)

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


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    """RoPE's half rotation `[-x2, x1]` over the last dim, shared by every family."""
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)
