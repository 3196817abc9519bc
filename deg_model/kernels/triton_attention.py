"""Batch-invariant fork attention in Triton: the CUDA form of `reference.rows_attention`.

`fork_attention` runs one program per (row, query head, query block). A program reads its
query block once, then walks the keys in ONE fixed order with an fp32 online softmax:

1. the shared prefix K/V `[Hkv, P, D]`, read in place (strided views of the context buffer are
   fine, nothing is copied per row), in `BLOCK_KV` blocks from position 0;
2. the row's own K/V `[rows, Hkv, W, D]`, causal, in `BLOCK_KV` blocks from own position 0 up to
   `min(length, end of this query block)`.

Every bound in that walk comes from the row itself (its `length`, its `q_start`, the query block
index) and from shapes every row shares (P, D), never from the padded width W or the number
of rows, and each query's scores, running max and sum are its own. So a row's output is
bitwise the same alone, in any batch, in any order, and at any padded width.

Padding is exact: a query at own position `q_start + i >= length` is padding and its output
is exactly zero; own keys at or past `length` are never loaded; a query block that holds only
padding skips both walks. Blocks partly outside a query's view are masked to -inf, and the
update below keeps a block with no visible key an exact no-op (alpha = 1, p = 0) without ever
forming `-inf - -inf`.

GQA: query head h reads kv head h // (Hq / Hkv). The block config depends on the head dim only.
`rows_attention` and `trunk_attention` are thin adapters with the signatures of the torch
reference in `reference.py`, so the device dispatch can swap them in one line each.

Triton is a GPU-only extra: this module is imported only when CUDA is present, or by the tests
that run it under Triton's CPU interpreter (`TRITON_INTERPRET=1`, set before the import).
"""
from __future__ import annotations

from dataclasses import dataclass

import torch
import triton
import triton.language as tl

from .triton_gemm import FP_FUSION, triton_interpreting, upcast_dot_operands


@dataclass(frozen=True)
class AttentionTile:
    block_q: int
    block_kv: int
    num_warps: int


def attention_tile(head_dim: int) -> AttentionTile:
    """The one block config for a head dim (so for a model): it never looks at rows or widths."""
    if head_dim <= 64:
        return AttentionTile(block_q=64, block_kv=64, num_warps=4)
    if head_dim <= 128:
        return AttentionTile(block_q=64, block_kv=64, num_warps=8)
    return AttentionTile(block_q=64, block_kv=32, num_warps=8)


@triton.jit
def _online_softmax_step(s, v, m_i, l_i, acc, IEEE: tl.constexpr, UPCAST: tl.constexpr):
    """Fold one key block into the running (max, sum, weighted values) of every query.

    s [BQ, BKV] fp32 scores with -inf where a key is not visible; v [BKV, BD].
    A query with no visible key in the block keeps m, l and acc bit for bit.
    """
    m_new = tl.maximum(m_i, tl.max(s, 1))                                 # [BQ]
    # A query that has seen no key yet has m_new = -inf: shift by 0 instead, so every exp
    # below is exp(-inf) = 0 rather than exp(nan).
    shift = tl.where(m_new == float("-inf"), 0.0, m_new)                  # [BQ]
    alpha = tl.exp(m_i - shift)                                           # [BQ]
    p = tl.exp(s - shift[:, None])                                        # [BQ, BKV]
    l_i = l_i * alpha + tl.sum(p, 1)
    p_cast = p.to(v.dtype)
    if UPCAST:
        pv = tl.dot(p_cast.to(tl.float32), v.to(tl.float32), input_precision="ieee")
    elif IEEE:
        pv = tl.dot(p_cast, v, input_precision="ieee")
    else:
        pv = tl.dot(p_cast, v)
    acc = acc * alpha[:, None] + pv                                       # [BQ, BD]
    return m_new, l_i, acc


@triton.jit
def _scores(q, k, scale, IEEE: tl.constexpr, UPCAST: tl.constexpr):
    """q [BQ, BD] x k [BKV, BD] -> scaled fp32 scores [BQ, BKV]."""
    if UPCAST:
        s = tl.dot(q.to(tl.float32), tl.trans(k.to(tl.float32)), input_precision="ieee")
    elif IEEE:
        s = tl.dot(q, tl.trans(k), input_precision="ieee")
    else:
        s = tl.dot(q, tl.trans(k))
    return s * scale


