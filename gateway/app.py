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

The handlers are `gateway.service.Gateway`'s; deadlines are `gateway.deadlines`'.

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

import logging
import time
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.routing import Match

from deg.request import FillRequest
from gateway.body import BodyLimitMiddleware
from gateway.compat import build_compat_router, compat_error_response
from gateway.compat.openapi_bodies import COMPONENTS as COMPAT_BODIES
from gateway.compat.openapi_responses import COMPONENTS as COMPAT_RESPONSES
from gateway.deadlines import MIN_TIMEOUT_S
from gateway.disconnect import ClientGone
from gateway.errors import ApiError, api_error_handler, error_response
from gateway.media.route import install_media_text
from gateway.openapi import install_openapi, model_components, request_body
from gateway.openapi_responses import COMPONENTS as RESPONSE_BODIES, MEDIA_BODY, ROUTES as RESPONSES_OF
from gateway.playground import install_playground
from gateway.requests import PlanRequest
from gateway.job_routes import JobRoutes
from gateway.service import Gateway
from gateway.settings import GatewaySettings
from gateway.zstd import ZstdRequestMiddleware

log = logging.getLogger("deg.gateway")


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
    jobs = JobRoutes(gateway)

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
    app.add_api_route("/v1/fills", jobs.submit, methods=["POST"], status_code=202,
                      openapi_extra={**request_body(FillRequest), **RESPONSES_OF["fills"]},
                      summary="Start a fill as a job (202, Location)", tags=["fill"])
    app.add_api_route("/v1/fills/{job_id}", jobs.get, methods=["GET"],
                      openapi_extra={"parameters": [{"name": "job_id", "in": "path", "required": True,
                                                     "schema": {"type": "string"}}], **RESPONSES_OF["job"]},
                      summary="A fill job's status, progress and result", tags=["fill"])
    app.add_api_route("/v1/fills/{job_id}", jobs.cancel, methods=["DELETE"],
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
