"""The scorer against hand-checked ExtractBench cases (ContextualAI/extract-bench).

Each case names the ExtractBench metric it reproduces; the expected numbers are worked
out by hand in the comments.
"""
import pytest

from services.evaluation.fieldscore import EvaluationConfigError, MetricSpec, resolve_config, score_leaf
from services.evaluation.scoring import score_document


def one(schema_field, gold, pred):
    schema = {"type": "object", "properties": {"f": schema_field}}
    doc = score_document(schema, {} if gold is None else {"f": gold}, {} if pred is None else {"f": pred})
    assert len(doc.fields) == 1
    return doc.fields[0]


@pytest.mark.parametrize("config,gold,pred,score,passed", [
    ("string_exact", "John Doe", "John Doe", 1.0, True),          # its test_exact_string_match
    ("string_exact", "John Doe", "Jane Doe", 0.0, False),         # its test_exact_string_mismatch
    ("string_case_insensitive", "John Doe", "JOHN DOE", 1.0, True),
    ("integer_exact", 30, 31, 0.0, False),
    ("integer_exact", 30, 30.0, 1.0, True),                       # an integral float is the integer
    ("boolean_exact", True, False, 0.0, False),
    ("number_exact", 2.5, 2.5, 1.0, True),
    # string_fuzzy: levenshtein("john doe", "john do") = 1, max len 8 -> 1 - 1/8 = 0.875 >= 0.8
    ({"metrics": [{"metric_id": "string_fuzzy", "params": {"threshold": 0.8}}]}, "John Doe", "John Do", 0.875, True),
    # "kitten"/"sitting": distance 3, max len 7 -> 4/7 < 0.8
    ("string_fuzzy", "kitten", "sitting", 4 / 7, False),
    # number_tolerance is absolute: |3.5 - 3.55| = 0.05 <= 0.1 passes, |3.5 - 3.7| = 0.2 fails
    ({"metrics": [{"metric_id": "number_tolerance", "params": {"tolerance": 0.1}}]}, 3.5, 3.55, 1.0, True),
    ({"metrics": [{"metric_id": "number_tolerance", "params": {"tolerance": 0.1}}]}, 3.5, 3.7, 0.0, False),
])
def test_deterministic_metrics_match_extractbench(config, gold, pred, score, passed):
    field = one({"type": "string" if isinstance(gold, str) else "number", "evaluation_config": config}, gold, pred)
    assert field.result.score == pytest.approx(score, abs=1e-12)
    assert field.result.passed is passed


def test_string_url_normalizes_like_extractbench():
    # its TestUrlNormalizedStringMatch: scheme, www. and trailing slash stripped, lowercased
    field = one({"type": "string", "format": "uri", "evaluation_config": "string_url"},
                "http://www.Example.com/page/", "example.com/page")
    assert field.result.passed and field.result.details["gold_normalized"] == "example.com/page"
    # string_exact + format uri is upgraded to string_url (its _apply_format_override)
    assert one({"type": "string", "format": "uri", "evaluation_config": "string_exact"},
               "https://github.com/user", "github.com/user").result.metric_id == "string_url"


def test_type_defaults_follow_extractbench():
    assert [s.metric_id for s in resolve_config(None, "string", None, "$")] == ["string_semantic"]
    assert [s.metric_id for s in resolve_config(None, "number", None, "$")] == ["number_tolerance"]
    assert [s.metric_id for s in resolve_config(None, "integer", None, "$")] == ["integer_exact"]
    assert [s.metric_id for s in resolve_config(None, "array", None, "$")] == ["array_llm"]
    assert resolve_config(None, "object", None, "$") == []
    assert resolve_config("skip", "string", None, "$") == []


def test_unknown_metric_is_a_clear_error():
    with pytest.raises(EvaluationConfigError, match=r"\$.x: unknown evaluation_config preset 'string_fuzy'"):
        resolve_config("string_fuzy", "string", None, "$.x")


