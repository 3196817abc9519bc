"""A round's answers -> its outcomes and the next round's scopes: the round decoder the
one-trunk path and every window of a windowed run share.

`RoundDecoder.decode` turns the answers read in one trunk (or one window) into, per question,
the leaf's outcome (every leaf of the round scored together by `deg_model.scoring.score_round`),
the items an array question enumerates (`arrays.array_items`), or None for a count question
that only feeds its array's anchors. `absorb` puts a round's decoded questions into the run:
leaf outcomes, one `ArrayOutcome` per array question, and the scopes the next round asks (the
union branches the leaves chose, then the items found). A windowed run merges its windows'
decodings per question first (`windows.py`), then absorbs the same way.
"""
from __future__ import annotations

from dataclasses import dataclass

from deg.outcomes import ArrayOutcome, FieldOutcome
from deg.plan import FillPlan
from deg.request import FillOptions

from ..scoring import score_round
from .arrays import array_items
from .decide import LeafReader
from .hooks import Observer
from .questions import Answer, Question, QuestionBuilder, Scope, chosen_scope

__all__ = ["RoundDecoder", "absorb"]


@dataclass(frozen=True)
class RoundDecoder:
    """What decoding reads of a runtime: its leaf reader (heads, scoring settings, LM prior,
    candidate memo), its question builder (which arrays are anchored) and null margin."""
    reader: LeafReader
    questions: QuestionBuilder
    default_null_margin: float = 0.0

    def leaves(self, answers: list[tuple[Question, Answer]], trunk, options: FillOptions,
               heads_out: dict | None = None) -> list[FieldOutcome]:
        """The outcomes of leaf questions answered in one trunk (or window)."""
        evidence = [self.reader.evidence(q, a, trunk, heads_out) for q, a in answers]
        return score_round(self.reader.settings, evidence, options, default_null_margin=self.default_null_margin)

    def decode(self, plan: FillPlan, answers: list[tuple[Question, Answer]], trunk, options: FillOptions, *,
               observer: Observer | None = None, heads_out: dict | None = None, whole=None,
               layout: bool = True) -> list:
        """Per question, in order: its FieldOutcome, its items, or None. `whole`: the run's
        trunk when `trunk` is one of its windows (which arrays are anchored is the whole
        context's matter); `layout` False leaves layout rows to the merge of the windows."""
        leaves = [(q, a) for q, a in answers if q.kind == "leaf"]
        if observer is not None and observer.on_leaf is not None:
            for q, a in leaves:
                observer.on_leaf(q, a, trunk, options)
        outcomes = iter(self.leaves(leaves, trunk, options, heads_out))
        counts = {q.pointer: a for q, a in answers if q.kind == "count"}
        out = []
        for q, a in answers:
            if q.kind == "leaf":
                out.append(next(outcomes))
            elif q.kind == "anchor" or not self.questions.anchored(q.array, plan, whole or trunk):
                out.append(array_items(self.reader.heads, self.reader.settings, q, a, counts.get(q.pointer), trunk,
                                       options, heads_out, layout=layout))
            else:
                out.append(None)
        return out


def absorb(run, questions: list[Question], decoded: list) -> None:
    """A round's decoded questions into its run (`JobRun`); None decodes nothing."""
    branches: list[Scope] = []
    items: list[Scope] = []
    for q, got in zip(questions, decoded):
        if q.kind == "leaf" and got is not None:
            run.fields_out.append(got)
            branch = chosen_scope(run.plan, q, got.value)   # phase two: the chosen branch
            if branch is not None:
                branches.append(branch)
    for q, got in zip(questions, decoded):
        if q.kind != "leaf" and got is not None:
            run.arrays_out.append(ArrayOutcome(pointer=q.pointer, plan_pointer=q.array.pointer, items=len(got)))
            items += [q.scope + (item,) for item in got]
    run.scopes = branches + items
