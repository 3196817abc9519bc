"""The `deg.v1.Inference` gRPC servicer: decode, admit, batch, encode, and map failures.

`classify` turns an exception into a gRPC status code (for `Fill`) and a per-job status (for
`FillBatch`) through the one error table, `degproto.errors.ROWS` (shared with the gateway,
which maps the same rows to HTTP): too long / over the memory budget -> OUT_OF_RANGE,
`deg.FillError` -> FAILED_PRECONDITION, bad input (`InvalidJob`, `deg.SchemaError`,
`deg.RequestError`, other `ValueError`) -> INVALID_ARGUMENT, `Overloaded` -> RESOURCE_EXHAUSTED
(with `retry-after-s` trailing metadata), `Draining` -> UNAVAILABLE, anything else -> INTERNAL
(logged with its traceback).

A runtime's `ValueError` counts as bad input because runtimes raise it for jobs they cannot
run as given (e.g. an option the backbone does not support); real faults are other types.

Admission: `Fill` hands the batcher the time the caller allows the job to wait before it
starts: the call's remaining gRPC deadline, or the `admit-within-s` metadata when that is
shorter (a deadline the gateway computed from the work, which bounds the wait, not the run);
a job that could not start within it is refused at once with RESOURCE_EXHAUSTED and a
Retry-After computed from the queue, instead of queueing to be cut off later.

Cancellation: a call whose caller goes away (the gateway cancels it when its HTTP client
disconnects) is cancelled by gRPC; the batcher then skips its job, or, when it runs, sets the
job's stop event, which the runtime reads at its next round or window boundary.

Progress (`FillStream`): the same job as `Fill`, carrying a progress callable that the runtime
calls on its worker thread; each `Progress` is handed to the event loop and streamed as a
`FillEvent`, then the result closes the stream. A server-streaming call rather than a side
channel (a store both sides poll): the progress travels on the very call whose result it
announces, so it reaches the gateway that owns the job whichever backend the balancer chose,
needs no shared store or job id in this service, costs nothing when nobody asks for it
(`Fill`), and ends with the call: a worker that dies ends its stream (UNAVAILABLE), which is
how the caller learns the job is lost.
"""
from __future__ import annotations

import asyncio
import dataclasses
import logging
import threading
import uuid
from dataclasses import dataclass
from typing import Any

import grpc

from degproto.errors import ADMIT_WITHIN_KEY, RETRY_AFTER_KEY, row_for_exception
from services.inference.batcher import Batcher
from services.inference.codec import failed_result, job_from_pb, ok_result
from services.inference.runner import Runner

log = logging.getLogger("deg.inference")


@dataclass(frozen=True)
class Failure:
    code: grpc.StatusCode
    job_status: str       # JobStatus enum name
    message: str
    metadata: tuple[tuple[str, str], ...] = ()


def classify(exc: BaseException) -> Failure:
    row = row_for_exception(exc)
    metadata: tuple[tuple[str, str], ...] = ()
    if row.kind == "fill_error":
        message = f"fill failed: {exc}"
    elif row.kind == "too_long":
        message = f"{type(exc).__name__}: {exc}"
    elif row.kind == "internal":
        log.error("internal error in a fill", exc_info=exc)
        message = f"internal error: {type(exc).__name__}: {exc}"
    else:
        message = str(exc)
    if row.kind == "overloaded":
        metadata = ((RETRY_AFTER_KEY, str(getattr(exc, "retry_after_s", 1))),)
    return Failure(row.code, row.job_status, message, metadata)


def _progress_event(pb2: Any, p: Any) -> Any:
    """A runtime `Progress` as a `FillEvent`."""
    return pb2.FillEvent(progress=pb2.FillProgress(tokens_read=p.tokens_read, tokens_total=p.tokens_total,
                                                   fields_done=p.fields_done, fields_total=p.fields_total))


def admission_deadline(context: grpc.aio.ServicerContext) -> float | None:
    """Seconds this call's job may wait to start: the remaining gRPC deadline, or the caller's
    `admit-within-s` when shorter; None when neither is set (no limit)."""
    limits = [context.time_remaining()]
    for key, value in context.invocation_metadata() or ():
        if key == ADMIT_WITHIN_KEY:
            try:
                limits.append(float(value))
            except ValueError:
                pass  # a malformed hint is ignored: the gRPC deadline still holds
    limits = [limit for limit in limits if limit is not None]
    return min(limits) if limits else None


