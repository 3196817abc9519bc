"""The training losses: values, closed-form logit gradients against autograd, bad input."""
from __future__ import annotations

import math

import pytest
import torch

from deg_model.training import losses


def _logits(n, seed):
    return torch.randn(n, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)


def test_decide_loss_is_cross_entropy_and_its_gradient_is_softmax_minus_target():
    z = _logits(5, 0).requires_grad_()
    t = losses.one_hot(3, 5, torch.float64)
    loss = losses.decide_loss(z, t)
    assert float(loss.detach()) == pytest.approx(float(torch.nn.functional.cross_entropy(z.detach()[None], torch.tensor([3]))), rel=1e-12)
    loss.backward()
    torch.testing.assert_close(z.grad, losses.decide_logit_grad(z.detach(), t), rtol=1e-12, atol=1e-14)


def test_extract_marginal_over_alternatives_and_its_gradient():
    start, end = _logits(9, 1).requires_grad_(), _logits(9, 2).requires_grad_()
    pos = [(1, 2), (4, 6), (1, 2)]                      # a duplicate alternative counts once
    loss = losses.extract_loss(start, end, pos)
    ls, le = torch.log_softmax(start.detach(), -1), torch.log_softmax(end.detach(), -1)
    expected = -math.log(math.exp(ls[1] + le[2]) + math.exp(ls[4] + le[6]))
    assert float(loss.detach()) == pytest.approx(expected, rel=1e-12)
    loss.backward()
    gs, ge = losses.extract_logit_grad(start.detach(), end.detach(), pos)
    torch.testing.assert_close(start.grad, gs, rtol=1e-12, atol=1e-14)
    torch.testing.assert_close(end.grad, ge, rtol=1e-12, atol=1e-14)


def test_extract_absent_value_targets_null_on_both_pointers():
    start, end = _logits(6, 3), _logits(6, 4)
    expected = -(torch.log_softmax(start, -1)[5] + torch.log_softmax(end, -1)[5])
    assert float(losses.extract_loss(start, end, [])) == pytest.approx(float(expected), rel=1e-12)


def test_count_loss_is_ce_over_the_admissible_window_with_capped_target():
    z = _logits(65, 5)
    assert float(losses.count_loss(z, 3, 1, 8)) == pytest.approx(float(-torch.log_softmax(z[1:9], -1)[2]), rel=1e-12)
    assert float(losses.count_loss(z, 40, 0, 8)) == pytest.approx(float(-torch.log_softmax(z[0:9], -1)[8]), rel=1e-12)


def test_anchor_loss_is_summed_bce_over_one_plus_items_and_its_gradient():
    z = _logits(12, 6).requires_grad_()
    loss = losses.anchor_loss(z, [2, 7])
    t = torch.zeros(12, dtype=torch.float64)
    t[[2, 7]] = 1
    ref = torch.nn.functional.binary_cross_entropy_with_logits(z.detach(), t, reduction="sum") / 3
    assert float(loss.detach()) == pytest.approx(float(ref), rel=1e-12)
    loss.backward()
    torch.testing.assert_close(z.grad, losses.anchor_logit_grad(z.detach(), [2, 7]), rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("call, message", [
    (lambda: losses.decide_loss(torch.zeros(3), torch.tensor([0.5, 0.6, 0.0])), "probability distribution"),
    (lambda: losses.decide_loss(torch.zeros(3), torch.zeros(4)), "shape"),
    (lambda: losses.one_hot(4, 3), "outside"),
    (lambda: losses.extract_loss(torch.zeros(5), torch.zeros(5), [(3, 2)]), "not a token span"),
    (lambda: losses.extract_loss(torch.zeros(5), torch.zeros(5), [(0, 4)]), "not a token span"),
    (lambda: losses.count_loss(torch.zeros(65), 0, 2, 8), "below minItems"),
    (lambda: losses.count_loss(torch.zeros(65), 3, 5, 2), "bounds"),
    (lambda: losses.anchor_loss(torch.zeros(4), [4]), "outside"),
])
def test_bad_input_is_refused_with_a_clear_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()
