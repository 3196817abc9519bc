"""`fork_attention` against a plain masked-softmax attention, and bitwise row independence.

Without CUDA the kernel runs under Triton's CPU interpreter (`TRITON_INTERPRET=1`) at tiny
shapes; with CUDA natively. Where this process cannot interpret (see `test_triton_interpreter.py`)
the class is not collected and `test_in_a_fresh_interpreter_process` runs this file in a child
pytest started with the variable.

Shapes cross block edges (64-query and 64-key blocks): widths past one query block, prefixes
with a tail block, a head dim that is not a power of two, GQA and plain multi-head.
"""
from __future__ import annotations

import pytest
import torch

from test_triton_interpreter import DEVICE, RUNNABLE_HERE, fresh_interpreter_test  # sets TRITON_INTERPRET
from deg_model.kernels import reference
from deg_model.kernels.triton_attention import (
    attention_tile, fork_attention, rows_attention, trunk_attention)

FP32 = dict(rtol=1e-5, atol=2e-6)


def plain_attention(q, prefix_k, prefix_v, own_k, own_v, lengths, q_start=None):
    """The definition, one row and head at a time: softmax over [prefix keys, own keys 0..p] for
    a query at own position p < length; padded queries give zeros. fp64 throughout."""
    rows, n, hq, d = q.shape
    hkv = prefix_k.shape[0]
    q_start = torch.zeros_like(lengths) if q_start is None else q_start
    out = torch.zeros(rows, n, hq, d, dtype=torch.float64)
    for r in range(rows):
        for h in range(hq):
            g = h // (hq // hkv)
            keys = torch.cat([prefix_k[g], own_k[r, g]]).double().cpu()          # [P + W, D]
            values = torch.cat([prefix_v[g], own_v[r, g]]).double().cpu()
            for i in range(n):
                pos = int(q_start[r]) + i
                if pos >= int(lengths[r]):
                    continue
                seen = prefix_k.shape[1] + pos + 1
                s = keys[:seen] @ q[r, i, h].double().cpu() * d ** -0.5          # [seen]
                out[r, i, h] = torch.softmax(s, 0) @ values[:seen]
    return out


def _inputs(rows, width, hq, hkv, d, prefix, seed=0, dtype=torch.float32):
    g = torch.Generator().manual_seed(seed)
    t = lambda *shape: torch.randn(*shape, generator=g).to(DEVICE, dtype)          # noqa: E731
    return (t(rows, width, hq, d), t(hkv, prefix, d), t(hkv, prefix, d),
            t(rows, hkv, width, d), t(rows, hkv, width, d))


def _lengths(*values):
    return torch.tensor(values, dtype=torch.int64, device=DEVICE)


def _poison_padding(x_rows, lengths, dim):
    """Copy of a per-row tensor with NaN at every own position >= the row's length: a kernel
    that read one of them (or let it leak through a 0 * x) would produce NaN."""
    x = x_rows.clone()
    for r, n in enumerate(lengths.tolist()):
        x.narrow(0, r, 1).narrow(dim, n, x.shape[dim] - n).fill_(float("nan"))
    return x