class InferenceServicer:
    """Implements the methods of `deg.v1.Inference` (registered by name, no generated base)."""

    def __init__(self, pb2: Any, runner: Runner, batcher: Batcher) -> None:
        self.pb2 = pb2
        self.runner = runner
        self.batcher = batcher
        self.served_names = frozenset([runner.model_id, *runner.aliases])
        self.draining = False

    async def _fill_one(self, message: Any, deadline_s: float | None = None, progress=None) -> Any:
        """Run one job; return its FillResult or raise the job's exception. `progress`: called
        (on the runtime's thread) with the job's `Progress` while it runs."""
        request_id = message.request_id or uuid.uuid4().hex
        stop = threading.Event()     # set by the batcher when the caller goes away or at shutdown
        job = dataclasses.replace(job_from_pb(message, self.served_names), progress=progress, cancelled=stop.is_set)
        done = await self.batcher.submit(job, deadline_s=deadline_s, stop=stop)
        return ok_result(self.pb2, request_id, self.runner.model_id, done)

    async def Fill(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            return await self._fill_one(request, admission_deadline(context))
        except Exception as exc:
            failure = classify(exc)
            await context.abort(failure.code, failure.message, trailing_metadata=failure.metadata)

    async def FillStream(self, request: Any, context: grpc.aio.ServicerContext):
        """`Fill` with the job's progress streamed before its result (module docstring)."""
        loop, events = asyncio.get_running_loop(), asyncio.Queue()
        pb2 = self.pb2

        def progress(p: Any) -> None:       # the runtime's worker thread
            loop.call_soon_threadsafe(events.put_nowait, p)

        job = asyncio.ensure_future(self._fill_one(request, admission_deadline(context), progress))
        try:
            while not job.done():
                getter = asyncio.ensure_future(events.get())
                await asyncio.wait({job, getter}, return_when=asyncio.FIRST_COMPLETED)
                if not getter.done():
                    getter.cancel()
                    break
                p = getter.result()
                yield _progress_event(pb2, p)
            while not events.empty():       # what the runtime reported just before it returned
                p = events.get_nowait()
                yield _progress_event(pb2, p)
            try:
                result = await job
            except Exception as exc:
                failure = classify(exc)
                await context.abort(failure.code, failure.message, trailing_metadata=failure.metadata)
                return
            yield pb2.FillEvent(result=result)
        finally:
            if not job.done():              # the caller went away: a queued job is skipped
                job.cancel()

    async def FillBatch(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        deadline_s = admission_deadline(context)

        async def one(message: Any) -> Any:
            try:
                return await self._fill_one(message, deadline_s)
            except Exception as exc:
                failure = classify(exc)
                status = self.pb2.JobStatus.Value(failure.job_status)
                return failed_result(self.pb2, message.request_id, self.runner.model_id, status, failure.message)

        results = await asyncio.gather(*(one(m) for m in request.jobs))
        return self.pb2.FillBatchReply(results=results)

    async def ListModels(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        return self.pb2.ListModelsReply(model_id=self.runner.model_id, aliases=list(self.runner.aliases))

    async def Health(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        stats = self.batcher.stats()
        pb2 = self.pb2
        return pb2.HealthReply(
            status=pb2.SERVING_STATUS_DRAINING if self.draining else pb2.SERVING_STATUS_SERVING,
            model_id=self.runner.model_id,
            queue_depth=stats.queue_depth,
            batches_run=stats.batches_run,
            jobs_run=stats.jobs_run,
            mean_batch_size=stats.mean_batch_size,
            jobs_rejected=stats.jobs_rejected,
            jobs_failed=stats.jobs_failed,
            max_batch=self.batcher.max_batch,
            max_pending=self.batcher.max_pending,
            batch_window_ms=self.batcher.window_s * 1000.0,
            jobs_cancelled=stats.jobs_cancelled,
            cancelled_rounds=stats.cancelled_rounds,
            cancelled_windows=stats.cancelled_windows,
            seconds_per_token=stats.seconds_per_token,
            wait_estimate_s=stats.wait_estimate_s,
            jobs_running=stats.jobs_running,
        )
