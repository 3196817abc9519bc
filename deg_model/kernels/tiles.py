"""Projections on fixed-shape token tiles: the batch-invariant GEMM of the fork path (CPU).

`linear(x, weight, bias)` accepts either
- `x [n, in]` (the trunk, batch 1): one plain `F.linear` over the whole chunk; or
- `x [tiles, FORK_GRID, in]` (forks and decode steps): ONE batched GEMM that solves the same
  `[FORK_GRID, in] x [in, out]` problem for every tile. The weight is broadcast as a stride-0
  batch operand (a view, never copied), so torch hands MKL a batch of identically shaped
  problems; each tile's result depends only on that tile, never on how many tiles share the
  call. This replaces one `F.linear` call per tile: the same bits, one dispatch instead of
  hundreds (the per-call overhead, not the arithmetic, made forks dearer than a re-read).

A lone tile is never a batch of one: `torch.bmm` hands a one-problem batch to the BLAS's
plain GEMM, which may run it multi-threaded with its own blocking, while a batch of several is
split across threads a problem at a time; on some CPUs the two give a token different last
bits, so a one-field schema (whose fork pass is often one tile) drifted from the same field
in a bigger schema. Every tile is therefore solved as two half-tile problems (rows 0..n/2-1
and n/2..n-1, the same shapes whatever the batch): even a lone tile is a batch of two, at no
extra work (a zero tile beside it would double a lone tile's GEMM, and small schemas run
hundreds of lone tiles a fill). A tile of odd height, which the fork grid never makes, is
solved beside a zero tile when alone.

Bias is added as a separate elementwise op on the tiled path (per element, so invariant).
"""
from __future__ import annotations

import torch
import torch.nn.functional as F


def linear(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:
    """x [n, in] or [tiles, n, in]; weight [out, in] -> [n, out] or [tiles, n, out]."""
    if x.dim() == 2:
        return F.linear(x, weight, bias)
    if x.dim() != 3:
        raise ValueError(f"linear expects [n, in] or [tiles, n, in] inputs, got shape {tuple(x.shape)}")
    if x.is_cuda:
        # cuBLAS picks tiles and split-K by shape; the fixed-config Triton GEMM does not.
        from .triton_gemm import bi_linear
        flat = x.reshape(-1, x.shape[-1])
        return bi_linear(flat, weight, bias).view(*x.shape[:-1], weight.shape[0])
    tiles, n, d_in = x.shape
    x = x.contiguous()
    wt = weight.t()                                                  # [in, out] view
    if n % 2 == 0:
        halves = x.view(tiles * 2, n // 2, d_in)                     # [2 tiles, n/2, in]
        out = torch.bmm(halves, wt.expand(tiles * 2, d_in, wt.shape[1])).view(tiles, n, wt.shape[1])
    else:
        padded = torch.cat([x, torch.zeros_like(x)]) if tiles == 1 else x   # never a batch of one
        out = torch.bmm(padded, wt.expand(padded.shape[0], d_in, wt.shape[1]))[:tiles]  # [tiles, n, out]
    return out if bias is None else out + bias
