"""The true/false head's flag reader (`deg_model.heads`): an evidence pointer over the context
tokens pools what the tokens it points at say into the true logit. Silent until trained; a head
set saved without it loads and scores as before, and a run started from one gets a fresh one."""
from __future__ import annotations

import pytest
import torch

from deg_model.checkpoint import fresh_heads
from deg_model.heads import READER_KEYS, Heads
from deg_model.training import losses

H = 16


def _inputs(seed=0, t=9, width=3):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(H, generator=g), torch.randn(t, width * H, generator=g)


def test_a_fresh_reader_is_silent_and_its_values_still_learn():
    heads = fresh_heads(H, seed=3, context="hidden+embed+next")
    a, c = _inputs()
    assert not heads.has_reader() and bool(heads.evidence.q.weight.detach().any())
    assert torch.equal(heads.noul_score(a, heads.reader_keys(c)), heads.noul(a).squeeze(-1))
    heads.noul_score(a, heads.reader_keys(c)).backward()
    assert heads.flag_value.weight.grad is not None and bool(heads.flag_value.weight.grad.any())


def test_the_true_logit_reads_the_tokens_the_pointer_points_at():
    heads = fresh_heads(H, seed=3, context="hidden+embed+next")
    a, c = _inputs(t=8)
    with torch.no_grad():
        heads.flag_value.weight.normal_(generator=torch.Generator().manual_seed(1))
        heads.evidence.u.weight.mul_(20.0)          # a pointer sure of where the evidence is
        p = torch.softmax(heads.evidence_scores(a, heads.reader_keys(c)), 0)
    looked, ignored = int(p.argmax()), int(p.argmin())
    base = heads.noul_score(a, heads.reader_keys(c))
    moved = {}
    for t in (looked, ignored):
        other = c.clone()
        other[t] = -other[t]
        with torch.no_grad():
            # the pointer keeps its place: only what token t says changes
            keys = heads.reader_keys(c)
            changed = keys._replace(values=heads.flag_value(other))
            moved[t] = float((heads.noul_score(a, changed) - base).abs())
            said = (heads.flag_value(other[t]) - heads.flag_value(c[t])) @ heads.flag_query(a)
            assert moved[t] == pytest.approx(float((p[t] * said).abs()) * heads.evidence.scale, rel=1e-4)
    assert moved[looked] > 10 * moved[ignored]
    logits = heads.noul_logits(a, heads.reader_keys(c)).detach()
    assert logits.shape == (2,) and float(logits[1]) == 0.0
    assert torch.equal(heads.noul_score(a, heads.reader_keys(c[:0])), heads.noul(a).squeeze(-1))


def test_a_head_set_saved_without_the_reader_loads_silent_and_a_run_from_it_starts_a_fresh_one():
    old = fresh_heads(H, seed=5, context="hidden+embed")
    tensors = {k: v for k, v in old.state_dict().items() if k not in READER_KEYS}
    loaded = Heads(H, old.dim, context="hidden+embed")
    loaded.load_state_dict(Heads.completed(tensors, H, old.dim))
    assert not loaded.has_reader()
    a, c = _inputs(width=2)
    assert torch.equal(loaded.noul_logits(a, loaded.reader_keys(c)), loaded.noul_logits(a))
    assert torch.equal(loaded.noul_logits(a), old.noul_logits(a))
    started = fresh_heads(H, seed=7, context="hidden+embed+next")
    fresh_q = started.evidence.q.weight.detach().clone()
    started.widened(loaded)
    assert torch.equal(started.evidence.q.weight.detach(), fresh_q)       # a pointer that can learn
    assert not started.has_reader()
    assert torch.equal(started.noul.weight.detach(), old.noul.weight.detach())


def test_a_trained_reader_widens_exactly():
    narrow = fresh_heads(H, seed=5, context="hidden+embed")
    with torch.no_grad():
        narrow.flag_value.weight.normal_(generator=torch.Generator().manual_seed(2))
    wide = fresh_heads(H, seed=6, context="hidden+embed+next")
    wide.widened(narrow)
    a, c = _inputs(width=2)
    c3 = torch.cat([c, torch.randn(c.shape[0], H)], dim=1)
    assert torch.allclose(wide.noul_score(a, wide.reader_keys(c3)), narrow.noul_score(a, narrow.reader_keys(c)),
                          atol=1e-6)


def test_evidence_loss_is_minus_log_the_mass_on_the_evidence_tokens():
    z = torch.tensor([0.5, -1.0, 2.0, 0.0, 1.0])
    p = torch.softmax(z, 0)
    assert torch.allclose(losses.evidence_loss(z, 1, 3), -torch.log(p[1:4].sum()))
    assert torch.allclose(losses.evidence_loss(z, 4, 4), -torch.log(p[4]))
    with pytest.raises(ValueError, match="outside the 5 context tokens"):
        losses.evidence_loss(z, 3, 5)
