"""Negation views: one true/false field's evidence said the other way by grammar alone, its
answer flipped, every other label left true; sentences grammar cannot turn are left alone."""
from __future__ import annotations

import json

import pytest

from degdata import generate
from degdata.verify import problems
from services.training.negation_views import negated, negation_view, with_negations
from services.training.splits import write_splits

from test_evidence_swaps import PAID, UNPAID, _invoice, _text


@pytest.mark.parametrize("text, turned", [
    ("Pets are allowed in the flat.", "Pets are not allowed in the flat."),
    ("The rent has been paid.", "The rent has not been paid."),
    ("You can cancel free of charge.", "You cannot cancel free of charge."),
    ("Prices do not include VAT.", "Prices do include VAT."),
    ("The parcel doesn't contain batteries.", "The parcel does contain batteries."),
    ("It has not been paid yet.", "It has been paid yet."),
    ("The order cannot be changed.", "The order can be changed."),
])
def test_a_sentence_is_turned_by_its_auxiliary(text, turned):
    assert negated(text) == turned


@pytest.mark.parametrize("text", [
    "Status: unpaid",                                   # a ":" and an un- word
    "No pets are allowed.",                             # a negation besides the verb's
    "The flat comes unfurnished.",                      # no auxiliary
    "Is the fee refundable? Yes.",                      # a question answers itself
    "It has 3 bedrooms.",                               # "has" as the main verb
    "To do",
    "The rent is paid and the deposit is held.",        # two clauses
    "Auto-renewal is on; we will charge your card.",
    "It is not paid and will not be.",
])
def test_a_sentence_grammar_cannot_turn_is_left_alone(text):
    assert negated(text) is None


def test_a_view_negates_the_evidence_flips_the_answer_and_changes_nothing_else():
    view = negation_view(UNPAID, "paid")
    assert view["uid"] == "inv-1~n"
    assert view["context"] == UNPAID["context"].replace("It has not been paid yet.", "It has been paid yet.")
    assert view["value"] == {**UNPAID["value"], "paid": True}
    assert view["decide"] == {"/paid": {"answer": True, "evidence": "It has been paid yet."}}
    assert {p: _text(view, p) for p in view["spans"]} == {p: _text(UNPAID, p) for p in UNPAID["spans"]}
    assert problems(view) == []
    assert negation_view(PAID, "paid") is None          # "settled ... on 3 May": no auxiliary to turn
    inside = _invoice("inv-3", "INV-3", "INV-3 has not been paid yet.", False, "10.00")
    n = inside["context"].rindex("INV-3")
    inside["spans"]["/number"] = [n, n + 5]
    assert negation_view(inside, "paid") is None        # a span inside the evidence


def test_generated_views_keep_datagens_own_checks_and_are_seeded(tmp_path):
    records = list(generate(3, 120, split="train"))
    out = list(with_negations(records, 5, 1.0))
    views = [r for r in out if r["uid"].endswith("~n")]
    assert len(views) >= 5
    assert all(problems(v) == [] for v in views)
    by_uid = {r["uid"]: r for r in records}
    for v in views:
        base = by_uid[v["uid"][:-2]]
        changed = [p for p in v["decide"] if v["decide"][p] != base["decide"][p]]
        assert len(changed) == 1 and v["value"][changed[0][1:]] is (not base["value"][changed[0][1:]])
    assert list(with_negations(records, 5, 1.0)) == out
    assert list(with_negations(records, 5, 0.0)) == records
    src = tmp_path / "records.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    write_splits(src, tmp_path / "out", ["train"], views=1, views_seed=5, negations=1.0)
    uids = [json.loads(line)["uid"] for line in (tmp_path / "out" / "train.jsonl").read_text().splitlines()]
    assert any(u.endswith("~n") for u in uids) and any("~n~v" in u for u in uids)
    with pytest.raises(ValueError, match="negations is a probability"):
        write_splits(src, tmp_path / "x", ["train"], negations=2.0)