def test_missing_and_null_policy():
    exact = {"type": "string", "evaluation_config": "string_exact"}
    both = one(exact, None, None).result           # its test_optional_field_both_missing
    assert (both.score, both.passed, both.details["reason"]) == (1.0, True, "both_missing")
    gold_null = one({"anyOf": [{"type": "string"}, {"type": "null"}], "evaluation_config": "string_exact"},
                    None, "x")
    assert gold_null.result.details["reason"] == "gold_missing" and gold_null.result.score == 0.0
    extracted_null = score_leaf(MetricSpec("string_exact"), "x", None)
    assert (extracted_null.score, extracted_null.details["reason"]) == (0.0, "extracted_null")


def test_type_mismatch_scores_zero_without_raising():
    result = one({"type": "number", "evaluation_config": "number_tolerance"}, 12.0, "12").result
    assert (result.score, result.passed, result.details["reason"]) == (0.0, False, "type_mismatch")


def test_anyof_node_is_terminal_and_scores_as_written():
    # swimming-schema "rank": anyOf [integer, string] with string_semantic
    field = one({"anyOf": [{"type": "integer"}, {"type": "string"}], "evaluation_config": "string_semantic"}, 3, "3")
    assert field.path == "$.properties.f" and field.result.score == 1.0


def test_semantic_fallback_is_deterministic_token_f1_or_similarity():
    # normalized "the grand hotel" vs "grand hotel": token F1 = 2*(2/2)*(2/3)/(1+2/3) = 0.8
    result = score_leaf(MetricSpec("string_semantic"), "The Grand Hotel", "grand hotel!")
    assert result.score == pytest.approx(0.8) and result.passed


ROWS = {"type": "array", "evaluation_config": "array_llm", "items": {"type": "object", "properties": {
    "a": {"type": "string", "evaluation_config": "string_exact"},
    "b": {"type": "integer", "evaluation_config": "integer_exact"}}}}


def test_array_alignment_is_order_insensitive_and_positional_is_not():
    gold = [{"a": "x", "b": 1}, {"a": "y", "b": 2}]
    field = one(ROWS, gold, list(reversed(gold)))
    assert field.kind == "array" and field.result.score == 1.0
    assert field.result.details["positional_score"] == 0.0


def test_array_soft_precision_recall():
    # gold 3 rows; prediction: row0 exact (1.0), row1 half right (0.5), one spurious row (0.0)
    gold = [{"a": "x", "b": 1}, {"a": "y", "b": 2}, {"a": "z", "b": 3}]
    pred = [{"a": "x", "b": 1}, {"a": "y", "b": 9}, {"a": "q", "b": 7}]
    result = one(ROWS, gold, pred).result
    summary = result.details["structured_output"]
    # matched pairs need similarity >= 0.5: (0,0)=1.0 and (1,1)=0.5 -> matched 1.5
    assert summary["matches_summary"] == {"matched": 2, "missed_gold": 1, "spurious_pred": 1}
    assert summary["aggregate_metrics"]["precision"] == pytest.approx(1.5 / 3)
    assert summary["aggregate_metrics"]["recall"] == pytest.approx(1.5 / 3)
    assert result.score == pytest.approx(0.5) and result.passed


def test_empty_prediction_is_the_floor():
    schema = {"type": "object", "properties": {"n": {"type": "string", "evaluation_config": "string_exact"},
                                               "rows": ROWS}}
    doc = score_document(schema, {"n": "a", "rows": [{"a": "x", "b": 1}]}, {})
    assert doc.overall_score == 0.0 and doc.pass_rate == 0.0 and doc.evaluated == 2


def test_union_branch_config_follows_the_gold_type():
    # resume-schema "endDate": anyOf [{string, string_exact}, {integer, integer_exact}, {null}]
    end_date = {"anyOf": [{"type": "string", "evaluation_config": "string_exact"},
                          {"type": "integer", "evaluation_config": "integer_exact"}, {"type": "null"}]}
    as_integer = one(end_date, 2020, 2020.0).result
    assert (as_integer.metric_id, as_integer.score) == ("integer_exact", 1.0)
    as_string = one(end_date, "June 2020", "june 2020").result
    assert (as_string.metric_id, as_string.score) == ("string_exact", 0.0)
    both_null = one(end_date, None, None).result
    assert both_null.passed and both_null.metric_id == "string_exact"
