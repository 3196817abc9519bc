"""The HTTP routes of the compatibility APIs: `POST /v1/decisions`, `POST /v1/systemone`,
`POST /v1/chat/completions`, `POST /v1/responses` and (optionally) a `GET /v1/models` body
every client parses.

`CompatRoutes(fill, served_model, ...)` wires the pure translations (`gateway.compat.decisions`,
`systemone`, `openai_chat`, `openai_responses`) to IO the gateway injects:

- `fill(context, plan, options, model) -> response dict`: the gateway's own fill path (one
  inference call, `deg.assemble`) for a plan compiled here, returning the assembled
  `{model, value, meta, usage, plan}`. It may raise `gateway.errors.ApiError` (429 overloaded,
  5xx); the route answers with the same status and headers (`Retry-After`) in its client's
  error shape.
- `served_model() -> ServedModel`: the served model id and its deg aliases.
- `check_key(key) -> bool` (None = auth off): whether a bearer key is accepted
  (`gateway.keys.KeyChecker`).
- `limit(request)` (None = no limit): raises `ApiError(429, ..., headers={"Retry-After"})` when the
  caller is over its rate (the gateway's `Gateway.limit`).
- `read_parts([(kind, base64, where)]) -> texts` (None = media not read): the gateway's media reader
  for the image and file parts of `/v1/chat/completions`, `/v1/responses` and `/v1/decisions`
  (`gateway.compat.media`), read before translation.

Every route reads the same way: `admit` (multipart refused -> API key -> rate limit -> JSON
with a depth limit -> model name) -> media parts read to text -> the dialect's translation (every problem a 4xx in the
client's shape) -> `fill`: the schema compiled ONCE here (a schema problem is a 4xx and never
reaches inference) and that plan handed to the fill -> the dialect's shaping of the response
object. A decision request whose questions all answer without the model skips the fill.

A client that disconnects before its answer has the fill cancelled, its inference call with it
(`gateway.disconnect`).

Auth: the clients send `Authorization: Bearer <key>`. A missing or unknown key is 401 on the
OpenAI-shaped routes (openai raises AuthenticationError) and 403 `{"detail": "Not
authenticated"}` on `/v1/systemone` (what live Jev answers).

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
from gateway.compat import decisions, openai_chat, openai_responses, systemone
from gateway.compat.dialects import CHAT, DECISIONS, RESPONSES, SYSTEMONE, Dialect
from gateway.compat.errors import CompatError
from gateway.compat.media import ReadParts, read_media_parts
from gateway.compat.openapi_bodies import request_body
from gateway.compat.openapi_responses import ROUTES as RESPONSES_OF
from gateway.disconnect import until_disconnected
from gateway.errors import ApiError
from gateway.media.errors import MediaError

__all__ = ["CompatRoutes", "ServedModel", "build_compat_router", "models_body"]

JSON = "application/json"
FillFn = Callable[[str, Any, FillOptions, str], Awaitable[dict[str, Any]]]


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


def _json(body: Any, headers: dict[str, str]) -> Response:
    return Response(json.dumps(body, ensure_ascii=False, allow_nan=False).encode(), media_type=JSON, headers=headers)


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, key = header.partition(" ")
    return key.strip() or None if scheme.lower() == "bearer" else None


def _request_id() -> str:
    return "req_" + uuid.uuid4().hex


def _refusal(exc: CompatError, request_id: str) -> Response:
    exc.headers.setdefault("x-request-id", request_id)
    return exc.response()


class CompatRoutes:
    """The compatibility routes over the gateway's fill path (see the module docstring)."""

    def __init__(self, fill: FillFn, served_model: Callable[[], Awaitable[ServedModel]], *,
                 check_key: Callable[[str], Awaitable[bool]] | None = None,
                 limit: Callable[[Request], Awaitable[None]] | None = None,
                 max_json_depth: int = 64, max_questions: int = decisions.MAX_QUESTIONS,
                 read_parts: ReadParts | None = None) -> None:
        self._fill = fill
        self._read_parts = read_parts
        self._served_model = served_model
        self._check_key = check_key
        self._limit = limit
        self.max_json_depth = max_json_depth
        self.max_questions = max_questions

    def router(self, *, serve_models: bool = False) -> APIRouter:
        router = APIRouter()
        for path, endpoint, summary in (
            (DECISIONS.path, self.post_decisions,
             "Answer predicate, choice and score questions (OpenAI Decisions shape)"),
            (SYSTEMONE.path, self.post_systemone,
             "Answer noul, choice and score questions (TypeSafe System One shape)"),
            (CHAT.path, self.post_chat_completions, "Fill a response_format JSON Schema (OpenAI Chat Completions)"),
            (RESPONSES.path, self.post_responses, "Fill a text.format JSON Schema (OpenAI Responses)"),
        ):
            router.add_api_route(path, endpoint, methods=["POST"], tags=["compatibility"], summary=summary,
                                 openapi_extra={**request_body(path), **RESPONSES_OF[path]})
        if serve_models:
            router.add_api_route("/v1/models", self.get_models, methods=["GET"], tags=["compatibility"],
                                 summary="Model names every client accepts")
        return router

    # -- routes -------------------------------------------------------------------------------

    async def post_decisions(self, request: Request) -> Response:
        request_id = _request_id()
        try:
            body, served = await self.admit(DECISIONS, request, decisions.requested_model)
            body = await self.read_media(DECISIONS, body)
            translation = decisions.translate_decisions(body, max_questions=self.max_questions)
            response = None
            if translation.needs_model:
                _, response = await self.fill(DECISIONS, translation.context, translation.schema(),
                                              translation.options, served, request=request)
            answer = decisions.shape_decisions(translation, response, served.model_id)
        except CompatError as exc:
            return _refusal(exc, request_id)
        return _json(answer, {"x-request-id": request_id})

    async def post_systemone(self, request: Request) -> Response:
        request_id = _request_id()
        try:
            body, served = await self.admit(SYSTEMONE, request, systemone.requested_model)
            translation = systemone.translate_systemone(body, max_questions=self.max_questions)
            response = None
            if translation.needs_model:
                _, response = await self.fill(SYSTEMONE, translation.context, translation.schema(),
                                              translation.options, served, request=request)
            answer = systemone.shape_systemone(translation, response, served.model_id)
        except CompatError as exc:
            return _refusal(exc, request_id)
        return _json(answer, {"x-request-id": request_id, "x-typesafe-request-id": request_id})

    async def post_chat_completions(self, request: Request) -> Response:
        request_id = _request_id()
        try:
            body, served = await self.admit(CHAT, request, openai_chat.requested_model)
            body = await self.read_media(CHAT, body)
            ask = openai_chat.translate_chat(body)
            plan, response = await self.fill(CHAT, ask.context, ask.schema, ask.options, served, label=ask.name,
                                             request=request)
        except CompatError as exc:
            return _refusal(exc, request_id)
        created = int(time.time())
        if ask.stream:
            events = openai_chat.chat_chunks(ask, plan.fingerprint, response, served.model_id, created)
            return Response(events, media_type="text/event-stream", headers={"x-request-id": request_id})
        answer = openai_chat.shape_chat(ask, plan.fingerprint, response, served.model_id, created)
        return _json(answer, {"x-request-id": request_id})

    async def post_responses(self, request: Request) -> Response:
        request_id = _request_id()
        try:
            body, served = await self.admit(RESPONSES, request, openai_responses.requested_model)
            body = await self.read_media(RESPONSES, body)
            ask = openai_responses.translate_responses(body)
            plan, response = await self.fill(RESPONSES, ask.context, ask.schema, ask.options, served,
                                             label=ask.name, request=request)
        except CompatError as exc:
            return _refusal(exc, request_id)
        answer = openai_responses.shape_response(ask, plan.fingerprint, response, served.model_id,
                                                 int(time.time()), body.get("instructions"))
        if ask.stream:
            return Response(openai_responses.response_events(answer), media_type="text/event-stream",
                            headers={"x-request-id": request_id})
        return _json(answer, {"x-request-id": request_id})

    async def get_models(self, request: Request) -> Response:
        try:
            served = await self._served_model()
        except ApiError as exc:
            return Response(json.dumps(exc.body()).encode(), status_code=exc.status, media_type=JSON,
                            headers=exc.headers)
        return _json(models_body(served), {})

    # -- steps every route takes --------------------------------------------------------------

    async def admit(self, dialect: Dialect, request: Request,
                    requested_model: Callable[[Any], str]) -> tuple[Any, ServedModel]:
        """The decoded body and the served model, once the caller and the model name are accepted.

        A body that is JSON but not an object is handed on as None: each dialect's
        `requested_model` refuses it in its own words."""
        if request.headers.get("content-type", "").lower().startswith("multipart/"):
            raise dialect.images_refused()
        if self._check_key is not None:
            key = _bearer(request)
            if key is None or not await self._check_key(key):
                raise dialect.unauthorized(key)
        try:
            if self._limit is not None:
                await self._limit(request)
            body = parse_json(await request.body(), self.max_json_depth)
        except ApiError as exc:
            if exc.status != 422:
                raise dialect.from_api_error(exc) from None
            body = None
        name = requested_model(body)
        try:
            served = await self._served_model()
        except ApiError as exc:
            raise dialect.from_api_error(exc) from None
        if name not in served.names and name not in dialect.models:
            raise dialect.unknown_model(name)
        return body, served

    async def read_media(self, dialect: Dialect, body: Any) -> Any:
        """The body with its image and file parts read to text (`gateway.compat.media`)."""
        if self._read_parts is None:
            return body
        try:
            return await read_media_parts(dialect.path, body, self._read_parts)
        except MediaError as exc:
            raise dialect.media_refused(exc) from None

    async def fill(self, dialect: Dialect, context: str, schema: dict[str, Any], options: FillOptions,
                   served: ServedModel, *, label: str = "", request: Request | None = None) -> tuple[Any, dict[str, Any]]:
        """(plan, assembled response) of one fill; the schema is compiled here, once. With the
        `request`, a client that disconnects first has the fill cancelled (`ClientGone`)."""
        try:
            plan = deg.compile_schema(schema)
        except SchemaError as exc:
            raise dialect.schema_refused(exc.errors, label) from None
        work = self._fill(context, plan, options, served.model_id)
        try:
            return plan, await (until_disconnected(request, work) if request is not None else work)
        except ApiError as exc:
            raise dialect.from_api_error(exc) from None


def build_compat_router(fill: FillFn, served_model: Callable[[], Awaitable[ServedModel]], *,
                        check_key: Callable[[str], Awaitable[bool]] | None = None,
                        limit: Callable[[Request], Awaitable[None]] | None = None,
                        max_json_depth: int = 64, max_questions: int = decisions.MAX_QUESTIONS,
                        serve_models: bool = False, read_parts: ReadParts | None = None) -> APIRouter:
    """The compatibility routes as a router to mount (`CompatRoutes.router`)."""
    routes = CompatRoutes(fill, served_model, check_key=check_key, limit=limit, max_json_depth=max_json_depth,
                          max_questions=max_questions, read_parts=read_parts)
    return routes.router(serve_models=serve_models)
