"""Model library figures for the embedded SmolLM2 (CPU): prefill throughput, fork cost vs a
re-read of the context, and what a 32k-token context does.

    DEG_HOME=... .venv/bin/python -m benchmarks.model_bench
"""
from __future__ import annotations

import resource
import time

import torch

from deg_model import ContextTooLong, load_backbone


def _time(fn, repeats: int = 1) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    bb = load_backbone()
    gen = torch.Generator().manual_seed(0)
    vocab = bb.spec.vocab_size
    print(f"threads={torch.get_num_threads()}")
    for n in (128, 512, 2048, 8192):
        ids = torch.randint(0, vocab, (n,), generator=gen)
        secs = _time(lambda: bb.prefill(ids), repeats=2 if n <= 512 else 1)
        print(f"prefill {n:>5} tokens: {secs:7.2f} s  {n / secs:8.0f} tok/s")
    context = torch.randint(0, vocab, (1000,), generator=gen)
    state = bb.prefill(context)
    rows = [torch.randint(0, vocab, (48,), generator=gen) for _ in range(16)]
    fork_s = _time(lambda: bb.fork(state, rows), repeats=2)
    reread_s = _time(lambda: bb.prefill(context), repeats=2)
    print(f"fork 16 rows x 48 tokens on a 1000-token trunk: {fork_s:.3f} s; "
          f"re-reading the context: {reread_s:.3f} s; ratio {fork_s / reread_s:.2f}")
    try:
        bb.prefill(torch.randint(0, vocab, (32768,), generator=gen))
        print("32k context: read")
    except ContextTooLong as exc:
        print(f"32k context: ContextTooLong: {exc}")
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10:.0f} MiB")


if __name__ == "__main__":
    main()
