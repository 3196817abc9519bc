"""Work nobody waits for stops: a client that closes its connection during a long fill has
the fill cancelled, and the inference runtime drops the job at its next window; a job of
`/v1/fills` runs on without its client until `DELETE /v1/fills/{id}` stops it.

Real processes: the real runtime over tiny random weights reading contexts in windows of 64
tokens (`tiny_runtime.load_tiny_held_runtime`), whose `#hold=<path>` marker holds a job after
its first window until it is cancelled, so the client leaves while the job is known to run.
What is asserted is the runtime's own count of the work done for the cancelled job (rounds and
window reads, from the inference service's Health), never seconds.
"""
from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import grpc
import httpx
import pytest

import degproto
from deg_service_procs import Processes

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

HELD_RUNTIME_FACTORY = "tiny_runtime:load_tiny_held_runtime"
TINY_MODEL = "deg-tiny-random-0.1"
FILLER = ("The committee reviewed the annual report and noted several routine matters about parking, "
          "lunch menus and the holiday schedule. ")
SCHEMA = {"type": "object", "properties": {"urgent": {"type": "boolean"},
                                           "team": {"enum": ["billing", "tech", "sales"]},
                                           "order_id": {"type": ["string", "null"]}},
          "required": ["urgent", "team"]}
POLLS = 1200     # looks (every 0.05 s) before a test gives up waiting for something to happen


def long_context(marker: Path) -> str:
    """About 1,500 tokens, so about 27 windows of 64, held after its first window."""
    return f"#hold={marker}\nOrder A-7 is urgent.\n" + FILLER * 60


@pytest.fixture(scope="module")
def stack():
    started = Processes()
    try:
        _, address = started.inference(factory=HELD_RUNTIME_FACTORY, ready_timeout=180)
        _, url = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="120", DEG_JOB_HEARTBEAT_S="0.5")
        yield address, url
    finally:
        started.stop_all()


def health(address: str):
    stubs = degproto.load()
    with grpc.insecure_channel(address, options=[("grpc.enable_http_proxy", 0)]) as channel:
        return stubs.grpc.InferenceStub(channel).Health(stubs.pb2.HealthRequest(), timeout=10)


def wait_for(predicate, what: str):
    for _ in range(POLLS):
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def post_and_leave(url: str, path: str, body: dict, marker: Path) -> None:
    """Send the request on a raw connection, wait until its job holds, then close the connection."""
    host, port = url.removeprefix("http://").split(":")
    payload = json.dumps(body).encode()
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(payload)}\r\n\r\n".encode() + payload)
        wait_for(marker.exists, f"the job of {path} reading its first window")
        sock.shutdown(socket.SHUT_RDWR)


def metric(url: str, line_start: str) -> float:
    text = httpx.get(f"{url}/metrics", timeout=10, trust_env=False).text
    values = [float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(line_start)]
    return values[0] if values else 0.0


def chat_body(context: str) -> dict:
    return {"model": TINY_MODEL, "messages": [{"role": "user", "content": context}],
            "response_format": {"type": "json_schema", "json_schema": {"name": "ticket", "schema": SCHEMA}}}


@pytest.mark.parametrize("path, body_of", [
    ("/v1/fill", lambda context: {"context": context, "schema": SCHEMA}),
    ("/v1/chat/completions", chat_body),
], ids=["fill", "chat.completions"])
def test_a_client_that_leaves_has_its_fill_dropped_at_the_next_window(stack, tmp_path, path, body_of):
    address, url = stack
    before = health(address)
    disconnects = metric(url, 'deg_gateway_fills_cancelled_total{reason="disconnect"}')
    marker = tmp_path / "held"
    post_and_leave(url, path, body_of(long_context(marker)), marker)
    after = wait_for(lambda: (h := health(address)).cancelled_windows > before.cancelled_windows and h,
                     "the runtime dropping the cancelled job")
    assert after.jobs_cancelled == before.jobs_cancelled + 1
    # The job read its first window (where it was held when the client left), then stopped
    # before the next: one round begun, one window read of ~27.
    assert after.cancelled_rounds - before.cancelled_rounds == 1
    assert after.cancelled_windows - before.cancelled_windows == 1
    assert int(marker.read_text()) <= 64
    assert after.queue_depth == 0
    assert metric(url, 'deg_gateway_fills_cancelled_total{reason="disconnect"}') == disconnects + 1
    assert metric(url, "deg_inference_cancelled_windows_total") == after.cancelled_windows
    # The service serves on: a small fill is answered.
    small = httpx.post(f"{url}/v1/fill", json={"context": "Order B-1, not urgent.", "schema": SCHEMA},
                       timeout=120, trust_env=False)
    assert small.status_code == 200, small.text


def test_a_job_runs_on_without_its_client_until_it_is_deleted(stack, tmp_path):
    address, url = stack
    before = health(address)
    marker = tmp_path / "held"
    accepted = httpx.post(f"{url}/v1/fills", json={"context": long_context(marker), "schema": SCHEMA},
                          timeout=30, trust_env=False)
    assert accepted.status_code == 202, accepted.text
    location = accepted.headers["location"]
    wait_for(marker.exists, "the job reading its first window")          # its client has long gone
    running = httpx.get(url + location, timeout=30, trust_env=False).json()
    assert running["status"] == "running"
    assert health(address).jobs_cancelled == before.jobs_cancelled       # a job is not its connection

    stopped = httpx.delete(url + location, timeout=30, trust_env=False)
    assert stopped.status_code == 200, stopped.text
    assert stopped.json()["status"] == "cancelled" and stopped.json()["id"] == accepted.json()["id"]
    after = wait_for(lambda: (h := health(address)).cancelled_windows > before.cancelled_windows and h,
                     "the runtime dropping the deleted job")
    assert after.jobs_cancelled == before.jobs_cancelled + 1
    assert after.cancelled_windows - before.cancelled_windows == 1
    assert httpx.get(url + location, timeout=30, trust_env=False).json()["status"] == "cancelled"
    again = httpx.delete(url + location, timeout=30, trust_env=False)      # nothing left to stop
    assert again.status_code == 200 and again.json()["status"] == "cancelled"
    assert metric(url, 'deg_gateway_fills_cancelled_total{reason="deleted"}') == 1.0
    missing = httpx.delete(f"{url}/v1/fills/no-such-job", timeout=30, trust_env=False)
    assert missing.status_code == 404 and missing.json()["error"]["type"] == "not_found"
    openapi = httpx.get(f"{url}/openapi.json", timeout=30, trust_env=False).json()
    documented = openapi["paths"]["/v1/fills/{job_id}"]["delete"]["responses"]
    assert {"200", "202", "404"} <= set(documented)