class TestForkAttention:
    __test__ = RUNNABLE_HERE

    def test_block_config_depends_on_the_head_dim_only(self):
        assert attention_tile(16) == attention_tile(64)
        assert (attention_tile(64).block_q, attention_tile(64).block_kv) == (64, 64)
        assert (attention_tile(256).block_q, attention_tile(256).block_kv) == (64, 32)

    def test_gqa_with_prefix_matches_plain_attention(self):
        q, pk, pv, ok, ov = _inputs(rows=4, width=70, hq=4, hkv=2, d=16, prefix=75)
        lengths = _lengths(70, 5, 66, 0)
        out = fork_attention(q, pk, pv, ok, ov, lengths)
        assert out.shape == q.shape and out.dtype == q.dtype
        torch.testing.assert_close(out.double().cpu(), plain_attention(q, pk, pv, ok, ov, lengths), **FP32)

    def test_no_prefix_multi_head_and_odd_head_dim(self):
        q, pk, pv, ok, ov = _inputs(rows=2, width=9, hq=3, hkv=3, d=24, prefix=0, seed=1)
        lengths = _lengths(9, 4)
        out = fork_attention(q, pk, pv, ok, ov, lengths)
        torch.testing.assert_close(out.double().cpu(), plain_attention(q, pk, pv, ok, ov, lengths), **FP32)

    def test_custom_scale(self):
        q, pk, pv, ok, ov = _inputs(rows=1, width=5, hq=2, hkv=1, d=16, prefix=3, seed=2)
        lengths = _lengths(5)
        # scaling the queries by c is the same as a softmax scale of c / sqrt(D)
        want = fork_attention(q * 0.5, pk, pv, ok, ov, lengths)
        torch.testing.assert_close(fork_attention(q, pk, pv, ok, ov, lengths, scale=0.5 * 16 ** -0.5), want,
                                   **FP32)

    def test_decode_queries_at_q_start_match_plain_attention(self):
        _, pk, pv, ok, ov = _inputs(rows=3, width=20, hq=4, hkv=2, d=16, prefix=10, seed=3)
        q = torch.randn(3, 1, 4, 16, generator=torch.Generator().manual_seed(4)).to(DEVICE)
        q_start = _lengths(0, 7, 19)
        lengths = q_start + 1
        out = fork_attention(q, pk, pv, ok, ov, lengths, q_start=q_start)
        torch.testing.assert_close(out.double().cpu(), plain_attention(q, pk, pv, ok, ov, lengths, q_start),
                                   **FP32)

    def test_adapters_match_the_torch_reference_kernels(self):
        q, pk, pv, ok, ov = _inputs(rows=3, width=12, hq=4, hkv=2, d=16, prefix=30, seed=5)
        zero = _lengths(0, 0, 0)
        torch.testing.assert_close(rows_attention(q, pk, pv, ok, ov, zero),
                                   reference.rows_attention(q, pk, pv, ok, ov, zero), **FP32)
        q_start = _lengths(2, 0, 9)
        torch.testing.assert_close(rows_attention(q[:, :3], pk, pv, ok, ov, q_start),
                                   reference.rows_attention(q[:, :3], pk, pv, ok, ov, q_start), **FP32)
        g = torch.Generator().manual_seed(6)
        keys, values = (torch.randn(2, 50, 16, generator=g).to(DEVICE) for _ in range(2))
        chunk = torch.randn(20, 4, 16, generator=g).to(DEVICE)
        for start, c in ((30, 20), (0, 20)):
            torch.testing.assert_close(trunk_attention(chunk[:c], keys[:, :start + c], values[:, :start + c], start),
                                       reference.trunk_attention(chunk[:c], keys[:, :start + c],
                                                                 values[:, :start + c], start), **FP32)

    def test_row_is_bitwise_independent_of_batch_order_and_padding(self):
        # Row `me` alone at exactly its own width, then inside padded batches of other widths and
        # orders whose padding is NaN: the real positions must carry the same bits every time.
        q, pk, pv, ok, ov = _inputs(rows=4, width=96, hq=4, hkv=2, d=16, prefix=70, seed=7)
        lengths = _lengths(67, 3, 96, 40)
        me = 0
        n = int(lengths[me])
        alone = fork_attention(q[me:me + 1, :n], pk, pv, ok[me:me + 1, :, :n], ov[me:me + 1, :, :n],
                               lengths[me:me + 1])[0]                                   # [n, Hq, D]
        for order, width in (([0, 1, 2, 3], 96), ([3, 1, 0], 70), ([1, 0], 67), ([2, 0, 0], 96)):
            idx = torch.tensor(order, device=DEVICE)
            lens = lengths[idx].clamp(max=width)
            qb = _poison_padding(q[idx, :width], lens, dim=1)
            kb = _poison_padding(ok[idx, :, :width], lens, dim=2)
            vb = _poison_padding(ov[idx, :, :width], lens, dim=2)
            out = fork_attention(qb, pk, pv, kb, vb, lens)
            at = order.index(me)
            assert torch.equal(out[at, :n], alone), (order, width)
            for r, m in enumerate(lens.tolist()):
                assert torch.equal(out[r, m:], torch.zeros_like(out[r, m:])), "padded queries must be exact zeros"

    def test_prefix_is_read_in_place_from_a_strided_buffer(self):
        q, pk, pv, ok, ov = _inputs(rows=2, width=8, hq=4, hkv=2, d=16, prefix=40, seed=8)
        lengths = _lengths(8, 6)
        # a KV buffer with spare capacity, laid out [capacity, Hkv, D]: the prefix is a strided view
        capacity_k = torch.zeros(64, 2, 16, device=DEVICE)
        capacity_v = torch.zeros(64, 2, 16, device=DEVICE)
        capacity_k[:40] = pk.transpose(0, 1)
        capacity_v[:40] = pv.transpose(0, 1)
        view_k, view_v = capacity_k[:40].transpose(0, 1), capacity_v[:40].transpose(0, 1)    # [Hkv, P, D]
        assert not view_k.is_contiguous()
        assert torch.equal(fork_attention(q, view_k, view_v, ok, ov, lengths),
                           fork_attention(q, pk, pv, ok, ov, lengths))

    def test_bf16_inputs_with_fp32_softmax(self):
        q, pk, pv, ok, ov = _inputs(rows=2, width=10, hq=2, hkv=1, d=16, prefix=20, seed=9, dtype=torch.bfloat16)
        lengths = _lengths(10, 7)
        out = fork_attention(q, pk, pv, ok, ov, lengths)
        assert out.dtype == torch.bfloat16
        want = plain_attention(q, pk, pv, ok, ov, lengths)
        # probabilities and outputs each pass through bf16 once
        torch.testing.assert_close(out.double().cpu(), want, rtol=2e-2, atol=2e-2)
        alone = fork_attention(q[1:], pk, pv, ok[1:], ov[1:], lengths[1:])
        assert torch.equal(alone[0, :7], out[1, :7])

    def test_bad_inputs_are_named(self, monkeypatch):
        q, pk, pv, ok, ov = _inputs(rows=2, width=4, hq=3, hkv=2, d=16, prefix=5)
        with pytest.raises(ValueError, match="not a multiple"):
            fork_attention(q, pk, pv, ok, ov, _lengths(4, 4))
        q, pk, pv, ok, ov = _inputs(rows=2, width=4, hq=4, hkv=2, d=16, prefix=5)
        with pytest.raises(ValueError, match="lengths <= W=4"):
            fork_attention(q, pk, pv, ok, ov, _lengths(5, 4))
        with pytest.raises(ValueError, match=r"lengths must be an integer \[rows=2\]"):
            fork_attention(q, pk, pv, ok, ov, _lengths(4))
        with pytest.raises(ValueError, match="prefix_k"):
            fork_attention(q, pk[:1], pv, ok, ov, _lengths(4, 4))
        with pytest.raises(ValueError, match="own_k"):
            fork_attention(q, pk, pv, ok[:1], ov, _lengths(4, 4))
        with pytest.raises(ValueError, match="share one of"):
            fork_attention(q, pk.double(), pv, ok, ov, _lengths(4, 4))
        with pytest.raises(ValueError, match=r"q \[rows, n, Hq, D\]"):
            fork_attention(q[0], pk, pv, ok, ov, _lengths(4, 4))
        monkeypatch.setenv("TRITON_INTERPRET", "0")
        with pytest.raises(ValueError, match="needs CUDA"):
            fork_attention(*(t.cpu() for t in (q, pk, pv, ok, ov)), torch.tensor([4, 4]))


test_in_a_fresh_interpreter_process = fresh_interpreter_test(__file__)
