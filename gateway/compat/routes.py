"""The HTTP routes of the decision APIs: `POST /v1/decisions`, `POST /v1/systemone` and
(optionally) a `GET /v1/models` body both clients parse.

`build_compat_router(fill, served_model, ...)` wires the pure translation
(`gateway.compat.decisions` / `systemone`) to IO the gateway injects:

- `fill(context, schema, options, model) -> response dict`: the gateway's own fill path
  (compile, one inference call, `deg.assemble`), returning `{model, value, meta, usage, plan}`.
  It may raise `gateway.errors.ApiError` (429 overloaded, 5xx); the route answers with the
  same status and headers (`Retry-After`) in its client's error shape.
- `served_model() -> ServedModel`: the served model id and its deg aliases.
- `check_key(key) -> bool` (None = auth off): whether a bearer key is accepted
  (`gateway.keys.KeyChecker`).
- `limit(request)` (None = no limit): raises `ApiError(429, ..., headers={"Retry-After"})` when the
  caller is over its rate (the gateway's `Gateway.limit`).

A request, step by step: multipart (image assets) refused -> API key -> rate limit -> JSON
with a depth limit -> model name -> translation (every problem a 4xx in the client's shape) ->
schema compiled here, so a schema problem is a 4xx and never reaches inference -> one fill
(skipped when every question is answered without the model) -> shaped answers.

Auth: both clients always send `Authorization: Bearer <key>`. A missing or unknown key is
401 on `/v1/decisions` (what the OpenAI API answers; openai raises AuthenticationError) and
403 `{"detail": "Not authenticated"}` on `/v1/systemone` (what live Jev answers).

Timeouts: the TypeSafe SDK gives up after 10 s by default and retries 429/5xx (honouring
`Retry-After`); the openai client waits 600 s. A long input on a busy CPU server can take more
than 10 s: callers with long inputs should pass `timeout=` (TypeSafeClient(timeout=60)).
"""
from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from fastapi import APIRouter, Request
from fastapi.responses import Response

import deg
from deg.errors import SchemaError
from deg.request import FillOptions
from gateway.body import parse_json
from gateway.compat import decisions, systemone
from gateway.compat.errors import (DECISIONS_PATH, SYSTEMONE_PATH, CompatError, jev_error, jev_item,
                                   jev_usage_error, jev_validation_error, openai_error)
from gateway.compat.translate import Translation
from gateway.errors import ApiError

__all__ = ["ServedModel", "build_compat_router", "models_body"]

