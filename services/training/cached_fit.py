"""Fitting some heads over reads cached once: what `fit-options` and `fit-anchors` share.

A head that reads the adapted trunk through parts that stay still (the adapters, the evidence
pointer) sees each question as a few tensors that never change while it trains. They are read
once (`cached`), and the head then trains over them for many passes at no trunk cost
(`fit_passes`), keeping the pass that validates best.

Rules (stated choices):
- Only the parameters whose names start with one of `fitted` train; every other tensor of the
  heads stays bitwise as it was.
- AdamW (weight decay 0.01) over shuffled batches; the pass kept is the one with the best
  validation score (ties: the earlier); pass 0 is the heads as they came, so a fit never keeps
  heads that validate worse.
- Reads belong to the checkpoint that read them (its adapters and whatever stays still): a
  reads directory serves one checkpoint. A cache's reads are kept under the hash of its
  resolved path.
"""
from __future__ import annotations

import copy
import dataclasses
import hashlib
import os
import random
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

import torch

from deg_model.checkpoint import load_checkpoint, save_checkpoint
from deg_model.heads import Heads
from deg_model.loading import load_backbone
from deg_model.lora import LoraConfig, load_adapters
from deg_model.training.features import FeatureRecord, attach_embeddings, load_cache

R = TypeVar("R")


def cached(features: str | os.PathLike, reads: str | os.PathLike | None, backbone,
           read: Callable[[Sequence[FeatureRecord]], list[R]], tag: str) -> list[R]:
    """`read` of a feature cache's records; with `reads` (a directory) kept there as `tag` and
    read back when present."""
    path = None
    if reads is not None:
        key = hashlib.sha256(str(Path(features).resolve()).encode()).hexdigest()[:16]
        path = Path(reads) / f"{tag}{key}.pt"
        if path.is_file():
            return torch.load(path, weights_only=False)
    records = load_cache(features)
    if backbone is not None:
        attach_embeddings(records, backbone.weights["embed"])
    out = read(records)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        torch.save(out, path)
    return out


def fit_passes(heads: Heads, fitted: tuple[str, ...], train: Sequence[R], loss: Callable[[R], torch.Tensor],
               validate: Callable[[], float], *, passes: int, lr: float, batch: int = 32,
               seed: int = 0) -> dict[str, Any]:
    """Train `fitted` of `heads` in place on the mean `loss` of `train`'s batches for `passes`
    passes; keep the pass best by `validate()` (higher is better)."""
    for name, p in heads.named_parameters():
        p.requires_grad_(name.startswith(fitted))
    params = [p for p in heads.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.01)
    order, rng = list(train), random.Random(seed)
    with torch.no_grad():
        best = (validate(), 0, copy.deepcopy(heads.state_dict()))
    curve: list[dict[str, Any]] = [{"pass": 0, "val": best[0]}]
    try:
        for n in range(1, passes + 1):
            rng.shuffle(order)
            total = 0.0
            for i in range(0, len(order), batch):
                chunk = order[i:i + batch]
                value = sum(loss(r) for r in chunk) / len(chunk)
                opt.zero_grad()
                value.backward()
                opt.step()
                total += float(value.detach()) * len(chunk)
            with torch.no_grad():
                score = validate()
            curve.append({"pass": n, "train_loss": round(total / max(len(order), 1), 4), "val": score})
            if score > best[0]:
                best = (score, n, copy.deepcopy(heads.state_dict()))
    finally:
        heads.load_state_dict(best[2])
        for p in heads.parameters():
            p.requires_grad_(True)
    return {"kept_pass": best[1], "curve": curve}


def fit_checkpoint(checkpoint: str | os.PathLike, out: str | os.PathLike, key: str,
                   fit: Callable[[Heads, Any, Any], dict[str, Any]]) -> dict[str, Any]:
    """`checkpoint` with `fit(heads, backbone, adapters)` applied to its heads at temperature 1
    (as training reads them; its temperatures come back after), the fit's report kept in its
    provenance as `key`, written at `out`."""
    config, heads, tensors = load_checkpoint(checkpoint)
    temperatures = heads.temperatures.clone()
    heads.temperatures.fill_(1.0)
    backbone = load_backbone(config.backbone)
    adapters = load_adapters(tensors, LoraConfig.from_dict(config.lora)) if tensors is not None else None
    report = fit(heads, backbone, adapters)
    heads.temperatures.copy_(temperatures)
    provenance = dict(config.provenance)
    provenance[key] = report
    path = save_checkpoint(out, dataclasses.replace(config, provenance=provenance), heads, tensors)
    return {"checkpoint": str(path), **report}
