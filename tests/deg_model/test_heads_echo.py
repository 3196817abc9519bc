"""The anchor head's siblings' echo (`deg_model.heads`): a token that looks like where the head
is surest an item starts is scored up by the learned echo weight; silent at weight 0, and a head
set saved without it loads and scores as before."""
from __future__ import annotations

import torch

from deg_model.checkpoint import fresh_heads
from deg_model.heads import ECHO_KEYS, Heads, sibling_likeness

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
        heads.anchor_bias.zero_()
        surest = int(torch.argmax(plain(heads, a, c)))
        other = (surest + 3) % 6
        c[other] = c[surest] + 0.01 * c[other]       # reads (almost) like the surest token
        z = plain(heads, a, c)
        heads.anchor_echo_weight.fill_(2.0)
        lifted = heads.anchor_scores(a, c) - z
        likeness = sibling_likeness(z, heads.anchor_echo(c))
    assert torch.allclose(lifted, 2.0 * likeness, atol=1e-5)
    assert float(likeness.abs().max()) <= 1.0 + 1e-5
    assert float(likeness[other]) > 0.9 and float(likeness[surest]) > 0.9
    assert float(likeness.sum() - likeness[other] - likeness[surest]) < 0.9 * 4    # the rest read less alike


def test_what_every_token_of_the_region_shares_says_nothing():
    g = torch.Generator().manual_seed(4)
    z, echo = torch.randn(7, generator=g), torch.randn(7, 5, generator=g)
    shifted = sibling_likeness(z, echo + 10.0 * torch.randn(1, 5, generator=g))
    assert torch.allclose(shifted, sibling_likeness(z, echo), atol=1e-4)


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
    completed = Heads.completed(tensors, H, old.dim)
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

