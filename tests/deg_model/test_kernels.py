"""Kernels: the gated delta rule (recurrent = chunked = transformers' torch code; padding is an
exact no-op), the causal conv tail, the tiled GEMM and fork attention (bitwise row-invariant),
and flash-linear-attention's fused recurrent kernel under Triton's interpreter."""
from __future__ import annotations

import importlib.util
import inspect
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F

from deg_model.kernels import delta_rule, delta_rule_kernels, reference
from deg_model.kernels.conv import causal_conv
from deg_model.kernels.tiles import linear

REPO = Path(__file__).resolve().parents[2]


def _inputs(seed: int, R: int = 2, W: int = 150, H: int = 3, Dk: int = 8, Dv: int = 12):
    gen = torch.Generator().manual_seed(seed)
    q = F.normalize(torch.randn(R, W, H, Dk, generator=gen), dim=-1)
    k = F.normalize(torch.randn(R, W, H, Dk, generator=gen), dim=-1)
    v = torch.randn(R, W, H, Dv, generator=gen)
    g = -torch.rand(R, W, H, generator=gen) * 0.5
    beta = torch.rand(R, W, H, generator=gen)
    state = 0.1 * torch.randn(R, H, Dk, Dv, generator=gen)
    return q, k, v, g, beta, state


def test_cpu_serving_uses_the_torch_reference():
    kernels = delta_rule_kernels(torch.device("cpu"))
    assert kernels.name == "reference" and kernels.recurrent is delta_rule.recurrent_gated_delta_rule


def test_chunked_equals_recurrent_with_an_initial_state():
    q, k, v, g, beta, s0 = _inputs(0)
    o_rec, s_rec = delta_rule.recurrent_gated_delta_rule(q, k, v, g, beta, 8 ** -0.5, s0)
    o_chk, s_chk = delta_rule.chunked_gated_delta_rule(q, k, v, g, beta, 8 ** -0.5, s0)
    assert (o_rec - o_chk).abs().max() <= 1e-5 and (s_rec - s_chk).abs().max() <= 1e-5
    # carrying the state across two calls = one call
    o1, s1 = delta_rule.chunked_gated_delta_rule(q[:, :70], k[:, :70], v[:, :70], g[:, :70], beta[:, :70], 8 ** -0.5, s0)
    o2, s2 = delta_rule.chunked_gated_delta_rule(q[:, 70:], k[:, 70:], v[:, 70:], g[:, 70:], beta[:, 70:], 8 ** -0.5, s1)
    assert (torch.cat([o1, o2], 1) - o_chk).abs().max() <= 1e-5 and (s2 - s_chk).abs().max() <= 1e-5


def test_recurrent_matches_transformers_torch_code():
    import transformers.models.qwen3_5.modeling_qwen3_5 as modeling

    hf = inspect.unwrap(modeling.torch_recurrent_gated_delta_rule)
    q, k, v, g, beta, s0 = _inputs(1, W=40)
    ours, state = delta_rule.recurrent_gated_delta_rule(q, k, v, g, beta, 8 ** -0.5, s0)
    ref, ref_state = hf(q, k, v, g=g, beta=beta, initial_state=s0, output_final_state=True,
                        use_qk_l2norm_in_kernel=False)
    assert (ours - ref).abs().max() <= 1e-6 and (state - ref_state).abs().max() <= 1e-6


def test_padded_positions_never_touch_the_state():
    q, k, v, g, beta, s0 = _inputs(2, R=3, W=30)
    valid = torch.arange(30)[None, :] < torch.tensor([30, 11, 1])[:, None]
    out, state = delta_rule.recurrent_gated_delta_rule(q, k, v, g, beta, 0.3, s0, valid)
    for r, n in enumerate((30, 11, 1)):
        alone, alone_state = delta_rule.recurrent_gated_delta_rule(
            q[r:r + 1, :n], k[r:r + 1, :n], v[r:r + 1, :n], g[r:r + 1, :n], beta[r:r + 1, :n], 0.3, s0[r:r + 1])
        assert torch.equal(state[r], alone_state[0]) and torch.equal(out[r, :n], alone[0])


