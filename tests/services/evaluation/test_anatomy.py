"""Wrong copied strings sorted by where their span went (`services.evaluation.anatomy`)."""
from __future__ import annotations

from services.evaluation.anatomy import ANATOMY, anatomy, markdown_rows, string_error
from services.evaluation.compare import FieldScore


def unit(gold, pred, rule="string", correct=False):
    return FieldScore("/x", "string" if rule == "string" else rule, rule, gold, pred, correct)


def test_each_way_a_span_goes_wrong():
    assert string_error("LA6DXP", "LA6DXP\nPassenger: DUHAMEL/JEAN") == "runs_past"
    assert string_error("503, chemin de Raymond", "chemin de Raymond") == "stops_short"
    assert string_error("Steering meeting", "Donald Dennis") == "elsewhere"
    assert string_error("Stewart Hall", None) == "null"
    assert string_error(None, "Stewart Hall") == "spurious"
    assert string_error("Oslo", "  oslo ") == "runs_past"  # compared as scored: a match is never counted wrong
    assert string_error(None, None) is None and string_error(3, 4) is None


def test_counts_over_wrong_string_units_only():
    units = [unit("LA6DXP", "LA6DXP\nPassenger: JEAN"), unit("KL 3648", "KL 3648 / FCO"),
             unit("Cl\u00e9mence Fernandez", "Cl"), unit("Little Simmons", "Japanese ramen"),
             unit("Pierre", None), unit(None, "Pierre"),
             unit("Oslo", "Oslo", correct=True),     # right: not counted
             unit(3, 4, rule="number")]               # not a string unit
    counts = anatomy(units)
    assert counts == {"runs_past": 2, "runs_past_line": 1, "stops_short": 1, "elsewhere": 1, "null": 1,
                      "spurious": 1}
    rows = markdown_rows({"deg": counts, "llamacpp": dict.fromkeys(ANATOMY, 0)})
    assert rows[0] == "| wrong string | deg | llamacpp |" and rows[3] == "| runs_past_line | 1 | 0 |"
