"""The reads term: every true/false question answered by the flag reader's share of its logit
alone, logged always, weighed as a run asks, and its gradient reaching only the reader."""
from __future__ import annotations

import json

import pytest
import torch

from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.training.features import FeatureQuestion, FeatureRecord
from deg_model.training.objective import TERMS, WEIGHTS, batch_loss, term_counts
from services.training.run_state import settings_record
from services.training.trainer import TrainSettings, term_weights, train

from test_evidence_term import _flag_records
from test_train_trainer import H, synthetic_records


def _read_live(heads):
    with torch.no_grad():              # a trained reader: its value vectors off zero
        heads.flag_value.weight.normal_(0, 0.5, generator=torch.Generator().manual_seed(4))
    return heads


def test_the_objective_logs_reads_for_every_true_false_question_and_weighs_it_as_asked():
    heads = _read_live(fresh_heads(H, seed=3, context="hidden+embed"))
    records = synthetic_records(6, seed=5)
    flags = sum(q.kind == "noul" for r in records for q in r.questions)
    assert "reads" in TERMS and WEIGHTS["reads"] == 0.0
    assert term_counts(records)["reads"] == flags > 0
    with torch.no_grad():
        total, terms = batch_loss(heads, records)
        weighted, same = batch_loss(heads, records, weights={**WEIGHTS, "reads": 0.5})
    assert float(terms["reads"]) > 0
    assert float(total) == pytest.approx(sum(float(WEIGHTS[t] * terms[t]) for t in TERMS if t != "reads"))
    assert float(weighted) == pytest.approx(float(total) + 0.5 * float(same["reads"]))


def test_the_reads_gradient_reaches_the_reader_and_not_the_questions_own_weights():
    heads = _read_live(fresh_heads(H, seed=3, context="hidden+embed"))
    _, terms = batch_loss(heads, _flag_records(8, seed=2))
    terms["reads"].backward()
    assert heads.flag_value.weight.grad.abs().sum() > 0 and heads.evidence.q.weight.grad.abs().sum() > 0
    assert heads.noul.weight.grad is None or not heads.noul.weight.grad.any()


def test_a_silent_reader_reads_nothing():
    heads = fresh_heads(H, seed=3, context="hidden+embed")       # flag_value at zero: the read is 0
    with torch.no_grad():
        _, terms = batch_loss(heads, _flag_records(8, seed=2))
    assert float(terms["reads"]) == pytest.approx(float(torch.log(torch.tensor(2.0))))


def test_a_runs_reads_weight_is_validated_and_recorded_only_when_set(tmp_path):
    with pytest.raises(ValueError, match="reads_weight"):
        TrainSettings(steps=3, reads_weight=-1.0)
    assert "reads_weight" not in settings_record(TrainSettings(steps=3))
    s = TrainSettings(steps=4, batch_records=3, warmup=1, save_every=2, seed=2, reads_weight=0.5)
    assert settings_record(s)["reads_weight"] == 0.5 and term_weights(s)["reads"] == 0.5
    state = json.loads((train(s, synthetic_records(), tmp_path) / "trainer.json").read_text())
    assert state["settings"]["reads_weight"] == 0.5
    first = state["history"][0]
    assert first["total"] == pytest.approx(sum(term_weights(s)[t] * first[t] for t in TERMS), rel=1e-5)



def test_with_the_reads_term_the_reader_alone_answers_flags_said_at_their_evidence(tmp_path):
    s = TrainSettings(steps=120, batch_records=8, warmup=5, save_every=120, seed=1, lr=3e-3,
                      evidence_weight=1.0, reads_weight=1.0)
    _, heads, _ = load_checkpoint(train(s, _flag_records(240, seed=7), tmp_path))
    right = 0
    unseen = _flag_records(200, seed=8)
    with torch.no_grad():
        for r in unseen:
            q = r.questions[0]
            alone = heads.flag_read_score(q.a, heads.reader_keys(heads.context_input(r.ctx, r.ctx_emb)))
            right += (float(alone) > 0) == (q.target == 0)
    assert right / len(unseen) > 0.9
