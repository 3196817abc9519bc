"""flash-linear-attention's `fused_recurrent_gated_delta_rule` (the CUDA fork kernel of the
Gated DeltaNet layers) against the project's torch reference `recurrent_gated_delta_rule`.

Under Triton's CPU interpreter without CUDA, natively with it (where this process cannot
interpret, `test_in_a_fresh_interpreter_process` reruns the file in a child pytest; see
`test_triton_interpreter.py`). Checked: outputs and final state within fp32 tolerance, value
heads grouped over fewer q/k heads, right padding through beta = g = 0 (the contract's no-write,
no-decay positions) giving the same state as the row's real length, and bitwise row
independence.
"""
from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from test_triton_interpreter import DEVICE, RUNNABLE_HERE, fresh_interpreter_test  # sets TRITON_INTERPRET

fla_ops = pytest.importorskip("fla.ops.gated_delta_rule", reason="flash-linear-attention is not installed")

from deg_model.kernels.delta_rule import recurrent_gated_delta_rule  # noqa: E402

FP32 = dict(rtol=1e-5, atol=1e-5)


def _inputs(rows, tokens, heads, value_heads, dk, dv, seed=0):
    """Qwen3.5-style operands: L2-normalized q/k, log-space decays g <= 0, beta in (0, 1)."""
    g = torch.Generator().manual_seed(seed)
    r = lambda *shape: torch.randn(*shape, generator=g)                          # noqa: E731
    q = F.normalize(r(rows, tokens, heads, dk), dim=-1)
    k = F.normalize(r(rows, tokens, heads, dk), dim=-1)
    v = r(rows, tokens, value_heads, dv)
    decay = F.logsigmoid(r(rows, tokens, value_heads) + 2.0)
    beta = torch.rand(rows, tokens, value_heads, generator=g)
    state = r(rows, value_heads, dk, dv) * 0.5
    return tuple(t.to(DEVICE) for t in (q, k, v, decay, beta, state))


def _fla(q, k, v, decay, beta, state):
    return fla_ops.fused_recurrent_gated_delta_rule(q, k, v, g=decay, beta=beta, scale=q.shape[-1] ** -0.5,
                                                    initial_state=state, output_final_state=True)


class TestFlaGatedDeltaRule:
    __test__ = RUNNABLE_HERE

    def test_matches_the_torch_reference(self):
        q, k, v, decay, beta, state = _inputs(rows=3, tokens=7, heads=2, value_heads=2, dk=16, dv=32)
        out, final = _fla(q, k, v, decay, beta, state)
        want_out, want_final = recurrent_gated_delta_rule(q, k, v, decay, beta, 16 ** -0.5, state)
        torch.testing.assert_close(out, want_out, **FP32)
        torch.testing.assert_close(final, want_final, **FP32)

    def test_grouped_value_heads_match_the_reference_on_repeated_q_k(self):
        # value head h reads q/k head h // (HV / H); the reference takes q/k already per value head
        q, k, v, decay, beta, state = _inputs(rows=2, tokens=5, heads=2, value_heads=4, dk=16, dv=16, seed=1)
        out, final = _fla(q, k, v, decay, beta, state)
        want_out, want_final = recurrent_gated_delta_rule(q.repeat_interleave(2, 2), k.repeat_interleave(2, 2),
                                                          v, decay, beta, 16 ** -0.5, state)
        torch.testing.assert_close(out, want_out, **FP32)
        torch.testing.assert_close(final, want_final, **FP32)

    def test_padding_with_zero_beta_and_decay_leaves_the_state_of_the_real_length(self):
        q, k, v, decay, beta, state = _inputs(rows=3, tokens=8, heads=2, value_heads=2, dk=16, dv=16, seed=2)
        lengths = [8, 3, 5]
        valid = torch.arange(8, device=DEVICE)[None, :] < torch.tensor(lengths, device=DEVICE)[:, None]   # [R, T]
        decay = decay.masked_fill(~valid[..., None], 0.0)
        beta = beta.masked_fill(~valid[..., None], 0.0)
        out, final = _fla(q, k, v, decay, beta, state)
        want_out, want_final = recurrent_gated_delta_rule(q, k, v, decay, beta, 16 ** -0.5, state, valid=valid)
        torch.testing.assert_close(final, want_final, **FP32)
        for r, n in enumerate(lengths):
            torch.testing.assert_close(out[r, :n], want_out[r, :n], **FP32)
            # the same row unpadded, alone: the same bits
            alone_out, alone_final = _fla(*(t[r:r + 1, :n] for t in (q, k, v, decay, beta)), state[r:r + 1])
            assert torch.equal(alone_out[0], out[r, :n])
            assert torch.equal(alone_final[0], final[r])

    def test_row_is_bitwise_independent_of_the_batch(self):
        q, k, v, decay, beta, state = _inputs(rows=4, tokens=6, heads=2, value_heads=2, dk=16, dv=16, seed=3)
        out, final = _fla(q, k, v, decay, beta, state)
        order = torch.tensor([2, 0, 3], device=DEVICE)
        out_b, final_b = _fla(*(t[order] for t in (q, k, v, decay, beta, state)))
        assert torch.equal(out_b[1], out[0]) and torch.equal(final_b[1], final[0])
        assert torch.equal(out_b[0], out[2]) and torch.equal(final_b[2], final[3])


test_in_a_fresh_interpreter_process = fresh_interpreter_test(__file__)
