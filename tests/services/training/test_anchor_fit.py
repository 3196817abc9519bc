"""Fitting the anchor head on cached reads (`services.training.anchor_fit`)."""
from __future__ import annotations

import json
import types

import pytest
import torch

from deg_model.checkpoint import CheckpointConfig, fresh_heads, load_checkpoint, save_checkpoint
from deg_model.training.features import FeatureQuestion, FeatureRecord, record_context, save_cache
from deg_model.training.objective import raw_logits
from services.training import anchor_fit, cached_fit
from services.training.__main__ import main
from services.training.anchor_fit import AnchorRead, anchor_reads, anchor_scores, fit_reads, items_right
from services.training.cached_fit import cached

from test_train_trainer import H


def _records(n=8, seed=0, tokens=24):
    """Records whose item starts carry a shared direction in their context rows: each has one
    array of 1-3 items in its first half (and its count question, minItems 1) and a second array
    without any over its second half."""
    gen = torch.Generator().manual_seed(seed)
    sig = torch.randn(H, generator=torch.Generator().manual_seed(99))
    out = []
    for k in range(n):
        ctx = torch.randn(tokens, H, generator=gen)
        starts = tuple(sorted(int(t) for t in torch.randperm(tokens // 6, generator=gen)[:1 + k % 3] * 3))
        for s in starts:
            ctx[s] += 3 * sig
        a = torch.randn(H, generator=gen)
        qs = [FeatureQuestion("count", "/items", a, target=len(starts), bounds=(1, 32)),
              FeatureQuestion("anchor", "/items", a, region=(0, tokens), starts=starts),
              FeatureQuestion("choice", "/c", a, torch.randn(3, H, generator=gen), target=0),
              FeatureQuestion("anchor", "/none", a, region=(tokens // 2, tokens), starts=())]
        out.append(FeatureRecord(f"{'ab'[k % 2]}_dom-{k:04x}", ctx, qs, ctx_emb=torch.randn(tokens, H, generator=gen)))
    return out


def test_a_read_holds_each_array_region_and_scores_it_as_the_heads_do():
    heads = fresh_heads(H, seed=4)
    records = _records()
    reads = anchor_reads(heads, None, None, records)
    assert len(reads) == 16 and {r.domain for r in reads} == {"a_dom", "b_dom"}
    assert [r.min_items for r in reads[:2]] == [1, 0]            # the count question's minItems; none unpaired
    assert reads[1].c.shape == (12, record_context(heads, records[0]).shape[1]) and reads[1].c.dtype == torch.float16
    i = 0
    with torch.no_grad():
        for rec in records:
            ctx = record_context(heads, rec)
            for q in rec.questions:
                if q.kind == "anchor":
                    assert reads[i].starts == tuple(s - q.region[0] for s in q.starts)
                    # float16 regions: the fit's scores differ from the float32 read by rounding only
                    assert torch.allclose(anchor_scores(heads, reads[i]), raw_logits(heads, q, ctx), atol=0.05)
                    i += 1


def test_the_fit_learns_where_items_start_and_moves_only_the_anchor_head():
    heads = fresh_heads(H, seed=4)
    start = {k: v.clone() for k, v in heads.state_dict().items()}
    train = anchor_reads(heads, None, None, _records(48, seed=1))
    val = anchor_reads(heads, None, None, _records(16, seed=2))
    assert items_right(heads, val)["best"] < 0.7
    report = fit_reads(heads, train, val, passes=20, lr=3e-3)
    assert report["after"]["val"]["best"] >= 0.9 and report["kept_pass"] > 0
    assert report["before"]["val"]["arrays"] == 32 and set(report["val_by_domain"]) == {"a_dom", "b_dom"}
    assert len(report["curve"]) == 21 and report["curve"][0]["pass"] == 0
    for name, value in heads.state_dict().items():
        assert torch.equal(value, start[name]) != name.startswith(anchor_fit.FITTED), name
    assert all(p.requires_grad for p in heads.parameters())


def test_the_fit_keeps_the_heads_as_they_came_when_no_pass_validates_better():
    heads = fresh_heads(H, seed=4)
    train = anchor_reads(heads, None, None, _records(8, seed=1))
    with torch.no_grad():       # validation answered by the heads as they came, at shift 0: nothing does better
        val = []
        for r in anchor_reads(heads, None, None, _records(8, seed=2)):
            z = anchor_scores(heads, r)
            val.append(AnchorRead(r.domain, r.a, r.c, (int(z.argmax()),), 1))
    start = {k: v.clone() for k, v in heads.state_dict().items()}
    assert items_right(heads, val)["best"] == 1.0
    report = fit_reads(heads, train, val, passes=3, lr=3e-3)
    assert report["kept_pass"] == 0
    assert all(torch.equal(v, start[k]) for k, v in heads.state_dict().items())
    with pytest.raises(ValueError, match="no anchored array"):
        fit_reads(heads, [], val)


def test_anchor_reads_are_kept_apart_from_option_reads(tmp_path, monkeypatch):
    heads = fresh_heads(H, seed=4)
    save_cache(tmp_path / "f", _records(), {"test": True})

    def read(records):
        return anchor_reads(heads, None, None, records)

    first = cached(tmp_path / "f", tmp_path / "reads", None, read, "anchors-")
    [kept] = (tmp_path / "reads").iterdir()
    assert kept.name.startswith("anchors-")
    again = cached(tmp_path / "f", tmp_path / "reads", None, lambda records: pytest.fail("read again"), "anchors-")
    assert all(torch.equal(x.c, y.c) and x.starts == y.starts for x, y in zip(first, again))


def test_fit_anchors_writes_the_fitted_head_with_the_base_temperatures_and_its_report(tmp_path, monkeypatch, capsys):
    heads = fresh_heads(H, seed=4)
    heads.temperatures.fill_(2.0)
    config = CheckpointConfig(model_id="m", backbone="tiny", hidden=H, trained=True, provenance={"run": "r"})
    base = save_checkpoint(tmp_path / "base", config, heads)
    save_cache(tmp_path / "train", _records(12, seed=1), {"test": True})
    save_cache(tmp_path / "val", _records(6, seed=2), {"test": True})
    monkeypatch.setattr(cached_fit, "load_backbone", lambda name: types.SimpleNamespace(weights={"embed": torch.randn(8, H)}))
    assert main(["fit-anchors", "--features", str(tmp_path / "train"), "--val-features", str(tmp_path / "val"),
                 "--out", str(tmp_path / "out"), "--passes", "2", "--reads", str(tmp_path / "reads"), str(base)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["arrays"] == {"train": 24, "val": 12} and len(report["curve"]) == 3
    cfg, fitted, _ = load_checkpoint(tmp_path / "out")
    assert torch.equal(fitted.temperatures, heads.temperatures)
    assert cfg.provenance["run"] == "r" and cfg.provenance["anchor_fit"]["passes"] == 2
    assert all(torch.equal(v, heads.state_dict()[k]) for k, v in fitted.state_dict().items()
               if not k.startswith(anchor_fit.FITTED))
    assert len(list((tmp_path / "reads").iterdir())) == 2
