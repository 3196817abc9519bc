"""Calibrate a checkpoint in place: load, fit temperatures on val features, save atomically.

The checkpoint's `deg.json` provenance gets a `calibration` entry (the report, the feature
directory); `heads.safetensors` gets the fitted temperatures buffer. The reliability diagram
and the report are written beside it (`reliability.png`, `calibration.json`).
"""
from __future__ import annotations

import json
from pathlib import Path

from deg_model.checkpoint import load_checkpoint, save_checkpoint
from services.training.features import attach_embeddings, load_cache, needs_embeddings

from .fit import CalibrationReport, calibrate


def calibrate_checkpoint(checkpoint: str | Path, val_features: str | Path) -> CalibrationReport:
    checkpoint = Path(checkpoint)
    config, heads, adapter_tensors = load_checkpoint(checkpoint)
    records = load_cache(val_features)
    if not records:
        raise ValueError(f"{val_features}: no val records to calibrate on")
    adapters = None
    embed = heads.context != "hidden" and needs_embeddings(records)
    if embed or adapter_tensors is not None:
        from deg_model.loading import load_backbone
        backbone = load_backbone(config.backbone)
        if embed:
            attach_embeddings(records, backbone.weights["embed"])
        if adapter_tensors is not None:
            # the heads read the adapted fork rows: re-read the cached rows with the adapters
            import torch

            from deg_model.lora import LoraConfig, load_adapters
            from services.training.adapted import adapted_record
            adapters = load_adapters(adapter_tensors, LoraConfig.from_dict(config.lora))
            with torch.no_grad():
                records = [adapted_record(backbone, adapters, rec, grad=False) for rec in records]
    report = calibrate(heads, records, plot=checkpoint / "reliability.png")
    config.provenance = {**config.provenance,
                         "calibration": {**report.as_dict(), "records": len(records), "source": "datagen-val"}}
    extra = {p.name: p.read_bytes() for p in checkpoint.iterdir()
             if p.is_file() and p.name not in ("deg.json", "heads.safetensors", "adapters.safetensors")}
    save_checkpoint(checkpoint, config, heads, adapters)
    for name, data in extra.items():          # keep trainer state, plots, provenance files
        (checkpoint / name).write_bytes(data)
    (checkpoint / "calibration.json").write_text(json.dumps(report.as_dict(), indent=1, sort_keys=True) + "\n")
    return report
