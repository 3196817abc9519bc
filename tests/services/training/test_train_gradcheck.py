"""Every head's parameter gradient (autograd through the training objective) against central
finite differences in float64.

eps = 1e-6 sits near the optimum of a central difference in float64, where the truncation
error (~eps^2 |f'''|) and the cancellation error (~u |f| / eps, u = 2^-53) balance
(u^(1/3) ~ 5e-6); the sweep test shows the V-curve that justifies it.
"""
from __future__ import annotations

import pytest
import torch

from deg_model.checkpoint import fresh_heads
from deg_model.training.features import FeatureQuestion, FeatureRecord
from deg_model.training.objective import batch_loss

H, D, T = 8, 8, 14
EPS = 1e-6


def _records() -> list[FeatureRecord]:
    g = torch.Generator().manual_seed(7)

    def r(*shape):
        return torch.randn(*shape, generator=g, dtype=torch.float64)

    qs = [
        FeatureQuestion("choice", "/c", r(H), r(4, H), target=2, option_tokens=r(4, H)),
        FeatureQuestion("score", "/s", r(H), r(3, H), target=0, option_tokens=r(3, H)),
        FeatureQuestion("noul", "/b", r(H), target=1),
        FeatureQuestion("noul", "/b2", r(H), target=0),
        FeatureQuestion("extract", "/x", r(H), spans=((2, 3), (5, 5))),
        FeatureQuestion("extract", "/y", r(H), spans=()),
        FeatureQuestion("extract", "/items/*/name", r(H), spans=((9, 10),), item_anchor=(8, 12)),
        FeatureQuestion("count", "/items", r(H), target=2, bounds=(0, 32)),
        FeatureQuestion("anchor", "/items", r(H), region=(0, T), starts=(3, 8)),
    ]
    return [FeatureRecord("rec", r(T, H), qs, ctx_emb=r(T, H))]


def _heads():
    heads = fresh_heads(H, seed=3, head_dim=D).double()
    # Move every parameter away from its init (zero span bias, -6 anchor bias) so that no
    # gradient is trivially tiny and every path is exercised.
    g = torch.Generator().manual_seed(11)
    with torch.no_grad():
        for p in heads.parameters():
            p.add_(0.3 * torch.randn(p.shape, generator=g, dtype=torch.float64))
    return heads


def _loss(heads, records):
    return batch_loss(heads, records, dtype=torch.float64)[0]


def _sample(p: torch.Tensor, k: int = 10) -> list[int]:
    g = torch.Generator().manual_seed(p.numel())
    n = p.numel()
    return sorted(set(torch.randperm(n, generator=g)[:k].tolist()))


def _fd(heads, records, p, flat_index, eps):
    flat = p.data.view(-1)
    keep = float(flat[flat_index])
    with torch.no_grad():
        flat[flat_index] = keep + eps
        up = float(_loss(heads, records))
        flat[flat_index] = keep - eps
        down = float(_loss(heads, records))
    flat[flat_index] = keep
    return (up - down) / (2 * eps)


def test_every_head_parameter_matches_central_differences_in_float64():
    heads, records = _heads(), _records()
    heads.zero_grad()
    _loss(heads, records).backward()
    checked = []
    for name, p in heads.named_parameters():
        idx = _sample(p) + [int(p.grad.abs().view(-1).argmax())]
        auto = torch.tensor([float(p.grad.view(-1)[i]) for i in idx], dtype=torch.float64)
        num = torch.tensor([_fd(heads, records, p, i, EPS) for i in idx], dtype=torch.float64)
        rel = float((num - auto).norm() / (num.norm() + auto.norm()))
        assert float(auto.abs().max()) > 1e-6, f"{name}: gradient is ~0, the check would be vacuous"
        assert rel <= 1e-6, f"{name}: relative error {rel:.2e} between autograd and finite differences"
        checked.append(name)
    # Every trainable tensor of every head kind was reached.
    assert set(checked) == {n for n, _ in heads.named_parameters()}


def test_eps_sweep_shows_truncation_and_cancellation():
    heads, records = _heads(), _records()
    heads.zero_grad()
    _loss(heads, records).backward()
    p = heads.choice.q.weight
    i = int(p.grad.abs().view(-1).argmax())
    auto = float(p.grad.view(-1)[i])
    err = {eps: abs(_fd(heads, records, p, i, eps) - auto) / abs(auto) for eps in (1e-2, 1e-6, 1e-11)}
    assert err[1e-6] < err[1e-2]        # truncation dominates at large eps
    assert err[1e-6] < err[1e-11]       # cancellation dominates at tiny eps
    assert err[1e-6] <= 1e-6


def test_a_wrong_gradient_is_caught():
    """The check is not vacuous: a perturbed autograd gradient fails the same criterion."""
    heads, records = _heads(), _records()
    heads.zero_grad()
    _loss(heads, records).backward()
    p = heads.noul.weight
    idx = _sample(p)
    auto = torch.tensor([float(p.grad.view(-1)[i]) for i in idx], dtype=torch.float64) * (1 + 1e-4)
    num = torch.tensor([_fd(heads, records, p, i, EPS) for i in idx], dtype=torch.float64)
    assert float((num - auto).norm() / (num.norm() + auto.norm())) > 1e-6
