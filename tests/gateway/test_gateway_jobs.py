"""Fills as jobs through real processes: states, progress, the result equal to `/v1/fill`, the
Redis TTL, a killed inference worker, a gateway that died with a job running, auth, and a job
that waits its turn when the inference queue is full."""
from __future__ import annotations

import asyncio
import time

import grpc
import httpx
import pytest
import redis

import degproto
from deg_service_procs import REDIS_URL

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

SCHEMA = {
    "type": "object",
    "properties": {"department": {"enum": ["billing", "other"]}, "order_id": {"type": ["string", "null"]}},
    "required": ["department"],
}
POLL_LIMIT = 400  # reads of a job before a test gives up on it ending


def submit(url: str, context: str, headers=None, **extra) -> httpx.Response:
    return httpx.post(f"{url}/v1/fills", json={"context": context, "schema": SCHEMA, **extra},
                      headers=headers, timeout=30, trust_env=False)


def read(url: str, location: str, headers=None) -> httpx.Response:
    return httpx.get(url + location, headers=headers, timeout=30, trust_env=False)


def wait_until(url: str, location: str, statuses: tuple[str, ...]) -> dict:
    for _ in range(POLL_LIMIT):
        record = read(url, location).json()
        if record["status"] in statuses:
            return record
        time.sleep(0.05)
    raise AssertionError(f"job {location} never reached {statuses}: {record}")


@pytest.fixture
def redis_stack(processes, redis_prefix):
    _, address = processes.inference()
    _, url = processes.gateway(DEG_INFERENCE=address, DEG_REDIS_URL=REDIS_URL, DEG_REDIS_PREFIX=redis_prefix,
                               DEG_JOB_TTL_S="120", DEG_JOB_HEARTBEAT_S="0.5")
    return address, url


def test_a_job_goes_queued_or_running_then_done_with_the_body_fill_returns(redis_stack, redis_prefix):
    _, url = redis_stack
    accepted = submit(url, "#sleep=1500\norder_id: A-7")
    assert accepted.status_code == 202, accepted.text
    job_id = accepted.json()["id"]
    assert accepted.headers["location"] == f"/v1/fills/{job_id}" == accepted.json()["location"]
    assert accepted.json()["status"] in ("queued", "running")

    early = read(url, accepted.headers["location"]).json()
    assert early["status"] in ("queued", "running")
    assert early["progress"]["fields_done"] == 0 and "result" not in early
    if not early["progress"]["exact"]:                       # the gateway's estimate until reported
        assert early["progress"]["fields_total"] == 2 and "estimated" in early["progress"]["note"]

    # progress as the runtime reports it while the fill runs: exact, rising, below its totals
    seen = []
    for _ in range(POLL_LIMIT):
        record = read(url, accepted.headers["location"]).json()
        if record["status"] != "running" and seen:
            break
        if record["status"] == "running" and record["progress"]["exact"]:
            seen.append(record["progress"])
        time.sleep(0.05)
    reads = [p["tokens_read"] for p in seen]
    # How many distinct values a poller sees depends on the machine's load (the gateway writes
    # progress at most every 0.5 s); what must hold is exact figures, never going back.
    assert seen and reads == sorted(reads), seen
    assert all(p["tokens_total"] == 3 and p["fields_total"] == 2 for p in seen)    # 3 words, 2 fields
    assert min(reads) < 3 and all(p["fields_done"] <= p["fields_total"] for p in seen)

    done = wait_until(url, accepted.headers["location"], ("done", "failed"))
    assert done["status"] == "done", done
    assert done["progress"]["fields_done"] == 2 and done["progress"]["exact"] is True
    assert done["progress"]["tokens_read"] == done["progress"]["tokens_total"] == 3
    sync = httpx.post(f"{url}/v1/fill", json={"context": "#sleep=1500\norder_id: A-7", "schema": SCHEMA},
                      timeout=30, trust_env=False)
    assert sync.status_code == 200 and sync.json() == done["result"]
    assert done["result"]["value"]["order_id"] == "A-7"

    client = redis.Redis.from_url(REDIS_URL)
    ttl = client.ttl(f"{redis_prefix}fill:{job_id}")
    client.close()
    assert 0 < ttl <= 120


def test_an_unknown_job_is_404(redis_stack):
    _, url = redis_stack
    response = read(url, "/v1/fills/0123456789abcdef")
    assert response.status_code == 404 and response.json()["error"]["type"] == "not_found"


