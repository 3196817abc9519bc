"""The gateway as a real uvicorn process: overload, scale-out, inference faults, streamed bodies."""
from __future__ import annotations

import asyncio
import signal
import socket
import time

import grpc
import httpx
import pytest

import deg
import degproto
from deg_service_procs import free_port
from degproto.convert import options_to_pb, plan_to_pb

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

SCHEMA = {
    "type": "object",
    "properties": {"department": {"enum": ["billing", "other"]}, "order_id": {"type": ["string", "null"]}},
    "required": ["department"],
}


def fill(url: str, context: str, timeout: float = 30) -> httpx.Response:
    return httpx.post(f"{url}/v1/fill", json={"context": context, "schema": SCHEMA}, timeout=timeout, trust_env=False)


def jobs_run(address: str) -> int:
    stubs = degproto.load()
    with grpc.insecure_channel(address, options=[("grpc.enable_http_proxy", 0)]) as channel:
        return stubs.grpc.InferenceStub(channel).Health(stubs.pb2.HealthRequest(), timeout=5).jobs_run


def test_inference_killed_mid_request_is_503_then_recovers_after_restart(processes):
    port = free_port()
    inference, address = processes.inference(port)
    _, url = processes.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="30")
    assert fill(url, "order_id: 1").status_code == 200

    async def kill_during_request():
        async with httpx.AsyncClient(timeout=30, trust_env=False) as client:
            pending = asyncio.create_task(
                client.post(f"{url}/v1/fill", json={"context": "#sleep=3000", "schema": SCHEMA})
            )
            await asyncio.sleep(1.0)  # the job is inside the runtime now
            inference.kill()
            return await pending

    interrupted = asyncio.run(kill_during_request())
    assert interrupted.status_code == 503
    assert interrupted.json()["error"]["type"] == "inference_unavailable"
    assert fill(url, "order_id: 2").status_code == 503
    health = httpx.get(f"{url}/health", timeout=10, trust_env=False)
    assert health.status_code == 503 and health.json()["gateway"] == {"status": "ok"}

    processes.inference(port)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        response = fill(url, "order_id: 3")
        if response.status_code == 200:
            break
        time.sleep(0.2)
    assert response.status_code == 200, response.text
    assert response.json()["value"]["order_id"] == "3"


def test_two_inference_processes_behind_one_gateway_both_get_traffic(processes):
    _, first = processes.inference()
    _, second = processes.inference()
    _, url = processes.gateway(DEG_INFERENCE=f"{first},{second}")
    for i in range(12):
        assert fill(url, f"order_id: {i}").status_code == 200
    counts = jobs_run(first), jobs_run(second)
    assert sum(counts) == 12 and min(counts) >= 3, counts


def test_overloaded_inference_is_429_with_retry_after_and_accepted_requests_finish(processes):
    _, address = processes.inference(DEG_MAX_BATCH="1", DEG_MAX_PENDING="1", DEG_BATCH_WINDOW_MS="0")
    _, url = processes.gateway(DEG_INFERENCE=address)

    async def burst():
        async with httpx.AsyncClient(timeout=30, trust_env=False) as client:
            calls = [client.post(f"{url}/v1/fill", json={"context": f"#sleep=400 {i}", "schema": SCHEMA})
                     for i in range(6)]
            return await asyncio.gather(*calls)

    responses = asyncio.run(burst())
    statuses = sorted(r.status_code for r in responses)
    assert 429 in statuses and 200 in statuses and set(statuses) <= {200, 429}, statuses
    refused = [r for r in responses if r.status_code == 429]
    assert all(int(r.headers["retry-after"]) >= 1 and r.json()["error"]["type"] == "overloaded" for r in refused)


def test_streamed_body_over_the_limit_is_413_on_a_real_server(processes, inference_address):
    _, url = processes.gateway(DEG_INFERENCE=inference_address, DEG_MAX_BODY_BYTES="4096")

    def chunks():
        for _ in range(10):
            yield b" " * 1024

    response = httpx.post(f"{url}/v1/fill", content=chunks(), timeout=10, trust_env=False,
                          headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"]["type"] == "payload_too_large"
    docs = httpx.get(f"{url}/docs", timeout=10, trust_env=False)
    assert docs.status_code == 200 and "swagger" in docs.text.lower()
    openapi = httpx.get(f"{url}/openapi.json", timeout=10, trust_env=False).json()
    body = openapi["paths"]["/v1/fill"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == openapi["paths"]["/v1/fills"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    fill_request = openapi["components"]["schemas"][body["$ref"].rsplit("/", 1)[-1]]
    assert {"context", "schema", "timeout"} <= set(fill_request["properties"])


def test_gateway_stops_cleanly_on_sigterm(processes, inference_address):
    gateway, url = processes.gateway(DEG_INFERENCE=inference_address)
    # uvicorn shuts down, then re-raises the signal it caught: -SIGTERM, never SIGKILL's -9.
    assert gateway.stop(timeout=10) in (0, -signal.SIGTERM)
    with socket.socket() as sock:
        assert sock.connect_ex(("127.0.0.1", int(url.rsplit(":", 1)[1]))) != 0


def test_inference_sigterm_finishes_the_call_in_flight(processes):
    inference, address = processes.inference()
    stubs = degproto.load()
    plan = deg.compile_schema(SCHEMA)
    job = stubs.pb2.FillJob(context="#sleep=1500 order_id: 9", plan=plan_to_pb(plan), plan_fingerprint=plan.fingerprint,
                            options=options_to_pb(deg.FillOptions()))
    with grpc.insecure_channel(address, options=[("grpc.enable_http_proxy", 0)]) as channel:
        future = stubs.grpc.InferenceStub(channel).Fill.future(job, timeout=20)
        time.sleep(0.5)
        inference.popen.send_signal(signal.SIGTERM)
        assert future.result().status == stubs.pb2.JOB_STATUS_OK
    assert inference.popen.wait(15) == 0
