"""fill / fill_many: a compiled FillPlan + a context -> raw outcomes (contract 7, 12.1-12.3, 12.6).

One request:
1. **Read once** (`trunk`). The trunk (prefix + rendered context + "\\n") is prefilled once;
   the heads' context-side projections are computed once per trunk.
2. **Parallel phase, in rounds** (`questions`, `asking`, `rounds`). Round 0 asks
   every leaf outside arrays and every top-level array's count or anchor question; each later
   round asks the leaves and nested-array questions of the items the previous round found.
   Every question is a fork row of the trunk, run in micro-batches of at most
   `fork_token_budget` padded tokens; a row's numerics never depend on the other rows, so a
   field's outcome is the same alone, reordered, in a bigger schema or beside other requests.
3. **Drops** of items whose required values are missing (`deg.response.apply_drops`): the
   survivors are renumbered, their fork outputs untouched.
4. **Generate phase** (`generate_phase`, `generate`). The KNOWN VALUES block extends the trunk
   state once; every generate field forks that state with only its own header, and all of
   them decode together under their length/pattern constraints.

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
- Contexts longer than one window (the trained positions less room for fork rows, or the
  runtime's `window_tokens`) are read as a windowed trunk (`windows.py`): each round runs
  window after window, one window resident at a time (prefilled, asked every question placed
  in it as fork rows of its state, decoded, dropped), and the outcomes merged by head scores.
  A windowed run's rows therefore run apart from the other jobs' micro-batches, with the same
  bits (rows are batch-invariant). A context that fits one window takes the one-trunk path unchanged. A context over
  the memory budget (`max_context_tokens`) is refused with `ContextTooLarge` before any work.
- A job's `progress` callable (`jobs.Progress`) hears of its context tokens read (after its
  trunk, or each window first read) and its leaves decided, round by round.
- A runtime given a `TrunkCache` keeps every trunk it reads (`trunk_cache.py`), keyed by
  its trunk identity and the context: a later fill over the same context, whatever its
  schema, reuses it with no tokenizing and no prefill (`cached_tokens` = its prompt tokens),
  and two jobs of one batch over the same context read it once. Outcomes are bitwise a cold
  fill's. A job's `no_cache` skips the lookup, `no_store` the keeping.
- A caller watches a fill through an `Observer` it passes in (`hooks.py`: every question's raw
  head output and every job's token counts, per job; every leaf before it is scored);
  `last_stats` holds the token counts of the last fill (of its last job).
- The windowed path asks and decodes with the same public pieces: `asker` (questions ->
  answers) and `decoder` (answers -> outcomes, scored in `deg_model.scoring`).
"""
from __future__ import annotations

import copy
import dataclasses
import math
from typing import Sequence

import torch

from deg.outcomes import RawFill
from deg.parsers.dates import document_date_order
from deg.plan import FillPlan
from deg.request import FillOptions
from deg.response import apply_drops

from ..backbone import Backbone
from ..checkpoint import CheckpointConfig
from ..heads import Heads
from ..lora import LoraAdapters
from ..scoring import PRIOR_KINDS, ScoringSettings
from ..settings import DEFAULT_MAX_CONTEXT_TOKENS
from ..tokenize import PromptLayout
from .arrays import LOCATOR_TOKENS
from .asking import Asker
from .cost import work_tokens
from .decide import Candidates, LeafReader
from .forks import FORK_TOKEN_BUDGET
from .generate_phase import generate_phase
from .hooks import Observer
from .jobs import FillJob, JobRun, guard
from .prior import LmPrior
from .questions import Answer, Item, Question, QuestionBuilder
from .rounds import RoundDecoder, absorb
from .trunk import read_trunk
from .trunk_cache import TrunkCache, private_state
from .windows import WindowedTrunk, Windowing, read_windows, windowed_round

# Item, Question and LOCATOR_TOKENS are also read from here by the training example builder.
__all__ = ["FORK_TOKEN_BUDGET", "LOCATOR_TOKENS", "FillJob", "Item", "Observer", "Question", "Runtime"]


