"""The `llama` family (SmolLM2, Llama 2/3): pre-norm decoder of GQA attention + SwiGLU MLP.

Functional layers over explicit tensors, weights read from a state dict in Hugging Face naming
(`model.layers.{i}.self_attn.q_proj.weight`, ...). A pure-attention family: every layer is an
attention layer, there are no state layers. The math mirrors `transformers`' LlamaForCausalLM
(RMSNorm in fp32, rotate-half RoPE with fp32 angles, scale 1/sqrt(head_dim)).

Projections that share an input are fused once at load (q|k|v, gate|up): one GEMM instead of
three or two, and the same fused weight on every call site. Every per-token function takes
`h [..., n, H]`: a trunk chunk `[C, H]`, or the fork path's fixed-shape tiles
`[tiles, FORK_GRID, H]`, for which `kernels.tiles.linear` runs one batched GEMM with the same
problem shape per tile (batch-invariant by construction).

LoRA: `attn_in` / `attn_out` take an optional `lora(layer, proj, x)` callable whose delta is
added to a fused projection's output (qkv before the split and rotary, o, gate_up before the
chunk, down); without one the layer runs exactly the base ops.

RoPE variants: `default`, `linear` and `llama3` (Llama 3.1 frequency smoothing). Any other
`rope_type` is refused with an error naming it, rather than silently computed wrong.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

import torch
import torch.nn.functional as F

from ..errors import WeightsError
from ..kernels.tiles import linear
from .base import ATTENTION, BackboneSpec, Weights, rotate_half

SUPPORTED_ROPE = ("default", "linear", "llama3")

# An optional low-rank update of the fused projections (`deg_model.lora`):
# lora(layer, proj, x) -> delta [..., out] to add to that projection's output, or None.
Lora = Callable[[int, str, torch.Tensor], "torch.Tensor | None"]


def _adapted(y: torch.Tensor, lora: Lora | None, layer: int, proj: str, x: torch.Tensor) -> torch.Tensor:
    """A projection's output `y` plus its adapter delta (of input `x`), when there is one."""
    if lora is None:
        return y
    delta = lora(layer, proj, x)
    return y if delta is None else y + delta


@dataclass(frozen=True)
class LlamaSpec(BackboneSpec):
    intermediate_size: int = 0
    rms_norm_eps: float = 1e-5
    rope_theta: float = 10000.0
    rope: tuple[tuple[str, Any], ...] = ()     # the rope parameters, as sorted (key, value) pairs
    tie_word_embeddings: bool = True
    attention_bias: bool = False
    mlp_bias: bool = False


def _rope_parameters(config: dict[str, Any]) -> dict[str, Any]:
    """transformers 5 writes `rope_parameters`; older snapshots `rope_theta` + `rope_scaling`."""
    params = dict(config.get("rope_parameters") or {})
    scaling = config.get("rope_scaling") or {}
    for key, value in scaling.items():
        params.setdefault("rope_type" if key == "type" else key, value)
    params.setdefault("rope_theta", config.get("rope_theta", 10000.0))
    params.setdefault("rope_type", "default")
    return params


def _inv_freq(spec: LlamaSpec) -> torch.Tensor:
    params = dict(spec.rope)
    dim = spec.head_dim
    inv = 1.0 / (spec.rope_theta ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))  # [D/2]
    kind = params["rope_type"]
    if kind == "linear":
        return inv / float(params["factor"])
    if kind == "llama3":
        factor = float(params["factor"])
        low, high = float(params["low_freq_factor"]), float(params["high_freq_factor"])
        old_len = float(params["original_max_position_embeddings"])
        low_wavelen, high_wavelen = old_len / low, old_len / high
        wavelen = 2 * math.pi / inv
        scaled = torch.where(wavelen > low_wavelen, inv / factor, inv)
        smooth = (old_len / wavelen - low) / (high - low)
        smoothed = (1 - smooth) * scaled / factor + smooth * scaled
        medium = ~(wavelen < high_wavelen) * ~(wavelen > low_wavelen)
        return torch.where(medium, smoothed, scaled)
    return inv


def rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """Per-row RMSNorm, computed in fp32 like the reference implementation (fp64 stays fp64,
    so an fp64 backbone is fp64 end to end, as gradient checks need)."""
    xf = x.to(torch.promote_types(x.dtype, torch.float32))
    xf = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps)
    return weight * xf.to(x.dtype)


class LlamaFamily:
    name = "llama"

    def spec_from_config(self, config: dict[str, Any]) -> LlamaSpec:
        try:
            hidden = int(config["hidden_size"])
            heads = int(config["num_attention_heads"])
            layers = int(config["num_hidden_layers"])
            rope = _rope_parameters(config)
            spec = LlamaSpec(
                family=self.name,
                layer_kinds=(ATTENTION,) * layers,
                hidden_size=hidden,
                num_heads=heads,
                num_kv_heads=int(config.get("num_key_value_heads") or heads),
                head_dim=int(config.get("head_dim") or hidden // heads),
                vocab_size=int(config["vocab_size"]),
                max_positions=int(config["max_position_embeddings"]),
                intermediate_size=int(config["intermediate_size"]),
                rms_norm_eps=float(config.get("rms_norm_eps", 1e-6)),
                rope_theta=float(rope["rope_theta"]),
                rope=tuple(sorted(rope.items())),
                tie_word_embeddings=bool(config.get("tie_word_embeddings", False)),
                attention_bias=bool(config.get("attention_bias", False)),
                mlp_bias=bool(config.get("mlp_bias", False)),
            )
        except KeyError as exc:
            raise WeightsError(f"llama config.json lacks {exc.args[0]!r}") from None
        if rope["rope_type"] not in SUPPORTED_ROPE:
            raise WeightsError(
                f"llama rope_type {rope['rope_type']!r} is not supported; supported: {SUPPORTED_ROPE}"
            )
        if spec.num_heads % spec.num_kv_heads:
            raise WeightsError(
                f"num_attention_heads {spec.num_heads} is not a multiple of num_key_value_heads {spec.num_kv_heads}"
            )
        return spec

    def prepare_weights(self, spec: LlamaSpec, state_dict: dict[str, torch.Tensor],
                        dtype: torch.dtype) -> Weights:
        H, D = spec.hidden_size, spec.head_dim

        def take(name: str, shape: tuple[int, ...]) -> torch.Tensor:
            tensor = state_dict.get(name)
            if tensor is None:
                raise WeightsError(f"llama checkpoint lacks tensor {name!r}")
            if tuple(tensor.shape) != shape:
                raise WeightsError(f"tensor {name!r} has shape {tuple(tensor.shape)}, expected {shape}")
            return tensor.to(dtype).contiguous()

        q_out, kv_out, inter = spec.num_heads * D, spec.num_kv_heads * D, spec.intermediate_size
        w: Weights = {"embed": take("model.embed_tokens.weight", (spec.vocab_size, H)),
                      "norm": take("model.norm.weight", (H,))}
        if spec.tie_word_embeddings:
            w["lm_head"] = w["embed"]
        else:
            w["lm_head"] = take("lm_head.weight", (spec.vocab_size, H))
        for i in range(len(spec.layer_kinds)):
            p = f"model.layers.{i}."
            w[f"{i}.attn_norm"] = take(p + "input_layernorm.weight", (H,))
            w[f"{i}.mlp_norm"] = take(p + "post_attention_layernorm.weight", (H,))
            w[f"{i}.qkv"] = torch.cat([take(p + "self_attn.q_proj.weight", (q_out, H)),
                                       take(p + "self_attn.k_proj.weight", (kv_out, H)),
                                       take(p + "self_attn.v_proj.weight", (kv_out, H))])
            w[f"{i}.o"] = take(p + "self_attn.o_proj.weight", (H, q_out))
            w[f"{i}.gate_up"] = torch.cat([take(p + "mlp.gate_proj.weight", (inter, H)),
                                           take(p + "mlp.up_proj.weight", (inter, H))])
            w[f"{i}.down"] = take(p + "mlp.down_proj.weight", (H, inter))
            if spec.attention_bias:
                w[f"{i}.qkv_bias"] = torch.cat([take(p + "self_attn.q_proj.bias", (q_out,)),
                                                take(p + "self_attn.k_proj.bias", (kv_out,)),
                                                take(p + "self_attn.v_proj.bias", (kv_out,))])
                w[f"{i}.o_bias"] = take(p + "self_attn.o_proj.bias", (H,))
            if spec.mlp_bias:
                w[f"{i}.gate_up_bias"] = torch.cat([take(p + "mlp.gate_proj.bias", (inter,)),
                                                    take(p + "mlp.up_proj.bias", (inter,))])
                w[f"{i}.down_bias"] = take(p + "mlp.down_proj.bias", (H,))
        w["inv_freq"] = _inv_freq(spec)  # [D/2] fp32
        return w

    def embed(self, weights: Weights, ids: torch.Tensor) -> torch.Tensor:
        return F.embedding(ids, weights["embed"])  # [n, H]

    def rotary(self, spec: LlamaSpec, weights: Weights, positions: torch.Tensor
               ) -> tuple[torch.Tensor, torch.Tensor]:
        freqs = positions[..., None].float() * weights["inv_freq"]          # [..., n, D/2]
        emb = torch.cat((freqs, freqs), dim=-1)                              # [..., n, D]
        dtype = weights["embed"].dtype
        return emb.cos().to(dtype), emb.sin().to(dtype)

    def attn_in(self, spec: LlamaSpec, weights: Weights, layer: int, h: torch.Tensor,
                cos: torch.Tensor, sin: torch.Tensor, lora: Lora | None = None
                ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        D = spec.head_dim
        x = rms_norm(h, weights[f"{layer}.attn_norm"], spec.rms_norm_eps)
        qkv = _adapted(linear(x, weights[f"{layer}.qkv"], weights.get(f"{layer}.qkv_bias")), lora, layer, "qkv", x)
        q_out, kv_out = spec.num_heads * D, spec.num_kv_heads * D
        q = qkv[..., :q_out].unflatten(-1, (spec.num_heads, D))                     # [..., n, Hq, D]
        k = qkv[..., q_out:q_out + kv_out].unflatten(-1, (spec.num_kv_heads, D))    # [..., n, Hkv, D]
        v = qkv[..., q_out + kv_out:].unflatten(-1, (spec.num_kv_heads, D))         # [..., n, Hkv, D]
        c, s = cos.unsqueeze(-2), sin.unsqueeze(-2)
        q = q * c + rotate_half(q) * s
        k = k * c + rotate_half(k) * s
        return q, k, v.contiguous()

    def attn_out(self, spec: LlamaSpec, weights: Weights, layer: int, h: torch.Tensor,
                 attn: torch.Tensor, lora: Lora | None = None) -> torch.Tensor:
        h = h + _adapted(linear(attn, weights[f"{layer}.o"], weights.get(f"{layer}.o_bias")), lora, layer, "o", attn)
        x = rms_norm(h, weights[f"{layer}.mlp_norm"], spec.rms_norm_eps)
        gate_up = _adapted(linear(x, weights[f"{layer}.gate_up"], weights.get(f"{layer}.gate_up_bias")),
                           lora, layer, "gate_up", x)
        gate, up = gate_up.chunk(2, dim=-1)
        act = F.silu(gate) * up
        return h + _adapted(linear(act, weights[f"{layer}.down"], weights.get(f"{layer}.down_bias")),
                            lora, layer, "down", act)

    def final_norm(self, spec: LlamaSpec, weights: Weights, h: torch.Tensor) -> torch.Tensor:
        return rms_norm(h, weights["norm"], spec.rms_norm_eps)

    def lm_logits(self, spec: LlamaSpec, weights: Weights, normed: torch.Tensor) -> torch.Tensor:
        return linear(normed, weights["lm_head"])  # [..., n, vocab]


LLAMA = LlamaFamily()
