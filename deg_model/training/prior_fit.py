"""Fitting the LM-prior mix: `(w_head, w_prior)` per head kind on held-out-domain validation.

Every leaf of the validation records is asked once with every prior row on; its question,
answer hidden states and trunk are kept (`record_leaves`). Each candidate mix is then scored
offline through the very function the server scores with (`deg_model.scoring.score_round`,
via the runtime's `RoundDecoder`), which is exact: the prior's rows, its copy start and the
span it follows depend on the prior alone, never on the mix. Per kind, the mix with the most
correct leaves wins (`objective="accuracy"`), ties to the higher mean log-probability of the
gold outcome (decide kinds), then to the smaller weights (a grid in order); or, with
`objective="likelihood"`, a decide kind's mix is the one with the highest mean gold
log-probability (a proper score: a constant answer that happens to match a small validation
set's majority does not win over a head that reads the document), ties to accuracy; or, with
`objective="significant"`, as on accuracy, but a kind keeps the heads alone (a rule stays off)
unless the best fit wins significantly more leaves than it (`beats_default`). Extract kinds
are fitted on accuracy under the first two. The weights also act as a temperature, so the fit
is the kind's calibration too. The runtime's own scoring settings are never changed: every
candidate is a `ScoringSettings` of its own.

Fit on domains the heads were not trained on (`val_heldout`): a mix fit on training domains
would trust the heads more than they deserve on new documents.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import torch

from deg import compile_schema
from deg.pointer import split as split_pointer
from deg.request import FillOptions
from degcommon.datagen_scoring import leaf_correct

from ..runtime.decide import LeafReader
from ..runtime.hooks import Observer
from ..runtime.prior import LmPrior
from ..runtime.questions import decide_options
from ..runtime.rounds import RoundDecoder
from ..scoring import (PRIOR_KINDS, DecideEvidence, ExtractScores, Mix, ScoringSettings, as_read, decide_scores,
                       decide_terms, extract_outcome, extract_scores, score_leaf)

GRID = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0)
# The rules' weights fitted after the mix (`ScoringSettings`; the terms in `deg_model.scoring`).
VERBATIM_GRID = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0)
SHIFT_GRID = tuple(k / 4 for k in range(-12, 13))
MARGIN_GRID = tuple(k / 2 for k in range(-8, 9))
RELEVANCE_GRID = (0.0, 2.0, 4.0, 6.0, 8.0, 12.0, 16.0, 24.0)
CLOSING_GRID = (0.0, 1.0, 2.0, 4.0, 6.0, 8.0)
# (kind, names, grids): names fitted together over the product of their grids, in this order,
# each group under the values fitted before it (the null margin weighs the relevance-gained
# spans against the null).
ADJUSTMENTS = (("choice", ("verbatim_weight",), (VERBATIM_GRID,)), ("noul", ("noul_shift",), (SHIFT_GRID,)),
               ("extract", ("relevance_weight", "closing_weight"), (RELEVANCE_GRID, CLOSING_GRID)),
               ("extract", ("null_margin",), (MARGIN_GRID,)))
ADJUSTMENT_NAMES = tuple(name for _, names, _ in ADJUSTMENTS for name in names)
MISSING = object()
OBJECTIVES = ("accuracy", "likelihood", "significant")
# `significant`: as `accuracy`, but a fitted value replaces the default (heads alone, a rule
# off) only when it wins more validation leaves than it loses by more than chance: with tens of
# questions of a kind, the best point of a 35-point grid otherwise wins by noise, and what it
# learned need not carry to other domains (`fit-check` measures which objective carries).
SIGNIFICANCE_Z = 2.0


def _rank(kind: str, objective: str) -> Callable[[tuple[int, float]], tuple[float, float]]:
    """The fit's order of (correct leaves, mean gold log-probability) for a head kind."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
    if objective == "likelihood" and kind != "extract":
        return lambda s: (s[1], s[0])
    return lambda s: (s[0], s[1])         # accuracy, significant


@dataclass
class Leaf:
    """One recorded leaf question with its gold value (MISSING: the gold has no such leaf)."""
    question: Any
    answer: Any
    trunk: Any
    options: FillOptions
    gold: Any


def all_on(settings: ScoringSettings) -> ScoringSettings:
    """The settings with heads and prior both on (what recording needs: every prior row runs)."""
    return settings.with_mix(**{kind: Mix(1.0, 1.0) for kind in PRIOR_KINDS})


def gold_at(value: Any, pointer: str) -> Any:
    cur = value
    for seg in split_pointer(pointer):
        if isinstance(cur, dict) and seg in cur:
            cur = cur[seg]
        elif isinstance(cur, list) and seg.isdigit() and int(seg) < len(cur):
            cur = cur[int(seg)]
        else:
            return MISSING
    return cur


