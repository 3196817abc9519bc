"""The true/false weights: a field's base rate is worth no more than a coin under them."""
from __future__ import annotations

import math

import pytest

from deg_model.training.balance import CAP, BooleanBalance, field_key


def _records(domain: str, flags: list[bool], key: str = "paid") -> list[dict]:
    return [{"uid": f"{domain}-{i}", "domain": domain, "value": {key: flag}} for i, flag in enumerate(flags)]


def test_array_indices_become_one_field():
    assert field_key("/listing/3/sold_out") == "/listing/*/sold_out"
    assert field_key("/a/12/b/0") == "/a/*/b/*"
    assert field_key("/room101/ok") == "/room101/ok"


def test_the_rarer_answer_weighs_more_with_add_one_counts():
    table = BooleanBalance.from_records(_records("invoice", [True] * 8 + [False] * 2))
    assert table.counts == {("invoice", "/paid"): (8, 2)}
    assert table.weight("invoice-0", "/paid", True) == pytest.approx(0.5 / (9 / 12))
    assert table.weight("invoice-0", "/paid", False) == pytest.approx(0.5 / (3 / 12))


def test_the_best_constant_answer_of_a_skewed_field_is_near_a_coin():
    # weighted CE of a constant P(true) = q is minimised at q = W_true / (W_true + W_false)
    for n_true, n_false in [(80, 20), (94, 6), (13, 87), (50, 50)]:
        table = BooleanBalance.from_records(_records("d", [True] * n_true + [False] * n_false))
        w_true = n_true * table.weight("d-0", "/paid", True)
        w_false = n_false * table.weight("d-0", "/paid", False)
        best = w_true / (w_true + w_false)
        unweighted = n_true / (n_true + n_false)
        assert abs(best - 0.5) < 0.06 and abs(best - 0.5) <= abs(unweighted - 0.5)


def test_items_share_their_field_and_domains_are_apart():
    recs = [{"uid": "a-0", "domain": "a", "value": {"rows": [{"ok": True}, {"ok": True}, {"ok": False}]}},
            {"uid": "b-0", "domain": "b", "value": {"rows": [{"ok": False}]}}]
    table = BooleanBalance.from_records(recs)
    assert table.counts == {("a", "/rows/*/ok"): (2, 1), ("b", "/rows/*/ok"): (0, 1)}
    assert table.weight("a-0", "/rows/7/ok", False) == pytest.approx(0.5 / (2 / 5))


def test_unknown_records_and_fields_weigh_one_and_the_cap_holds():
    table = BooleanBalance.from_records(_records("d", [True] * 500 + [False]))
    assert CAP == 8.0
    assert table.weight("nobody", "/paid", True) == 1.0
    assert table.weight("d-0", "/other", False) == 1.0
    assert table.weight("d-0", "/paid", False) == CAP
    assert math.isclose(table.weight("d-0", "/paid", True), 0.5 / (501 / 503))


def test_escaped_keys_match_question_pointers():
    table = BooleanBalance.from_records(_records("d", [True, False], key="a/b~c"))
    assert ("d", "/a~1b~0c") in table.counts
