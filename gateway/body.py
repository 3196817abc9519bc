"""Request bodies: size limit, JSON parsing with a depth limit, and pydantic errors as `{loc, msg}`.

`BodyLimitMiddleware` refuses a body over the limit with 413 whether the client declared it
(`Content-Length`) or streamed it (chunked): the body is read up to the limit and replayed to
the app, so no route ever sees more than `max_body_bytes`. Refusals are built by
`error_response(path, status, kind, message)`, so each route's clients get their own error shape
(the app passes `gateway.compat.compat_error_response`); the gateway's shape by default.

Depth: JSON nested deeper than `max_json_depth` is refused with 400 before validation, so a
hostile `[[[[...]]]]` cannot exhaust the recursion of the parser or of the schema compiler.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from fastapi.responses import Response

from gateway.errors import ApiError, error_response

BODY_METHODS = {"POST", "PUT", "PATCH"}


def too_large(limit: int) -> ApiError:
    return ApiError(413, "payload_too_large", f"request body is larger than the {limit}-byte limit")


ErrorResponder = Callable[[str, int, str, str], Response]


def _gateway_error(path: str, status: int, kind: str, message: str) -> Response:
    return error_response(ApiError(status, kind, message))


class BodyLimitMiddleware:
    def __init__(self, app: Any, max_body_bytes: int, error_response: ErrorResponder | None = None) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.error_response = error_response or _gateway_error

    def refuse(self, scope: dict, error: ApiError) -> Response:
        return self.error_response(scope.get("path", ""), error.status, error.kind, error.message)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] not in BODY_METHODS:
            await self.app(scope, receive, send)
            return
        limit = self.max_body_bytes
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None:
            try:
                too_big = int(declared) > limit
            except ValueError:
                await self.refuse(scope, ApiError(400, "invalid_request", "Content-Length is not a number"))(
                    scope, receive, send)
                return
            if too_big:
                await self.refuse(scope, too_large(limit))(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self.refuse(scope, too_large(limit))(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> dict:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _depth_exceeds(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            if depth > limit:
                return True
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children)
    return False


def parse_json(raw: bytes, max_depth: int) -> Any:
    if not raw:
        raise ApiError(400, "invalid_json", "request body is empty; send a JSON object")
    try:
        value = json.loads(raw)
    except RecursionError:
        raise ApiError(400, "invalid_json", f"request body nests deeper than {max_depth} levels") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ApiError(400, "invalid_json", f"request body is not valid JSON: {exc}") from None
    if _depth_exceeds(value, max_depth):
        raise ApiError(400, "invalid_json", f"request body nests deeper than {max_depth} levels")
    if not isinstance(value, dict):
        raise ApiError(422, "validation_error", "request body must be a JSON object",
                       errors=[{"loc": [], "msg": "the request body must be a JSON object"}])
    return value
