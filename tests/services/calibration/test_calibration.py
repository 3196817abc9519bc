"""Temperature calibration: the fit finds the NLL minimum, improves ECE on over-confident
heads, stores the temperatures, refuses test records, and writes a reliability diagram."""
from __future__ import annotations

import json
import math

import pytest
import torch

from deg_model.checkpoint import CheckpointConfig, fresh_heads, load_checkpoint, save_checkpoint
from deg_model.heads import HEAD_KINDS
from deg_model.training.calibration import KindData, calibrate, calibrate_checkpoint, fit_temperature, nll
from deg_model.training.features import FeatureQuestion, FeatureRecord, save_cache
from degcommon.metrics import expected_calibration_error as ece
from services.calibration.__main__ import main as calibration_main

H = 8


def _overconfident_kind(n=400, true_t=3.0, seed=0) -> KindData:
    """Logits drawn so that softmax(z / true_t) is the true label distribution."""
    g = torch.Generator().manual_seed(seed)
    d = KindData()
    for _ in range(n):
        z = torch.randn(4, generator=g, dtype=torch.float64) * 6
        p = torch.softmax(z / true_t, -1)
        d.logits.append(z)
        d.targets.append(int(torch.multinomial(p, 1, generator=g)))
    return d


def test_fit_recovers_the_generating_temperature_and_minimizes_nll():
    d = _overconfident_kind()
    t = fit_temperature("choice", d)
    assert 2.4 < t < 3.7
    for other in (t * 0.9, t * 1.1):
        assert nll("choice", d, t) <= nll("choice", d, other)
    assert fit_temperature("choice", d) == t          # deterministic, exactly


def test_ece_known_values_and_bad_input():
    assert ece([1.0, 1.0], [True, True]) == 0.0
    assert ece([0.9, 0.9], [False, False]) == pytest.approx(0.9)
    assert ece([], []) == 0.0
    with pytest.raises(ValueError, match="length"):
        ece([0.5], [])


def _records(n, seed):
    """Features whose heads (fresh, scaled up) are over-confident and often wrong."""
    g = torch.Generator().manual_seed(seed)
    out = []
    for k in range(n):
        ctx = torch.randn(9, H, generator=g)
        qs = [FeatureQuestion("choice", "/c", torch.randn(H, generator=g), torch.randn(3, H, generator=g),
                              target=int(torch.randint(3, (1,), generator=g))),
              FeatureQuestion("noul", "/b", torch.randn(H, generator=g), target=int(torch.randint(2, (1,), generator=g))),
              FeatureQuestion("extract", "/x", torch.randn(H, generator=g), spans=((k % 9, k % 9),))]
        out.append(FeatureRecord(f"val-{k}", ctx, qs, ctx_emb=torch.randn(9, H, generator=g)))
    return out


def _hot_heads():
    heads = fresh_heads(H, seed=1)
    with torch.no_grad():
        for p in heads.parameters():
            p.mul_(6.0)
    return heads


def test_calibrate_sets_temperatures_and_lowers_decide_ece(tmp_path):
    heads = _hot_heads()
    report = calibrate(heads, _records(60, 0), plot=tmp_path / "rel.png")
    for kind in ("choice", "noul", "extract"):
        assert report.per_kind[kind]["questions"] == 60
        assert report.per_kind[kind]["nll_after"] <= report.per_kind[kind]["nll_before"]
        assert float(heads.temperatures[HEAD_KINDS.index(kind)]) == report.temperatures[kind]
    assert report.temperatures["choice"] > 1.5          # over-confident -> softened
    assert report.per_kind["score"]["questions"] == 0 and report.temperatures["score"] == 1.0
    assert float(heads.temperatures[HEAD_KINDS.index("count")]) == 1.0
    assert report.decide_ece_after < report.decide_ece_before
    assert (tmp_path / "rel.png").read_bytes()[:4] == b"\x89PNG"


def test_calibration_refuses_test_records():
    with pytest.raises(ValueError, match="must not see test records"):
        calibrate(_hot_heads(), _records(3, 0), test_uids={"val-1"})


def test_calibrate_checkpoint_writes_temperatures_into_heads_safetensors(tmp_path):
    ckpt = tmp_path / "ckpt"
    save_checkpoint(ckpt, CheckpointConfig(model_id="m", backbone="b", hidden=H), _hot_heads())
    (ckpt / "provenance.json").write_text("{}\n")
    feats = tmp_path / "val"
    save_cache(feats, _records(20, 3), identity={"synthetic": True})
    report = calibrate_checkpoint(ckpt, feats)
    cfg, heads, _ = load_checkpoint(ckpt)
    assert float(heads.temperatures[HEAD_KINDS.index("choice")]) == pytest.approx(report.temperatures["choice"], rel=1e-6)
    assert cfg.provenance["calibration"]["records"] == 20
    assert (ckpt / "provenance.json").read_text() == "{}\n"
    assert (ckpt / "reliability.png").is_file() and (ckpt / "calibration.json").is_file()


def test_the_calibration_command_calibrates_in_place_and_names_a_missing_cache(tmp_path, capsys):
    ckpt = tmp_path / "ckpt"
    save_checkpoint(ckpt, CheckpointConfig(model_id="m", backbone="b", hidden=H), _hot_heads())
    save_cache(tmp_path / "val", _records(12, 5), identity={"synthetic": True})
    assert calibration_main(["--checkpoint", str(ckpt), "--features", str(tmp_path / "val")]) == 0
    printed = json.loads(capsys.readouterr().out)
    _, heads, _ = load_checkpoint(ckpt)
    assert float(heads.temperatures[HEAD_KINDS.index("choice")]) == printed["temperatures"]["choice"]
    assert calibration_main(["--checkpoint", str(ckpt), "--features", str(tmp_path / "none")]) == 2
    assert "no feature cache" in capsys.readouterr().err