def test_a_job_whose_fill_fails_ends_failed_with_the_table_status(redis_stack):
    _, url = redis_stack
    location = submit(url, "#raise=ContextTooLong").headers["location"]
    record = wait_until(url, location, ("done", "failed"))
    assert record["status"] == "failed"
    assert record["error"]["status"] == 413 and record["error"]["type"] == "context_too_long"
    assert "14425" in record["error"]["message"]
    bad = submit(url, "x", timeout=-1)
    assert bad.status_code == 422                                   # refused before any job exists


def test_a_killed_inference_worker_fails_the_running_job(processes, redis_prefix):
    inference, address = processes.inference()
    _, url = processes.gateway(DEG_INFERENCE=address, DEG_REDIS_URL=REDIS_URL, DEG_REDIS_PREFIX=redis_prefix)
    location = submit(url, "#sleep=5000\norder_id: 1").headers["location"]
    assert wait_until(url, location, ("running",))["status"] == "running"
    inference.kill()
    record = wait_until(url, location, ("done", "failed"))
    assert record["status"] == "failed"
    assert record["error"]["status"] == 503 and record["error"]["type"] == "inference_unavailable"


def test_a_job_whose_gateway_died_is_failed_when_read_from_another(processes, redis_prefix):
    _, address = processes.inference()
    env = dict(DEG_INFERENCE=address, DEG_REDIS_URL=REDIS_URL, DEG_REDIS_PREFIX=redis_prefix,
               DEG_JOB_HEARTBEAT_S="0.3")
    first, first_url = processes.gateway(**env)
    location = submit(first_url, "#sleep=8000\norder_id: 1").headers["location"]
    assert wait_until(first_url, location, ("running",))["status"] == "running"
    first.kill()
    _, second_url = processes.gateway(**env)
    record = wait_until(second_url, location, ("done", "failed"))
    assert record["status"] == "failed" and record["error"]["type"] == "job_lost"
    assert "no heartbeat" in record["error"]["message"]
    assert read(second_url, location).json()["status"] == "failed"   # stored, not recomputed


def test_jobs_expire_after_their_ttl_and_need_a_key_when_auth_is_on(processes):
    _, address = processes.inference()
    _, url = processes.gateway(DEG_INFERENCE=address, DEG_JOB_TTL_S="1", DEG_AUTH="on", DEG_API_KEYS="k1")
    assert submit(url, "order_id: 1").status_code == 401
    key = {"Authorization": "Bearer k1"}
    accepted = submit(url, "order_id: 1", headers=key)
    assert accepted.status_code == 202
    location = accepted.headers["location"]
    assert read(url, location).status_code == 401
    for _ in range(POLL_LIMIT):
        response = read(url, location, headers=key)
        if response.status_code == 404:
            break
        assert response.json()["status"] in ("queued", "running", "done")
        time.sleep(0.05)
    assert response.status_code == 404


def test_a_job_refused_as_overloaded_waits_its_turn_and_finishes(processes, redis_prefix):
    inference, address = processes.inference(DEG_MAX_BATCH="1", DEG_MAX_PENDING="1", DEG_BATCH_WINDOW_MS="0")
    _, url = processes.gateway(DEG_INFERENCE=address, DEG_REDIS_URL=REDIS_URL, DEG_REDIS_PREFIX=redis_prefix)

    async def scenario():
        async with httpx.AsyncClient(timeout=60, trust_env=False) as client:
            busy = [asyncio.create_task(client.post(
                f"{url}/v1/fill", json={"context": f"#sleep=1200 {i}", "schema": SCHEMA})) for i in range(2)]
            while (await asyncio.to_thread(inference_health, address)).queue_depth < 1:
                await asyncio.sleep(0.02)
            accepted = await client.post(f"{url}/v1/fills",
                                         json={"context": "order_id: W-1", "schema": SCHEMA, "timeout": 60})
            return accepted, await asyncio.gather(*busy)

    accepted, busy = asyncio.run(scenario())
    assert [r.status_code for r in busy] == [200, 200]
    record = wait_until(url, accepted.headers["location"], ("done", "failed"))
    assert record["status"] == "done", record
    assert record["result"]["value"]["order_id"] == "W-1"
    assert record["progress"]["attempts"] >= 2                       # refused at least once, then served
    assert inference_health(address).jobs_rejected >= 1


def inference_health(address: str):
    stubs = degproto.load()
    with grpc.insecure_channel(address, options=[("grpc.enable_http_proxy", 0)]) as channel:
        return stubs.grpc.InferenceStub(channel).Health(stubs.pb2.HealthRequest(), timeout=5)
