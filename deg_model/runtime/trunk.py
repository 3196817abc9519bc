"""The trunk of a request, read once (contract 12.1).

The trunk (prefix + rendered context + "\\n") is prefilled once; its final-normed hidden
states at the context tokens are what span and anchor heads point into. The heads'
context-side projections (span keys, anchor keys, the flag reader's) are computed once per trunk, so every
extract and anchor question of the request reuses them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch

from ..backbone import Backbone
from ..heads import Heads, ReaderKeys
from ..state import State
from ..tokenize import Trunk
from .decode import TokenMap

__all__ = ["TrunkView", "read_trunk"]


@dataclass
class TrunkView:
    """What the questions and heads of one request read of its trunk."""
    ids_len: int
    text: str
    tokens: TokenMap
    ctx: torch.Tensor             # [Tc, C] the heads' context input at the context tokens
    span_keys: tuple[torch.Tensor, torch.Tensor]
    anchor_keys: torch.Tensor     # [Tc, d]
    anchor_u: torch.Tensor        # [Tc]
    anchor_echo: torch.Tensor     # [Tc, d]
    reader: ReaderKeys | None     # the flag and option readers' context side; None when the heads have neither
    context_ids: torch.Tensor     # [Tc] token ids of the context (what the LM prior copies)
    memo: dict = field(default_factory=dict)   # per-trunk values computed on first use (copy sites)


def read_trunk(backbone: Backbone, heads: Heads, trunk: Trunk, state: State) -> TrunkView:
    """The view of a prefilled trunk: its context tokens' head inputs and key projections."""
    embedded = None
    if heads.context != "hidden":
        embedded = backbone.family.embed(backbone.weights, trunk.ids[trunk.context_index].to(backbone.device))
    ctx = heads.context_input(state.hidden[trunk.context_index], embedded)   # [Tc, C]
    offsets = [(int(s), int(e)) for s, e in trunk.offsets.tolist()]
    return TrunkView(
        ids_len=int(trunk.ids.shape[0]), text=trunk.context, tokens=TokenMap(offsets), ctx=ctx,
        span_keys=heads.span_keys(ctx), anchor_keys=heads.anchor.k(ctx), anchor_u=heads.anchor.u(ctx).squeeze(-1),
        anchor_echo=heads.anchor_echo(ctx), reader=heads.reader_keys(ctx) if heads.reads_context() else None,
        context_ids=trunk.ids[trunk.context_index],
    )
