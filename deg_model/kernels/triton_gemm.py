"""Batch-invariant GEMMs in Triton: the fork-path projections on CUDA.

cuBLAS picks its kernel (tile shape, split-K) from the problem shape, so the bits of one row of
`x @ w.T` change with the number of rows M it is computed among. These kernels fix the whole
reduction schedule so that an output row depends only on that input row and the weight:

- `bi_linear(x [M, K], w [N, K]) -> [M, N]`: ONE tile config (`GEMM_TILE`, no autotune, no
  split-K). Every output element is one program's fp32 accumulator walking K from 0 upwards in
  `BLOCK_K` steps, whatever M is and whichever tile the row lands in. Out-of-range rows,
  columns and K-tail lanes load as exact zeros and never touch a real row.
- `bi_linear_small(x [M, K], w [N, K]) -> [M, N]`: decode steps and the LM head, where M is a
  handful of rows and one program per 64 x 64 tile would leave the GPU idle. 16-row tiles and a
  split-K factor `small_split_k(N, K)` that depends on the WEIGHT shape only; each split writes
  an fp32 partial and a second kernel sums the partials in split order 0, 1, 2, ... So the
  result is again a function of (row, weight) alone. It is not bitwise equal to `bi_linear`
  (another reduction order): a call site uses one of the two, always the same.

fp32 operands use `input_precision="ieee"` (true fp32 products, no TF32), which the fp32 heads
rely on; bf16 / fp16 operands accumulate in fp32 and the result is cast to `x.dtype`. An
optional bias is added to the fp32 accumulator per element before the cast.

Triton is a GPU-only extra: this module is imported only when CUDA is present, or by the tests
that run it under Triton's CPU interpreter (`TRITON_INTERPRET=1`, set before the import).
"""
from __future__ import annotations

import os
from dataclasses import dataclass

import torch
import triton
import triton.language as tl


@dataclass(frozen=True)
class GemmTile:
    """One launch configuration. Changing it changes the bits of every output."""
    block_m: int
    block_n: int
    block_k: int
    num_warps: int


# The one config of `bi_linear`. num_stages (software pipelining) does not change the reduction
# order, so it may follow the dtype (fp32 tiles need twice the shared memory per stage).
GEMM_TILE = GemmTile(block_m=64, block_n=64, block_k=64, num_warps=4)
# `bi_linear_small`: 16-row tiles (the smallest MMA M) for decode steps.
SMALL_TILE = GemmTile(block_m=16, block_n=64, block_k=64, num_warps=4)
# Split-K for `bi_linear_small`: aim for this many programs per 16-row tile band, never fewer
# than `SMALL_MIN_K_PER_SPLIT` reduction elements per split, never more than `SMALL_MAX_SPLIT`.
SMALL_TARGET_PROGRAMS = 128
SMALL_MIN_K_PER_SPLIT = 256
SMALL_MAX_SPLIT = 16

# Multiply-add contraction is part of the numerics, and Triton's default for it changes between
# releases (on in 3.9, off from 3.10): pin it, so an upgrade cannot silently move the bits.
FP_FUSION = True

_SUPPORTED = (torch.float32, torch.bfloat16, torch.float16)


def triton_interpreting() -> bool:
    """Whether Triton runs its CPU interpreter (Triton's own switch, read at call time)."""
    return os.environ.get("TRITON_INTERPRET", "0") not in ("", "0")


def upcast_dot_operands(dtype: torch.dtype) -> bool:
    """Whether `tl.dot` operands of `dtype` must be widened to fp32 first: only bf16 under the
    interpreter, which stores bf16 as raw uint16 and would multiply the bit patterns. Products
    of two bf16 values are exact in fp32, so this models the GPU's bf16 MMA with fp32 sums."""
    return dtype == torch.bfloat16 and triton_interpreting()


def _check_operands(name: str, x: torch.Tensor, w: torch.Tensor, bias: torch.Tensor | None) -> None:
    if x.dim() != 2 or w.dim() != 2:
        raise ValueError(f"{name}: expects x [M, K] and w [N, K], got x {tuple(x.shape)} and w {tuple(w.shape)}")
    if x.shape[1] != w.shape[1]:
        raise ValueError(f"{name}: inner dimensions differ: x {tuple(x.shape)} vs w {tuple(w.shape)}")
    if x.dtype not in _SUPPORTED or w.dtype != x.dtype:
        raise ValueError(f"{name}: x and w must share one of fp32/bf16/fp16, got {x.dtype} and {w.dtype}")
    if bias is not None and (bias.dim() != 1 or bias.shape[0] != w.shape[0] or bias.dtype not in _SUPPORTED):
        raise ValueError(f"{name}: bias must be a float [N={w.shape[0]}] vector, got {tuple(bias.shape)} {bias.dtype}")
    devices = {x.device, w.device} | ({bias.device} if bias is not None else set())
    if len(devices) != 1:
        raise ValueError(f"{name}: operands on different devices: {sorted(map(str, devices))}")
    if x.device.type != "cuda" and not triton_interpreting():
        raise ValueError(f"{name}: needs CUDA tensors (or TRITON_INTERPRET=1 for the CPU interpreter), "
                         f"got {x.device}")


