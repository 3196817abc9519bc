"""Every gateway route in-process (TestClient) against a real inference process and real Redis."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
import redis
from fastapi.testclient import TestClient

import deg
from deg_service_procs import REDIS_URL, REPO, base_env, free_port
from gateway.app import create_app
from gateway.compat import ServedModel, models_body
from gateway.settings import GatewaySettings

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

SCHEMA = {
    "type": "object",
    "properties": {
        "department": {"enum": ["billing", "shipping", "other"], "description": "which team handles it"},
        "urgent": {"type": "boolean"},
        "order_id": {"type": ["string", "null"]},
        "total": {"type": ["number", "null"]},
        "reply": {"type": "string", "x-generate": True, "maxLength": 40},
    },
    "required": ["department", "urgent", "reply"],
}
CONTEXT = "order_id: A-1042\ntotal: $1,234.50\nIs it urgent? yes"


def client_for(**settings) -> TestClient:
    return TestClient(create_app(GatewaySettings(**settings)))


@pytest.fixture
def gateway(inference_address, redis_prefix):
    with client_for(inference=inference_address, redis_url=REDIS_URL, redis_prefix=redis_prefix) as client:
        yield client


def test_fill_answers_value_meta_usage_and_plan(gateway):
    response = gateway.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["model"] == "deg-test-0.1"
    assert body["value"] == {
        "department": "billing", "urgent": True, "order_id": "A-1042", "total": 1234.5, "reply": "reply text",
    }
    assert body["meta"]["/department"]["probabilities"] == [0.6, 0.2, 0.2]
    assert body["meta"]["/order_id"]["span"] == [10, 16]
    assert CONTEXT[10:16] == "A-1042"
    assert body["meta"]["/reply"] == {"mode": "generate", "generated_tokens": 2}
    assert body["usage"]["generated_tokens"] == 2
    assert body["plan"] == deg.compile_schema(SCHEMA).fingerprint


def test_second_identical_fill_is_served_from_redis_byte_identical(gateway, redis_prefix):
    payload = {"context": CONTEXT, "schema": SCHEMA, "options": {"date_order": "DMY"}}
    first = gateway.post("/v1/fill", json=payload)
    second = gateway.post("/v1/fill", json=payload)
    assert (first.status_code, second.status_code) == (200, 200)
    assert first.headers["x-deg-cache"] == "miss" and second.headers["x-deg-cache"] == "hit"
    assert first.content == second.content
    assert len(list(redis.Redis.from_url(REDIS_URL).scan_iter(match=redis_prefix + "fill:*"))) == 1
    # The alias and the model id share entries; other options do not.
    by_id = gateway.post("/v1/fill", json={**payload, "model": "deg-test-0.1"})
    assert by_id.headers["x-deg-cache"] == "hit" and by_id.content == first.content
    other = gateway.post("/v1/fill", json={**payload, "options": {"date_order": "MDY"}})
    assert other.headers["x-deg-cache"] == "miss"


def test_explain_reaches_the_runtime_and_comes_back_in_meta_under_its_own_cache_entry(gateway):
    plain = gateway.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA})
    told = gateway.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA, "options": {"explain": True}})
    assert (plain.status_code, told.status_code) == (200, 200), told.text
    assert told.headers["x-deg-cache"] == "miss"                    # not the plain fill's entry
    body, bare = told.json(), plain.json()
    assert body["value"] == bare["value"]
    explained = {p for p, m in body["meta"].items() if "explain" in m}
    assert explained == {"/department", "/urgent", "/order_id", "/total"}   # every decided or copied leaf
    assert {p: {k: v for k, v in m.items() if k != "explain"} for p, m in body["meta"].items()} == bare["meta"]
    department = body["meta"]["/department"]["explain"]
    assert department["winner"]["value"] == "billing" and department["winner"]["probability"] == 0.6
    assert department["terms"][0]["name"] == "rule"
    assert body["meta"]["/order_id"]["explain"]["winner"]["span"] == [10, 16]
    assert not any("explain" in m for m in bare["meta"].values())
    refused = gateway.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA, "options": {"explain": "yes"}})
    assert refused.status_code == 422 and "explain" in refused.text


def test_cache_control_no_cache_and_no_store_reach_the_response_and_trunk_caches(gateway, redis_prefix):
    payload = {"context": CONTEXT + "\n#kept", "schema": SCHEMA}
    stored = lambda: len(list(redis.Redis.from_url(REDIS_URL).scan_iter(match=redis_prefix + "fill:*")))  # noqa: E731
    cold = gateway.post("/v1/fill", json=payload, headers={"Cache-Control": "no-store"})
    assert cold.status_code == 200 and cold.headers["x-deg-cache"] == "miss"
    assert cold.json()["usage"]["cached_tokens"] == 0 and stored() == 0     # neither cache kept it
    first = gateway.post("/v1/fill", json=payload)
    assert first.headers["x-deg-cache"] == "miss" and first.content == cold.content and stored() == 1
    hit = gateway.post("/v1/fill", json=payload)
    assert hit.headers["x-deg-cache"] == "hit" and hit.content == first.content
    bypass = gateway.post("/v1/fill", json=payload, headers={"Cache-Control": "No-Cache, max-age=0"})
    assert bypass.headers["x-deg-cache"] == "bypass"
    assert bypass.content == first.content                                  # the model ran, cold (cached 0)
    other = gateway.post("/v1/fill", json={**payload, "schema": {**SCHEMA, "required": ["urgent", "reply"]}})
    usage = other.json()["usage"]
    assert other.headers["x-deg-cache"] == "miss" and usage["cached_tokens"] == usage["prompt_tokens"] > 0
    assert usage["fork_tokens"] == len(deg.compile_schema(SCHEMA).fields)


def test_cache_control_directives_are_read_case_insensitively():
    from gateway.cache import CacheControl

    assert CacheControl.of(None) == CacheControl()
    assert CacheControl.of("NO-STORE, no-cache") == CacheControl(no_cache=True, no_store=True)
    assert CacheControl.of("max-age=0, private") == CacheControl()
    assert CacheControl.of('no-cache="set-cookie"') == CacheControl(no_cache=True)


def test_structured_outputs_read_the_fill_cache_entry_of_the_same_context_and_schema(gateway):
    fill = gateway.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA})
    fmt = {"name": "ticket", "schema": SCHEMA, "strict": True}
    chat = gateway.post("/v1/chat/completions", json={
        "model": "deg-latest", "messages": [{"role": "user", "content": CONTEXT}],
        "response_format": {"type": "json_schema", "json_schema": fmt}})
    responses = gateway.post("/v1/responses", json={"model": "deg-test-0.1", "input": CONTEXT,
                                                    "text": {"format": {"type": "json_schema", **fmt}}})
    assert (fill.headers["x-deg-cache"], chat.status_code, responses.status_code) == ("miss", 200, 200)
    value = fill.json()["value"]
    assert json.loads(chat.json()["choices"][0]["message"]["content"]) == value
    assert json.loads(responses.json()["output"][0]["content"][0]["text"]) == value
    prompt_tokens = fill.json()["usage"]["prompt_tokens"]
    assert chat.json()["usage"]["prompt_tokens"] == responses.json()["usage"]["input_tokens"] == prompt_tokens
    assert 'deg_gateway_cache_total{result="hit"} 2.0' in gateway.get("/metrics").text


def test_structured_outputs_refuse_in_openai_shape(gateway):
    ask = {"model": "deg-latest", "messages": [{"role": "user", "content": CONTEXT}]}
    free_chat = gateway.post("/v1/chat/completions", json=ask)
    assert free_chat.status_code == 400 and "json_schema" in free_chat.json()["error"]["message"]
    unknown = gateway.post("/v1/chat/completions", json={**ask, "model": "gpt-4o", "response_format": {
        "type": "json_schema", "json_schema": {"name": "t", "schema": SCHEMA}}})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "model_not_found"
    unfillable = gateway.post("/v1/responses", json={"model": "deg-latest", "input": "x", "text": {"format": {
        "type": "json_schema", "name": "t", "schema": {"type": "object", "properties": {"a": {"allOf": []}}}}}})
    assert unfillable.status_code == 400 and unfillable.json()["error"]["param"] == "text.format"


def test_unknown_field_and_unknown_option_are_422_with_locations(gateway):
    response = gateway.post("/v1/fill", json={"context": "x", "schema": SCHEMA, "colour": 1,
                                              "options": {"max_new_token": 3}})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["type"] == "validation_error"
    assert {"loc": ["colour"], "msg": "unknown field 'colour'"} in error["errors"]
    assert {"loc": ["options", "max_new_token"], "msg": "unknown option 'max_new_token'"} in error["errors"]


def test_schema_errors_are_422_listing_every_problem(gateway):
    bad = {"type": "object", "properties": {
        "a": {"type": "integer", "x-generate": True},
        "b": {"type": "string", "x-genrate": True},
        "c": {"allOf": [{"type": "string"}]},
    }}
    response = gateway.post("/v1/fill", json={"context": "x", "schema": bad, "options": {"strict_schema": True}})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["type"] == "schema_error"
    locs = [tuple(item["loc"]) for item in error["errors"]]
    assert len(error["errors"]) >= 3
    for name in ("a", "b", "c"):
        assert any(name in loc for loc in locs), (name, locs)
    plan = gateway.post("/v1/plan", json={"schema": bad, "strict_schema": True})
    assert plan.status_code == 422 and plan.json()["error"]["errors"] == error["errors"]
    loose = gateway.post("/v1/plan", json={"schema": bad}).json()["error"]["errors"]
    assert [tuple(item["loc"]) for item in loose] == [("properties", "a", "x-generate"), ("properties", "b", "x-genrate")]
    assert "did you mean x-generate?" in loose[1]["msg"]


def test_every_remaining_loose_refusal_is_a_422_naming_the_keyword(gateway):
    import importlib.util

    path = REPO / "tests" / "deg" / "test_schema_refusals.py"
    spec = importlib.util.spec_from_file_location("schema_refusals", path)
    refusals = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(refusals)
    REFUSALS = refusals.REFUSALS
    for name, (schema, loc, advice) in REFUSALS.items():
        for route, body in (("/v1/plan", {"schema": schema}),
                            ("/v1/fill", {"context": "x", "schema": schema})):
            response = gateway.post(route, json=body)
            assert response.status_code == 422, (name, route, response.text)
            error = response.json()["error"]
            assert error["type"] == "schema_error"
            (item,) = [e for e in error["errors"] if e["loc"] == loc]
            assert advice in item["msg"], (name, item)


def test_loose_schema_fills_with_warnings_and_strict_refuses_it(gateway):
    schema = {**SCHEMA, "properties": {**SCHEMA["properties"],
                                       "order_id": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
                                       "kind": {"const": "ticket", "example": "ticket"},
                                       "tags": {"type": "object", "additionalProperties": {"type": "string"}}}}
    plan = gateway.post("/v1/plan", json={"schema": schema})
    assert plan.status_code == 200, plan.text
    warnings = plan.json()["warnings"]
    assert {w["pointer"] for w in warnings} == {"/properties/order_id/anyOf", "/properties/kind/example", "/properties/tags"}
    response = gateway.post("/v1/fill", json={"context": CONTEXT, "schema": schema})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["value"]["kind"] == "ticket" and body["value"]["tags"] == {}
    assert body["value"]["order_id"] == "A-1042"  # the integer branch refused the span, the string one took it
    assert body["meta"]["/kind"] == {"mode": "const", "confidence": 1.0}
    assert body["warnings"] == warnings
    strict = gateway.post("/v1/fill", json={"context": CONTEXT, "schema": schema, "options": {"strict_schema": True}})
    assert strict.status_code == 422 and strict.json()["error"]["type"] == "schema_error"
    # Nothing to ask the model: constants only, and a root that is not an object.
    constants = gateway.post("/v1/fill", json={"context": CONTEXT, "schema": {"type": "object", "properties": {"v": {"const": 1}}}})
    assert constants.status_code == 200, constants.text
    assert constants.json()["value"] == {"v": 1}
    root = gateway.post("/v1/fill", json={"context": "value: A-1042", "schema": {"type": "string", "description": "the order id"}})
    assert root.status_code == 200, root.text
    assert root.json()["value"] == "A-1042" and list(root.json()["meta"]) == [""]


def test_unknown_model_is_422(gateway):
    response = gateway.post("/v1/fill", json={"context": "x", "schema": SCHEMA, "model": "gpt-2"})
    assert response.status_code == 422
    assert "unknown model 'gpt-2'" in response.json()["error"]["message"]


def test_fill_error_is_500_with_a_clear_body(gateway):
    required_extract = {"type": "object", "properties": {"invoice": {"type": "string"}}, "required": ["invoice"]}
    response = gateway.post("/v1/fill", json={"context": "nothing here", "schema": required_extract})
    assert response.status_code == 500
    error = response.json()["error"]
    assert error["type"] == "fill_error" and "/invoice" in error["message"]
    in_runtime = gateway.post("/v1/fill", json={"context": "#fail", "schema": SCHEMA})
    assert in_runtime.status_code == 500
    assert in_runtime.json()["error"] == {
        "type": "fill_error", "message": "fill failed: the test runtime was asked to fail this job (#fail)",
    }


def test_invalid_json_and_deep_nesting_are_400(gateway):
    broken = gateway.post("/v1/fill", content=b'{"context": ', headers={"content-type": "application/json"})
    assert broken.status_code == 400 and broken.json()["error"]["type"] == "invalid_json"
    deep = '{"context": "x", "schema": ' + '{"a": ' * 100 + "1" + "}" * 100 + "}"
    nested = gateway.post("/v1/fill", content=deep.encode(), headers={"content-type": "application/json"})
    assert nested.status_code == 400 and "deeper than 64" in nested.json()["error"]["message"]
    very_deep = "[" * 200_000 + "]" * 200_000
    hostile = gateway.post("/v1/plan", content=very_deep.encode())
    assert hostile.status_code == 400
    not_object = gateway.post("/v1/fill", json=[1, 2])
    assert not_object.status_code == 422


def test_body_over_the_limit_is_413_declared_or_streamed(inference_address):
    with client_for(inference=inference_address, max_body_bytes=1000) as client:
        declared = client.post("/v1/fill", content=b"x" * 2000, headers={"content-type": "application/json"})
        assert declared.status_code == 413 and declared.json()["error"]["type"] == "payload_too_large"
        streamed = client.post("/v1/fill", content=iter([b"{" + b" " * 600, b" " * 600 + b"}"]))
        assert streamed.status_code == 413
        small = client.post("/v1/plan", json={"schema": {"type": "object", "properties": {"a": {"type": "boolean"}}}})
        assert small.status_code == 200
        metrics = client.get("/metrics").text
        assert 'deg_gateway_requests_total{method="POST",route="/v1/fill",status="413"} 2.0' in metrics
        # Each route's clients read the refusal in their own error shape.
        for path in ("/v1/chat/completions", "/v1/responses", "/v1/decisions"):
            refused = client.post(path, content=b"x" * 2000, headers={"content-type": "application/json"})
            assert refused.status_code == 413 and refused.json()["error"] == {
                "message": "request body is larger than the 1000-byte limit", "type": "invalid_request_error",
                "param": None, "code": "payload_too_large"}
        refused = client.post("/v1/systemone", content=iter([b" " * 600, b" " * 600]))
        assert refused.status_code == 413 and refused.json() == {
            "detail": "request body is larger than the 1000-byte limit"}


def test_plan_route_compiles_without_the_model(gateway):
    response = gateway.post("/v1/plan", json={"schema": SCHEMA})
    assert response.status_code == 200
    expected = {**deg.compile_schema(SCHEMA).to_dict(), "warnings": []}
    assert response.json() == json.loads(json.dumps(expected))
    assert gateway.post("/v1/plan", json={"schema": SCHEMA, "context": "x"}).status_code == 422


def test_models_lists_the_served_names(gateway):
    response = gateway.get("/v1/models")
    assert response.status_code == 200
    body = response.json()
    expected = models_body(ServedModel("deg-test-0.1", ("deg-latest",)))
    assert body == {**expected, "served": "deg-test-0.1", "aliases": ["deg-latest"]}
    assert body["object"] == "list"
    names = [entry["id"] for entry in body["data"]]
    assert names[:2] == ["deg-test-0.1", "deg-latest"]
    assert [entry["name"] for entry in body["models"]] == names


def test_health_reports_gateway_inference_and_redis(gateway):
    gateway.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA})
    response = gateway.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["gateway"] == {"status": "ok"} and body["redis"] == {"status": "ok"}
    assert body["inference"]["status"] == "ok" and body["inference"]["model_id"] == "deg-test-0.1"
    assert body["inference"]["jobs_run"] >= 1 and body["inference"]["mean_batch_size"] >= 1
    assert body["inference"]["max_batch"] == 16 and body["inference"]["batch_window_ms"] == 5.0


def test_metrics_count_routes_statuses_cache_and_batches(gateway):
    payload = {"context": CONTEXT + " metrics", "schema": SCHEMA}
    gateway.post("/v1/fill", json=payload)
    gateway.post("/v1/fill", json=payload)
    gateway.post("/v1/fill", json={"context": "x", "schema": SCHEMA, "bad": 1})
    text = gateway.get("/metrics").text
    assert 'deg_gateway_requests_total{method="POST",route="/v1/fill",status="200"} 2.0' in text
    assert 'deg_gateway_requests_total{method="POST",route="/v1/fill",status="422"} 1.0' in text
    assert 'deg_gateway_cache_total{result="hit"} 1.0' in text
    assert 'deg_gateway_cache_total{result="miss"} 1.0' in text
    assert "deg_inference_batch_size_count 1.0" in text
    assert 'deg_gateway_request_seconds_count{route="/v1/fill"} 3.0' in text


def test_rate_limit_is_429_with_retry_after(inference_address, redis_prefix):
    with client_for(inference=inference_address, redis_url=REDIS_URL, redis_prefix=redis_prefix,
                    rate_limit_per_minute=2) as client:
        body = {"schema": SCHEMA}
        statuses = [client.post("/v1/plan", json=body).status_code for _ in range(3)]
        assert statuses[:2] == [200, 200]
        limited = client.post("/v1/plan", json=body)
        assert limited.status_code == 429 and limited.json()["error"]["type"] == "rate_limited"
        assert 1 <= int(limited.headers["retry-after"]) <= 60
        other_key = client.post("/v1/plan", json=body, headers={"X-API-Key": "another-client"})
        assert other_key.status_code == 200  # limits are per key


def test_auth_requires_a_known_key(inference_address):
    with client_for(inference=inference_address, auth=True, api_keys=("s3cret",)) as client:
        body = {"schema": SCHEMA}
        assert client.post("/v1/plan", json=body).status_code == 401
        assert client.post("/v1/plan", json=body, headers={"Authorization": "Bearer wrong"}).status_code == 401
        assert client.post("/v1/plan", json=body, headers={"Authorization": "Bearer s3cret"}).status_code == 200
        assert client.get("/health").status_code == 200  # probes need no key


def test_inference_down_is_503_and_the_gateway_still_answers():
    with client_for(inference=f"127.0.0.1:{free_port()}", request_timeout_s=5) as client:
        response = client.post("/v1/fill", json={"context": "x", "schema": SCHEMA})
        assert response.status_code == 503
        assert response.json()["error"]["type"] == "inference_unavailable"
        health = client.get("/health")
        assert health.status_code == 503 and health.json()["inference"]["status"] == "unavailable"
        assert client.post("/v1/plan", json={"schema": SCHEMA}).status_code == 200  # no model needed


def test_redis_going_away_mid_run_costs_only_the_cache(inference_address, processes):
    redis_process, url = processes.redis()
    with client_for(inference=inference_address, redis_url=url) as client:
        payload = {"context": CONTEXT, "schema": SCHEMA}
        assert client.post("/v1/fill", json=payload).headers["x-deg-cache"] == "miss"
        assert client.post("/v1/fill", json=payload).headers["x-deg-cache"] == "hit"
        redis_process.kill()
        after = client.post("/v1/fill", json=payload)
        assert after.status_code == 200 and after.headers["x-deg-cache"] == "miss"
        health = client.get("/health").json()
        assert health["status"] == "degraded" and health["redis"] == {"status": "unavailable"}


def test_settings_refuse_unusable_values():
    from degcommon.settings import SettingsError

    with pytest.raises(SettingsError, match="needs DEG_REDIS_URL"):
        GatewaySettings(rate_limit_per_minute=5)
    with pytest.raises(SettingsError, match="IP literals"):
        GatewaySettings(inference="alpha:1,beta:2")
    with pytest.raises(SettingsError, match="DEG_PORT='x'"):
        GatewaySettings.from_env({"DEG_PORT": "x"})
    settings = GatewaySettings.from_env({"DEG_INFERENCE": "127.0.0.1:1,127.0.0.1:2", "DEG_AUTH": "on",
                                         "DEG_API_KEYS": "a, b"})
    assert settings.grpc_target == "ipv4:127.0.0.1:1,127.0.0.1:2"
    assert settings.api_keys == ("a", "b") and settings.auth
    assert GatewaySettings.from_env({}).port == 8790


def test_the_gateway_never_imports_torch():
    code = (
        "import sys; from gateway.app import create_app; from gateway.settings import GatewaySettings; "
        "create_app(GatewaySettings()); import degsdk; "
        "assert 'torch' not in sys.modules, 'torch was imported'; print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=base_env(),
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
