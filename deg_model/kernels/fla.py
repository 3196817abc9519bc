"""flash-linear-attention's gated-delta-rule kernels behind the reference's interface (CUDA).

Imported only by `kernels.delta_rule_kernels` for CUDA devices when `fla` is installed, and by
its interpreter tests (`TRITON_INTERPRET=1`, CPU). Same contract as `kernels.delta_rule`: q and
k arrive L2-normalized, `[R, W, H, D]` layout, fp32 state `[R, Hv, Dk, Dv]`.

FLA's fused recurrent kernel has no per-position mask, so padded positions (`valid == False`)
get `beta = 0` and `g = 0` (no write, no decay), the contract's padding rule; its programs
run per (row, head, value block), tokens in order, so rows stay independent.
"""
from __future__ import annotations

import torch
from fla.ops.gated_delta_rule import chunk_gated_delta_rule, fused_recurrent_gated_delta_rule


def recurrent_gated_delta_rule(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, g: torch.Tensor,
                               beta: torch.Tensor, scale: float, state: torch.Tensor,
                               valid: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    if valid is not None:
        keep = valid[..., None].to(g.dtype)                                  # [R, W, 1]
        g, beta = g * keep, beta * keep
    out, final = fused_recurrent_gated_delta_rule(
        q.float().contiguous(), k.float().contiguous(), v.float().contiguous(), g=g.float().contiguous(),
        beta=beta.float().contiguous(), scale=scale, initial_state=state.float().contiguous(),
        output_final_state=True)
    return out.float(), final


def chunked_gated_delta_rule(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, g: torch.Tensor,
                             beta: torch.Tensor, scale: float, state: torch.Tensor,
                             chunk: int = 64) -> tuple[torch.Tensor, torch.Tensor]:
    out, final = chunk_gated_delta_rule(
        q.float().contiguous(), k.float().contiguous(), v.float().contiguous(), g.float().contiguous(),
        beta.float().contiguous(), scale=scale, initial_state=state.float().contiguous(),
        output_final_state=True)
    return out.float(), final
