"""The anchor head's siblings' echo (`deg_model.heads`): a token that looks like where the head
is surest an item starts is scored up by the learned echo weight; silent at weight 0, and a head
set saved without it loads and scores as before."""
from __future__ import annotations

import torch

from deg_model.checkpoint import fresh_heads
from deg_model.heads import ECHO_KEYS, Heads

H = 16


def _inputs(seed=0, t=9):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(H, generator=g), torch.randn(t, 2 * H, generator=g)


def plain(heads, a, c):
    return (heads.anchor.k(c) @ heads.anchor.q(a)) * heads.anchor.scale + heads.anchor.u(c).squeeze(-1) + heads.anchor_bias


def test_at_weight_zero_the_echo_is_silent_and_its_weight_still_learns():
    heads = fresh_heads(H, seed=3)
    a, c = _inputs()
    assert float(heads.anchor_echo_weight.detach()) == 0.0
    assert torch.equal(heads.anchor_scores(a, c), plain(heads, a, c))
    heads.anchor_scores(a, c).sum().backward()
    assert heads.anchor_echo_weight.grad is not None and float(heads.anchor_echo_weight.grad) != 0.0


def test_a_token_written_like_the_surest_start_is_scored_up_and_an_unlike_one_is_not():
    heads = fresh_heads(H, seed=3)
    a, c = _inputs(t=6)
    with torch.no_grad():
        c[4] = c[0] + 0.01 * c[4]            # token 4 reads (almost) like token 0
        heads.anchor_bias.zero_()
        z = plain(heads, a, c)
        surest = int(torch.argmax(z))
        c[4] = c[surest] + 0.01 * c[4]
        z = plain(heads, a, c)
        heads.anchor_echo_weight.fill_(2.0)
        lifted = heads.anchor_scores(a, c) - z
    echo = heads.anchor_echo(c).detach()
    like = torch.softmax(z, 0) @ echo
    assert torch.allclose(lifted, 2.0 * (echo @ like) * heads.anchor.scale, atol=1e-5)
    assert abs(float(lifted[4]) - float(lifted[surest])) < 0.05 * abs(float(lifted[surest])) + 1e-3


def test_the_echo_reads_the_questions_own_region_only():
    heads = fresh_heads(H, seed=3)
    with torch.no_grad():
        heads.anchor_echo_weight.fill_(1.5)
    a, c = _inputs(t=12)
    whole = heads.anchor_scores(a, c)
    region = heads.anchor_scores(a, c[3:8])
    assert not torch.allclose(whole[3:8], region)           # the softmax runs over the region
    assert torch.equal(region, heads.anchor_scores(a, c[3:8].clone()))
    keys, u, echo = heads.anchor.k(c), heads.anchor.u(c).squeeze(-1), heads.anchor_echo(c)
    assert torch.allclose(heads.anchor_logits_from_keys(a, keys[3:8], u[3:8], echo[3:8]), region, atol=1e-6)
    assert heads.anchor_scores(a, c[:0]).shape == (0,)


def test_a_head_set_saved_without_the_echo_loads_silent_and_starts_a_fresh_one():
    old = fresh_heads(H, seed=5, context="hidden+embed")
    tensors = {k: v for k, v in old.state_dict().items() if k not in ECHO_KEYS}
    completed = Heads.without_echo(tensors, H, old.dim)
    loaded = Heads(H, old.dim, context="hidden+embed")
    loaded.load_state_dict(completed)
    assert not loaded.has_echo() and float(loaded.anchor_echo_weight.detach()) == 0.0
    a, c = _inputs()
    assert torch.equal(loaded.anchor_scores(a, c), plain(old, a, c))
    started = fresh_heads(H, seed=7, context="hidden+embed+next")
    fresh_echo = started.anchor_echo.weight.detach().clone()
    started.widened(loaded)
    assert started.has_echo() and torch.equal(started.anchor_echo.weight, fresh_echo)
    assert float(started.anchor_echo_weight.detach()) == 0.0

