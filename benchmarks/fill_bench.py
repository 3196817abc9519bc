"""Fill runtime benchmark on the embedded SmolLM2 with freshly initialised heads (contract 11):
where a fill's time and tokens go.

    .venv/bin/python benchmarks/fill_bench.py [--repeats 3] [--threads N]

1. A 10-field schema (every mode, an anchored array, a generate field) on a ~500-token
   context: prompt tokens, fork rows and tokens, generated tokens and wall time.
2. 1 field vs 20 fields on a ~1,000-token context: the extra fields are forks of the one
   trunk, so the goal is 20 fields <= 3x the time of 1 field.

Times are the median of `--repeats` runs after one warm-up; the backbone cache is built
once under DEG_HOME on the first run.
"""
from __future__ import annotations

import argparse
import statistics
import time

import torch

from deg import assemble, compile_schema, render_context
from deg.request import FillOptions
from deg_model.checkpoint import CheckpointConfig, fresh_heads
from deg_model.loading import load_backbone
from deg_model.runtime import Runtime

TEN_FIELDS = {
    "type": "object",
    "properties": {
        "dept": {"enum": ["billing", "tech", "sales"], "description": "Which team handles it"},
        "urgent": {"type": "boolean"},
        "anger": {"type": "integer", "minimum": 1, "maximum": 5, "x-levels": {"1": "calm", "5": "furious"}},
        "order_id": {"type": "string", "title": "Order number"},
        "total": {"type": ["number", "null"]},
        "due": {"type": ["string", "null"], "format": "date"},
        "email": {"type": "string", "format": "email"},
        "items": {"type": "array", "maxItems": 4, "items": {
            "type": "object", "required": ["name"],
            "properties": {"name": {"type": "string"}, "price": {"type": ["number", "null"]}}}},
        "tags": {"type": "array", "items": {"enum": ["refund", "damage", "late"]}, "maxItems": 2},
        "reply": {"type": "string", "x-generate": True, "x-max-tokens": 16, "maxLength": 120},
    },
    "required": ["dept", "urgent", "email", "items"],
}


def document(lines: int) -> str:
    head = ("Support ticket 7781 opened 2026-03-05 by jane.doe@example.com (order A-1234).\n"
            "Customer writes: the widget arrived broken and the refund is late; I am quite angry.\n"
            "Invoice total $1,234.50, due 04/01/2026. Items:\n")
    body = "".join(f"- Item {i}: part P-{100 + i}, qty {i % 4 + 1}, unit price ${3 * i + 0.25:.2f}\n"
                   for i in range(lines))
    return head + body + "Please call back or write to support@example.com. Thanks!"


def context_of(runtime: Runtime, tokens: int) -> str:
    """The shortest `document(n)` whose trunk holds at least `tokens` tokens."""
    lines = 1
    while runtime.layout.trunk(render_context(document(lines))).ids.shape[0] < tokens:
        lines += 1
    return render_context(document(lines))


def twenty_fields() -> list[tuple[str, dict]]:
    """20 scalar decide/extract fields, none generating (what scales is forks, not tokens)."""
    kinds = [{"enum": ["billing", "tech", "sales"]}, {"type": "boolean"},
             {"type": "integer", "minimum": 0, "maximum": 4}, {"type": ["number", "null"]},
             {"type": ["string", "null"]}, {"type": ["string", "null"], "format": "date"},
             {"type": ["string", "null"], "format": "email"}]
    return [(f"field_{i:02d}", {**kinds[i % len(kinds)], "description": f"Question number {i} about the ticket"})
            for i in range(20)]


def timed(runtime: Runtime, context: str, plan, repeats: int) -> tuple[float, float, dict]:
    """Median wall seconds and median process CPU seconds (all threads) of a fill.

    CPU time is reported beside wall time because on a shared machine the wall clock
    mostly measures the neighbours."""
    runtime.fill(context, plan, FillOptions())                  # warm-up
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        runtime.fill(context, plan, FillOptions())
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), dict(runtime.last_stats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0 = torch's default)")
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    backbone = load_backbone()
    runtime = Runtime(backbone, fresh_heads(backbone.spec.hidden_size, 0),
                      CheckpointConfig(model_id="deg-smollm2-135m-0.1", backbone="smollm2-135m-instruct",
                                       hidden=backbone.spec.hidden_size))
    print(f"torch threads: {torch.get_num_threads()}")

    context = context_of(runtime, 500)
    plan = compile_schema(TEN_FIELDS)
    seconds, cpu, stats = timed(runtime, context, plan, args.repeats)
    assemble(plan, runtime.fill(context, plan, FillOptions()), model=runtime.model_id)   # schema-valid
    print(f"10 fields / ~500-token context: prompt_tokens={stats['prompt_tokens']} "
          f"fork_rows={stats['fork_rows']} fork_tokens={stats['fork_tokens']} "
          f"generated_tokens={stats['generated_tokens']} wall={seconds:.3f}s cpu={cpu:.3f}s")

    long_context = context_of(runtime, 1000)
    fields = twenty_fields()
    one = compile_schema({"type": "object", "properties": dict(fields[:1])})
    twenty = compile_schema({"type": "object", "properties": dict(fields)})
    t1, c1, s1 = timed(runtime, long_context, one, args.repeats)
    t20, c20, s20 = timed(runtime, long_context, twenty, args.repeats)
    print(f"1 field  / {s1['prompt_tokens']}-token context: fork_tokens={s1['fork_tokens']} "
          f"wall={t1:.3f}s cpu={c1:.3f}s")
    print(f"20 fields/ {s20['prompt_tokens']}-token context: fork_tokens={s20['fork_tokens']} "
          f"wall={t20:.3f}s cpu={c20:.3f}s")
    print(f"20 vs 1 field: wall {t20 / t1:.2f}x, cpu {c20 / c1:.2f}x (goal <= 3x)")


if __name__ == "__main__":
    main()
