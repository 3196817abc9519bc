"""The LM prior of a record's questions, as the runtime serves it: what `--prior-residual`
caches beside the heads' features.

The runtime mixes each decide / extract leaf's head with the base LM's own answer
(`deg_model.runtime.prior`). Its rows are fork rows of the trunk that run without any adapter,
and the trunk is read by the base weights, so the prior depends on no trained weight: it is
computed once per record, here, by the runtime's own rows (`PriorRows.fork_rows`, built by the
runtime's question builder) and readers (`LmPrior.decide`, `LmPrior.start`).

- decide: the option log-probabilities [n] in the question's shown order, the order of the
  head's outcomes and of the target (shuffled choices, noul [true, false], a score's null last).
- extract: the start prior [Tc+1] over the trunk's context tokens, null last: the tokens the
  extract positives index (the runtime's trunk view is the same `PromptLayout.trunk`). The
  prior's end is uniform over the tokens (a constant), and its `follow` row only ends spans
  from its own best start, so neither is kept.

A prior that gives the gold no mass at all (an extract whose every gold start is a token the
LM cannot start a copy at) is left out (None): the served mix could never pick that value, and
its residual loss would be infinite.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import torch

from deg_model.backbone import Backbone
from deg_model.runtime.decode import TokenMap
from deg_model.runtime.forks import FORK_TOKEN_BUDGET, run_rows
from deg_model.runtime.prior import LmPrior
from deg_model.state import State
from deg_model.tokenize import Trunk

from .examples import Example


@dataclass
class PriorTrunk:
    """What the prior's start reads of a trunk (the runtime's `TrunkView` has the same names)."""
    text: str
    tokens: TokenMap
    memo: dict = field(default_factory=dict)      # the copy sites, computed on first use

    @classmethod
    def of(cls, trunk: Trunk) -> "PriorTrunk":
        return cls(trunk.context, TokenMap([(int(s), int(e)) for s, e in trunk.offsets.tolist()]))


@dataclass(frozen=True)
class PriorReads:
    """A question's prior rows read: per row its final-normed hidden states [k, H] (what
    `LmPrior` reads of an `Answer`)."""
    extra: tuple[torch.Tensor, ...]


def question_priors(backbone: Backbone, reader: LmPrior, state: State, trunk: Trunk,
                    examples: Sequence[Example], *, token_budget: int = FORK_TOKEN_BUDGET) -> list[torch.Tensor | None]:
    """Per example, its LM prior as served (float64), or None (no prior rows, or no mass on
    the gold). `state`: the record's prefilled trunk (base weights)."""
    asked = [k for k, e in enumerate(examples) if e.prior_rows is not None]
    rows = [(k, row) for k in asked for row in examples[k].prior_rows.fork_rows()]
    read = run_rows(backbone, [(state, row) for _, row in rows], token_budget=token_budget)   # adapter-off
    failed = next((r for r in read if isinstance(r, Exception)), None)
    if failed is not None:
        raise failed
    per_question: dict[int, list[torch.Tensor]] = {}
    for (k, _), hidden in zip(rows, read):
        per_question.setdefault(k, []).append(hidden)
    view = PriorTrunk.of(trunk)
    out: list[torch.Tensor | None] = [None] * len(examples)
    reader.read_ahead([h for reads in per_question.values() for h in reads])   # bitwise each read's own
    try:
        for k, reads in per_question.items():
            e, answer = examples[k], PriorReads(tuple(reads))
            prior = reader.start(answer, view) if e.kind == "extract" else reader.decide(e.prior_rows, answer)
            outcomes = len(view.tokens) + 1 if e.kind == "extract" else len(e.options) or 2    # noul: 2
            if int(prior.shape[0]) != outcomes:
                raise ValueError(f"{e.pointer}: the prior has {int(prior.shape[0])} outcomes, the head {outcomes}")
            out[k] = prior.to(torch.float64).clone() if _gives_gold_mass(e, prior) else None
    finally:
        reader.forget()
    return out


def _gives_gold_mass(e: Example, prior: torch.Tensor) -> bool:
    if e.kind != "extract":
        return math.isfinite(float(prior[e.target]))
    starts = [s for s, _ in e.spans] or [int(prior.shape[0]) - 1]     # no positive: the null
    return any(math.isfinite(float(prior[s])) for s in starts)
