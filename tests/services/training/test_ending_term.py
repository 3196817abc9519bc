"""The ending term: the flag reader's pointer against the last token of a decided field's
evidence, where a causal state has read the whole sentence; logged wherever the evidence term
is, weighed as a run asks, recorded only when set, and learnt."""
from __future__ import annotations

import json

import pytest
import torch

from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.training.objective import TERMS, WEIGHTS, batch_loss, term_counts
from services.training.run_state import settings_record
from services.training.trainer import TrainSettings, term_weights, train

from test_evidence_term import _with_evidence
from test_train_trainer import H, synthetic_records


def test_the_objective_logs_ending_where_evidence_is_and_it_is_never_below_it():
    heads = fresh_heads(H, seed=3, context="hidden+embed")
    records = _with_evidence(synthetic_records(6, seed=5))
    assert "ending" in TERMS and WEIGHTS["ending"] == 0.0
    assert term_counts(records)["ending"] == term_counts(records)["evidence"] > 0
    with torch.no_grad():
        total, terms = batch_loss(heads, records)
        weighted, same = batch_loss(heads, records, weights={**WEIGHTS, "ending": 0.5})
    # one token's mass is at most its sentence's
    assert float(terms["ending"]) > float(terms["evidence"]) > 0
    assert float(weighted) == pytest.approx(float(total) + 0.5 * float(same["ending"]))


def test_a_runs_ending_weight_is_validated_and_recorded_only_when_set(tmp_path):
    with pytest.raises(ValueError, match="ending_weight"):
        TrainSettings(steps=3, ending_weight=-1.0)
    assert "ending_weight" not in settings_record(TrainSettings(steps=3))
    s = TrainSettings(steps=4, batch_records=3, warmup=1, save_every=2, seed=2, ending_weight=0.5)
    assert settings_record(s)["ending_weight"] == 0.5 and term_weights(s)["ending"] == 0.5
    state = json.loads((train(s, _with_evidence(synthetic_records()), tmp_path) / "trainer.json").read_text())
    assert state["settings"]["ending_weight"] == 0.5
    first = state["history"][0]
    assert first["total"] == pytest.approx(sum(term_weights(s)[t] * first[t] for t in TERMS), rel=1e-5)


def _sentence_records(n: int, seed: int):
    """Decide questions whose evidence is a three-token sentence: every token of it carries a
    shared marker, its last one also an end mark."""
    records = synthetic_records(n, seed=seed)
    marker, end = torch.randn(2, H, generator=torch.Generator().manual_seed(98))
    g = torch.Generator().manual_seed(seed)
    for rec in records:
        first = int(torch.randint(rec.ctx.shape[0] - 3, (1,), generator=g))
        rec.ctx[first:first + 3] += 3 * marker
        rec.ctx[first + 2] += 3 * end
        for q in rec.questions:
            q.evidence = (first, first + 2) if q.kind in ("choice", "noul") else None
    return records


def test_with_the_ending_term_the_pointer_goes_to_the_sentences_last_token(tmp_path):
    def mass_on_last(heads, records):
        out = []
        with torch.no_grad():
            for rec in records:
                reader = heads.reader_keys(heads.context_input(rec.ctx, rec.ctx_emb))
                for q in rec.questions:
                    if q.evidence is not None:
                        out.append(float(torch.softmax(heads.evidence_scores(q.a, reader), 0)[q.evidence[1]]))
        return sum(out) / len(out)

    unseen = _sentence_records(40, seed=9)
    settings = dict(steps=80, batch_records=8, warmup=5, save_every=80, seed=1, lr=3e-3, evidence_weight=1.0)
    _, sentence, _ = load_checkpoint(train(TrainSettings(**settings), _sentence_records(120, seed=7), tmp_path / "s"))
    _, ending, _ = load_checkpoint(train(TrainSettings(**settings, ending_weight=1.0), _sentence_records(120, seed=7),
                                         tmp_path / "e"))
    assert mass_on_last(ending, unseen) > 0.8
    assert mass_on_last(ending, unseen) > mass_on_last(sentence, unseen) + 0.2
