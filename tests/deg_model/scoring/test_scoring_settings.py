"""Scoring settings (`deg_model.scoring.settings`): the terms' weights by name in deg.json,
clear errors, and old checkpoints' float buffers read to the same numbers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from deg_model.checkpoint import CheckpointConfig, CheckpointError, fresh_heads, load_checkpoint, save_checkpoint
from deg_model.scoring import LEGACY_BUFFERS, Mix, ScoringSettings

REPO = Path(__file__).resolve().parents[3]
SHIPPED = REPO / "checkpoints" / "deg-smollm2-135m-0.5"


def test_settings_round_trip_through_their_dict():
    s = ScoringSettings(score=Mix(1.5, 0.5), noul=Mix(0.0, 0.25), verbatim_weight=4.0, noul_shift=-0.5,
                        null_margin=1.5, relevance_weight=16.0, closing_weight=4.0, layout_rows=True,
                        anchor_shift=1.5)
    data = json.loads(json.dumps(s.to_dict()))
    assert data["score"] == {"head": 1.5, "prior": 0.5} and data["layout_rows"] is True
    assert data["anchor_shift"] == 1.5
    assert ScoringSettings.from_dict(data) == s
    assert ScoringSettings.from_dict({}) == ScoringSettings.heads_only()


@pytest.mark.parametrize("data,message", [
    ({"verbatim": 4.0}, "unknown keys ['verbatim']"),
    ({"choice": [1.0, 0.0]}, "scoring.choice must be"),
    ({"choice": {"head": 1.0, "weight": 0.0}}, "scoring.choice must be"),
    ({"noul_shift": "high"}, "scoring.noul_shift must be a finite number"),
    ({"null_margin": float("nan")}, "scoring.null_margin must be a finite number"),
    ({"anchor_shift": True}, "scoring.anchor_shift must be a finite number"),
    ({"layout_rows": 1.0}, "scoring.layout_rows must be true or false"),
])
def test_a_wrong_setting_is_named(data, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        ScoringSettings.from_dict(data)


def test_kinds_without_a_prior_are_their_head_alone():
    s = ScoringSettings.prior_only()
    assert s.mix("extract") == Mix(0.0, 1.0) and s.mix("count") == Mix(1.0, 0.0)
    assert s.uses_prior("choice") and not s.uses_prior("anchor") and not ScoringSettings().uses_prior("choice")
    assert ScoringSettings(verbatim_weight=2.0, layout_rows=True).adjustments_off() == ScoringSettings(layout_rows=True)
    # the mark threshold is the anchor head's calibration, not a rule: it stays
    assert ScoringSettings(anchor_shift=1.0).adjustments_off() == ScoringSettings(anchor_shift=1.0)


def test_the_shipped_checkpoint_loads_its_buffers_to_the_same_numbers():
    raw = json.loads((SHIPPED / "deg.json").read_text())
    assert "scoring" not in raw                           # saved before the record: its buffers are read
    tensors = load_file(str(SHIPPED / "heads.safetensors"))
    config, heads, _ = load_checkpoint(SHIPPED)
    s = config.scoring
    mix = tensors["prior_mix"]
    for row, kind in enumerate(("choice", "score", "noul", "extract")):
        assert s.mix(kind) == Mix(float(mix[row, 0]), float(mix[row, 1]))
    for name in ("verbatim_weight", "noul_shift", "null_margin", "relevance_weight", "closing_weight"):
        assert getattr(s, name) == float(tensors[name])
    assert s.layout_rows is (float(tensors["layout_rows"]) == 1.0) is True
    assert (s.extract, s.relevance_weight, s.closing_weight, s.null_margin) == (Mix(0.25, 0.5), 16.0, 4.0, 1.5)
    assert not set(LEGACY_BUFFERS) & set(heads.state_dict())


def test_a_saved_checkpoint_names_its_settings_in_deg_json(tmp_path):
    config = CheckpointConfig(model_id="m", backbone="b", hidden=64,
                              scoring=ScoringSettings(extract=Mix(0.25, 0.5), relevance_weight=16.0, layout_rows=True))
    path = save_checkpoint(tmp_path / "c", config, fresh_heads(64))
    assert json.loads((path / "deg.json").read_text())["scoring"]["extract"] == {"head": 0.25, "prior": 0.5}
    assert not set(LEGACY_BUFFERS) & set(load_file(str(path / "heads.safetensors")))
    assert load_checkpoint(path)[0] == config


def test_an_old_checkpoint_s_buffers_load_and_a_double_record_is_refused(tmp_path):
    path = save_checkpoint(tmp_path / "old", CheckpointConfig(model_id="m", backbone="b", hidden=64), fresh_heads(64))
    raw = json.loads((path / "deg.json").read_text())
    del raw["scoring"]
    (path / "deg.json").write_text(json.dumps(raw))
    tensors = load_file(str(path / "heads.safetensors"))
    mix = torch.zeros(6, 2)
    mix[:, 0] = 1.0
    mix[2] = torch.tensor([0.0, 0.25])
    from safetensors.torch import save_file
    save_file({**tensors, "prior_mix": mix, "noul_shift": torch.tensor(-0.5), "layout_rows": torch.tensor(1.0)},
              str(path / "heads.safetensors"))
    config, _, _ = load_checkpoint(path)
    assert config.scoring == ScoringSettings(noul=Mix(0.0, 0.25), noul_shift=-0.5, layout_rows=True)
    raw["scoring"] = {}
    (path / "deg.json").write_text(json.dumps(raw))
    with pytest.raises(CheckpointError, match="keep one"):
        load_checkpoint(path)
    raw["scoring"] = {"layout_rows": "yes"}
    save_file(tensors, str(path / "heads.safetensors"))
    (path / "deg.json").write_text(json.dumps(raw))
    with pytest.raises(CheckpointError, match="layout_rows must be true or false"):
        load_checkpoint(path)