def test_delta_rule_rejects_inconsistent_shapes():
    q, k, v, g, beta, s0 = _inputs(3, W=5)
    with pytest.raises(ValueError, match="state"):
        delta_rule.recurrent_gated_delta_rule(q, k, v, g, beta, 0.3, s0[:, :1])
    with pytest.raises(ValueError, match="inconsistent shapes"):
        delta_rule.chunked_gated_delta_rule(q, k[:, :4], v, g, beta, 0.3, s0)


def test_conv_tail_is_gathered_at_each_rows_length():
    gen = torch.Generator().manual_seed(4)
    x = torch.randn(2, 9, 5, generator=gen)
    tail = torch.randn(2, 3, 5, generator=gen)
    weight = torch.randn(4, 5, generator=gen)
    valid = torch.arange(9)[None, :] < torch.tensor([9, 2])[:, None]
    out, new_tail = causal_conv(x, tail, weight, valid)
    inputs = torch.cat([tail, x], 1)
    assert torch.equal(new_tail[0], x[0, 6:9]) and torch.equal(new_tail[1], inputs[1, 2:5])
    ref = F.conv1d(inputs.transpose(1, 2), weight.t()[:, None, :], groups=5).transpose(1, 2)
    assert (out - ref).abs().max() <= 1e-6


@pytest.mark.parametrize("threads", [None, 1])
def test_tiled_linear_gives_a_token_the_same_bits_anywhere(threads):
    old = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        gen = torch.Generator().manual_seed(5)
        weight = torch.randn(200, 96, generator=gen)
        tokens = torch.randn(64 * 6, 96, generator=gen)
        full = linear(tokens.view(6, 64, 96), weight)
        for shift in (1, 16, 37, 63, 64, 100):
            moved = torch.roll(tokens, shift, 0)
            got = torch.roll(linear(moved.view(6, 64, 96), weight).view(-1, 200), -shift, 0)
            assert torch.equal(got, full.view(-1, 200))
        assert torch.equal(linear(tokens[:64].view(1, 64, 96), weight)[0], full[0])
        assert (full.view(-1, 200) - tokens @ weight.t()).abs().max() <= 1e-4
    finally:
        torch.set_num_threads(old)


