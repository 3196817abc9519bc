"""fill / fill_many: a compiled FillPlan + a context -> raw outcomes (contract 7, 12.1-12.3, 12.6).

One request:
1. **Read once.** The trunk (prefix + rendered context + "\\n") is prefilled once; its
   final-normed hidden states at the context tokens are what span, anchor heads point into.
   The heads' context-side projections (span keys, anchor keys) are computed once per trunk.
2. **Parallel phase, in rounds.** Round 0 asks every leaf outside arrays and every top-level
   array's count (index mode) or anchor (+ count, unless `threshold`) question; each later
   round asks the leaves and nested-array questions of the items the previous round found.
   Every question is a fork row of the trunk; rows run in micro-batches of at most
   `fork_token_budget` padded tokens, and a row's numerics never depend on the other rows
   (the backbone's fork path is batch-invariant), so a field's outcome is the same alone,
   reordered, in a bigger schema or beside other requests.
3. **Drops** of items whose required values are missing (`deg.response.apply_drops`): the
   survivors are renumbered, their fork outputs untouched.
4. **Generate phase.** The KNOWN VALUES block (every value of the response so far: decided,
   extracted, and the nulls of nullable leaves, in leaf order) extends the trunk state once;
   every generate field forks that state with only its own header, and all of them decode
   together under their length/pattern constraints.

Raw outcomes come back in leaf order (depth-first, schema order, items by index).

Choices where the contract leaves room:
- Index-addressed arrays also resolve round by round instead of speculating 8 items per
  array in round 0: on the CPU a round costs one more fork call and nothing else, while a
  speculated item that does not exist costs its whole fork. Outcomes are identical either way.
- `fill_many` runs its jobs one after another, each with its own trunk and its own
  exception slot: the backbone's fork reads one prefix state per call, and on the CPU rows
  of several requests in one call would run the same per-tile kernels as separate calls.
- `record_heads = True` keeps every question's raw head output (`last_heads`, keyed
  `"<kind>:<concrete pointer>"`) so determinism can be checked with `torch.equal`;
  `last_stats` holds the token counts of the last fill.
"""
from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from typing import Sequence

import torch

from deg.candidates import find_candidates
from deg.outcomes import (
    ArrayOutcome, FieldOutcome, RawFill, choice_outcome, generate_outcome, noul_outcome,
    pick_extract, score_outcome,
)
from deg.plan import ArrayPlan, FieldPlan, FillPlan
from deg.request import FillOptions
from deg.response import apply_drops, pointer_of

from ..backbone import FORK_GRID, Backbone
from ..checkpoint import CheckpointConfig
from ..heads import Heads
from ..tokenize import PromptLayout
from . import layout as L
from .arrays import count_bounds, decode_anchors, decode_count
from .decode import TokenMap, log_probs, plain_scores, typed_scores
from .generate import GenerateRow, generate_rows


FORK_TOKEN_BUDGET = 4096      # padded fork tokens per micro-batch
LINE_CACHE = 8192             # fork lines whose token ids are memoized
LOCATOR_TOKENS = 24
_CANDIDATE_KIND = {"extract.number": "number", "date": "date", "date-time": "date-time",
                   "email": "email", "uri": "uri", "uuid": "uuid"}


@dataclass(frozen=True)
class FillJob:
    context: str                  # the rendered context (deg.render_context)
    plan: FillPlan
    options: FillOptions


@dataclass(frozen=True)
class Item:
    """One enumerated item of an array instance."""
    array: ArrayPlan
    index: int
    anchor: int | None = None             # context-token index (anchored mode)
    region: tuple[int, int] | None = None  # [lo, hi) context-token indices of the item
    locator: str | None = None


Scope = tuple[Item, ...]


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


@dataclass
class _Trunk:
    ids_len: int
    text: str
    tokens: TokenMap
    ctx: torch.Tensor             # [Tc, H] final-normed hidden at context tokens
    span_keys: tuple[torch.Tensor, torch.Tensor]
    anchor_keys: torch.Tensor     # [Tc, d]
    anchor_u: torch.Tensor        # [Tc]


