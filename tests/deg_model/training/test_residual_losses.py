"""The residual losses on the LM prior: values by hand, closed-form logit gradients against
autograd, and a question without a prior losing exactly what it lost before."""
from __future__ import annotations

import math

import pytest
import torch

from deg_model.heads import Heads
from deg_model.training import losses
from deg_model.training.features import FeatureQuestion
from deg_model.training.objective import question_loss, raw_logits


def _vec(n, seed):
    return torch.randn(n, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)


def _log_probs(n, seed):
    return torch.log_softmax(_vec(n, seed) * 2, -1)


def test_residual_decide_loss_is_the_ce_of_head_plus_prior():
    z, prior = _vec(4, 0).requires_grad_(), _log_probs(4, 1)
    t = losses.one_hot(2, 4, torch.float64)
    loss = losses.residual_decide_loss(z, prior, t)
    head = [float(v) for v in torch.log_softmax(z.detach(), -1)]
    composed = [h + float(p) for h, p in zip(head, prior)]
    expected = -(composed[2] - math.log(sum(math.exp(c) for c in composed)))
    assert float(loss.detach()) == pytest.approx(expected, rel=1e-12)
    # the head's normaliser is a constant of the composed score: the CE of z + prior
    assert float(loss.detach()) == pytest.approx(float(losses.decide_loss(z.detach() + prior, t)), rel=1e-12)
    loss.backward()
    torch.testing.assert_close(z.grad, losses.residual_decide_logit_grad(z.detach(), prior, t), rtol=1e-12, atol=1e-14)


def test_residual_decide_gradient_with_a_float32_head_and_a_float64_prior():
    z, prior = _vec(3, 2).float().requires_grad_(), _log_probs(3, 3)
    t = losses.one_hot(0, 3)
    loss = losses.residual_decide_loss(z, prior, t)
    assert loss.dtype == torch.float32
    loss.backward()
    torch.testing.assert_close(z.grad, losses.residual_decide_logit_grad(z.detach(), prior, t))


def test_residual_extract_loss_composes_the_start_and_keeps_the_head_end():
    start, end = _vec(9, 4).requires_grad_(), _vec(9, 5).requires_grad_()
    prior = _log_probs(9, 6)
    prior[3] = -math.inf                           # a token the LM cannot start a copy at
    prior = torch.log_softmax(prior, -1)
    pos = [(1, 2), (4, 6), (3, 3)]                 # (3, 3): ruled out by the prior, adds nothing
    loss = losses.residual_extract_loss(start, end, prior, pos)
    ls = torch.log_softmax(torch.log_softmax(start.detach(), -1) + prior, -1)
    le = torch.log_softmax(end.detach(), -1)
    expected = -math.log(math.exp(ls[1] + le[2]) + math.exp(ls[4] + le[6]))
    assert float(loss.detach()) == pytest.approx(expected, rel=1e-12)
    loss.backward()
    gs, ge = losses.residual_extract_logit_grad(start.detach(), end.detach(), prior, pos)
    assert bool(torch.isfinite(start.grad).all()) and abs(float(start.grad[3])) < 1e-15
    torch.testing.assert_close(start.grad, gs, rtol=1e-12, atol=1e-14)
    torch.testing.assert_close(end.grad, ge, rtol=1e-12, atol=1e-14)


def test_residual_extract_absent_value_targets_the_composed_null():
    start, end, prior = _vec(6, 7), _vec(6, 8), _log_probs(6, 9)
    composed = torch.log_softmax(torch.log_softmax(start, -1) + prior, -1)
    expected = -(composed[5] + torch.log_softmax(end, -1)[5])
    assert float(losses.residual_extract_loss(start, end, prior, [])) == pytest.approx(float(expected), rel=1e-12)


def _question_set(hidden: int, seed: int):
    g = torch.Generator().manual_seed(seed)
    a = torch.randn(hidden, generator=g)
    opts = torch.randn(3, hidden, generator=g)
    return [FeatureQuestion("choice", "/c", a, opts, target=1),
            FeatureQuestion("score", "/s", a, opts, target=2),
            FeatureQuestion("noul", "/b", a, target=0),
            FeatureQuestion("extract", "/x", a, spans=((2, 4),)),
            FeatureQuestion("extract", "/y", a, spans=())]


def test_a_question_without_a_prior_loses_bitwise_what_it_lost_before():
    hidden, tc = 16, 7
    heads = Heads(hidden, 8, context="hidden")
    ctx = torch.randn(tc, hidden, generator=torch.Generator().manual_seed(3))
    keys = heads.span_keys(ctx)
    for q in _question_set(hidden, 4):
        out = raw_logits(heads, q, ctx, keys)
        if q.kind == "extract":
            before = losses.extract_loss(out[0], out[1], q.spans)
        else:
            before = losses.decide_loss(out, losses.one_hot(q.target, out.shape[0], out.dtype))
        assert torch.equal(question_loss(heads, q, ctx, keys), before), q.pointer


def test_a_question_with_a_prior_loses_its_residual_loss():
    hidden, tc = 16, 7
    heads = Heads(hidden, 8, context="hidden")
    ctx = torch.randn(tc, hidden, generator=torch.Generator().manual_seed(5))
    keys = heads.span_keys(ctx)
    for k, q in enumerate(_question_set(hidden, 6)):
        n = tc + 1 if q.kind == "extract" else 2 if q.kind == "noul" else 3
        q.prior = _log_probs(n, 10 + k)
        out = raw_logits(heads, q, ctx, keys)
        if q.kind == "extract":
            expected = losses.extract_loss(torch.log_softmax(out[0], -1) + q.prior.float(), out[1], q.spans)
        else:
            t = losses.one_hot(q.target, out.shape[0], out.dtype)
            expected = losses.decide_loss(torch.log_softmax(out, -1) + q.prior.float(), t)
        got = question_loss(heads, q, ctx, keys)
        assert torch.equal(got, expected), q.pointer
        plain = question_loss(heads, FeatureQuestion(**{**q.__dict__, "prior": None}), ctx, keys)
        assert not torch.equal(got, plain), q.pointer
