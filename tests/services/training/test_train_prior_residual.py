"""`--prior-residual` runs: the trainer reads the cached LM prior, and its checkpoints are
served with the mix the heads were trained for (head 1, prior 1), on synthetic features."""
from __future__ import annotations

import json

import pytest
import torch

from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.scoring import PRIOR_KINDS, Mix, ScoringSettings
from deg_model.training.calibration import collect, nll
from deg_model.training.features import load_cache, save_cache
from deg_model.training.objective import batch_loss
from services.training.__main__ import main
from services.training.trainer import TrainSettings, train
from test_train_trainer import synthetic_records


def with_priors(records, seed: int = 0):
    """The records with an LM prior on every decide / extract question."""
    g = torch.Generator().manual_seed(seed)
    for rec in records:
        for q in rec.questions:
            n = {"choice": 3, "noul": 2, "extract": rec.ctx.shape[0] + 1}.get(q.kind)
            if n is not None:
                q.prior = torch.log_softmax(torch.randn(n, generator=g, dtype=torch.float64), -1)
    return records


def test_a_residual_run_is_served_with_head_1_and_prior_1(tmp_path):
    records = with_priors(synthetic_records(6))
    settings = TrainSettings(steps=4, batch_records=2, warmup=1, save_every=2, prior_residual=True)
    last = train(settings, records, tmp_path)
    config, _, _ = load_checkpoint(last)
    assert config.scoring == ScoringSettings(**{kind: Mix(1.0, 1.0) for kind in PRIOR_KINDS})
    assert all(config.scoring.uses_prior(kind) for kind in PRIOR_KINDS)
    assert config.prior_framing == "give"
    residual = config.provenance["prior_residual"]
    assert residual["kinds"] == list(PRIOR_KINDS) and residual["mix"] == {"head": 1.0, "prior": 1.0}
    assert config.provenance["settings"]["prior_residual"] is True
    assert json.loads((last / "trainer.json").read_text())["settings"]["prior_residual"] is True



def test_a_residual_run_resumes(tmp_path):
    records = with_priors(synthetic_records(6))
    settings = TrainSettings(steps=4, batch_records=2, warmup=1, save_every=2, prior_residual=True)
    train(settings, records, tmp_path, stop_after=2)
    assert train(settings, records, tmp_path).name == "step-000004"
    with pytest.raises(ValueError, match="other settings"):
        train(TrainSettings(steps=4, batch_records=2, warmup=1, save_every=2), synthetic_records(6), tmp_path)


def test_the_first_step_loses_the_residual_loss(tmp_path):
    primed = with_priors(synthetic_records(4))
    heads = fresh_heads(16)
    with torch.no_grad():
        residual, _ = batch_loss(heads, primed)
        plain, _ = batch_loss(heads, synthetic_records(4))
    assert float(residual) != pytest.approx(float(plain), rel=1e-3)
    ran = train(TrainSettings(steps=1, batch_records=4, warmup=1, prior_residual=True), primed, tmp_path)
    history = json.loads((ran / "trainer.json").read_text())["history"]
    assert history[0]["total"] == pytest.approx(float(residual), rel=1e-6)


def test_a_plain_run_keeps_its_settings_and_mix(tmp_path):
    last = train(TrainSettings(steps=2, batch_records=2, warmup=1, save_every=2), synthetic_records(4), tmp_path)
    config, _, _ = load_checkpoint(last)
    assert config.scoring == ScoringSettings() and "prior_residual" not in config.provenance
    assert "prior_residual" not in json.loads((last / "trainer.json").read_text())["settings"]


def test_priors_and_the_setting_must_agree(tmp_path):
    with pytest.raises(ValueError, match="train with --prior-residual"):
        train(TrainSettings(steps=1), with_priors(synthetic_records(2)), tmp_path / "a")
    with pytest.raises(ValueError, match="needs features built with the LM prior"):
        train(TrainSettings(steps=1, prior_residual=True), synthetic_records(2), tmp_path / "b")


def test_cli_trains_a_prior_cache_with_prior_residual(tmp_path, capsys):
    save_cache(tmp_path / "f", with_priors(synthetic_records(4)), identity={"synthetic": True, "prior_framing": "give"})
    out = tmp_path / "run"
    args = ["train", "--out", str(out), "--features", str(tmp_path / "f"), "--steps", "2", "--batch-records", "2",
            "--warmup", "1"]
    assert main(args) == 2
    assert "train with --prior-residual" in capsys.readouterr().err
    assert main(args + ["--prior-residual"]) == 0
    config, _, _ = load_checkpoint(out / "step-000002")
    assert config.scoring.mix("extract") == Mix(1.0, 1.0) and config.scoring.mix("count") == Mix()


def test_a_residual_checkpoint_calibrates_on_the_composed_score(tmp_path, capsys):
    save_cache(tmp_path / "f", with_priors(synthetic_records(4)), identity={"prior_framing": "give"})
    save_cache(tmp_path / "val", with_priors(synthetic_records(4, seed=3), seed=1), identity={"prior_framing": "give"})
    save_cache(tmp_path / "plain", synthetic_records(4, seed=3), identity={})
    out = tmp_path / "run"
    assert main(["train", "--out", str(out), "--features", str(tmp_path / "f"), "--steps", "2", "--batch-records",
                 "2", "--warmup", "1", "--prior-residual"]) == 0
    last = out / "step-000002"
    assert main(["calibrate", "--checkpoint", str(last), "--features", str(tmp_path / "plain")]) == 2
    assert "calibrates on val features with the prior" in capsys.readouterr().err
    assert main(["calibrate", "--checkpoint", str(last), "--features", str(tmp_path / "val")]) == 0
    config, heads, _ = load_checkpoint(last)
    assert config.scoring.mix("choice") == Mix(1.0, 1.0) and "calibration" in config.provenance
    heads.temperatures.fill_(1.0)
    composed = collect(heads, load_cache(tmp_path / "val"))["choice"]
    alone = collect(heads, load_cache(tmp_path / "plain"))["choice"]
    assert nll("choice", composed, 1.0) != pytest.approx(nll("choice", alone, 1.0), rel=1e-6)
