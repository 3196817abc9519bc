"""`train average`: the uniform mean of a run's steps, tensor by tensor."""
import json

import pytest
import torch

from deg_model.checkpoint import CheckpointConfig, fresh_heads, load_checkpoint, save_checkpoint
from services.training.__main__ import main
from services.training.averaging import average_checkpoints

LORA = {"rank": 2, "alpha": 4.0, "adapters": ["decide"], "layers": [1]}


def _step(tmp_path, name, seed, *, lora=LORA, decode="count_peaks"):
    heads = fresh_heads(16, seed=seed, head_dim=8)
    gen = torch.Generator().manual_seed(100 + seed)
    adapters = {"layers.1.q.A": torch.randn(2, 16, generator=gen), "layers.1.q.B": torch.randn(16, 2, generator=gen)}
    config = CheckpointConfig(model_id="m", backbone="tiny", hidden=16, head_dim=8, trained=True,
                              lora=lora, array_decode=decode, provenance={"run": "r"})
    return save_checkpoint(tmp_path / "run" / name, config, heads, adapters if lora else None)


def test_average_is_the_mean_of_every_head_and_adapter_tensor(tmp_path):
    steps = [_step(tmp_path, f"step-{i:06d}", i) for i in (20, 40, 60)]
    out = average_checkpoints(steps, tmp_path / "avg")
    loaded = [load_checkpoint(s) for s in steps]
    config, heads, adapters = load_checkpoint(out)
    for name, value in heads.state_dict().items():
        expected = sum(h.state_dict()[name].double() for _, h, _ in loaded) / 3
        assert torch.equal(value, expected.float()), name
    for name, value in adapters.items():
        expected = sum(a[name].double() for _, _, a in loaded) / 3
        assert torch.equal(value, expected.float()), name
    # the last step's settings, with the steps it came from
    assert config.array_decode == "count_peaks" and config.lora == LORA
    assert config.provenance == {"run": "r", "averaged_from": ["step-000020", "step-000040", "step-000060"]}
    assert sorted(p.name for p in out.iterdir()) == ["adapters.safetensors", "deg.json", "heads.safetensors"]


def test_average_of_identical_steps_is_bitwise_the_step(tmp_path):
    a = _step(tmp_path, "a", 3)
    b = _step(tmp_path, "b", 3)
    _, heads, adapters = load_checkpoint(average_checkpoints([a, b], tmp_path / "avg"))
    _, h0, a0 = load_checkpoint(a)
    assert all(torch.equal(v, h0.state_dict()[k]) for k, v in heads.state_dict().items())
    assert all(torch.equal(v, a0[k]) for k, v in adapters.items())


def test_average_refuses_steps_that_do_not_match(tmp_path):
    a = _step(tmp_path, "a", 1)
    with pytest.raises(ValueError, match="at least two"):
        average_checkpoints([a], tmp_path / "avg")
    other = _step(tmp_path, "b", 2, lora={**LORA, "rank": 3})
    with pytest.raises(ValueError, match="LoRA"):
        average_checkpoints([a, other], tmp_path / "avg")
    bare = _step(tmp_path, "c", 2, lora=None)
    with pytest.raises(ValueError, match="LoRA"):
        average_checkpoints([a, bare], tmp_path / "avg")
    assert not (tmp_path / "avg").exists()


def test_average_command(tmp_path, capsys):
    steps = [str(_step(tmp_path, f"step-{i:06d}", i)) for i in (1, 2)]
    assert main(["average", "--out", str(tmp_path / "avg"), *steps]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "avg")
    assert json.loads((tmp_path / "avg" / "deg.json").read_text())["provenance"]["averaged_from"] == \
        ["step-000001", "step-000002"]
    assert main(["average", "--out", str(tmp_path / "x"), steps[0]]) == 2
    assert "at least two" in capsys.readouterr().err
