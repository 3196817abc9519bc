"""`Client`: one method per gateway route, plain dicts in and out.

Errors: any non-2xx status raises `DegError` carrying the status and the parsed body (the
gateway's `{"error": {"type", "message", "errors"?}}`); a gateway that cannot be reached
raises `DegError` with status 0 and the connection problem as message, so callers handle one
exception type.
"""
from __future__ import annotations

from typing import Any

import httpx

DEFAULT_URL = "http://127.0.0.1:8790"


class DegError(Exception):
    def __init__(self, status: int, body: Any) -> None:
        self.status = status
        self.body = body
        super().__init__(f"deg gateway answered {status}: {self.message}" if status else self.message)

    @property
    def type(self) -> str | None:
        error = self.body.get("error") if isinstance(self.body, dict) else None
        return error.get("type") if isinstance(error, dict) else None

    @property
    def message(self) -> str:
        if isinstance(self.body, dict) and isinstance(self.body.get("error"), dict):
            error = self.body["error"]
            lines = [str(error.get("message", ""))]
            for item in error.get("errors") or []:
                loc = "/".join(str(p) for p in item.get("loc", [])) or "(root)"
                lines.append(f"  {loc}: {item.get('msg')}")
            return "\n".join(lines)
        return str(self.body)


class Client:
    def __init__(self, base_url: str = DEFAULT_URL, api_key: str | None = None, timeout: float = 120.0) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.base_url = base_url.rstrip("/")
        self._http = httpx.Client(base_url=self.base_url, headers=headers, timeout=timeout, trust_env=False)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _request(self, method: str, path: str, json: Any = None) -> Any:
        try:
            response = self._http.request(method, path, json=json)
        except httpx.HTTPError as exc:
            raise DegError(0, f"cannot reach the deg gateway at {self.base_url}: {exc}") from exc
        try:
            body = response.json()
        except ValueError:
            body = response.text
        if not response.is_success:
            raise DegError(response.status_code, body)
        return body

    def fill(self, context: Any, schema: dict[str, Any], options: dict[str, Any] | None = None,
             model: str | None = None) -> dict[str, Any]:
        """Fill `schema` from `context` (a string or any JSON value): `{model, value, meta, usage, plan}`."""
        payload: dict[str, Any] = {"context": context, "schema": schema}
        if options is not None:
            payload["options"] = options
        if model is not None:
            payload["model"] = model
        return self._request("POST", "/v1/fill", payload)

    def plan(self, schema: dict[str, Any]) -> dict[str, Any]:
        """The compiled fill plan of `schema` (no model runs)."""
        return self._request("POST", "/v1/plan", {"schema": schema})

    def models(self) -> dict[str, Any]:
        """The served model: `served` (its id), `aliases`, and the OpenAI-style `data` list."""
        return self._request("GET", "/v1/models")

    def health(self) -> dict[str, Any]:
        """Gateway, inference and Redis status. An unavailable inference raises DegError(503)."""
        return self._request("GET", "/health")
