"""What one `/v1/fill` costs outside the model: gRPC wire bytes per plan, and the gateway's CPU.

    .venv/bin/python -m benchmarks.wire_bench [--factory module:callable] [--fills 100]

Default runtime: the real fill runtime over tiny random weights
(`tests.services.inference.tiny_runtime:load_tiny_runtime`), so fills take milliseconds and
the figures are about the service, not the model.

- wire: the serialized size of the `Fill` request and response for four plans (one noul
  leaf; the service benchmark's 10-field schema; nested arrays of objects; 30 described
  enums), read from the messages the gateway's own client sends and receives (the gateway
  runs in-process against an inference process).
- overhead: over `--fills` fills of about 300 tokens through a gateway process, the median of
  end-to-end time minus the inference service's own time (`Server-Timing` queue + run), and
  the gateway process's CPU time per fill (user + system), which a busy machine disturbs
  much less than wall time.
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time

import httpx
import psutil
from fastapi.testclient import TestClient

from benchmarks import service_bench
from gateway.app import create_app
from gateway.settings import GatewaySettings

TINY_FACTORY = "tests.services.inference.tiny_runtime:load_tiny_runtime"
NESTED = {
    "type": "object",
    "properties": {
        "customer": {"type": ["string", "null"]},
        "orders": {"type": "array", "maxItems": 4, "items": {
            "type": "object",
            "properties": {
                "order_id": {"type": ["string", "null"]},
                "status": {"anyOf": [{"const": "open", "description": "still running"},
                                     {"const": "closed", "description": "delivered and paid"}]},
                "lines": {"type": "array", "maxItems": 3, "items": {
                    "type": "object",
                    "properties": {"sku": {"type": ["string", "null"]},
                                   "qty": {"type": ["integer", "null"], "minimum": 1, "maximum": 9}},
                }},
            },
        }},
        "note": {"type": "string", "x-generate": True, "x-max-tokens": 6},
    },
}
ENUMS = {"type": "object", "properties": {
    f"q{i}": {"description": f"question number {i} about the ticket", "enum": [f"answer-{j}" for j in range(8)]}
    for i in range(30)
}}
PLANS = {
    "one noul leaf": {"type": "object", "properties": {"urgent": {"type": "boolean"}}, "required": ["urgent"]},
    "10 fields, every mode": service_bench.SCHEMA,
    "nested arrays": NESTED,
    "30 described enums": ENUMS,
}
CONTEXT = ("Invoice INV-2024001 from Acme Supplies to Dana Whitfield (dana.w@example.com).\n"
           "Total due: $1,017.50, due March 2, 2026. Status: unpaid.\n"
           "order A-1: 2 x SKU-9, 1 x SKU-3 (closed). order A-2: 5 x SKU-1 (open).\n")


def inference_process(factory: str) -> tuple[subprocess.Popen, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEG_")}
    env.update(PYTHONPATH=str(service_bench.REPO), DEG_LOG_LEVEL="WARNING")
    args = [sys.executable, "-m", "services.inference", "--port", str(port), "--runtime-factory", factory]
    return subprocess.Popen(args, cwd=service_bench.REPO, env=env), f"127.0.0.1:{port}"


def wire_sizes(factory: str) -> None:
    process, address = inference_process(factory)
    try:
        with TestClient(create_app(GatewaySettings(inference=address, redis_url=""))) as client:
            deadline = time.monotonic() + 600
            while client.get("/health").status_code != 200:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the inference process did not become ready")
                time.sleep(0.5)
            inference = client.app.state.gateway.inference
            sizes: list[tuple[int, int]] = []
            fill = inference.stub.Fill

            async def measured(request, **kwargs):
                result = await fill(request, **kwargs)
                sizes.append((request.ByteSize(), result.ByteSize()))
                return result

            inference.stub.Fill = measured
            print(f"plan | Fill request bytes | Fill response bytes   (context: {len(CONTEXT.encode())} bytes)")
            for name, schema in PLANS.items():
                response = client.post("/v1/fill", json={"context": CONTEXT, "schema": schema})
                if response.status_code != 200:
                    raise RuntimeError(f"fill failed {response.status_code}: {response.text[:500]}")
                print(f"{name} | {sizes[-1][0]} | {sizes[-1][1]}")
    finally:
        process.terminate()
        process.wait(30)


def overhead(factory: str, fills: int) -> None:
    tok = service_bench.tokenizer()
    count = lambda text: len(tok(text, add_special_tokens=False)["input_ids"])  # noqa: E731
    contexts = [service_bench.make_context(300, i, count) for i in range(fills)]
    stack = service_bench.Stack(factory)
    try:
        stack.wait_ready()
        gateway = psutil.Process(stack.procs[1].pid)
        with httpx.Client(timeout=900, trust_env=False) as client:
            for i in range(5):  # warm-up
                service_bench.timed_fill(client, stack.url, service_bench.make_context(300, 9000 + i, count))
            before = gateway.cpu_times()
            runs = [service_bench.timed_fill(client, stack.url, context) for context in contexts]
            after = gateway.cpu_times()
    finally:
        stack.close()
    cpu_ms = (after.user - before.user + after.system - before.system) * 1000.0 / fills
    print(f"gateway overhead over {fills} fills: median {statistics.median((e - i) * 1000 for e, i in runs):.1f} ms "
          f"(e2e - inference service time); gateway CPU {cpu_ms:.2f} ms per fill")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--factory", default=TINY_FACTORY, help=f"runtime factory (default {TINY_FACTORY})")
    parser.add_argument("--fills", type=int, default=100, help="fills for the overhead figures")
    args = parser.parse_args(argv)
    if args.fills < 1:
        parser.error("--fills must be >= 1")
    wire_sizes(args.factory)
    overhead(args.factory, args.fills)
    return 0


if __name__ == "__main__":
    sys.exit(main())
