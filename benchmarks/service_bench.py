"""Service figures on this machine: `/v1/fill` latency by context length, 16 concurrent clients
vs sequential, and the gateway's own overhead.

    .venv/bin/python -m benchmarks.service_bench [--factory module:callable] [--repeats 5]

It starts its own inference process (default runtime factory: the embedded SmolLM2 with the
shipped checkpoint or fresh heads) and a gateway without Redis (so no response cache: every
request reaches the model), on free loopback ports, and stops both at the end.

- latency: median end-to-end `/v1/fill` time for a 10-field schema (every mode: choice, noul,
  score, span, number, date, email, nullable choice, one generated field) over contexts of
  about 300, 1,000 and 4,000 SmolLM2 tokens; each request's context differs (an invoice
  number), so nothing is reused between requests.
- throughput: 16 different requests (the shortest context) sent one after another, then by 16
  concurrent clients; fills per second each way and the ratio.
- overhead: end-to-end time minus the inference service's own time, read from the gateway's
  `Server-Timing` header (`queue` + `run` as measured inside the inference service); what is
  left is HTTP, validation, compilation, gRPC and response assembly.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
SCHEMA = {
    "type": "object",
    "properties": {
        "department": {"enum": ["billing", "shipping", "returns", "other"]},
        "urgent": {"type": "boolean"},
        "priority": {"type": "integer", "minimum": 1, "maximum": 5},
        "customer": {"type": ["string", "null"], "maxLength": 60},
        "invoice_number": {"type": ["string", "null"]},
        "total": {"type": ["number", "null"]},
        "due_date": {"type": ["string", "null"], "format": "date"},
        "email": {"type": ["string", "null"], "format": "email"},
        "paid": {"type": ["boolean", "null"]},
        "summary": {"type": "string", "x-generate": True, "x-max-tokens": 8},
    },
    "required": ["department", "urgent", "priority", "summary"],
}
LENGTHS = (300, 1000, 4000)
CLIENTS = 16


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def tokenizer():
    from transformers import AutoTokenizer

    from deg_model.loading import build_embedded_cache, embedded_cache_dir

    directory = embedded_cache_dir()
    if not (directory / "tokenizer.json").is_file():
        build_embedded_cache(directory)
    return AutoTokenizer.from_pretrained(str(directory))


def make_context(tokens: int, variant: int, count_tokens) -> str:
    """An invoice thread of about `tokens` SmolLM2 tokens; `variant` changes its numbers."""
    head = (f"Invoice INV-{2024_000 + variant} from Acme Supplies to Dana Whitfield (dana.w{variant}@example.com).\n"
            f"Total due: ${1000 + variant * 17:,}.50, due March {1 + variant % 27}, 2026. Status: unpaid.\n")
    line = ("Customer wrote: the delivery of order {n} arrived late and one box was damaged; "
            "please check the billing and tell me when the refund is processed.\n")
    text, n = head, 0
    while count_tokens(text) < tokens:
        text += line.format(n=f"A-{variant}-{n}")
        n += 1
    return text


class Stack:
    """An inference process and a gateway on loopback ports; `close()` stops both."""

    def __init__(self, factory: str | None, *, inference_env: dict[str, str] | None = None,
                 gateway_env: dict[str, str] | None = None) -> None:
        """`gateway_env` replaces the default (a 600 s request timeout) when given."""
        self.procs: list[subprocess.Popen] = []
        self.logs: list[str] = []
        env = {k: v for k, v in os.environ.items() if not k.startswith("DEG_")}
        env.update(PYTHONPATH=str(REPO), DEG_LOG_LEVEL="WARNING", PYTHONUNBUFFERED="1")
        grpc_port, http_port = free_port(), free_port()
        inference = [sys.executable, "-m", "services.inference", "--port", str(grpc_port)]
        if factory:
            inference += ["--runtime-factory", factory]
        self._start(inference, {**env, **(inference_env or {})})
        self.url = f"http://127.0.0.1:{http_port}"
        gateway = gateway_env if gateway_env is not None else {"DEG_REQUEST_TIMEOUT_S": "600"}
        self._start([sys.executable, "-m", "gateway", "--port", str(http_port)],
                    {**env, "DEG_INFERENCE": f"127.0.0.1:{grpc_port}", **gateway})

    def _start(self, args: list[str], env: dict[str, str]) -> None:
        log = tempfile.NamedTemporaryFile(prefix="deg-bench-", suffix=".log", delete=False)
        self.logs.append(log.name)
        self.procs.append(subprocess.Popen(args, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT))

    def wait_ready(self, timeout_s: float = 900) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            for proc, log in zip(self.procs, self.logs):
                if proc.poll() is not None:
                    raise RuntimeError(f"{proc.args[2]} exited:\n{Path(log).read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/health", timeout=5, trust_env=False).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        raise RuntimeError("the suite did not become healthy in time")

    def close(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(5)


def timed_fill(client: httpx.Client, url: str, context: str) -> tuple[float, float]:
    """(end-to-end s, inference-service s) of one fill."""
    started = time.perf_counter()
    response = client.post(url + "/v1/fill", json={"context": context, "schema": SCHEMA})
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise RuntimeError(f"fill failed {response.status_code}: {response.text[:500]}")
    timing = {name: float(ms) for name, ms in
              (part.split(";dur=") for part in response.headers["server-timing"].split(", "))}
    return elapsed, (timing["queue"] + timing["run"]) / 1000.0


async def concurrent_fills(url: str, contexts: list[str]) -> float:
    async with httpx.AsyncClient(timeout=900, trust_env=False) as client:
        started = time.perf_counter()
        replies = await asyncio.gather(*[client.post(url + "/v1/fill", json={"context": c, "schema": SCHEMA})
                                         for c in contexts])
        elapsed = time.perf_counter() - started
    failed = [r.status_code for r in replies if r.status_code != 200]
    if failed:
        raise RuntimeError(f"{len(failed)} concurrent fills failed: {failed}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--factory", help="runtime factory (default: the inference service's own default)")
    parser.add_argument("--repeats", type=int, default=5, help="requests per context length (median)")
    parser.add_argument("--lengths", type=int, nargs="+", default=list(LENGTHS), help="context sizes in tokens")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be >= 1")

    tok = tokenizer()
    count = lambda text: len(tok(text, add_special_tokens=False)["input_ids"])  # noqa: E731
    stack = Stack(args.factory)
    try:
        load_started = time.perf_counter()
        stack.wait_ready()
        print(f"suite ready in {time.perf_counter() - load_started:.1f} s; {os.cpu_count()} CPUs")
        with httpx.Client(timeout=900, trust_env=False) as client:
            timed_fill(client, stack.url, make_context(50, 9999, count))        # warm-up
            overheads: list[float] = []
            print("context tokens | median e2e s | median inference s | median overhead ms")
            for length in args.lengths:
                runs = [timed_fill(client, stack.url, make_context(length, i, count)) for i in range(args.repeats)]
                overheads += [(e2e - inf) * 1000 for e2e, inf in runs]
                print(f"{length:>14} | {statistics.median(r[0] for r in runs):12.3f} | "
                      f"{statistics.median(r[1] for r in runs):18.3f} | "
                      f"{statistics.median((e - i) * 1000 for e, i in runs):18.1f}")
            contexts = [make_context(args.lengths[0], 100 + i, count) for i in range(CLIENTS)]
            started = time.perf_counter()
            for context in contexts:
                timed_fill(client, stack.url, context)
            sequential = time.perf_counter() - started
        together = asyncio.run(concurrent_fills(stack.url, contexts))
        health = httpx.get(stack.url + "/health", timeout=10, trust_env=False).json()["inference"]
        print(f"{CLIENTS} fills of {args.lengths[0]} tokens: sequential {sequential:.2f} s "
              f"({CLIENTS / sequential:.2f} fills/s); {CLIENTS} concurrent clients {together:.2f} s "
              f"({CLIENTS / together:.2f} fills/s); speed-up x{sequential / together:.2f}")
        print(f"batches run {health['batches_run']}, mean batch size {health['mean_batch_size']:.2f}")
        print(f"gateway overhead (e2e - inference service time): median {statistics.median(overheads):.1f} ms, "
              f"max {max(overheads):.1f} ms over {len(overheads)} fills")
    finally:
        stack.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
