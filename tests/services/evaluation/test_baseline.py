"""The constrained-decoding baseline: the grammar makes even a random model's JSON valid."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from services.evaluation.baseline import BaselineFill, GrammarBaseline
from degcommon.datagen_scoring import schema_error

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "inference"))
from tiny_runtime import smollm2_tokenizer, tiny_llama  # noqa: E402

SCHEMA = {
    "type": "object",
    "properties": {
        "tier": {"enum": ["gold", "silver", "bronze"]},
        "urgent": {"type": "boolean"},
        "stars": {"type": "integer", "minimum": 1, "maximum": 5},
        "code": {"type": "string", "maxLength": 4},
    },
    "required": ["tier", "urgent", "stars", "code"],
    "additionalProperties": False,
}


@pytest.fixture(scope="module")
def baseline():
    return GrammarBaseline(tiny_llama(), smollm2_tokenizer(), max_new_tokens=64)


def test_grammar_guarantees_a_valid_object_from_a_random_model(baseline):
    fill = baseline.fill("Order 17 for ACME, gold tier, urgent.", SCHEMA)
    assert isinstance(fill, BaselineFill)
    assert fill.hit_budget is False and fill.valid is True, fill
    assert set(fill.value) == {"tier", "urgent", "stars", "code"}
    assert schema_error(SCHEMA, fill.value) is None
    assert fill.prompt_tokens > 20 and 1 <= fill.generated_tokens <= 64
    assert fill.latency_s > 0


def test_greedy_is_deterministic(baseline):
    first = baseline.fill("Order 17 for ACME.", SCHEMA)
    second = baseline.fill("Order 17 for ACME.", SCHEMA)
    assert first.token_ids == second.token_ids and first.text == second.text


def test_a_cut_answer_is_invalid_and_says_why(baseline):
    fill = baseline.fill("Order 17.", SCHEMA, max_new_tokens=3)
    assert fill.hit_budget is True and fill.valid is False and fill.value is None
    assert "budget" in fill.error and fill.generated_tokens == 3


def test_prompt_holds_context_and_schema(baseline):
    ids = baseline.prompt_ids("THE-CONTEXT", SCHEMA)
    text = baseline.tokenizer.decode(ids[0])
    assert "THE-CONTEXT" in text and '"tier"' in text and "JSON SCHEMA" in text


def test_bad_input_is_named(baseline):
    with pytest.raises(TypeError, match="rendered string"):
        baseline.fill({"a": 1}, SCHEMA)
    with pytest.raises(ValueError, match="max_new_tokens"):
        GrammarBaseline(baseline.model, baseline.tokenizer, max_new_tokens=0)


def test_bench_side_by_side_on_tiny_models(baseline):
    from services.evaluation.bench import run_bench, scaling_schemas
    from services.evaluation.datagen_eval import load_records
    from tiny_runtime import load_tiny_runtime

    records = load_records("test", 2)
    small = GrammarBaseline(baseline.model, baseline.tokenizer, max_new_tokens=24)
    result = run_bench(load_tiny_runtime(), small, records, max_items=2, batch=2, progress=False)
    r = result.records
    assert r["records"] == 2 and r["deg_valid_rate"] == 1.0
    assert r["deg_generated_median"] == 0 and r["baseline_generated_median"] > 0   # no x-generate fields
    assert r["generated_ratio_median"] == 0.0 and r["latency_ratio_median"] > 0
    assert result.batching["identical"] is True and result.batching["batch"] == 2
    assert "| validity |" in result.table()
    context, schemas = scaling_schemas(load_records("test", 6), (1, 5))
    assert [len(s["properties"]) for s in schemas.values()] == [1, 5] and len(context) > 500
