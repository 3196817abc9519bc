"""`bi_linear` / `bi_linear_small` against `F.linear`, and bitwise row independence.

Without CUDA the kernels run under Triton's CPU interpreter (`TRITON_INTERPRET=1`) at tiny
shapes; with CUDA natively. Where this process cannot interpret (see `test_triton_interpreter.py`)
the class is not collected and `test_in_a_fresh_interpreter_process` runs this file in a child
pytest started with the variable.

Shapes cross tile edges: M past one 64-row tile, N past one 64-column tile, K with a tail after
whole BLOCK_K steps, and for `bi_linear_small` a weight whose shape gives a split-K factor of 3.
"""
from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from test_triton_interpreter import DEVICE, RUNNABLE_HERE, fresh_interpreter_test  # sets TRITON_INTERPRET
from deg_model.kernels.triton_gemm import (
    GEMM_TILE, SMALL_TILE, bi_linear, bi_linear_small, small_split_k)

FP32 = dict(rtol=1e-5, atol=1e-5)
# One bf16 rounding of an fp32 result: half an ulp (2**-8 relative) on the GPU; the interpreter
# casts fp32 -> bf16 by truncation, a whole ulp.
BF16_RTOL = 2 ** -8 if torch.cuda.is_available() else 2 ** -7


def _operands(m: int, n: int, k: int, seed: int = 0, dtype=torch.float32):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(m, k, generator=g).to(DEVICE, dtype)
    w = (torch.randn(n, k, generator=g) / k ** 0.5).to(DEVICE, dtype)
    b = torch.randn(n, generator=g).to(DEVICE, dtype)
    return x, w, b


def _batches(x: torch.Tensor, row: int):
    """(batch, index of `row` in it) for batches of several sizes and orders around one row."""
    others = torch.cat([x[:row], x[row + 1:]])
    perm = torch.randperm(others.shape[0], generator=torch.Generator().manual_seed(1)).to(x.device)
    yield x[row:row + 1], 0
    yield torch.cat([others[:2], x[row:row + 1]]), 2
    yield torch.cat([others[perm][:63], x[row:row + 1]]), 63        # last row of one full tile
    yield torch.cat([others[perm][:64], x[row:row + 1]]), 64        # first row of a second tile
    yield torch.cat([x[row:row + 1], others.flip(0)]), 0
    yield torch.cat([others[perm][:37], x[row:row + 1], others[perm][37:]]), 37


