"""The `lfm2` family (LiquidAI LFM2 / LFM2.5): gated short-conv + GQA attention (contract 12.8).

Mirrors `transformers`' `Lfm2ForCausalLM`. Every layer is `h += mixer(norm(h));
h += ffn(norm(h))` with plain RMSNorm (`w * norm(x)`, fp32 inside) and a SwiGLU feed-forward
(`w2(silu(w1 x) * w3 x)`, its width read from the weights, since the config's
`block_auto_adjust_ff_dim` rewrites it). The mixer is
- a **state layer** (`conv`): `B, C, x = in_proj(h)`, `y = C * conv(B * x)` (depthwise causal
  conv of `conv_L_cache` taps, no activation), `h += out_proj(y)`. It has no recurrent state
  (an empty `[0]` per row) and a tail of the last `L - 1` inputs `B * x` per row.
- an **attention layer** (`full_attention`): q/k/v projections, per-head RMSNorm on q and k,
  plain 1-D RoPE over the whole head dim, `out_proj`.
The final norm is the model's `embedding_norm` (applied after the last layer).
Only `rope_type == "default"` is supported; anything else is refused by name.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch
import torch.nn.functional as F

from ..errors import WeightsError
from ..kernels.conv import causal_conv
from ..kernels.tiles import linear
from .base import ATTENTION, STATE, BackboneSpec, Weights, rotate_half
from .llama import rms_norm

LAYER_KINDS = {"conv": STATE, "full_attention": ATTENTION}


@dataclass(frozen=True)
class Lfm2Spec(BackboneSpec):
    norm_eps: float = 1e-5
    rope_theta: float = 1000000.0
    conv_kernel: int = 3
    conv_bias: bool = False
    tie_word_embeddings: bool = True


class Lfm2Family:
    name = "lfm2"

    def spec_from_config(self, config: dict[str, Any]) -> Lfm2Spec:
        try:
            rope = dict(config.get("rope_parameters") or {})
            rope.setdefault("rope_theta", config.get("rope_theta", 1000000.0))
            if rope.get("rope_type", "default") != "default":
                raise WeightsError(f"lfm2 rope_type {rope.get('rope_type')!r} is not supported; supported: ('default',)")
            layers = int(config["num_hidden_layers"])
            types = list(config.get("layer_types") or [])
            if not types:
                full = set(config.get("full_attn_idxs") or range(layers))
                types = ["full_attention" if i in full else "conv" for i in range(layers)]
            if len(types) != layers:
                raise WeightsError(f"lfm2 config has {len(types)} layer_types for {layers} layers")
            unknown = sorted(set(types) - set(LAYER_KINDS))
            if unknown:
                raise WeightsError(f"lfm2 layer types {unknown} are not supported; supported: {sorted(LAYER_KINDS)}")
            hidden, heads = int(config["hidden_size"]), int(config["num_attention_heads"])
            spec = Lfm2Spec(
                family=self.name,
                layer_kinds=tuple(LAYER_KINDS[t] for t in types),
                hidden_size=hidden,
                num_heads=heads,
                num_kv_heads=int(config.get("num_key_value_heads") or heads),
                head_dim=int(config.get("head_dim") or hidden // heads),
                vocab_size=int(config["vocab_size"]),
                max_positions=int(config["max_position_embeddings"]),
                norm_eps=float(config.get("norm_eps", 1e-5)),
                rope_theta=float(rope["rope_theta"]),
                conv_kernel=int(config.get("conv_L_cache", 3)),
                conv_bias=bool(config.get("conv_bias", False)),
                tie_word_embeddings=bool(config.get("tie_word_embeddings", config.get("tie_embedding", True))),
            )
        except KeyError as exc:
            raise WeightsError(f"lfm2 config.json lacks {exc.args[0]!r}") from None
        if spec.num_heads % spec.num_kv_heads:
            raise WeightsError(f"num_attention_heads {spec.num_heads} is not a multiple of "
                               f"num_key_value_heads {spec.num_kv_heads}")
        return spec

    def prepare_weights(self, spec: Lfm2Spec, state_dict: dict[str, torch.Tensor],
                        dtype: torch.dtype) -> Weights:
        H, D = spec.hidden_size, spec.head_dim

        def take(name: str, shape: tuple[int, ...] | None) -> torch.Tensor:
            tensor = state_dict.get(name)
            if tensor is None:
                raise WeightsError(f"lfm2 checkpoint lacks tensor {name!r}")
            if shape is not None and tuple(tensor.shape) != shape:
                raise WeightsError(f"tensor {name!r} has shape {tuple(tensor.shape)}, expected {shape}")
            return tensor.to(dtype).contiguous()

        w: Weights = {"embed": take("model.embed_tokens.weight", (spec.vocab_size, H)),
                      "norm": take("model.embedding_norm.weight", (H,))}
        w["lm_head"] = w["embed"] if spec.tie_word_embeddings else take("lm_head.weight", (spec.vocab_size, H))
        for i, kind in enumerate(spec.layer_kinds):
            p = f"model.layers.{i}."
            w1 = take(p + "feed_forward.w1.weight", None)
            inter = w1.shape[0]
            if tuple(w1.shape) != (inter, H):
                raise WeightsError(f"tensor {p}feed_forward.w1.weight has shape {tuple(w1.shape)}, expected (*, {H})")
            w[f"{i}.op_norm"] = take(p + "operator_norm.weight", (H,))
            w[f"{i}.ffn_norm"] = take(p + "ffn_norm.weight", (H,))
            w[f"{i}.w13"] = torch.cat([w1, take(p + "feed_forward.w3.weight", (inter, H))])
            w[f"{i}.w2"] = take(p + "feed_forward.w2.weight", (H, inter))
            if kind == STATE:
                c = p + "conv."
                w[f"{i}.in_proj"] = take(c + "in_proj.weight", (3 * H, H))
                w[f"{i}.out_proj"] = take(c + "out_proj.weight", (H, H))
                w[f"{i}.conv"] = take(c + "conv.weight", (H, 1, spec.conv_kernel))[:, 0].t().contiguous()  # [L, H]
                if spec.conv_bias:
                    w[f"{i}.in_proj_bias"] = take(c + "in_proj.bias", (3 * H,))
                    w[f"{i}.out_proj_bias"] = take(c + "out_proj.bias", (H,))
                    w[f"{i}.conv_bias"] = take(c + "conv.bias", (H,))
                continue
            a = p + "self_attn."
            q_out, kv_out = spec.num_heads * D, spec.num_kv_heads * D
            w[f"{i}.qkv"] = torch.cat([take(a + "q_proj.weight", (q_out, H)),
                                       take(a + "k_proj.weight", (kv_out, H)),
                                       take(a + "v_proj.weight", (kv_out, H))])
            w[f"{i}.o"] = take(a + "out_proj.weight", (H, q_out))
            w[f"{i}.q_norm"] = take(a + "q_layernorm.weight", (D,))
            w[f"{i}.k_norm"] = take(a + "k_layernorm.weight", (D,))
        w["inv_freq"] = 1.0 / (spec.rope_theta ** (torch.arange(0, D, 2, dtype=torch.float) / D))   # [D/2]
        return w

    # ------------------------------------------------------------------ per-token functions
    def embed(self, weights: Weights, ids: torch.Tensor) -> torch.Tensor:
        return F.embedding(ids, weights["embed"])                            # [..., n, H]

    def rotary(self, spec: Lfm2Spec, weights: Weights, positions: torch.Tensor
               ) -> tuple[torch.Tensor, torch.Tensor]:
        freqs = positions[..., None].float() * weights["inv_freq"]          # [..., n, D/2]
        emb = torch.cat((freqs, freqs), dim=-1)                              # [..., n, D]
        dtype = weights["embed"].dtype
        return emb.cos().to(dtype), emb.sin().to(dtype)

    def attn_in(self, spec: Lfm2Spec, weights: Weights, layer: int, h: torch.Tensor,
                cos: torch.Tensor, sin: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        D, Hq, Hkv = spec.head_dim, spec.num_heads, spec.num_kv_heads
        x = rms_norm(h, weights[f"{layer}.op_norm"], spec.norm_eps)
        qkv = linear(x, weights[f"{layer}.qkv"])
        q = rms_norm(qkv[..., :Hq * D].unflatten(-1, (Hq, D)), weights[f"{layer}.q_norm"], spec.norm_eps)
        k = rms_norm(qkv[..., Hq * D:(Hq + Hkv) * D].unflatten(-1, (Hkv, D)), weights[f"{layer}.k_norm"],
                     spec.norm_eps)
        v = qkv[..., (Hq + Hkv) * D:].unflatten(-1, (Hkv, D))
        c, s = cos.unsqueeze(-2), sin.unsqueeze(-2)
        return q * c + rotate_half(q) * s, k * c + rotate_half(k) * s, v.contiguous()

    def attn_out(self, spec: Lfm2Spec, weights: Weights, layer: int, h: torch.Tensor,
                 attn: torch.Tensor) -> torch.Tensor:
        return self._ffn(spec, weights, layer, h + linear(attn, weights[f"{layer}.o"]))

    def _ffn(self, spec: Lfm2Spec, weights: Weights, layer: int, h: torch.Tensor) -> torch.Tensor:
        x = rms_norm(h, weights[f"{layer}.ffn_norm"], spec.norm_eps)
        gate, up = linear(x, weights[f"{layer}.w13"]).chunk(2, dim=-1)
        return h + linear(F.silu(gate) * up, weights[f"{layer}.w2"])

    def final_norm(self, spec: Lfm2Spec, weights: Weights, h: torch.Tensor) -> torch.Tensor:
        return rms_norm(h, weights["norm"], spec.norm_eps)

    def lm_logits(self, spec: Lfm2Spec, weights: Weights, normed: torch.Tensor) -> torch.Tensor:
        return linear(normed, weights["lm_head"])                            # [..., n, vocab]

    # ------------------------------------------------------------------ state layers
    def state_shapes(self, spec: Lfm2Spec, layer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return (0,), (spec.conv_kernel - 1, spec.hidden_size)

    def state_in(self, spec: Lfm2Spec, weights: Weights, layer: int, h: torch.Tensor) -> torch.Tensor:
        """Per-token features `[..., n, 3H]`: B | C | x."""
        x = rms_norm(h, weights[f"{layer}.op_norm"], spec.norm_eps)
        return linear(x, weights[f"{layer}.in_proj"], weights.get(f"{layer}.in_proj_bias"))

    def state_mix(self, spec: Lfm2Spec, weights: Weights, layer: int, x: torch.Tensor,
                  valid: torch.Tensor, rec: torch.Tensor, tail: torch.Tensor, *, chunked: bool
                  ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """x [R, W, 3H]; tail [R, L-1, H] (previous inputs B*x). Returns (y [R, W, H], rec, tail).
        The conv is the same per-element loop for prefill and forks (`chunked` changes nothing)."""
        B, C, xs = x.chunk(3, dim=-1)
        conv, tail = causal_conv(B * xs, tail, weights[f"{layer}.conv"], valid, weights.get(f"{layer}.conv_bias"))
        return C * conv, rec, tail

    def state_out(self, spec: Lfm2Spec, weights: Weights, layer: int, h: torch.Tensor,
                  y: torch.Tensor) -> torch.Tensor:
        h = h + linear(y, weights[f"{layer}.out_proj"], weights.get(f"{layer}.out_proj_bias"))
        return self._ffn(spec, weights, layer, h)


LFM2 = Lfm2Family()
