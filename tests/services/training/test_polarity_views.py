"""Polarity views: one true/false field asked the other way round (`not_<key>`), its answer
flipped, everything else left as it was; negative-looking keys and taken names are left alone."""
from __future__ import annotations

import copy
import json

import pytest

from degdata import generate
from degdata.verify import problems
from services.training.polarity_views import polarity_view, turned_title, with_polarities
from services.training.splits import write_splits

from test_evidence_swaps import PAID, UNPAID, _invoice


def _with_title(record: dict, key: str = "paid") -> dict:
    record = copy.deepcopy(record)
    record["schema"]["properties"][key]["title"] = "Paid"
    return record


def _titled(uid: str = "inv-1") -> dict:
    return _with_title(_invoice(uid, "INV-7", "It has not been paid yet.", False, "120.50"))


def test_a_view_asks_the_field_the_other_way_round_and_changes_nothing_else():
    record = _titled()
    record["span_alternatives"] = {"/paid": [[0, 7]], "/number": [[8, 13]]}    # pointer-keyed maps follow
    record["spans"]["/paid"] = [0, 7]
    before = copy.deepcopy(record)
    view = polarity_view(record, "paid")
    assert view["uid"] == "inv-1~p"
    assert list(view["schema"]["properties"]) == ["number", "not_paid", "total"]
    assert view["schema"]["properties"]["not_paid"] == {"type": "boolean", "title": "Not paid"}
    assert view["schema"]["required"] == ["number", "not_paid", "total"]
    assert {k: view["schema"]["properties"][k] for k in ("number", "total")} == \
        {k: record["schema"]["properties"][k] for k in ("number", "total")}
    assert view["value"] == {"number": "INV-7", "not_paid": True, "total": 120.5}
    assert list(view["value"]) == ["number", "not_paid", "total"]
    assert view["decide"] == {"/not_paid": {"answer": True, "evidence": "It has not been paid yet."}}
    assert view["spans"] == {"/number": record["spans"]["/number"], "/total": record["spans"]["/total"],
                             "/not_paid": [0, 7]}
    assert view["span_alternatives"] == {"/not_paid": [[0, 7]], "/number": [[8, 13]]}
    rest = ("uid", "schema", "value", "decide", "spans", "span_alternatives")
    assert {k: v for k, v in view.items() if k not in rest} == {k: v for k, v in record.items() if k not in rest}
    assert record == before                                                     # the record is not touched


def test_a_view_passes_datagens_checks_and_keeps_an_acronym():
    view = polarity_view(_with_title(PAID), "paid")
    assert view["value"]["not_paid"] is False and "description" not in view["schema"]["properties"]["not_paid"]
    assert problems(view) == []
    assert turned_title("VAT included") == "Not VAT included" and turned_title("Pets allowed") == "Not pets allowed"


@pytest.mark.parametrize("key", ["not_paid", "no_ads", "non_solicitation", "unlimited_mileage", "No_ads"])
def test_a_key_that_reads_negative_is_left_alone(key):
    record = json.loads(json.dumps(_with_title(UNPAID)).replace('"paid"', f'"{key}"').replace('"/paid"', f'"/{key}"'))
    assert record["value"][key] is False
    assert polarity_view(record, key) is None
    assert list(with_polarities([record], 0, 1.0)) == [record]


def test_a_taken_name_an_untitled_field_or_a_field_not_true_false_is_left_alone():
    taken = _titled()
    taken["schema"]["properties"]["not_paid"] = {"type": "boolean"}
    assert polarity_view(taken, "paid") is None
    required = _titled()
    required["schema"]["required"].append("not_paid")
    assert polarity_view(required, "paid") is None
    assert polarity_view(_with_title(UNPAID), "number") is None
    untitled = copy.deepcopy(UNPAID)
    untitled["schema"]["properties"]["paid"].pop("title", None)
    assert polarity_view(untitled, "paid") is None       # its question would rest on its key alone


def test_p_picks_records_and_the_view_follows_its_record():
    records = [_titled("inv-1"), _with_title(PAID), _with_title(UNPAID) | {"uid": "inv-5"}]
    out = list(with_polarities(records, 0, 1.0))
    assert [r["uid"] for r in out] == ["inv-1", "inv-1~p", "inv-2", "inv-2~p", "inv-5", "inv-5~p"]
    assert [r["value"].get("paid", r["value"].get("not_paid")) for r in out] == [False, True, True, False, False, True]
    assert list(with_polarities(records, 0, 0.0)) == records
    for p in (-0.1, 1.5):
        with pytest.raises(ValueError, match="0..1"):
            list(with_polarities(records, 0, p))


def test_generated_views_keep_datagens_own_checks_and_are_seeded(tmp_path):
    records = list(generate(3, 120, split="train"))
    out = list(with_polarities(records, 5, 1.0))
    views = [r for r in out if r["uid"].endswith("~p")]
    assert len(views) >= 20
    assert all(problems(v) == [] for v in views)
    by_uid = {r["uid"]: r for r in records}
    for v in views:
        base = by_uid[v["uid"][:-2]]
        (new,) = [p for p in v["decide"] if p not in base["decide"]]
        assert new.startswith("/not_") and v["value"][new[1:]] is (not base["value"][new[5:]])
        assert v["context"] == base["context"] and v["decide"][new]["evidence"] == base["decide"]["/" + new[5:]]["evidence"]
    assert list(with_polarities(records, 5, 1.0)) == out
    assert list(with_polarities(records, 5, 0.0)) == records
    src = tmp_path / "records.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    write_splits(src, tmp_path / "out", ["train"], views=1, views_seed=5, negations=1.0, polarities=1.0)
    uids = [json.loads(line)["uid"] for line in (tmp_path / "out" / "train.jsonl").read_text().splitlines()]
    assert any(u.endswith("~p") for u in uids) and any("~n~p" in u for u in uids) and any("~p~v" in u for u in uids)
    with pytest.raises(ValueError, match="polarities is a probability"):
        write_splits(src, tmp_path / "x", ["train"], polarities=2.0)