class Runtime:
    """A loaded model: backbone + heads + prompt layout. Thread-compatible, not thread-safe."""

    def __init__(self, backbone: Backbone, heads: Heads, config: CheckpointConfig,
                 *, fork_token_budget: int = FORK_TOKEN_BUDGET, default_null_margin: float = 0.0):
        if heads.hidden != backbone.spec.hidden_size:
            raise ValueError(f"heads expect hidden size {heads.hidden}, backbone has {backbone.spec.hidden_size}")
        if fork_token_budget < 1:
            raise ValueError(f"fork_token_budget must be >= 1 padded token, got {fork_token_budget}")
        if not math.isfinite(default_null_margin):
            raise ValueError(f"default_null_margin must be a finite number of nats, got {default_null_margin}")
        self.backbone, self.heads, self.config = backbone, heads, config
        self.layout = PromptLayout.for_family(backbone.family.name, backbone.tokenizer)
        self.fork_token_budget = fork_token_budget
        self.default_null_margin = default_null_margin
        self.last_stats: dict[str, int] = {}
        self.record_heads = False                       # keep raw head outputs in last_heads
        self.last_heads: dict[str, torch.Tensor] = {}
        self._line_ids: dict[str, torch.Tensor] = {}

    @property
    def model_id(self) -> str:
        return self.config.model_id

    @property
    def aliases(self) -> list[str]:
        return list(self.config.aliases)

    # ------------------------------------------------------------------ public
    def fill_many(self, jobs: Sequence[FillJob]) -> list[RawFill | Exception]:
        """Every job's outcome, or its own exception: one failing job fails only itself."""
        out: list[RawFill | Exception] = []
        for job in jobs:
            try:
                out.append(self.fill(getattr(job, "context", None), getattr(job, "plan", None),
                                     getattr(job, "options", None)))
            except Exception as exc:          # noqa: BLE001 - isolated per job by contract
                out.append(exc)
        return out

    @torch.inference_mode()
    def fill(self, context: str, plan: FillPlan, options: FillOptions | None = None) -> RawFill:
        options = options or FillOptions()
        if not isinstance(context, str):
            raise TypeError(f"context must be the rendered context string, got {type(context).__name__}")
        if not isinstance(plan, FillPlan):
            raise TypeError(f"plan must be a compiled deg.FillPlan, got {type(plan).__name__}")
        if not isinstance(options, FillOptions):
            raise TypeError(f"options must be deg.request.FillOptions, got {type(options).__name__}")
        self.last_heads = {}
        stats = {"prompt_tokens": 0, "fork_rows": 0, "fork_tokens": 0, "generated_tokens": 0}
        trunk_ids = self.layout.trunk(context)
        state = self.backbone.prefill(trunk_ids.ids)
        trunk = self._trunk_view(trunk_ids, state)
        stats["prompt_tokens"] = trunk.ids_len

        fields_out: list[FieldOutcome] = []
        arrays_out: list[ArrayOutcome] = []
        scopes: list[Scope] = [()]
        while scopes:
            questions = [q for scope in scopes for q in self._questions(plan, scope, trunk, options)]
            answers = self._run(state, questions, stats)
            next_scopes: list[Scope] = []
            counts = {q.pointer: a for q, a in answers if q.kind == "count"}
            for q, a in answers:
                if q.kind == "leaf":
                    fields_out.append(self._decide_leaf(q, a, trunk, options))
            for q, a in answers:
                if q.kind == "anchor" or (q.kind == "count" and not self._anchored(q.array, plan, trunk)):
                    items = self._items(q, a, counts.get(q.pointer), trunk, options)
                    arrays_out.append(ArrayOutcome(pointer=q.pointer, plan_pointer=q.array.pointer, items=len(items)))
                    next_scopes += [q.scope + (item,) for item in items]
            scopes = next_scopes

        raw = apply_drops(plan, RawFill(fields=fields_out, arrays=arrays_out,
                                        prompt_tokens=stats["prompt_tokens"], generated_tokens=0))
        gen_fields = [f for f in plan.fields if f.mode == "generate"]
        if gen_fields:
            raw = self._generate(plan, raw, state, options, stats)
        self.last_stats = stats
        return raw

    # ------------------------------------------------------------------ trunk
    def _trunk_view(self, t, state) -> _Trunk:
        ctx = state.hidden[t.context_index].to(torch.float32)            # [Tc, H]
        offsets = [(int(s), int(e)) for s, e in t.offsets.tolist()]
        h = self.heads
        return _Trunk(
            ids_len=int(t.ids.shape[0]), text=t.context, tokens=TokenMap(offsets), ctx=ctx,
            span_keys=h.span_keys(ctx), anchor_keys=h.anchor.k(ctx), anchor_u=h.anchor.u(ctx).squeeze(-1),
        )

    # ------------------------------------------------------------------ questions
    def _anchored(self, array: ArrayPlan, plan: FillPlan, trunk: _Trunk) -> bool:
        if self.config.array_mode != "anchor" or len(trunk.tokens) < self.config.anchor_min_tokens:
            return False
        return any(f.mode.startswith("extract.") and array.pointer in f.arrays for f in plan.fields)

    def _questions(self, plan: FillPlan, scope: Scope, trunk: _Trunk, options: FillOptions) -> list[Question]:
        inner = scope[-1].array.pointer if scope else None
        item_path = tuple((it.array.pointer, it.locator if it.locator is not None else it.index) for it in scope)
        out: list[Question] = []
        for f in plan.fields:
            if f.mode == "generate" or (f.arrays[-1] if f.arrays else None) != inner:
                continue
            concrete = _concrete(f.path, scope, anchored_as_star=False)
            shown = _concrete(f.path, scope, anchored_as_star=True)
            text = L.leaf_fork(f, shown, item_path)
            out.append(self._question("leaf", scope, concrete, text, field=f))
        for a in plan.arrays:
            if (a.arrays[-1] if a.arrays else None) != inner:
                continue
            concrete = _concrete(a.path, scope, anchored_as_star=False)
            shown = _concrete(a.path, scope, anchored_as_star=True)
            item_fields = tuple(a.fields)
            region = scope[-1].region if scope and scope[-1].region is not None else (0, len(trunk.tokens))
            if self._anchored(a, plan, trunk):
                out.append(self._question("anchor", scope, concrete,
                                          L.anchor_fork(a, shown, item_path, item_fields), array=a, region=region))
                if options.array_decode != "threshold":
                    out.append(self._question("count", scope, concrete,
                                              L.count_fork(a, shown, item_path, item_fields), array=a))
            else:
                out.append(self._question("count", scope, concrete,
                                          L.count_fork(a, shown, item_path, item_fields), array=a))
        return out

    def _question(self, kind, scope, pointer, text: L.ForkText, **kw) -> Question:
        pieces = [self._encode(line) for line in text.lines]
        ends, pos = [], 0
        for p in pieces:
            pos += int(p.shape[0])
            ends.append(pos - 1)
        ids = torch.cat(pieces)
        return Question(kind=kind, scope=scope, pointer=pointer, ids=ids, answer=ends[-1],
                        options=[ends[i] for i in text.option_lines], **kw)

    def _encode(self, line: str) -> torch.Tensor:
        """Token ids of one fork line. Lines repeat across fields and requests (`KIND ...`,
        `ANSWER:`, option lines), so their ids are cached: a plain memo of a pure function."""
        ids = self._line_ids.get(line)
        if ids is None:
            if len(self._line_ids) >= LINE_CACHE:
                self._line_ids.clear()
            ids = self._line_ids[line] = self.layout.encode_fork(line)
        return ids

    # ------------------------------------------------------------------ forks
    def _run(self, state, questions: list[Question], stats) -> list[tuple[Question, tuple[torch.Tensor, torch.Tensor]]]:
        """Run questions as fork rows in micro-batches of at most `fork_token_budget` padded
        tokens (a single longer row runs alone) -> (a [H], o [n, H] | None) per question.

        Which rows share a micro-batch never changes a row's numbers (batch-invariant forks),
        so the budget only bounds memory."""
        out = []
        batch: list[Question] = []
        width = 0

        def flush():
            nonlocal batch, width
            if not batch:
                return
            res = self.backbone.fork(state, [q.ids for q in batch])
            for r, q in enumerate(batch):
                a = res.normed[r, q.answer].to(torch.float32).clone()
                o = res.normed[r, q.options].to(torch.float32).clone() if q.options else None
                out.append((q, (a, o)))
            stats["fork_rows"] += len(batch)
            stats["fork_tokens"] += sum(int(q.ids.shape[0]) for q in batch)
            batch, width = [], 0

        for q in questions:
            # The backbone pads each row to a multiple of FORK_GRID on its own, so the padded
            # tokens of a micro-batch are the sum of the rows' rounded lengths.
            n = _padded(int(q.ids.shape[0]))
            if batch and width + n > self.fork_token_budget:
                flush()
            batch.append(q)
            width += n
        flush()
        return out

    # ------------------------------------------------------------------ leaves
    def _decide_leaf(self, q: Question, ao, trunk: _Trunk, options: FillOptions) -> FieldOutcome:
        a, o = ao
        f, h = q.field, self.heads
        if f.mode == "decide.choice":
            logits = self._record(q, h.choice_logits(a, o))
            return choice_outcome(f, q.pointer, torch.softmax(logits.double(), -1).tolist())
        if f.mode == "decide.score":
            logits = self._record(q, h.score_logits(a, o))
            return score_outcome(f, q.pointer, torch.softmax(logits.double(), -1).tolist())
        if f.mode == "decide.noul":
            logits = self._record(q, h.noul_logits(a))
            return noul_outcome(f, q.pointer, float(torch.softmax(logits.double(), -1)[0]))
        bias = None
        item = next((it for it in reversed(q.scope) if it.anchor is not None), None)
        if item is not None:
            positions = torch.arange(len(trunk.tokens))
            bias = h.anchored_bias(positions, item.anchor, item.region[1])
        start, end = h.span_logits_from_keys(a, trunk.span_keys, bias)
        self._record(q, torch.stack([start, end]))
        ls, le, null_lp = log_probs(start, end)
        kind = _CANDIDATE_KIND.get(f.mode) or _CANDIDATE_KIND.get(f.format or "")
        if kind is not None:
            scored = typed_scores(ls, le, trunk.tokens, _candidates(kind, trunk.text))
        else:
            scored = plain_scores(ls, le, trunk.tokens, trunk.text)
        margin = options.null_margin if options.null_margin is not None else self.default_null_margin
        return pick_extract(f, q.pointer, trunk.text, scored, null_lp, null_margin=margin,
                            date_order=options.date_order, default_offset=options.default_offset)

    def _record(self, q: Question, logits: torch.Tensor) -> torch.Tensor:
        """Keep a question's raw head output when `record_heads` is on (tests compare them
        with `torch.equal`); keyed by fork kind and concrete pointer."""
        if self.record_heads:
            self.last_heads[f"{q.kind}:{q.pointer}"] = logits.detach().clone()
        return logits

    def _record_count(self, q: Question, logits: torch.Tensor) -> torch.Tensor:
        if self.record_heads:
            self.last_heads[f"count:{q.pointer}"] = logits.detach().clone()
        return logits

    # ------------------------------------------------------------------ arrays
    def _items(self, q: Question, ao, count_ao, trunk: _Trunk, options: FillOptions) -> list[Item]:
        a_plan = q.array
        if q.kind == "count":
            lo, hi = count_bounds(a_plan.min_items, a_plan.max_items, options.max_items)
            n = decode_count(self._record(q, self.heads.count_logits(ao[0])), lo, hi)
            return [Item(a_plan, i) for i in range(n)]
        r0, r1 = q.region
        logits = self._record(q, self.heads.anchor_logits_from_keys(ao[0], trunk.anchor_keys[r0:r1],
                                                                    trunk.anchor_u[r0:r1]))        # [R]
        count = saturated = None
        if count_ao is not None:
            # An anchored array's count ranges up to MAX_COUNT (no index-mode cap of 32).
            lo, hi = count_bounds(a_plan.min_items, a_plan.max_items, options.max_items, anchored=True)
            count = decode_count(self._record_count(q, self.heads.count_logits(count_ao[0])), lo, hi)
            saturated = count == hi
        cap = a_plan.max_items if a_plan.max_items is not None else options.max_items
        anchors = [r0 + t for t in decode_anchors(options.array_decode, logits, min_items=a_plan.min_items,
                                                  cap=cap, count=count, saturated=bool(saturated))]
        items = []
        for k, anchor in enumerate(anchors):
            end = anchors[k + 1] if k + 1 < len(anchors) else r1
            last = min(anchor + LOCATOR_TOKENS, end) - 1
            locator = trunk.text[trunk.tokens.offsets[anchor][0]:trunk.tokens.offsets[last][1]]
            items.append(Item(a_plan, k, anchor=anchor, region=(anchor, end), locator=" ".join(locator.split())))
        return items

    # ------------------------------------------------------------------ generate
    def _generate(self, plan: FillPlan, raw: RawFill, state, options: FillOptions, stats) -> RawFill:
        order = _leaf_order(plan)
        known = [(o.pointer, o.value) for o in sorted(raw.fields, key=order)
                 if o.mode != "generate" and _known(o, plan)]
        self.backbone.extend(state, self.layout.encode_fork(L.known_values_block(known)))
        rows: list[GenerateRow] = []
        for f, pointer, item_path in _generate_instances(plan, raw):
            ids = torch.cat([self._encode(line) for line in L.generate_header(f, pointer, item_path)]
                            + [self.layout.generation_opener()])
            budget = f.max_tokens or options.max_new_tokens
            rows.append(GenerateRow(f, pointer, ids, budget))
        results = generate_rows(self.backbone, self.layout, state, rows, options)
        gen = []
        total = 0
        for row, (text, n) in zip(rows, results):
            gen.append(generate_outcome(row.field, row.pointer, text, n))
            total += n
        stats["generated_tokens"] = total
        merged = sorted(list(raw.fields) + gen, key=order)
        return RawFill(fields=merged, arrays=raw.arrays, prompt_tokens=raw.prompt_tokens, generated_tokens=total)