def record_leaves(runtime, records: Iterable[dict[str, Any]], progress: Callable[[int], None] | None = None) -> list[Leaf]:
    """Fill every record with all prior rows on; keep each leaf's question and answer."""
    saved = runtime.scoring
    leaves: list[Leaf] = []
    runtime.set_scoring(all_on(saved))
    try:
        for n, record in enumerate(records):
            seen: list[tuple] = []
            observer = Observer(record_heads=False,
                                on_leaf=lambda q, a, trunk, options: seen.append((q, a, trunk, options)))
            options = FillOptions(**record["options"]) if record.get("options") else FillOptions()
            runtime.fill(record["context"], compile_schema(record["schema"]), options, observer=observer)
            leaves += [Leaf(q, a, t, o, gold_at(record["value"], q.pointer)) for q, a, t, o in seen]
            if progress is not None:
                progress(n + 1)
    finally:
        runtime.set_scoring(saved)
    return leaves


class _MemoPrior(LmPrior):
    """The runtime's prior reader with the LM log-probabilities of each recorded hidden-state
    tensor computed once (every mix of the grid reads the same rows)."""

    def __init__(self, prior: LmPrior):
        super().__init__(prior.backbone, prior.builder)
        self._pieces = prior._pieces
        self._memo: dict[int, tuple[torch.Tensor, torch.Tensor]] = {}

    def logprobs(self, hidden: torch.Tensor) -> torch.Tensor:
        hit = self._memo.get(id(hidden))
        if hit is None or hit[0] is not hidden:
            hit = self._memo[id(hidden)] = (hidden, super().logprobs(hidden))
        return hit[1]


def scorer(runtime, prior: LmPrior, settings: ScoringSettings) -> RoundDecoder:
    """The runtime's round decoder under other scoring settings and a (memoizing) prior reader."""
    return RoundDecoder(LeafReader(runtime.heads, settings, prior, runtime.candidates), runtime.questions,
                        runtime.default_null_margin)


# A reader's settings only decide which rules' evidence it reads (`LeafReader`): all of them.
READ_EVERY_RULE = ScoringSettings(verbatim_weight=1.0, relevance_weight=1.0, closing_weight=1.0)
KEPT_EXTRACT_SETTINGS = 8


class RecordedScoring:
    """Recorded leaves scored under any settings exactly as the server scores them, with each
    leaf's evidence read once: read with every rule on, it is what a reader under a settings
    would read once the rules that settings weighs 0 are dropped (`scoring.as_read`). An
    extract's composed spans depend on its mix, relevance and closing weights alone, so they
    are kept for the last KEPT_EXTRACT_SETTINGS of those (a null-margin grid, or switching a
    decide rule off, composes no span again)."""

    def __init__(self, runtime, leaves: Sequence[Leaf]):
        self.leaves = list(leaves)
        self.null_margin = runtime.default_null_margin
        reader = LeafReader(runtime.heads, READ_EVERY_RULE, recording_prior(runtime), runtime.candidates)
        with torch.inference_mode():
            self.evidence = [reader.evidence(leaf.question, leaf.answer, leaf.trunk) for leaf in self.leaves]
        self._spans: OrderedDict[tuple, dict[int, ExtractScores]] = OrderedDict()

    @classmethod
    def of(cls, runtime, leaves) -> "RecordedScoring":
        return leaves if isinstance(leaves, cls) else cls(runtime, leaves)

    def subset(self, indices: Sequence[int]) -> "RecordedScoring":
        """The leaves at `indices`, their evidence shared, not read again (a fit on some
        domains, measured on the others)."""
        part = object.__new__(RecordedScoring)
        part.leaves = [self.leaves[i] for i in indices]
        part.evidence = [self.evidence[i] for i in indices]
        part.null_margin = self.null_margin
        part._spans = OrderedDict()
        return part

    def composed(self, i: int, settings: ScoringSettings):
        """Leaf i's composed score under `settings`: a decide leaf's logits [n] in head order,
        an extract leaf's `ExtractScores` (spans and null)."""
        ev = as_read(self.evidence[i], settings).evidence
        if isinstance(ev, DecideEvidence):
            return decide_scores(decide_terms(settings, ev))
        return extract_scores(settings, ev)

    @torch.inference_mode()
    def outcome(self, i: int, settings: ScoringSettings):
        """Leaf i's served outcome (`FieldOutcome`) under `settings`."""
        leaf = as_read(self.evidence[i], settings)
        options = self.leaves[i].options
        if isinstance(leaf.evidence, DecideEvidence):
            return score_leaf(settings, leaf, options, default_null_margin=self.null_margin)
        key = (settings.mix("extract"), settings.relevance_weight, settings.closing_weight)
        table = self._spans.get(key)
        if table is None:
            table = self._spans[key] = {}
            while len(self._spans) > KEPT_EXTRACT_SETTINGS:
                self._spans.popitem(last=False)
        self._spans.move_to_end(key)
        scores = table.get(i)
        if scores is None:          # what picking reads: spans and null (not the terms, for memory)
            full = extract_scores(settings, leaf.evidence)
            scores = table[i] = dataclasses.replace(full, pointer=[], gains=[])
        if options.explain:         # an explanation reads the terms the kept scores leave out
            return score_leaf(settings, leaf, options, default_null_margin=self.null_margin)
        return extract_outcome(settings, leaf, scores, options, default_null_margin=self.null_margin)

    def scored(self, i: int) -> bool:
        """Whether leaf i counts: a decide leaf without a gold value does not."""
        leaf = self.leaves[i]
        return not (leaf.gold is MISSING and leaf.question.field.mode.startswith("decide."))


