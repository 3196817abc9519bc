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
  workers, rounded up, at most `max_batch`) and opens no window. Jobs that queued while the previous batch ran are taken at once (their
  window has already passed), so a backlog drains in full batches, not one by one.
- The window adapts to load (`current_window_s`), at most `window_s`: the batcher keeps an
  exponential average of the gap between arrivals. Sparse arrivals (a gap at least the
  window) wait not at all: a companion is unlikely, so waiting would only add latency.
  Denser arrivals wait as long as the rest of a full batch is expected to take to arrive
  (gap x free slots), capped by `window_s`. Before two arrivals the window is `window_s`.
- Batches keep arrival order, and results go back to the job that asked.
- At most `max_pending` jobs wait (running jobs do not count); one more raises `Overloaded`
  immediately instead of queueing without bound, so callers can shed load (429).
- A job whose slot holds an exception fails alone; if `fill_many` raises or returns the
  wrong number of results, every job of that batch fails with that error.
- A job whose caller went away (its future cancelled) before its batch starts is skipped.

Admission: `submit(job, deadline_s=...)` refuses a job at once (`Overloaded`, with
`retry_after_s`) when the wait ahead of it, `estimate_wait_s()`, is longer than the time its
caller will wait. Jobs queued together start together (a batch takes up to `max_batch` of
them), so a job waits for what the soonest-free worker's batch has left of its own estimate
(nothing when a worker is idle) plus one full batch for every `max_batch` x workers jobs queued
ahead of it, a full batch costing `max_batch` times the recent time per job (an exponential average over batches of batch seconds / jobs in the batch,
weight `EMA_WEIGHT` on the newest). Before the first batch there is no per-job figure and every
job is admitted; a queue full to `max_pending` is refused regardless.

