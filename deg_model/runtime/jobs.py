"""One fill request of a batch (`FillJob`) and its progress through the lockstep driver.

`FillJob` is the runtime's one job type: its callers (the inference service, evaluation)
build it, and `Runtime.fill_many` runs a list of them. A job's exception is its own outcome: `guard`
turns an exception of any step of a job into that job's result, so the other jobs of the
batch run on.

Progress: a job may carry a `progress` callable; the driver calls it, on the runtime's own
thread, with a `Progress` each time the job has read more of its context (after its trunk,
or after each window of a windowed trunk is first read) and when each round's questions are
known and decided. It is advisory: a callable that raises is dropped (logged), the job runs on.

Cancellation: a job may carry a `cancelled` callable (true once nobody waits for the job any
more); the driver asks it at every round boundary (`JobRun.go_on`) and before every window a
windowed round reads, and a cancelled job ends there with `FillCancelled` as its outcome. The
other jobs of its batch run on: their rows never depend on which rows share a micro-batch.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable

import torch

from deg.outcomes import ArrayOutcome, FieldOutcome, RawFill
from deg.plan import FillPlan
from deg.request import FillOptions

from ..errors import FillCancelled
from ..state import State
from .hooks import Observer
from .questions import Scope
from .trunk import TrunkView

__all__ = ["FillJob", "JobRun", "Progress", "guard"]

log = logging.getLogger("deg.runtime")


@dataclass(frozen=True)
class Progress:
    """How far a job got: context tokens read of its total (each token counted once, however
    many windows hold it), and leaf outcomes decided of those known to be asked so far (the
    total grows as array items are found)."""
    tokens_read: int
    tokens_total: int
    fields_done: int
    fields_total: int


@dataclass(frozen=True)
class FillJob:
    context: str                  # the rendered context (deg.render_context)
    plan: FillPlan
    options: FillOptions
    no_cache: bool = False        # do not reuse a kept trunk of this context (a cold fill)
    no_store: bool = False        # do not keep this fill's trunk for later fills
    # Called with a `Progress` while the job runs (module docstring); never part of equality.
    progress: Callable[[Progress], None] | None = field(default=None, compare=False)
    # True once the job's caller went away (module docstring); never part of equality.
    cancelled: Callable[[], bool] | None = field(default=None, compare=False)


def _new_stats() -> dict[str, int]:
    return {"prompt_tokens": 0, "cached_tokens": 0, "fork_rows": 0, "fork_tokens": 0, "generated_tokens": 0}


@dataclass
class JobRun:
    """One job's progress through `fill_many`: its trunk state, the scopes its next round asks,
    what it has decided so far, and its own exception slot. `context`, `plan` and `options`
    are the job's as given: their types are checked by the job's first step, so a job of the
    wrong types fails only itself."""
    context: object
    plan: object
    options: object
    stats: dict[str, int] = field(default_factory=_new_stats)
    heads: dict[str, torch.Tensor] | None = None      # raw head outputs, when an observer records them
    observer: Observer | None = None
    state: State | None = None
    trunk: TrunkView | None = None
    scopes: list[Scope] = field(default_factory=lambda: [()])
    fields_out: list[FieldOutcome] = field(default_factory=list)
    arrays_out: list[ArrayOutcome] = field(default_factory=list)
    raw: RawFill | None = None
    error: Exception | None = None
    no_cache: bool = False
    no_store: bool = False
    shared_state: bool = False    # the state is a kept trunk's: extend a private copy only
    cache_key: str | None = None  # a windowed trunk to keep in the trunk cache after the parallel phase
    progress: Callable[[Progress], None] | None = None
    tokens_read: int = 0
    tokens_total: int = 0
    cancelled: Callable[[], bool] | None = None
    rounds: int = 0               # rounds this run asked questions in

    @classmethod
    def of(cls, job: FillJob, observer: Observer | None = None) -> "JobRun":
        """The run of a job, watched by `observer`; something that is not a job at all fails
        only its own run."""
        heads = {} if observer is not None and observer.record_heads else None
        try:
            context, plan, options = job.context, job.plan, job.options
        except AttributeError:
            return cls(None, None, None, heads=heads, observer=observer, error=TypeError(
                f"a job must be a FillJob (context, plan, options), got {type(job).__name__}"))
        return cls(context, plan, options, heads=heads, observer=observer,
                   no_cache=bool(getattr(job, "no_cache", False)), no_store=bool(getattr(job, "no_store", False)),
                   progress=getattr(job, "progress", None), cancelled=getattr(job, "cancelled", None))

    def report(self, pending_fields: int = 0) -> None:
        """Tell the job's progress callable where it stands (`pending_fields`: leaves being asked)."""
        if self.progress is None:
            return
        done = len(self.raw.fields) if self.raw is not None else len(self.fields_out)
        try:
            self.progress(Progress(self.tokens_read, self.tokens_total, done, done + pending_fields))
        except Exception:             # noqa: BLE001 - progress is advisory, the fill goes on
            log.warning("a progress callback failed; no more progress for this job", exc_info=True)
            self.progress = None

    @property
    def live(self) -> bool:
        return self.error is None and self.raw is None

    def go_on(self) -> bool:
        """At a round boundary: True when the run asks another round. A cancelled run ends here
        with `FillCancelled`, whether or not it had questions left."""
        if self.live and self.is_cancelled():
            self.error = self.cancellation()
        if not (self.live and self.scopes):
            return False
        self.rounds += 1
        return True

    def is_cancelled(self) -> bool:
        return self.cancelled is not None and bool(self.cancelled())

    def cancellation(self) -> FillCancelled:
        """The run's outcome when it is cancelled: how far it got."""
        return FillCancelled(self.rounds, self.stats.get("window_reads", 0))

    def check(self) -> None:
        """A clear TypeError naming the field of the wrong type."""
        if not isinstance(self.context, str):
            raise TypeError(f"context must be the rendered context string, got {type(self.context).__name__}")
        if not isinstance(self.plan, FillPlan):
            raise TypeError(f"plan must be a compiled deg.FillPlan, got {type(self.plan).__name__}")
        if not isinstance(self.options, FillOptions):
            raise TypeError(f"options must be deg.request.FillOptions, got {type(self.options).__name__}")


def guard(run: JobRun, fn, *args):
    """Call fn; an exception becomes the run's own outcome (isolated by contract)."""
    try:
        return fn(*args)
    except Exception as exc:          # noqa: BLE001 - isolated per job by contract
        run.error = exc
        return None