# ---------------------------------------------------------------------- helpers
_CANDIDATE_CACHE: dict[tuple[str, str], list[tuple[int, int]]] = {}


def _candidates(kind: str, text: str) -> list[tuple[int, int]]:
    key = (kind, hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())
    hit = _CANDIDATE_CACHE.get(key)
    if hit is None:
        if len(_CANDIDATE_CACHE) > 64:
            _CANDIDATE_CACHE.clear()
        hit = _CANDIDATE_CACHE[key] = find_candidates(kind, text)
    return hit


def _padded(n: int) -> int:
    return -(-n // FORK_GRID) * FORK_GRID


def _concrete(path: tuple[str, ...], scope: Scope, *, anchored_as_star: bool) -> str:
    segments: list[str | int] = []
    k = 0
    for seg in path:
        if seg == "*" and k < len(scope):
            item = scope[k]
            k += 1
            segments.append("*" if anchored_as_star and item.anchor is not None else item.index)
        else:
            segments.append(seg)
    return pointer_of(segments)


def _generate_instances(plan: FillPlan, raw: RawFill):
    """(field, concrete pointer, item path) of every generate leaf in surviving items."""
    arrays = {a.pointer: a for a in plan.arrays}
    counts = {a.pointer: a.items for a in raw.arrays}
    for f in plan.fields:
        if f.mode != "generate":
            continue
        for indices in _index_tuples(f, counts, plan):
            scope_path = []
            segs: list[str | int] = []
            k = 0
            for seg in f.path:
                if seg == "*":
                    segs.append(indices[k])
                    k += 1
                else:
                    segs.append(seg)
            ptr = pointer_of(segs)
            for depth, arr_ptr in enumerate(f.arrays):
                scope_path.append((arr_ptr, indices[depth]))
            yield f, ptr, tuple(scope_path)


def _index_tuples(f: FieldPlan, counts: dict[str, int], plan: FillPlan):
    """Every combination of item indices for the arrays enclosing f, from the arrays' outcomes."""
    results: list[tuple[int, ...]] = [()]
    for depth, arr_ptr in enumerate(f.arrays):
        arr = next(a for a in plan.arrays if a.pointer == arr_ptr)
        nxt = []
        for prefix in results:
            segs: list[str | int] = []
            k = 0
            for seg in arr.path:
                if seg == "*":
                    segs.append(prefix[k])
                    k += 1
                else:
                    segs.append(seg)
            n = counts.get(pointer_of(segs), 0)
            nxt += [prefix + (i,) for i in range(n)]
        results = nxt
    return results


def _known(outcome: FieldOutcome, plan: FillPlan) -> bool:
    """Is this outcome a value of the response? (An omitted optional leaf is not; a nullable
    leaf's null is, as it appears in the value.)"""
    return outcome.found or plan.field_at(outcome.plan_pointer).on_null == "null"


def _leaf_order(plan: FillPlan):
    """A sort key putting outcomes in leaf order: depth-first, schema order, items by index
    (`/items/0/name`, `/items/0/price`, `/items/1/name`, ...), as the value reads."""
    rank: dict[tuple[str, ...], int] = {}
    for i, f in enumerate(plan.fields):
        for depth in range(1, len(f.path) + 1):
            rank.setdefault(f.path[:depth], i)
    paths = {f.pointer: f.path for f in plan.fields}

    def key(outcome: FieldOutcome) -> tuple[tuple[int, int], ...]:
        path = paths[outcome.plan_pointer]
        concrete = outcome.pointer.split("/")[1:]
        return tuple((rank[path[:d + 1]], int(concrete[d]) if seg == "*" else 0)
                     for d, seg in enumerate(path))
    return key
