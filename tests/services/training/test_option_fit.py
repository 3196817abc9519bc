"""Fitting the option reader on cached reads (`services.training.option_fit`)."""
from __future__ import annotations

import dataclasses
import json
import types

import pytest
import torch

from deg_model.checkpoint import CheckpointConfig, fresh_heads, load_checkpoint, save_checkpoint
from deg_model.training.features import record_context, save_cache
from services.training import cached_fit, option_fit
from services.training.__main__ import main
from services.training.option_fit import (OptionRead, accuracy, cached_reads, fit_reader, fit_records,
                                          option_logits, option_reads)

from test_train_trainer import H, synthetic_records


def _noisy_reader(heads, seed=9):
    gen = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for layer in (heads.option_value, heads.option_token):
            layer.weight.copy_(torch.randn(layer.weight.shape, generator=gen))
    return heads


def _records():
    records = synthetic_records(6, seed=2)
    for k, rec in enumerate(records):
        rec.uid = f"{'ab'[k % 2]}_dom-{k:04x}"
        choice = next(q for q in rec.questions if q.kind == "choice")
        tokens = torch.randn(choice.o.shape, generator=torch.Generator().manual_seed(k))
        rec.questions.append(dataclasses.replace(choice, kind="score", pointer="/s", target=(k + 1) % 3,
                                                 option_tokens=tokens))
    return records


def test_a_pooled_read_scores_every_question_as_the_heads_do():
    heads = _noisy_reader(fresh_heads(H, seed=4))
    records = _records()
    reads = option_reads(heads, None, None, records)
    assert [r.kind for r in reads] == ["choice", "score"] * 6
    assert {r.domain for r in reads} == {"a_dom", "b_dom"}
    i = 0
    with torch.no_grad():
        for rec in records:
            reader = heads.reader_keys(record_context(heads, rec), options=True)
            for q in rec.questions:
                if q.kind in ("choice", "score"):
                    head = heads.choice if q.kind == "choice" else heads.score
                    want = heads.option_scores(head, q.a, q.o, reader, q.option_tokens)
                    assert torch.allclose(option_logits(heads, reads[i]), want, atol=1e-4)
                    i += 1


def _digit_reads(n, seed, heads):
    """Score questions whose answer only the read says: each option line is a token, the pooled
    read carries the target line's token, and the rows say nothing of which it is."""
    gen = torch.Generator().manual_seed(seed)
    lines = torch.randn(5, H, generator=torch.Generator().manual_seed(0))             # [5, H] tokens "1".."5"
    width = heads.ks.weight.shape[1]
    out = []
    for k in range(n):
        target = int(torch.randint(0, 5, (), generator=gen))
        p = torch.randn(width, generator=gen) * 0.3
        p[H:2 * H] += lines[target]
        out.append(OptionRead("score", "d", torch.randn(H, generator=gen), torch.randn(5, H, generator=gen),
                              lines.clone(), p, target))
    return out


def test_the_fit_learns_the_digit_the_read_says_and_moves_only_the_fitted_heads():
    heads = fresh_heads(H, seed=4)
    start = {k: v.clone() for k, v in heads.state_dict().items()}
    train, val = _digit_reads(200, 1, heads), _digit_reads(60, 2, heads)
    assert accuracy(heads, val)["all"]["right"] < 0.5
    report = fit_reader(heads, train, val, passes=30, lr=3e-3)
    assert accuracy(heads, val)["all"]["right"] >= 0.9
    assert report["kept_pass"] > 0 and report["curve"][0]["pass"] == 0 and len(report["curve"]) == 31
    for name, value in heads.state_dict().items():
        assert torch.equal(value, start[name]) != name.startswith(option_fit.FITTED), name
    assert all(p.requires_grad for p in heads.parameters())


def test_the_fit_keeps_the_heads_as_they_came_when_no_pass_reads_validation_better():
    heads = fresh_heads(H, seed=4)
    train = _digit_reads(40, 1, heads)
    # validation answered by the heads as they came: no pass can do better
    val = [dataclasses.replace(r, target=int(option_logits(heads, r).argmax())) for r in _digit_reads(20, 2, heads)]
    start = {k: v.clone() for k, v in heads.state_dict().items()}
    report = fit_reader(heads, train, val, passes=3, lr=3e-3)
    assert report["kept_pass"] == 0
    assert all(torch.equal(v, start[k]) for k, v in heads.state_dict().items())


def test_fit_records_reports_before_and_after_and_refuses_reads_without_options():
    heads = fresh_heads(H, seed=4)
    reads = option_reads(heads, None, None, _records())
    report = fit_records(heads, reads, reads, passes=2)
    assert report["questions"] == {"train": 12, "val": 12} and report["passes"] == 2
    assert report["before"]["val"]["score"]["questions"] == 6 and "score:a_dom" in report["after"]["train"]
    with pytest.raises(ValueError, match="no choice or score question"):
        fit_records(heads, [], reads)


def test_reads_are_kept_by_cache_and_read_back(tmp_path, monkeypatch):
    heads = _noisy_reader(fresh_heads(H, seed=4))
    save_cache(tmp_path / "f", _records(), {"test": True})
    first = cached_reads(heads, None, None, tmp_path / "f", tmp_path / "reads")
    assert len(list((tmp_path / "reads").iterdir())) == 1
    monkeypatch.setattr(option_fit, "option_reads", lambda *a: pytest.fail("read again"))
    again = cached_reads(heads, None, None, tmp_path / "f", tmp_path / "reads")
    assert len(again) == len(first) == 12
    assert all(torch.equal(x.p, y.p) and x.target == y.target for x, y in zip(first, again))


def test_fit_options_writes_the_fitted_reader_with_the_base_temperatures_and_its_report(tmp_path, monkeypatch, capsys):
    heads = _noisy_reader(fresh_heads(H, seed=4))
    heads.temperatures.fill_(2.0)
    config = CheckpointConfig(model_id="m", backbone="tiny", hidden=H, trained=True, provenance={"run": "r"})
    base = save_checkpoint(tmp_path / "base", config, heads)
    save_cache(tmp_path / "train", _records(), {"test": True})
    save_cache(tmp_path / "val", _records(), {"test": True})
    monkeypatch.setattr(cached_fit, "load_backbone", lambda name: types.SimpleNamespace(weights={"embed": torch.randn(8, H)}))
    assert main(["fit-options", "--features", str(tmp_path / "train"), "--features", str(tmp_path / "train"),
                 "--val-features", str(tmp_path / "val"), "--out", str(tmp_path / "out"), "--passes", "2",
                 str(base)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["questions"] == {"train": 24, "val": 12} and len(report["curve"]) == 3
    cfg, fitted, _ = load_checkpoint(tmp_path / "out")
    assert torch.equal(fitted.temperatures, heads.temperatures)
    assert cfg.provenance["run"] == "r" and cfg.provenance["option_fit"]["passes"] == 2
    same = [torch.equal(v, heads.state_dict()[k]) for k, v in fitted.state_dict().items()
            if not k.startswith(option_fit.FITTED)]
    assert all(same)
