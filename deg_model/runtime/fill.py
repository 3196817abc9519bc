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
- `fill_many` runs its jobs in lockstep: every job's trunk is read once (batch 1 each), then
  each round's questions of ALL live jobs share the same fork micro-batches
  (`Backbone.fork_many`: projections on shared token tiles, attention and state per row
  against that row's own prefix), and the generate rows of all jobs decode together. A job
  with fewer rounds simply has no rows in the later ones. Per-job failures stay per job: a
  job whose questions, decoding or text limits fail gets its own exception; if the backbone
  fails on a shared micro-batch (or a shared decode run), the batch is re-run job by job so
  only the job that really fails gets the exception. Outcomes are bitwise those of `fill`.
  Every job's trunk state stays alive until the batch ends (each prefill still checks the
  memory free first, so an oversized batch fails jobs with `ContextMemoryError`, not the host).
- `record_heads = True` keeps every question's raw head output (`last_heads`, keyed
  `"<kind>:<concrete pointer>"`) so determinism can be checked with `torch.equal`;
  `last_stats` holds the token counts of the last fill; after `fill_many`, `last_job_heads`
  and `last_job_stats` hold them per job (the last job's also in `last_heads`/`last_stats`).
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
from ..state import State
from ..checkpoint import CheckpointConfig
from ..heads import Heads
from ..lora import LoraAdapters
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


@dataclass
class _JobRun:
    """One job's progress through `fill_many`: its trunk state, the scopes its next round asks,
    what it has decided so far, and its own exception slot."""
    context: object
    plan: object
    options: object
    stats: dict[str, int] = field(default_factory=lambda: {
        "prompt_tokens": 0, "fork_rows": 0, "fork_tokens": 0, "generated_tokens": 0})
    heads: dict[str, torch.Tensor] = field(default_factory=dict)
    state: State | None = None
    trunk: _Trunk | None = None
    scopes: list[Scope] = field(default_factory=lambda: [()])
    fields_out: list[FieldOutcome] = field(default_factory=list)
    arrays_out: list[ArrayOutcome] = field(default_factory=list)
    raw: RawFill | None = None
    error: Exception | None = None

    @property
    def live(self) -> bool:
        return self.error is None and self.raw is None


class Runtime:
    """A loaded model: backbone + heads + prompt layout. Thread-compatible, not thread-safe."""

    def __init__(self, backbone: Backbone, heads: Heads, config: CheckpointConfig,
                 *, fork_token_budget: int = FORK_TOKEN_BUDGET, default_null_margin: float = 0.0,
                 adapters: LoraAdapters | None = None):
        if heads.hidden != backbone.spec.hidden_size:
            raise ValueError(f"heads expect hidden size {heads.hidden}, backbone has {backbone.spec.hidden_size}")
        if fork_token_budget < 1:
            raise ValueError(f"fork_token_budget must be >= 1 padded token, got {fork_token_budget}")
        if not math.isfinite(default_null_margin):
            raise ValueError(f"default_null_margin must be a finite number of nats, got {default_null_margin}")
        if adapters is not None:
            adapters.check_backbone(backbone)
        self.backbone, self.heads, self.config = backbone, heads, config
        # LoRA (contract 12.7, lora-context base): decide/extract fork rows run their head's
        # adapter; the trunk and the generate rows run the base model.
        self.adapters = adapters
        self.layout = PromptLayout.for_family(backbone.family.name, backbone.tokenizer)
        self.fork_token_budget = fork_token_budget
        self.default_null_margin = default_null_margin
        self.last_stats: dict[str, int] = {}
        self.record_heads = False                       # keep raw head outputs in last_heads
        self.last_heads: dict[str, torch.Tensor] = {}
        self.last_job_heads: list[dict[str, torch.Tensor]] = []
        self.last_job_stats: list[dict[str, int]] = []
        self._recording: dict[str, torch.Tensor] = {}     # the job whose heads are being decoded
        self._line_ids: dict[str, torch.Tensor] = {}

    @property
    def model_id(self) -> str:
        return self.config.model_id

    @property
    def aliases(self) -> list[str]:
        return list(self.config.aliases)

    # ------------------------------------------------------------------ public
    def fill_many(self, jobs: Sequence[FillJob]) -> list[RawFill | Exception]:
        """Every job's outcome, or its own exception: one failing job fails only itself.
        Rows of all jobs share fork micro-batches and decode steps (bitwise as `fill`)."""
        runs = [_JobRun(getattr(job, "context", None), getattr(job, "plan", None), getattr(job, "options", None))
                for job in jobs]
        with torch.inference_mode():
            self._fill_runs(runs)
        self.last_job_heads = [r.heads for r in runs]
        self.last_job_stats = [r.stats for r in runs]
        if runs:
            self.last_heads, self.last_stats = runs[-1].heads, runs[-1].stats
        return [r.error if r.error is not None else r.raw for r in runs]

    def fill(self, context: str, plan: FillPlan, options: FillOptions | None = None) -> RawFill:
        run = _JobRun(context, plan, options or FillOptions())
        with torch.inference_mode():
            self._fill_runs([run])
        self.last_heads, self.last_stats = run.heads, run.stats
        self.last_job_heads, self.last_job_stats = [run.heads], [run.stats]
        if run.error is not None:
            raise run.error
        return run.raw

    # ------------------------------------------------------------------ lockstep driver
    def _fill_runs(self, runs: list[_JobRun]) -> None:
        """Drive every run to a RawFill or an exception; rows of all runs share batches."""
        for run in runs:
            self._guard(run, self._start, run)
        while True:
            asking = [r for r in runs if r.live and r.scopes]
            entries: list[tuple[_JobRun, Question]] = []
            for run in asking:
                questions = self._guard(run, self._round_questions, run)
                if questions is not None:
                    entries += [(run, q) for q in questions]
            if not entries:
                break
            answers = self._run_entries(entries)
            per_run: dict[int, list] = {}
            for (run, q), ao in zip(entries, answers):
                if isinstance(ao, Exception):
                    if run.error is None:
                        run.error = ao
                    continue
                per_run.setdefault(id(run), []).append((q, ao))
            for run in asking:
                if run.error is None:
                    self._guard(run, self._absorb, run, per_run.get(id(run), []))
        for run in runs:
            if run.live:
                self._guard(run, self._finish_parallel, run)
        self._generate_all([r for r in runs if r.error is None and r.raw is not None])

    @staticmethod
    def _guard(run: _JobRun, fn, *args):
        """Call fn; an exception becomes the run's own outcome (isolated by contract)."""
        try:
            return fn(*args)
        except Exception as exc:          # noqa: BLE001 - isolated per job by contract
            run.error = exc
            return None

    def _start(self, run: _JobRun) -> None:
        context, plan, options = run.context, run.plan, run.options
        if not isinstance(context, str):
            raise TypeError(f"context must be the rendered context string, got {type(context).__name__}")
        if not isinstance(plan, FillPlan):
            raise TypeError(f"plan must be a compiled deg.FillPlan, got {type(plan).__name__}")
        if not isinstance(options, FillOptions):
            raise TypeError(f"options must be deg.request.FillOptions, got {type(options).__name__}")
        trunk_ids = self.layout.trunk(context)
        run.state = self.backbone.prefill(trunk_ids.ids)
        run.trunk = self._trunk_view(trunk_ids, run.state)
        run.stats["prompt_tokens"] = run.trunk.ids_len

    def _round_questions(self, run: _JobRun) -> list[Question]:
        return [q for scope in run.scopes for q in self._questions(run.plan, scope, run.trunk, run.options)]

    def _absorb(self, run: _JobRun, answers: list) -> None:
        """Decode one round's answers of a run; its next round asks the items found."""
        self._recording = run.heads
        plan, trunk, options = run.plan, run.trunk, run.options
        next_scopes: list[Scope] = []
        counts = {q.pointer: a for q, a in answers if q.kind == "count"}
        for q, a in answers:
            if q.kind == "leaf":
                run.fields_out.append(self._decide_leaf(q, a, trunk, options))
        for q, a in answers:
            if q.kind == "anchor" or (q.kind == "count" and not self._anchored(q.array, plan, trunk)):
                items = self._items(q, a, counts.get(q.pointer), trunk, options)
                run.arrays_out.append(ArrayOutcome(pointer=q.pointer, plan_pointer=q.array.pointer, items=len(items)))
                next_scopes += [q.scope + (item,) for item in items]
        run.scopes = next_scopes

    def _finish_parallel(self, run: _JobRun) -> None:
        run.raw = apply_drops(run.plan, RawFill(fields=run.fields_out, arrays=run.arrays_out,
                                                prompt_tokens=run.stats["prompt_tokens"], generated_tokens=0))

    # ------------------------------------------------------------------ trunk
    def _trunk_view(self, t, state) -> _Trunk:
        h = self.heads
        embedded = None
        if h.context != "hidden":
            embedded = self.backbone.family.embed(self.backbone.weights, t.ids[t.context_index].to(self.backbone.device))
        ctx = h.context_input(state.hidden[t.context_index], embedded)   # [Tc, C]
        offsets = [(int(s), int(e)) for s, e in t.offsets.tolist()]
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
        """One job's questions as fork rows -> (question, (a [H], o [n, H] | None)) each."""
        run = _JobRun(None, None, None, stats=stats, state=state)
        answers = self._run_entries([(run, q) for q in questions])
        for ao in answers:
            if isinstance(ao, Exception):
                raise ao
        return list(zip(questions, answers))

    def _run_entries(self, entries: list[tuple[_JobRun, Question]]) -> list:
        """Run (job, question) pairs as fork rows in micro-batches of at most
        `fork_token_budget` padded tokens (a single longer row runs alone), rows of several
        jobs side by side -> (a [H], o [n, H] | None) or an Exception per entry.

        Which rows share a micro-batch never changes a row's numbers (batch-invariant forks,
        each row against its own prefix), so the budget only bounds memory. If the backbone
        fails on a micro-batch holding several jobs, each job's rows are re-run alone, so a
        failure lands only on the job that causes it."""
        out: list = [None] * len(entries)
        batch: list[int] = []
        width = 0

        def flush():
            nonlocal batch, width
            if batch:
                self._fork_batch(entries, batch, out)
            batch, width = [], 0

        for k, (_, q) in enumerate(entries):
            # The backbone pads each row to a multiple of FORK_GRID on its own, so the padded
            # tokens of a micro-batch are the sum of the rows' rounded lengths.
            n = _padded(int(q.ids.shape[0]))
            if batch and width + n > self.fork_token_budget:
                flush()
            batch.append(k)
            width += n
        flush()
        return out

    def _fork_batch(self, entries, batch: list[int], out: list) -> None:
        parts: list[tuple[State, list[torch.Tensor]]] = []
        for k in batch:
            run, q = entries[k]
            if parts and parts[-1][0] is run.state:
                parts[-1][1].append(q.ids)
            else:
                parts.append((run.state, [q.ids]))
        lora = {}
        if self.adapters is not None:
            lora = dict(adapters=self.adapters,
                        row_adapters=[self.adapters.for_head(_head_kind(entries[k][1])) for k in batch])
        try:
            res = self.backbone.fork_many(parts, **lora)
        except Exception as exc:          # noqa: BLE001 - isolated per job below
            runs = {id(entries[k][0]): entries[k][0] for k in batch}
            if len(runs) == 1:
                for k in batch:
                    out[k] = exc
                return
            for key in runs:
                self._fork_batch(entries, [k for k in batch if id(entries[k][0]) == key], out)
            return
        for r, k in enumerate(batch):
            run, q = entries[k]
            a = res.normed[r, q.answer].to(torch.float32).clone()
            o = res.normed[r, q.options].to(torch.float32).clone() if q.options else None
            out[k] = (a, o)
            run.stats["fork_rows"] += 1
            run.stats["fork_tokens"] += int(q.ids.shape[0])

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
            self._recording[f"{q.kind}:{q.pointer}"] = logits.detach().clone()
        return logits

    def _record_count(self, q: Question, logits: torch.Tensor) -> torch.Tensor:
        if self.record_heads:
            self._recording[f"count:{q.pointer}"] = logits.detach().clone()
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
    def _generate_all(self, runs: list[_JobRun]) -> None:
        """The generate phase of every run with x-generate fields: each run's trunk is extended
        by its own KNOWN VALUES block, then the rows of all runs decode together."""
        rows: list[GenerateRow] = []
        owners: list[_JobRun] = []
        for run in runs:
            if not any(f.mode == "generate" for f in run.plan.fields):
                continue
            built = self._guard(run, self._generate_rows_of, run, len(owners))
            if built:
                rows += built
                owners += [run] * len(built)
        results = generate_rows(self.backbone, self.layout, rows)
        done: dict[int, list] = {}
        for row, run, result in zip(rows, owners, results):
            if isinstance(result, Exception):
                if run.error is None:
                    run.error = result
                continue
            done.setdefault(id(run), []).append((row, result))
        for run in runs:
            if run.error is None and id(run) in done:
                self._guard(run, self._merge_generated, run, done[id(run)])

    def _generate_rows_of(self, run: _JobRun, group: int) -> list[GenerateRow]:
        plan, raw, options = run.plan, run.raw, run.options
        order = _leaf_order(plan)
        known = [(o.pointer, o.value) for o in sorted(raw.fields, key=order)
                 if o.mode != "generate" and _known(o, plan)]
        self.backbone.extend(run.state, self.layout.encode_fork(L.known_values_block(known)))
        rows: list[GenerateRow] = []
        for f, pointer, item_path in _generate_instances(plan, raw):
            ids = torch.cat([self._encode(line) for line in L.generate_header(f, pointer, item_path)]
                            + [self.layout.generation_opener()])
            budget = f.max_tokens or options.max_new_tokens
            rows.append(GenerateRow(f, pointer, ids, budget, prefix=run.state,
                                    temperature=float(options.temperature or 0.0), seed=options.seed,
                                    group=group))
        return rows

    @staticmethod
    def _merge_generated(run: _JobRun, results: list) -> None:
        raw, order = run.raw, _leaf_order(run.plan)
        gen = [generate_outcome(row.field, row.pointer, text, n) for row, (text, n) in results]
        total = sum(n for _, (_, n) in results)
        run.stats["generated_tokens"] = total
        merged = sorted(list(raw.fields) + gen, key=order)
        run.raw = RawFill(fields=merged, arrays=raw.arrays, prompt_tokens=raw.prompt_tokens, generated_tokens=total)


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


def _head_kind(q: Question) -> str:
    """The head a question's fork row feeds: choice/score/noul (decide leaves), extract
    (extract leaves), count or anchor (array questions) — what picks its LoRA adapter."""
    if q.kind == "leaf":
        mode = q.field.mode
        return mode.split(".", 1)[1] if mode.startswith("decide.") else "extract"
    return q.kind


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
