"""Group fills that arrive close together into one runtime call (contract 9.1, 12.2).

One model, one or more workers: each worker is a runtime replica (`Runtime.replica`: shared
weights and trunk cache, its own tokenizer and per-call state) that gets at most one
`fill_many` call at a time, in its own thread, so the event loop keeps answering (health
checks, new arrivals) while batches run. On a CPU, one worker per core group
(`DEG_RUNTIME_WORKERS` x `DEG_RUNTIME_THREADS` = the cores) is what lets load use every core:
a fill's Python and small kernels keep one thread busy but not two, and every replica answers
bitwise alike, so which worker takes a job never changes its answer. Batching rules:

- The first queued job opens a window; jobs arriving inside it join the batch, up to
  `max_batch`. With several workers, a batch takes its share of the queue at once (queued /
  workers, rounded up, at most `max_batch`) and opens no window. Jobs that queued while the
  previous batch ran are taken at once, so a backlog drains in full batches, not one by one.
- The window adapts to load (`current_window_s`), at most `window_s`: the batcher keeps an
  exponential average of the gap between arrivals. Sparse arrivals (a gap at least the
  window) wait not at all: a companion is unlikely, so waiting would only add latency.
  Denser arrivals wait as long as the rest of a full batch is expected to take to arrive
  (gap x free slots), capped by `window_s`. Before two arrivals the window is `window_s`, and
  an arrival after a quiet spell (a gap over `QUIET_S`) starts the figure again, as on a fresh
  service: a burst after minutes of sparse fills gathers its first batch in a full window (a
  lone fill after a quiet spell pays `window_s`, 5 ms by default) instead of running its first
  arrival alone while the rest of the burst fills the queue to `max_pending` and is refused.
- Batches keep arrival order, and results go back to the job that asked.
- At most `max_pending` jobs wait (running jobs do not count); one more raises `Overloaded`
  immediately instead of queueing without bound, so callers can shed load (429).
- A job whose slot holds an exception fails alone; if `fill_many` raises or returns the
  wrong number of results, every job of that batch fails with that error.
- A job whose caller went away (its future cancelled) before its batch starts is skipped;
  one whose caller goes away while its batch runs has its `stop` event set, which the runtime
  reads as the job's `cancelled` (`deg_model.runtime.jobs`): the job ends at its next round
  or window boundary, the rest of its batch runs on. Both count as cancelled (`stats`), with
  the rounds and window reads the runtime had spent on them.

Admission (`admission.py`): `submit(job, deadline_s=...)` refuses a job at once (`Overloaded`,
with `retry_after_s`) when the queue is full, or when the wait ahead of it, `estimate_wait_s()`,
is longer than the time its caller will wait. The wait is the work ahead in tokens (each job
weighed by the runner's `work_tokens(job)`, from its own size) times the seconds per token
measured over past batches; `Completed.queue_estimate_ms` is that estimate, beside the
observed `queue_ms`, so an operator can see whether it holds.

`close(timeout_s)` stops accepting (`Draining`) and lets accepted jobs finish for up to
`timeout_s`; then it fails the jobs still queued (`Draining`), cancels the running ones (they
end at their next round or window boundary) and waits for their batches for at most
`cancel_wait_s`, then stops the workers. A runtime step still in progress after that is
abandoned (`abandoned` is True), never waited for.
"""
from __future__ import annotations

import asyncio
import logging
import math
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Sequence

from deg_model.errors import FillCancelled
from services.inference.admission import Backlog, Running, WorkRate, retry_after_s
from services.inference.runner import Runner

log = logging.getLogger("deg.inference.batcher")


GAP_WEIGHT = 0.2      # weight of the newest gap between arrivals in the window's load estimate
QUIET_S = 2.0         # a gap between arrivals longer than this starts the load estimate again
CANCEL_WAIT_S = 2.0   # after the grace, how long cancelled batches get to reach a round boundary


