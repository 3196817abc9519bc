"""Training and calibration runs from files: what the CLI and the queue jobs both call.

A training run reads datagen records (JSONL; only `split == "train"` records are used, the
rest are refused silently by split, never trained on), caches their frozen-backbone features
under `<out>/features/train` (or a given feature directory), and trains the heads into `<out>`,
resuming from the last checkpoint there. A calibration run caches the `split == "val"`
records' features and fits the temperatures of a checkpoint in place.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator

from .features import build_cache, load_cache
from .trainer import TrainSettings, train


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
                   progress: bool = False, select: Callable[[dict[str, Any]], bool] | None = None) -> Path:
    """Compute the features of `split` records into `features_dir` (reusing what is there).

    `limit` counts records of the split before `select` keeps a subset (a rank's shard), so
    the record set of a run does not depend on how it is sharded."""
    import torch

    from deg_model.loading import EMBEDDED_NAME, load_backbone

    from .examples import ExampleBuilder, training_runtime

    backbone = load_backbone(backbone_name or EMBEDDED_NAME)
    builder = ExampleBuilder(training_runtime(backbone, array_mode=array_mode), seed=seed)
    records = list(read_records(records_path, split, limit))
    if not records:
        raise ValueError(f"{records_path}: no {split!r} records")
    if select is not None:
        records = [r for r in records if select(r)]
        if not records:
            raise ValueError(f"{records_path}: none of its {split!r} records falls in this shard")
    with torch.no_grad():       # the backbone is frozen: no graph is ever needed here
        build_cache(features_dir, backbone, builder, records, progress=progress)
    return Path(features_dir)


def run_training(out: str | Path, settings: TrainSettings, *, features: str | Path | None = None,
                 records: str | Path | None = None, limit: int | None = None, progress: bool = False,
                 on_step: Callable[[int, dict], None] | None = None) -> Path:
    out = Path(out)
    if features is None:
        if records is None:
            raise ValueError("give the training records (--records) or a feature cache (--features)")
        features = cache_features(records, "train", out / "features" / "train", array_mode=settings.array_mode,
                                  seed=settings.seed, limit=limit, progress=progress)
    return train(settings, load_cache(features), out, progress=progress, on_step=on_step)


def run_calibration(checkpoint: str | Path, *, features: str | Path | None = None,
                    records: str | Path | None = None, limit: int | None = None, array_mode: str = "index",
                    seed: int = 0, progress: bool = False):
    from services.calibration.service import calibrate_checkpoint

    checkpoint = Path(checkpoint)
    if features is None:
        if records is None:
            raise ValueError("give the val records (--records) or a val feature cache (--features)")
        features = cache_features(records, "val", checkpoint.parent / "features" / "val",
                                  array_mode=array_mode, seed=seed, limit=limit, progress=progress)
    return calibrate_checkpoint(checkpoint, features)