JSON = "application/json"
FillFn = Callable[[str, dict[str, Any], FillOptions, str], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class ServedModel:
    model_id: str
    aliases: tuple[str, ...] = ()
    created: int = 0                  # unix seconds, shown by GET /v1/models

    @property
    def names(self) -> tuple[str, ...]:
        return (self.model_id, *[a for a in self.aliases if a != self.model_id])


def models_body(served: ServedModel) -> dict[str, Any]:
    """One `/v1/models` body for both clients: OpenAI's `{object, data}` plus TypeSafe's `models`."""
    names = [*served.names, *decisions.DECISION_MODELS, *systemone.SYSTEMONE_MODELS]
    day = time.strftime("%Y-%m-%d", time.gmtime(served.created))
    return {
        "object": "list",
        "data": [{"id": name, "object": "model", "created": served.created, "owned_by": "deg"} for name in names],
        "models": [{"name": name, "description": _describe(name, served), "release_date": day} for name in names],
    }


def _describe(name: str, served: ServedModel) -> str:
    if name == served.model_id:
        return "deg: decides, copies or writes every field from one read of the input."
    return f"{'alias' if name in served.aliases else 'compatibility name'} of {served.model_id}"


def _json(body: Any, headers: dict[str, str] | None = None) -> Response:
    return Response(json.dumps(body, ensure_ascii=False, allow_nan=False).encode(), media_type=JSON,
                    headers=headers or {})


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, key = header.partition(" ")
    return key.strip() or None if scheme.lower() == "bearer" else None


class _Api:
    """What differs between the two routes: names, limits, error shapes."""

    path: str
    models: tuple[str, ...]

    def __init__(self, max_questions: int) -> None:
        self.max_questions = max_questions

    def translate(self, body: Any) -> Translation: ...
    def shape(self, translation: Translation, response: dict[str, Any] | None, model: str) -> dict[str, Any]: ...
    def requested_model(self, body: Any) -> str: ...
    def unknown_model(self, name: str) -> CompatError: ...
    def unauthorized(self, key: str | None) -> CompatError: ...
    def images_refused(self) -> CompatError: ...
    def schema_refused(self, errors: list[dict[str, Any]]) -> CompatError: ...
    def from_api_error(self, exc: ApiError) -> CompatError: ...


class _Decisions(_Api):
    path, models = DECISIONS_PATH, decisions.DECISION_MODELS

    def translate(self, body: Any) -> Translation:
        return decisions.translate_decisions(body, max_questions=self.max_questions)

    def shape(self, translation, response, model):
        return decisions.shape_decisions(translation, response, model)

    def requested_model(self, body: Any) -> str:
        return decisions.requested_model(body)

    def unknown_model(self, name: str) -> CompatError:
        return openai_error(404, f"The model `{name}` does not exist or you do not have access to it.",
                            param="model", code="model_not_found")

    def unauthorized(self, key: str | None) -> CompatError:
        if key is None:
            return openai_error(401, "You didn't provide an API key. Send it as `Authorization: Bearer <key>`.")
        return openai_error(401, "Incorrect API key provided.", code="invalid_api_key")

    def images_refused(self) -> CompatError:
        return openai_error(400, "Image inputs are not supported: this model reads text only.", param="input",
                            code="invalid_value")

    def schema_refused(self, errors):
        problems = "; ".join(f"{'/'.join(map(str, e['loc']))}: {e['msg']}" for e in errors)
        return openai_error(400, f"the questions cannot be answered: {problems}", param="questions",
                            code="invalid_value")

    def from_api_error(self, exc: ApiError) -> CompatError:
        status = 400 if exc.status == 422 else exc.status
        return openai_error(status, exc.message, code=exc.kind, headers=exc.headers)


class _SystemOne(_Api):
    path, models = SYSTEMONE_PATH, systemone.SYSTEMONE_MODELS

    def translate(self, body: Any) -> Translation:
        return systemone.translate_systemone(body, max_questions=self.max_questions)

    def shape(self, translation, response, model):
        return systemone.shape_systemone(translation, response, model)

    def requested_model(self, body: Any) -> str:
        return systemone.requested_model(body)

    def unknown_model(self, name: str) -> CompatError:
        return jev_error(400, f"Unknown model: {name}")

    def unauthorized(self, key: str | None) -> CompatError:
        return jev_error(403, "Not authenticated" if key is None else "Invalid API key.")

    def images_refused(self) -> CompatError:
        return jev_usage_error(systemone.IMAGE_REFUSED)

    def schema_refused(self, errors):
        return jev_validation_error([jev_item("value_error", ["questions", *e["loc"][1:2]], e["msg"], None)
                                     for e in errors])

    def from_api_error(self, exc: ApiError) -> CompatError:
        if exc.status == 422:
            return jev_validation_error([jev_item(exc.kind, [], exc.message, None)])
        if exc.status == 400:
            return jev_error(400, exc.message, exc.headers)
        return jev_error(exc.status, exc.message, exc.headers)


def build_compat_router(
    fill: FillFn,
    served_model: Callable[[], Awaitable[ServedModel]],
    *,
    check_key: Callable[[str], Awaitable[bool]] | None = None,
    limit: Callable[[Request], Awaitable[None]] | None = None,
    max_json_depth: int = 64,
    max_questions: int = decisions.MAX_QUESTIONS,
    serve_models: bool = False,
) -> APIRouter:
    """The decision routes over the gateway's fill path (see the module docstring)."""
    router = APIRouter()

    async def handle(api: _Api, request: Request) -> Response:
        request_id = "req_" + uuid.uuid4().hex
        try:
            body = await answer(api, request)
        except CompatError as exc:
            exc.headers.setdefault("x-request-id", request_id)
            return exc.response()
        headers = {"x-request-id": request_id}
        if api.path == SYSTEMONE_PATH:
            headers["x-typesafe-request-id"] = request_id
        return _json(body, headers)

    async def answer(api: _Api, request: Request) -> dict[str, Any]:
        if request.headers.get("content-type", "").lower().startswith("multipart/"):
            raise api.images_refused()
        if check_key is not None:
            key = _bearer(request)
            if key is None or not await check_key(key):
                raise api.unauthorized(key)
        try:
            if limit is not None:
                await limit(request)
            body = parse_json(await request.body(), max_json_depth)
        except ApiError as exc:
            if exc.status == 422 and api.path == SYSTEMONE_PATH:  # not an object: the translation says so
                body = None
            else:
                raise api.from_api_error(exc) from None
        name = api.requested_model(body)
        try:
            served = await served_model()
        except ApiError as exc:
            raise api.from_api_error(exc) from None
        if name not in served.names and name not in api.models:
            raise api.unknown_model(name)
        translation = api.translate(body)
        response = None
        if translation.needs_model:
            schema = translation.schema()
            try:
                deg.compile_schema(schema)
            except SchemaError as exc:
                raise api.schema_refused(exc.errors) from None
            try:
                response = await fill(translation.context, schema, translation.options, served.model_id)
            except ApiError as exc:
                raise api.from_api_error(exc) from None
        return api.shape(translation, response, served.model_id)

    decisions_api, systemone_api = _Decisions(max_questions), _SystemOne(max_questions)

    async def post_decisions(request: Request) -> Response:
        return await handle(decisions_api, request)

    async def post_systemone(request: Request) -> Response:
        return await handle(systemone_api, request)

    router.add_api_route(DECISIONS_PATH, post_decisions, methods=["POST"], tags=["decisions"],
                         summary="Answer predicate, choice and score questions (OpenAI Decisions shape)")
    router.add_api_route(SYSTEMONE_PATH, post_systemone, methods=["POST"], tags=["decisions"],
                         summary="Answer noul, choice and score questions (TypeSafe System One shape)")
    if serve_models:
        async def get_models(request: Request) -> Response:
            try:
                served = await served_model()
            except ApiError as exc:
                return Response(json.dumps(exc.body()).encode(), status_code=exc.status, media_type=JSON,
                                headers=exc.headers)
            return _json(models_body(served))

        router.add_api_route("/v1/models", get_models, methods=["GET"], tags=["decisions"],
                             summary="Model names both clients accept")
    return router
