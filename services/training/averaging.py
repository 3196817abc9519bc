"""Weight averaging: one checkpoint from several steps of one run (`train average`).

The uniform mean of the steps' head parameters and LoRA factors, tensor by tensor, in
float64 and stored as float32. Steps taken a few dozen updates apart on one trajectory sit in
one basin, and their mean generalizes at least as well as the steps themselves (stochastic
weight averaging: Izmailov et al., 2018); it is measured on held-out domains before it is
kept. LoRA's A and B are averaged apart, not their product: the steps share their
initialization and differ little, so mean(B) mean(A) stays close to mean(B A).

Rules (stated choices):
- Every step must hold the same tensors (names, shapes, dtypes), the same LoRA config and
  the same head width; a difference is an error that names it.
- The output takes the last step's deg.json (its decode, prior framing and scoring
  settings), with `provenance.averaged_from` naming the steps in the order given. Run
  files (`trainer.json`, the optimizer state) are not copied: the result is a checkpoint,
  not a resumable step.
"""
from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from pathlib import Path

import torch

from deg_model.checkpoint import CheckpointConfig, load_checkpoint, save_checkpoint


def _mean(name: str, tensors: Sequence[torch.Tensor]) -> torch.Tensor:
    first = tensors[0]
    for t in tensors[1:]:
        if t.shape != first.shape or t.dtype != first.dtype:
            raise ValueError(f"average: {name} is {tuple(first.shape)} {first.dtype} in the first step "
                             f"and {tuple(t.shape)} {t.dtype} in another")
    if not first.is_floating_point():
        if any(not torch.equal(first, t) for t in tensors[1:]):
            raise ValueError(f"average: {name} is an integer tensor that differs between steps")
        return first.clone()
    total = torch.zeros(first.shape, dtype=torch.float64)
    for t in tensors:
        total += t.to(torch.float64)
    return (total / len(tensors)).to(first.dtype)


def _mean_state(kind: str, states: Sequence[dict[str, torch.Tensor]]) -> dict[str, torch.Tensor]:
    names = set(states[0])
    for s in states[1:]:
        if set(s) != names:
            extra, missing = sorted(set(s) - names), sorted(names - set(s))
            raise ValueError(f"average: the steps' {kind} differ: {extra} only in one, {missing} missing from it")
    return {name: _mean(f"{kind} {name}", [s[name] for s in states]) for name in sorted(names)}


def average_checkpoints(steps: Sequence[str | os.PathLike], out: str | os.PathLike) -> Path:
    """The uniform mean of `steps` (at least two) written as a checkpoint at `out`."""
    if len(steps) < 2:
        raise ValueError(f"average: needs at least two steps, got {len(steps)}")
    loaded = [load_checkpoint(s) for s in steps]
    configs = [c for c, _, _ in loaded]
    last: CheckpointConfig = configs[-1]
    for path, c in zip(steps, configs):
        if c.hidden != last.hidden or c.head_dim != last.head_dim:
            raise ValueError(f"average: {path} has heads {c.hidden}x{c.head_dim}, the last step "
                             f"{last.hidden}x{last.head_dim}")
        if c.lora != last.lora:
            raise ValueError(f"average: {path} has LoRA {c.lora}, the last step {last.lora}")
    heads = loaded[-1][1]
    heads.load_state_dict(_mean_state("heads", [h.state_dict() for _, h, _ in loaded]))
    adapters = None
    if last.lora is not None:
        adapters = _mean_state("adapters", [a for _, _, a in loaded])
    provenance = dict(last.provenance)
    provenance["averaged_from"] = [Path(s).name if Path(s).parent == Path(steps[-1]).parent else str(s)
                                   for s in steps]
    return save_checkpoint(out, dataclasses.replace(last, provenance=provenance), heads, adapters)
