"""Group fills that arrive close together into one runtime call (contract 9.1, 12.2).

One model, one worker: the runtime gets at most one `fill_many` call at a time, in a
dedicated thread so the event loop keeps answering (health checks, new arrivals) while a
batch runs. Batching rules:

- The first queued job opens a window of `window_s`; jobs arriving inside it join the batch,
  up to `max_batch`. Jobs that queued while the previous batch ran are taken at once (their
  window has already passed), so a backlog drains in full batches, not one by one.
- Batches keep arrival order, and results go back to the job that asked.
- At most `max_pending` jobs wait (running jobs do not count); one more raises `Overloaded`
  immediately instead of queueing without bound, so callers can shed load (429).
- A job whose slot holds an exception fails alone; if `fill_many` raises or returns the
  wrong number of results, every job of that batch fails with that error.
- A job whose caller went away (its future cancelled) before its batch starts is skipped.

`close()` stops accepting (`Draining`), lets accepted jobs finish, then stops the worker.
"""
from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from services.inference.runner import Runner

log = logging.getLogger("deg.inference.batcher")


class Overloaded(Exception):
    """The queue already holds `max_pending` jobs."""


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
    def __init__(self, runner: Runner, *, window_s: float, max_batch: int, max_pending: int) -> None:
        if window_s < 0 or max_batch < 1 or max_pending < 1:
            raise ValueError(
                f"need window_s >= 0, max_batch >= 1, max_pending >= 1; got {window_s}, {max_batch}, {max_pending}"
            )
        self.runner = runner
        self.window_s = window_s
        self.max_batch = max_batch
        self.max_pending = max_pending
        self._queue: asyncio.Queue[_Queued] | None = None
        self._worker: asyncio.Task | None = None
        self._executor: ThreadPoolExecutor | None = None
        self._accepting = False
        self._batches_run = 0
        self._jobs_run = 0
        self._jobs_failed = 0
        self._jobs_rejected = 0

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        if self._worker is not None:
            raise RuntimeError("batcher already started")
        self._queue = asyncio.Queue()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deg-runtime")
        self._accepting = True
        self._worker = asyncio.create_task(self._run(), name="deg-batcher")

    async def close(self, timeout_s: float | None = None) -> None:
        """Refuse new jobs, finish accepted ones (up to `timeout_s`), stop the worker."""
        self._accepting = False
        if self._worker is None:
            return
        try:
            await asyncio.wait_for(self._queue.join(), timeout_s)
        except asyncio.TimeoutError:
            log.warning("shutdown grace over with %d jobs still queued; failing them", self._queue.qsize())
        self._worker.cancel()
        try:
            await self._worker
        except asyncio.CancelledError:
            pass
        while not self._queue.empty():
            item = self._queue.get_nowait()
            if not item.future.done():
                item.future.set_exception(Draining("the inference service shut down before this job ran"))
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._worker = None

    async def __aenter__(self) -> "Batcher":
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    # -- submitting --------------------------------------------------------------------------

    async def submit(self, job: Any) -> Completed:
        """Queue `job`, wait for its batch, return its outcome or raise its exception."""
        if not self._accepting:
            raise Draining("the inference service is shutting down")
        if self._queue.qsize() >= self.max_pending:
            self._jobs_rejected += 1
            raise Overloaded(f"inference queue is full ({self.max_pending} jobs waiting); retry later")
        loop = asyncio.get_running_loop()
        item = _Queued(job=job, future=loop.create_future(), enqueued=loop.time())
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
        """Wait for a first job, then gather companions until the window closes or the batch is full."""
        loop = asyncio.get_running_loop()
        batch = [await self._queue.get()]
        deadline = batch[0].enqueued + self.window_s
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

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            batch = await self._collect()
            try:
                live = [item for item in batch if not item.future.done()]
                if live:
                    await self._execute(loop, live)
            finally:
                for _ in batch:
                    self._queue.task_done()

    async def _execute(self, loop: asyncio.AbstractEventLoop, batch: list[_Queued]) -> None:
        started = loop.time()
        jobs = [item.job for item in batch]
        wall = time.perf_counter()
        try:
            results = await loop.run_in_executor(self._executor, self.runner.fill_many, jobs)
            results = list(results)
            if len(results) != len(jobs):
                raise RuntimeError(f"runtime returned {len(results)} results for {len(jobs)} jobs")
        except Exception as exc:  # the whole call failed: every job in it shares the error
            log.exception("runtime batch of %d jobs failed", len(jobs))
            results = [exc] * len(jobs)
        run_ms = (time.perf_counter() - wall) * 1000.0
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
