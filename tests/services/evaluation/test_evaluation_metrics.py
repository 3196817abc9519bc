"""Datagen eval metrics (contract section 11) against hand-computed values."""
import datetime as dt

import pytest

from degcommon import metrics as m


@pytest.mark.parametrize("fn,gold,pred,expected", [
    (m.choice_exact_match, ["a", 1, True, None], ["a", "1", True, None], 3 / 4),   # "1" != 1
    (m.score_mae, [1, 3, 5], [2, 3, 2], (1 + 0 + 3) / 3),
    (m.noul_accuracy, [True, False, True], [True, True, True], 2 / 3),
    (m.span_exact_match, ["INV-1", "Acme"], ["INV-1", "acme"], 1 / 2),               # spans are verbatim
    # "the acme corp" vs "acme corporation": common {acme} -> P 1/2, R 1/3, F1 = 0.4; "x" vs "x" = 1
    (m.span_token_f1, ["the acme corp", "x"], ["acme corporation", "x"], (0.4 + 1.0) / 2),
    (m.number_exact_match, ["1,290.50", 7, "x"], [1290.5, "$7", "x"], 2 / 3),       # unparsable gold never matches
    (m.date_exact_match, ["2026-03-14", "March 4, 2026", dt.date(2026, 1, 2)],
     ["March 14, 2026", "2026-03-05", "2026-01-02"], 2 / 3),
    (m.count_accuracy, [3, 0, 2], [3, 1, 2], 2 / 3),
])
def test_accuracy_metrics(fn, gold, pred, expected):
    assert fn(gold, pred) == pytest.approx(expected, abs=1e-12)


def test_token_f1_edge_cases():
    assert m.token_f1("", None) == 1.0
    assert m.token_f1("a", "") == 0.0
    assert m.token_f1("New York!", "new york") == 1.0


def test_null_precision_recall():
    scores = m.null_precision_recall([None, "a", None, "b"], [None, None, "x", "b"])
    assert (scores.precision, scores.recall) == (0.5, 0.5)
    assert m.null_precision_recall(["a"], ["a"]).precision is None  # nothing predicted null: undefined


def test_validity_rate():
    assert m.validity_rate([True, True, False, True]) == 0.75


def test_ece_equal_width_bins_hand_computed():
    # bins of width 0.1: 0.95 (acc 1) -> .05, 0.85 (acc 0) -> .85, 0.15 (acc 1) -> .85,
    # 0.55 (acc 1) -> .45; ECE = (0.05 + 0.85 + 0.85 + 0.45) / 4 = 0.55
    assert m.expected_calibration_error([0.95, 0.85, 0.15, 0.55], [True, False, True, True]) == pytest.approx(0.55)
    # two in one bin: mean conf 0.7, acc 0.5 -> 0.2
    assert m.expected_calibration_error([0.65, 0.75], [True, False], n_bins=5) == pytest.approx(0.2)
    # 1.0 falls in the last bin, perfectly calibrated
    assert m.expected_calibration_error([1.0, 0.0], [True, False], n_bins=4) == pytest.approx(0.0)


def test_noul_confidence():
    assert m.noul_confidence(0.2, False) == (0.8, True)
    assert m.noul_confidence(0.5, False) == (0.5, False)  # p >= 0.5 decides true


def test_reliability_bins_and_diagram(tmp_path):
    bins = m.reliability_bins([0.1, 0.12, 0.9], [False, True, True], n_bins=2)
    assert [(b.count, b.accuracy) for b in bins] == [(2, 0.5), (1, 1.0)]
    assert bins[0].confidence == pytest.approx(0.11)
    path = m.reliability_diagram({"decide": {"deg": bins}}, tmp_path / "rel.png")
    assert path.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("call,message", [
    (lambda: m.choice_exact_match(["a"], ["a", "b"]), "1 gold values but 2 predictions"),
    (lambda: m.score_mae([], []), "no values"),
    (lambda: m.noul_accuracy([1], [True]), "is not a boolean"),
    (lambda: m.expected_calibration_error([1.2], [True]), "not a probability"),
    (lambda: m.reliability_bins([0.5], [True], n_bins=0), "n_bins must be >= 1"),
])
def test_bad_input_is_a_clear_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()
