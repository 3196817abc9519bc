"""The datagen eval end to end on 3 records through the real runtime over a tiny random model,
and the scorer on hand-checked values."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from deg import compile_schema
from degcommon.caps import cap_arrays, cap_value
from degcommon.datagen_scoring import FillResult, RuntimeFiller, evaluate_datagen, score_value
from services.evaluation.datagen_eval import load_records, write_datagen_reports

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "inference"))
from tiny_runtime import load_tiny_runtime  # noqa: E402

SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "total": {"type": ["number", "null"]},
        "due": {"type": "string", "format": "date"},
        "urgent": {"type": "boolean"},
        "tier": {"enum": ["gold", "silver"]},
        "tags": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["name", "urgent", "tier", "tags"],
}


@pytest.fixture(scope="module")
def runtime():
    return load_tiny_runtime()


def test_scores_hand_checked_values():
    plan = compile_schema(SCHEMA)
    gold = {"name": "Ada", "total": 12.5, "due": "2026-03-01", "urgent": True, "tier": "gold", "tags": ["a", "b"]}
    pred = {"name": "Ada Lovelace", "total": 12.50, "urgent": False, "tier": "gold", "tags": ["a"]}
    meta = {"/urgent": {"probability": 0.2}, "/tier": {"probability": 0.7}, "/name": {"confidence": 0.4}}
    leaves, arrays = score_value(plan, gold, pred, meta)
    by = {l.pointer: l for l in leaves}
    assert by["/name"].correct is False and by["/name"].token_f1 == pytest.approx(2 / 3)
    assert by["/total"].correct is True                      # 12.5 == 12.50 after parsing
    assert by["/due"].correct is False and by["/due"].pred is None
    assert by["/urgent"].correct is False and by["/urgent"].confidence == pytest.approx(0.8)
    assert by["/tier"].correct is True and by["/tier"].confidence == 0.7
    assert by["/tags/0"].correct is True and by["/tags/1"].correct is False
    assert arrays == [(2, 1)]


def test_caps_cut_schema_and_gold_alike():
    capped = cap_arrays(SCHEMA, 1)
    assert capped["properties"]["tags"]["maxItems"] == 1 and "maxItems" not in SCHEMA["properties"]["tags"]
    assert cap_value(capped, {"tags": ["a", "b", "c"]}) == {"tags": ["a"]}
    with pytest.raises(ValueError, match="max_items"):
        cap_arrays(SCHEMA, 0)


def test_datagen_eval_on_three_records(runtime, tmp_path):
    records = load_records("test", 3)
    result = evaluate_datagen(records, RuntimeFiller(runtime), split="test", max_items=3, progress=False)
    summary = result.summary()
    for key in ("records", "valid_rate", "decide_accuracy", "decide_ece", "extract_em", "count_accuracy", "by_mode"):
        assert key in summary
    assert summary["records"] == 3
    # deg's values are valid by construction (contract 8), even with random weights
    assert summary["valid_rate"] == 1.0, [r.error for r in result.rows]
    assert summary["extract_fields"] > 0 and 0.0 <= summary["extract_em"] <= 1.0
    assert summary["extract_ece"] is not None
    paths = write_datagen_reports(result, tmp_path)
    assert json.loads(paths["json"].read_text())["summary"]["records"] == 3
    assert "| extract.span |" in paths["markdown"].read_text()
    assert paths["accuracy_plot"].read_bytes()[:4] == b"\x89PNG"
    # deterministic: a second run gives the same scores, byte for byte
    again = evaluate_datagen(records, RuntimeFiller(runtime), split="test", max_items=3, progress=False)
    strip = lambda s: {k: v for k, v in s.items() if k != "latency_median_s"}  # noqa: E731
    assert strip(again.summary()) == strip(summary)


def test_a_failing_fill_is_an_invalid_record_not_a_crash():
    records = load_records("test", 1)

    def broken(context, schema, options):
        raise RuntimeError("backend down")

    result = evaluate_datagen(records, broken, progress=False)
    row = result.rows[0]
    assert row.valid is False and "backend down" in row.error
    assert all(l.pred is None for l in row.leaves)


def test_gold_fill_scores_perfectly():
    records = load_records("val", 2)
    oracle = lambda context, schema, options: FillResult(  # noqa: E731
        value=next(r["value"] for r in records if r["schema"] == schema))
    summary = evaluate_datagen(records, oracle, progress=False).summary()
    assert summary["valid_rate"] == 1.0
    assert summary["extract_em"] in (1.0, None) and summary["decide_accuracy"] in (1.0, None)
    assert summary["count_accuracy"] in (1.0, None)
    assert summary["decide_ece"] is None                    # no meta, no calibration


def test_unknown_split_is_named():
    with pytest.raises(ValueError, match="unknown split 'dev'"):
        load_records("dev", 1)
