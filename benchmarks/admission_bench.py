"""Admission after long documents: does a burst of small fills answer as on a fresh server?

    .venv/bin/python -m benchmarks.admission_bench --checkpoint checkpoints/deg-smollm2-135m-0.10

It starts its own inference process and gateway (no Redis) on free loopback ports, sends a
burst of `--burst` concurrent small fills (the suite's example invoice, 5 fields, each with
its own reference, `Cache-Control: no-cache`) to the fresh server, then fills `--long` long
documents one after another (12 fields each), then sends the same burst again. For each burst:
the counts of 200 and 429, the Retry-After values, and when the last admitted fill finished
(the time the queue took to drain); for the second, the queue waits the service observed
beside the waits it estimated at admission (from `/metrics`). `--max-pending` sets the queue
bound (`DEG_MAX_PENDING`), so a burst larger than it meets refusals. The gateway runs with its
default deadlines: a fill may wait `DEG_REQUEST_TIMEOUT_S` (60 s) and a little more to start.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import time

import httpx

from benchmarks.service_bench import Stack, make_context, tokenizer
from services.suite import example_request

LONG_SCHEMA = {"type": "object", "properties": {
    "invoice_number": {"type": ["string", "null"]}, "customer": {"type": ["string", "null"]},
    "email": {"type": ["string", "null"], "format": "email"}, "total": {"type": ["number", "null"]},
    "due_date": {"type": ["string", "null"], "format": "date"}, "paid": {"type": ["boolean", "null"]},
    "urgent": {"type": "boolean"}, "late": {"type": "boolean"}, "damaged": {"type": ["boolean", "null"]},
    "department": {"enum": ["billing", "shipping", "returns", "other"]},
    "tone": {"enum": ["calm", "annoyed", "angry"]}, "priority": {"type": "integer", "minimum": 1, "maximum": 5}},
    "required": ["urgent", "late", "department", "tone", "priority"]}
QUEUE_FIGURES = ("deg_inference_queue_seconds_sum", "deg_inference_queue_seconds_count",
                 "deg_inference_queue_estimate_seconds_sum")


async def burst(url: str, size: int) -> dict:
    async with httpx.AsyncClient(timeout=900, trust_env=False) as client:
        started = time.monotonic()

        async def one(i: int) -> tuple[int, str | None, float]:
            body = example_request()
            body["context"] += f" Reference {i}."
            reply = await client.post(f"{url}/v1/fill", json=body, headers={"Cache-Control": "no-cache"})
            return reply.status_code, reply.headers.get("retry-after"), time.monotonic() - started

        answers = await asyncio.gather(*(one(i) for i in range(size)))
    counts: dict[int, int] = {}
    for status, _, _ in answers:
        counts[status] = counts.get(status, 0) + 1
    return {"counts": counts, "retry_after": sorted({int(r) for s, r, _ in answers if s == 429 and r}),
            "drained_s": round(max((t for s, _, t in answers if s == 200), default=0.0), 1)}


def queue_figures(url: str) -> dict[str, float]:
    text = httpx.get(f"{url}/metrics", timeout=10, trust_env=False).text
    return {key: float(line.rsplit(" ", 1)[1]) for line in text.splitlines() for key in QUEUE_FIGURES
            if line.startswith(key + " ")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkpoint", default="", help="checkpoint directory (default: fresh heads)")
    parser.add_argument("--burst", type=int, default=40, help="concurrent small fills in a burst")
    parser.add_argument("--max-pending", type=int, default=32, help="DEG_MAX_PENDING of the inference process")
    parser.add_argument("--long", type=int, nargs="+", default=[1000, 2000, 3000], help="long documents' tokens")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the inference process")
    args = parser.parse_args(argv)
    tok = tokenizer()
    count = lambda text: len(tok(text, add_special_tokens=False)["input_ids"])  # noqa: E731
    inference_env = {"DEG_CHECKPOINT": args.checkpoint, "DEG_MAX_PENDING": str(args.max_pending),
                     **dict(e.split("=", 1) for e in args.env)}
    stack = Stack(None, inference_env=inference_env, gateway_env={})   # the gateway's default deadlines
    try:
        stack.wait_ready()
        print(f"fresh server, burst of {args.burst}: {asyncio.run(burst(stack.url, args.burst))}", flush=True)
        with httpx.Client(timeout=900, trust_env=False) as client:
            for k, tokens in enumerate(args.long):
                reply = client.post(f"{stack.url}/v1/fill", headers={"Cache-Control": "no-cache"},
                                    json={"context": make_context(tokens, 700 + k, count), "schema": LONG_SCHEMA})
                print(f"long document of {tokens} tokens: {reply.status_code}, {reply.headers.get('server-timing')}",
                      flush=True)
        inference = httpx.get(f"{stack.url}/health", timeout=10, trust_env=False).json()["inference"]
        print(f"measured seconds per token: {inference['seconds_per_token']:.5f}", flush=True)
        before = queue_figures(stack.url)
        print(f"after long documents, burst of {args.burst}: {asyncio.run(burst(stack.url, args.burst))}", flush=True)
        after = queue_figures(stack.url)
        delta = {key: after[key] - before.get(key, 0.0) for key in QUEUE_FIGURES}
        print(f"its {delta['deg_inference_queue_seconds_count']:.0f} admitted fills waited "
              f"{delta['deg_inference_queue_seconds_sum']:.1f} s in all in the queue; estimated at admission "
              f"{delta['deg_inference_queue_estimate_seconds_sum']:.1f} s")
    finally:
        stack.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