class Overloaded(Exception):
    """The queue is full, or the wait ahead outlasts the job's deadline; retry after `retry_after_s`."""

    def __init__(self, message: str, retry_after_s: int = 1) -> None:
        super().__init__(message)
        self.retry_after_s = max(1, int(retry_after_s))


class Draining(Exception):
    """The service is shutting down and takes no new jobs."""


@dataclass(frozen=True)
class Completed:
    raw: Any              # what the runtime returned for this job (a RawFill)
    batch_size: int       # jobs in the runtime call this one was part of
    queue_ms: float       # submit -> batch start
    run_ms: float         # the runtime call
    queue_estimate_ms: float = 0.0   # the wait estimated at admission (0: no rate measured yet)


@dataclass(frozen=True)
class BatcherStats:
    queue_depth: int
    batches_run: int
    jobs_run: int
    jobs_failed: int
    jobs_rejected: int
    jobs_cancelled: int = 0       # callers gone (queued or running) or stopped by a shutdown
    cancelled_rounds: int = 0     # rounds the runtime had run of jobs then cancelled
    cancelled_windows: int = 0    # window reads the runtime had made for them
    seconds_per_token: float = 0.0   # the measured rate (0 before the first batch)
    wait_estimate_s: float = 0.0     # the wait of a job queued now
    jobs_running: int = 0            # jobs in the batches running now

    @property
    def mean_batch_size(self) -> float:
        return self.jobs_run / self.batches_run if self.batches_run else 0.0


@dataclass
class _Queued:
    job: Any
    future: asyncio.Future
    enqueued: float       # loop.time() at submit
    tokens: float = 1.0   # the job's size (`work_tokens`)
    estimate_s: float = 0.0
    stop: threading.Event = field(default_factory=threading.Event)


