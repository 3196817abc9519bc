"""Long-context benchmark on the embedded SmolLM2 (8,192 trained positions): the windowed
trunk (`deg_model/runtime/windows.py`) at lengths past the trained length.

    .venv/bin/python benchmarks/long_context_bench.py [--lengths 8192 16384 32768 49152 122880 131072] [--threads N]
        [--checkpoint DIR | --checkpoint ''] [--window-tokens W]

For each length, in a fresh process (so its peak RSS is its own): a long filler document
(`degdata.filler`: headed boilerplate paragraphs) with six facts planted at depths 3%..96%,
filled with six extract fields by the embedded backbone with the shipped checkpoint's heads
(`--checkpoint ''`: freshly initialised heads serving the LM prior). Printed per length:
- prefill: context tokens, windows, tokens prefilled (all windows), prefill tokens/s (time
  inside `Backbone.prefill` only), and the rest of the fill (fork rows, decoding) apart;
- peak RSS of the process (whole fill) and the RSS after loading the model, with the ratios of
  peak RSS and of its growth over the loaded model between consecutive lengths (linear in L
  means the growth ratio follows the length ratio);
- needle recall: how many of the six facts came back copied exactly, and per needle its
  depth, the value read and the span probability.

`--max-windows K` stops each fill when its (K+1)-th window would be read: the first K windows
are prefilled, asked and decoded, then the run ends without outcomes (`needles` reads "-").
It measures the per-window prefill rate and the peak RSS of a long context at the cost of K
windows: with one window resident at a time every later window reuses the same memory, so the
peak of the first windows is the run's, up to the per-question outcomes kept.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # degdata, when run as a script

FACTS = [
    ("vault_code", "The access code of the archive vault", "The archive vault opens with access code KX-4471-QP."),
    ("auditor", "The name of the external auditor", "The external auditor appointed this year is Marguerite Okonkwo."),
    ("depot_city", "The city of the spare parts depot", "All spare parts are shipped from our depot in Tromsø."),
    ("policy_number", "The insurance policy number", "The building is covered by insurance policy number PL-880-2716."),
    ("contact_email", "The email address of the escalation desk", "Escalations go to the desk at escalate@northwind-legal.example."),
    ("vessel", "The name of the chartered vessel", "The chartered vessel for the survey is the Aurora Borealis II."),
]
GOLD = {"vault_code": "KX-4471-QP", "auditor": "Marguerite Okonkwo", "depot_city": "Tromsø",
        "policy_number": "PL-880-2716", "contact_email": "escalate@northwind-legal.example",
        "vessel": "Aurora Borealis II"}
DEPTHS = [0.03, 0.21, 0.40, 0.58, 0.77, 0.96]


def rss_mib() -> float:
    """Current resident set size of this process (Linux /proc)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def document(runtime, tokens: int, seed: int = 0) -> str:
    """Filler of about `tokens` context tokens with the six facts at their depths."""
    from faker import Faker
    from degdata import filler

    rng, fake = random.Random(seed), Faker("en_US")
    fake.seed_instance(seed)
    parts, count = [], 0
    while count < tokens:
        piece = filler.block(rng, fake, 1000)
        parts.append(piece)
        count += len(runtime.layout.tokenizer(piece, add_special_tokens=False)["input_ids"])
    text = "".join(parts)
    for depth, (_, _, sentence) in sorted(zip(DEPTHS, FACTS), reverse=True):
        at = text.find("\n", int(len(text) * depth))
        at = len(text) if at < 0 else at + 1
        text = text[:at] + sentence + "\n" + text[at:]
    return text


SHIPPED = str(Path(__file__).resolve().parents[1] / "checkpoints" / "deg-smollm2-135m-0.10")


class Stopped(Exception):
    """The fill reached `--max-windows`."""


