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
in a bigger schema. A lone tile is therefore solved beside a zero tile (its result dropped):
every tile, alone or not, takes the batched path. It does so at no extra work: the lone
tile's problem is split by output columns into two half-width problems of one batch (a weight
view, never copied), and each output element's reduction over `in` is the same as in the
full-width problem, so the bits equal those the tile gets among others (held for every
projection shape of the embedded backbone, one and two threads, in the tests). Only an odd
output width falls back to solving the tile beside a zero tile.

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
    tiles = x.shape[0]
    x = x.contiguous()
    if tiles == 1 and weight.shape[0] % 2 == 0:
        half = weight.shape[0] // 2
        halves = weight.reshape(2, half, weight.shape[1]).transpose(1, 2)    # [2, in, out/2] view
        cols = torch.bmm(x.expand(2, x.shape[1], x.shape[2]), halves)         # [2, n, out/2]
        out = torch.cat([cols[0], cols[1]], -1).unsqueeze(0)                  # [1, n, out]
        return out if bias is None else out + bias
    if tiles == 1:
        x = torch.cat([x, torch.zeros_like(x)])                     # [2, n, in]: never a batch of one
    wt = weight.t()                                                  # [in, out] view
    out = torch.bmm(x, wt.expand(x.shape[0], wt.shape[0], wt.shape[1]))[:tiles]  # [tiles, n, out]
    return out if bias is None else out + bias
