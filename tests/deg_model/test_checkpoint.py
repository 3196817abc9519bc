"""Checkpoint directories: bitwise round trip (temperatures included), clear errors, and
load_runtime from a path, a model id under DEG_HOME or a settings object."""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
import torch

from deg_model.checkpoint import CheckpointConfig, CheckpointError, fresh_heads, load_checkpoint, save_checkpoint
from deg_model.runtime import load_runtime


def test_round_trip_is_bitwise_with_temperatures(tmp_path):
    heads = fresh_heads(64, seed=3)
    with torch.no_grad():
        heads.temperatures.copy_(torch.tensor([1.5, 0.7, 2.0, 1.1, 1.0, 0.9]))
        heads.span_bias.normal_()
    config = CheckpointConfig(model_id="m", backbone="b", hidden=64, array_mode="index", anchor_min_tokens=300,
                              trained=True, lora={"rank": 4}, array_decode="expected")
    adapters = {"x.lora_A": torch.randn(4, 64)}
    path = save_checkpoint(tmp_path / "ckpt", config, heads, adapters)
    loaded_config, loaded, loaded_adapters = load_checkpoint(path)
    assert loaded_config == config
    a, b = heads.state_dict(), loaded.state_dict()
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    assert torch.equal(loaded_adapters["x.lora_A"], adapters["x.lora_A"])
    assert torch.equal(loaded.temperature("noul"), torch.tensor(2.0))
    # overwriting is atomic and leaves no temp dirs behind
    save_checkpoint(path, config, fresh_heads(64, seed=4))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ckpt"]
    assert fresh_heads(64, 3).state_dict().keys() == a.keys()
    assert all(torch.equal(v, fresh_heads(64, 3).state_dict()[k]) for k, v in fresh_heads(64, 3).state_dict().items())


def test_load_errors_name_the_problem(tmp_path):
    with pytest.raises(CheckpointError, match="no deg.json"):
        load_checkpoint(tmp_path)
    path = save_checkpoint(tmp_path / "c", CheckpointConfig(model_id="m", backbone="b", hidden=64), fresh_heads(64))
    raw = json.loads((path / "deg.json").read_text())
    (path / "deg.json").write_text(json.dumps({**raw, "colour": "red"}))
    with pytest.raises(CheckpointError, match="unknown keys"):
        load_checkpoint(path)
    (path / "deg.json").write_text(json.dumps({**raw, "hidden": 32}))
    with pytest.raises(CheckpointError, match="32-wide"):
        load_checkpoint(path)
    (path / "deg.json").write_text(json.dumps({**raw, "array_decode": "guess"}))
    with pytest.raises(CheckpointError, match="array_decode must be one of"):
        load_checkpoint(path)
    # a deg.json from before the key loads with the contract's default
    (path / "deg.json").write_text(json.dumps({k: v for k, v in raw.items() if k != "array_decode"}))
    assert load_checkpoint(path)[0].array_decode == "count_peaks"
    (path / "deg.json").write_text(json.dumps({**raw, "format": "other"}))
    with pytest.raises(CheckpointError, match="unknown checkpoint format"):
        load_checkpoint(path)


@dataclass(frozen=True)
class _Settings:
    checkpoint: str


def test_load_runtime_from_path_model_id_and_settings(tmp_path, monkeypatch, make_tiny):
    from transformers import AutoTokenizer
    from deg_model.loading import embedded_gguf_path

    snapshot = tmp_path / "tiny"
    model = make_tiny(5, vocab_size=49152)
    model.save_pretrained(snapshot)
    gguf = embedded_gguf_path()
    AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name).save_pretrained(snapshot)
    config = CheckpointConfig(model_id="deg-tiny", backbone=str(snapshot), hidden=64, trained=True)
    heads = fresh_heads(64, 9)
    save_checkpoint(tmp_path / "home" / "models" / "deg-tiny", config, heads)
    monkeypatch.setenv("DEG_HOME", str(tmp_path / "home"))
    pinned, pin = [], torch.set_num_threads
    monkeypatch.setattr(torch, "set_num_threads", lambda n: (pinned.append(n), pin(n)))
    for ref in (str(tmp_path / "home" / "models" / "deg-tiny"), "deg-tiny", _Settings("deg-tiny")):
        rt = load_runtime(ref)
        assert rt.model_id == "deg-tiny" and rt.aliases == ["deg-latest"]
        assert all(torch.equal(v, heads.state_dict()[k]) for k, v in rt.heads.state_dict().items())
    # the thread count is set explicitly even at torch's default: that is what pins MKL's threads
    assert pinned == [torch.get_num_threads()] * 3
    with pytest.raises(FileNotFoundError, match="neither a directory nor a model id"):
        load_runtime("deg-missing")
