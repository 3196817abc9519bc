"""The determinism report: its checks pass on the real runtime and catch a runtime that drifts."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from services.evaluation.datagen_eval import load_records
from services.evaluation.determinism import (
    determinism_report, merge_schemas, permute_properties, split_schema, write_determinism_report,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "inference"))
from tiny_runtime import load_tiny_runtime  # noqa: E402


@pytest.fixture(scope="module")
def runtime():
    return load_tiny_runtime()


def test_schema_transforms():
    schema = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "object", "properties": {
        "x": {"type": "boolean"}, "y": {"type": "boolean"}, "z": {"type": "boolean"}}}}, "required": ["a"]}
    orders = {tuple(permute_properties(schema, random.Random(k))["properties"]["b"]["properties"]) for k in range(20)}
    assert len(orders) > 1 and all(sorted(o) == ["x", "y", "z"] for o in orders)
    parts = split_schema(schema)
    assert [list(p["properties"]) for p in parts] == [["a"], ["b"]]
    assert parts[0]["required"] == ["a"] and "required" not in parts[1]
    assert list(merge_schemas(schema, schema)["properties"]) == ["a", "b", "extra_a", "extra_b"]
    with pytest.raises(ValueError, match="without properties"):
        split_schema({"type": "object"})


def test_report_is_bitwise_equal_on_real_records(runtime, tmp_path):
    records = load_records("test", 2)
    report = determinism_report(runtime, records, repeats=3, permutations=2, max_items=2, progress=False)
    summary = report.summary()
    assert summary["bitwise_equal"] is True, report.markdown()
    assert set(summary["checks"]) == {"repeats", "permutations", "split", "merged", "batched"}
    assert all(row["outcomes_compared"] > 0 for row in summary["checks"].values())
    paths = write_determinism_report(report, tmp_path)
    assert "| repeats |" in paths["markdown"].read_text()


class DriftingRuntime:
    """A runtime whose probabilities move by one ulp-ish step per call: must be caught."""

    def __init__(self, inner):
        self.inner, self.calls = inner, 0

    def fill(self, context, plan, options):
        import dataclasses

        raw = self.inner.fill(context, plan, options)
        self.calls += 1
        fields = [dataclasses.replace(f, confidence=f.confidence + self.calls * 1e-12)
                  if f.confidence is not None else f for f in raw.fields]
        return dataclasses.replace(raw, fields=fields)

    def fill_many(self, jobs):
        return [self.fill(j.context, j.plan, j.options) for j in jobs]


def test_report_catches_drift(runtime):
    records = load_records("test", 1)
    report = determinism_report(DriftingRuntime(runtime), records, repeats=2, permutations=1, max_items=2,
                                progress=False)
    summary = report.summary()
    assert summary["bitwise_equal"] is False
    assert summary["checks"]["repeats"]["mismatches"] > 0


def test_bad_arguments_are_named(runtime):
    with pytest.raises(ValueError, match="repeats"):
        determinism_report(runtime, load_records("test", 1), repeats=1)
