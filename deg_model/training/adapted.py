"""LoRA training inputs: a cached record's questions re-read through the adapted layers.

With `--lora-context base` (contract 12.7) the context is read once by the base weights and
only fork rows carry adapters, so everything below the first adapted layer is frozen: the
feature cache keeps each fork row's hidden states entering layer `adapt_from` (`q.h0`) and
the trunk's K/V of the layers from there on (`rec.kv`). A training step resumes each row
there (`Backbone.fork_many(start_layer=..., start_hidden=...)`, the same batch-invariant code
inference runs) with the adapters of its head kind, and the heads read the new `a` / `o`.
Exact: the skipped layers would give the same bits at every step.

With the context adapted too (`--adapt-context`, contract 12.7 `--lora-context`), the cache
keeps the trunk's hidden states entering `adapt_from` (`rec.trunk_h0`) instead of its K/V: a
step re-reads the context through the adapted layers with the context adapter
(`Backbone.resume_trunk`), the fork rows attend those K/V, and the heads read the adapted
context rows, so every fork's gradient reaches the context's adapted layers too.
"""
from __future__ import annotations

import dataclasses
from typing import Sequence

import torch

from deg_model.backbone import FORK_GRID, Backbone
from deg_model.lora import CONTEXT, LoraAdapters
from deg_model.state import GrowBuffer, KVBuffer, State

from .features import FORK_TOKEN_BUDGET, FeatureQuestion, FeatureRecord


def prefix_state(backbone: Backbone, rec: FeatureRecord) -> State:
    """The record's trunk as a prefix State holding only the cached layers' K/V."""
    if rec.kv is None or rec.adapt_from is None:
        raise ValueError(f"{rec.uid}: this feature cache has no LoRA inputs (build it with --adapt-from)")
    n_layers = len(backbone.spec.layer_kinds)
    kv: list[KVBuffer | None] = [None] * n_layers
    for layer, (k, v) in rec.kv.items():
        kv[int(layer)] = KVBuffer.wrap(k.to(backbone.dtype), v.to(backbone.dtype))
    hidden = GrowBuffer((0, backbone.spec.hidden_size), 0, backbone.dtype, backbone.device)
    return State(kv=kv, lin=[None] * n_layers, hidden_buffer=hidden, length=int(rec.trunk_length))


def adapted_trunk(backbone: Backbone, adapters: LoraAdapters, rec: FeatureRecord, *, grad: bool) -> State:
    """The record's trunk re-read from layer `adapt_from` with the context adapter."""
    if rec.trunk_h0 is None or rec.adapt_from is None:
        raise ValueError(f"{rec.uid}: this feature cache has no trunk inputs (build it with --adapt-context)")
    if adapters.context_index is None:
        raise ValueError("a context-adapted feature cache needs adapters with a 'context' adapter")
    return backbone.resume_trunk(rec.trunk_h0, rec.adapt_from, adapters=adapters, grad=grad)


def adapted_questions(backbone: Backbone, adapters: LoraAdapters, rec: FeatureRecord, *, grad: bool,
                      questions: Sequence[FeatureQuestion] | None = None,
                      token_budget: int = FORK_TOKEN_BUDGET, state: State | None = None) -> list[FeatureQuestion]:
    """`rec`'s questions (or the given subset) with `a` [H] / `o` [n, H] recomputed through
    layers >= rec.adapt_from with each question's adapter (choice/score/noul -> decide,
    extract/count/anchor -> extract). `grad=True` keeps the graph to the adapters. `state`:
    the trunk the rows attend (default: the cached base trunk's K/V)."""
    if state is None:
        state = prefix_state(backbone, rec)
    questions = list(rec.questions if questions is None else questions)
    if adapters.config.layers and min(adapters.config.layers) < rec.adapt_from:
        raise ValueError(f"adapters start at layer {min(adapters.config.layers)}, below the cache's "
                         f"adapt_from {rec.adapt_from}: rebuild the cache from that layer")
    out: list[FeatureQuestion] = []
    batch: list[FeatureQuestion] = []
    width = 0

    def flush():
        nonlocal batch, width
        if not batch:
            return
        res = backbone.fork_many(
            [(state, [q.ids for q in batch])], start_layer=rec.adapt_from, start_hidden=[q.h0 for q in batch],
            grad=grad, adapters=adapters,
            row_adapters=[adapters.for_head(q.kind) for q in batch])
        for r, q in enumerate(batch):
            a = res.normed[r, q.answer]                                                 # [H]
            o = res.normed[r, list(q.options)] if q.options else None                  # [n, H]
            out.append(dataclasses.replace(q, a=a, o=o))
        batch, width = [], 0

    for q in questions:
        if q.ids is None or q.h0 is None:
            raise ValueError(f"{rec.uid}: question {q.pointer} has no cached fork row")
        n = -(-int(q.ids.shape[0]) // FORK_GRID) * FORK_GRID     # the padded width the fork pays
        if batch and width + n > token_budget:
            flush()
        batch.append(q)
        width += n
    flush()
    return out


def adapted_record(backbone: Backbone, adapters: LoraAdapters | None, rec: FeatureRecord, *,
                   grad: bool, trained: frozenset[str] | None = None) -> FeatureRecord:
    """`rec` with adapted questions (unchanged when there are no adapters). `trained`: the
    adapters a gradient may reach (None: every one); the trunk and the questions whose adapter
    is not among them run without a graph, so a run training one adapter pays for its rows alone."""
    if adapters is None:
        if rec.trunk_h0 is not None and any(q.a is None for q in rec.questions):
            raise ValueError(f"{rec.uid}: this context-adapted feature cache keeps only the adapted layers' "
                             "inputs; read it with adapters")
        return rec

    def graded(name: str | None) -> bool:
        return trained is None or name in trained

    def run(learns: bool, read, **kw):
        # rows no gradient may reach run under no_grad, not inference mode: the rows that learn
        # attend them, and autograd may keep what they attend for backward
        if grad and not learns:
            with torch.no_grad():
                return read(backbone, adapters, rec, grad=True, **kw)
        return read(backbone, adapters, rec, grad=grad, **kw)

    state = None if rec.trunk_h0 is None else run(graded(CONTEXT), adapted_trunk)
    if trained is None or not grad:
        questions = adapted_questions(backbone, adapters, rec, grad=grad, state=state)
    else:
        names = adapters.config.adapters
        learn = [graded(names[i] if i >= 0 else None) for i in (adapters.for_head(q.kind) for q in rec.questions)]
        parts = {flag: iter(run(flag, adapted_questions, state=state,
                                questions=[q for q, f in zip(rec.questions, learn) if f == flag]))
                 for flag in set(learn)}
        questions = [next(parts[flag]) for flag in learn]       # back in the record's order
    if state is None:
        return dataclasses.replace(rec, questions=questions)
    ctx = state.hidden[rec.ctx_index].to(rec.ctx.dtype)                               # [Tc, H]
    return dataclasses.replace(rec, ctx=ctx, questions=questions)
