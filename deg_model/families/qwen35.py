"""The `qwen3.5` family: Gated DeltaNet + gated attention hybrid (contract 12.8).

Mirrors `transformers`' `Qwen3_5ForCausalLM` (text stack) as functional layers over explicit
state. Every decoder layer is `h += mixer(norm(h)); h += mlp(norm(h))`, where the mixer is
- a **state layer** (`linear_attention`, Gated DeltaNet): one fused projection gives the conv
  channels `q|k|v`, the output gate `z` and the per-head `b`, `a`; `q|k|v` go through a
  depthwise causal conv (kernel 4, no bias) + SiLU, whose last 3 inputs are the layer's conv
  tail; q and k are L2-normalized, value heads share key heads in groups; the gated delta
  rule (`kernels.delta_rule`) runs with `beta = sigmoid(b)` and
  `g = -exp(A_log) * softplus(a + dt_bias)`; its output is normalized per head by the gated
  RMSNorm (`w * norm(o) * silu(z)`) and projected out. State: recurrent `[Hv, Dk, Dv]` fp32 +
  conv tail `[3, 2*Hk*Dk + Hv*Dv]` per row.
- an **attention layer** (`full_attention`): q_proj yields per head `[query | gate]`; q and k
  get a per-head RMSNorm; RoPE rotates only the first `partial_rotary_factor * head_dim`
  dims; the attention output is multiplied by `sigmoid(gate)` before o_proj.
Norms are zero-centred: `norm(x) * (1 + w)` in fp32 (the stored weight is the offset).

Positions: Qwen3.5's rotary is multimodal (`mrope_section`), but for text all three position
rows are the same token index, and then the interleaved sections are exactly 1-D RoPE over the
rotary dims, which is what this family computes. Only `rope_type == "default"` is supported;
anything else is refused by name.

Checkpoints: a `Qwen3_5ForCausalLM` state dict (`model.layers...`, model_type `qwen3_5_text`)
or a full Qwen3.5 snapshot (model_type `qwen3_5`, text weights under
`model.language_model.`, config under `text_config`; the vision tower is ignored).

The conv is computed per element in a fixed tap order (no conv kernel), so it is
batch-invariant; padded fork positions never reach a row's state (see `kernels.delta_rule`)
and the conv tail is gathered at each row's real length. On the fork and decode path the
per-token activations of a state layer (conv SiLU, `beta`, `g`, the norm gate's SiLU) run
through `kernels.delta_rule.tokenwise`: a plain call over `[rows, 1, Hv]` rounds a decode row
differently alone than among others (torch's vectorized body vs its scalar tail).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch
import torch.nn.functional as F

from ..errors import WeightsError
from ..kernels import delta_rule_kernels
from ..kernels.conv import causal_conv
from ..kernels.delta_rule import tokenwise
from ..kernels.tiles import linear
from .base import ATTENTION, STATE, BackboneSpec, Weights, rotate_half

LAYER_KINDS = {"linear_attention": STATE, "full_attention": ATTENTION}


@dataclass(frozen=True)
class Qwen35Spec(BackboneSpec):
    intermediate_size: int = 0
    rms_norm_eps: float = 1e-6
    rope_theta: float = 10000.0
    rotary_dim: int = 0
    tie_word_embeddings: bool = False
    attention_bias: bool = False
    lin_k_heads: int = 0
    lin_v_heads: int = 0
    lin_k_dim: int = 0
    lin_v_dim: int = 0
    conv_kernel: int = 4

    @property
    def conv_channels(self) -> int:
        return 2 * self.lin_k_heads * self.lin_k_dim + self.lin_v_heads * self.lin_v_dim


def centred_rms_norm(x: torch.Tensor, one_plus_w: torch.Tensor, eps: float) -> torch.Tensor:
    """Qwen3.5's RMSNorm: `norm(x) * (1 + w)` in fp32, cast back (the weight stores the offset)."""
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps) * one_plus_w).type_as(x)


