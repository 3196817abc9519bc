"""A 120k-token fill through the running services: the job API with its progress, then `/v1/fill`.

    .venv/bin/python benchmarks/long_fill_service.py [--tokens 120000] [--factory MODULE:CALLABLE]
        [--checkpoint DIR] [--redis redis://127.0.0.1:6379/0] [--poll-s 2]

Starts an inference service (`--factory`, default the real runtime `deg_model.runtime:load_runtime`
with `--checkpoint`, default the shipped heads; `tiny_runtime:load_tiny_runtime` is the real
runtime over tiny random weights from the test tree) and a gateway keeping jobs in Redis, on
loopback ports, then:
1. `POST /v1/fills` of a long document (`benchmarks.long_context_bench.document`: filler with
   six facts at depths 3%..96%, six extract fields) and `GET /v1/fills/{id}` every `--poll-s`
   seconds, printing each change of progress (tokens read of total, fields done of total)
   until the job is done;
2. the same body through `POST /v1/fill` with a `timeout` long enough for it.
Prints the seconds of each and the values read; stops both services when done.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
SHIPPED = str(REPO / "checkpoints" / "deg-smollm2-135m-0.10")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(args: list[str], env: dict[str, str], name: str) -> subprocess.Popen:
    log = tempfile.NamedTemporaryFile(prefix=f"deg-{name}-", suffix=".log", delete=False)
    print(f"{name}: log {log.name}", flush=True)
    return subprocess.Popen(args, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_http(url: str, proc: subprocess.Popen, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"a service exited with {proc.returncode}")
        try:
            if httpx.get(url + "/health", timeout=2, trust_env=False).json().get("inference", {}).get("status") == "ok":
                return
        except (httpx.HTTPError, ValueError, AttributeError):
            pass
        time.sleep(1)
    raise SystemExit(f"{url} not ready after {timeout_s} s")


def document_text(tokens: int) -> str:
    """The six-needle document of about `tokens` SmolLM2 tokens (the embedded tokenizer)."""
    from types import SimpleNamespace

    from transformers import AutoTokenizer

    from benchmarks.long_context_bench import document
    from deg_model.loading import build_embedded_cache, embedded_cache_dir

    directory = embedded_cache_dir()
    if not (directory / "tokenizer.json").is_file():
        build_embedded_cache(directory)
    holder = SimpleNamespace(layout=SimpleNamespace(tokenizer=AutoTokenizer.from_pretrained(str(directory))))
    return document(holder, tokens)


def run_job(url: str, body: dict, poll_s: float) -> tuple[dict, float]:
    t0 = time.perf_counter()
    accepted = httpx.post(f"{url}/v1/fills", json=body, timeout=60, trust_env=False)
    accepted.raise_for_status()
    location, last = accepted.headers["location"], None
    while True:
        record = httpx.get(url + location, timeout=60, trust_env=False).json()
        p = record["progress"]
        shown = (record["status"], p["tokens_read"], p["tokens_total"], p["fields_done"], p["fields_total"])
        if shown != last:
            print(f"  {time.perf_counter() - t0:8.1f} s  {record['status']:<8} tokens {p['tokens_read']:>7}/"
                  f"{p['tokens_total']:<7} fields {p['fields_done']}/{p['fields_total']}"
                  f"{'' if p['exact'] else ' (estimate)'}", flush=True)
            last = shown
        if record["status"] in ("done", "failed"):
            return record, time.perf_counter() - t0
        time.sleep(poll_s)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tokens", type=int, default=120_000)
    ap.add_argument("--factory", default="deg_model.runtime:load_runtime")
    ap.add_argument("--checkpoint", default=SHIPPED)
    ap.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    ap.add_argument("--poll-s", type=float, default=2.0)
    args = ap.parse_args()
    from benchmarks.long_context_bench import FACTS, GOLD

    env = {k: v for k, v in os.environ.items() if not k.startswith("DEG_")}
    env.update(PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "tests" / "services" / "inference")]),
               OMP_NUM_THREADS=env.get("OMP_NUM_THREADS", "1"), DEG_CHECKPOINT=args.checkpoint,
               DEG_LOG_LEVEL="WARNING", DEG_MAX_TIMEOUT_S="36000")
    grpc_port, http_port = free_port(), free_port()
    procs = [start([sys.executable, "-m", "services.inference", "--port", str(grpc_port), "--runtime-factory",
                    args.factory], env, "inference")]
    try:
        procs.append(start([sys.executable, "-m", "gateway", "--port", str(http_port)],
                           {**env, "DEG_INFERENCE": f"127.0.0.1:{grpc_port}", "DEG_REDIS_URL": args.redis,
                            "DEG_REDIS_PREFIX": f"deg-bench:{uuid.uuid4().hex[:8]}:", "DEG_CACHE_TTL_S": "0",
                            "DEG_JOB_HEARTBEAT_S": "5"}, "gateway"))
        url = f"http://127.0.0.1:{http_port}"
        wait_http(url, procs[-1], 900)
        schema = {"type": "object", "properties": {name: {"type": "string", "description": d} for name, d, _ in FACTS}}
        body = {"context": document_text(args.tokens), "schema": schema}
        print(f"document: {len(body['context'])} chars (about {args.tokens} tokens); factory {args.factory}", flush=True)
        record, job_s = run_job(url, body, args.poll_s)
        print(f"job API: {record['status']} in {job_s:.1f} s", json.dumps(record.get("error") or {}), flush=True)
        t0 = time.perf_counter()
        # no-cache: read the document again rather than reuse what the job left in any cache
        sync = httpx.post(f"{url}/v1/fill", json={**body, "timeout": 36000}, timeout=36000, trust_env=False,
                          headers={"Cache-Control": "no-cache"})
        sync_s = time.perf_counter() - t0
        print(f"/v1/fill: HTTP {sync.status_code} in {sync_s:.1f} s", flush=True)
        for name, result in (("job", record.get("result")), ("sync", sync.json() if sync.status_code == 200 else None)):
            if result:
                hits = sum(result["value"].get(k) == v for k, v in GOLD.items())
                print(f"{name}: usage {result['usage']}, needles {hits}/6, values "
                      f"{json.dumps(result['value'], ensure_ascii=False)[:400]}", flush=True)
    finally:
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
