"""Watching a fill from outside: an `Observer` passed to `Runtime.fill` / `fill_many`.

    seen = Observer(record_heads=True, on_leaf=lambda q, answer, trunk, options: ...)
    runtime.fill(context, plan, options, observer=seen)
    seen.heads[0]["leaf:/total"]            # the raw head output of a question, per job
    seen.stats[0]["fork_rows"]

- `record_heads`: every question's raw head output is kept, a detached copy keyed
  `"<kind>:<concrete pointer>"` (`prior:`, `prior_end:` for the LM prior's reads; a windowed
  run suffixes `@<window>`), so determinism can be checked with `torch.equal`;
- `on_leaf(question, answer, trunk, options)`: called with every leaf before it is scored
  (what fitting the prior mix re-scores offline, `deg_model.training.prior_fit`);
- after the call, `heads` and `stats` hold one dict per job, in job order.

An observer belongs to the call it is passed to; the runtime keeps nothing of it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import torch

__all__ = ["Observer", "record"]


@dataclass
class Observer:
    record_heads: bool = True
    on_leaf: Callable | None = None
    heads: list[dict[str, torch.Tensor]] = field(default_factory=list)
    stats: list[dict[str, int]] = field(default_factory=list)

    @property
    def last_heads(self) -> dict[str, torch.Tensor]:
        """The last job's recorded heads (the only job's, after `fill`)."""
        return self.heads[-1]


def record(heads_out: dict[str, torch.Tensor] | None, key: str, output: torch.Tensor) -> torch.Tensor:
    """Keep a raw head output under `key` when recording (`heads_out` not None); returns it."""
    if heads_out is not None:
        heads_out[key] = output.detach().clone()
    return output
