"""The typed evidence the score terms read: per leaf, what its head said, what the LM prior
said and what the rules read off the context. The runtime gathers it (`runtime.decide`);
`compose` turns it into outcomes. An evidence slot left None is a term that is off.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Protocol

import torch

from deg.plan import FieldPlan

__all__ = ["DecideEvidence", "ExtractEvidence", "FlagRead", "LeafEvidence", "PriorSpan", "SpanEvidence", "Tokens", "as_read"]


class Tokens(Protocol):
    """The context tokens' code-point offsets (`runtime.decode.TokenMap`)."""
    offsets: list[tuple[int, int]]

    def __len__(self) -> int: ...

    def paragraphs(self, text: str) -> tuple[torch.Tensor, torch.Tensor]: ...

    def covering(self, start: int, end: int) -> tuple[int, int] | None: ...


@dataclass(frozen=True)
class SpanEvidence:
    """Per context token, what a span's relevance reads: its sentence's relevance where a
    value may start (a word start after the last of the field's words in that sentence),
    whether one may end there, its sentence (a table cell for a row's leaf), and whether it is
    the last word end of its sentence (`runtime.relevance`, `runtime.tables.row_evidence`)."""
    start: torch.Tensor       # [T] float64 relevance at admissible starts, else 0
    end_ok: torch.Tensor      # [T] bool
    sentence: torch.Tensor    # [T] long
    closing: torch.Tensor     # [T] bool


@dataclass(frozen=True)
class FlagRead:
    """The context a decide head's reader (flag or option) weighed most: code points [start, end) of
    the whole context (a window's shifted when windows merge), their text, their share of its weight."""
    start: int
    end: int
    text: str
    weight: float


@dataclass(frozen=True)
class DecideEvidence:
    """A decide leaf (choice / score / noul) over its n outcomes in head order."""
    kind: str
    logits: torch.Tensor                  # [n] the head's logits, temperature applied
    prior: torch.Tensor | None = None     # [n] the LM prior's option log-probabilities (None: no prior rows)
    verbatim: torch.Tensor | None = None  # [n] 1.0 where a choice's option is stated word for word
    cell: torch.Tensor | None = None      # [n] what a table row's own cell says of a score / true-false leaf
    read: "FlagRead | None" = None        # what its flag or option reader weighed most


@dataclass(frozen=True)
class PriorSpan:
    """The LM prior of an extract: its copy start over the context tokens (null last), the
    tokens its copy writes at most (any other span's end is uniform over them) and, for the
    start it copies from itself, the end of that span."""
    start: torch.Tensor                                   # [T+1] float64
    copied: int                                           # `runtime.copy_prior.SPAN_TOKENS`
    follow: tuple[int, torch.Tensor] | None = None        # (s, end [T] float64) for spans from token s


@dataclass(frozen=True)
class ExtractEvidence:
    """An extract leaf: the head's span pointers and what the context says of its spans."""
    start: torch.Tensor                   # [T+1] head start logits (null last), temperature applied
    end: torch.Tensor                     # [T+1] head end logits
    text: str
    tokens: Any                           # `Tokens`
    prior: PriorSpan | None = None
    spans: SpanEvidence | None = None     # relevance (or a row's cells); None: no span gain
    row: bool = False                     # `spans` reads a table row's cells (`layout_cell`)
    candidates: list[tuple[int, int]] | None = None   # typed leaves: the grammar's spans; None: plain


@dataclass(frozen=True)
class LeafEvidence:
    """One leaf question of a round: its plan leaf, concrete pointer and evidence."""
    field: FieldPlan
    pointer: str
    evidence: DecideEvidence | ExtractEvidence


def as_read(leaf: LeafEvidence, settings) -> LeafEvidence:
    """The evidence a reader under `settings` (`ScoringSettings`) gathers, from the same leaf's
    evidence read with every rule on: what `settings` weighs 0 is not read
    (`reads_verbatim`, `reads_spans`), exactly as `runtime.decide.LeafReader` leaves it None."""
    ev = leaf.evidence
    if isinstance(ev, DecideEvidence):
        if not settings.reads_verbatim() and (ev.verbatim is not None or ev.cell is not None):
            ev = dataclasses.replace(ev, verbatim=None, cell=None)
    elif not settings.reads_spans() and (ev.spans is not None or ev.row):
        ev = dataclasses.replace(ev, spans=None, row=False)
    return leaf if ev is leaf.evidence else dataclasses.replace(leaf, evidence=ev)
