"""The `deg.v1.Inference` gRPC servicer: decode, batch, encode, and map failures.

`classify` is the one place that turns an exception into a gRPC status code (for `Fill`) and a
per-job status (for `FillBatch`):

| exception | gRPC code | JobStatus |
| --- | --- | --- |
| `deg.FillError` (the runtime could not produce a valid fill) | FAILED_PRECONDITION | FILL_ERROR |
| `InvalidJob`, `deg.SchemaError`, `deg.RequestError`, other `ValueError` | INVALID_ARGUMENT | INVALID |
| `Overloaded` (queue full) | RESOURCE_EXHAUSTED | OVERLOADED |
| `Draining` (shutting down) | UNAVAILABLE | OVERLOADED |
| anything else | INTERNAL (logged with its traceback) | INTERNAL |

A runtime's `ValueError` counts as bad input because runtimes raise it for jobs they cannot
run as given (e.g. an option the backbone does not support); real faults are other types.
"""
from __future__ import annotations

import asyncio
import logging
import uuid
from dataclasses import dataclass
from typing import Any

import grpc

from deg.errors import FillError, RequestError, SchemaError
from services.inference.batcher import Batcher, Draining, Overloaded
from services.inference.codec import failed_result, job_from_pb, ok_result
from services.inference.runner import Runner

log = logging.getLogger("deg.inference")


@dataclass(frozen=True)
class Failure:
    code: grpc.StatusCode
    job_status: str       # JobStatus enum name
    message: str


def classify(exc: BaseException) -> Failure:
    if isinstance(exc, FillError):
        return Failure(grpc.StatusCode.FAILED_PRECONDITION, "JOB_STATUS_FILL_ERROR", f"fill failed: {exc}")
    if isinstance(exc, Overloaded):
        return Failure(grpc.StatusCode.RESOURCE_EXHAUSTED, "JOB_STATUS_OVERLOADED", str(exc))
    if isinstance(exc, Draining):
        return Failure(grpc.StatusCode.UNAVAILABLE, "JOB_STATUS_OVERLOADED", str(exc))
    if isinstance(exc, (SchemaError, RequestError, ValueError)):
        return Failure(grpc.StatusCode.INVALID_ARGUMENT, "JOB_STATUS_INVALID", str(exc))
    log.error("internal error in a fill", exc_info=exc)
    return Failure(grpc.StatusCode.INTERNAL, "JOB_STATUS_INTERNAL", f"internal error: {type(exc).__name__}: {exc}")


class InferenceServicer:
    """Implements the methods of `deg.v1.Inference` (registered by name, no generated base)."""

    def __init__(self, pb2: Any, runner: Runner, batcher: Batcher) -> None:
        self.pb2 = pb2
        self.runner = runner
        self.batcher = batcher
        self.served_names = frozenset([runner.model_id, *runner.aliases])
        self.draining = False

    async def _fill_one(self, message: Any) -> Any:
        """Run one job; return its FillResult or raise the job's exception."""
        request_id = message.request_id or uuid.uuid4().hex
        job = job_from_pb(message, self.served_names)
        done = await self.batcher.submit(job)
        return ok_result(self.pb2, request_id, self.runner.model_id, done)

    async def Fill(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            return await self._fill_one(request)
        except Exception as exc:
            failure = classify(exc)
            await context.abort(failure.code, failure.message)

    async def FillBatch(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        async def one(message: Any) -> Any:
            try:
                return await self._fill_one(message)
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
        )