def _num_stages(dtype: torch.dtype) -> int:
    return 2 if dtype == torch.float32 else 3


@triton.jit
def _tile_accumulate(x_ptr, w_ptr, M, N, K, stride_xm, stride_xk, stride_wn, stride_wk,
                     pid_m, pid_n, k_begin, k_end,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                     IEEE: tl.constexpr, UPCAST: tl.constexpr):
    """fp32 accumulator [BLOCK_M, BLOCK_N] of x[rows] @ w[cols].T over k in [k_begin, k_end),
    walked in BLOCK_K steps in increasing order."""
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)                       # [BM]
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)                       # [BN]
    row_ok = offs_m < M
    col_ok = offs_n < N
    x_rows = x_ptr + offs_m.to(tl.int64)[:, None] * stride_xm              # [BM, 1]
    w_cols = w_ptr + offs_n.to(tl.int64)[None, :] * stride_wn              # [1, BN]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(k_begin, k_end, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)                                # [BK]
        k_ok = offs_k < k_end
        a = tl.load(x_rows + offs_k[None, :] * stride_xk,
                    mask=row_ok[:, None] & k_ok[None, :], other=0.0)       # [BM, BK]
        b = tl.load(w_cols + offs_k[:, None] * stride_wk,
                    mask=k_ok[:, None] & col_ok[None, :], other=0.0)       # [BK, BN]
        if UPCAST:
            acc = tl.dot(a.to(tl.float32), b.to(tl.float32), acc, input_precision="ieee")
        elif IEEE:
            acc = tl.dot(a, b, acc, input_precision="ieee")
        else:
            acc = tl.dot(a, b, acc)
    return acc


# The row count is never specialized on: one compiled kernel serves every M.
@triton.jit(do_not_specialize=["M"])
def _gemm_kernel(x_ptr, w_ptr, bias_ptr, out_ptr, M, N, K,
                 stride_xm, stride_xk, stride_wn, stride_wk, stride_om, stride_on,
                 HAS_BIAS: tl.constexpr, IEEE: tl.constexpr, UPCAST: tl.constexpr,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = _tile_accumulate(x_ptr, w_ptr, M, N, K, stride_xm, stride_xk, stride_wn, stride_wk,
                           pid_m, pid_n, 0, K, BLOCK_M, BLOCK_N, BLOCK_K, IEEE, UPCAST)   # [BM, BN] fp32
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    if HAS_BIAS:
        acc = acc + tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0).to(tl.float32)[None, :]
    out = out_ptr + offs_m.to(tl.int64)[:, None] * stride_om + offs_n[None, :] * stride_on
    tl.store(out, acc.to(out_ptr.dtype.element_ty), mask=(offs_m < M)[:, None] & (offs_n < N)[None, :])


