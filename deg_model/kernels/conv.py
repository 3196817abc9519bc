"""The depthwise causal conv of the hybrid state layers (Qwen3.5 DeltaNet, LFM2 short conv).

Computed per element in a fixed tap order in fp32 rather than through a conv kernel: every
output element is the same few multiply-adds whatever the batch, so fork rows stay bitwise
independent of each other, and the tail of a row is gathered at its own real length.
"""
from __future__ import annotations

import torch


def causal_conv(x: torch.Tensor, tail: torch.Tensor, weight: torch.Tensor, valid: torch.Tensor,
                bias: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    """Depthwise causal conv over rows: x [R, W, C], tail [R, K-1, C] (the previous K-1 inputs),
    weight [K, C]. out[t] = sum_j weight[j] * in[t + j] with in = tail ++ x, taps accumulated in
    a fixed order in fp32 (per element: batch-invariant). The new tail is the K-1 inputs that
    end at each row's real length (valid [R, W]), so right padding never enters it."""
    K = weight.shape[0]
    W = x.shape[1]
    inp = torch.cat([tail.to(x.dtype), x], dim=1)                            # [R, K-1+W, C]
    wf = weight.float()
    out = inp[:, 0:W].float() * wf[0]                                        # [R, W, C]
    for j in range(1, K):
        out = out + inp[:, j:j + W].float() * wf[j]
    if bias is not None:
        out = out + bias.float()
    lengths = valid.sum(1)                                                   # [R]
    index = (lengths[:, None] + torch.arange(K - 1, device=x.device)[None, :])  # [R, K-1]
    new_tail = torch.gather(inp, 1, index[..., None].expand(-1, -1, inp.shape[-1]))
    return out.to(x.dtype), new_tail
