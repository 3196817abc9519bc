"""Fork rows in micro-batches (contract 12.2): rows of one or many requests, one pass each.

A `Row` is what the backbone runs on top of a request's trunk state: its token ids, the row
positions whose final-normed hidden states come back, and the head whose LoRA adapter it runs
(None: the base model). A plan question is one row (its answer token and option lines), but
a row need not be a question: anything that forks a trunk and reads hidden states back
(continuation rows, teacher-forced rows) runs the same way, beside the questions.

Rows run in micro-batches of at most `fork_token_budget` padded tokens (a single longer row
runs alone). Which rows share a micro-batch never changes a row's numbers (the backbone's
fork path is batch-invariant: each row attends only its own prefix), so the budget only
bounds memory, and a field's outcome is the same alone, reordered, in a bigger schema or
beside other requests. If the backbone fails on a micro-batch holding rows of several
prefixes (requests), each prefix's rows are re-run alone, so a failure lands only on the
request that causes it.

LoRA (contract 12.7, lora-context base): each row runs its head's adapter
(`LoraAdapters.for_head`); the trunk is always read by the base weights.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import torch

from ..backbone import FORK_GRID, Backbone
from ..lora import LoraAdapters
from ..state import State

__all__ = ["FORK_TOKEN_BUDGET", "Row", "run_rows"]

FORK_TOKEN_BUDGET = 4096      # padded fork tokens per micro-batch


@dataclass(frozen=True)
class Row:
    """One fork row: `ids` [n] continue a prefix state; `read` are the row positions whose
    final-normed hidden states come back (`[len(read), H]` fp32, in this order); `head`
    picks the row's LoRA adapter (None: base model)."""
    ids: torch.Tensor
    read: tuple[int, ...]
    head: str | None = None

    @property
    def tokens(self) -> int:
        return int(self.ids.shape[0])


def padded(n: int) -> int:
    """A row's padded length: the backbone pads each row to a multiple of FORK_GRID."""
    return -(-n // FORK_GRID) * FORK_GRID


def run_rows(backbone: Backbone, entries: Sequence[tuple[State, Row]], *, token_budget: int = FORK_TOKEN_BUDGET,
             adapters: LoraAdapters | None = None) -> list[torch.Tensor | Exception]:
    """Run (prefix state, row) entries -> per entry its read hidden states `[len(read), H]`
    (fp32, a copy) or the exception of its prefix's rows, in entry order.

    Consecutive entries fill a micro-batch until the next row would pass `token_budget`
    padded tokens (the backbone pads each row on its own, so a micro-batch's padded tokens
    are the sum of its rows' rounded lengths)."""
    out: list = [None] * len(entries)
    batch: list[int] = []
    width = 0
    for k, (_, row) in enumerate(entries):
        n = padded(row.tokens)
        if batch and width + n > token_budget:
            _fork_batch(backbone, adapters, entries, batch, out)
            batch, width = [], 0
        batch.append(k)
        width += n
    if batch:
        _fork_batch(backbone, adapters, entries, batch, out)
    return out


def _fork_batch(backbone: Backbone, adapters: LoraAdapters | None, entries, batch: list[int], out: list) -> None:
    """One micro-batch; on a backbone failure with several prefixes in it, each prefix's rows
    again on their own."""
    parts: list[tuple[State, list[torch.Tensor]]] = []
    for k in batch:
        state, row = entries[k]
        if parts and parts[-1][0] is state:
            parts[-1][1].append(row.ids)
        else:
            parts.append((state, [row.ids]))
    lora = {}
    if adapters is not None:
        lora = dict(adapters=adapters, row_adapters=[
            adapters.for_head(entries[k][1].head) if entries[k][1].head is not None else -1 for k in batch])
    try:
        res = backbone.fork_many(parts, **lora)
    except Exception as exc:          # noqa: BLE001 - isolated per prefix below
        prefixes = {id(entries[k][0]) for k in batch}
        if len(prefixes) == 1:
            for k in batch:
                out[k] = exc
            return
        for key in dict.fromkeys(id(entries[k][0]) for k in batch):
            _fork_batch(backbone, adapters, entries, [k for k in batch if id(entries[k][0]) == key], out)
        return
    for r, k in enumerate(batch):
        # advanced indexing copies: each entry's result has its own storage
        out[k] = res.normed[r, list(entries[k][1].read)].to(torch.float32)      # [len(read), H]
