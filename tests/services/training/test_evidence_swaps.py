"""Evidence swaps: one decided field's evidence and answer exchanged for another same-domain
record's, every other label left true."""
from __future__ import annotations

import json

import pytest

from degdata import generate
from degdata.verify import problems
from services.training.evidence_swaps import donors, swapped, with_swaps
from services.training.splits import write_splits

SCHEMA = {"type": "object", "required": ["number", "paid", "total"], "properties": {
    "number": {"type": "string"}, "paid": {"type": "boolean", "description": "Whether it was paid."},
    "total": {"type": "number"}}}


def _invoice(uid: str, number: str, sentence: str, paid: bool, total: str) -> dict:
    context = f"Invoice {number}. Amount payable by 1 May: {total} EUR. {sentence} Thank you."
    n, t = context.index(number), context.index(total)
    return {"uid": uid, "domain": "invoices", "context": context, "schema": json.loads(json.dumps(SCHEMA)),
            "value": {"number": number, "paid": paid, "total": float(total)},
            "spans": {"/number": [n, n + len(number)], "/total": [t, t + len(total)]},
            "span_alternatives": {}, "decide": {"/paid": {"answer": paid, "evidence": sentence}}}


UNPAID = _invoice("inv-1", "INV-7", "It has not been paid yet.", False, "120.50")
PAID = _invoice("inv-2", "INV-9", "The customer settled it in full on 3 May.", True, "80.00")


def _text(record: dict, ptr: str) -> str:
    s, e = record["spans"][ptr]
    return record["context"][s:e]


def test_a_swap_changes_the_evidence_and_the_answer_and_nothing_else():
    swap = swapped(UNPAID, "paid", True, PAID["decide"]["/paid"])
    assert swap["uid"] == "inv-1~s"
    assert swap["context"] == UNPAID["context"].replace("It has not been paid yet.",
                                                        "The customer settled it in full on 3 May.")
    assert swap["value"] == {**UNPAID["value"], "paid": True}
    assert swap["decide"] == {"/paid": PAID["decide"]["/paid"]}
    assert {p: _text(swap, p) for p in swap["spans"]} == {p: _text(UNPAID, p) for p in UNPAID["spans"]}
    assert problems(swap) == []
    assert UNPAID["value"]["paid"] is False and "~s" not in UNPAID["uid"]     # the record is not touched


def test_no_swap_where_another_label_would_become_untrue():
    inside = _invoice("inv-3", "INV-3", "INV-3 has not been paid yet.", False, "10.00")
    n = inside["context"].rindex("INV-3")
    inside["spans"]["/number"] = [n, n + 5]
    assert swapped(inside, "paid", True, PAID["decide"]["/paid"]) is None       # a span inside the evidence
    twice = {**UNPAID, "context": UNPAID["context"] + " It has not been paid yet."}
    assert swapped(twice, "paid", True, PAID["decide"]["/paid"]) is None        # the evidence said twice
    earlier = {"answer": True, "evidence": "Invoice INV-7"}                      # found first before it was put
    assert swapped(UNPAID, "paid", True, earlier) is None


def test_donors_are_same_domain_same_schema_other_answer_with_evidence_of_one_field():
    other_domain = {**PAID, "uid": "x-1", "domain": "receipts"}
    other_wording = json.loads(json.dumps(PAID))                                   # a donor still
    other_wording["schema"]["properties"]["paid"]["description"] = "Settled?"
    other_schema = json.loads(json.dumps(PAID))                                    # not a donor
    other_schema["schema"]["properties"]["paid"]["type"] = ["boolean", "null"]
    shared = _invoice("inv-4", "INV-4", "INV-4 was paid.", True, "5.00")         # its evidence holds a span
    shared["span_alternatives"] = {"/number": [[shared["context"].rindex("INV-4")] * 2]}
    shared["span_alternatives"]["/number"][0][1] += 5
    pool = donors([UNPAID, PAID, other_domain, other_wording, other_schema, shared])
    assert sorted(a for a, _ in next(v for k, v in pool.items() if k[0] == "invoices" and
                                     '"boolean"' in k[2])) == [False, True, True]
    assert sum(len(v) for v in pool.values()) == 5
    out = list(with_swaps([UNPAID, PAID, UNPAID | {"uid": "inv-5"}], 0, 1.0))
    assert [r["uid"] for r in out] == ["inv-1", "inv-1~s", "inv-2", "inv-2~s", "inv-5", "inv-5~s"]
    assert [r["value"]["paid"] for r in out] == [False, True, True, False, False, True]
    assert list(with_swaps([UNPAID, other_domain], 0, 1.0)) == [UNPAID, other_domain]   # no donor
    assert list(with_swaps([UNPAID, PAID], 0, 0.0)) == [UNPAID, PAID]
    with pytest.raises(ValueError, match="0..1"):
        list(with_swaps([UNPAID], 0, 1.5))


def test_generated_swaps_keep_datagens_own_checks_and_come_before_views(tmp_path):
    records = list(generate(3, 90, domains=["invoice", "shift_handover", "medical_intake"]))
    out = list(with_swaps(records, 5, 1.0))
    swaps = [r for r in out if r["uid"].endswith("~s")]
    assert len(swaps) >= 20
    assert all(problems(s) == [] for s in swaps)
    by_uid = {r["uid"]: r for r in records}
    for s in swaps:
        base = by_uid[s["uid"][:-2]]
        changed = [p for p in s["decide"] if s["decide"][p] != base["decide"][p]]
        assert len(changed) == 1 and s["value"][changed[0][1:]] != base["value"][changed[0][1:]]
        assert {k: v for k, v in s["value"].items() if f"/{k}" != changed[0]} == \
               {k: v for k, v in base["value"].items() if f"/{k}" != changed[0]}
    assert list(with_swaps(records, 5, 1.0)) == out                              # seeded
    src = tmp_path / "records.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    write_splits(src, tmp_path / "out", ["train"], views=1, views_seed=5, swaps=1.0)
    uids = [json.loads(line)["uid"] for line in (tmp_path / "out" / "train.jsonl").read_text().splitlines()]
    assert any(u.endswith("~s") for u in uids) and any("~s~v" in u for u in uids)
    with pytest.raises(ValueError, match="swaps is a probability"):
        write_splits(src, tmp_path / "x", ["train"], swaps=2.0)
