"""Grafting: one checkpoint from a served one and the heads a group-only run trained (`train graft`).

A run with `--train-only GROUP` moves only that group's heads (`param_groups.TRAIN_ONLY`); every
other tensor stays as it started. Its step therefore differs from the checkpoint it started from
only in the group, but the served checkpoint also carries what finishing fitted on top (the
scoring terms, the calibration, the decode). The graft keeps all of that and takes the group's
head tensors from the step, so the result answers as the served checkpoint wherever the group
does not reach.

Rules (stated choices):
- The group must train no adapter (a graft moves heads only; "arrays" and "spans" qualify).
- Both sides must hold the group's tensors with the same shapes and dtypes; a difference is an
  error that names the tensor.
- The output takes the base's deg.json, with `provenance.grafted` naming the group and the step.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from deg_model.checkpoint import load_checkpoint, save_checkpoint

from .param_groups import TRAIN_ONLY


def graft_heads(base: str | os.PathLike, step: str | os.PathLike, group: str,
                out: str | os.PathLike) -> Path:
    """`base` with the heads of `group` taken from `step`, written as a checkpoint at `out`."""
    spec = TRAIN_ONLY.get(group)
    if not group or spec is None:
        raise ValueError(f"graft: {group!r} is not a head group; one of {sorted(k for k in TRAIN_ONLY if k)}")
    prefixes, adapters = spec
    if adapters:
        raise ValueError(f"graft: the {group!r} group also trains the {', '.join(adapters)} adapter; "
                         "only head groups graft")
    config, heads, adapter_tensors = load_checkpoint(base)
    _, donor, _ = load_checkpoint(step)
    mine, theirs = heads.state_dict(), donor.state_dict()
    names = sorted(n for n in mine if n.startswith(prefixes))
    if not names:
        raise ValueError(f"graft: {base} has no {group!r} heads")
    for name in names:
        if name not in theirs:
            raise ValueError(f"graft: {step} has no {name}")
        a, b = mine[name], theirs[name]
        if a.shape != b.shape or a.dtype != b.dtype:
            raise ValueError(f"graft: {name} is {tuple(a.shape)} {a.dtype} in {base} and "
                             f"{tuple(b.shape)} {b.dtype} in {step}")
        mine[name] = b.clone()
    heads.load_state_dict(mine)
    provenance = dict(config.provenance)
    provenance["grafted"] = {"group": group, "from": str(step), "tensors": len(names)}
    return save_checkpoint(out, dataclasses.replace(config, provenance=provenance), heads, adapter_tensors)
