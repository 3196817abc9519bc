"""End to end on the embedded SmolLM2 with freshly initialised heads: a 10-field schema (every
mode, an anchored array, a generate field) on a ~500-token context gives a schema-valid value."""
from __future__ import annotations

import pytest

from deg import assemble, compile_schema, render_context
from deg.request import FillOptions
from deg_model.runtime import Runtime
from deg_model.checkpoint import CheckpointConfig, fresh_heads
from runtime_fixtures import SCHEMA


def document(lines: int) -> str:
    head = ("Support ticket 7781 opened 2026-03-05 by jane.doe@example.com (order A-1234).\n"
            "Customer writes: the widget arrived broken and the refund is late; I am quite angry.\n"
            "Invoice total $1,234.50, due 04/01/2026. Items:\n")
    body = "".join(f"- Item {i}: part P-{100 + i}, qty {i % 4 + 1}, unit price ${3 * i + 0.25:.2f}\n"
                   for i in range(lines))
    return head + body + "Please call back or write to support@example.com. Thanks!"


@pytest.mark.slow
def test_ten_field_schema_on_500_tokens_is_schema_valid(smollm2):
    runtime = Runtime(smollm2, fresh_heads(smollm2.spec.hidden_size, 0),
                      CheckpointConfig(model_id="deg-smollm2-135m-0.1", backbone="smollm2-135m-instruct",
                                       hidden=smollm2.spec.hidden_size))
    context = render_context(document(15))
    plan = compile_schema(SCHEMA)
    assert len(plan.fields) >= 10 and any(f.mode == "generate" for f in plan.fields)
    raw = runtime.fill(context, plan, FillOptions())
    stats = runtime.last_stats
    assert 420 <= stats["prompt_tokens"] <= 650
    response = assemble(plan, raw, model=runtime.model_id)      # raises unless schema-valid
    assert set(response["value"]) >= {"dept", "urgent", "email", "items", "reply"}
    assert response["meta"]["/items"]["mode"] == "array"
    assert response["usage"]["generated_tokens"] == stats["generated_tokens"] >= 1
