"""Plain torch attention kernels (the CPU reference; the default on every device today).

`trunk_attention` reads one prefill chunk against everything before it. `rows_attention` is the
fork path: several rows of one common (bucketed) width, each row's queries against the prefix
K/V read in place plus the row's own K/V, with a joint softmax over both parts. Every GEMM is a
batched product whose per-row problem shape depends only on that row's width bucket and the
prefix length, never on the other rows of a batch, which is what makes fork rows bitwise
independent of batch composition.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F


def trunk_attention(q: torch.Tensor, keys: torch.Tensor, values: torch.Tensor, start: int) -> torch.Tensor:
    """Causal attention of one chunk.

    q: [C, Hq, D] at positions start..start+C-1; keys/values: [Hkv, start+C, D].
    Returns [C, Hq * D]. Memory is O(C * (start + C)) at most (the mask), never O(L^2) over
    the whole context when the caller chunks.
    """
    C, Hq, D = q.shape
    L = keys.shape[1]
    qh = q.transpose(0, 1).unsqueeze(0)                  # [1, Hq, C, D]
    kh, vh = keys.unsqueeze(0), values.unsqueeze(0)      # [1, Hkv, L, D]
    gqa = Hq != keys.shape[0]
    if start == 0:
        out = F.scaled_dot_product_attention(qh, kh, vh, is_causal=True, enable_gqa=gqa)
    else:
        query_pos = torch.arange(start, start + C, device=q.device)[:, None]
        mask = torch.arange(L, device=q.device)[None, :] <= query_pos           # [C, L]
        out = F.scaled_dot_product_attention(qh, kh, vh, attn_mask=mask, enable_gqa=gqa)
    return out[0].transpose(0, 1).reshape(C, Hq * D)


class _CpuFlashPrefix(torch.autograd.Function):
    """torch's CPU flash attention, (out, lse), with a backward through BOTH outputs.

    The aten op's own backward treats `lse` as non-differentiable, but `rows_attention` merges
    the prefix part through its lse, so training through a fork (LoRA, resumed hidden states)
    would silently lose that gradient term. The forward is the op itself (same bits); the
    backward recomputes the probabilities from the saved lse:
    dS = P * (dO V^T - rowsum(dO * O) + dlse)."""

    @staticmethod
    def forward(ctx, qg, k, v):
        out, lse = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu(qg, k, v)
        ctx.save_for_backward(qg, k, v, out, lse)
        return out, lse

    @staticmethod
    def backward(ctx, d_out, d_lse):
        qg, k, v, out, lse = ctx.saved_tensors
        scale = qg.shape[-1] ** -0.5
        p = torch.exp(torch.matmul(qg, k.transpose(-1, -2)) * scale - lse[..., None].to(qg.dtype))  # [R, Hkv, M, P]
        ds = torch.zeros_like(p)
        dv = None
        if d_out is not None:
            ds = p * (torch.matmul(d_out, v.transpose(-1, -2)) - (d_out * out).sum(-1, keepdim=True))
            dv = torch.matmul(p.transpose(-1, -2), d_out)
        if d_lse is not None:
            ds = ds + p * d_lse[..., None].to(p.dtype)
        dq = torch.matmul(ds, k) * scale
        dk = torch.matmul(ds.transpose(-1, -2), qg) * scale
        return dq, dk, dv


def _prefix_attention(qg: torch.Tensor, prefix_k: torch.Tensor, prefix_v: torch.Tensor
                      ) -> tuple[torch.Tensor, torch.Tensor]:
    """Every query against the whole prefix (no mask): (out [R, Hkv, M, D], lse [R, Hkv, M]).

    qg [R, Hkv, M, D] (already laid out per kv head); prefix_k/v [Hkv, P, D] are broadcast over
    the rows as stride-0 views. On the CPU this is torch's flash-attention kernel, which also
    returns the log-sum-exp: one fused pass instead of score, max, exp and sum passes over
    `[M, P]`. It splits work by (row, head, query block) with block sizes set by (M, P) only,
    so a row's bits do not depend on the batch. Elsewhere: the same math in plain ops.
    """
    R, Hkv, M, D = qg.shape
    P = prefix_k.shape[1]
    k = prefix_k[None].expand(R, Hkv, P, D)
    v = prefix_v[None].expand(R, Hkv, P, D)
    if qg.device.type == "cpu":
        return _CpuFlashPrefix.apply(qg, k, v)
    s = torch.matmul(qg, k.transpose(-1, -2)) * D ** -0.5                               # [R, Hkv, M, P]
    lse = torch.logsumexp(s, dim=-1)
    return torch.matmul(torch.softmax(s, dim=-1), v), lse


def rows_attention(q: torch.Tensor, prefix_k: torch.Tensor, prefix_v: torch.Tensor,
                   own_k: torch.Tensor, own_v: torch.Tensor, q_start: torch.Tensor) -> torch.Tensor:
    """Fork rows of ONE common width: prefix by reference + own causal keys, one softmax per row.

    q:        [R, n, Hq, D]  each row's queries at own indices q_start[r] .. q_start[r] + n - 1
    prefix_k: [Hkv, P, D]    the context K/V, read in place (a view of the State buffer)
    own_k:    [R, Hkv, W, D] each row's own keys 0..W-1; own key j is visible to a query at own
                             index i iff j <= i (keys past a row's real length are never visible
                             to its real queries, so right padding is an exact no-op)
    q_start:  [R] int64
    Returns [R, n, Hq * D].

    Batch invariance by construction: the own-key GEMMs are batched over (row, kv head) with a
    per-row problem shape that depends only on (n, W); the prefix part (`_prefix_attention`)
    works per (row, head, query block) with shapes set by (n, P), over a stride-0 broadcast of
    the one context buffer (no per-row copy); the merge is elementwise or reduces over one
    row's own keys. So a row gives the same bits alone or among others.
    """
    R, n, Hq, D = q.shape
    Hkv, P = prefix_k.shape[0], prefix_k.shape[1]
    W = own_k.shape[2]
    group = Hq // Hkv
    scale = D ** -0.5
    # Query head h reads kv head h // group: lay queries out as [R, Hkv, group * n, D].
    qg = q.permute(0, 2, 1, 3).reshape(R, Hkv, group * n, D)
    own_pos = torch.arange(W, device=q.device)
    q_pos = q_start.to(q.device)[:, None] + torch.arange(n, device=q.device)[None, :]     # [R, n]
    visible = (own_pos[None, None, :] <= q_pos[:, :, None])                               # [R, n, W]
    visible = visible[:, None].expand(R, group, n, W).reshape(R, group * n, W)
    # Own keys: a small [R, Hkv, g*n, W] score block per row; the prefix part comes back as a
    # normalized output plus its log-sum-exp, and the two are merged in one joint softmax.
    s_own = torch.matmul(qg * scale, own_k.transpose(-1, -2))                               # [R, Hkv, g*n, W]
    s_own.masked_fill_(~visible[:, None], float("-inf"))
    m = s_own.amax(-1)                                                                       # [R, Hkv, g*n]
    if P:
        out_pre, lse = _prefix_attention(qg, prefix_k, prefix_v)                              # [R, Hkv, g*n, D]
        m = torch.maximum(m, lse)
    p_own = torch.exp(s_own - m[..., None])
    out = torch.matmul(p_own, own_v)                                                         # [R, Hkv, g*n, D]
    denom = p_own.sum(-1)                                                                    # [R, Hkv, g*n]
    if P:
        w_pre = torch.exp(lse - m)
        out = out + out_pre * w_pre[..., None]
        denom = denom + w_pre
    out = out / denom[..., None]
    return out.reshape(R, Hq, n, D).transpose(1, 2).reshape(R, n, Hq * D)
