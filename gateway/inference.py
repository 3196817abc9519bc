"""The gateway's side of the `deg.v1.Inference` contract.

One gRPC channel for all backends: gRPC resolves the target (an address list or a DNS name)
and spreads calls over every ready backend with `round_robin`; a backend that goes away is
skipped and reconnected in the background with a short backoff, so a restarted inference
process is back in rotation within a few seconds.

The plan goes out as typed messages (`degproto.convert`: its leaves and arrays, no schema
copy, no JSON text) with the fingerprint the gateway compiled, which the inference service
checks; the outcomes come back as a `deg.RawFill`.

Failures of the inference call become `ApiError`s through the one error table,
`degproto.errors.ROWS` (the same rows the inference service classifies exceptions with):
OUT_OF_RANGE (context too long / over the memory budget) 413, INVALID_ARGUMENT 422,
RESOURCE_EXHAUSTED 429 with the service's `Retry-After`, FAILED_PRECONDITION (FillError) 500,
UNAVAILABLE 503, DEADLINE_EXCEEDED 504 (the message names the deadline and where it came
from), anything else 502.
"""
from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Any

import grpc

import degproto
from deg.outcomes import RawFill
from deg.plan import FillPlan
from deg.request import FillOptions
from degproto.convert import options_to_pb, plan_to_pb, raw_from_pb, runtime_fingerprint
from degproto.errors import ADMIT_WITHIN_KEY, RETRY_AFTER_KEY, row_for_code
from gateway.errors import ApiError

# Reconnect quickly after a backend restart instead of gRPC's default (1 s growing to 120 s).
CHANNEL_OPTIONS = [
    ("grpc.lb_policy_name", "round_robin"),
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.min_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 1000),
    ("grpc.max_receive_message_length", 64 * 1024 * 1024),
    ("grpc.max_send_message_length", 64 * 1024 * 1024),
    # The gateway talks to its own backends; proxies from the environment would only get in the way.
    ("grpc.enable_http_proxy", 0),
]
MODELS_TTL_S = 30.0  # how long the model list is trusted before asking again


@dataclass(frozen=True)
class FillReply:
    raw: RawFill
    model_id: str
    batch_size: int
    queue_ms: float
    run_ms: float
    queue_estimate_ms: float = 0.0   # the wait the service estimated when it admitted the fill


@dataclass(frozen=True)
class ModelInfo:
    model_id: str
    aliases: tuple[str, ...]

    @property
    def names(self) -> frozenset[str]:
        return frozenset((self.model_id, *self.aliases))


def _retry_after(exc: grpc.aio.AioRpcError) -> str:
    for key, value in exc.trailing_metadata() or ():
        if key == RETRY_AFTER_KEY and str(value).isdigit():
            return str(max(1, int(value)))
    return "1"


def error_for(exc: grpc.aio.AioRpcError, deadline: str = "") -> ApiError:
    """The HTTP error of a failed inference call, by the one error table (`degproto.errors`).

    `deadline` describes the deadline this call ran under, for the 504 message."""
    code, details = exc.code(), exc.details() or ""
    row = row_for_code(code)
    if row.kind == "unavailable":
        message = f"the inference service is unavailable: {details}"
    elif row.kind == "too_long":
        message = f"the context is too long for this model: {details}"
    elif row.kind == "overloaded":
        return ApiError(row.http_status, row.error_type, details or "the inference service is overloaded",
                        headers={"Retry-After": _retry_after(exc)})
    elif row.kind == "deadline":
        message = f"the fill did not finish within {deadline or 'its deadline'}"
    elif row.kind == "internal":
        message = f"inference failed ({code.name}): {details}"
    else:
        message = details
    return ApiError(row.http_status, row.error_type, message)


