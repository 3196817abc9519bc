"""A datagen record -> the fork questions inference would ask, each with its training target.

Inference must see exactly the layout training used, so the questions are built by a real
`Runtime`'s own question builder (`Runtime.questions`), with the checkpoint config of the
run (its `array_mode`): only the scopes (which array items exist, their anchors and
locators) come from the gold value instead of from the heads.

Targets (contract 12.3, 12.4, 12.6):
- decide.choice: index of the gold value among the options. With p = 0.5 the options are
  shuffled (target permuted), seeded by (seed, uid), so a record's questions are a pure
  function of (record, seed). The shuffled order is what the fork text shows.
- decide.score: index of the gold level; null -> the null outcome (nullable scales).
- decide.noul: 0 = true, 1 = false. A null gold has no noul outcome and is not trained.
- decide evidence (every decide kind): the tokens of the first occurrence in the context of
  the text the record names as what the answer rests on (`decide[pointer]["evidence"]`), the
  flag reader's pointer target; none when the record names none or the text is not in this
  context (a window of a long record).
- extract: every gold span and span alternative as token pairs `(s, e)` (the tokens
  covering the span's first and last code point); an absent / null value -> no positive
  (the null outcome). A present value without a span is not trained (nothing to point at).
- count: the gold item count over `count_bounds(minItems, maxItems)`; anchored arrays get
  the count question too, since the default `count_peaks` decoding reads it.
- anchor: the gold item starts inside the array's region: per item, the first token of its
  earliest span that no sibling shares, else of its earliest span. An instance whose items
  do not get distinct anchors inside the region is left out (`anchor_skipped_arrays`), with
  its items' subtree.

With `prior` (`--prior-residual`) a decide / extract example also carries the LM prior's rows
(`prior_rows`), in the shown option order the target indexes.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any

import torch

from deg.plan import ArrayPlan, FieldPlan, FillPlan
from deg.pointer import unescape
from deg.request import FillOptions
from deg.schema import compile_schema
from deg_model.backbone import Backbone
from deg_model.checkpoint import CheckpointConfig, fresh_heads
from deg_model.runtime.arrays import count_bounds
from deg_model.runtime.decode import TokenMap
from deg_model.runtime.fill import LOCATOR_TOKENS, Item, Question, Runtime
from deg_model.runtime.prior import DEFAULT_FRAMING, LmPrior, PriorRows
from deg_model.runtime.questions import QuestionBuilder
from deg_model.scoring import PRIOR_KINDS
from deg_model.tokenize import Trunk

SHUFFLE_P = 0.5
HEAD_OF_MODE = {"decide.choice": "choice", "decide.score": "score", "decide.noul": "noul"}


@dataclass
class Example:
    """One fork question with its target. `kind` is the head: choice, score, noul, extract,
    count or anchor. Token positions are context-token indices of the record's trunk."""
    kind: str
    pointer: str
    ids: torch.Tensor                       # [n] fork tokens
    answer: int                             # row position of `a`
    options: list[int] = field(default_factory=list)   # row positions of `o_i`
    target: int | None = None               # decide / count target class
    spans: tuple[tuple[int, int], ...] = () # extract positives (empty = null)
    bounds: tuple[int, int] | None = None   # count [lo, hi]
    region: tuple[int, int] | None = None   # anchor question region [lo, hi)
    starts: tuple[int, ...] = ()            # anchor targets (absolute token indices)
    item_anchor: tuple[int, int] | None = None  # anchored extract: (anchor, region end)
    prior_rows: PriorRows | None = None     # the LM prior's rows as served (builder with `prior`)
    evidence: tuple[int, int] | None = None # decide: the tokens [first, last] of the sentence its answer rests on


@dataclass
class RecordExamples:
    uid: str
    trunk: Trunk
    examples: list[Example]
    stats: dict[str, int]


def training_runtime(backbone: Backbone, *, array_mode: str = "index") -> Runtime:
    """A runtime whose question builder lays out training forks (its heads are never read)."""
    if array_mode not in ("index", "anchor"):
        raise ValueError(f"array_mode must be 'index' or 'anchor', got {array_mode!r}")
    config = CheckpointConfig(model_id="training", backbone="training", array_mode=array_mode,
                              hidden=backbone.spec.hidden_size, prior_framing=DEFAULT_FRAMING)
    return Runtime(backbone, fresh_heads(backbone.spec.hidden_size), config)


class _TrunkTokens:
    """The part of the runtime's trunk view that question building reads (`tokens`)."""

    def __init__(self, trunk: Trunk):
        self.tokens = TokenMap([(int(s), int(e)) for s, e in trunk.offsets.tolist()])


MISSING = object()


def resolve_pointer(value: Any, pointer: str) -> Any:
    cur = value
    for raw in pointer.split("/")[1:]:
        seg = unescape(raw)
        if isinstance(cur, dict):
            if seg not in cur:
                return MISSING
            cur = cur[seg]
        elif isinstance(cur, list):
            if not seg.isdigit() or int(seg) >= len(cur):
                return MISSING
            cur = cur[int(seg)]
        else:
            return MISSING
    return cur


