"""Each row of the error table through real processes: an inference process raises the kind, the
gateway process answers its HTTP status; deadlines (a request's `timeout`, the computed one)
and admission (429 with a Retry-After from the queue)."""
from __future__ import annotations

import asyncio

import grpc
import httpx
import pytest

import degproto
from deg_service_procs import Processes, free_port
from gateway.settings import GatewaySettings

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

SCHEMA = {
    "type": "object",
    "properties": {"department": {"enum": ["billing", "other"]}, "order_id": {"type": ["string", "null"]}},
    "required": ["department"],
}


@pytest.fixture(scope="module")
def stack():
    started = Processes()
    try:
        _, address = started.inference()
        _, url = started.gateway(DEG_INFERENCE=address)
        yield url
    finally:
        started.stop_all()


def post(url: str, context: str, **extra) -> httpx.Response:
    return httpx.post(f"{url}/v1/fill", json={"context": context, "schema": SCHEMA, **extra},
                      timeout=60, trust_env=False)


ROWS = [
    # (context, extra body fields, HTTP status, error type, words the message must hold)
    ("#raise=ContextTooLong", {}, 413, "context_too_long", ["14425", "8192", "too long"]),
    ("#raise=ContextTooLarge", {}, 413, "context_too_long", ["ContextTooLarge", "14425"]),
    ("#raise=ContextMemoryError", {}, 413, "context_too_long", ["131072", "GiB"]),
    ("#raise=ValueError", {}, 422, "validation_error", ["ValueError"]),
    ("order_id: 1", {"model": "gpt-2"}, 422, "validation_error", ["unknown model 'gpt-2'"]),
    ("#fail", {}, 500, "fill_error", ["#fail"]),
    ("#raise=RuntimeError", {}, 502, "inference_error", ["INTERNAL", "RuntimeError"]),
    ("#crash", {}, 502, "inference_error", ["crashed"]),
    ("#raise=WeightsError", {}, 502, "inference_error", ["WeightsError"]),
    ("#sleep=3000 order_id: 1", {"timeout": 1}, 504, "timeout", ["the request's timeout of 1 s"]),
]


@pytest.mark.parametrize("context, extra, status, kind, words", ROWS, ids=[r[0] + str(r[1]) for r in ROWS])
def test_each_row_of_the_error_table_answers_its_status(stack, context, extra, status, kind, words):
    response = post(stack, context, **extra)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["type"] == kind
    for word in words:
        assert word in error["message"], error["message"]


def test_no_inference_backend_is_503(processes):
    _, url = processes.gateway(DEG_INFERENCE=f"127.0.0.1:{free_port()}")
    response = post(url, "order_id: 1")
    assert response.status_code == 503 and response.json()["error"]["type"] == "inference_unavailable"


@pytest.mark.parametrize("timeout", [0, 0.5, -1, "10", True, 10**9])
def test_a_timeout_that_is_not_a_positive_number_within_the_bound_is_422(stack, timeout):
    response = post(stack, "order_id: 1", timeout=timeout)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["errors"][0]["loc"] == ["timeout"] and "3600" in error["message"]


def test_a_timeout_long_enough_lets_a_slow_fill_finish(stack):
    response = post(stack, "#sleep=1200\norder_id: 5", timeout=30)
    assert response.status_code == 200, response.text
    assert response.json()["value"]["order_id"] == "5"


def test_the_computed_deadline_grows_with_the_context_and_the_fields_and_is_bounded():
    settings = GatewaySettings(request_timeout_s=60, timeout_per_1k_tokens_s=15, timeout_per_field_s=2,
                               max_timeout_s=600)
    assert settings.fill_deadline_s(0, 0) == 60
    assert settings.fill_deadline_s(4000, 0) == 75            # 1,000 tokens
    assert settings.fill_deadline_s(56_000, 10) == 60 + 15 * 14 + 20
    assert settings.fill_deadline_s(10**7, 10) == 600


def test_a_computed_deadline_bounds_the_wait_not_the_run_and_the_gateway_bound_is_504(processes):
    _, address = processes.inference()
    _, url = processes.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="0.5", DEG_MAX_TIMEOUT_S="1.5",
                               DEG_TIMEOUT_PER_1K_TOKENS_S="0", DEG_TIMEOUT_PER_FIELD_S="0")
    admitted = post(url, "#sleep=1000\norder_id: 3")              # runs past its 0.5 s: never cut by it
    assert admitted.status_code == 200 and admitted.json()["value"]["order_id"] == "3"
    response = post(url, "#sleep=2500 order_id: 1")               # runs past the gateway's bound
    assert response.status_code == 504
    message = response.json()["error"]["message"]
    assert "the gateway's bound of 1.5 s (DEG_MAX_TIMEOUT_S)" in message


def queue_depth(address: str) -> int:
    stubs = degproto.load()
    with grpc.insecure_channel(address, options=[("grpc.enable_http_proxy", 0)]) as channel:
        return stubs.grpc.InferenceStub(channel).Health(stubs.pb2.HealthRequest(), timeout=5).queue_depth


def test_a_queue_deeper_than_the_deadline_is_429_with_retry_after_from_the_queue(processes):
    _, address = processes.inference(DEG_MAX_BATCH="1", DEG_BATCH_WINDOW_MS="0")
    _, url = processes.gateway(DEG_INFERENCE=address)
    _, computed_url = processes.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="1",
                                        DEG_TIMEOUT_PER_1K_TOKENS_S="0", DEG_TIMEOUT_PER_FIELD_S="0")
    assert post(url, "#sleep=1000 warm-up").status_code == 200   # the service learns the time per job

    async def scenario():
        async with httpx.AsyncClient(timeout=60, trust_env=False) as client:
            background = [asyncio.create_task(client.post(
                f"{url}/v1/fill", json={"context": f"#sleep=1000 {i}", "schema": SCHEMA})) for i in range(3)]
            while await asyncio.to_thread(queue_depth, address) < 2:
                await asyncio.sleep(0.05)
            by_timeout = await client.post(f"{url}/v1/fill",
                                           json={"context": "order_id: 1", "schema": SCHEMA, "timeout": 1})
            by_work = await client.post(f"{computed_url}/v1/fill", json={"context": "order_id: 1", "schema": SCHEMA})
            return (by_timeout, by_work), await asyncio.gather(*background)

    refused, served = asyncio.run(scenario())
    for response in refused:   # the request's own timeout, and a deadline computed from the work
        assert response.status_code == 429, response.text
        error = response.json()["error"]
        assert error["type"] == "overloaded" and "deadline" in error["message"]
        assert int(response.headers["retry-after"]) >= 2           # two jobs of about a second each ahead
    assert [r.status_code for r in served] == [200, 200, 200]