def _l2norm(x: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    return x * torch.rsqrt((x * x).sum(-1, keepdim=True) + eps)


def _whole(fn, x: torch.Tensor) -> torch.Tensor:
    """An activation over the whole tensor at once (the trunk's form of `tokenwise`)."""
    return fn(x)


class Qwen35Family:
    name = "qwen3.5"

    # ------------------------------------------------------------------ config and weights
    def spec_from_config(self, config: dict[str, Any]) -> Qwen35Spec:
        text = config.get("text_config") or config
        try:
            rope = dict(text.get("rope_parameters") or {})
            rope.setdefault("rope_theta", text.get("rope_theta", 10000.0))
            rope_type = rope.get("rope_type", "default")
            if rope_type != "default":
                raise WeightsError(f"qwen3.5 rope_type {rope_type!r} is not supported; supported: ('default',)")
            layers = int(text["num_hidden_layers"])
            types = list(text.get("layer_types") or [])
            if len(types) != layers:
                raise WeightsError(f"qwen3.5 config has {len(types)} layer_types for {layers} layers")
            unknown = sorted(set(types) - set(LAYER_KINDS))
            if unknown:
                raise WeightsError(f"qwen3.5 layer types {unknown} are not supported; supported: {sorted(LAYER_KINDS)}")
            heads = int(text["num_attention_heads"])
            head_dim = int(text.get("head_dim") or int(text["hidden_size"]) // heads)
            rotary = int(head_dim * float(rope.get("partial_rotary_factor", 1.0)))
            spec = Qwen35Spec(
                family=self.name,
                layer_kinds=tuple(LAYER_KINDS[t] for t in types),
                hidden_size=int(text["hidden_size"]),
                num_heads=heads,
                num_kv_heads=int(text.get("num_key_value_heads") or heads),
                head_dim=head_dim,
                vocab_size=int(text["vocab_size"]),
                max_positions=int(text["max_position_embeddings"]),
                intermediate_size=int(text["intermediate_size"]),
                rms_norm_eps=float(text.get("rms_norm_eps", 1e-6)),
                rope_theta=float(rope["rope_theta"]),
                rotary_dim=rotary,
                tie_word_embeddings=bool(config.get("tie_word_embeddings", text.get("tie_word_embeddings", False))),
                attention_bias=bool(text.get("attention_bias", False)),
                lin_k_heads=int(text["linear_num_key_heads"]),
                lin_v_heads=int(text["linear_num_value_heads"]),
                lin_k_dim=int(text["linear_key_head_dim"]),
                lin_v_dim=int(text["linear_value_head_dim"]),
                conv_kernel=int(text.get("linear_conv_kernel_dim", 4)),
            )
        except KeyError as exc:
            raise WeightsError(f"qwen3.5 config.json lacks {exc.args[0]!r}") from None
        if spec.num_heads % spec.num_kv_heads or spec.lin_v_heads % spec.lin_k_heads:
            raise WeightsError("qwen3.5 head counts must divide: attention heads by kv heads, "
                               "linear value heads by linear key heads")
        if rotary % 2 or rotary > head_dim:
            raise WeightsError(f"qwen3.5 rotary dim {rotary} must be even and <= head_dim {head_dim}")
        if text.get("hidden_act", "silu") != "silu":
            raise WeightsError(f"qwen3.5 hidden_act {text.get('hidden_act')!r} is not supported; supported: silu")
        return spec

    def prepare_weights(self, spec: Qwen35Spec, state_dict: dict[str, torch.Tensor],
                        dtype: torch.dtype) -> Weights:
        root = "model.language_model." if "model.language_model.embed_tokens.weight" in state_dict else "model."
        H, D = spec.hidden_size, spec.head_dim

        def take(name: str, shape: tuple[int, ...], to: torch.dtype = dtype) -> torch.Tensor:
            tensor = state_dict.get(name)
            if tensor is None:
                raise WeightsError(f"qwen3.5 checkpoint lacks tensor {name!r}")
            if tuple(tensor.shape) != shape:
                raise WeightsError(f"tensor {name!r} has shape {tuple(tensor.shape)}, expected {shape}")
            return tensor.to(to).contiguous()

        def offset_norm(name: str, size: int) -> torch.Tensor:
            return 1.0 + take(name, (size,), torch.float32)                  # fp32 (1 + w)

        inter, Vd = spec.intermediate_size, spec.lin_v_heads * spec.lin_v_dim
        Hv, Cc, K = spec.lin_v_heads, spec.conv_channels, spec.conv_kernel
        w: Weights = {"embed": take(root + "embed_tokens.weight", (spec.vocab_size, H)),
                      "norm": offset_norm(root + "norm.weight", H)}
        w["lm_head"] = w["embed"] if spec.tie_word_embeddings else take("lm_head.weight", (spec.vocab_size, H))
        for i, kind in enumerate(spec.layer_kinds):
            p = f"{root}layers.{i}."
            w[f"{i}.in_norm"] = offset_norm(p + "input_layernorm.weight", H)
            w[f"{i}.mlp_norm"] = offset_norm(p + "post_attention_layernorm.weight", H)
            w[f"{i}.gate_up"] = torch.cat([take(p + "mlp.gate_proj.weight", (inter, H)),
                                           take(p + "mlp.up_proj.weight", (inter, H))])
            w[f"{i}.down"] = take(p + "mlp.down_proj.weight", (H, inter))
            if kind == STATE:
                a = p + "linear_attn."
                w[f"{i}.in_proj"] = torch.cat([take(a + "in_proj_qkv.weight", (Cc, H)),
                                               take(a + "in_proj_z.weight", (Vd, H)),
                                               take(a + "in_proj_b.weight", (Hv, H)),
                                               take(a + "in_proj_a.weight", (Hv, H))])
                w[f"{i}.conv"] = take(a + "conv1d.weight", (Cc, 1, K))[:, 0].t().contiguous()   # [K, Cc]
                w[f"{i}.dt_bias"] = take(a + "dt_bias", (Hv,), torch.float32)
                w[f"{i}.neg_A"] = -take(a + "A_log", (Hv,), torch.float32).exp()
                w[f"{i}.gated_norm"] = take(a + "norm.weight", (spec.lin_v_dim,))
                w[f"{i}.out_proj"] = take(a + "out_proj.weight", (H, Vd))
                continue
            a = p + "self_attn."
            q_out, kv_out = spec.num_heads * D, spec.num_kv_heads * D
            w[f"{i}.qkv"] = torch.cat([take(a + "q_proj.weight", (2 * q_out, H)),
                                       take(a + "k_proj.weight", (kv_out, H)),
                                       take(a + "v_proj.weight", (kv_out, H))])
            if spec.attention_bias:
                w[f"{i}.qkv_bias"] = torch.cat([take(a + "q_proj.bias", (2 * q_out,)),
                                                take(a + "k_proj.bias", (kv_out,)),
                                                take(a + "v_proj.bias", (kv_out,))])
                w[f"{i}.o_bias"] = take(a + "o_proj.bias", (H,))
            w[f"{i}.o"] = take(a + "o_proj.weight", (H, q_out))
            w[f"{i}.q_norm"] = offset_norm(a + "q_norm.weight", D)
            w[f"{i}.k_norm"] = offset_norm(a + "k_norm.weight", D)
        rd = spec.rotary_dim
        w["inv_freq"] = 1.0 / (spec.rope_theta ** (torch.arange(0, rd, 2, dtype=torch.float) / rd))  # [rd/2]
        return w

    # ------------------------------------------------------------------ per-token functions
    def embed(self, weights: Weights, ids: torch.Tensor) -> torch.Tensor:
        return F.embedding(ids, weights["embed"])                            # [..., n, H]

    def rotary(self, spec: Qwen35Spec, weights: Weights, positions: torch.Tensor
               ) -> tuple[torch.Tensor, torch.Tensor]:
        freqs = positions[..., None].float() * weights["inv_freq"]          # [..., n, rd/2]
        emb = torch.cat((freqs, freqs), dim=-1)                              # [..., n, rd]
        dtype = weights["embed"].dtype
        return emb.cos().to(dtype), emb.sin().to(dtype)

    def attn_in(self, spec: Qwen35Spec, weights: Weights, layer: int, h: torch.Tensor,
                cos: torch.Tensor, sin: torch.Tensor
                ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """-> q [..., n, Hq, D], k, v [..., n, Hkv, D], gate [..., n, Hq * D] (for attn_out)."""
        D, Hq, Hkv = spec.head_dim, spec.num_heads, spec.num_kv_heads
        x = centred_rms_norm(h, weights[f"{layer}.in_norm"], spec.rms_norm_eps)
        qkv = linear(x, weights[f"{layer}.qkv"], weights.get(f"{layer}.qkv_bias"))
        qg = qkv[..., :2 * Hq * D].unflatten(-1, (Hq, 2 * D))                 # [..., n, Hq, 2D]
        q, gate = qg[..., :D], qg[..., D:].flatten(-2)
        k = qkv[..., 2 * Hq * D:(2 * Hq + Hkv) * D].unflatten(-1, (Hkv, D))
        v = qkv[..., (2 * Hq + Hkv) * D:].unflatten(-1, (Hkv, D))
        q = centred_rms_norm(q, weights[f"{layer}.q_norm"], spec.rms_norm_eps)
        k = centred_rms_norm(k, weights[f"{layer}.k_norm"], spec.rms_norm_eps)
        c, s, rd = cos.unsqueeze(-2), sin.unsqueeze(-2), spec.rotary_dim
        q = torch.cat([q[..., :rd] * c + rotate_half(q[..., :rd]) * s, q[..., rd:]], dim=-1)
        k = torch.cat([k[..., :rd] * c + rotate_half(k[..., :rd]) * s, k[..., rd:]], dim=-1)
        return q, k, v.contiguous(), gate.contiguous()

    def attn_out(self, spec: Qwen35Spec, weights: Weights, layer: int, h: torch.Tensor,
                 attn: torch.Tensor, gate: torch.Tensor) -> torch.Tensor:
        h = h + linear(attn * torch.sigmoid(gate), weights[f"{layer}.o"], weights.get(f"{layer}.o_bias"))
        return self._mlp(spec, weights, layer, h)

    def _mlp(self, spec: Qwen35Spec, weights: Weights, layer: int, h: torch.Tensor) -> torch.Tensor:
        x = centred_rms_norm(h, weights[f"{layer}.mlp_norm"], spec.rms_norm_eps)
        gate, up = linear(x, weights[f"{layer}.gate_up"]).chunk(2, dim=-1)
        return h + linear(F.silu(gate) * up, weights[f"{layer}.down"])

    def final_norm(self, spec: Qwen35Spec, weights: Weights, h: torch.Tensor) -> torch.Tensor:
        return centred_rms_norm(h, weights["norm"], spec.rms_norm_eps)

    def lm_logits(self, spec: Qwen35Spec, weights: Weights, normed: torch.Tensor) -> torch.Tensor:
        return linear(normed, weights["lm_head"])                            # [..., n, vocab]

    # ------------------------------------------------------------------ state layers
    def state_shapes(self, spec: Qwen35Spec, layer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return (spec.lin_v_heads, spec.lin_k_dim, spec.lin_v_dim), (spec.conv_kernel - 1, spec.conv_channels)

    def state_in(self, spec: Qwen35Spec, weights: Weights, layer: int, h: torch.Tensor) -> torch.Tensor:
        """Per-token features `[..., n, Cc + Vd + 2*Hv]`: conv channels q|k|v, gate z, b, a."""
        x = centred_rms_norm(h, weights[f"{layer}.in_norm"], spec.rms_norm_eps)
        return linear(x, weights[f"{layer}.in_proj"])

    def state_mix(self, spec: Qwen35Spec, weights: Weights, layer: int, x: torch.Tensor,
                  valid: torch.Tensor, rec: torch.Tensor, tail: torch.Tensor, *, chunked: bool
                  ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """x [R, W, F] features of R rows (row r valid for t < its length, right-padded);
        rec [R, Hv, Dk, Dv] fp32, tail [R, K-1, Cc]. Returns (y [R, W, Hv*Dv], rec, tail).
        `chunked` (every position valid): the chunked prefill kernel, plain whole-chunk
        activations (the trunk has no batch to be invariant to); else token by token, with
        batch-invariant activations (`tokenwise`)."""
        R, W, _ = x.shape
        Hk, Hv, Dk, Dv, Cc = spec.lin_k_heads, spec.lin_v_heads, spec.lin_k_dim, spec.lin_v_dim, spec.conv_channels
        Vd = Hv * Dv
        mixed, z = x[..., :Cc], x[..., Cc:Cc + Vd]
        b, a = x[..., Cc + Vd:Cc + Vd + Hv], x[..., Cc + Vd + Hv:]
        each = _whole if chunked else tokenwise
        conv_out, tail = causal_conv(mixed, tail, weights[f"{layer}.conv"], valid)
        conv_out = each(F.silu, conv_out)                                    # [R, W, Cc]
        q = conv_out[..., :Hk * Dk].unflatten(-1, (Hk, Dk))
        k = conv_out[..., Hk * Dk:2 * Hk * Dk].unflatten(-1, (Hk, Dk))
        v = conv_out[..., 2 * Hk * Dk:].unflatten(-1, (Hv, Dv))
        if Hv != Hk:                           # each key head serves Hv // Hk consecutive value heads
            q, k = q.repeat_interleave(Hv // Hk, dim=2), k.repeat_interleave(Hv // Hk, dim=2)
        q, k = _l2norm(q.float()), _l2norm(k.float())                       # [R, W, Hv, Dk]
        beta = each(torch.sigmoid, b.float())                                # [R, W, Hv]
        g = weights[f"{layer}.neg_A"] * each(F.softplus, a.float() + weights[f"{layer}.dt_bias"])
        kernels = delta_rule_kernels(x.device)
        if chunked:
            o, rec = kernels.chunked(q, k, v, g, beta, Dk ** -0.5, rec)
        else:
            o, rec = kernels.recurrent(q, k, v, g, beta, Dk ** -0.5, rec, valid)
        silu_z = each(F.silu, z.float()).unflatten(-1, (Hv, Dv))             # [R, W, Hv, Dv] fp32
        o = gated_rms_norm(o.to(x.dtype), silu_z, weights[f"{layer}.gated_norm"], spec.rms_norm_eps)
        return o.flatten(-2), rec, tail

    def state_out(self, spec: Qwen35Spec, weights: Weights, layer: int, h: torch.Tensor,
                  y: torch.Tensor) -> torch.Tensor:
        h = h + linear(y, weights[f"{layer}.out_proj"])
        return self._mlp(spec, weights, layer, h)


def gated_rms_norm(o: torch.Tensor, silu_gate: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """Per head: `w * norm(o) * silu(gate)`, the norm in fp32 (as transformers' RMSNormGated);
    `silu_gate` is the fp32 `silu(gate)`, computed by the caller (batch-invariantly on forks)."""
    of = o.float()
    normed = weight * (of * torch.rsqrt(of.pow(2).mean(-1, keepdim=True) + eps)).to(o.dtype)
    return (normed * silu_gate).to(o.dtype)


QWEN35 = Qwen35Family()
