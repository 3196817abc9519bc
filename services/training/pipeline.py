"""Training and calibration runs from files: what the CLI and the queue jobs both call.

A training run reads datagen records (JSONL; only `split == "train"` records are used, the
rest are refused silently by split, never trained on), caches their frozen-backbone features
under `<out>/features/train` (or a given feature directory), and trains the heads into `<out>`,
resuming from the last checkpoint there. A calibration run caches the `split == "val"`
records' features and fits the temperatures of a checkpoint in place.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import torch

from deg_model.checkpoint import load_checkpoint, save_checkpoint
from deg_model.loading import EMBEDDED_NAME, load_backbone
from deg_model.lora import LoraConfig, load_adapters
from deg_model.training.adapted import adapted_record
from deg_model.training.balance import BooleanBalance
from deg_model.training.calibration import calibrate_checkpoint
from deg_model.training.features import LazyCache, attach_embeddings, load_cache, needs_embeddings
from deg_model.training.objective import batch_loss

from .examples import ExampleBuilder, training_runtime
from .features import BuildingCache, build_cache
from .array_anatomy import MODES, SHIFTS, array_anatomy
from .booleans import boolean_anatomy
from .option_anatomy import option_anatomy
from .pointers import pointer_anatomy
from .schedule import TrainSettings
from .trainer import train


def read_records(path: str | Path, split: str, limit: int | None = None) -> Iterator[dict[str, Any]]:
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no records file")
    if "extractbench" in str(path).lower():
        raise ValueError(f"{path}: ExtractBench documents are never trained or calibrated on")
    n = 0
    with path.open(encoding="utf-8") as fh:
        for line_no, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{line_no}: not JSON: {exc.msg}") from None
            if record.get("split") != split:
                continue
            yield record
            n += 1
            if limit is not None and n >= limit:
                return


def cache_features(records_path: str | Path, split: str, features_dir: str | Path, *,
                   array_mode: str, seed: int, limit: int | None = None, backbone_name: str | None = None,
                   progress: bool = False, select: Callable[[dict[str, Any]], bool] | None = None,
                   adapt_from: int | None = None, max_forks: int | None = None,
                   adapt_context: bool = False, prior_residual: bool = False) -> Path:
    """Compute the features of `split` records into `features_dir` (reusing what is there).

    `limit` counts records of the split before `select` keeps a subset (a rank's shard), so
    the record set of a run does not depend on how it is sharded. `prior_residual`: every
    decide / extract question also keeps the LM prior as served (`prior_features`)."""
    if prior_residual and adapt_context:
        raise ValueError("--prior-residual needs the context read by the base weights (not --adapt-context)")
    backbone = load_backbone(backbone_name or EMBEDDED_NAME)
    builder = ExampleBuilder(training_runtime(backbone, array_mode=array_mode), seed=seed, prior=prior_residual)
    records = list(read_records(records_path, split, limit))
    if not records:
        raise ValueError(f"{records_path}: no {split!r} records")
    if select is not None:
        records = [r for r in records if select(r)]
        if not records:
            raise ValueError(f"{records_path}: none of its {split!r} records falls in this shard")
    with torch.no_grad():       # the backbone is frozen: no graph is ever needed here
        build_cache(features_dir, backbone, builder, records, progress=progress, adapt_from=adapt_from,
                    max_forks=max_forks, adapt_context=adapt_context)
    return Path(features_dir)


def run_training(out: str | Path, settings: TrainSettings, *, features: str | Path | None = None,
                 records: str | Path | None = None, limit: int | None = None, progress: bool = False,
                 on_step: Callable[[int, dict], None] | None = None, adapt_from: int | None = None,
                 adapt_context: bool = False, max_forks: int | None = None) -> Path:
    """Train into `out` from a feature cache, or from records (their features cached first; with
    `adapt_context`, computed as the run first reads each record, into `<out>/features/train`).
    With `settings.balance_booleans` the true/false weights come from the training records."""
    out = Path(out)
    balance = None
    if settings.balance_booleans:
        if records is None:
            raise ValueError("--balance-booleans counts the training records' answers: give --records")
        balance = BooleanBalance.from_records(read_records(records, "train", limit))
    if adapt_context:
        if records is None or adapt_from is None:
            raise ValueError("--adapt-context trains from --records with --adapt-from")
        if settings.prior_residual:
            raise ValueError("--prior-residual needs the context read by the base weights (not --adapt-context)")
        backbone = load_backbone(settings.backbone)
        builder = ExampleBuilder(training_runtime(backbone, array_mode=settings.array_mode), seed=settings.seed)
        cache = BuildingCache(out / "features" / "train", backbone, builder, list(read_records(records, "train", limit)),
                              adapt_from=adapt_from, max_forks=max_forks,
                              embed=backbone.weights["embed"] if settings.context != "hidden" else None)
        return train(settings, cache, out, progress=progress, on_step=on_step, backbone=backbone, balance=balance)
    if features is None:
        if records is None:
            raise ValueError("give the training records (--records) or a feature cache (--features)")
        features = cache_features(records, "train", out / "features" / "train", array_mode=settings.array_mode,
                                  seed=settings.seed, limit=limit, progress=progress,
                                  prior_residual=settings.prior_residual)
    lazy = LazyCache(features)
    if lazy.identity.get("adapt_context"):
        # a context-adapted cache holds every trunk's hidden states: read a record when a step needs it
        backbone = load_backbone(settings.backbone)
        if settings.context != "hidden":
            lazy.embed = backbone.weights["embed"]
        return train(settings, lazy, out, progress=progress, on_step=on_step, backbone=backbone, balance=balance)
    records = load_cache(features)
    backbone = None
    embed = settings.context != "hidden" and needs_embeddings(records)
    if embed or settings.lora_rank:
        backbone = load_backbone(settings.backbone)
        if embed:
            attach_embeddings(records, backbone.weights["embed"])
    return train(settings, records, out, progress=progress, on_step=on_step,
                 backbone=backbone if settings.lora_rank else None, balance=balance)


def run_calibration(checkpoint: str | Path, *, features: str | Path | None = None,
                    records: str | Path | None = None, limit: int | None = None, array_mode: str = "index",
                    seed: int = 0, progress: bool = False):
    checkpoint = Path(checkpoint)
    if features is None:
        if records is None:
            raise ValueError("give the val records (--records) or a val feature cache (--features)")
        # heads trained as a residual on the LM prior calibrate on the score served beside it
        residual = "prior_residual" in load_checkpoint(checkpoint)[0].provenance
        features = cache_features(records, "val", checkpoint.parent / "features" / "val",
                                  array_mode=array_mode, seed=seed, limit=limit, progress=progress,
                                  prior_residual=residual)
    return calibrate_checkpoint(checkpoint, features)


def choose_array_decode(checkpoint: str | Path, features: str | Path,
                        shifts: Sequence[float] = SHIFTS) -> dict[str, Any]:
    """Measure every decode mode of anchored arrays on a val feature cache (held-out domains),
    each with the anchor logits shifted by each of `shifts`, and record the best in the
    checkpoint's deg.json, in place: the mode as `array_decode` (what a request that names no
    mode gets) and its shift as `scoring.anchor_shift` (the mark threshold, on the served
    logits: divided by the anchor head's temperature). Best: the most arrays whose count is
    right and whose every item starts within `array_anatomy.NEAR` tokens of its gold start;
    ties go to the shift nearest 0, then to the earlier of `array_anatomy.MODES` (the
    contract's default first)."""
    (row,) = validation_loss([checkpoint], features, arrays=True, shifts=tuple(shifts))
    by_shift = row["arrays"].get("near_by_shift")
    if not by_shift:
        raise ValueError(f"{features}: no anchored array to measure the decode modes on")
    chosen, shift = max(((mode, s) for mode in by_shift for s in by_shift[mode]),
                        key=lambda ms: (by_shift[ms[0]][ms[1]], -abs(ms[1]), -MODES.index(ms[0])))
    config, heads, tensors = load_checkpoint(checkpoint)
    served_shift = float(shift) / float(heads.temperature("anchor"))
    config = dataclasses.replace(config, array_decode=chosen,
                                 scoring=dataclasses.replace(config.scoring, anchor_shift=served_shift))
    save_checkpoint(checkpoint, config, heads, tensors)
    return {"checkpoint": str(checkpoint), "near": {mode: row["arrays"].get(f"{mode}_near") for mode in MODES},
            "near_by_shift": {mode: {str(s): v for s, v in rates.items()} for mode, rates in by_shift.items()},
            "chosen": chosen, "anchor_shift": served_shift, "anchored_arrays": row["arrays"]["anchored_arrays"]}


def validation_loss(checkpoints: list[str | Path], features: str | Path,
                    pointers: bool = False, arrays: bool = False, booleans: bool = False,
                    options: bool = False, shifts: Sequence[float] = ()) -> list[dict[str, Any]]:
    """The training loss (contract 12.4 terms, uncalibrated heads) of each checkpoint on a
    val feature cache: what picks the step to keep (early stopping), never a train record.
    `pointers`: also where the extract pointer goes wrong (`pointers.pointer_anatomy`);
    `arrays`: where arrays go wrong, their counts or their item starts (`array_anatomy`);
    `booleans`: whether the true/false head reads the flag (`booleans.boolean_anatomy`);
    `options`: the choice and score heads with and without the option reader (`option_anatomy`)."""
    records = load_cache(features)
    backbone = None
    out = []
    for path in checkpoints:
        config, heads, tensors = load_checkpoint(path)
        heads.temperatures.fill_(1.0)
        if backbone is None and (tensors is not None or (heads.context != "hidden" and needs_embeddings(records))):
            backbone = load_backbone(config.backbone)
            if heads.context != "hidden":
                attach_embeddings(records, backbone.weights["embed"])
        adapters = load_adapters(tensors, LoraConfig.from_dict(config.lora)) if tensors is not None else None
        with torch.no_grad():
            batch = [adapted_record(backbone, adapters, r, grad=False) for r in records]
            total, terms = batch_loss(heads, batch)
        row = {"checkpoint": str(path), "total": round(float(total), 4),
               **{t: round(float(v), 4) for t, v in terms.items()}}
        if pointers:
            row["pointers"] = pointer_anatomy(heads, batch)
        if arrays:
            row["arrays"] = array_anatomy(heads, batch, shifts)
        if booleans:
            row["booleans"] = boolean_anatomy(heads, batch)
        if options:
            row["options"] = option_anatomy(heads, batch)
        out.append(row)
    return out