class Batcher:
    def __init__(self, runner: Runner | Sequence[Runner], *, window_s: float, max_batch: int,
                 max_pending: int) -> None:
        """`runner`: one runner, or one per worker (replicas answering alike)."""
        runners = list(runner) if isinstance(runner, (list, tuple)) else [runner]
        if window_s < 0 or max_batch < 1 or max_pending < 1 or not runners:
            raise ValueError(
                f"need window_s >= 0, max_batch >= 1, max_pending >= 1 and a runner; got {window_s}, "
                f"{max_batch}, {max_pending}, {len(runners)} runners"
            )
        self.runners = runners
        self.runner = runners[0]
        self.window_s = window_s
        self.max_batch = max_batch
        self.max_pending = max_pending
        self.rate = WorkRate()
        self._size = getattr(self.runner, "work_tokens", None)   # None: every job weighs 1
        self._queue: asyncio.Queue[_Queued] | None = None
        self._workers: list[asyncio.Task] = []
        self._executor: ThreadPoolExecutor | None = None
        self._accepting = False
        self._counts = dict.fromkeys(("batches_run", "jobs_run", "jobs_failed", "jobs_rejected", "jobs_cancelled",
                                      "cancelled_rounds", "cancelled_windows"), 0)
        self._queued_tokens = 0.0
        self._running: dict[int, tuple[float, list[_Queued]]] = {}   # worker -> (started, its batch)
        self._last_arrival: float | None = None
        self._gap_s: float | None = None        # recent seconds between arrivals (EMA)
        self.abandoned = False                  # close() left a runtime step running

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        if self._workers:
            raise RuntimeError("batcher already started")
        self._queue = asyncio.Queue()
        self._executor = ThreadPoolExecutor(max_workers=len(self.runners), thread_name_prefix="deg-runtime")
        self._accepting = True
        self._workers = [asyncio.create_task(self._run(i), name=f"deg-batcher-{i}") for i in range(len(self.runners))]

    async def close(self, timeout_s: float | None = None, cancel_wait_s: float = CANCEL_WAIT_S) -> None:
        """Refuse new jobs, let accepted ones finish for up to `timeout_s`, then cancel what is
        left (module docstring) and stop the workers."""
        self._accepting = False
        if not self._workers:
            return
        try:
            await asyncio.wait_for(self._queue.join(), timeout_s)
        except asyncio.TimeoutError:
            log.warning("shutdown grace over: failing %d queued jobs, cancelling %d running", self._queue.qsize(),
                        len(self._running_items()))
            while not self._queue.empty():
                item = self._take(self._queue.get_nowait())
                self._cancel(item)
                if not item.future.done():
                    item.future.set_exception(Draining("the inference service shut down before this job ran"))
                self._queue.task_done()
            for item in self._running_items():
                self._cancel(item)
            try:
                await asyncio.wait_for(self._queue.join(), cancel_wait_s)
            except asyncio.TimeoutError:
                log.warning("a runtime step is still running after the cancellation; abandoning it")
        self.abandoned = bool(self._running)
        for worker in self._workers:
            worker.cancel()
        for worker in self._workers:
            try:
                await worker
            except asyncio.CancelledError:
                pass
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._workers = []

    async def __aenter__(self) -> "Batcher":
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    # -- submitting --------------------------------------------------------------------------

    def current_window_s(self, free_slots: int | None = None) -> float:
        """How long a new batch waits for companions under the recent load (module docstring)."""
        if self._gap_s is None:
            return self.window_s
        if self._gap_s >= self.window_s:
            return 0.0
        slots = self.max_batch - 1 if free_slots is None else free_slots
        return min(self.window_s, self._gap_s * max(slots, 0))

    def _arrived(self, now: float) -> None:
        if self._last_arrival is not None:
            gap = now - self._last_arrival
            if gap > QUIET_S:
                self._gap_s = None                  # after a quiet spell, as on a fresh service
            else:
                self._gap_s = gap if self._gap_s is None else GAP_WEIGHT * gap + (1 - GAP_WEIGHT) * self._gap_s
        self._last_arrival = now

    def backlog(self) -> Backlog:
        """The work queued and running now (`admission.Backlog`)."""
        now = time.perf_counter()
        running = tuple(Running(now - since, sum(item.tokens for item in batch))
                        for since, batch in self._running.values())
        return Backlog(self._queue.qsize() if self._queue is not None else 0, self._queued_tokens, running,
                       len(self.runners), self.max_batch)

    def estimate_wait_s(self) -> float:
        """Seconds until a job queued now would start (`admission.Backlog.wait_s`)."""
        return self.backlog().wait_s(self.rate)

    async def submit(self, job: Any, deadline_s: float | None = None, stop: threading.Event | None = None) -> Completed:
        """Queue `job`, wait for its batch, return its outcome or raise its exception.

        `deadline_s`: how long the caller will wait (None: no limit). A job that could not
        start within it is refused at once with `Overloaded`. `stop`: the event the job's
        `cancelled` reads; set when the caller goes away (this call cancelled) or at shutdown."""
        if not self._accepting:
            raise Draining("the inference service is shutting down")
        wait = self.estimate_wait_s()
        if self._queue.qsize() >= self.max_pending:
            self._counts["jobs_rejected"] += 1
            retry = retry_after_s(wait)
            raise Overloaded(f"inference queue is full ({self.max_pending} jobs waiting); retry in {retry} s", retry)
        if deadline_s is not None and wait > deadline_s:
            self._counts["jobs_rejected"] += 1
            retry = retry_after_s(wait, deadline_s)
            raise Overloaded(
                f"the {self._queue.qsize()} jobs queued ahead need about {wait:.1f} s, longer than this "
                f"request's deadline of {deadline_s:.1f} s; retry in {retry} s or allow a longer timeout", retry)
        loop = asyncio.get_running_loop()
        size = float(self._size(job)) if self._size is not None else 1.0
        item = _Queued(job, loop.create_future(), loop.time(), size, wait, stop or threading.Event())
        self._arrived(item.enqueued)
        self._queued_tokens += item.tokens
        self._queue.put_nowait(item)
        try:
            return await item.future
        except asyncio.CancelledError:   # the caller went away: skipped if queued, stopped if running
            self._cancel(item)
            raise

    def _cancel(self, item: _Queued) -> None:
        if not item.stop.is_set():
            item.stop.set()
            self._counts["jobs_cancelled"] += 1

    def _running_items(self) -> list[_Queued]:
        return [item for _, batch in list(self._running.values()) for item in batch]

    def _take(self, item: _Queued) -> _Queued:
        """`item` leaves the queue (its tokens no longer wait)."""
        self._queued_tokens = self._queued_tokens - item.tokens if not self._queue.empty() else 0.0
        return item

    def stats(self) -> BatcherStats:
        backlog = self.backlog()
        return BatcherStats(backlog.queued_jobs, **self._counts, seconds_per_token=self.rate.seconds_per_token or 0.0,
                            wait_estimate_s=backlog.wait_s(self.rate), jobs_running=len(self._running_items()))

    # -- the worker --------------------------------------------------------------------------

    async def _collect(self) -> list[_Queued]:
        """Wait for a first job, then gather companions until the window closes or the batch is
        full. With several workers a batch takes only its share of what is queued (queued /
        workers, rounded up) and never waits for companions: rows of one batch run on one
        worker's thread, so spreading the queue over the workers is what uses every core."""
        loop = asyncio.get_running_loop()
        batch = [self._take(await self._queue.get())]
        workers = len(self.runners)
        if workers > 1:
            share = min(self.max_batch, math.ceil((1 + self._queue.qsize()) / workers))
            while len(batch) < share and not self._queue.empty():
                batch.append(self._take(self._queue.get_nowait()))
            return batch
        deadline = batch[0].enqueued + self.current_window_s(self.max_batch - 1 - self._queue.qsize())
        while len(batch) < self.max_batch:
            if not self._queue.empty():
                batch.append(self._take(self._queue.get_nowait()))
                continue
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            try:
                batch.append(self._take(await asyncio.wait_for(self._queue.get(), remaining)))
            except asyncio.TimeoutError:
                break
        return batch

    async def _run(self, worker: int) -> None:
        loop = asyncio.get_running_loop()
        while True:
            batch = await self._collect()
            try:
                live = [item for item in batch if not item.future.done()]
                if live:
                    await self._execute(loop, worker, live)
            finally:
                for _ in batch:
                    self._queue.task_done()

    async def _execute(self, loop: asyncio.AbstractEventLoop, worker: int, batch: list[_Queued]) -> None:
        started = loop.time()
        jobs = [item.job for item in batch]
        wall = time.perf_counter()
        self._running[worker] = (wall, batch)
        try:
            results = await loop.run_in_executor(self._executor, self.runners[worker].fill_many, jobs)
            results = list(results)
            if len(results) != len(jobs):
                raise RuntimeError(f"runtime returned {len(results)} results for {len(jobs)} jobs")
        except Exception as exc:  # the whole call failed: every job in it shares the error
            log.exception("runtime batch of %d jobs failed", len(jobs))
            results = [exc] * len(jobs)
        run_s = time.perf_counter() - wall
        self._running.pop(worker, None)
        # The rate counts the work that ran: a failed job mostly failed before its work, and a
        # batch with a cancelled job did part of that job's work, so it teaches nothing.
        cancelled = [r for r in results if isinstance(r, FillCancelled)]
        ran = [item.tokens for item, result in zip(batch, results) if not isinstance(result, BaseException)]
        if ran and not cancelled:
            self.rate.record(sum(ran), run_s)
        self._counts["batches_run"] += 1
        self._counts["jobs_run"] += len(jobs)
        self._counts["cancelled_rounds"] += sum(r.rounds for r in cancelled)
        self._counts["cancelled_windows"] += sum(r.windows for r in cancelled)
        for item, result in zip(batch, results):
            if item.future.done():  # the caller gave up while the batch ran
                continue
            if isinstance(result, BaseException):
                self._counts["jobs_failed"] += 1
                item.future.set_exception(result)
            else:
                queue_ms = (started - item.enqueued) * 1000.0
                item.future.set_result(Completed(result, len(batch), queue_ms, run_s * 1000.0,
                                                 item.estimate_s * 1000.0))
