"""Serving figures, each a ratio against its peer measured in the same run on this machine:

    .venv/bin/python -m benchmarks.serving_bench --checkpoint checkpoints/deg-smollm2-135m-0.10

It starts its own inference process and gateway (no Redis, so no response cache unless
`--redis`) on free loopback ports, and stops both at the end.

1. trunk cache: a second schema over an already-read ~2,000-token document vs a cold fill of
   that same schema (`Cache-Control: no-cache, no-store`), median over `--docs` documents;
   `usage.cached_tokens` must equal the prompt tokens on the warm fill, 0 on the cold.
2. batching: 16 different requests (~300 tokens each) one after another, then from 16
   concurrent clients; requests/s each way, the ratio, the median latency of a lone fill
   (one after another), and whether every concurrent answer is
   byte-identical to its lone answer (all with no-cache, no-store: nothing is reused).
3. fork tokens: `usage.fork_tokens` per request (median), and, in this process on the same
   checkpoint with the servers idle, fork-row tokens/s (time inside `Backbone.fork_many`) vs
   trunk prefill tokens/s (time inside `Backbone.prefill`) over the same fills.
   (timed on the first 4 requests' contexts)
4. overload: a bounded open-loop load at `--overload` x the throughput measured in 2, for
   `--overload-requests` requests; every request must answer 200, or 429 with Retry-After;
   counts of each, of 504s and of requests that got no answer at all.

The machine is shared: figures move with other load; the ratios are what to read.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time

import httpx

from benchmarks.service_bench import SCHEMA, Stack, make_context, tokenizer

COLD = {"Cache-Control": "no-cache, no-store"}
SECOND = {  # another schema over the same document: different questions, same trunk
    "type": "object",
    "properties": {
        "customer": {"type": ["string", "null"]},
        "late": {"type": "boolean"},
        "tone": {"enum": ["calm", "annoyed", "angry"]},
        "refund_asked": {"type": "boolean"},
    },
    "required": ["late", "tone", "refund_asked"],
}
CLIENTS = 16


def fill(client: httpx.Client, url: str, context: str, schema: dict, headers: dict | None = None):
    started = time.perf_counter()
    response = client.post(url + "/v1/fill", json={"context": context, "schema": schema}, headers=headers or {})
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise RuntimeError(f"fill failed {response.status_code}: {response.text[:500]}")
    return elapsed, response


def trunk_cache_section(client, url, docs: list[str]) -> None:
    cold_s, warm_s, cached_ok = [], [], []
    for doc in docs:
        cold, cold_r = fill(client, url, doc, SECOND, COLD)              # SECOND read cold
        fill(client, url, doc, SCHEMA)                                   # the first schema reads the document
        warm, warm_r = fill(client, url, doc, SECOND)                    # the second schema over it
        cu, wu = cold_r.json()["usage"], warm_r.json()["usage"]
        cached_ok.append(cu["cached_tokens"] == 0 and wu["cached_tokens"] == wu["prompt_tokens"] > 0)
        same = cold_r.json()["value"] == warm_r.json()["value"] and cold_r.json()["meta"] == warm_r.json()["meta"]
        cached_ok[-1] = cached_ok[-1] and same
        cold_s.append(cold)
        warm_s.append(warm)
    c, w = statistics.median(cold_s), statistics.median(warm_s)
    print(f"[trunk cache] {len(docs)} docs of {wu['prompt_tokens']} prompt tokens: second schema cold {c:.2f} s, "
          f"over the read document {w:.2f} s -> x{w / c:.2f} (target <= 0.30); "
          f"cached_tokens = prompt tokens and outcomes equal: {all(cached_ok)}")


async def concurrent(url: str, contexts: list[str]) -> tuple[float, list[httpx.Response]]:
    async with httpx.AsyncClient(timeout=900, trust_env=False) as client:
        started = time.perf_counter()
        replies = await asyncio.gather(*[client.post(url + "/v1/fill", json={"context": c, "schema": SCHEMA},
                                                     headers=COLD) for c in contexts])
        return time.perf_counter() - started, replies


def batching_section(client, url, contexts: list[str]) -> tuple[float, list[int]]:
    started = time.perf_counter()
    timed = [fill(client, url, c, SCHEMA, COLD) for c in contexts]
    sequential = time.perf_counter() - started
    lone = [response for _, response in timed]
    together, replies = asyncio.run(concurrent(url, contexts))
    identical = all(r.status_code == 200 and r.content == a.content for r, a in zip(replies, lone))
    health = httpx.get(url + "/health", timeout=10, trust_env=False).json()["inference"]
    seq_rps, con_rps = len(contexts) / sequential, len(contexts) / together
    print(f"[batching] {len(contexts)} requests: sequential {seq_rps:.3f} req/s, {CLIENTS} concurrent clients "
          f"{con_rps:.3f} req/s -> x{con_rps / seq_rps:.2f} (target >= 1.8); byte-identical: {identical}; "
          f"batches {health['batches_run']}, mean batch {health['mean_batch_size']:.2f}; "
          f"median lone fill {statistics.median(s for s, _ in timed):.3f} s")
    return con_rps, [r.json()["usage"]["fork_tokens"] for r in lone]


def kernel_rates(checkpoint: str, contexts: list[str], fork_tokens: list[int]) -> None:
    """Fork-row tokens/s vs trunk prefill tokens/s, timed inside the backbone on the same fills."""
    import deg
    from deg_model.runtime import load_runtime

    rt = load_runtime(checkpoint or None)
    plan = deg.compile_schema(SCHEMA)
    spent = {"prefill": 0.0, "fork": 0.0, "fork_tokens": 0, "prefill_tokens": 0}
    prefill, fork_many = rt.backbone.prefill, rt.backbone.fork_many

    def timed_prefill(ids, **kw):
        started = time.perf_counter()
        try:
            return prefill(ids, **kw)
        finally:
            spent["prefill"] += time.perf_counter() - started
            spent["prefill_tokens"] += int(ids.shape[0])

    def timed_fork(parts, **kw):
        started = time.perf_counter()
        try:
            return fork_many(parts, **kw)
        finally:
            spent["fork"] += time.perf_counter() - started
            spent["fork_tokens"] += sum(int(row.shape[0]) for _, rows in parts for row in rows)

    rt.backbone.prefill, rt.backbone.fork_many = timed_prefill, timed_fork
    for context in contexts[:4]:
        rt.fill(deg.render_context(context), plan)
    fork_rate = spent["fork_tokens"] / spent["fork"]
    prefill_rate = spent["prefill_tokens"] / spent["prefill"]
    print(f"[fork tokens] median {statistics.median(fork_tokens):.0f} fork tokens per request "
          f"(prompt ~{spent['prefill_tokens'] // len(contexts[:4])} tokens); fork rows {fork_rate:.0f} tokens/s vs "
          f"trunk prefill {prefill_rate:.0f} tokens/s -> x{fork_rate / prefill_rate:.2f} (target >= 1.0; "
          f"fork time includes decode-step-free fork passes only)")


async def overload_section(url: str, contexts: list[str], rate: float, total: int) -> None:
    """Open-loop arrivals at `rate` req/s; every request must get 200 or 429 + Retry-After."""
    outcomes: list[str] = []

    async def one(client, context):
        try:
            r = await client.post(url + "/v1/fill", json={"context": context, "schema": SCHEMA}, headers=COLD)
        except httpx.HTTPError as exc:
            outcomes.append(f"lost:{type(exc).__name__}")
            return
        if r.status_code == 429:
            outcomes.append("429" if r.headers.get("retry-after", "").isdigit() else "429-no-retry-after")
        else:
            outcomes.append(str(r.status_code))

    async with httpx.AsyncClient(timeout=900, trust_env=False,
                                 limits=httpx.Limits(max_connections=total)) as client:
        started = time.perf_counter()
        tasks = []
        for k in range(total):
            tasks.append(asyncio.create_task(one(client, contexts[k % len(contexts)] + f"\nTicket {k}.")))
            await asyncio.sleep(1.0 / rate)
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - started
    counts = {name: outcomes.count(name) for name in sorted(set(outcomes))}
    ok = set(counts) <= {"200", "429"} and len(outcomes) == total
    print(f"[overload] {total} requests at {rate:.2f} req/s over {elapsed:.1f} s: {counts}; "
          f"504: {counts.get('504', 0)}, lost: {total - len(outcomes) + sum(v for k, v in counts.items() if k.startswith('lost'))}; "
          f"every request 200 or 429 with Retry-After: {ok}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkpoint", default="", help="checkpoint directory (default: fresh heads)")
    parser.add_argument("--docs", type=int, default=3, help="2,000-token documents for the trunk cache figure")
    parser.add_argument("--doc-tokens", type=int, default=2000)
    parser.add_argument("--request-tokens", type=int, default=300, help="context size of the batching requests")
    parser.add_argument("--overload", type=float, default=4.0, help="offered load, x the measured throughput")
    parser.add_argument("--overload-requests", type=int, default=48)
    parser.add_argument("--sections", default="cache,batching,forks,overload")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the inference process")
    args = parser.parse_args(argv)
    sections = set(args.sections.split(","))
    tok = tokenizer()
    count = lambda text: len(tok(text, add_special_tokens=False)["input_ids"])  # noqa: E731
    inference_env = {"DEG_CHECKPOINT": args.checkpoint, **dict(e.split("=", 1) for e in args.env)}
    gateway_env = {"DEG_REQUEST_TIMEOUT_S": "20", "DEG_MAX_TIMEOUT_S": "900"}
    stack = Stack(None, inference_env=inference_env, gateway_env=gateway_env)
    contexts = [make_context(args.request_tokens, 100 + i, count) for i in range(CLIENTS)]
    fork_tokens, rate = [], None
    try:
        stack.wait_ready()
        print(f"stack ready; {os.cpu_count()} CPUs; inference env {inference_env}")
        with httpx.Client(timeout=900, trust_env=False) as client:
            fill(client, stack.url, make_context(50, 9999, count), SCHEMA, COLD)       # warm-up
            if "cache" in sections:
                docs = [make_context(args.doc_tokens, 500 + i, count) for i in range(args.docs)]
                trunk_cache_section(client, stack.url, docs)
            if sections & {"batching", "forks", "overload"}:
                rate, fork_tokens = batching_section(client, stack.url, contexts)
        if "overload" in sections:
            asyncio.run(overload_section(stack.url, contexts, rate * args.overload, args.overload_requests))
    finally:
        stack.close()
    if "forks" in sections:
        threads = dict(e.split("=", 1) for e in args.env).get("DEG_RUNTIME_THREADS")
        if threads and int(threads):
            import torch
            torch.set_num_threads(int(threads))         # the same threads as the service ran
        kernel_rates(args.checkpoint, contexts, fork_tokens)
    return 0


if __name__ == "__main__":
    sys.exit(main())