def option_probabilities(outcome, field) -> list[float] | None:
    """A decide outcome's probabilities in `decide_options` order (true/false: [true, false]);
    None for an extract leaf or an outcome without them."""
    if field.mode == "decide.noul":
        return None if outcome.probability is None else [outcome.probability, 1.0 - outcome.probability]
    return outcome.probabilities if field.mode.startswith("decide.") else None


def _judged(scoring: RecordedScoring, indices: Sequence[int], settings: ScoringSettings) -> list[tuple[bool, float | None]]:
    """Per scored leaf of `indices`: (correct, log-probability of the gold outcome, None where
    it has none) when scored under `settings`."""
    out: list[tuple[bool, float | None]] = []
    for i in indices:
        if not scoring.scored(i):
            continue
        q, gold = scoring.leaves[i].question, scoring.leaves[i].gold
        outcome = scoring.outcome(i, settings)
        pred = outcome.value if outcome.found else None
        gold = None if gold is MISSING else gold
        probs = option_probabilities(outcome, q.field)
        options = decide_options(q.field) if probs is not None else ()
        lp = math.log(max(probs[options.index(gold)], 1e-12)) if gold in options else None
        out.append((bool(leaf_correct(q.field.mode, gold, pred)), lp))
    return out


def _score(scoring: RecordedScoring, indices: Sequence[int], settings: ScoringSettings) -> tuple[int, float]:
    """(correct leaves, mean log-probability of the gold outcome) of leaves scored under `settings`."""
    judged = _judged(scoring, indices, settings)
    lps = [lp for _, lp in judged if lp is not None]
    return sum(ok for ok, _ in judged), sum(lps) / max(len(lps), 1)


def beats_default(fitted: Sequence[bool], default: Sequence[bool], z: float = SIGNIFICANCE_Z) -> bool:
    """Whether a fitted value's per-leaf correctness beats the default's by more than chance: a
    one-sided sign test on the leaves where the two differ (wins - losses > z * sqrt(wins + losses))."""
    wins = sum(f and not d for f, d in zip(fitted, default))
    losses = sum(d and not f for f, d in zip(fitted, default))
    return wins - losses > z * math.sqrt(wins + losses)


def _gated(scoring: RecordedScoring, indices: Sequence[int], best: ScoringSettings, default: ScoringSettings,
           objective: str) -> bool:
    """Whether the grid's best replaces the default: always, except under the `significant`
    objective, where it must win significantly more leaves (`beats_default`)."""
    if objective != "significant":
        return True
    return beats_default([ok for ok, _ in _judged(scoring, indices, best)],
                         [ok for ok, _ in _judged(scoring, indices, default)])


def recording_prior(runtime) -> LmPrior:
    """A prior reader of the questions as recorded (every prior row on)."""
    saved = runtime.scoring
    runtime.set_scoring(all_on(saved))
    try:
        return _MemoPrior(runtime.prior)
    finally:
        runtime.set_scoring(saved)