@triton.jit(do_not_specialize=["M"])
def _split_k_partial_kernel(x_ptr, w_ptr, part_ptr, M, N, K, K_PER_SPLIT,
                            stride_xm, stride_xk, stride_wn, stride_wk,
                            IEEE: tl.constexpr, UPCAST: tl.constexpr,
                            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """part[s] = x[:, slice s of K] @ w[:, slice s of K].T in fp32; part is [SPLIT, M, N]."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    split = tl.program_id(2)
    k_begin = split * K_PER_SPLIT
    k_end = tl.minimum(k_begin + K_PER_SPLIT, K)
    acc = _tile_accumulate(x_ptr, w_ptr, M, N, K, stride_xm, stride_xk, stride_wn, stride_wk,
                           pid_m, pid_n, k_begin, k_end, BLOCK_M, BLOCK_N, BLOCK_K, IEEE, UPCAST)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    part = part_ptr + split.to(tl.int64) * M * N + offs_m.to(tl.int64)[:, None] * N + offs_n[None, :]
    tl.store(part, acc, mask=(offs_m < M)[:, None] & (offs_n < N)[None, :])


@triton.jit(do_not_specialize=["M"])
def _split_k_sum_kernel(part_ptr, bias_ptr, out_ptr, M, N, stride_om, stride_on,
                        SPLIT: tl.constexpr, HAS_BIAS: tl.constexpr, BLOCK: tl.constexpr):
    """out = part[0] + part[1] + ... + part[SPLIT-1] (+ bias), left to right, per element."""
    offs = (tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)).to(tl.int64)  # flat index into [M, N]
    ok = offs < M * N
    total = tl.load(part_ptr + offs, mask=ok, other=0.0)
    for s in tl.static_range(1, SPLIT):
        total = total + tl.load(part_ptr + s * M.to(tl.int64) * N + offs, mask=ok, other=0.0)
    col = offs % N
    if HAS_BIAS:
        total = total + tl.load(bias_ptr + col, mask=ok, other=0.0).to(tl.float32)
    row = (offs // N).to(tl.int64)
    tl.store(out_ptr + row * stride_om + col * stride_on, total.to(out_ptr.dtype.element_ty), mask=ok)


def bi_linear(x: torch.Tensor, w: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:
    """x [M, K] @ w [N, K].T (+ bias [N]) -> [M, N] in x.dtype, fp32 accumulation.

    Row m of the result depends only on x[m], w and bias (bitwise), never on M or the other rows.
    x and w may be strided views (a fused weight's slice, a row subset): nothing is copied.
    """
    _check_operands("bi_linear", x, w, bias)
    M, K = x.shape
    N = w.shape[0]
    out = torch.empty((M, N), dtype=x.dtype, device=x.device)
    if M == 0 or N == 0:
        return out
    t = GEMM_TILE
    grid = (triton.cdiv(M, t.block_m), triton.cdiv(N, t.block_n))
    _gemm_kernel[grid](x, w, bias if bias is not None else x, out, M, N, K,
                       x.stride(0), x.stride(1), w.stride(0), w.stride(1), out.stride(0), out.stride(1),
                       HAS_BIAS=bias is not None, IEEE=x.dtype == torch.float32, UPCAST=upcast_dot_operands(x.dtype),
                       BLOCK_M=t.block_m, BLOCK_N=t.block_n, BLOCK_K=t.block_k,
                       num_warps=t.num_warps, num_stages=_num_stages(x.dtype), enable_fp_fusion=FP_FUSION)
    return out


def small_split_k(n: int, k: int) -> int:
    """Split-K factor of `bi_linear_small` for a weight [n, k]: a function of the weight shape
    only, so every row count gets the same reduction schedule.

    Enough splits that one 16-row band launches about `SMALL_TARGET_PROGRAMS` programs, but each
    split keeps at least `SMALL_MIN_K_PER_SPLIT` elements of K (fewer would be all overhead).
    """
    if n < 1 or k < 1:
        raise ValueError(f"small_split_k: weight shape must be positive, got [{n}, {k}]")
    column_tiles = triton.cdiv(n, SMALL_TILE.block_n)
    wanted = max(1, SMALL_TARGET_PROGRAMS // column_tiles)
    room = max(1, k // SMALL_MIN_K_PER_SPLIT)
    return min(wanted, room, SMALL_MAX_SPLIT)


def bi_linear_small(x: torch.Tensor, w: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:
    """x [M, K] @ w [N, K].T (+ bias [N]) -> [M, N] for few rows (decode steps, the LM head).

    Same guarantee as `bi_linear` (a row's bits depend only on that row and the weight), with a
    schedule built for small M: 16-row tiles, `small_split_k(N, K)` fp32 partials over K slices
    of a fixed width (a multiple of BLOCK_K), summed in split order by a second kernel.
    """
    _check_operands("bi_linear_small", x, w, bias)
    M, K = x.shape
    N = w.shape[0]
    out = torch.empty((M, N), dtype=x.dtype, device=x.device)
    if M == 0 or N == 0:
        return out
    t = SMALL_TILE
    split = small_split_k(N, K)
    k_per_split = triton.cdiv(triton.cdiv(K, split), t.block_k) * t.block_k
    split = triton.cdiv(K, k_per_split)            # rounding the slice up can leave fewer splits
    partials = torch.empty((split, M, N), dtype=torch.float32, device=x.device)   # [SPLIT, M, N]
    grid = (triton.cdiv(M, t.block_m), triton.cdiv(N, t.block_n), split)
    _split_k_partial_kernel[grid](x, w, partials, M, N, K, k_per_split,
                                  x.stride(0), x.stride(1), w.stride(0), w.stride(1),
                                  IEEE=x.dtype == torch.float32, UPCAST=upcast_dot_operands(x.dtype),
                                  BLOCK_M=t.block_m, BLOCK_N=t.block_n, BLOCK_K=t.block_k,
                                  num_warps=t.num_warps, num_stages=_num_stages(x.dtype), enable_fp_fusion=FP_FUSION)
    sum_block = 1024
    _split_k_sum_kernel[(triton.cdiv(M * N, sum_block),)](
        partials, bias if bias is not None else partials, out, M, N, out.stride(0), out.stride(1),
        SPLIT=split, HAS_BIAS=bias is not None, BLOCK=sum_block, num_warps=4, enable_fp_fusion=FP_FUSION)
    return out


__all__ = ["GEMM_TILE", "SMALL_TILE", "GemmTile", "bi_linear", "bi_linear_small", "small_split_k"]