class InferenceClient:
    def __init__(self, target: str, timeout_s: float) -> None:
        self.stubs = degproto.load()
        self.target = target
        self.timeout_s = timeout_s
        self.channel = grpc.aio.insecure_channel(target, options=CHANNEL_OPTIONS)
        self.stub = self.stubs.grpc.InferenceStub(self.channel)
        self._models: ModelInfo | None = None
        self._models_at = 0.0

    async def close(self) -> None:
        await self.channel.close()

    async def fill(self, *, context: str, plan: FillPlan, options: FillOptions, model: str,
                   timeout_s: float | None = None, deadline: str = "",
                   admit_within_s: float | None = None, no_cache: bool = False,
                   no_store: bool = False, progress=None) -> FillReply:
        """One gRPC `Fill` under `timeout_s` (default: the client's base timeout); `deadline`
        says where that figure came from, for the 504 message. `admit_within_s`: how long the
        job may wait to start (sent as `admit-within-s`; the service answers 429 at once when
        its queue is longer). `no_cache` / `no_store`: the request's Cache-Control, for the
        service's trunk cache. `progress`: an async callable given each `FillProgress` message
        while the job runs; the call is then a `FillStream` (same job, same errors)."""
        job = self.stubs.pb2.FillJob(
            request_id=uuid.uuid4().hex,
            model=model,
            context=context,
            plan_fingerprint=runtime_fingerprint(plan),
            plan=plan_to_pb(plan),
            options=options_to_pb(options),
            no_cache=no_cache,
            no_store=no_store,
        )
        try:
            metadata = ((ADMIT_WITHIN_KEY, f"{admit_within_s:.3f}"),) if admit_within_s is not None else None
            if progress is None:
                result = await self.stub.Fill(job, timeout=timeout_s or self.timeout_s, metadata=metadata)
            else:
                result = await self._stream(job, timeout_s or self.timeout_s, metadata, progress)
        except grpc.aio.AioRpcError as exc:
            raise error_for(exc, deadline or f"its deadline of {timeout_s or self.timeout_s:g} s") from None
        try:
            raw = raw_from_pb(result.raw)
        except ValueError as exc:
            raise ApiError(502, "inference_error", f"the inference service returned malformed outcomes: {exc}") from None
        return FillReply(
            raw=raw,
            model_id=result.model_id,
            batch_size=result.batch_size,
            queue_ms=result.queue_ms,
            run_ms=result.run_ms,
            queue_estimate_ms=result.queue_estimate_ms,
        )

    async def _stream(self, job: Any, timeout_s: float, metadata, progress) -> Any:
        """A `FillStream` call: progress messages to `progress`, the last message's result."""
        call = self.stub.FillStream(job, timeout=timeout_s, metadata=metadata)
        async for event in call:
            if event.HasField("result"):
                return event.result
            await progress(event.progress)
        raise ApiError(503, "inference_unavailable", "the inference service ended the fill's stream without a result "
                                           "(it stopped while the fill ran); submit it again")

    async def models(self, *, refresh: bool = False) -> ModelInfo:
        """The served model and aliases, cached for MODELS_TTL_S."""
        if not refresh and self._models is not None and time.monotonic() - self._models_at < MODELS_TTL_S:
            return self._models
        try:
            reply = await self.stub.ListModels(self.stubs.pb2.ListModelsRequest(), timeout=min(5.0, self.timeout_s))
        except grpc.aio.AioRpcError as exc:
            raise error_for(exc) from None
        self._models = ModelInfo(reply.model_id, tuple(reply.aliases))
        self._models_at = time.monotonic()
        return self._models

    async def health(self, timeout_s: float = 2.0) -> dict[str, Any]:
        """The inference batcher's health, or `{"status": "unavailable", "message": ...}`."""
        pb2 = self.stubs.pb2
        try:
            reply = await self.stub.Health(pb2.HealthRequest(), timeout=min(timeout_s, self.timeout_s))
        except grpc.aio.AioRpcError as exc:
            return {"status": "unavailable", "target": self.target, "message": exc.details() or exc.code().name}
        status = {pb2.SERVING_STATUS_SERVING: "ok", pb2.SERVING_STATUS_DRAINING: "draining"}.get(reply.status, "unknown")
        return {
            "status": status,
            "target": self.target,
            "model_id": reply.model_id,
            "queue_depth": reply.queue_depth,
            "batches_run": reply.batches_run,
            "jobs_run": reply.jobs_run,
            "mean_batch_size": reply.mean_batch_size,
            "jobs_rejected": reply.jobs_rejected,
            "jobs_failed": reply.jobs_failed,
            "max_batch": reply.max_batch,
            "max_pending": reply.max_pending,
            "batch_window_ms": reply.batch_window_ms,
            "jobs_cancelled": reply.jobs_cancelled,
            "cancelled_rounds": reply.cancelled_rounds,
            "cancelled_windows": reply.cancelled_windows,
            "seconds_per_token": reply.seconds_per_token,
            "wait_estimate_s": reply.wait_estimate_s,
            "jobs_running": reply.jobs_running,
        }
