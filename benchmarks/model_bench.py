"""Model library figures for the embedded SmolLM2 (CPU): prefill throughput, fork cost vs a
re-read of the context, and what a 32k-token context does.

    DEG_HOME=... .venv/bin/python -m benchmarks.model_bench [--threads N] [--only fork]

`--only fork` prints just the fork-vs-re-read figure (seconds, not minutes). Fork and re-read
are timed alternately and the best of `--repeats` each is kept, so a noisy, shared machine
slows both alike instead of skewing the ratio.
"""
from __future__ import annotations

import argparse
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


def fork_vs_reread(bb, gen: torch.Generator, repeats: int) -> None:
    vocab = bb.spec.vocab_size
    context = torch.randint(0, vocab, (1000,), generator=gen)
    state = bb.prefill(context)
    rows = [torch.randint(0, vocab, (48,), generator=gen) for _ in range(16)]
    fork_s = reread_s = fork_cpu = reread_cpu = float("inf")
    for _ in range(repeats):
        cpu0 = time.process_time()
        fork_s = min(fork_s, _time(lambda: bb.fork(state, rows)))
        cpu1 = time.process_time()
        reread_s = min(reread_s, _time(lambda: bb.prefill(context)))
        cpu2 = time.process_time()
        fork_cpu, reread_cpu = min(fork_cpu, cpu1 - cpu0), min(reread_cpu, cpu2 - cpu1)
    # CPU seconds are the steadier figure on a shared machine (another process's load
    # stretches wall time but not the work done).
    print(f"fork 16 rows x 48 tokens on a 1000-token trunk: {fork_s:.3f} s; "
          f"re-reading the context: {reread_s:.3f} s; ratio {fork_s / reread_s:.2f} "
          f"(CPU time {fork_cpu:.2f} / {reread_cpu:.2f} s = {fork_cpu / reread_cpu:.2f})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    parser.add_argument("--only", choices=["all", "fork"], default="all")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    bb = load_backbone()
    gen = torch.Generator().manual_seed(0)
    vocab = bb.spec.vocab_size
    print(f"threads={torch.get_num_threads()}")
    if args.only == "fork":
        fork_vs_reread(bb, gen, args.repeats)
        return
    for n in (128, 512, 2048, 8192):
        ids = torch.randint(0, vocab, (n,), generator=gen)
        secs = _time(lambda: bb.prefill(ids), repeats=2 if n <= 512 else 1)
        print(f"prefill {n:>5} tokens: {secs:7.2f} s  {n / secs:8.0f} tok/s")
    fork_vs_reread(bb, gen, args.repeats)
    try:
        bb.prefill(torch.randint(0, vocab, (32768,), generator=gen))
        print("32k context: read")
    except ContextTooLong as exc:
        print(f"32k context: ContextTooLong: {exc}")
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10:.0f} MiB")


if __name__ == "__main__":
    main()
