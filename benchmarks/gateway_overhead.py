"""Gateway overhead per `/v1/fill` on the tiny model (never part of `make test`).

    python -m benchmarks.gateway_overhead [--fills 100]

Starts an inference process with the tiny random runtime and a gateway without Redis (so every
request reaches the model), sends 100 fills of about 300-token contexts (each different), and
prints the median wall overhead (end to end minus the inference service's own queue + run time,
from `Server-Timing`) and the gateway process's CPU time per fill (user + sys), which the
machine's other load disturbs much less. Compare two checkouts by running it in each, in
alternation, several times.
"""
from __future__ import annotations

import argparse
import statistics

import httpx
import psutil

from benchmarks import service_bench as sb


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fills", type=int, default=100)
    args = parser.parse_args()
    tok = sb.tokenizer()
    count = lambda text: len(tok(text, add_special_tokens=False)["input_ids"])   # noqa: E731
    contexts = [sb.make_context(300, i, count) for i in range(args.fills)]
    stack = sb.Stack("tests.services.inference.tiny_runtime:load_tiny_runtime")
    try:
        stack.wait_ready()
        gateway = psutil.Process(stack.procs[1].pid)
        with httpx.Client(timeout=900, trust_env=False) as client:
            for i in range(5):                                    # warm-up, not counted
                sb.timed_fill(client, stack.url, sb.make_context(300, 9000 + i, count))
            before = gateway.cpu_times()
            runs = [sb.timed_fill(client, stack.url, c) for c in contexts]
            after = gateway.cpu_times()
        cpu_ms = ((after.user - before.user) + (after.system - before.system)) * 1000 / len(contexts)
        overhead = statistics.median((e2e - inf) * 1000 for e2e, inf in runs)
        print(f"median overhead {overhead:.1f} ms; gateway CPU {cpu_ms:.2f} ms per fill; "
              f"median inference {statistics.median(i for _, i in runs) * 1000:.0f} ms")
    finally:
        stack.close()


if __name__ == "__main__":
    main()
