"""The marks term: the anchor head's mark count against the gold item count, in the objective
and a run's settings."""
from __future__ import annotations

import json
import math

import pytest
import torch

from deg_model.checkpoint import fresh_heads
from deg_model.scoring.mark_count import mark_count_log_probs
from deg_model.training import losses
from deg_model.training.objective import TERMS, WEIGHTS, batch_loss, term_counts
from services.training.run_state import settings_record
from services.training.trainer import TrainSettings, term_weights, train

from test_train_trainer import H, synthetic_records


def test_the_marks_loss_is_the_gold_counts_negative_log_likelihood():
    logits = torch.tensor([4.0, -4.0, 0.0, 2.0], dtype=torch.float64)
    p = torch.sigmoid(logits).tolist()
    # P(exactly 2 marks), by hand over the 6 pairs of marked tokens
    pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    want = sum(math.prod(p[k] if k in (i, j) else 1 - p[k] for k in range(4)) for i, j in pairs)
    assert float(losses.mark_count_loss(logits, 2)) == pytest.approx(-math.log(want), rel=1e-12)
    assert float(losses.mark_count_loss(logits, 2)) == pytest.approx(float(-mark_count_log_probs(logits, 9)[2]))


def test_the_objective_logs_marks_for_every_anchor_question_and_weighs_it_as_asked():
    heads = fresh_heads(H, seed=3)
    records = synthetic_records(4, seed=5)
    anchors = sum(q.kind == "anchor" for r in records for q in r.questions)
    assert "marks" in TERMS and WEIGHTS["marks"] == 0.0
    assert term_counts(records)["marks"] == term_counts(records)["anchor"] == anchors > 0
    with torch.no_grad():
        total, terms = batch_loss(heads, records)
        weighted, same = batch_loss(heads, records, weights={**WEIGHTS, "marks": 0.5})
    assert float(terms["marks"]) > 0
    assert float(total) == pytest.approx(sum(float(WEIGHTS[t] * terms[t]) for t in TERMS if t != "marks"))
    assert float(weighted) == pytest.approx(float(total) + 0.5 * float(same["marks"]))


def test_a_runs_marks_weight_is_validated_and_recorded_only_when_set(tmp_path):
    with pytest.raises(ValueError, match="marks_weight"):
        TrainSettings(steps=3, marks_weight=-1.0)
    assert "marks_weight" not in settings_record(TrainSettings(steps=3))
    s = TrainSettings(steps=6, batch_records=3, warmup=2, save_every=3, seed=2, array_mode="anchor", marks_weight=0.5)
    assert settings_record(s)["marks_weight"] == 0.5 and term_weights(s)["marks"] == 0.5
    last = train(s, synthetic_records(), tmp_path)
    state = json.loads((last / "trainer.json").read_text())
    assert state["settings"]["marks_weight"] == 0.5
    first = state["history"][0]
    assert first["total"] == pytest.approx(sum(term_weights(s)[t] * first[t] for t in TERMS), rel=1e-5)
