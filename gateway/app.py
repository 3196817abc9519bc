"""The gateway's HTTP API (contract 9; DESIGN 1 and 6).

Routes: `POST /v1/fill`, `POST /v1/fills`, `GET /v1/fills/{id}` and `DELETE /v1/fills/{id}`
(a fill as a job, `gateway.jobs`), `POST /v1/plan`, `GET /v1/models`, `GET /health`, `GET /metrics`, the
decision APIs `POST /v1/decisions` and `POST /v1/systemone` (`gateway.compat`, contract 9.1),
OpenAI structured outputs `POST /v1/chat/completions` and `POST /v1/responses`, a PDF's text
layer as a context `POST /v1/pdf/text` and the playground page `GET /playground`
(`gateway.playground`), and the OpenAPI document at `/openapi.json` (page at `/docs`, built by
`gateway.openapi`). Error bodies and statuses are listed in `gateway.errors`.

Middleware, outermost first: metrics -> body size limit (413 on the bytes as sent) -> zstd
request decompression (`Content-Encoding: zstd`, 413 past `max_decompressed_bytes`) -> routes.

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

Deadlines: `/v1/fill` (and `/v1/fills`) take a per-request `timeout` in seconds (a number
from 1 to `DEG_MAX_TIMEOUT_S`, else 422), read by the gateway and not part of the fill
options (so it is not in the response cache key). It is the inference call's deadline: the
service refuses at once (429, Retry-After from its queue) a fill that could not start within
it, and a fill that starts and runs past it is 504, the only 504. Without one, the deadline
follows the work: `DEG_REQUEST_TIMEOUT_S` + `DEG_TIMEOUT_PER_1K_TOKENS_S` per 1,000 context
tokens (characters / 4) + `DEG_TIMEOUT_PER_FIELD_S` per plan leaf and array
(`GatewaySettings.fill_deadline_s`), sent as the time the fill may wait to start (gRPC
metadata `admit-within-s`): a queue longer than that is 429 at once, and an admitted fill is
never cut by it, only by the gateway's bound `DEG_MAX_TIMEOUT_S`.

Media (`gateway.media`, docs/media.md): checked with the request, read before the fill (in the
job for `/v1/fills`), their text after the context's; located values' meta added after the cache.

Choices where the contract is silent:
- `POST /v1/plan` takes `{"schema": {...}}` (unknown fields 422), like `/v1/fill`, so both
  routes read the schema from the same place.
- `GET /v1/models` answers `gateway.compat.models_body`: `{"object": "list", "data": [...],
  "models": [...]}`, which both the openai and the typesafe-sdk clients parse strictly; deg's
  own fields ride along: `served` (the model id) and `aliases` (the deg names of it), so
  `degsdk` needs no second route.
- The decision APIs fill through the same path as `/v1/fill` (`Gateway.fill_cached`): the same
  response cache, metrics and error mapping, so a decision and the equivalent `/v1/fill` share
  cache entries and agree bit for bit.
- `GET /health` is 200 while fills can be served (Redis down only degrades it) and 503 when
  no inference backend answers, so it works as a readiness probe.
- The response cache is consulted only when the requested model name is known to be served:
  the key uses the model id, never an alias, so `deg-latest` and the id share entries.
"""
from __future__ import annotations

import json
import logging
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.routing import Match

import deg
from deg.errors import FillError, RequestError, SchemaError
from deg.render import ContextError, render_context
from deg.request import FillRequest, parse_fill_request
from gateway.body import BodyLimitMiddleware, parse_json
from gateway.cache import CacheControl, ResponseCache, cache_key
from gateway.compat import ServedModel, build_compat_router, compat_error_response, models_body
from gateway.compat.openapi_bodies import COMPONENTS as COMPAT_BODIES
from gateway.compat.openapi_responses import COMPONENTS as COMPAT_RESPONSES
from gateway.disconnect import ClientGone, client_gone_response, until_disconnected
from gateway.errors import ApiError, api_error_handler, error_response
from gateway.inference import InferenceClient
from gateway.jobs import FillJobs, MediaProgress, MemoryJobs, RedisJobs, public
from gateway.keys import KeyChecker
from gateway.media import MediaError, MediaReader, MediaText, locate_values
from gateway.media.requests import api_error as media_api_error, read_context, read_texts, sources_of
from gateway.media.route import install_media_text
from gateway.metrics import GatewayMetrics
from gateway.plans import PlanCache
from gateway.playground import install_playground
from gateway.openapi import install_openapi, model_components, request_body
from gateway.openapi_responses import COMPONENTS as RESPONSE_BODIES, MEDIA_BODY, ROUTES as RESPONSES_OF
from gateway.ratelimit import RateLimiter
from gateway.requests import PlanRequest, parse_plan_request
from gateway.settings import GatewaySettings
from gateway.store import RedisStore
from gateway.zstd import ZstdRequestMiddleware

