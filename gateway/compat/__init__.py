"""The APIs that existing clients use unchanged (contract 9.1).

- `POST /v1/decisions`: the OpenAI Decisions shape (`openai==3.51.0`, `client.decisions.create`);
- `POST /v1/systemone`: the TypeSafe System One shape (`typesafe-sdk==0.7.5`, `TypeSafeClient`);
- `POST /v1/chat/completions`, `POST /v1/responses`: OpenAI structured outputs
  (`client.chat.completions.parse(response_format=Model)`, `client.responses.parse(text_format=Model)`);
- `GET /v1/models`: one body every client parses (`models_body`).

Each request becomes one fill of one schema, so the input is read once. The translation
(`decisions`, `systemone`, `openai_chat`, `openai_responses`, shared `openai_format`,
`translate` and `render`) is pure; `routes` adds the HTTP side over the gateway's injected fill
path, `dialects` each API's refusals, `openapi_bodies` the documented request bodies and
`openapi_responses` the documented answers and refusals. `compat_error_response` lets
middleware that runs before the routes (body limit, zstd decompression) refuse in each
client's error shape.
"""
from __future__ import annotations

from starlette.responses import Response

from gateway.compat.errors import error_for_path
from gateway.compat.routes import ServedModel, build_compat_router, models_body
from gateway.errors import ApiError, error_response

__all__ = ["ServedModel", "build_compat_router", "compat_error_response", "models_body"]


def compat_error_response(path: str, status: int, kind: str, message: str) -> Response:
    """A middleware refusal in the shape of the route it was meant for (gateway shape elsewhere)."""
    shaped = error_for_path(path, status, kind, message)
    if shaped is None:
        return error_response(ApiError(status, kind, message))
    return shaped.response()
