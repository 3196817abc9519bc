"""Rule ablation (`services.training.rule_ablation`): backward elimination retires the term that
costs least while that cost is under the threshold, re-measuring the rest after each retirement,
and keeps every term worth at least the threshold."""
from __future__ import annotations

import dataclasses

import pytest

from deg_model.scoring import Mix, ScoringSettings
from services.training import rule_ablation as module
from services.training.rule_ablation import LEAF_TERMS, eliminate, is_on, recalibrate, rule_ablation

FITTED = ScoringSettings(choice=Mix(1.0, 0.5), score=Mix(1.0, 0.0), noul=Mix(0.5, 1.0), extract=Mix(1.0, 0.25),
                         verbatim_weight=2.0, noul_shift=-0.5, null_margin=1.5, relevance_weight=8.0,
                         closing_weight=2.0, layout_rows=True)


def test_every_term_is_on_in_the_fitted_settings_and_off_after_its_switch():
    for name, off in LEAF_TERMS.items():
        assert is_on(name, FITTED) and not is_on(name, off(FITTED)), name
        others = [n for n in LEAF_TERMS if n != name]
        assert all(is_on(n, off(FITTED)) for n in others), name
    prior_off = LEAF_TERMS["prior_mix"](FITTED)
    assert [prior_off.mix(k).prior for k in ("choice", "score", "noul", "extract")] == [0.0] * 4
    assert prior_off.noul.head == 0.5                 # the head's weight (a temperature) stays


def test_elimination_retires_cheap_terms_and_re_measures_the_rest():
    # relevance is worth 0.05; closing 0.012 while null_margin is on, 0.008 once it is gone
    # (they overlap); null_margin 0.005; every other term nothing.
    def accuracy(s: ScoringSettings) -> float:
        acc = 0.5 + (0.05 if s.relevance_weight else 0.0)
        acc += (0.012 if s.null_margin else 0.008) if s.closing_weight else 0.0
        return acc + (0.001 if s.null_margin else 0.0)

    kept, rounds = eliminate(accuracy, FITTED, threshold=0.01)
    assert {n for n in LEAF_TERMS if is_on(n, kept)} == {"relevance"}
    retired = [r["retired"] for r in rounds]
    assert retired[-1] is None and set(retired[:-1]) == {"prior_mix", "verbatim", "noul_shift", "null_margin",
                                                          "closing"}
    assert retired.index("null_margin") < retired.index("closing")
    assert rounds[-1]["cost_of_removing"] == {"relevance": pytest.approx(0.05)}
    assert kept.layout_rows is True                     # whole-fill terms are not the leaves' to retire


def test_a_term_worth_the_threshold_is_kept():
    kept, rounds = eliminate(lambda s: 0.6 + (0.01 if s.verbatim_weight else 0.0),
                             FITTED, threshold=0.01)
    assert {n for n in LEAF_TERMS if is_on(n, kept)} == {"verbatim"}
    assert rounds[-1]["retired"] is None


def test_test_and_train_domains_are_refused():
    for split in ("test", "train"):
        with pytest.raises(ValueError, match="held-out validation"):
            rule_ablation("unused", split=split)
        with pytest.raises(ValueError, match="held-out validation"):
            recalibrate("unused", split=split)


def test_recalibration_calibrates_the_served_settings_as_they_are_and_writes_them(tmp_path, monkeypatch):
    import torch
    from deg_model.checkpoint import CheckpointConfig, fresh_heads, load_checkpoint, save_checkpoint
    base = save_checkpoint(tmp_path / "base", CheckpointConfig(model_id="m", backbone="tiny", hidden=16, head_dim=8,
                                                               trained=True, scoring=FITTED, provenance={"run": "r"}),
                           fresh_heads(16, seed=1, head_dim=8))
    runtime = type("Runtime", (), {"scoring": FITTED})()
    seen = {}
    monkeypatch.setattr(module, "load_runtime", lambda path: runtime)
    monkeypatch.setattr(module, "generate", lambda seed, limit, split: [{"uid": f"r{i}"} for i in range(limit)])
    monkeypatch.setattr(module, "record_leaves", lambda rt, records, progress: ["leaf"] * len(records))
    monkeypatch.setattr(module, "RecordedScoring", lambda rt, leaves: type("Recorded", (), {"leaves": leaves})())

    def calibrate(rt, leaves, settings):
        seen["settings"] = settings
        return dataclasses.replace(settings, score=Mix(0.5, 0.0)), {"score": {"temperature": 2.0}}

    monkeypatch.setattr(module, "calibrate_served", calibrate)
    monkeypatch.setattr(module, "leaf_accuracy", lambda rt, leaves, s: {"all": {"accuracy": 0.75}})
    report = recalibrate(str(base), limit=3, out=str(tmp_path / "out"), progress=False)
    assert seen["settings"] is FITTED                  # the kept terms as served, nothing refitted
    assert report["records"] == 3 and report["field_accuracy"] == 0.75
    config, heads, _ = load_checkpoint(tmp_path / "out")
    assert config.scoring == dataclasses.replace(FITTED, score=Mix(0.5, 0.0))
    assert config.provenance["run"] == "r" and config.provenance["served_calibration"]["calibration"] == {
        "score": {"temperature": 2.0}}
    assert torch.equal(heads.score.q.weight, load_checkpoint(base)[1].score.q.weight)