log = logging.getLogger("deg.gateway")

JSON = "application/json"
MIN_TIMEOUT_S = 1.0  # a fill's own `timeout` below a second is a mistake, not a deadline
INFERENCE_FIGURES_TIMEOUT_S = 0.5  # how long /metrics asks the inference service for its figures


def _json_bytes(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


@dataclass(frozen=True)
class Deadline:
    """How long one fill may take (see the module docstring, Deadlines)."""

    call_s: float                  # the inference call's gRPC deadline; past it, 504
    admit_within_s: float | None   # how long it may wait to start (None: call_s); past it, 429 at once
    description: str               # where call_s came from, for the 504 message


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
        """The request's own `timeout` (seconds), removed from the body; None when absent."""
        if not isinstance(body, dict) or "timeout" not in body:
            return None
        value = body.pop("timeout")
        limit = self.settings.max_timeout_s
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not MIN_TIMEOUT_S <= value <= limit:
            message = f"timeout must be a number of seconds >= {MIN_TIMEOUT_S:g} and <= {limit:g}, got {value!r}"
            raise ApiError(422, "validation_error", message, errors=[{"loc": ["timeout"], "msg": message}])
        return float(value)

    def deadline_for(self, context: str, plan: Any, timeout: float | None) -> "Deadline":
        """The fill's deadline: the request's own `timeout`, else one computed from the work that
        bounds how long the fill may wait to start (the run itself is bounded by DEG_MAX_TIMEOUT_S)."""
        if timeout is not None:
            return Deadline(timeout, None, f"the request's timeout of {timeout:g} s")
        items = len(plan.fields) + len(plan.arrays)
        bound = self.settings.max_timeout_s
        return Deadline(bound, self.settings.fill_deadline_s(len(context), items),
                        f"the gateway's bound of {bound:g} s (DEG_MAX_TIMEOUT_S)")

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
            body_bytes = _json_bytes(locate_values(json.loads(body_bytes), media))
        headers = {"X-Deg-Cache": cached} if cached else {}
        if timing:
            headers["Server-Timing"] = ", ".join(f"{name};dur={ms:.3f}" for name, ms in timing.items())
        return Response(body_bytes, media_type=JSON, headers=headers)

    async def submit_fill(self, request: Request) -> Response:
        """`POST /v1/fills`: the `/v1/fill` body, run as a job; 202 with its id and Location. Media
        are read in the job (once, whatever the attempts), reporting pages as progress."""
        fill_request, plan, context, timeout, sources = await self.prepare_fill(request)
        control = CacheControl.of(request.headers.get("cache-control"))
        media: MediaText | None = None

        async def work(remaining_s: float, progress) -> bytes:  # each attempt: what is left of the deadline
            nonlocal media
            if sources and media is None:
                media = await self.read_media(context, sources,
                                              lambda done, total: progress(MediaProgress(done, total)))
            text = media.text if media is not None else context
            deadline = self.deadline_for(text, plan, timeout)
            body_bytes, _, _ = await self.fill_cached(text, plan, fill_request.options, fill_request.model,
                                                      deadline=replace(deadline, call_s=max(remaining_s, 0.001)),
                                                      progress=progress, control=control)
            return body_bytes if media is None else _json_bytes(locate_values(json.loads(body_bytes), media))

        record = await self.jobs.submit(work, fields_total=len(plan.fields) + len(plan.arrays),
                                        tokens_total=len(context) // 4,
                                        timeout_s=self.deadline_for(context, plan, timeout).call_s,
                                        media=bool(sources))
        location = f"/v1/fills/{record['id']}"
        return Response(_json_bytes({"id": record["id"], "status": record["status"], "location": location}),
                        status_code=202, media_type=JSON, headers={"Location": location})

    async def fill_job(self, request: Request) -> Response:
        """`GET /v1/fills/{id}`: status, progress, and the result or error."""
        await self.authorize(request)
        await self.limit(request)
        job_id = request.path_params["job_id"]
        record = await self.jobs.get(job_id)
        if record is None:
            raise ApiError(404, "not_found", f"no fill job {job_id!r} (unknown, or expired after "
                                             f"{self.settings.job_ttl_s} s)")
        return Response(_json_bytes(public(record)), media_type=JSON)

    async def cancel_job(self, request: Request) -> Response:
        """`DELETE /v1/fills/{id}`: stop a queued or running job; the record as it now stands."""
        await self.guard(request)
        job_id = request.path_params["job_id"]
        record, stopped = await self.jobs.cancel(job_id)
        if record is None:
            raise ApiError(404, "not_found", f"no fill job {job_id!r} (unknown, or expired after "
                                             f"{self.settings.job_ttl_s} s)")
        if stopped:
            self.metrics.cancelled.labels("deleted").inc()
        asked = record["status"] in ("queued", "running")     # its owner, another gateway, stops it
        return Response(_json_bytes(public(record)), status_code=202 if asked else 200, media_type=JSON)

    async def client_gone(self, request: Request, exc: ClientGone) -> Response:
        self.metrics.cancelled.labels("disconnect").inc()
        return await client_gone_response(request, exc)

    async def fill_cached(self, context: str, plan: Any, options: Any, requested: str,
                          timing: dict[str, float] | None = None, *,
                          deadline: "Deadline | None" = None, control: CacheControl = CacheControl(),
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
        body_bytes = _json_bytes(response)  # assemble put the served model id first
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
        return Response(_json_bytes({**plan.to_dict(), "warnings": plan.warning_dicts()}), media_type=JSON)

    async def models(self, request: Request) -> Response:
        await self.authorize(request)
        info = await self.inference.models(refresh=True)
        body = models_body(ServedModel(info.model_id, info.aliases))
        body.update(served=info.model_id, aliases=list(info.aliases))
        return Response(_json_bytes(body), media_type=JSON)

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
        return Response(_json_bytes(body), status_code=200 if serving else 503, media_type=JSON)

    async def metrics_page(self, request: Request) -> Response:
        # The inference figures of this scrape; briefly asked, so the page (a liveness probe)
        # never waits long on another process.
        inference = await self.inference.health(timeout_s=INFERENCE_FIGURES_TIMEOUT_S)
        self.metrics.inference.latest = inference if inference["status"] != "unavailable" else {}
        return Response(self.metrics.render(), media_type=self.metrics.content_type)


def _route_path(app: FastAPI, scope: dict) -> str:
    """The route template of a request (a bounded label set), also for requests refused before routing."""
    route = scope.get("route")
    if getattr(route, "path", None) is not None:
        return route.path
    return _match_path(app.router.routes, scope) or "unmatched"


def _match_path(routes: list[Any], scope: dict) -> str | None:
    """The first route that fully matches, looking inside included routers (which have no path)."""
    for candidate in routes:
        path = getattr(candidate, "path", None)
        if path is None:
            nested = getattr(getattr(candidate, "original_router", None), "routes", None)
            found = _match_path(nested, scope) if nested else None
            if found is not None:
                return found
            continue
        if candidate.matches(scope)[0] == Match.FULL:
            return path
    return None


async def internal_error_handler(request: Request, exc: Exception) -> Response:
    log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(ApiError(500, "internal_error", "internal error in the gateway; see its log"))


def create_app(settings: GatewaySettings | None = None) -> FastAPI:
    settings = settings or GatewaySettings.from_env()
    gateway = Gateway(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await gateway.open()
        try:
            yield
        finally:
            await gateway.close()

    app = FastAPI(
        title="deg",
        version="0.1.0",
        description="Fill a JSON Schema from a context: decide, copy or write every field.",
        lifespan=lifespan,
    )
    app.state.gateway = gateway
    app.add_exception_handler(ApiError, api_error_handler)
    app.add_exception_handler(ClientGone, gateway.client_gone)
    app.add_exception_handler(Exception, internal_error_handler)

    # Added first = innermost: decompresses bodies the size limit below has already bounded.
    app.add_middleware(ZstdRequestMiddleware, max_decompressed_bytes=settings.max_decompressed_bytes,
                       error_response=compat_error_response)
    # Inside the metrics middleware below (added later = outer), so refused bodies are counted.
    app.add_middleware(BodyLimitMiddleware, max_body_bytes=settings.max_body_bytes,
                       error_response=compat_error_response)

    @app.middleware("http")
    async def observe(request: Request, call_next):
        started = time.perf_counter()
        response = await call_next(request)
        path = _route_path(app, request.scope)
        gateway.metrics.requests.labels(path, request.method, str(response.status_code)).inc()
        gateway.metrics.latency.labels(path).observe(time.perf_counter() - started)
        return response

    app.add_api_route("/v1/fill", gateway.fill, methods=["POST"],
                      openapi_extra={**request_body(FillRequest), **RESPONSES_OF["fill"]},
                      summary="Fill a JSON Schema from a context", tags=["fill"])
    app.add_api_route("/v1/fills", gateway.submit_fill, methods=["POST"], status_code=202,
                      openapi_extra={**request_body(FillRequest), **RESPONSES_OF["fills"]},
                      summary="Start a fill as a job (202, Location)", tags=["fill"])
    app.add_api_route("/v1/fills/{job_id}", gateway.fill_job, methods=["GET"],
                      openapi_extra={"parameters": [{"name": "job_id", "in": "path", "required": True,
                                                     "schema": {"type": "string"}}], **RESPONSES_OF["job"]},
                      summary="A fill job's status, progress and result", tags=["fill"])
    app.add_api_route("/v1/fills/{job_id}", gateway.cancel_job, methods=["DELETE"],
                      openapi_extra={"parameters": [{"name": "job_id", "in": "path", "required": True,
                                                     "schema": {"type": "string"}}], **RESPONSES_OF["cancel"]},
                      summary="Stop a fill job (its record says cancelled)", tags=["fill"])
    app.add_api_route("/v1/plan", gateway.plan, methods=["POST"],
                      openapi_extra={**request_body(PlanRequest), **RESPONSES_OF["plan"]},
                      summary="Compile a schema to its fill plan (no model)", tags=["fill"])
    app.add_api_route("/v1/models", gateway.models, methods=["GET"], openapi_extra=RESPONSES_OF["models"],
                      summary="Accepted model names", tags=["fill"])
    app.add_api_route("/health", gateway.health, methods=["GET"], openapi_extra=RESPONSES_OF["health"],
                      summary="Gateway, inference and Redis status", tags=["ops"])
    app.add_api_route("/metrics", gateway.metrics_page, methods=["GET"], summary="Prometheus metrics", tags=["ops"],
                      include_in_schema=False)
    install_playground(app, gateway.guard, settings.pdf_max_pages, gateway.media, serve_page=settings.playground)
    install_media_text(app, gateway.guard, gateway.media, {**MEDIA_BODY, **RESPONSES_OF["media_text"]})
    app.include_router(build_compat_router(
        gateway.fill_plan, gateway.served_model,
        check_key=gateway.check_key if settings.auth else None,
        limit=gateway.limit, max_json_depth=settings.max_json_depth, max_questions=settings.max_questions,
        read_parts=gateway.read_parts))
    components = model_components(FillRequest, PlanRequest)
    fill_body = components["FillRequest"]  # `context` may be left out when `media` is given
    fill_body["required"] = [name for name in fill_body["required"] if name != "context"]
    fill_body["properties"]["context"]["description"] = "the text (or JSON) to read; required unless `media` is given"
    components["FillRequest"]["properties"]["timeout"] = {  # read by the gateway, not a fill option
        "type": "number", "minimum": MIN_TIMEOUT_S, "maximum": settings.max_timeout_s,
        "description": "the fill's deadline in seconds (default: computed from the context length and the "
                       "plan; see DEG_REQUEST_TIMEOUT_S)"}
    install_openapi(app, {**components, **COMPAT_BODIES, **RESPONSE_BODIES, **COMPAT_RESPONSES})
    return app