def test_a_lone_tile_takes_the_batched_gemm_path(monkeypatch):
    """A one-problem `bmm` goes to the BLAS's plain GEMM, whose last bits may differ from a
    batched problem's on some CPUs: a lone tile is two half-width problems of one batch (an odd
    width: beside a zero tile), never a batch of one."""
    seen = []
    real_bmm = torch.bmm

    def spy(a, b, *args, **kwargs):
        seen.append((int(a.shape[0]), int(b.shape[-1])))
        return real_bmm(a, b, *args, **kwargs)
    monkeypatch.setattr(torch, "bmm", spy)
    gen = torch.Generator().manual_seed(7)
    for width in (48, 47):
        seen.clear()
        weight, bias = torch.randn(width, 32, generator=gen), torch.randn(width, generator=gen)
        tiles = torch.randn(3, 64, 32, generator=gen)
        together = linear(tiles, weight, bias)
        lone = linear(tiles[1:2], weight, bias)
        assert seen == [(3, width), (2, width // 2 if width % 2 == 0 else width)]
        assert lone.shape == (1, 64, width) and torch.equal(lone[0], together[1])


# (in, out) of every projection of the embedded SmolLM2-135M (qkv, o, gate_up, down, lm head)
# and of its rank-16 adapters, on the fork grid's 16-row tiles
BACKBONE_SHAPES = [(576, 960), (576, 576), (576, 3072), (1536, 576), (576, 49152), (576, 48), (16, 960),
                   (16, 3072)]


@pytest.mark.parametrize("threads", [1, 2])
def test_a_lone_tile_has_the_bits_it_has_among_other_tiles(threads):
    old = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        gen = torch.Generator().manual_seed(11)
        for n_in, n_out in BACKBONE_SHAPES:
            weight = torch.randn(n_out, n_in, generator=gen) * 0.05
            tiles = torch.randn(4, 16, n_in, generator=gen)
            tiles[2, 5:] = 0.0                                   # a part-filled tile, as forks leave them
            together = linear(tiles, weight)
            for t in range(4):
                assert torch.equal(linear(tiles[t:t + 1], weight)[0], together[t]), (n_in, n_out, t)
    finally:
        torch.set_num_threads(old)


def test_rows_attention_matches_softmax_and_is_row_invariant():
    gen = torch.Generator().manual_seed(6)
    R, n, Hq, Hkv, D, P = 3, 16, 4, 2, 8, 37
    q = torch.randn(R, n, Hq, D, generator=gen)
    pk, pv = torch.randn(Hkv, P, D, generator=gen), torch.randn(Hkv, P, D, generator=gen)
    ok, ov = torch.randn(R, Hkv, n, D, generator=gen), torch.randn(R, Hkv, n, D, generator=gen)
    start = torch.zeros(R, dtype=torch.long)
    out = reference.rows_attention(q, pk, pv, ok, ov, start)
    for r in range(R):
        assert torch.equal(reference.rows_attention(q[r:r + 1], pk, pv, ok[r:r + 1], ov[r:r + 1], start[:1])[0], out[r])
        keys = torch.cat([pk, ok[r]], 1).repeat_interleave(Hq // Hkv, 0)          # [Hq, P + n, D]
        values = torch.cat([pv, ov[r]], 1).repeat_interleave(Hq // Hkv, 0)
        mask = torch.ones(n, P + n, dtype=torch.bool)
        mask[:, P:] = torch.ones(n, n, dtype=torch.bool).tril()
        ref = F.scaled_dot_product_attention(q[r].transpose(0, 1), keys, values, attn_mask=mask)
        assert (out[r] - ref.transpose(0, 1).reshape(n, Hq * D)).abs().max() <= 1e-5


INTERPRETER_CHECK = textwrap.dedent('''
    import torch, torch.nn.functional as F
    from deg_model.kernels import delta_rule, fla
    gen = torch.Generator().manual_seed(0)
    R, W, H, Dk, Dv = 2, 12, 2, 16, 16
    q = F.normalize(torch.randn(R, W, H, Dk, generator=gen), dim=-1)
    k = F.normalize(torch.randn(R, W, H, Dk, generator=gen), dim=-1)
    v = torch.randn(R, W, H, Dv, generator=gen)
    g, beta = -torch.rand(R, W, H, generator=gen), torch.rand(R, W, H, generator=gen)
    s0 = 0.1 * torch.randn(R, H, Dk, Dv, generator=gen)
    valid = torch.arange(W)[None, :] < torch.tensor([W, 5])[:, None]
    ref, ref_state = delta_rule.recurrent_gated_delta_rule(q, k, v, g, beta, Dk ** -0.5, s0, valid)
    out, state = fla.recurrent_gated_delta_rule(q, k, v, g, beta, Dk ** -0.5, s0, valid)
    err = max(float((out[0] - ref[0]).abs().max()), float((out[1, :5] - ref[1, :5]).abs().max()),
              float((state - ref_state).abs().max()))
    print("max abs", err)
    assert err <= 1e-5, err
''')


@pytest.mark.skipif(importlib.util.find_spec("fla") is None or importlib.util.find_spec("triton") is None,
                    reason="flash-linear-attention / triton not installed")
def test_fla_fused_recurrent_kernel_matches_reference_under_triton_interpreter():
    """FLA's Triton kernel on the CPU through Triton's interpreter, in a fresh interpreter
    process (TRITON_INTERPRET must be set before Triton is imported). FLA's chunk kernel does
    not run under the interpreter (its autotuner needs a GPU driver), so it is checked on CUDA."""
    env = dict(os.environ, TRITON_INTERPRET="1", PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", INTERPRETER_CHECK], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert "max abs" in done.stdout


@pytest.mark.skipif(not torch.cuda.is_available() or importlib.util.find_spec("fla") is None,
                    reason="needs CUDA and flash-linear-attention")
def test_fla_kernels_match_reference_on_cuda():
    from deg_model.kernels import fla

    q, k, v, g, beta, s0 = _inputs(7, W=100)
    args = [t.cuda() for t in (q, k, v, g, beta)]
    ref, ref_state = delta_rule.recurrent_gated_delta_rule(q, k, v, g, beta, 8 ** -0.5, s0)
    for fn in (fla.recurrent_gated_delta_rule, fla.chunked_gated_delta_rule):
        out, state = fn(*args, 8 ** -0.5, s0.cuda())
        assert (out.cpu() - ref).abs().max() <= 1e-4 and (state.cpu() - ref_state).abs().max() <= 1e-4
