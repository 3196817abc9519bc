"""The HTTP filler: one `POST /v1/fill` of a running gateway per document (contract 9).

A filler is any callable `(context: str, schema: dict) -> response dict` (contract 8:
`{model, value, meta, usage, plan}`); the runner needs only `value`. This one is the
production path; `RuntimeFiller` runs a model runtime in this process (so a document's peak
memory is the model's own); tests inject plain functions.
"""
from __future__ import annotations

from typing import Any

import httpx


class FillerError(RuntimeError):
    """A fill that gave no usable response (transport error, non-2xx, not JSON)."""


class HttpFiller:
    def __init__(self, url: str, model: str = "deg-latest", timeout_s: float = 300.0,
                 transport: httpx.BaseTransport | None = None) -> None:
        self.endpoint = url.rstrip("/") + "/v1/fill"
        self.model = model
        self._client = httpx.Client(timeout=timeout_s, transport=transport)

    def __call__(self, context: str, schema: dict[str, Any]) -> dict[str, Any]:
        try:
            reply = self._client.post(self.endpoint, json={"context": context, "schema": schema,
                                                           "model": self.model})
        except httpx.HTTPError as error:
            raise FillerError(f"POST {self.endpoint} failed: {error}") from None
        if reply.status_code // 100 != 2:
            raise FillerError(f"POST {self.endpoint} -> HTTP {reply.status_code}: {reply.text[:500]}")
        try:
            body = reply.json()
        except ValueError:
            raise FillerError(f"POST {self.endpoint} answered non-JSON: {reply.text[:200]}") from None
        if not isinstance(body, dict):
            raise FillerError(f"POST {self.endpoint} answered {type(body).__name__}, not an object")
        return body

    def close(self) -> None:
        self._client.close()


class RuntimeFiller:
    """The in-process fill: compile, render, `Runtime.fill` (windowed past the trained
    positions), `deg.assemble` -> the same response body `/v1/fill` returns."""

    def __init__(self, runtime: Any) -> None:
        self.runtime = runtime

    def __call__(self, context: str, schema: dict[str, Any]) -> dict[str, Any]:
        from deg import FillOptions, assemble, compile_schema, render_context

        plan = compile_schema(schema)
        raw = self.runtime.fill(render_context(context), plan, FillOptions())
        return assemble(plan, raw, model=self.runtime.model_id)

    def close(self) -> None:
        pass
