"""Error bodies of the compatibility APIs, each in the shape its client parses.

- `/v1/decisions`, `/v1/chat/completions`, `/v1/responses` (OpenAI):
  `{"error": {"message", "type", "param", "code"}}`; the openai client turns the status into its exception class (400 BadRequestError, 401 AuthenticationError,
  404 NotFoundError, 429 RateLimitError...) and reads `error.message`.
- `/v1/systemone` (TypeSafe Jev): `{"detail": ...}` as live Jev answers it: a string for plain
  refusals (`Unknown model: X`, `Too many choices...`), `{"error_type": "api_usage_error",
  "message": ...}` for a request the API does not understand, `{"error_type": <the gateway's
  kind, e.g. fill_error, inference_unavailable>, "message": ...}` for a 5xx, and a list of
  `{type, loc, msg, input}` items for 422. The SDK reads `detail`, `detail.message` or the
  joined `msg`s.

`CompatError` carries a finished body, so the translation functions stay pure: they raise it
and the routes only serialize it.
"""
from __future__ import annotations

import json
from typing import Any

from fastapi.responses import Response

DECISIONS_PATH = "/v1/decisions"
SYSTEMONE_PATH = "/v1/systemone"
CHAT_PATH = "/v1/chat/completions"
RESPONSES_PATH = "/v1/responses"
OPENAI_PATHS = (DECISIONS_PATH, CHAT_PATH, RESPONSES_PATH)
USAGE_ERROR = "api_usage_error"


class CompatError(Exception):
    """A refusal with its status, its API-specific body and extra headers (`Retry-After`)."""

    def __init__(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        super().__init__(_message_of(body))
        self.status = status
        self.body = body
        self.headers = headers or {}

    def response(self) -> Response:
        return Response(json.dumps(self.body, ensure_ascii=False).encode(), status_code=self.status,
                        media_type="application/json", headers=self.headers)


def _message_of(body: dict[str, Any]) -> str:
    if isinstance(body.get("error"), dict):
        return str(body["error"].get("message"))
    return str(body.get("detail"))


# ---------------------------------------------------------------- OpenAI shape

OPENAI_TYPES = {400: "invalid_request_error", 401: "invalid_request_error", 403: "invalid_request_error",
                404: "invalid_request_error", 413: "invalid_request_error", 415: "invalid_request_error",
                422: "invalid_request_error", 429: "rate_limit_error"}


def openai_error(status: int, message: str, *, param: str | None = None, code: str | None = None,
                 headers: dict[str, str] | None = None) -> CompatError:
    kind = OPENAI_TYPES.get(status, "server_error")
    return CompatError(status, {"error": {"message": message, "type": kind, "param": param, "code": code}}, headers)


# ---------------------------------------------------------------- TypeSafe Jev shape


def jev_error(status: int, detail: Any, headers: dict[str, str] | None = None) -> CompatError:
    return CompatError(status, {"detail": detail}, headers)


def jev_usage_error(reason: str) -> CompatError:
    """400 `api_usage_error`; live Jev says only "Invalid request.", deg adds what was wrong."""
    return jev_error(400, {"error_type": USAGE_ERROR, "message": f"Invalid request. {reason}"})


def jev_validation_error(items: list[dict[str, Any]]) -> CompatError:
    """422 with pydantic-style `{type, loc, msg, input}` items, `loc` starting at `body`."""
    return jev_error(422, items)


def jev_item(kind: str, loc: list[str | int], msg: str, value: Any) -> dict[str, Any]:
    return {"type": kind, "loc": ["body", *loc], "msg": msg, "input": value}


# ---------------------------------------------------------------- by path


def error_for_path(path: str, status: int, kind: str, message: str,
                   headers: dict[str, str] | None = None) -> CompatError | None:
    """The refusal of a request to one of the decision routes in that route's shape, else None.

    Used by middleware (zstd, body limits) that runs before any route and so does not know
    which API it is refusing for.
    """
    if path in OPENAI_PATHS:
        return openai_error(status, message, code=kind, headers=headers)
    if path == SYSTEMONE_PATH:
        if status == 422:
            return jev_validation_error([jev_item(kind, [], message, None)])
        return jev_error(status, message, headers)
    return None
