"""The questions of a fill round (contract 12.2, 12.3, 12.6): plan + scope -> fork rows.

Round 0 asks every leaf outside arrays and every top-level array's count (index mode) or
anchor (+ count, unless `threshold`) question; each later round asks the leaves and
nested-array questions of the items the previous round found. A scope is the chain of items
(outermost first) a question sits in: `()` in round 0, one item per enclosing array later.

A question's concrete pointer puts each item's index in place of `*` (`/items/1/name`); the
pointer its fork text shows keeps `*` for anchored items, which are addressed by their
locator text instead of an index the model cannot know yet.

A question is a fork row (`forks.Row`) reading its answer token and option lines; it may
carry extra rows (`extra_rows`), which run beside it in the same micro-batches and come back
in its `Answer`. Fork lines repeat across fields and requests (`KIND ...`, `ANSWER:`, option
lines), so their token ids are memoized per runtime.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import torch

from deg.plan import ArrayPlan, FieldPlan, FillPlan, scope_of, value_path
from deg.pointer import concretize, pointer_of
from deg.request import FillOptions

from ..checkpoint import CheckpointConfig
from ..heads import option_tokens
from ..tokenize import PromptLayout
from . import layout as L
from .forks import Row
from .prior import PriorBuilder, PriorRows

__all__ = ["Answer", "Item", "Question", "QuestionBuilder", "Scope", "concrete"]

LINE_CACHE = 8192             # fork lines whose token ids are memoized


@dataclass(frozen=True)
class Item:
    """One enumerated item of an array instance, or (`array` None, `branch` set) the branch a
    union chose: the scope its branch's nodes are asked in."""
    array: ArrayPlan | None
    index: int
    anchor: int | None = None             # context-token index (anchored mode)
    region: tuple[int, int] | None = None  # [lo, hi) context-token indices of the item
    locator: str | None = None
    branch: str | None = None             # plan pointer of the chosen branch ("/pay/|1")
    cells: tuple | None = None            # a table or list row's `tables.Cell`s (layout items)

    @property
    def key(self) -> str:
        """The scope pointer plan nodes name (`deg.plan.scope_of`): the array or branch."""
        return self.branch if self.array is None else self.array.pointer


Scope = tuple[Item, ...]


@dataclass(frozen=True)
class Answer:
    """What a question's rows read: `a` [H] at the answer token, `o` [n, H] at the option
    lines (None without options), and per extra row its read hidden states [k, H]."""
    a: torch.Tensor
    o: torch.Tensor | None
    extra: tuple[torch.Tensor, ...] = ()
    follow: torch.Tensor | None = None      # extract prior: the copied span's row, read [m, H]
    follow_start: int | None = None         # ... and the context token it starts at


@dataclass
class Question:
    kind: str                     # "leaf" | "count" | "anchor"
    scope: Scope
    pointer: str                  # concrete pointer of the leaf or array instance
    ids: torch.Tensor             # [n] fork tokens
    answer: int                   # row position of the answer token
    options: list[int] = field(default_factory=list)
    field: FieldPlan | None = None
    array: ArrayPlan | None = None
    region: tuple[int, int] | None = None   # anchor questions: where items may start
    extra_rows: tuple[Row, ...] = ()        # rows run beside the question's own
    prior: PriorRows | None = None          # the LM prior's rows (they are the extra rows)
    option_tokens: torch.Tensor | None = None   # [n, H] what its option lines are (`heads.option_tokens`)

    @property
    def head(self) -> str:
        """The head its fork row feeds: choice/score/noul (decide leaves), extract (extract
        leaves), count or anchor (array questions) — what picks its LoRA adapter."""
        if self.kind == "leaf":
            mode = self.field.mode
            return mode.split(".", 1)[1] if mode.startswith("decide.") else "extract"
        return self.kind

    @property
    def rows(self) -> tuple[Row, ...]:
        """Its own row (answer token, then the option lines), then its extra rows."""
        return (Row(self.ids, (self.answer, *self.options), self.head),) + self.extra_rows

    def answer_of(self, read: list[torch.Tensor]) -> Answer:
        """The Answer from what `rows` read, in row order."""
        own = read[0]                                                    # [1 + n, H]
        return Answer(a=own[0].clone(), o=own[1:].clone() if self.options else None, extra=tuple(read[1:]))


def chosen_scope(plan: FillPlan, q: Question, value) -> Scope | None:
    """The scope a union's choice leaf opens: its scope plus the chosen branch (None for a
    leaf that is no union choice, or a nullable union decided null). The decision is a fork
    row like any other, so the branch, and everything asked in it, is deterministic."""
    union = next((u for u in plan.unions if u.choice == q.field.pointer), None) if plan.unions else None
    if union is None or value is None:
        return None
    index = next(i for i, option in enumerate(q.field.options)
                 if option is not None and type(option) is type(value) and option == value)
    region = q.scope[-1].region if q.scope else None
    return q.scope + (Item(None, index, region=region, branch=union.branch_pointer(index)),)