def one(tokens: int, checkpoint: str, window_tokens: int | None, max_windows: int | None = None) -> dict:
    """One length, in this process: fill the six-needle document, measure prefill and RSS."""
    import torch
    from deg import compile_schema, render_context
    from deg_model.runtime import load_runtime

    rt = load_runtime(checkpoint or None)
    if window_tokens:
        rt.windowing = type(rt.windowing)(rt.windowing.max_context_tokens, window_tokens, rt.windowing.fork_room)
    base = rss_mib()
    context = render_context(document(rt, tokens))
    plan = compile_schema({"type": "object", "properties": {
        name: {"type": "string", "description": desc} for name, desc, _ in FACTS}})
    spent = {"s": 0.0, "tokens": 0, "reads": 0}
    prefill = rt.backbone.prefill

    def timed(ids):
        if max_windows is not None and spent["reads"] >= max_windows:
            raise Stopped()
        spent["reads"] += 1
        t0 = time.perf_counter()
        out = prefill(ids)
        spent["s"] += time.perf_counter() - t0
        spent["tokens"] += int(ids.shape[0])
        return out

    rt.backbone.prefill = timed
    t0 = time.perf_counter()
    try:
        with torch.inference_mode():
            raw = rt.fill(context, plan)
        fields = raw.fields
    except Stopped:
        fields = []
    wall = time.perf_counter() - t0
    values = {f.pointer.lstrip("/"): f.value for f in fields}
    confidence = {f.pointer.lstrip("/"): f.confidence for f in fields}
    hits = [k for k, v in GOLD.items() if values.get(k) == v]
    return {"tokens": int(rt.layout.trunk(context).context_index.numel()), "windows": rt.last_stats.get("windows", 1),
            "prefilled": spent["tokens"], "prefill_s": spent["s"], "fill_s": wall, "base_mib": base,
            "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "recall": len(hits),
            "found": hits, "values": values, "confidence": confidence, "stats": rt.last_stats,
            "windows_read": spent["reads"], "stopped": not fields}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    # prefill and peak RSS at 8k / 32k / 128k, needle recall at 16k / 48k / 120k (every length
    # reports both)
    ap.add_argument("--lengths", type=int, nargs="+", default=[8192, 16384, 32768, 49152, 122880, 131072])
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--checkpoint", default=SHIPPED, help="heads to load ('' = fresh heads, the LM prior)")
    ap.add_argument("--window-tokens", type=int, default=None, help="window width (default: the widest)")
    ap.add_argument("--max-windows", type=int, default=None, help="stop each fill after this many windows")
    ap.add_argument("--one", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one is not None:
        if args.threads:
            import torch
            torch.set_num_threads(args.threads)
        print(json.dumps(one(args.one, args.checkpoint, args.window_tokens, args.max_windows)))
        return
    rows = []
    for n in args.lengths:
        cmd = [sys.executable, __file__, "--one", str(n), "--checkpoint", args.checkpoint]
        cmd += (["--threads", str(args.threads)] if args.threads else [])
        cmd += (["--window-tokens", str(args.window_tokens)] if args.window_tokens else [])
        cmd += (["--max-windows", str(args.max_windows)] if args.max_windows else [])
        out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout.strip().splitlines()[-1]
        rows.append(json.loads(out))
        r = rows[-1]
        windows = f"{r['windows_read']}/{r['windows']}" if r["stopped"] else str(r["windows"])
        print(f"{r['tokens']:>7} tokens  {windows:>5} windows  prefilled {r['prefilled']:>7}  "
              f"prefill {r['prefilled'] / r['prefill_s']:7.1f} tok/s  fill {r['fill_s']:7.1f} s  "
              f"RSS loaded {r['base_mib']:7.0f} MiB peak {r['peak_mib']:7.0f} MiB  "
              f"forks+decoding {r['fill_s'] - r['prefill_s']:6.1f} s  "
              f"needles {'-' if r['stopped'] else r['recall']}/6", flush=True)
        for depth, (name, _, _) in zip(DEPTHS, FACTS):
            print(f"    {depth:4.0%} {name:<14} {'exact' if name in r['found'] else 'MISS ':<5} "
                  f"read {r['values'].get(name)!r} (p {r['confidence'].get(name) or 0:.2g})", flush=True)
    for a, b in zip(rows, rows[1:]):
        grow_a, grow_b = a["peak_mib"] - a["base_mib"], b["peak_mib"] - b["base_mib"]
        print(f"{a['tokens']} -> {b['tokens']}: length x{b['tokens'] / a['tokens']:.2f}  "
              f"peak RSS x{b['peak_mib'] / a['peak_mib']:.2f}  RSS growth over the model x{grow_b / grow_a:.2f}")
    print("values read:", json.dumps({r["tokens"]: r["values"] for r in rows}, ensure_ascii=False))


if __name__ == "__main__":
    main()