@torch.inference_mode()
def fit_mix(runtime, leaves: "Sequence[Leaf] | RecordedScoring", grid: Sequence[float] = GRID,
            objective: str = "accuracy") -> tuple[ScoringSettings, dict[str, Any]]:
    """The fitted mix (settings with the heads alone where a kind has no leaf, and no rule)
    and a report per kind: leaves, accuracy of heads alone, of the prior alone and of the
    chosen mix. The rules are off while the mix is fitted."""
    scoring = RecordedScoring.of(runtime, leaves)
    base = all_on(ScoringSettings())
    fitted: dict[str, Mix] = {}
    report: dict[str, Any] = {}
    for kind in PRIOR_KINDS:
        mine = [i for i, leaf in enumerate(scoring.leaves) if leaf.question.head == kind]
        if not mine:
            continue
        scored = {}
        for w in itertools.product(grid, grid):
            if w != (0.0, 0.0):
                scored[w] = _score(scoring, mine, base.with_mix(**{kind: Mix(*w)}))
        rank = _rank(kind, objective)
        best = max(scored, key=lambda w: rank(scored[w]))
        if not _gated(scoring, mine, base.with_mix(**{kind: Mix(*best)}), base.with_mix(**{kind: Mix(1.0, 0.0)}),
                      objective):
            best = (1.0, 0.0)
        n = sum(1 for i in mine if scoring.scored(i))
        fitted[kind] = Mix(*best)
        report[kind] = {"leaves": n, "mix": list(best),
                        "heads_only": scored[(1.0, 0.0)][0] / max(n, 1),
                        "prior_only": scored[(0.0, 1.0)][0] / max(n, 1),
                        "mixed": scored[best][0] / max(n, 1)}
    return ScoringSettings().with_mix(**fitted), report


@torch.inference_mode()
def fit_adjustments(runtime, leaves: "Sequence[Leaf] | RecordedScoring", mix: ScoringSettings,
                    objective: str = "accuracy") -> tuple[dict[str, float], dict[str, Any]]:
    """The rules' weights under a fitted mix (`mix`: its per-kind mixes are read), one grid (a
    product of grids) per group of `ADJUSTMENTS`: the values with the most correct leaves of
    their kind, ties to the higher mean gold log-probability (with `objective="likelihood"`, a
    decide kind's the other way round, as in `fit_mix`), then to the values nearest 0.
    Later groups are fitted under the values of the earlier ones. The runtime's settings are
    left as found. -> ({name: value}, report per group, under its names joined by "+")."""
    scoring = RecordedScoring.of(runtime, leaves)
    current = mix.adjustments_off()
    values: dict[str, float] = {}
    report: dict[str, Any] = {}
    for kind, names, grids in ADJUSTMENTS:
        mine = [i for i, leaf in enumerate(scoring.leaves) if leaf.question.head == kind]
        if not mine:
            continue
        scored = {point: _score(scoring, mine, dataclasses.replace(current, **dict(zip(names, point))))
                  for point in itertools.product(*grids)}
        rank = _rank(kind, objective)
        best = max(scored, key=lambda p: (*rank(scored[p]), -sum(abs(v) for v in p)))
        zero = tuple(0.0 for _ in names)
        if not _gated(scoring, mine, dataclasses.replace(current, **dict(zip(names, best))),
                      dataclasses.replace(current, **dict(zip(names, zero))), objective):
            best = zero
        current = dataclasses.replace(current, **dict(zip(names, (float(v) for v in best))))
        values.update({name: float(value) for name, value in zip(names, best)})
        n = max(sum(1 for i in mine if scoring.leaves[i].gold is not MISSING), 1)
        value = [float(v) for v in best] if len(names) > 1 else float(best[0])
        report["+".join(names)] = {"kind": kind, "value": value, "without": scored[zero][0] / n,
                                   "with": scored[best][0] / n, "leaves": n}
    return values, report


@torch.inference_mode()
def leaf_accuracy(runtime, leaves: "Sequence[Leaf] | RecordedScoring", settings: ScoringSettings) -> dict[str, dict[str, float]]:
    """Per leaf mode: correct / scored leaves when scored under `settings`, exactly as the
    runtime would score them (decide leaves without a gold value are not scored)."""
    scoring = RecordedScoring.of(runtime, leaves)
    tally: dict[str, list[int]] = {}
    for i, leaf in enumerate(scoring.leaves):
        q = leaf.question
        if not scoring.scored(i):
            continue
        out = scoring.outcome(i, settings)
        pred = out.value if out.found else None
        ok = leaf_correct(q.field.mode, None if leaf.gold is MISSING else leaf.gold, pred)
        row = tally.setdefault(q.field.mode, [0, 0])
        row[0] += int(ok)
        row[1] += 1
    out = {mode: {"accuracy": c / n, "leaves": n} for mode, (c, n) in sorted(tally.items())}
    total_c, total_n = sum(c for c, _ in tally.values()), sum(n for _, n in tally.values())
    out["all"] = {"accuracy": total_c / max(total_n, 1), "leaves": total_n}
    return out
