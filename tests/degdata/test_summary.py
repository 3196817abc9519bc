"""The corpus report: null counting, field kinds, percentiles and the `summary` command."""
from __future__ import annotations

import pytest

from degdata.__main__ import encode, main
from degdata import generate
from degdata.summary import corpus_report, field_kind, optional_fields, percentile, summarize


def test_optional_fields_count_nullable_and_unrequired_extract_leaves_per_item():
    schema = {"type": "object", "required": ["a", "b"], "properties": {
        "a": {"type": "string"},                                   # required: not optional
        "b": {"type": ["number", "null"]},                         # nullable
        "c": {"type": "string", "format": "date"},                 # not required
        "d": {"type": "boolean"},                                  # decided: not counted
        "rows": {"type": "array", "items": {"type": "object", "properties": {
            "x": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}}}
    value = {"a": "A", "b": None, "rows": [{"x": "1"}, {"x": None}, {}], "d": True}
    assert optional_fields(schema, value) == (5, 4)    # b, c, and x in three items


def test_field_kinds():
    assert field_kind({"enum": ["a", "b"]}) == "enum"
    assert field_kind({"type": ["boolean", "null"]}) == "boolean"
    assert field_kind({"type": "integer", "minimum": 1, "maximum": 5}) == "score"
    assert field_kind({"type": "integer"}) == "integer"
    assert field_kind({"anyOf": [{"type": "number"}, {"type": "null"}]}) == "number"
    assert field_kind({"type": "string", "format": "date"}) == "date"
    assert field_kind({"type": "string"}) == "string"


def test_percentile_is_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 50) in (50, 51) and percentile(values, 100) == 100
    assert percentile([7], 90) == 7


def test_report_lists_every_domain_and_split():
    records = list(generate(2, 72))
    report = corpus_report([summarize(r) for r in records])
    for r in records:
        assert r["domain"] in report
    for needle in ("records per split", "null rate:", "field kinds", "percentiles", "val_heldout"):
        assert needle in report


def test_summary_command_generates_or_reads_records(tmp_path, capsys):
    assert main(["summary", "--seed", "3", "--n", "40"]) == 0
    generated = capsys.readouterr().out
    path = tmp_path / "r.jsonl"
    path.write_text("".join(encode(r) for r in generate(3, 40)), encoding="utf-8")
    assert main(["summary", "--records", str(path)]) == 0
    assert capsys.readouterr().out == generated
    assert main(["summary", "--records", str(path), "--split", "test"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("6 domains")


@pytest.mark.parametrize("argv, message", [
    (["summary"], "either --records"),
    (["summary", "--seed", "1"], "either --records"),
    (["summary", "--records", "/nonexistent.jsonl"], "no such file"),
    (["summary", "--seed", "1", "--n", "-2"], "--n must be"),
])
def test_summary_command_rejects_bad_arguments(argv, message, capsys):
    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err


def test_summary_command_names_a_broken_file(tmp_path):
    path = tmp_path / "bad.jsonl"
    good = encode(next(generate(0, 1)))
    path.write_text(good + "not json\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="bad.jsonl:2: not a JSON record"):
        main(["summary", "--records", str(path)])
    path.write_text(good + '{"uid": 1, "domain": "x"}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="bad.jsonl:2: not a datagen record .no split, context"):
        main(["summary", "--records", str(path)])