def char_to_token_span(offsets: torch.Tensor, start: int, end: int) -> tuple[int, int] | None:
    """Tokens covering code points [start, end): first token ending after `start`, last token
    starting before `end`. None when the span covers no token."""
    if end <= start:
        return None
    ends, starts = offsets[:, 1].contiguous(), offsets[:, 0].contiguous()
    first = int(torch.searchsorted(ends, torch.tensor(start), right=True))
    last = int(torch.searchsorted(starts, torch.tensor(end), right=False)) - 1
    if first >= offsets.shape[0] or last < first:
        return None
    return first, last


class ExampleBuilder:
    """Builds the examples of records with one runtime's layout and array mode.

    `prior`: every decide / extract question also carries the LM prior's rows, built by the
    runtime's own question builder as a runtime mixing the prior in builds them (same field,
    shown pointer and shown option order), and `prior_reader` reads them."""

    def __init__(self, runtime: Runtime, *, seed: int = 0, prior: bool = False):
        self.questions, self.seed = runtime.questions, seed
        self.layout, self.config = runtime.layout, runtime.config
        self.options = FillOptions()
        self.prior_reader: LmPrior | None = None
        if prior:
            self.questions = QuestionBuilder(runtime.layout, runtime.config, frozenset(PRIOR_KINDS))
            self.prior_reader = LmPrior(runtime.backbone, self.questions.prior)

    @property
    def prior_framing(self) -> str | None:
        """The framing of the prior rows its questions carry; None without."""
        return self.questions.prior.framing if self.questions.prior is not None else None

    # ------------------------------------------------------------------ public
    def build(self, record: dict[str, Any]) -> RecordExamples:
        for key in ("uid", "context", "schema", "value"):
            if key not in record:
                raise ValueError(f"record {record.get('uid', '?')!r} lacks {key!r}")
        rng = random.Random(f"{self.seed}:{record['uid']}")
        plan, perms = self._shuffled_plan(compile_schema(record["schema"]), rng)
        trunk = self.layout.trunk(record["context"])
        ctx = _TrunkTokens(trunk)
        gold = _Gold(record, trunk)
        stats = {"questions": 0, "untrained": 0, "anchor_skipped_arrays": 0}
        out: list[Example] = []
        scopes: list[tuple[Item, ...]] = [()]
        while scopes:
            next_scopes = []
            for scope in scopes:
                for q in self.questions.questions(plan, scope, ctx, self.options):
                    ex, items = self._target(q, plan, gold, perms, scope, stats)
                    if ex is not None:
                        out.append(ex)
                    next_scopes += [scope + (it,) for it in items]
            scopes = next_scopes
        stats["questions"] = len(out)
        return RecordExamples(record["uid"], trunk, out, stats)

    # ------------------------------------------------------------------ plan
    def _shuffled_plan(self, plan: FillPlan, rng: random.Random):
        """Shuffle choice options with p = 0.5; perms[pointer][shown i] = schema index."""
        fields, perms = [], {}
        for f in plan.fields:
            if f.mode == "decide.choice" and f.options and rng.random() < SHUFFLE_P:
                perm = list(range(len(f.options)))
                rng.shuffle(perm)
                descriptions = f.option_descriptions or (None,) * len(f.options)
                f = dataclasses.replace(f, options=tuple(f.options[i] for i in perm),
                                        option_descriptions=tuple(descriptions[i] for i in perm))
                perms[f.pointer] = perm
            fields.append(f)
        return dataclasses.replace(plan, fields=tuple(fields)), perms

    # ------------------------------------------------------------------ targets
    def _target(self, q: Question, plan: FillPlan, gold: "_Gold", perms, scope, stats):
        base = dict(pointer=q.pointer, ids=q.ids, answer=q.answer, options=list(q.options), prior_rows=q.prior)
        if q.kind == "leaf":
            return self._leaf(q.field, q.pointer, gold, scope, base, stats), []
        value = resolve_pointer(gold.value, q.pointer)
        items = value if isinstance(value, list) else []
        if q.kind == "count":
            lo, hi = count_bounds(q.array.min_items, q.array.max_items, None)
            if len(items) < lo:
                stats["untrained"] += 1
                return None, []
            ex = Example(kind="count", target=min(len(items), hi), bounds=(lo, hi), **base)
            anchored = self.questions.anchored(q.array, plan, gold.tokens_view)
            return ex, ([] if anchored else [Item(q.array, i) for i in range(len(items))])
        # anchor question
        anchors = gold.anchors(q.pointer, len(items), q.region)
        if anchors is None:
            stats["anchor_skipped_arrays"] += 1
            return None, []
        ex = Example(kind="anchor", region=q.region, starts=tuple(sorted(anchors)), **base)
        order = sorted(range(len(items)), key=lambda k: anchors[k])
        made = []
        for rank, k in enumerate(order):
            anchor = anchors[k]
            end = anchors[order[rank + 1]] if rank + 1 < len(order) else q.region[1]
            made.append(Item(q.array, k, anchor=anchor, region=(anchor, end), locator=gold.locator(anchor, end)))
        return ex, made

    def _leaf(self, f: FieldPlan, pointer: str, gold: "_Gold", scope, base, stats) -> Example | None:
        value = resolve_pointer(gold.value, pointer)
        kind = HEAD_OF_MODE.get(f.mode, "extract")
        if kind != "extract":
            base = {**base, "evidence": gold.evidence_tokens(pointer)}
        if f.mode == "decide.choice":
            shown = list(f.options or ())
            if value is MISSING or not any(json_equal(value, o) for o in shown):
                stats["untrained"] += 1
                return None
            return Example(kind=kind, target=next(i for i, o in enumerate(shown) if json_equal(value, o)), **base)
        if f.mode == "decide.score":
            levels = list(f.levels or ())
            if value is None and f.null_outcome:
                return Example(kind=kind, target=len(levels), **base)
            if value is MISSING or value not in levels or isinstance(value, bool):
                stats["untrained"] += 1
                return None
            return Example(kind=kind, target=levels.index(value), **base)
        if f.mode == "decide.noul":
            if not isinstance(value, bool):
                stats["untrained"] += 1
                return None
            return Example(kind=kind, target=0 if value else 1, **base)
        # extract
        item = next((it for it in reversed(scope) if it.anchor is not None), None)
        item_anchor = (item.anchor, item.region[1]) if item is not None else None
        if value is MISSING or value is None:
            return Example(kind="extract", spans=(), item_anchor=item_anchor, **base)
        spans = gold.token_spans(pointer)
        if not spans:
            stats["untrained"] += 1
            return None
        return Example(kind="extract", spans=tuple(spans), item_anchor=item_anchor, **base)


