"""deg_model/runtime/mark_count.py: the number of tokens the anchor head marks."""
from __future__ import annotations

import itertools
import math

import pytest
import torch

from deg_model.runtime.arrays import decode_anchors, expected_count
from deg_model.scoring.mark_count import mark_count_log_probs


def brute_force(p: list[float], top: int) -> list[float]:
    out = [0.0] * (top + 1)
    for marks in itertools.product((0, 1), repeat=len(p)):
        k = sum(marks)
        if k <= top:
            out[k] += math.prod(q if m else 1 - q for q, m in zip(p, marks))
    return out


@pytest.mark.parametrize("r", [1, 2, 3, 5, 8, 11])
def test_the_tree_is_the_exact_poisson_binomial(r):
    logits = torch.linspace(-3.0, 2.5, r, dtype=torch.float64) * torch.tensor([(-1) ** i for i in range(r)])
    want = brute_force(torch.sigmoid(logits).tolist(), top=r)
    got = mark_count_log_probs(logits, top=r).exp().tolist()
    assert got == pytest.approx(want, abs=1e-12)
    assert sum(got) == pytest.approx(1.0, abs=1e-12)


def test_truncation_keeps_the_low_classes_exact():
    logits = torch.linspace(-1.0, 3.0, 10, dtype=torch.float64)
    full = mark_count_log_probs(logits, top=10).exp()
    cut = mark_count_log_probs(logits, top=3).exp()
    assert cut.shape == (4,) and torch.allclose(cut, full[:4], atol=1e-12)
    # more classes than tokens: the impossible counts have probability 0
    wide = mark_count_log_probs(logits[:2], top=5).exp()
    assert wide[3:].tolist() == [0.0, 0.0, 0.0]


def test_an_empty_region_marks_nothing_for_sure():
    out = mark_count_log_probs(torch.zeros(0), top=4)
    assert out.exp().tolist() == [1.0, 0.0, 0.0, 0.0, 0.0]


def test_the_gold_counts_likelihood_has_a_gradient_for_every_token():
    logits = torch.linspace(-4.0, 4.0, 9, requires_grad=True)
    (-mark_count_log_probs(logits, top=9)[3]).backward()
    assert logits.grad is not None and bool((logits.grad != 0).all())
    # raising the likelihood of more marks raises every logit
    logits.grad = None
    (-mark_count_log_probs(logits, top=9)[9]).backward()
    assert bool((logits.grad < 0).all())


def test_expected_count_is_the_mode_inside_the_bounds_and_is_reproducible():
    sure = torch.tensor([8.0, -8.0, 8.0, -8.0, 8.0, -8.0])
    assert expected_count(sure, 0, 64) == 3
    assert expected_count(sure, 4, 64) == 4 and expected_count(sure, 0, 2) == 2
    logits = torch.randn(300, generator=torch.Generator().manual_seed(0)) * 2 - 5
    assert len({expected_count(logits, 0, 64) for _ in range(3)}) == 1
    # the mode of a Poisson-binomial is within one of its mean
    mean = float(torch.sigmoid(logits.double()).sum())
    assert abs(expected_count(logits, 0, 64) - mean) <= 1


def test_the_expected_decode_needs_no_count_fork_and_picks_the_peaks():
    logits = torch.full((40,), -8.0)
    logits[[5, 17, 30]] = torch.tensor([6.0, 1.0, 4.0])      # p 1.0, 0.73, 0.98: three marks is likeliest
    assert decode_anchors("expected", logits, min_items=0, cap=None, count=None) == [5, 17, 30]
    assert decode_anchors("expected", logits, min_items=0, cap=2, count=None) == [5, 30]
