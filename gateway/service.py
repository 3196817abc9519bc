"""What every route of the gateway does (`gateway.app` mounts them): guards, the fill path,
jobs, models, health and metrics; one `Gateway` per app.

A fill, step by step: size limit (413) -> auth (401) -> rate limit (429) -> JSON with a depth
limit (400) -> `FillRequest` (422 for every unknown field or option) -> `compile_schema`
(422 listing every schema problem) -> `render_context` -> response cache -> one gRPC `Fill`
(the inference service checks the model name and the plan fingerprint) -> `assemble`
(FillError -> 500) -> the response bytes, cached. A request's `Cache-Control: no-cache` skips
the cache read (`X-Deg-Cache: bypass`), `no-store` the write; both also reach the inference
service's trunk cache (`gateway.cache`).

A client that disconnects before its fill is answered (`/v1/fill` and the compatibility
routes) has the fill cancelled, its gRPC call with it (`gateway.disconnect`); a job of
`/v1/fills` runs on without its client until done or deleted.

Deadlines: `gateway.deadlines`.

Media (`gateway.media`, docs/media.md): checked with the request, read before the fill (in the
job for `/v1/fills`), their text after the context's; located values' meta added after the cache.
"""
from __future__ import annotations

import json
import logging
import time
from typing import Any

from fastapi import Request
from fastapi.responses import Response

import deg
from deg.errors import FillError, RequestError, SchemaError
from deg.render import ContextError, render_context
from deg.request import FillRequest, parse_fill_request
from gateway.body import parse_json
from gateway.cache import CacheControl, ResponseCache, cache_key
from gateway.compat import ServedModel, models_body
from gateway.deadlines import Deadline, deadline_for, timeout_of
from gateway.disconnect import ClientGone, client_gone_response, until_disconnected
from gateway.errors import ApiError
from gateway.inference import InferenceClient
from gateway.jobs import FillJobs, MemoryJobs, RedisJobs
from gateway.keys import KeyChecker
from gateway.media import MediaError, MediaReader, MediaText, locate_values
from gateway.media.requests import api_error as media_api_error, read_context, read_texts, sources_of
from gateway.metrics import GatewayMetrics
from gateway.plans import PlanCache
from gateway.ratelimit import RateLimiter
from gateway.requests import parse_plan_request
from gateway.settings import GatewaySettings
from gateway.store import RedisStore

log = logging.getLogger("deg.gateway")

JSON = "application/json"
INFERENCE_FIGURES_TIMEOUT_S = 0.5  # how long /metrics asks the inference service for its figures


