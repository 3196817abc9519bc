"""The heads trainer on synthetic cached features: schedule, data order, learning, resume."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import torch

from safetensors.torch import load_file, save_file

from deg_model.checkpoint import CheckpointConfig, fresh_heads, load_checkpoint, save_checkpoint
from deg_model.heads import ECHO_KEYS
from deg_model.training.features import FeatureQuestion, FeatureRecord
from services.training.param_groups import OFFSET_LR_SCALE
from services.training.trainer import (TrainSettings, batch_indices, latest_checkpoint, lr_at,
                                       make_optimizer, train)

H = 16


def synthetic_records(n: int = 12, seed: int = 0) -> list[FeatureRecord]:
    """Records whose answers are learnable from the features: the gold option / span token
    carries a shared direction, so the heads can reduce the loss."""
    g = torch.Generator().manual_seed(seed)
    sig = torch.randn(H, generator=g)
    out = []
    for k in range(n):
        ctx = torch.randn(10, H, generator=g)
        gold_tok = k % 10
        ctx[gold_tok] += 2 * sig
        opts = torch.randn(3, H, generator=g)
        opts[k % 3] += 2 * sig
        a = torch.randn(H, generator=g)
        qs = [
            FeatureQuestion("choice", "/c", a, opts, target=k % 3),
            FeatureQuestion("noul", "/b", a + (sig if k % 2 else -sig), target=0 if k % 2 else 1),
            FeatureQuestion("extract", "/x", a, spans=((gold_tok, gold_tok),)),
            FeatureQuestion("count", "/arr", a, target=k % 4, bounds=(0, 32)),
            FeatureQuestion("anchor", "/arr", a, region=(0, 10), starts=(gold_tok,)),
        ]
        out.append(FeatureRecord(f"r{k}", ctx, qs, ctx_emb=torch.randn(10, H, generator=g)))
    return out


def test_lr_warms_up_then_decays_by_cosine_to_ten_percent():
    s = TrainSettings(steps=100, warmup=10, lr=1e-3)
    assert lr_at(s, 0) == pytest.approx(1e-4)
    assert lr_at(s, 9) == pytest.approx(1e-3)
    assert lr_at(s, 10) == pytest.approx(1e-3)
    assert lr_at(s, 55) == pytest.approx(1e-3 * (0.1 + 0.9 * 0.5))
    assert lr_at(s, 100) == pytest.approx(1e-4)
    values = [lr_at(s, i) for i in range(10, 101)]
    assert all(a >= b for a, b in zip(values, values[1:]))


def test_moment_steps_hold_the_weights_while_adam_gathers_its_moments_then_the_schedule_follows(tmp_path):
    s = TrainSettings(steps=13, warmup=2, lr=1e-3, moment_steps=3, batch_records=3, save_every=3, seed=2)
    assert [lr_at(s, i) for i in range(3)] == [0.0, 0.0, 0.0]
    plain = TrainSettings(steps=10, warmup=2, lr=1e-3)
    assert [lr_at(s, i + 3) for i in range(11)] == [lr_at(plain, i) for i in range(11)]
    with pytest.raises(ValueError, match="moment_steps"):
        TrainSettings(steps=3, moment_steps=3)
    train(s, synthetic_records(), tmp_path)
    start = fresh_heads(H, seed=s.seed, context=s.context).state_dict()
    _, held, _ = load_checkpoint(tmp_path / "step-000003")
    assert all(torch.equal(v, start[k]) for k, v in held.state_dict().items())
    moments = load_file(str(tmp_path / "step-000003" / "optimizer.safetensors"))
    assert any(k.endswith("exp_avg_sq") and bool(v.any()) for k, v in moments.items())
    _, moved, _ = load_checkpoint(tmp_path / "step-000006")
    assert not all(torch.equal(v, start[k]) for k, v in moved.state_dict().items())
    assert json.loads((tmp_path / "step-000006" / "trainer.json").read_text())["settings"]["moment_steps"] == 3


def test_data_order_is_a_pure_function_of_seed_and_covers_each_epoch():
    first = [batch_indices(5, 7, s, 3) for s in range(7)]
    assert first == [batch_indices(5, 7, s, 3) for s in range(7)]
    stream = [i for b in first for i in b]
    assert sorted(stream[:7]) == list(range(7)) and sorted(stream[7:14]) == list(range(7))
    assert stream != [batch_indices(6, 7, s, 3) for s in range(7)]


def test_settings_are_validated():
    with pytest.raises(ValueError, match="steps must be >= 1"):
        TrainSettings(steps=0)
    with pytest.raises(ValueError, match="array_mode"):
        TrainSettings(steps=3, array_mode="grid")


def test_training_reduces_the_loss_and_writes_checkpoints_and_curve(tmp_path):
    s = TrainSettings(steps=40, batch_records=4, warmup=4, lr=3e-3, save_every=20, seed=1)
    last = train(s, synthetic_records(), tmp_path)
    hist = json.loads((last / "trainer.json").read_text())["history"]
    first = sum(h["total"] for h in hist[:5]) / 5
    final = sum(h["total"] for h in hist[-5:]) / 5
    assert final < 0.7 * first
    assert sorted(p.name for p in tmp_path.glob("step-*")) == ["step-000020", "step-000040"]
    cfg, heads, _ = load_checkpoint(last)
    assert cfg.trained and cfg.provenance["step"] == 40 and heads.hidden == H
    assert (tmp_path / "loss.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not list(tmp_path.glob(".*"))        # no temporary leftovers


def _bytes(d: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(d.iterdir())}


def test_resume_ends_with_the_same_bytes_as_an_uninterrupted_run(tmp_path):
    s = TrainSettings(steps=12, batch_records=3, warmup=3, save_every=4, seed=2)
    records = synthetic_records()
    straight = train(s, records, tmp_path / "a")
    half = train(s, records, tmp_path / "b", stop_after=6)
    assert half.name == "step-000006"
    resumed = train(s, records, tmp_path / "b")
    assert resumed.name == straight.name == "step-000012"
    a, b = _bytes(straight), _bytes(resumed)
    assert a.keys() == {"deg.json", "heads.safetensors", "optimizer.safetensors", "trainer.json"}
    assert a == b
    # Rerunning a finished run is a no-op.
    assert train(s, records, tmp_path / "b") == resumed and _bytes(resumed) == b


def test_resume_refuses_other_settings(tmp_path):
    records = synthetic_records(4)
    train(TrainSettings(steps=4, batch_records=2, save_every=2), records, tmp_path, stop_after=2)
    with pytest.raises(ValueError, match="other settings"):
        train(TrainSettings(steps=4, batch_records=2, save_every=2, lr=5e-4), records, tmp_path)


def test_resume_refuses_other_records(tmp_path):
    train(TrainSettings(steps=4, batch_records=2, save_every=2), synthetic_records(4), tmp_path, stop_after=2)
    with pytest.raises(ValueError, match="other records"):
        train(TrainSettings(steps=4, batch_records=2, save_every=2), synthetic_records(5), tmp_path)


def test_the_siblings_echo_learns_at_its_own_rate_from_a_head_set_saved_without_it(tmp_path):
    s = TrainSettings(steps=6, batch_records=4, warmup=1, lr=1e-3, save_every=6, seed=1)
    heads = fresh_heads(H, seed=0)
    groups = make_optimizer(heads, s).param_groups
    fast = [g for g in groups if g["lr_scale"] == OFFSET_LR_SCALE]
    assert len(fast) == 1 and {id(p) for p in fast[0]["params"]} == {
        id(heads.anchor_echo_weight), id(heads.span_bias), id(heads.anchor_bias)}
    # every head parameter is in exactly one group
    grouped = [id(p) for g in groups for p in g["params"]]
    assert sorted(grouped) == sorted(id(p) for p in heads.parameters())
    # a start from a head set saved without the echo trains a fresh one from weight 0
    old = tmp_path / "old"
    save_checkpoint(old, CheckpointConfig(model_id="tiny", backbone="tiny", hidden=H), heads)
    tensors = {k: v for k, v in load_file(str(old / "heads.safetensors")).items() if k not in ECHO_KEYS}
    save_file(tensors, str(old / "heads.safetensors"))
    last = train(dataclasses.replace(s, init_from=str(old)), synthetic_records(), tmp_path / "run")
    _, trained, _ = load_checkpoint(last)
    assert trained.has_echo() and float(trained.anchor_echo_weight.detach()) != 0.0
