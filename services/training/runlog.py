"""What a long training run reports while it works, beside its checkpoints.

`<out>/log.jsonl`, one line per optimizer step (`step`, every loss term, `tokens` read through
the adapted layers, `seconds`, `tokens_per_s`) and one per checkpoint (`val` terms: the loss on
the held-out validation feature cache, heads uncalibrated). Seconds live only here, never in a
checkpoint, so a resumed run still ends with the bytes of an uninterrupted one.

A SIGTERM or SIGINT (a supervisor, the end of a working day) asks the run to stop: the step
under way finishes, a checkpoint is written, and `train` returns; running the same command
again resumes there.
"""
from __future__ import annotations

import json
import signal
import threading
import time
from pathlib import Path
from typing import Any, Sequence

import torch

from deg_model.training.adapted import adapted_record
from deg_model.training.features import FeatureRecord, LazyCache
from deg_model.training.objective import batch_loss

from .array_anatomy import MODES, array_anatomy


def record_tokens(rec: FeatureRecord) -> int:
    """Tokens a step runs through the adapted layers for `rec`: its fork rows, plus its trunk
    when the context is re-read."""
    forks = sum(int(q.ids.shape[0]) for q in rec.questions if q.ids is not None)
    return forks + (int(rec.trunk_h0.shape[0]) if rec.trunk_h0 is not None else 0)


class RunLog:
    def __init__(self, out: Path, val_features: str | None, backbone, embed: torch.Tensor | None = None):
        self.path = out / "log.jsonl"
        self.backbone = backbone
        self.val = LazyCache(val_features, embed) if val_features else None
        self.stop_requested = False
        self._t = time.perf_counter()
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> "RunLog":
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGTERM, signal.SIGINT):
                self._previous[sig] = signal.signal(sig, self._on_signal)
        return self

    def __exit__(self, *exc) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)

    def _on_signal(self, signum, frame) -> None:
        self.stop_requested = True

    def _write(self, row: dict[str, Any]) -> None:
        with self.path.open("a") as fh:
            fh.write(json.dumps(row, sort_keys=True) + "\n")

    def step(self, entry: dict[str, Any], batch: Sequence[FeatureRecord]) -> None:
        now = time.perf_counter()
        seconds, self._t = now - self._t, now
        tokens = sum(record_tokens(r) for r in batch)
        self._write({**entry, "tokens": tokens, "seconds": round(seconds, 3),
                     "tokens_per_s": round(tokens / max(seconds, 1e-9), 1)})

    def checkpoint(self, step: int, heads, adapters) -> dict[str, float] | None:
        """The loss on the validation cache at this checkpoint (logged), or None without one."""
        if self.val is None:
            return None
        was_training = heads.training
        heads.eval()
        if adapters is not None:
            adapters.eval()
        with torch.no_grad():
            batch = [adapted_record(self.backbone, adapters, r, grad=False) for r in self.val]
            total, terms = batch_loss(heads, batch)
            arrays = array_anatomy(heads, batch)
        heads.train(was_training)
        if adapters is not None:
            adapters.train(was_training)
        val = {"total": round(float(total), 4), **{t: round(float(v), 4) for t, v in terms.items()}}
        # how often the anchored arrays' item count comes out right, by decode mode (array_anatomy)
        counts = {mode: arrays.get(f"{mode}_count") for mode in MODES if arrays.get(f"{mode}_count") is not None}
        self._write({"step": step, "val": val, "val_records": len(self.val), "val_array_counts": counts})
        self._t = time.perf_counter()          # validation time is not a step's
        return val
