"""Balanced true/false questions in the objective and in a run's settings."""
from __future__ import annotations

import json

import pytest
import torch

from deg_model.checkpoint import fresh_heads
from deg_model.training.balance import BooleanBalance
from deg_model.training.objective import TERMS, batch_loss, question_losses
from services.training.pipeline import run_training
from services.training.run_state import settings_record
from services.training.trainer import TrainSettings, train

from test_train_trainer import H, synthetic_records


def _balance(records) -> BooleanBalance:
    # the synthetic records' one true/false field "/b", as if its training field were mostly false
    return BooleanBalance({("d", "/b"): (2, 10)}, {r.uid: "d" for r in records})


def test_only_true_false_losses_are_weighted_each_by_its_answer():
    heads = fresh_heads(H, seed=3)
    records = synthetic_records(6, seed=5)
    table = BooleanBalance({("d", "/b"): (1, 5)}, {r.uid: "d" for r in records})
    with torch.no_grad():
        plain = question_losses(heads, records)
        weighted = question_losses(heads, records, balance=table)
    assert all(torch.equal(a, b) for t in TERMS if t not in ("decide", "reads")
               for a, b in zip(plain[t], weighted[t]))
    noul = [(r.uid, q) for r in records for q in r.questions if q.kind in ("choice", "noul")]
    for (uid, q), a, b in zip(noul, plain["decide"], weighted["decide"]):
        want = table.weight(uid, q.pointer, q.target == 0) if q.kind == "noul" else 1.0
        assert float(b) == pytest.approx(float(a) * want, rel=1e-6)
    flags = [(r.uid, q) for r in records for q in r.questions if q.kind == "noul"]
    assert len(flags) == len(plain["reads"]) > 0        # the reader's own answer, weighted alike
    for (uid, q), a, b in zip(flags, plain["reads"], weighted["reads"]):
        assert float(b) == pytest.approx(float(a) * table.weight(uid, q.pointer, q.target == 0), rel=1e-6)
    assert any(float(b) != float(a) for a, b in zip(plain["decide"], weighted["decide"]))
    with torch.no_grad():
        assert float(batch_loss(heads, records, balance=table)[1]["decide"]) != float(batch_loss(heads, records)[1]["decide"])


def test_the_setting_and_the_table_go_together_and_the_setting_is_recorded(tmp_path):
    records = synthetic_records()
    with pytest.raises(ValueError, match="balance_booleans"):
        train(TrainSettings(steps=2, balance_booleans=True), records, tmp_path / "a")
    with pytest.raises(ValueError, match="balance_booleans"):
        train(TrainSettings(steps=2), records, tmp_path / "b", balance=_balance(records))
    assert "balance_booleans" not in settings_record(TrainSettings(steps=2))
    s = TrainSettings(steps=4, batch_records=3, warmup=1, save_every=2, seed=2, array_mode="anchor",
                      balance_booleans=True)
    last = train(s, records, tmp_path / "c", balance=_balance(records))
    state = json.loads((last / "trainer.json").read_text())
    assert state["settings"]["balance_booleans"] is True and state["step"] == 4
    plain = train(TrainSettings(steps=4, batch_records=3, warmup=1, save_every=2, seed=2, array_mode="anchor"),
                  records, tmp_path / "d")
    balanced_decide = [h["decide"] for h in state["history"]]
    plain_decide = [h["decide"] for h in json.loads((plain / "trainer.json").read_text())["history"]]
    assert balanced_decide != plain_decide


def test_a_run_from_a_feature_cache_alone_cannot_count_answers(tmp_path):
    with pytest.raises(ValueError, match="--balance-booleans counts the training records"):
        run_training(tmp_path, TrainSettings(steps=2, balance_booleans=True), features=tmp_path / "cache")