`close()` stops accepting (`Draining`), lets accepted jobs finish, then stops the worker.
"""
from __future__ import annotations

import asyncio
import logging
import math
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Sequence

from services.inference.runner import Runner

log = logging.getLogger("deg.inference.batcher")


EMA_WEIGHT = 0.3  # weight of the newest batch in the per-job time estimate
GAP_WEIGHT = 0.2  # weight of the newest gap between arrivals in the window's load estimate


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


@dataclass(frozen=True)
class BatcherStats:
    queue_depth: int
    batches_run: int
    jobs_run: int
    jobs_failed: int
    jobs_rejected: int

    @property
    def mean_batch_size(self) -> float:
        return self.jobs_run / self.batches_run if self.batches_run else 0.0


@dataclass
class _Queued:
    job: Any
    future: asyncio.Future
    enqueued: float       # loop.time() at submit


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
        self._queue: asyncio.Queue[_Queued] | None = None
        self._workers: list[asyncio.Task] = []
        self._executor: ThreadPoolExecutor | None = None
        self._accepting = False
        self._batches_run = 0
        self._jobs_run = 0
        self._jobs_failed = 0
        self._jobs_rejected = 0
        self._per_job_s: float | None = None   # recent seconds per job (EMA over batches)
        self._running: dict[int, tuple[float, int]] = {}   # worker -> (started, jobs) of its batch
        self._last_arrival: float | None = None
        self._gap_s: float | None = None        # recent seconds between arrivals (EMA)

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        if self._workers:
            raise RuntimeError("batcher already started")
        self._queue = asyncio.Queue()
        self._executor = ThreadPoolExecutor(max_workers=len(self.runners), thread_name_prefix="deg-runtime")
        self._accepting = True
        self._workers = [asyncio.create_task(self._run(i), name=f"deg-batcher-{i}") for i in range(len(self.runners))]

    async def close(self, timeout_s: float | None = None) -> None:
        """Refuse new jobs, finish accepted ones (up to `timeout_s`), stop the workers."""
        self._accepting = False
        if not self._workers:
            return
        try:
            await asyncio.wait_for(self._queue.join(), timeout_s)
        except asyncio.TimeoutError:
            log.warning("shutdown grace over with %d jobs still queued; failing them", self._queue.qsize())
        for worker in self._workers:
            worker.cancel()
        for worker in self._workers:
            try:
                await worker
            except asyncio.CancelledError:
                pass
        while not self._queue.empty():
            item = self._queue.get_nowait()
            if not item.future.done():
                item.future.set_exception(Draining("the inference service shut down before this job ran"))
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
            self._gap_s = gap if self._gap_s is None else GAP_WEIGHT * gap + (1 - GAP_WEIGHT) * self._gap_s
        self._last_arrival = now

    def estimate_wait_s(self) -> float:
        """Seconds until a job queued now would start: what the soonest-free worker's batch has
        left of its estimate (0 with a worker idle), plus a full batch per `max_batch` x
        workers jobs queued ahead (0 before any batch)."""
        if self._per_job_s is None or self._queue is None:
            return 0.0
        workers = len(self.runners)
        wait = (self._queue.qsize() // (self.max_batch * workers)) * self.max_batch * self._per_job_s
        running = list(self._running.values())
        if len(running) >= workers:
            now = time.perf_counter()
            wait += min(max(0.0, jobs * self._per_job_s - (now - since)) for since, jobs in running)
        return wait

    async def submit(self, job: Any, deadline_s: float | None = None) -> Completed:
        """Queue `job`, wait for its batch, return its outcome or raise its exception.

        `deadline_s`: how long the caller will wait (None: no limit). A job that could not
        start within it is refused at once with `Overloaded`."""
        if not self._accepting:
            raise Draining("the inference service is shutting down")
        wait = self.estimate_wait_s()
        retry_after = math.ceil(wait) if wait > 0 else 1
        if self._queue.qsize() >= self.max_pending:
            self._jobs_rejected += 1
            raise Overloaded(f"inference queue is full ({self.max_pending} jobs waiting); retry in {retry_after} s",
                             retry_after)
        if deadline_s is not None and wait > deadline_s:
            self._jobs_rejected += 1
            raise Overloaded(
                f"the {self._queue.qsize()} jobs queued ahead need about {wait:.1f} s, longer than this "
                f"request's deadline of {deadline_s:.1f} s; retry in {retry_after} s or allow a longer timeout",
                retry_after,
            )
        loop = asyncio.get_running_loop()
        item = _Queued(job=job, future=loop.create_future(), enqueued=loop.time())
        self._arrived(item.enqueued)
        self._queue.put_nowait(item)
        return await item.future

    def stats(self) -> BatcherStats:
        return BatcherStats(
            queue_depth=self._queue.qsize() if self._queue is not None else 0,
            batches_run=self._batches_run,
            jobs_run=self._jobs_run,
            jobs_failed=self._jobs_failed,
            jobs_rejected=self._jobs_rejected,
        )

    # -- the worker --------------------------------------------------------------------------

    async def _collect(self) -> list[_Queued]:
        """Wait for a first job, then gather companions until the window closes or the batch is
        full. With several workers a batch takes only its share of what is queued (queued /
        workers, rounded up) and never waits for companions: rows of one batch run on one
        worker's thread, so spreading the queue over the workers is what uses every core."""
        loop = asyncio.get_running_loop()
        batch = [await self._queue.get()]
        workers = len(self.runners)
        if workers > 1:
            share = min(self.max_batch, math.ceil((1 + self._queue.qsize()) / workers))
            while len(batch) < share and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            return batch
        deadline = batch[0].enqueued + self.current_window_s(self.max_batch - 1 - self._queue.qsize())
        while len(batch) < self.max_batch:
            if not self._queue.empty():
                batch.append(self._queue.get_nowait())
                continue
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            try:
                batch.append(await asyncio.wait_for(self._queue.get(), remaining))
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
        self._running[worker] = (wall, len(jobs))
        try:
            results = await loop.run_in_executor(self._executor, self.runners[worker].fill_many, jobs)
            results = list(results)
            if len(results) != len(jobs):
                raise RuntimeError(f"runtime returned {len(results)} results for {len(jobs)} jobs")
        except Exception as exc:  # the whole call failed: every job in it shares the error
            log.exception("runtime batch of %d jobs failed", len(jobs))
            results = [exc] * len(jobs)
        run_ms = (time.perf_counter() - wall) * 1000.0
        self._running.pop(worker, None)
        per_job = run_ms / 1000.0 / len(jobs)
        self._per_job_s = per_job if self._per_job_s is None else (
            EMA_WEIGHT * per_job + (1 - EMA_WEIGHT) * self._per_job_s)
        self._batches_run += 1
        self._jobs_run += len(jobs)
        for item, result in zip(batch, results):
            if item.future.done():  # the caller gave up while the batch ran
                continue
            if isinstance(result, BaseException):
                self._jobs_failed += 1
                item.future.set_exception(result)
            else:
                queue_ms = (started - item.enqueued) * 1000.0
                item.future.set_result(Completed(result, len(batch), queue_ms, run_ms))
