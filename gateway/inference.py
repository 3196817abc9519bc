"""The gateway's side of the `deg.v1.Inference` contract.

One gRPC channel for all backends: gRPC resolves the target (an address list or a DNS name)
and spreads calls over every ready backend with `round_robin`; a backend that goes away is
skipped and reconnected in the background with a short backoff, so a restarted inference
process is back in rotation within a few seconds.

The plan goes out as typed messages (`degproto.convert`: its leaves and arrays, no schema
copy, no JSON text) with the fingerprint the gateway compiled, which the inference service
checks; the outcomes come back as a `deg.RawFill`.

Failures of the inference call become `ApiError`s here, in one table:

| gRPC status | HTTP | error type |
| --- | --- | --- |
| UNAVAILABLE (no backend, backend died mid-call, draining) | 503 | inference_unavailable |
| RESOURCE_EXHAUSTED (queue full) | 429 + Retry-After | overloaded |
| FAILED_PRECONDITION (FillError in the runtime) | 500 | fill_error |
| INVALID_ARGUMENT (e.g. unknown model) | 422 | validation_error |
| DEADLINE_EXCEEDED | 504 | timeout |
| anything else | 502 | inference_error |
| an OK reply whose outcomes do not decode | 502 | inference_error |
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


@dataclass(frozen=True)
class ModelInfo:
    model_id: str
    aliases: tuple[str, ...]

    @property
    def names(self) -> frozenset[str]:
        return frozenset((self.model_id, *self.aliases))


def error_for(exc: grpc.aio.AioRpcError) -> ApiError:
    code, details = exc.code(), exc.details() or ""
    if code == grpc.StatusCode.UNAVAILABLE:
        return ApiError(503, "inference_unavailable", f"the inference service is unavailable: {details}")
    if code == grpc.StatusCode.RESOURCE_EXHAUSTED:
        return ApiError(429, "overloaded", details or "the inference service is overloaded", headers={"Retry-After": "1"})
    if code == grpc.StatusCode.FAILED_PRECONDITION:
        return ApiError(500, "fill_error", details)
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        return ApiError(422, "validation_error", details)
    if code == grpc.StatusCode.DEADLINE_EXCEEDED:
        return ApiError(504, "timeout", "the inference call passed its deadline")
    return ApiError(502, "inference_error", f"inference failed ({code.name}): {details}")


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

    async def fill(self, *, context: str, plan: FillPlan, options: FillOptions, model: str) -> FillReply:
        job = self.stubs.pb2.FillJob(
            request_id=uuid.uuid4().hex,
            model=model,
            context=context,
            plan_fingerprint=runtime_fingerprint(plan),
            plan=plan_to_pb(plan),
            options=options_to_pb(options),
        )
        try:
            result = await self.stub.Fill(job, timeout=self.timeout_s)
        except grpc.aio.AioRpcError as exc:
            raise error_for(exc) from None
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
        )

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

    async def health(self) -> dict[str, Any]:
        """The inference batcher's health, or `{"status": "unavailable", "message": ...}`."""
        pb2 = self.stubs.pb2
        try:
            reply = await self.stub.Health(pb2.HealthRequest(), timeout=min(2.0, self.timeout_s))
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
        }
