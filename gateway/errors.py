"""One error shape for every non-2xx answer of the gateway.

    {"error": {"type": "<kind>", "message": "<what went wrong>", "errors": [{"loc": [...], "msg": "..."}]}}

`errors` is present only where several problems are listed (422). Kinds and statuses:

| type | status | when |
| --- | --- | --- |
| `invalid_json` | 400 | the body is not JSON, or nests deeper than the configured depth |
| `invalid_request` | 400 | a malformed `Content-Length` header |
| `unauthorized` | 401 | auth is on and the key is missing or unknown |
| `not_found` | 404 | `GET /v1/fills/{id}` of an unknown or expired job |
| `payload_too_large` | 413 | the body is larger than the configured limit |
| `context_too_long` | 413 | the context is longer than the model or its memory budget can read (the message names the limit and the length) |
| `unsupported_media_type` | 415 | `POST /v1/pdf/text` with a body that is not `application/pdf` |
| `validation_error` | 422 | unknown fields or options, wrong types, unknown model, bad context |
| `invalid_pdf` | 422 | `POST /v1/pdf/text`: not a PDF, encrypted, too many pages, or no text layer |
| `invalid_media` | 422 | a media item that is not base64, not what its type says, truncated or undecodable, an encrypted PDF, or media with no readable text (`gateway.media`) |
| `media_too_large` | 413 | a media item over `DEG_MEDIA_MAX_BYTES`, an image or page over `DEG_MEDIA_MAX_PIXELS`, more pages than `DEG_MEDIA_MAX_PAGES` or items than `DEG_MEDIA_MAX_ITEMS` (the message names the limit) |
| `schema_error` | 422 | the schema cannot be compiled (every problem listed) |
| `rate_limited` | 429 | the key used its requests for this minute (`Retry-After`) |
| `overloaded` | 429 | the inference queue is full, or the queue ahead outlasts the fill's deadline (`Retry-After` from the queue) |
| `fill_error` | 500 | the fill could not produce a valid value (contract: FillError) |
| `internal_error` | 500 | a fault in the gateway itself (logged with its traceback) |
| `inference_error` | 502 | the inference service failed in an unexpected way |
| `inference_unavailable` | 503 | no inference backend answers |
| `ocr_unavailable` | 503 | Tesseract, its language data or poppler is not installed on the gateway (the message names the package) |
| `store_unavailable` | 503 | a fill job cannot be stored or read: Redis does not answer |
| `timeout` | 504 | an admitted fill ran past its deadline (the request's `timeout`, or the one computed from the work) |

A failed fill job carries the same `{status, type, message}` in its record; `job_lost` (503)
is a job whose gateway stopped before it finished. The inference rows come from the one
error table, `degproto.errors`.
"""
from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from fastapi.responses import Response


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        kind: str,
        message: str,
        errors: list[dict[str, Any]] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.errors = errors
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        error: dict[str, Any] = {"type": self.kind, "message": self.message}
        if self.errors is not None:
            error["errors"] = self.errors
        return {"error": error}


def error_response(error: ApiError) -> Response:
    return Response(
        content=json.dumps(error.body(), ensure_ascii=False).encode(),
        status_code=error.status,
        media_type="application/json",
        headers=error.headers,
    )


async def api_error_handler(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc)
