"""`Client`: one method per gateway route, plain dicts in and out.

Errors: any non-2xx status raises `DegError` carrying the status and the parsed body (the
gateway's `{"error": {"type", "message", "errors"?}}`); a gateway that cannot be reached
raises `DegError` with status 0 and the connection problem as message, so callers handle one
exception type. A fill job that ends `failed` raises `DegError` with the job's error status and
`{"error": {"type", "message"}}`, exactly as `/v1/fill` would have answered.

Long inputs: `fill` sends a context longer than `job_threshold_chars` (JSON text length for
a JSON context) through the job API (`POST /v1/fills`, then `GET /v1/fills/{id}` until it is
done or failed), polling every `POLL_FIRST_S` growing to `POLL_MAX_S`, and calls `progress`
with each record it reads; `job=True`/`False` forces one way. A poll refused with 429 waits
the `Retry-After` and goes on.
"""
from __future__ import annotations

import json
import time
from typing import Any, Callable

import httpx

DEFAULT_URL = "http://127.0.0.1:8790"
JOB_THRESHOLD_CHARS = 32_000   # about 8,000 tokens: past it a fill runs as a job
POLL_FIRST_S = 0.25
POLL_MAX_S = 2.0


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
    def __init__(self, base_url: str = DEFAULT_URL, api_key: str | None = None, timeout: float = 120.0,
                 job_threshold_chars: int = JOB_THRESHOLD_CHARS) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.base_url = base_url.rstrip("/")
        self.job_threshold_chars = job_threshold_chars
        self._http = httpx.Client(base_url=self.base_url, headers=headers, timeout=timeout, trust_env=False)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _send(self, method: str, path: str, json: Any = None) -> httpx.Response:
        try:
            return self._http.request(method, path, json=json)
        except httpx.HTTPError as exc:
            raise DegError(0, f"cannot reach the deg gateway at {self.base_url}: {exc}") from exc

    @staticmethod
    def _body(response: httpx.Response) -> Any:
        try:
            body = response.json()
        except ValueError:
            body = response.text
        if not response.is_success:
            raise DegError(response.status_code, body)
        return body

    def _request(self, method: str, path: str, json: Any = None) -> Any:
        return self._body(self._send(method, path, json))

    def fill(self, context: Any, schema: Any, options: dict[str, Any] | None = None,
             model: str | None = None, *, timeout: float | None = None, job: bool | None = None,
             progress: Callable[[dict[str, Any]], None] | None = None) -> Any:
        """Fill `schema` from `context` (a string or any JSON value): `{model, value, meta, usage, plan}`.

        `schema` may also be a pydantic model class (anything with `model_json_schema` and
        `model_validate`): its JSON Schema is sent and the filled value comes back as a
        validated instance of it (pydantic's ValidationError if the model's own validators
        refuse a value its schema allows).

        `timeout`: the fill's deadline in seconds, sent to the gateway (default: one computed
        from the work). `job`: run through the job API (default: when the context is longer
        than `job_threshold_chars`); `progress` then gets every job record polled."""
        if _is_model(schema):
            result = self.fill(context, schema.model_json_schema(), options, model,
                               timeout=timeout, job=job, progress=progress)
            return schema.model_validate(result["value"])
        payload: dict[str, Any] = {"context": context, "schema": schema}
        if options is not None:
            payload["options"] = options
        if model is not None:
            payload["model"] = model
        if timeout is not None:
            payload["timeout"] = timeout
        if job is None:
            job = self.is_long(context)
        if not job:
            return self._request("POST", "/v1/fill", payload)
        return self.wait_job(self._request("POST", "/v1/fills", payload)["id"], progress)

    def is_long(self, context: Any) -> bool:
        """Whether `fill` sends this context through the job API by default."""
        text = context if isinstance(context, str) else json.dumps(context, ensure_ascii=False)
        return len(text) > self.job_threshold_chars

    def job(self, job_id: str) -> dict[str, Any]:
        """One read of a fill job: `{id, status, progress, result?, error?}`."""
        return self._request("GET", f"/v1/fills/{job_id}")

    def wait_job(self, job_id: str, progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Poll a fill job until it ends; its result, or DegError with the job's error."""
        interval = POLL_FIRST_S
        while True:
            response = self._send("GET", f"/v1/fills/{job_id}")
            if response.status_code == 429:
                time.sleep(float(response.headers.get("retry-after", "1")))
                continue
            record = self._body(response)
            if progress is not None:
                progress(record)
            if record["status"] == "done":
                return record["result"]
            if record["status"] == "failed":
                error = record.get("error") or {}
                raise DegError(int(error.get("status", 500)),
                               {"error": {"type": error.get("type"), "message": error.get("message", "")}})
            time.sleep(interval)
            interval = min(POLL_MAX_S, interval * 1.5)

    def plan(self, schema: dict[str, Any]) -> dict[str, Any]:
        """The compiled fill plan of `schema` (no model runs)."""
        return self._request("POST", "/v1/plan", {"schema": schema})

    def models(self) -> dict[str, Any]:
        """The served model: `served` (its id), `aliases`, and the OpenAI-style `data` list."""
        return self._request("GET", "/v1/models")

    def health(self) -> dict[str, Any]:
        """Gateway, inference and Redis status. An unavailable inference raises DegError(503)."""
        return self._request("GET", "/health")


def _is_model(schema: Any) -> bool:
    """A pydantic model class (duck-typed: the SDK does not import pydantic)."""
    return isinstance(schema, type) and callable(getattr(schema, "model_json_schema", None)) \
        and callable(getattr(schema, "model_validate", None))
