"""Option flags: a view's top-level choices asked again as true/false fields, answered and
evidenced by the choice's own gold, nothing else of the record changed."""
from __future__ import annotations

import json

import pytest

from deg.schema import compile_schema
from degdata import generate
from degdata.verify import problems
from services.training.option_flags import option_flags
from services.training.splits import write_splits

RECORD = {
    "uid": "nda-1~v1", "context": "MUTUAL AGREEMENT. This agreement is governed by the laws of France. Signed by Ann.",
    "schema": {"type": "object", "required": ["law", "signer"], "properties": {
        "kind": {"enum": ["mutual", "one-way"]},
        "law": {"title": "Governing law", "enum": ["England and Wales", "Germany", "France"]},
        "signer": {"type": "string"}}},
    "value": {"kind": "mutual", "law": "France", "signer": "Ann"},
    "spans": {"/signer": [78, 81]}, "span_alternatives": {},
    "decide": {"/kind": {"answer": "mutual", "evidence": "MUTUAL AGREEMENT"},
               "/law": {"answer": "France", "evidence": "governed by the laws of France"}},
}


def _flags(view: dict) -> dict[str, dict]:
    return {k: s for k, s in view["schema"]["properties"].items() if k not in RECORD["schema"]["properties"]}


def test_every_choice_is_asked_again_with_its_own_gold_and_evidence():
    answers = []
    for seed in range(40):
        view = option_flags(RECORD, seed, 1.0)
        flags = _flags(view)
        assert view["uid"] == "nda-1~v1q" and len(flags) == 2
        assert list(view["schema"]["properties"])[::2] == ["kind", "law", "signer"]   # each right after its choice
        assert view["schema"]["required"] == ["law", next(k for k in flags if k.startswith("law_is_")), "signer"]
        for key, schema in flags.items():
            choice = key.split("_is_")[0]
            option = schema["description"].split('"')[1]
            assert schema["type"] == "boolean" and option in RECORD["schema"]["properties"][choice]["enum"]
            assert view["value"][key] is (option == RECORD["value"][choice])
            assert view["decide"][f"/{key}"] == {"answer": view["value"][key],
                                                 "evidence": RECORD["decide"][f"/{choice}"]["evidence"]}
            answers.append(view["value"][key])
        law = next(s for k, s in flags.items() if k.startswith("law_is_"))
        assert law["description"].startswith('Whether Governing law is "')     # the title names it
        assert {k: view[k] for k in ("context", "spans", "span_alternatives")} == \
               {k: RECORD[k] for k in ("context", "spans", "span_alternatives")}
        assert {k: view["value"][k] for k in RECORD["value"]} == RECORD["value"]
        assert problems(view) == []
        assert compile_schema(view["schema"]).field_at(f"/{key}").mode == "decide.noul"
    assert 0.3 < sum(answers) / len(answers) < 0.7                   # about half of them true
    assert option_flags(RECORD, 3, 1.0) == option_flags(RECORD, 3, 1.0)
    assert "Whether kind is " in json.dumps(option_flags(RECORD, 3, 1.0)["schema"])


def test_nothing_is_added_without_a_choice_its_gold_or_its_evidence():
    assert option_flags(RECORD, 1, 0.0) is RECORD
    unnamed = {**RECORD, "decide": {}}
    assert option_flags(unnamed, 1, 1.0) is unnamed
    nulled = {**RECORD, "value": {**RECORD["value"], "kind": None, "law": None}}
    assert option_flags(nulled, 1, 1.0) is nulled
    with pytest.raises(ValueError, match="0..1"):
        option_flags(RECORD, 1, 1.5)


def test_generated_views_keep_datagens_own_checks_and_the_split_step_asks_views_only(tmp_path):
    records = list(generate(3, 40, split="train"))
    flagged = [option_flags({**r, "uid": r["uid"] + "~v1"}, 5, 1.0) for r in records]
    assert sum(f["uid"].endswith("q") for f in flagged) >= 10
    assert all(problems(f) == [] for f in flagged)
    src = tmp_path / "records.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    write_splits(src, tmp_path / "out", ["train"], views=1, views_seed=5, flags=1.0)
    train = [json.loads(line) for line in (tmp_path / "out" / "train.jsonl").read_text().splitlines()]
    assert not any(r["uid"].endswith("q") for r in train if "~v" not in r["uid"])
    assert any(r["uid"].endswith("q") for r in train if "~v" in r["uid"])
    with pytest.raises(ValueError, match="needs views"):
        write_splits(src, tmp_path / "x", ["train"], flags=0.5)
    with pytest.raises(ValueError, match="flags is a probability"):
        write_splits(src, tmp_path / "x", ["train"], views=1, flags=2.0)
