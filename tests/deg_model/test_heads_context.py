"""The heads' context features (`deg_model.heads`): `hidden+embed+next` reads the token after
each context token too, and heads of a narrower mode start it exactly (`Heads.widened`)."""
from __future__ import annotations

import pytest
import torch

from deg_model.checkpoint import fresh_heads
from deg_model.heads import Heads

H = 16


def normed(e):
    return e * torch.rsqrt(e.pow(2).mean(-1, keepdim=True) + 1e-6)


def test_the_next_tokens_embedding_follows_each_tokens_own_and_the_last_reads_zeros():
    g = torch.Generator().manual_seed(0)
    hidden, embedded = torch.randn(5, H, generator=g), torch.randn(5, H, generator=g)
    c = fresh_heads(H, context="hidden+embed+next").context_input(hidden, embedded)
    assert c.shape == (5, 3 * H)
    assert torch.equal(c[:, :2 * H], fresh_heads(H, context="hidden+embed").context_input(hidden, embedded))
    assert torch.equal(c[:4, 2 * H:], normed(embedded)[1:]) and torch.equal(c[4, 2 * H:], torch.zeros(H))
    # a token's features depend on its own row and the next one only: the first 3 of a longer context agree
    longer = fresh_heads(H, context="hidden+embed+next").context_input(hidden[:4], embedded[:4])
    assert torch.equal(longer[:3], c[:3])


@pytest.mark.parametrize("narrow", ["hidden", "hidden+embed"])
def test_narrower_heads_start_wider_ones_with_the_same_logits(narrow):
    g = torch.Generator().manual_seed(1)
    start = fresh_heads(H, seed=4, context=narrow)
    with torch.no_grad():
        for p in start.parameters():
            p.add_(0.1 * torch.randn(p.shape, generator=g))
    wide = fresh_heads(H, seed=9, context="hidden+embed+next")
    wide.widened(start)
    hidden, embedded, a = torch.randn(7, H, generator=g), torch.randn(7, H, generator=g), torch.randn(H, generator=g)
    c0, c1 = start.context_input(hidden, embedded), wide.context_input(hidden, embedded)
    for x, y in zip(start.span_logits(a, c0), wide.span_logits(a, c1)):
        assert torch.allclose(x, y, atol=1e-6)
    assert torch.allclose(start.anchor_logits(a, c0), wide.anchor_logits(a, c1), atol=1e-6)
    assert torch.equal(start.noul(a), wide.noul(a))
    assert Heads.context_of(wide.state_dict(), H) == "hidden+embed+next"
    with pytest.raises(ValueError, match="cannot start"):
        start.widened(wide)