# Neither the query count nor the padded width is specialized on: one compiled kernel for all.
@triton.jit(do_not_specialize=["n_queries", "W"])
def _fork_attention_kernel(
        q_ptr, pk_ptr, pv_ptr, ok_ptr, ov_ptr, len_ptr, start_ptr, out_ptr,
        n_queries, P, W, scale,
        sq_r, sq_t, sq_h, sq_d,
        spk_h, spk_p, spk_d, spv_h, spv_p, spv_d,
        sok_r, sok_h, sok_t, sok_d, sov_r, sov_h, sov_t, sov_d,
        so_r, so_t, so_h, so_d,
        HQ: tl.constexpr, GROUP: tl.constexpr, D: tl.constexpr, BLOCK_D: tl.constexpr,
        BLOCK_Q: tl.constexpr, BLOCK_KV: tl.constexpr, IEEE: tl.constexpr, UPCAST: tl.constexpr):
    qb = tl.program_id(0)
    row_head = tl.program_id(1)
    row = (row_head // HQ).to(tl.int64)
    head = row_head % HQ
    kv_head = (head // GROUP).to(tl.int64)
    # The kernel never reads past W even if a length lies (the wrapper checks when it may sync).
    length = tl.minimum(tl.load(len_ptr + row), W)
    q_start = tl.load(start_ptr + row)

    offs_i = qb * BLOCK_Q + tl.arange(0, BLOCK_Q)                         # [BQ] query index
    q_pos = q_start + offs_i                                              # [BQ] own position
    q_ok = (offs_i < n_queries) & (q_pos < length)
    offs_d = tl.arange(0, BLOCK_D)
    d_ok = offs_d < D
    q = tl.load(q_ptr + row * sq_r + offs_i.to(tl.int64)[:, None] * sq_t + head * sq_h + offs_d[None, :] * sq_d,
                mask=q_ok[:, None] & d_ok[None, :], other=0.0)            # [BQ, BD]

    m_i = tl.full((BLOCK_Q,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_Q,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_Q, BLOCK_D), dtype=tl.float32)
    block_first = q_start + qb * BLOCK_Q                                  # own position of query 0
    block_live = (qb * BLOCK_Q < n_queries) & (block_first < length)

    # 1. prefix keys, all visible, read in place.
    prefix_end = tl.where(block_live, P, 0)
    pk_head = pk_ptr + kv_head * spk_h
    pv_head = pv_ptr + kv_head * spv_h
    for k0 in range(0, prefix_end, BLOCK_KV):
        offs_j = k0 + tl.arange(0, BLOCK_KV)                              # [BKV]
        j_ok = offs_j < P
        kv_mask = j_ok[:, None] & d_ok[None, :]
        k = tl.load(pk_head + offs_j.to(tl.int64)[:, None] * spk_p + offs_d[None, :] * spk_d,
                    mask=kv_mask, other=0.0)                              # [BKV, BD]
        v = tl.load(pv_head + offs_j.to(tl.int64)[:, None] * spv_p + offs_d[None, :] * spv_d,
                    mask=kv_mask, other=0.0)                              # [BKV, BD]
        s = _scores(q, k, scale, IEEE, UPCAST)                            # [BQ, BKV]
        s = tl.where(j_ok[None, :], s, float("-inf"))
        m_i, l_i, acc = _online_softmax_step(s, v, m_i, l_i, acc, IEEE, UPCAST)

    # 2. own keys, causal: key j is visible to a query at own position p iff j <= p < length.
    own_end = tl.where(block_live, tl.minimum(length, block_first + BLOCK_Q), 0)
    ok_head = ok_ptr + row * sok_r + kv_head * sok_h
    ov_head = ov_ptr + row * sov_r + kv_head * sov_h
    for k0 in range(0, own_end, BLOCK_KV):
        offs_j = k0 + tl.arange(0, BLOCK_KV)                              # [BKV]
        j_ok = offs_j < length
        kv_mask = j_ok[:, None] & d_ok[None, :]
        k = tl.load(ok_head + offs_j.to(tl.int64)[:, None] * sok_t + offs_d[None, :] * sok_d,
                    mask=kv_mask, other=0.0)                              # [BKV, BD]
        v = tl.load(ov_head + offs_j.to(tl.int64)[:, None] * sov_t + offs_d[None, :] * sov_d,
                    mask=kv_mask, other=0.0)                              # [BKV, BD]
        s = _scores(q, k, scale, IEEE, UPCAST)                            # [BQ, BKV]
        visible = j_ok[None, :] & (offs_j[None, :] <= q_pos[:, None])
        s = tl.where(visible, s, float("-inf"))
        m_i, l_i, acc = _online_softmax_step(s, v, m_i, l_i, acc, IEEE, UPCAST)

    out = acc / tl.where(q_ok, l_i, 1.0)[:, None]
    out = tl.where(q_ok[:, None], out, 0.0)                               # padding: exact zeros
    tl.store(out_ptr + row * so_r + offs_i.to(tl.int64)[:, None] * so_t + head * so_h + offs_d[None, :] * so_d,
             out.to(out_ptr.dtype.element_ty), mask=(offs_i < n_queries)[:, None] & d_ok[None, :])


def _check_fork_inputs(q: torch.Tensor, prefix_k: torch.Tensor, prefix_v: torch.Tensor, own_k: torch.Tensor,
                       own_v: torch.Tensor, lengths: torch.Tensor, q_start: torch.Tensor) -> None:
    if q.dim() != 4 or prefix_k.dim() != 3 or own_k.dim() != 4:
        raise ValueError(f"fork_attention: expects q [rows, n, Hq, D], prefix_k/v [Hkv, P, D], own_k/v "
                         f"[rows, Hkv, W, D]; got q {tuple(q.shape)}, prefix_k {tuple(prefix_k.shape)}, "
                         f"own_k {tuple(own_k.shape)}")
    rows, _, hq, d = q.shape
    hkv, w = own_k.shape[1], own_k.shape[2]
    if prefix_v.shape != prefix_k.shape or prefix_k.shape[0] != hkv or prefix_k.shape[2] != d:
        raise ValueError(f"fork_attention: prefix_k {tuple(prefix_k.shape)} / prefix_v {tuple(prefix_v.shape)} "
                         f"must both be [Hkv={hkv}, P, D={d}]")
    if own_v.shape != own_k.shape or own_k.shape[0] != rows or own_k.shape[3] != d:
        raise ValueError(f"fork_attention: own_k {tuple(own_k.shape)} / own_v {tuple(own_v.shape)} "
                         f"must both be [rows={rows}, Hkv, W, D={d}]")
    if hkv < 1 or hq % hkv:
        raise ValueError(f"fork_attention: {hq} query heads are not a multiple of {hkv} kv heads")
    for name, t in (("lengths", lengths), ("q_start", q_start)):
        if t.shape != (rows,) or t.dtype not in (torch.int32, torch.int64):
            raise ValueError(f"fork_attention: {name} must be an integer [rows={rows}] tensor, "
                             f"got {tuple(t.shape)} {t.dtype}")
    floats = (q, prefix_k, prefix_v, own_k, own_v)
    if q.dtype not in (torch.float32, torch.bfloat16, torch.float16) or any(t.dtype != q.dtype for t in floats):
        raise ValueError(f"fork_attention: q, prefix and own K/V must share one of fp32/bf16/fp16, "
                         f"got {[str(t.dtype) for t in floats]}")
    devices = {t.device for t in (*floats, lengths, q_start)}
    if len(devices) != 1:
        raise ValueError(f"fork_attention: tensors on different devices: {sorted(map(str, devices))}")
    if q.device.type != "cuda" and not triton_interpreting():
        raise ValueError(f"fork_attention: needs CUDA tensors (or TRITON_INTERPRET=1 for the CPU "
                         f"interpreter), got {q.device}")
    # Value checks need a host sync, which a CUDA graph capture forbids; the kernel clamps
    # lengths to W anyway, so skipping them there cannot read out of bounds.
    if q.device.type == "cuda" and torch.cuda.is_current_stream_capturing():
        return
    if rows and (int(lengths.min()) < 0 or int(lengths.max()) > w or int(q_start.min()) < 0):
        raise ValueError(f"fork_attention: need 0 <= lengths <= W={w} and q_start >= 0, got lengths "
                         f"{lengths.tolist()} and q_start {q_start.tolist()}")


def fork_attention(q: torch.Tensor, prefix_k: torch.Tensor, prefix_v: torch.Tensor, own_k: torch.Tensor,
                   own_v: torch.Tensor, lengths: torch.Tensor, q_start: torch.Tensor | None = None,
                   scale: float | None = None) -> torch.Tensor:
    """Fork rows against a shared prefix plus their own causal keys -> [rows, n, Hq, D].

    q:        [rows, n, Hq, D]   query i of row r sits at own position q_start[r] + i
                                 (q_start defaults to 0, so n = W for a fork pass and n = 1
                                 with q_start = the step's position for a decode step)
    prefix_k: [Hkv, P, D]        shared by every row, read in place (P may be 0)
    own_k:    [rows, Hkv, W, D]  row r's keys at own positions 0..W-1
    lengths:  [rows] int         row r's real own length; positions >= lengths[r] are padding
    scale:    softmax scale, default D ** -0.5

    A query at own position p attends to every prefix key and to own keys 0..p; padded query
    positions come back as exact zeros. fp32 softmax; the output has q's dtype.
    """
    if q_start is None:
        q_start = torch.zeros_like(lengths)
    _check_fork_inputs(q, prefix_k, prefix_v, own_k, own_v, lengths, q_start)
    rows, n, hq, d = q.shape
    hkv, P, w = prefix_k.shape[0], prefix_k.shape[1], own_k.shape[2]
    out = torch.empty_like(q, memory_format=torch.contiguous_format)        # [rows, n, Hq, D]
    if rows == 0 or n == 0 or hq == 0:
        return out
    tile = attention_tile(d)
    grid = (triton.cdiv(n, tile.block_q), rows * hq)
    _fork_attention_kernel[grid](
        q, prefix_k, prefix_v, own_k, own_v, lengths, q_start, out,
        n, P, w, float(d ** -0.5 if scale is None else scale),
        *q.stride(), *prefix_k.stride(), *prefix_v.stride(), *own_k.stride(), *own_v.stride(), *out.stride(),
        HQ=hq, GROUP=hq // hkv, D=d, BLOCK_D=max(16, triton.next_power_of_2(d)),
        BLOCK_Q=tile.block_q, BLOCK_KV=tile.block_kv,
        IEEE=q.dtype == torch.float32, UPCAST=upcast_dot_operands(q.dtype),
        num_warps=tile.num_warps, num_stages=2, enable_fp_fusion=FP_FUSION)
    return out


def rows_attention(q: torch.Tensor, prefix_k: torch.Tensor, prefix_v: torch.Tensor,
                   own_k: torch.Tensor, own_v: torch.Tensor, q_start: torch.Tensor) -> torch.Tensor:
    """Drop-in for `reference.rows_attention`: q [R, n, Hq, D] at own positions q_start[r] + i,
    every query real (so row r's length is q_start[r] + n) -> [R, n, Hq * D]."""
    R, n, hq, d = q.shape
    out = fork_attention(q, prefix_k, prefix_v, own_k, own_v, lengths=q_start + n, q_start=q_start)
    return out.reshape(R, n, hq * d)


def trunk_attention(q: torch.Tensor, keys: torch.Tensor, values: torch.Tensor, start: int) -> torch.Tensor:
    """Drop-in for `reference.trunk_attention`: one prefill chunk q [C, Hq, D] at positions
    start..start+C-1 against keys/values [Hkv, start+C, D] -> [C, Hq * D]. The chunk's earlier
    keys are the prefix and its own keys the single row's own keys, both views of the buffer:
    no mask tensor, no copy."""
    C, hq, d = q.shape
    if keys.dim() != 3 or keys.shape[1] != start + C:
        raise ValueError(f"trunk_attention: keys must be [Hkv, start+C={start + C}, D], got {tuple(keys.shape)}")
    own_k = keys[None, :, start:]                                          # [1, Hkv, C, D] view
    own_v = values[None, :, start:]
    lengths = torch.full((1,), C, dtype=torch.int64, device=q.device)
    out = fork_attention(q[None], keys[:, :start], values[:, :start], own_k, own_v, lengths)
    return out.reshape(C, hq * d)


__all__ = ["AttentionTile", "attention_tile", "fork_attention", "rows_attention", "trunk_attention"]
