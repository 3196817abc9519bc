"""A training run's checkpoints: `<out>/step-NNNNNN/` written atomically (a deg checkpoint plus
`optimizer.safetensors` and `trainer.json`), found again to resume, and the loss plot.

Nothing time- or host-dependent goes into a checkpoint, so a resumed run ends with the same
bytes as an uninterrupted one.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import torch
from safetensors.torch import save_file

from deg_model.checkpoint import CheckpointConfig, save_checkpoint
from deg_model.heads import Heads
from deg_model.runtime.prior import DEFAULT_FRAMING
from deg_model.scoring import PRIOR_KINDS, Mix, ScoringSettings
from deg_model.training.features import FeatureRecord
from deg_model.training.objective import TERMS

if TYPE_CHECKING:
    from .schedule import TrainSettings

STEP_DIR = "step-{:06d}"


def trained_parameters(heads: Heads, adapters=None):
    """(name, parameter) of everything a run trains: the heads' names as they are, the
    adapters' under `lora.`."""
    yield from heads.named_parameters()
    if adapters is not None:
        for name, p in adapters.named_parameters():
            yield f"lora.{name}", p


def _optimizer_tensors(heads: Heads, opt: torch.optim.Optimizer, adapters=None) -> dict[str, torch.Tensor]:
    out = {}
    for name, p in trained_parameters(heads, adapters):
        st = opt.state.get(p)
        if st:
            out[f"{name}.exp_avg"] = st["exp_avg"].detach().contiguous()
            out[f"{name}.exp_avg_sq"] = st["exp_avg_sq"].detach().contiguous()
            out[f"{name}.step"] = torch.as_tensor(st["step"], dtype=torch.float32).reshape(1)
    return out


def _restore_optimizer(heads: Heads, opt: torch.optim.Optimizer, tensors: dict[str, torch.Tensor],
                       adapters=None) -> None:
    for name, p in trained_parameters(heads, adapters):
        if f"{name}.exp_avg" in tensors:
            opt.state[p] = {"step": tensors[f"{name}.step"].reshape(()).clone(),
                            "exp_avg": tensors[f"{name}.exp_avg"].clone(),
                            "exp_avg_sq": tensors[f"{name}.exp_avg_sq"].clone()}


def settings_record(settings: TrainSettings) -> dict:
    """The run's settings as `trainer.json` and the provenance keep them: `prior_residual`,
    `marks_weight`, `balance_booleans`, `evidence_weight`, `reads_weight`, `ending_weight`, `moment_steps`, `contextual_reads`, `contextual_pointer`, `train_only` and `offsets_still` only
    when set, so a run from before them resumes, and keeps its bytes."""
    out = asdict(settings)
    for later in ("prior_residual", "marks_weight", "balance_booleans", "evidence_weight", "reads_weight",
                  "ending_weight", "moment_steps", "contextual_reads", "contextual_pointer", "train_only",
                  "offsets_still"):
        if not out.get(later):
            out.pop(later, None)
    return out


def checkpoint_config(settings: TrainSettings, hidden: int, step: int, adapters=None) -> CheckpointConfig:
    lora = None
    if adapters is not None:
        lora = ("fork rows and the context (the context adapter reads every trunk token)"
                if adapters.context_index is not None else
                "fork rows only; the context is read by the base weights")
    provenance = {"trainer": "services.training", "step": step, "settings": settings_record(settings),
                  "backbone_frozen": True, "lora": lora}
    scoring = ScoringSettings()
    if settings.prior_residual:
        # the heads learnt what the prior gets wrong: served beside it with the weights trained with
        scoring = ScoringSettings(**{kind: Mix(head=1.0, prior=1.0) for kind in PRIOR_KINDS})
        provenance["prior_residual"] = {"kinds": list(PRIOR_KINDS), "framing": DEFAULT_FRAMING,
                                        "mix": {"head": 1.0, "prior": 1.0},
                                        "note": "heads trained as a residual on the LM prior"}
    return CheckpointConfig(
        model_id=settings.model_id, backbone=settings.backbone, hidden=hidden,
        array_mode=settings.array_mode, trained=True, prior_framing=DEFAULT_FRAMING, scoring=scoring,
        provenance=provenance)


def record_uids(records: Sequence[FeatureRecord]) -> list[str]:
    """The records' uids in order, without loading a lazily read cache."""
    uids = getattr(records, "uids", None)
    return list(uids) if uids is not None else [r.uid for r in records]


def data_fingerprint(records: Sequence[FeatureRecord]) -> str:
    """sha256 of the training records' uids in order: a resume must see the same data order."""
    return hashlib.sha256("\n".join(record_uids(records)).encode()).hexdigest()


def save_training_checkpoint(out: Path, settings: TrainSettings, heads: Heads, opt, step: int,
                             history: list[dict], records: Sequence[FeatureRecord], *,
                             optimizer_tensors: dict[str, torch.Tensor] | None = None,
                             fingerprint: str | None = None, extra: dict | None = None, adapters=None) -> Path:
    """Write `<out>/step-NNNNNN/` atomically.

    A data-parallel run passes its gathered optimizer state (`optimizer_tensors`, `opt` is
    then unused), the fingerprint of all ranks' records and `extra` trainer fields
    (its world size), so its checkpoints have the single-process format.
    """
    final = out / STEP_DIR.format(step)
    tmp = Path(tempfile.mkdtemp(prefix=f".{final.name}.", dir=out))
    try:
        save_checkpoint(tmp / "ckpt", checkpoint_config(settings, heads.hidden, step, adapters), heads,
                        adapters=adapters)
        for f in (tmp / "ckpt").iterdir():
            os.rename(f, tmp / f.name)
        (tmp / "ckpt").rmdir()
        tensors = optimizer_tensors if optimizer_tensors is not None else _optimizer_tensors(heads, opt, adapters)
        save_file(tensors, str(tmp / "optimizer.safetensors"))
        state = {"step": step, "settings": settings_record(settings),
                 "data": fingerprint if fingerprint is not None else data_fingerprint(records),
                 "history": history, **(extra or {})}
        (tmp / "trainer.json").write_text(json.dumps(state, indent=1, sort_keys=True) + "\n")
        # mkdtemp makes a private (0700) directory; a checkpoint is read by other services.
        os.chmod(tmp, 0o755)
        for f in tmp.iterdir():
            os.chmod(f, 0o644)
        if final.exists():
            shutil.rmtree(final)
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return final


def latest_checkpoint(out: Path) -> Path | None:
    steps = sorted(p for p in out.glob("step-*") if p.is_dir() and (p / "trainer.json").is_file())
    return steps[-1] if steps else None


def plot_losses(history: list[dict], path: Path) -> None:
    # matplotlib takes a while to import and only the loss plot needs it
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4))
    steps = [h["step"] for h in history]
    for key in ("total", *TERMS):
        if all(key in h for h in history):      # a term newer than the run's first steps is left out
            ax.plot(steps, [h[key] for h in history], label=key, linewidth=1.6 if key == "total" else 1.0)
    ax.set_xlabel("step")
    ax.set_ylabel("loss")
    ax.set_yscale("log")
    ax.legend()
    ax.set_title("deg heads training loss")
    fig.tight_layout()
    tmp = path.with_name(f".{path.name}.tmp.png")
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    os.replace(tmp, path)