def decide_options(field: FieldPlan) -> list:
    """A decide leaf's outcomes in head order: choice options; score levels (+ null for a
    nullable scale); noul [true, false]."""
    if field.mode == "decide.choice":
        return list(field.options)
    if field.mode == "decide.score":
        return list(field.levels) + ([None] if field.null_outcome else [])
    return [True, False]


def concrete(path: tuple[str, ...], scope: Scope, *, anchored_as_star: bool) -> str:
    """The pointer of a plan path inside `scope`: each `*` becomes its item's index (or stays
    `*` for an anchored item with `anchored_as_star`)."""
    segments = concretize(path, ["*" if anchored_as_star and item.anchor is not None else item.index
                                 for item in scope if item.array is not None])
    # What the model reads names the value, without union branch segments.
    return pointer_of(value_path(tuple(segments)) if anchored_as_star else segments)


class QuestionBuilder:
    """Builds the fork questions of a plan with one prompt layout and array mode."""

    def __init__(self, layout: PromptLayout, config: CheckpointConfig, prior_kinds: frozenset[str] = frozenset(),
                 embed: Callable[[torch.Tensor], torch.Tensor] | None = None):
        self.layout, self.config = layout, config
        # the backbone's input embedding of token ids [L] -> [L, H]: what the option reader
        # reads of each option line (`heads.option_tokens`); None: no question carries it
        self.embed = embed
        self._line_ids: dict[str, torch.Tensor] = {}
        # Head kinds whose questions also carry the LM prior's rows (`prior.py`).
        self.prior_kinds = prior_kinds
        self.prior = PriorBuilder(layout, self.encode, config.prior_framing) if prior_kinds else None

    def encode(self, line: str) -> torch.Tensor:
        """Token ids of one fork line: a plain memo of a pure function."""
        ids = self._line_ids.get(line)
        if ids is None:
            if len(self._line_ids) >= LINE_CACHE:
                self._line_ids.clear()
            ids = self._line_ids[line] = self.layout.encode_fork(line)
        return ids

    def anchored(self, array: ArrayPlan, plan: FillPlan, trunk) -> bool:
        """Are this array's items found by anchors (else by a count)? `trunk`: anything with
        the trunk's `tokens`."""
        if self.config.array_mode != "anchor" or len(trunk.tokens) < self.config.anchor_min_tokens:
            return False
        return any(f.mode.startswith("extract.") and array.pointer in f.arrays for f in plan.fields)

    def questions(self, plan: FillPlan, scope: Scope, trunk, options: FillOptions) -> list[Question]:
        """The questions of one scope: its leaves (generate leaves wait for the generate phase),
        then its arrays' count / anchor questions, in plan order."""
        inner = scope[-1].key if scope else None
        item_path = tuple((it.array.pointer, it.locator if it.locator is not None else it.index)
                          for it in scope if it.array is not None)
        out: list[Question] = []
        for f in plan.fields:
            if f.mode == "generate" or scope_of(f.path) != inner:
                continue
            shown = concrete(f.path, scope, anchored_as_star=True)
            q = self._question("leaf", scope, concrete(f.path, scope, anchored_as_star=False),
                               L.leaf_fork(f, shown, item_path), field=f)
            out.append(self._with_prior(q, shown))
        for a in plan.arrays:
            if scope_of(a.path) != inner:
                continue
            pointer = concrete(a.path, scope, anchored_as_star=False)
            shown = concrete(a.path, scope, anchored_as_star=True)
            item_fields = tuple(a.fields)
            count = L.count_fork(a, shown, item_path, item_fields)
            if self.anchored(a, plan, trunk):
                region = scope[-1].region if scope and scope[-1].region is not None else (0, len(trunk.tokens))
                out.append(self._question("anchor", scope, pointer, L.anchor_fork(a, shown, item_path, item_fields),
                                          array=a, region=region))
                if options.array_decode not in ("threshold", "expected"):     # None: as the default, count_peaks
                    out.append(self._question("count", scope, pointer, count, array=a))
            else:
                out.append(self._question("count", scope, pointer, count, array=a))
        return out

    def _with_prior(self, q: Question, shown: str) -> Question:
        """The question with its LM prior rows, when its head kind mixes the prior in."""
        if q.head not in self.prior_kinds:
            return q
        f = q.field
        if q.head == "extract":
            prior = self.prior.extract(f, shown)
        else:
            prior = self.prior.decide(q.head, f, shown, decide_options(f))
        q.prior, q.extra_rows = prior, prior.fork_rows()
        return q

    def _question(self, kind: str, scope: Scope, pointer: str, text: L.ForkText, **kw) -> Question:
        pieces = [self.encode(line) for line in text.lines]
        ends, pos = [], 0
        for p in pieces:
            pos += int(p.shape[0])
            ends.append(pos - 1)
        ids, options = torch.cat(pieces), [ends[i] for i in text.option_lines]
        tokens = option_tokens(ids, self.embed(ids), options) if options and self.embed is not None else None
        return Question(kind=kind, scope=scope, pointer=pointer, ids=ids, answer=ends[-1], options=options,
                        option_tokens=tokens, **kw)
