"""A schema-based fuzzer (schemathesis) against the LIVE gateway: a uvicorn gateway process over
a real inference process (the rule-based test runtime), reading the document the gateway
serves at `/openapi.json`. For every documented operation, bounded examples generated from the
documented request (valid bodies, then bodies that break the documented schema) must get:

- no 5xx, except the contract's one 5xx for a request, a `fill_error` 500 (the fill could not
  produce a valid value: generated text the rule-based runtime writes as `"<key> text"` cannot
  meet a generated `pattern`/`minLength`); the documented-bodies test of test_openapi.py
  allows the same one;
- a status the document lists for the operation, its documented content type, and a body
  valid against the documented response schema (schemathesis' own conformance checks).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import (content_type_conformance, response_schema_conformance,
                                               status_code_conformance)

sys.path.insert(0, str(Path(__file__).parents[1]))

from deg_service_procs import Processes  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # real processes

OPERATIONS = [("POST", "/v1/fill"), ("POST", "/v1/fills"), ("GET", "/v1/fills/{job_id}"),
              ("DELETE", "/v1/fills/{job_id}"), ("POST", "/v1/plan"),
              ("GET", "/v1/models"), ("GET", "/health"), ("POST", "/v1/decisions"), ("POST", "/v1/systemone"),
              ("POST", "/v1/chat/completions"), ("POST", "/v1/responses"), ("POST", "/v1/pdf/text"),
              ("POST", "/v1/media/text")]
EXAMPLES = {GenerationMode.POSITIVE: 12, GenerationMode.NEGATIVE: 8}
# Bodies that break the documented schema, for the routes that take a JSON one (a GET's only
# input here is a string path parameter, and a PDF or image is any bytes: every value satisfies them).
BYTES_BODIES = ("/v1/pdf/text", "/v1/media/text")
RUNS = [(method, path, mode) for method, path in OPERATIONS for mode in EXAMPLES
        if mode is GenerationMode.POSITIVE or (method == "POST" and path not in BYTES_BODIES)]


@pytest.fixture(scope="module")
def live():
    started = Processes()
    try:
        _, address = started.inference()
        _, url = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="30")
        yield url, schemathesis.openapi.from_url(url + "/openapi.json")
    finally:
        started.stop_all()


def test_the_fuzzer_covers_every_documented_operation(live):
    _, schema = live
    documented = sorted((op.ok().method.upper(), op.ok().path) for op in schema.get_all_operations())
    assert documented == sorted(OPERATIONS)


def fill_error(response) -> bool:
    """The contract's one 5xx for a request: a `fill_error` 500, in the route's error shape."""
    if response.status_code != 500:
        return False
    body = json.loads(response.content)
    error, detail = body.get("error") or {}, body.get("detail")    # OpenAI / gateway shapes; SystemOne's
    kinds = (error.get("type"), error.get("code"), detail.get("error_type") if isinstance(detail, dict) else None)
    return "fill_error" in kinds


def no_server_error(ctx, response, case) -> None:
    if response.status_code >= 500 and not fill_error(response):
        raise AssertionError(f"{case.method} {case.path} -> {response.status_code}: {response.content[:500]!r}\n"
                             f"body sent: {case.body!r}"[:3000])


CHECKS = [no_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.mark.parametrize("method,path,mode", RUNS, ids=[f"{m} {p} {mode.value}" for m, p, mode in RUNS])
def test_generated_requests_get_documented_answers_and_no_server_error(live, method, path, mode):
    url, schema = live
    operation = schema[path][method]
    statuses: list[int] = []

    @settings(max_examples=EXAMPLES[mode], derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case):
        if isinstance(case.body, dict) and isinstance(case.body.get("model"), str) and len(statuses) % 2 == 0:
            case.body["model"] = "deg-latest"       # half of them ask for the served model by name
        response = case.call(base_url=url, timeout=30)
        statuses.append(response.status_code)
        case.validate_response(response, checks=CHECKS)

    run()
    assert statuses, "no request was sent"
    if mode is GenerationMode.NEGATIVE:
        assert any(400 <= status < 500 for status in statuses), statuses   # broken bodies are refused


def test_job_records_are_answered_as_documented_running_done_and_failed(live):
    """The fuzzer cannot guess a job id; a submitted job is read until it ends, done or failed."""
    import time

    import httpx
    import jsonschema

    from schema_strategy import inline_refs

    url, _ = live
    document = httpx.get(url + "/openapi.json", trust_env=False).json()
    documented = inline_refs(document["paths"]["/v1/fills/{job_id}"]["get"]["responses"]["200"], document)
    record_schema = documented["content"]["application/json"]["schema"]
    fine = {"type": "object", "properties": {"urgent": {"type": "boolean"}}}
    unfillable = {"type": "object", "properties": {"note": {"type": "string", "x-generate": True, "minLength": 60}},
                  "required": ["note"]}   # the rule-based runtime writes "note text": a fill_error
    ended = {}
    for name, schema in (("fine", fine), ("unfillable", unfillable)):
        accepted = httpx.post(url + "/v1/fills", json={"context": "urgent? yes", "schema": schema}, trust_env=False)
        assert accepted.status_code == 202, accepted.text
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            record = httpx.get(url + accepted.headers["location"], trust_env=False).json()
            jsonschema.validate(record, record_schema)
            if record["status"] in ("done", "failed"):
                ended[name] = record
                break
            time.sleep(0.05)
    assert ended["fine"]["status"] == "done" and ended["fine"]["result"]["value"]["urgent"] in (True, False)
    assert ended["unfillable"]["status"] == "failed"
    assert (ended["unfillable"]["error"]["status"], ended["unfillable"]["error"]["type"]) == (500, "fill_error")
