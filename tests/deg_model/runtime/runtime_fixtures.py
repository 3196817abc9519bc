"""Shared pieces of the runtime tests: a tiny random llama with the real SmolLM2 vocabulary,
runtimes over it, and one context + schema that exercises every mode."""
from __future__ import annotations

import torch
from transformers import LlamaConfig, LlamaForCausalLM

from deg import render_context
from deg_model.backbone import Backbone
from deg_model.checkpoint import CheckpointConfig, fresh_heads
from deg_model.runtime import Runtime


CONTEXT = render_context(
    "Ticket 7781 from jane.doe@example.com on 2026-03-05.\n"
    "Order A-1234, total $1,234.50, delivered 03/14/2026.\n"
    "Items:\n- Widget, 2 x $10.00\n- Gadget, 1 x $20.50\n- Cable, 3 x $4.25\n"
    "The widget arrived broken and I am quite angry. Please refund me at https://shop.example.com/r/1."
)

SCHEMA = {
    "type": "object",
    "properties": {
        "dept": {"enum": ["billing", "tech", "sales"], "description": "Which team handles it"},
        "urgent": {"type": "boolean"},
        "anger": {"type": "integer", "minimum": 1, "maximum": 5, "x-levels": {"1": "calm", "5": "furious"}},
        "order_id": {"type": "string", "title": "Order number"},
        "total": {"type": ["number", "null"]},
        "due": {"type": ["string", "null"], "format": "date"},
        "email": {"type": "string", "format": "email"},
        "items": {"type": "array", "maxItems": 3, "items": {
            "type": "object", "required": ["name"],
            "properties": {"name": {"type": "string"}, "price": {"type": ["number", "null"]},
                           "parts": {"type": "array", "maxItems": 2, "items": {"type": "string"}}}}},
        "tags": {"type": "array", "items": {"enum": ["refund", "damage", "late"]}, "maxItems": 2},
        "reply": {"type": "string", "x-generate": True, "x-max-tokens": 6, "maxLength": 60},
    },
    "required": ["dept", "urgent", "email", "items"],
}


def tiny_llama(seed: int = 7, layers: int = 2) -> LlamaForCausalLM:
    """A random 2-layer llama (hidden 64) over the 49,152-token SmolLM2 vocabulary."""
    torch.manual_seed(seed)
    config = LlamaConfig(vocab_size=49152, hidden_size=64, intermediate_size=96, num_hidden_layers=layers,
                         num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=2048,
                         rms_norm_eps=1e-5)
    return LlamaForCausalLM(config).eval()


def make_runtime(backbone: Backbone, *, array_mode: str = "anchor", seed: int = 0,
                 anchor_bias: float | None = None, fork_token_budget: int = 4096) -> Runtime:
    heads = fresh_heads(backbone.spec.hidden_size, seed)
    if anchor_bias is not None:
        with torch.no_grad():
            heads.anchor_bias.fill_(anchor_bias)
    config = CheckpointConfig(model_id="deg-tiny-test", backbone="tiny", hidden=backbone.spec.hidden_size,
                              array_mode=array_mode)
    return Runtime(backbone, heads, config, fork_token_budget=fork_token_budget)




def outcomes(rt: Runtime, schema: dict, context: str = CONTEXT) -> dict:
    """{pointer: FieldOutcome} of one fill."""
    from deg import compile_schema
    from deg.request import FillOptions

    return {o.pointer: o for o in rt.fill(context, compile_schema(schema), FillOptions()).fields}


def sub_schema(names) -> dict:
    """SCHEMA cut to the properties `names` (their `required` kept)."""
    import copy

    props = {n: copy.deepcopy(SCHEMA["properties"][n]) for n in names}
    return {"type": "object", "properties": props, "required": [n for n in SCHEMA.get("required", []) if n in props]}


def assert_contract_determinism(rt: Runtime, full: dict) -> None:
    """Contract section 10, bitwise: a repeat, every field asked alone against the full schema
    (a generate field reads the known values beside it: not asked alone), and a request inside
    `fill_many` against it alone."""
    from deg import compile_schema
    from deg.request import FillOptions
    from deg_model.runtime import FillJob

    assert outcomes(rt, SCHEMA) == full
    for name in [n for n in SCHEMA["properties"] if not SCHEMA["properties"][n].get("x-generate")]:
        for pointer, outcome in outcomes(rt, sub_schema([name])).items():
            assert outcome == full[pointer], pointer
    options = FillOptions()
    jobs = [FillJob("Invoice 12 due 2026-01-02, amount 99.", compile_schema(sub_schema(["total", "due"])), options),
            FillJob(CONTEXT, compile_schema(SCHEMA), options),
            FillJob("Call 555-0100 about order 7.", compile_schema(sub_schema(["order_id", "anger"])), options)]
    results = rt.fill_many(jobs)
    assert {o.pointer: o for o in results[1].fields} == full
    for job, result in zip(jobs, results):
        assert result == rt.fill(job.context, job.plan, job.options)
