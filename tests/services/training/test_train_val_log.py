"""The validation loss a heads-only run logs at each checkpoint, on a cache without context embeddings."""
from __future__ import annotations

import json
import math

import pytest
import torch

import services.training.trainer as trainer
from deg_model.checkpoint import load_checkpoint
from deg_model.training.features import LazyCache, attach_embeddings, save_cache
from deg_model.training.objective import batch_loss
from services.training.trainer import TrainSettings, train

from test_train_trainer import H, synthetic_records

VOCAB = 50


def records_with_token_ids_only(n: int, seed: int):
    """Synthetic records that keep their context token ids but no context embeddings, as a
    feature cache stores them."""
    g = torch.Generator().manual_seed(seed + 100)
    records = synthetic_records(n, seed=seed)
    for rec in records:
        rec.ctx_ids = torch.randint(0, VOCAB, (rec.ctx.shape[0],), generator=g)
        rec.ctx_emb = None
    return records


def test_heads_only_run_logs_validation_loss_on_a_cache_without_context_embeddings(tmp_path, monkeypatch):
    """A heads-only run on in-memory records (which carry no embedding table) with a validation
    cache whose records store only token ids: the val records get their embeddings from the
    backbone's table, and every checkpoint logs a finite validation loss, the loss of that
    checkpoint's heads on those records."""
    table = torch.randn(VOCAB, H, generator=torch.Generator().manual_seed(7))
    asked_for = []

    def tiny_embedding_table(name: str) -> torch.Tensor:
        asked_for.append(name)
        return table

    monkeypatch.setattr(trainer, "embedding_table", tiny_embedding_table)
    val_dir = tmp_path / "val"
    save_cache(val_dir, records_with_token_ids_only(4, seed=3), identity={"synthetic": True})
    assert all(rec.ctx_emb is None for rec in LazyCache(val_dir))      # the cache stores no embeddings

    settings = TrainSettings(steps=4, batch_records=3, warmup=1, save_every=2, seed=1, val_features=str(val_dir))
    assert settings.context != "hidden"                                # the heads read token embeddings
    last = train(settings, synthetic_records(6), tmp_path / "run")

    assert last.name == "step-000004"
    assert asked_for == [settings.backbone]
    rows = [json.loads(line) for line in (tmp_path / "run" / "log.jsonl").read_text().splitlines()]
    vals = [row for row in rows if "val" in row]
    assert [row["step"] for row in vals] == [2, 4]
    assert all(row["val_records"] == 4 for row in vals)
    assert all(math.isfinite(v) for row in vals for v in row["val"].values())
    # and how often each decode mode sizes the held-out arrays right
    assert all(set(row["val_array_counts"]) == {"count_peaks", "threshold", "hybrid", "expected"} for row in vals)
    assert all(0.0 <= v <= 1.0 for row in vals for v in row["val_array_counts"].values())

    embedded = list(LazyCache(val_dir))
    attach_embeddings(embedded, table)
    for row in vals:
        _, heads, _ = load_checkpoint(tmp_path / "run" / f"step-{row['step']:06d}")
        with torch.no_grad():
            expected = float(batch_loss(heads.eval(), embedded)[0])
        assert row["val"]["total"] == pytest.approx(expected, abs=1e-4)