def json_equal(a: Any, b: Any) -> bool:
    # JSON equality: True is not 1, 1 equals 1.0.
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


class _Gold:
    """The gold value and its spans, in the token coordinates of one trunk."""

    def __init__(self, record: dict[str, Any], trunk: Trunk):
        self.value = record["value"]
        self.trunk = trunk
        self.tokens_view = _TrunkTokens(trunk)
        self.spans: dict[str, list[tuple[int, int]]] = {}
        for ptr, span in (record.get("spans") or {}).items():
            self.spans.setdefault(ptr, []).append((int(span[0]), int(span[1])))
        for ptr, alts in (record.get("span_alternatives") or {}).items():
            for span in alts:
                self.spans.setdefault(ptr, []).append((int(span[0]), int(span[1])))
        self.evidence = {ptr: d["evidence"] for ptr, d in (record.get("decide") or {}).items()
                         if isinstance(d, dict) and isinstance(d.get("evidence"), str) and d["evidence"].strip()}

    def evidence_tokens(self, pointer: str) -> tuple[int, int] | None:
        """The context tokens of the first occurrence of a decided field's evidence text."""
        quote = self.evidence.get(pointer)
        at = self.trunk.context.find(quote) if quote is not None else -1
        return None if at < 0 else char_to_token_span(self.trunk.offsets, at, at + len(quote))

    def token_spans(self, pointer: str) -> list[tuple[int, int]]:
        out = []
        for s, e in self.spans.get(pointer, []):
            t = char_to_token_span(self.trunk.offsets, s, e)
            if t is not None and t not in out:
                out.append(t)
        return out

    def _item_chars(self, array_pointer: str, k: int) -> list[tuple[int, int]]:
        """The first-choice gold span of every leaf inside item k (spans, else first alternative)."""
        prefix = f"{array_pointer}/{k}/"
        out = []
        for ptr, spans in self.spans.items():
            if ptr.startswith(prefix) or ptr == f"{array_pointer}/{k}":
                out.append(spans[0])
        return out

    def anchors(self, array_pointer: str, n: int, region: tuple[int, int]) -> list[int] | None:
        per_item = [self._item_chars(array_pointer, k) for k in range(n)]
        anchors = []
        for k, spans in enumerate(per_item):
            if not spans:
                return None
            others = {s for j, sp in enumerate(per_item) if j != k for s in sp}
            own = [s for s in spans if s not in others]
            start_char = min(own or spans)[0]
            tok = char_to_token_span(self.trunk.offsets, start_char, start_char + 1)
            if tok is None or not region[0] <= tok[0] < region[1]:
                return None
            anchors.append(tok[0])
        if len(set(anchors)) != len(anchors):
            return None
        return anchors

    def locator(self, anchor: int, end: int) -> str:
        """The runtime's locator text: context from the anchor, at most LOCATOR_TOKENS tokens."""
        offsets = self.trunk.offsets
        last = min(anchor + LOCATOR_TOKENS, end) - 1
        text = self.trunk.context[int(offsets[anchor][0]):int(offsets[last][1])]
        return " ".join(text.split())