class Runtime:
    """A loaded model: backbone + heads + scoring settings + prompt layout. Thread-compatible,
    not thread-safe: one thread per runtime; more threads each take a `replica()`."""

    def __init__(self, backbone: Backbone, heads: Heads, config: CheckpointConfig,
                 *, fork_token_budget: int = FORK_TOKEN_BUDGET, default_null_margin: float = 0.0,
                 adapters: LoraAdapters | None = None, max_context_tokens: int = DEFAULT_MAX_CONTEXT_TOKENS,
                 window_tokens: int | None = None, fork_room: int | None = None,
                 trunk_cache: TrunkCache | None = None):
        if heads.hidden != backbone.spec.hidden_size:
            raise ValueError(f"heads expect hidden size {heads.hidden}, backbone has {backbone.spec.hidden_size}")
        if fork_token_budget < 1:
            raise ValueError(f"fork_token_budget must be >= 1 padded token, got {fork_token_budget}")
        if not math.isfinite(default_null_margin):
            raise ValueError(f"default_null_margin must be a finite number of nats, got {default_null_margin}")
        if adapters is not None:
            adapters.check_backbone(backbone)
        self.backbone, self.heads, self.config = backbone, heads, config
        # The score terms' weights and switches (`deg_model.scoring`), the checkpoint's.
        self.scoring: ScoringSettings = config.scoring
        # LoRA (contract 12.7): fork rows run their head's adapter, the trunk a context adapter if any.
        self.adapters = adapters
        self.layout = PromptLayout.for_family(backbone.family.name, backbone.tokenizer)
        self._build_questions()
        self.fork_token_budget = fork_token_budget
        if max_context_tokens < 1 or (window_tokens is not None and window_tokens < 2):
            raise ValueError(f"max_context_tokens must be >= 1 and window_tokens >= 2, got "
                             f"{max_context_tokens} and {window_tokens}")
        # Long contexts (`windows.py`): the memory budget and how contexts are cut into windows.
        self.windowing = Windowing(max_context_tokens, window_tokens, fork_room)
        self.default_null_margin = default_null_margin
        # Trunks kept across fills (`trunk_cache.py`); None: every fill reads its context.
        self.trunk_cache = trunk_cache
        self.last_stats: dict[str, int] = {}

    def replica(self) -> "Runtime":
        """A sibling for another worker thread: the same backbone, heads, adapters, scoring
        settings and trunk cache (weights are read-only and shared, the cache is thread-safe),
        its own tokenizer, LM-prior reader, candidate memo and `last_stats`. Replicas answer
        bitwise alike: every kernel is a pure function of its inputs. `set_scoring` changes the
        runtime it is called on only."""
        twin = copy.copy(self)
        # A fast tokenizer's settings are mutated by each call (truncation, padding), so two
        # threads must not share one: the replica tokenizes with its own copy.
        twin.layout = PromptLayout.for_family(self.backbone.family.name, copy.deepcopy(self.layout.tokenizer))
        twin._build_questions()
        twin.last_stats = {}
        return twin

    def _build_questions(self) -> None:
        """Question building for the current scoring settings: the head kinds whose prior
        weight is not zero carry the LM prior's rows (`prior.py`)."""
        kinds = frozenset(k for k in PRIOR_KINDS if self.scoring.uses_prior(k))
        self.questions = QuestionBuilder(self.layout, self.config, kinds, self.backbone.embedding)
        self.prior = LmPrior(self.backbone, self.questions.prior) if kinds else None
        self.candidates = Candidates()

    def set_scoring(self, settings: ScoringSettings) -> None:
        """Serve with other scoring settings (a fit trying weights) and rebuild questions."""
        self.scoring = settings
        self._build_questions()

    @property
    def asker(self) -> Asker:
        """Questions -> fork rows -> answers, with this runtime's backbone, adapters and prior."""
        return Asker(self.backbone, self.adapters, self.fork_token_budget, self.prior)

    @property
    def decoder(self) -> RoundDecoder:
        """Answers -> outcomes, with this runtime's heads, scoring settings and prior."""
        return RoundDecoder(LeafReader(self.heads, self.scoring, self.prior, self.candidates), self.questions,
                            self.default_null_margin)

    @property
    def model_id(self) -> str:
        return self.config.model_id

    @property
    def aliases(self) -> list[str]:
        return list(self.config.aliases)

    # ------------------------------------------------------------------ public
    def fill_many(self, jobs: Sequence[FillJob], *, observer: Observer | None = None) -> list[RawFill | Exception]:
        """Every job's outcome, or its own exception: one failing job fails only itself.
        Rows of all jobs share fork micro-batches and decode steps (bitwise as `fill`)."""
        runs = [JobRun.of(job, observer) for job in jobs]
        self._run_all(runs, observer)
        return [r.error if r.error is not None else r.raw for r in runs]

    def fill(self, context: str, plan: FillPlan, options: FillOptions | None = None, *,
             observer: Observer | None = None) -> RawFill:
        run = JobRun.of(FillJob(context, plan, options or FillOptions()), observer)
        self._run_all([run], observer)
        if run.error is not None:
            raise run.error
        return run.raw

    def _run_all(self, runs: list[JobRun], observer: Observer | None) -> None:
        with torch.inference_mode():
            self._fill_runs(runs)
        for run in runs:
            self._usage(run)
        if runs:
            self.last_stats = runs[-1].stats
        if observer is not None:
            observer.heads = [r.heads if r.heads is not None else {} for r in runs]
            observer.stats = [r.stats for r in runs]

    def work_tokens(self, job: FillJob) -> int:
        """The job's size in tokens before it runs (`cost.py`): what admission weighs it by."""
        return work_tokens(self, job)

    # ------------------------------------------------------------------ lockstep driver
    def _fill_runs(self, runs: list[JobRun]) -> None:
        """Drive every run to a RawFill or an exception; rows of all runs share batches."""
        for run in runs:
            if run.error is None:
                guard(run, self._start, run)
        while True:
            asking = [r for r in runs if r.go_on()]       # a round boundary: cancelled runs end here
            entries: list[tuple[JobRun, Question]] = []
            for run in asking:
                questions = guard(run, self._round_questions, run)
                if questions is not None:
                    entries += [(run, q) for q in questions]
            if not entries:
                break
            # A windowed run's round runs window by window on its own (`windows.windowed_round`:
            # one window resident at a time); rows are batch-invariant, so its bits are those
            # it would get sharing micro-batches with the other runs.
            windowed = [r for r in asking if r.live and isinstance(r.trunk, WindowedTrunk)]
            for run in windowed:
                guard(run, windowed_round, self, run, [q for r, q in entries if r is run])
            apart = {id(r) for r in windowed}
            entries = [(r, q) for r, q in entries if id(r) not in apart]
            for run in asking:
                if id(run) not in apart:
                    run.report(sum(q.kind == "leaf" for r, q in entries if r is run))
            per_run: dict[int, list[tuple[Question, Answer]]] = {}
            for (run, q), answer in zip(entries, self.asker.answers(entries)):
                if isinstance(answer, Exception):
                    if run.error is None:
                        run.error = answer
                    continue
                per_run.setdefault(id(run), []).append((q, answer))
            for run in asking:
                if run.error is None and id(run) not in apart:
                    guard(run, self._decode, run, per_run.get(id(run), []))
            if self.prior is not None:
                self.prior.forget()
        for run in runs:
            if run.live:
                guard(run, self._finish_parallel, run)
            if run.error is None and run.shared_state and any(f.mode == "generate" for f in run.plan.fields):
                run.state = private_state(run.state)     # KNOWN VALUES must not extend a kept trunk
        generate_phase(self.backbone, self.layout, self.questions,
                       [r for r in runs if r.error is None and r.raw is not None], adapters=self.adapters)
        for run in runs:
            if run.error is None and run.raw is not None:
                run.report()

    @property
    def trunk_identity(self) -> tuple:
        """What a trunk depends on besides its context (the trunk cache's key with it)."""
        bb = self.backbone
        return (self.config.model_id, bb.source, self.config.backbone_sha256, str(bb.dtype), str(bb.device),
                bb.spec.max_positions, self.windowing)

    def _start(self, run: JobRun) -> None:
        run.check()
        # No decode named: the checkpoint's. No day/month order: the document's dates, where they prove it.
        order = document_date_order(run.context) if run.options.date_order is None else run.options.date_order
        run.options = run.options.model_copy(update={
            "array_decode": run.options.array_decode or self.config.array_decode, "date_order": order})
        cache = self.trunk_cache
        key = cache.key(self.trunk_identity, run.context) if cache is not None else None
        kept = cache.get(key) if key is not None and not run.no_cache else None
        if kept is not None:                              # read before: no tokenizing, no prefill
            run.state, run.trunk, run.shared_state = kept.state, kept.trunk, True
            run.stats["prompt_tokens"] = run.stats["cached_tokens"] = kept.tokens
            if kept.windows:
                run.stats["windows"] = kept.windows
            run.tokens_read = run.tokens_total = len(kept.trunk.tokens)
            run.report()
            return
        self._read(run)
        if key is None or run.no_store:
            return
        if isinstance(run.trunk, WindowedTrunk):
            # Kept whole only when it would fit the cache: its windows then stay resident through
            # the parallel phase and are kept after it (`_finish_parallel`); a longer context
            # streams, one window at a time, and is not kept.
            item = torch.empty((), dtype=self.backbone.dtype).element_size()
            per_token = self.backbone.spec.kv_bytes_per_token(self.backbone.dtype) + self.backbone.spec.hidden_size * item
            if run.trunk.ids_len * per_token <= cache.max_bytes:
                run.trunk.keep, run.cache_key = True, key
            return
        run.shared_state = cache.put(key, run.state, run.trunk, run.trunk.ids_len, 0) is not None

    def _read(self, run: JobRun) -> None:
        """Prefill the run's trunk: one trunk, or windows when the context is longer than one."""
        trunk_ids = self.layout.trunk(run.context)
        self.windowing.check(trunk_ids)                   # ContextTooLarge before any work
        width = self.windowing.width(self.backbone.spec.max_positions, trunk_ids)
        run.tokens_total = int(trunk_ids.context_index.numel())
        if run.tokens_total <= width:
            run.state = self.backbone.prefill(trunk_ids.ids, adapters=self.adapters)
            run.trunk = read_trunk(self.backbone, self.heads, trunk_ids, run.state)
            run.tokens_read = run.tokens_total
            run.report()
        else:
            # Windowed trunk: windows are read as rounds ask them; the generate phase continues
            # the first window (`_finish_parallel`).
            run.trunk = read_windows(self.backbone, self.heads, trunk_ids, width, adapters=self.adapters)
            run.stats["windows"] = len(run.trunk.windows)
        run.stats["prompt_tokens"] = run.trunk.ids_len

    def _round_questions(self, run: JobRun) -> list[Question]:
        return [q for scope in run.scopes for q in self.questions.questions(run.plan, scope, run.trunk, run.options)]

    def _decode(self, run: JobRun, answers: list[tuple[Question, Answer]]) -> None:
        """Decode one round's answers of a one-trunk run; its next round asks the items found."""
        decoded = self.decoder.decode(run.plan, answers, run.trunk, run.options, observer=run.observer,
                                      heads_out=run.heads)
        absorb(run, [q for q, _ in answers], decoded)

    @staticmethod
    def _usage(run: JobRun) -> None:
        """The run's token counts in its outcome (`usage.cached_tokens`, `usage.fork_tokens`)."""
        if run.error is None and run.raw is not None:
            run.raw = dataclasses.replace(run.raw, cached_tokens=run.stats["cached_tokens"],
                                          fork_tokens=run.stats["fork_tokens"])

    def _finish_parallel(self, run: JobRun) -> None:
        if isinstance(run.trunk, WindowedTrunk) and run.cache_key is not None:
            self._keep_windows(run)
        if isinstance(run.trunk, WindowedTrunk) and any(f.mode == "generate" for f in run.plan.fields):
            run.state = run.trunk.first_state()
        run.raw = apply_drops(run.plan, RawFill(fields=run.fields_out, arrays=run.arrays_out,
                                                prompt_tokens=run.stats["prompt_tokens"], generated_tokens=0))

    def _keep_windows(self, run: JobRun) -> None:
        """Keep a windowed trunk whole in the trunk cache (every window read), or, when the
        cache refuses it, drop its windows as a streamed run would."""
        whole = run.trunk
        for w in whole.windows:
            whole.open(w)
        kept = self.trunk_cache.put(run.cache_key, whole.windows[0].state, whole, whole.ids_len, len(whole.windows))
        run.cache_key = None
        if kept is not None:
            run.shared_state = True
            return
        whole.keep = False
        for w in whole.windows:
            whole.close(w)
