"""Plain torch attention kernels (the CPU reference; the default on every device today).

`trunk_attention` reads one prefill chunk against everything before it. `row_attention` is the
fork path: ONE row's queries against the prefix K/V read in place plus the row's own K/V, with
a joint softmax over both parts. Its shapes depend only on that row (its own width bucket and
the prefix length), never on the other rows of a batch, which is what makes fork rows bitwise
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


def row_attention(q: torch.Tensor, prefix_k: torch.Tensor, prefix_v: torch.Tensor,
                  own_k: torch.Tensor, own_v: torch.Tensor, q_start: int) -> torch.Tensor:
    """One fork row's attention: prefix by reference + own causal keys, one softmax.

    q:        [n, Hq, D]   the row's own tokens q_start..q_start+n-1
    prefix_k: [Hkv, P, D]  the context K/V, read in place (a view of the State buffer)
    own_k:    [Hkv, W, D]  the row's own keys 0..W-1; own key j is visible to own query i iff
                           j <= i (keys past the row's real length are never visible to a
                           real query, so right padding is an exact no-op)
    Returns [n, Hq * D].
    """
    n, Hq, D = q.shape
    Hkv, W = own_k.shape[0], own_k.shape[1]
    group = Hq // Hkv
    scale = D ** -0.5
    # Query head h reads kv head h // group: lay queries out as [Hkv, group * n, D].
    qg = q.transpose(0, 1).reshape(Hkv, group * n, D)
    s_pre = torch.matmul(qg, prefix_k.transpose(1, 2)) * scale         # [Hkv, g*n, P]
    s_own = torch.matmul(qg, own_k.transpose(1, 2)) * scale            # [Hkv, g*n, W]
    own_pos = torch.arange(W, device=q.device)
    q_pos = torch.arange(q_start, q_start + n, device=q.device)
    visible = (own_pos[None, :] <= q_pos[:, None]).repeat(group, 1)    # [g*n, W]
    s_own = s_own.masked_fill(~visible, float("-inf"))
    m = torch.maximum(s_pre.amax(-1, keepdim=True) if s_pre.shape[-1] else s_own.amax(-1, keepdim=True),
                      s_own.amax(-1, keepdim=True))                     # [Hkv, g*n, 1]
    p_pre = torch.exp(s_pre - m)
    p_own = torch.exp(s_own - m)
    denom = p_pre.sum(-1, keepdim=True) + p_own.sum(-1, keepdim=True)
    out = (torch.matmul(p_pre, prefix_v) + torch.matmul(p_own, own_v)) / denom   # [Hkv, g*n, D]
    return out.reshape(Hq, n, D).transpose(0, 1).reshape(n, Hq * D)