def json_bytes(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


class Gateway:
    """Everything a request needs: settings, clients and metrics; created once per app."""

    def __init__(self, settings: GatewaySettings) -> None:
        self.settings = settings
        self.metrics = GatewayMetrics()
        self.plans = PlanCache(settings.plan_cache)
        self.inference: InferenceClient | None = None
        self.store: RedisStore | None = None
        self.cache: ResponseCache | None = None
        self.limiter: RateLimiter | None = None
        self.key_checker: KeyChecker | None = None
        self.jobs: FillJobs | None = None
        self.media = MediaReader(settings.media)

    async def open(self) -> None:
        """Create the clients inside the serving event loop (gRPC aio and Redis bind to it)."""
        settings = self.settings
        self.inference = InferenceClient(settings.grpc_target, settings.request_timeout_s)
        if not settings.redis_url:
            log.warning("DEG_REDIS_URL is empty: no response cache, no rate limits, API keys from DEG_API_KEYS only")
        else:
            self.store = RedisStore(settings.redis_url, settings.redis_prefix)
            reachable = await self.store.ping()
            log.info("Redis %s at %s", "reachable" if reachable else "NOT reachable (serving without it)",
                     settings.redis_url)
            if settings.cache_ttl_s:
                self.cache = ResponseCache(self.store, settings.cache_ttl_s)
            if settings.rate_limit_per_minute:
                self.limiter = RateLimiter(self.store, settings.rate_limit_per_minute)
        self.key_checker = KeyChecker(settings.api_keys, self.store)
        records = RedisJobs(self.store) if self.store is not None else MemoryJobs()
        self.jobs = FillJobs(records, settings.job_ttl_s, settings.job_heartbeat_s)
        log.info("inference target %s", settings.grpc_target)

    async def close(self) -> None:
        if self.jobs is not None:
            await self.jobs.close()
        if self.inference is not None:
            await self.inference.close()
        if self.store is not None:
            await self.store.close()

    # -- guards -------------------------------------------------------------------------------

    @staticmethod
    def api_key(request: Request) -> str | None:
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            return header[7:].strip() or None
        return request.headers.get("x-api-key") or None

    async def authorize(self, request: Request) -> None:
        if not self.settings.auth:
            return
        key = self.api_key(request)
        if key is None:
            raise ApiError(401, "unauthorized", "missing API key: send Authorization: Bearer <key> or X-API-Key",
                           headers={"WWW-Authenticate": "Bearer"})
        if await self.key_checker(key):  # static keys, then the Redis set (gateway.keys)
            return
        raise ApiError(401, "unauthorized", "unknown API key", headers={"WWW-Authenticate": "Bearer"})

    async def limit(self, request: Request) -> None:
        if self.limiter is None:
            return
        key = self.api_key(request)
        identity = f"key:{key}" if key else f"ip:{request.client.host if request.client else 'unknown'}"
        decision = await self.limiter.check(identity)
        if not decision.allowed:
            self.metrics.rate_limited.inc()
            raise ApiError(
                429, "rate_limited",
                f"rate limit of {decision.limit} requests per minute reached; retry in {decision.retry_after_s} s",
                headers={"Retry-After": str(decision.retry_after_s)},
            )

    async def guard(self, request: Request) -> None:
        """Auth (401), then the rate limit (429): what every `/v1` route checks first."""
        await self.authorize(request)
        await self.limit(request)

    async def body(self, request: Request) -> dict[str, Any]:
        await self.guard(request)
        return parse_json(await request.body(), self.settings.max_json_depth)

    # -- compile ------------------------------------------------------------------------------

    def compile(self, schema: Any, strict: bool = False) -> Any:
        try:
            return self.plans.compile(schema, strict)
        except SchemaError as exc:
            raise ApiError(422, "schema_error", "the schema cannot be filled", errors=exc.errors) from None

    # -- routes -------------------------------------------------------------------------------

    def timeout_of(self, body: Any) -> float | None:
        return timeout_of(body, self.settings)

    def deadline_for(self, context: str, plan: Any, timeout: float | None) -> Deadline:
        return deadline_for(self.settings, context, plan, timeout)

    async def prepare_fill(self, request: Request) -> tuple[FillRequest, Any, str, float | None, tuple]:
        """Guards, body, options, plan and context text of a fill, its own timeout and its media
        sources (decoded and type-checked, not read yet)."""
        body = await self.body(request)
        timeout = self.timeout_of(body)
        try:
            fill_request = parse_fill_request(body)
        except RequestError as exc:
            raise ApiError(422, "validation_error", "invalid fill request", errors=exc.errors) from None
        plan = self.compile(fill_request.json_schema, fill_request.options.strict_schema)
        try:
            context = render_context(fill_request.context)
        except ContextError as exc:
            raise ApiError(422, "validation_error", str(exc), errors=[{"loc": ["context"], "msg": str(exc)}]) from None
        try:
            sources = sources_of(fill_request.media, self.settings.media)
        except MediaError as exc:
            raise media_api_error(exc) from None
        return fill_request, plan, context, timeout, sources

    async def read_media(self, context: str, sources: tuple, progress=None) -> MediaText:
        """The context text with the media's text after it, and its word map."""
        try:
            return await read_context(self.media, context, sources, progress)
        except MediaError as exc:
            raise media_api_error(exc) from None

    async def read_parts(self, parts: list[tuple[str, str, str]]) -> list[str]:
        """The data-URL images and PDFs of a compatibility request, each as text."""
        return await read_texts(self.media, self.settings.media, parts)

    async def fill(self, request: Request) -> Response:
        fill_request, plan, context, timeout, sources = await self.prepare_fill(request)
        media = await self.read_media(context, sources) if sources else None
        context = media.text if media is not None else context
        deadline = self.deadline_for(context, plan, timeout)
        timing: dict[str, float] = {}
        control = CacheControl.of(request.headers.get("cache-control"))
        body_bytes, cached, _ = await until_disconnected(request, self.fill_cached(
            context, plan, fill_request.options, fill_request.model, timing, deadline=deadline, control=control))
        if media is not None:
            body_bytes = json_bytes(locate_values(json.loads(body_bytes), media))
        headers = {"X-Deg-Cache": cached} if cached else {}
        if timing:
            headers["Server-Timing"] = ", ".join(f"{name};dur={ms:.3f}" for name, ms in timing.items())
        return Response(body_bytes, media_type=JSON, headers=headers)

    async def client_gone(self, request: Request, exc: ClientGone) -> Response:
        self.metrics.cancelled.labels("disconnect").inc()
        return await client_gone_response(request, exc)

    async def fill_cached(self, context: str, plan: Any, options: Any, requested: str,
                          timing: dict[str, float] | None = None, *,
                          deadline: Deadline | None = None, control: CacheControl = CacheControl(),
                          progress=None) -> tuple[bytes, str, dict[str, Any] | None]:
        """The response bytes of one fill, `"hit"`/`"miss"` (`"bypass"` when the request's
        Cache-Control said no-cache, `""` with no cache), and the assembled response object when
        the model ran (None on a cache hit).

        When the model ran, `timing` receives the inference service's own figures in ms
        (`queue`: waiting for a batch, `run`: the batch's runtime call) and `inference`, the
        whole gRPC call as the gateway saw it; `/v1/fill` sends them as `Server-Timing`, so a
        client can tell gateway overhead from model time.

        Shared by `/v1/fill` and the decision APIs: cache lookup (only for a model name known
        to be served; the key uses the model id, never an alias) -> one gRPC `Fill` ->
        `assemble` -> the bytes, cached. The model name is checked once, by the inference
        service: a name the cached model list does not know skips the cache and gets the
        service's answer (422 when it is not served). `deadline`: the fill's deadline (default:
        computed from the work, `deadline_for`). `control`: the request's Cache-Control
        (`no-cache`: no read, `no-store`: no write; both passed on to the trunk cache). `progress`:
        an async callable given the inference service's progress messages while the fill runs
        (the job API's)."""
        key = None
        if self.cache is not None:
            models = await self.inference.models()
            if not requested or requested in models.names:
                key = cache_key(models.model_id, plan.fingerprint, context, options.canonical_json())
                cached = None if control.no_cache else await self.cache.get(key)
                if cached is not None:
                    self.metrics.cache.labels("hit").inc()
                    return cached, "hit", None
                self.metrics.cache.labels("bypass" if control.no_cache else
                                          "miss" if self.store.healthy else "error").inc()

        deadline = deadline or self.deadline_for(context, plan, None)
        started = time.perf_counter()
        reply = await self.inference.fill(context=context, plan=plan, options=options, model=requested,
                                          timeout_s=deadline.call_s, deadline=deadline.description,
                                          admit_within_s=deadline.admit_within_s,
                                          no_cache=control.no_cache, no_store=control.no_store, progress=progress)
        elapsed = time.perf_counter() - started
        self.metrics.inference_latency.observe(elapsed)
        if timing is not None:
            timing.update(queue=reply.queue_ms, run=reply.run_ms, inference=elapsed * 1000.0)
        self.metrics.batch_size.observe(reply.batch_size)
        self.metrics.queue_wait.observe(reply.queue_ms / 1000.0)
        self.metrics.queue_estimate.observe(reply.queue_estimate_ms / 1000.0)
        try:
            response = deg.assemble(plan, reply.raw, model=reply.model_id)
        except FillError as exc:
            raise ApiError(500, "fill_error", str(exc)) from None
        body_bytes = json_bytes(response)  # assemble put the served model id first
        if key is not None and not control.no_store:
            await self.cache.put(key, body_bytes)
        status = "" if self.cache is None else ("bypass" if control.no_cache else "miss")
        return body_bytes, status, response

    async def fill_plan(self, context: str, plan: Any, options: Any, model: str) -> dict[str, Any]:
        """The compatibility routes' fill: a rendered context and the plan they compiled -> the
        `/v1/fill` response object (the same cache entry and numbers as `/v1/fill`; only a cache
        hit is read back from its bytes)."""
        body_bytes, _, response = await self.fill_cached(context, plan, options, model)
        return response if response is not None else json.loads(body_bytes)

    async def served_model(self) -> ServedModel:
        info = await self.inference.models()
        return ServedModel(info.model_id, info.aliases)

    async def check_key(self, key: str) -> bool:
        return await self.key_checker(key)

    async def plan(self, request: Request) -> Response:
        body = await self.body(request)
        try:
            plan_request = parse_plan_request(body)
        except RequestError as exc:
            raise ApiError(422, "validation_error", "invalid plan request", errors=exc.errors) from None
        plan = self.compile(plan_request.json_schema, plan_request.strict_schema)
        return Response(json_bytes({**plan.to_dict(), "warnings": plan.warning_dicts()}), media_type=JSON)

    async def models(self, request: Request) -> Response:
        await self.authorize(request)
        info = await self.inference.models(refresh=True)
        body = models_body(ServedModel(info.model_id, info.aliases))
        body.update(served=info.model_id, aliases=list(info.aliases))
        return Response(json_bytes(body), media_type=JSON)

    async def health(self, request: Request) -> Response:
        inference = await self.inference.health()
        if self.store is None:
            redis_status = {"status": "off"}
        else:
            redis_status = {"status": "ok" if await self.store.ping() else "unavailable"}
        serving = inference["status"] == "ok"
        degraded = redis_status["status"] == "unavailable"
        status = "ok" if serving and not degraded else ("degraded" if serving else "unavailable")
        body = {"status": status, "gateway": {"status": "ok"}, "inference": inference, "redis": redis_status}
        return Response(json_bytes(body), status_code=200 if serving else 503, media_type=JSON)

    async def metrics_page(self, request: Request) -> Response:
        # The inference figures of this scrape; briefly asked, so the page (a liveness probe)
        # never waits long on another process.
        inference = await self.inference.health(timeout_s=INFERENCE_FIGURES_TIMEOUT_S)
        self.metrics.inference.latest = inference if inference["status"] != "unavailable" else {}
        return Response(self.metrics.render(), media_type=self.metrics.content_type)