class TestTritonGemm:
    __test__ = RUNNABLE_HERE

    def test_tile_configs_are_the_documented_constants(self):
        # The reduction schedule is part of the numerics: changing a tile changes every output bit.
        assert (GEMM_TILE.block_m, GEMM_TILE.block_n, GEMM_TILE.block_k) == (64, 64, 64)
        assert (SMALL_TILE.block_m, SMALL_TILE.block_n, SMALL_TILE.block_k) == (16, 64, 64)

    @pytest.mark.parametrize("with_bias", [False, True])
    def test_bi_linear_matches_torch_linear(self, with_bias):
        x, w, b = _operands(130, 70, 150)
        bias = b if with_bias else None
        torch.testing.assert_close(bi_linear(x, w, bias), F.linear(x, w, bias), **FP32)

    @pytest.mark.parametrize("with_bias", [False, True])
    def test_bi_linear_small_matches_torch_linear_with_split_k(self, with_bias):
        x, w, b = _operands(20, 70, 800)
        assert small_split_k(70, 800) == 3
        bias = b if with_bias else None
        torch.testing.assert_close(bi_linear_small(x, w, bias), F.linear(x, w, bias), **FP32)

    def test_bf16_accumulates_in_fp32_and_returns_bf16(self):
        x, w, b = _operands(70, 66, 130, dtype=torch.bfloat16)
        want = F.linear(x.float(), w.float(), b.float())
        for fn in (bi_linear, bi_linear_small):
            out = fn(x, w, b)
            assert out.dtype == torch.bfloat16
            torch.testing.assert_close(out.float(), want, rtol=BF16_RTOL, atol=1e-3)

    @pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
    def test_bi_linear_row_is_bitwise_independent_of_the_batch(self, dtype):
        x, w, b = _operands(100, 70, 150, seed=3, dtype=dtype)
        for row in (0, 41):
            alone = bi_linear(x[row:row + 1], w, b)[0]
            for batch, at in _batches(x, row):
                assert torch.equal(bi_linear(batch, w, b)[at], alone), (row, batch.shape[0], at)

    @pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
    def test_bi_linear_small_row_is_bitwise_independent_of_the_batch(self, dtype):
        x, w, b = _operands(40, 70, 800, seed=4, dtype=dtype)
        row = 17
        alone = bi_linear_small(x[row:row + 1], w, b)[0]
        others = torch.cat([x[:row], x[row + 1:]])
        me = x[row:row + 1]
        batches = ((x, row), (x.flip(0), 39 - row), (torch.cat([others[:15], me]), 15),   # end of a 16-row tile
                   (torch.cat([others[:16], me]), 16), (torch.cat([me, me]), 1))            # start of the next
        for batch, at in batches:
            assert torch.equal(bi_linear_small(batch, w, b)[at], alone), (batch.shape[0], at)

    def test_strided_views_are_read_in_place_with_the_same_bits(self):
        x, w, b = _operands(66, 140, 150, seed=5)
        fused = torch.cat([w, w.flip(0)])                                   # [280, K]: a fused weight
        part = fused[70:140]                                                # a row-slice view of it
        wide = torch.randn(66, 300, generator=torch.Generator().manual_seed(6)).to(DEVICE)
        x_view = wide[:, ::2]                                               # non-contiguous rows
        assert not x_view.is_contiguous()
        for fn in (bi_linear, bi_linear_small):
            assert torch.equal(fn(x_view, part, b[:70]), fn(x_view.contiguous(), part.contiguous(), b[:70]))
            assert torch.equal(fn(x.t().contiguous().t(), w), fn(x, w))     # column-major x

    def test_split_k_factor_is_a_function_of_the_weight_shape(self):
        # enough splits for ~128 programs per 16-row band, >= 256 K elements each, at most 16
        assert small_split_k(70, 800) == 3                       # K-bound: 800 // 256
        assert small_split_k(576, 576) == 2                      # K-bound
        assert small_split_k(576, 4096) == 14                    # 128 // 9 column tiles
        assert small_split_k(64, 1 << 20) == 16                  # capped
        assert small_split_k(151_936, 576) == 1                  # an LM head: already wide
        assert small_split_k(8, 100) == 1
        with pytest.raises(ValueError, match="positive"):
            small_split_k(0, 64)

    def test_empty_batch_and_single_column(self):
        x, w, _ = _operands(0, 5, 33)
        assert bi_linear(x, w).shape == (0, 5) and bi_linear_small(x, w).shape == (0, 5)
        x, w, _ = _operands(3, 1, 33)
        torch.testing.assert_close(bi_linear(x, w), F.linear(x, w), **FP32)

    @pytest.mark.parametrize("fn", [bi_linear, bi_linear_small])
    def test_bad_operands_are_named(self, fn, monkeypatch):
        x, w, b = _operands(4, 6, 8)
        with pytest.raises(ValueError, match="inner dimensions"):
            fn(x, w[:, :7])
        with pytest.raises(ValueError, match=r"x \[M, K\]"):
            fn(x[0], w)
        with pytest.raises(ValueError, match="share one of"):
            fn(x, w.double())
        with pytest.raises(ValueError, match="bias"):
            fn(x, w, b[:5])
        monkeypatch.setenv("TRITON_INTERPRET", "0")
        with pytest.raises(ValueError, match="needs CUDA"):
            fn(x.cpu(), w.cpu())


test_in_a_fresh_interpreter_process = fresh_interpreter_test(__file__)
