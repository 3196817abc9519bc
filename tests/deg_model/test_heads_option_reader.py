"""The option reader of the choice and score heads (`deg_model.heads`): what the tokens the
evidence pointer points at say, scored against each option's row. Silent until trained; a head
set saved without it loads and scores as before; and an answer said only at its evidence token
("Rating: 2/5"), never in the question's own state, is learnt through it."""
from __future__ import annotations

import torch

from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.heads import OPTION_KEYS, Heads
from deg_model.training.features import FeatureQuestion, FeatureRecord
from deg_model.training.objective import raw_logits
from services.training.trainer import TrainSettings, train

H = 16


def _inputs(seed=0, t=9, width=3, n=5):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(H, generator=g), torch.randn(n, H, generator=g), torch.randn(t, width * H, generator=g)


def test_a_fresh_option_reader_is_silent_skipped_at_serving_and_still_learns():
    heads = fresh_heads(H, seed=3, context="hidden+embed+next")
    a, o, c = _inputs()
    assert not heads.has_option_reader() and not heads.reads_context()
    assert heads.reader_keys(c).options is None                     # serving skips a silent one
    trained = heads.reader_keys(c, options=True)                    # training computes it
    for head, logits in ((heads.choice, heads.choice_logits), (heads.score, heads.score_logits)):
        assert torch.equal(heads.option_scores(head, a, o, trained), head(a, o))
        assert torch.equal(logits(a, o, heads.reader_keys(c)), logits(a, o))
    heads.option_scores(heads.score, a, o, trained)[2].backward()
    assert heads.option_value.weight.grad is not None and bool(heads.option_value.weight.grad.any())


def test_an_option_logit_moves_with_what_the_pointed_token_says():
    heads = fresh_heads(H, seed=3, context="hidden+embed+next")
    a, o, c = _inputs(t=8)
    with torch.no_grad():
        heads.option_value.weight.normal_(generator=torch.Generator().manual_seed(1))
        heads.evidence.u.weight.mul_(20.0)          # a pointer sure of where the evidence is
    assert heads.has_option_reader() and heads.reads_context() and not heads.has_reader()
    keys = heads.reader_keys(c)
    with torch.no_grad():
        p = torch.softmax(heads.evidence_scores(a, keys), 0)
        base = heads.option_scores(heads.choice, a, o, keys)
        looked, ignored = int(p.argmax()), int(p.argmin())
        moved = {}
        for t in (looked, ignored):
            other = c.clone()
            other[t] = -other[t]
            changed = keys._replace(options=heads.option_value(other))
            moved[t] = float((heads.option_scores(heads.choice, a, o, changed) - base).abs().max())
    assert moved[looked] > 10 * moved[ignored]
    assert torch.equal(heads.option_scores(heads.choice, a, o, heads.reader_keys(c[:0])), heads.choice(a, o))


def test_a_head_set_saved_without_the_option_reader_loads_silent_and_a_run_from_it_starts_a_fresh_one():
    old = fresh_heads(H, seed=5, context="hidden+embed")
    tensors = {k: v for k, v in old.state_dict().items() if k not in OPTION_KEYS}
    loaded = Heads(H, old.dim, context="hidden+embed")
    loaded.load_state_dict(Heads.completed(tensors, H, old.dim))
    assert not loaded.has_option_reader()
    a, o, c = _inputs(width=2)
    assert torch.equal(loaded.score_logits(a, o, loaded.reader_keys(c, options=True)), old.score_logits(a, o))
    started = fresh_heads(H, seed=7, context="hidden+embed+next")
    fresh_query = started.option_query.weight.detach().clone()
    started.widened(loaded)
    assert torch.equal(started.option_query.weight.detach(), fresh_query)     # a reader that can learn
    assert not started.has_option_reader()
    assert torch.equal(started.score.q.weight.detach(), old.score.q.weight.detach())


def _score_records(n: int, seed: int, options: int = 5) -> list[FeatureRecord]:
    """Score questions whose answer is said only at one context token: the question's state `a`
    is noise, each option's row `o_k` is a fixed code, and the evidence token carries a marker
    plus the code of the right option (as "2/5" carries the digit the option row "2" holds)."""
    g = torch.Generator().manual_seed(seed)
    fixed = torch.Generator().manual_seed(99)
    marker, codes = torch.randn(H, generator=fixed), torch.randn(options, H, generator=fixed)
    out = []
    for k in range(n):
        ctx = torch.randn(12, H, generator=g)
        at, answer = int(torch.randint(12, (1,), generator=g)), int(torch.randint(options, (1,), generator=g))
        ctx[at] += 3 * marker + 3 * codes[answer]
        q = FeatureQuestion("score", "/rating", torch.randn(H, generator=g), o=codes + 0.1 * torch.randn(options, H, generator=g),
                            target=answer, evidence=(at, at))
        out.append(FeatureRecord(f"s{seed}-{k}", ctx, [q], ctx_emb=torch.randn(12, H, generator=g)))
    return out


def test_a_score_said_only_at_its_evidence_is_read(tmp_path):
    s = TrainSettings(steps=150, batch_records=8, warmup=5, save_every=150, seed=1, lr=3e-3, evidence_weight=1.0)

    def accuracy(h, records):
        with torch.no_grad():
            return sum(int(raw_logits(h, r.questions[0], h.context_input(r.ctx, r.ctx_emb)).argmax()) ==
                       r.questions[0].target for r in records) / len(records)

    unseen = _score_records(200, seed=8)
    assert accuracy(fresh_heads(H, seed=s.seed, context=s.context), unseen) < 0.4
    _, heads, _ = load_checkpoint(train(s, _score_records(240, seed=7), tmp_path))
    assert heads.has_option_reader()
    assert accuracy(heads, unseen) > 0.9
