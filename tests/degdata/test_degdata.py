"""degdata: sound gold, stable splits, byte-identical reruns, coverage of every domain."""
from __future__ import annotations

import copy
import json

import pytest

from degdata import (DOMAINS, TEST_DOMAINS, VAL_DOMAINS, generate, make_record, problems,
                     split_of, uid)
from degdata.__main__ import encode, main
from degdata.generate import MAX_CHARS
from degdata.summary import optional_fields, schema_modes
from degdata.verify import _walk

SEED = 0
ROUNDS = 24                      # records per domain in the shared sample


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return list(generate(SEED, ROUNDS * len(DOMAINS)))


def _leaves(record: dict) -> dict:
    out: dict = {}
    _walk(record["schema"], record["value"], "", out)
    return out


def test_at_least_thirty_domains_and_every_one_generated(records):
    assert len(DOMAINS) >= 30
    assert {r["domain"] for r in records} == set(DOMAINS)


def test_every_record_is_sound(records):
    for r in records:
        assert problems(r) == [], r["uid"]


def test_every_span_is_exactly_its_value_text(records):
    checked = 0
    for r in records:
        leaves = _leaves(r)
        for ptr, (s, e) in r["spans"].items():
            gold = leaves[ptr][1]
            if isinstance(gold, str) and leaves[ptr][0].get("format") != "date":
                assert r["context"][s:e] == gold, (r["uid"], ptr)
            for a, b in r["span_alternatives"].get(ptr, []):
                assert r["context"][a:b] == r["context"][s:e]
            checked += 1
    assert checked > 5000


def test_verifier_catches_a_shifted_span_a_wrong_value_and_a_bad_type(records):
    r = next(r for r in records if r["domain"] == "invoice")
    shifted = copy.deepcopy(r)
    ptr = next(iter(shifted["spans"]))
    shifted["spans"][ptr][0] += 1
    assert any(ptr in p for p in problems(shifted))
    wrong = copy.deepcopy(r)
    number_ptr = next(p for p, (leaf, v) in _leaves(wrong).items()
                      if isinstance(v, float) and p in wrong["spans"])
    parent, key = _parent(wrong["value"], number_ptr)
    parent[key] = parent[key] + 1
    assert any(number_ptr in p for p in problems(wrong))
    parent[key] = "not a number"
    assert any("invalid against schema" in p for p in problems(wrong))


def _parent(value, ptr):
    parts = ptr.split("/")[1:]
    for part in parts[:-1]:
        value = value[int(part)] if isinstance(value, list) else value[part]
    last = parts[-1]
    return value, int(last) if isinstance(value, list) else last


def test_values_and_records_are_plain_json(records):
    for r in records[:100]:
        assert json.loads(encode(r)) == r
        assert list(r)[:3] == ["uid", "domain", "split"]
        assert r["schema"]["type"] == "object"


def test_splits_follow_the_hash_and_hold_out_whole_domains(records):
    assert set(TEST_DOMAINS) >= {"real_estate", "meeting_notes", "event_listing"}
    assert len(TEST_DOMAINS) >= 6 and len(VAL_DOMAINS) >= 5
    assert not set(TEST_DOMAINS) & set(VAL_DOMAINS)
    assert set(TEST_DOMAINS) | set(VAL_DOMAINS) < set(DOMAINS)
    for r in records:
        assert r["split"] == split_of(SEED, r["domain"], r["uid"])
        assert (r["split"] == "test") == (r["domain"] in TEST_DOMAINS)
        assert (r["split"] == "val_heldout") == (r["domain"] in VAL_DOMAINS)
    domains_of = {split: {r["domain"] for r in records if r["split"] == split}
                  for split in ("train", "val", "val_heldout", "test")}
    assert domains_of["val"] <= domains_of["train"]          # in-domain validation
    assert domains_of["test"] == set(TEST_DOMAINS)
    assert domains_of["val_heldout"] == set(VAL_DOMAINS)
    assert not domains_of["train"] & (domains_of["test"] | domains_of["val_heldout"])
    uids = [uid(SEED, "invoice", i) for i in range(5000)]
    val = sum(split_of(SEED, "invoice", u) == "val" for u in uids) / len(uids)
    assert 0.08 < val < 0.12
    assert split_of(SEED, "invoice", uids[7]) == split_of(SEED, "invoice", uids[7])


def test_split_filter_yields_only_that_split_and_the_same_records(records):
    by_uid = {r["uid"]: r for r in records}
    val = list(generate(SEED, 12, split="val"))
    assert all(r["split"] == "val" and r["domain"] not in TEST_DOMAINS + VAL_DOMAINS
               for r in val)
    test = list(generate(SEED, 2 * len(TEST_DOMAINS), split="test"))
    assert {r["domain"] for r in test} == set(TEST_DOMAINS)
    heldout = list(generate(SEED, 2 * len(VAL_DOMAINS), split="val_heldout"))
    assert {r["domain"] for r in heldout} == set(VAL_DOMAINS)
    for r in val + test + heldout:
        if r["uid"] in by_uid:
            assert encode(r) == encode(by_uid[r["uid"]])
    train = list(generate(SEED, 30, split="train"))
    assert all(r["split"] == "train" for r in train)


def test_records_do_not_depend_on_generation_order(records):
    alone = list(generate(SEED, 5, domains=["contract"]))
    mixed = [r for r in records if r["domain"] == "contract"][:5]
    assert [encode(r) for r in alone] == [encode(r) for r in mixed]
    assert encode(make_record(SEED, "contract", 3)) == encode(mixed[3])


def test_uid_is_deterministic_and_seed_dependent():
    assert uid(0, "invoice", 3) == uid(0, "invoice", 3)
    assert uid(0, "invoice", 3) != uid(1, "invoice", 3) != uid(0, "invoice", 4)
    assert uid(0, "invoice", 3).startswith("invoice-")


def test_same_seed_same_bytes_different_seed_differs():
    first = "".join(encode(r) for r in generate(7, 40)).encode()
    second = "".join(encode(r) for r in generate(7, 40)).encode()
    other = "".join(encode(r) for r in generate(8, 40)).encode()
    assert first == second
    assert first != other
    contexts = [r["context"] for r in generate(8, len(DOMAINS))]
    assert not set(contexts) & {r["context"] for r in generate(7, len(DOMAINS))}


def test_cli_writes_identical_files_and_a_summary(tmp_path, capsys):
    a, b = tmp_path / "a" / "records.jsonl", tmp_path / "b.jsonl"
    assert main(["--seed", "3", "--n", "30", "--out", str(a), "--no-progress"]) == 0
    summary = capsys.readouterr().out
    assert main(["--seed", "3", "--n", "30", "--out", str(b), "--no-progress"]) == 0
    assert a.read_bytes() == b.read_bytes()
    lines = a.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 30 and all(json.loads(line)["uid"] for line in lines)
    assert "wrote 30 records" in summary and "decide.choice" in summary
    assert "null rate" in summary and "percentiles" in summary and "invoice" in summary
    main(["--seed", "3", "--n", "4", "--out", str(b), "--split", "test", "--domains",
          "real_estate", "--no-progress"])
    assert {json.loads(x)["domain"] for x in b.read_text().splitlines()} == {"real_estate"}


def test_cli_rejects_bad_arguments(tmp_path):
    with pytest.raises(SystemExit):
        main(["--seed", "0", "--n", "-1", "--out", str(tmp_path / "x.jsonl")])
    with pytest.raises(SystemExit):
        main(["--seed", "0", "--n", "1", "--out", str(tmp_path / "x.jsonl"),
              "--domains", "horoscope"])


@pytest.mark.parametrize("kwargs, message", [
    ({"domains": ["horoscope"]}, "horoscope"),
    ({"split": "holdout"}, "holdout"),
    ({"domains": ["invoice"], "split": "test"}, "held-out"),
    ({"domains": ["real_estate"], "split": "train"}, "held-out"),
    ({"domains": ["recipe"], "split": "val"}, "held-out"),
    ({"domains": ["recipe"], "split": "test"}, "held-out"),
])
def test_bad_arguments_name_the_problem(kwargs, message):
    with pytest.raises(ValueError, match=message):
        next(generate(0, 1, **kwargs))


def test_bad_seed_and_count():
    with pytest.raises(TypeError, match="seed"):
        next(generate("0", 1))
    with pytest.raises(ValueError, match="n must be"):
        next(generate(0, -1))
    assert list(generate(0, 0)) == []


def test_long_documents_exist_and_stay_within_four_thousand_tokens(records):
    lengths = [len(r["context"]) for r in records]
    long = [n for n in lengths if n >= 4000]             # >= ~1,000 tokens
    assert len(long) >= 0.08 * len(records)
    assert max(lengths) <= MAX_CHARS
    assert any(n >= 12_000 for n in lengths)
    long_domains = {r["domain"] for r in records if len(r["context"]) >= 8000}
    assert len(long_domains) >= 10


def test_every_domain_has_arrays_decide_fields_and_absent_optional_fields(records):
    for domain in DOMAINS:
        mine = [r for r in records if r["domain"] == domain]
        assert any(any(isinstance(v, list) and v for v in _values(r["value"])) for r in mine), domain
        assert any(r["decide"] for r in mine), domain
        misses = sum(optional_fields(r["schema"], r["value"])[1] for r in mine)
        assert misses, f"{domain} never has an optional field absent from its document"
        for r in mine:
            for p in r["spans"]:
                assert _leaves(r)[p][1] is not None


def _values(value):
    if isinstance(value, dict):
        for v in value.values():
            yield v
            yield from _values(v)
    elif isinstance(value, list):
        for v in value:
            yield from _values(v)


def test_schema_features_all_occur(records):
    dumped = [json.dumps(r["schema"]) for r in records]
    for feature in ('"x-levels"', '"x-generate": true', '"x-max-tokens"', '"anyOf"', '"oneOf"',
                    '"format": "email"', '"format": "uri"', '"format": "date"', "null]",
                    '"additionalProperties": false', '"minimum"'):
        assert any(feature in d for d in dumped), feature
    modes = {m for r in records for _, m in schema_modes(r["schema"])}
    assert modes == {"decide.choice", "decide.score", "decide.noul", "extract.number",
                     "extract.date", "extract.span", "generate"}
    nested = [p for r in records for p, _ in schema_modes(r["schema"]) if p.count("*") >= 2]
    assert nested, "no array nested inside array items"
    assert any(None in (r["schema"]["properties"].get(k, {}).get("enum") or [])
               for r in records for k in r["schema"]["properties"])


def test_some_records_need_a_date_order_and_say_so(records):
    orders = {r["options"].get("date_order") for r in records}
    assert {"MDY", "DMY"} <= orders
    assert any(r["options"] == {} for r in records)


def test_array_items_have_distinct_anchors_in_document_order(records):
    """Contract 12.6: every item of an array gets its own earliest span, in item order."""
    arrays = 0
    for r in records:
        starts: dict[str, dict[int, int]] = {}
        for ptr, (s, _) in list(r["spans"].items()):
            parts = ptr.split("/")
            for depth in range(2, len(parts)):
                if parts[depth].isdigit():
                    array = "/".join(parts[:depth])
                    item = int(parts[depth])
                    slot = starts.setdefault(array, {})
                    slot[item] = min(slot.get(item, s), s)
        for array, items in starts.items():
            ordered = [items[i] for i in sorted(items)]
            assert ordered == sorted(set(ordered)), (r["uid"], array)
            arrays += 1
    assert arrays > 200


def test_decide_evidence_is_quoted_from_the_text(records):
    entries = 0
    for r in records:
        for ptr, entry in r["decide"].items():
            evidence = entry["evidence"]
            assert isinstance(evidence, str) and evidence.strip(), (r["uid"], ptr)
            assert evidence in r["context"], (r["uid"], ptr, evidence)
            entries += 1
    assert entries > len(records)


def test_long_documents_on_request_hold_every_fact_at_any_depth_and_leave_the_rest_unchanged(records):
    from degdata.generate import CHARS_PER_TOKEN, LongDocs

    long_docs = LongDocs(rate=0.5, max_tokens=32_768, min_tokens=8_192)
    n = len(DOMAINS)                                         # every domain once
    plain, longer = records[:n], list(generate(SEED, n, long_docs=long_docs))
    assert [r["uid"] for r in longer] == [r["uid"] for r in plain]
    lengthened = [(a, b) for a, b in zip(plain, longer) if b["context"] != a["context"]]
    for a, b in zip(plain, longer):
        if b["context"] == a["context"]:
            assert encode(a) == encode(b)                    # records left short are bitwise today's
    assert 0.3 * n <= len(lengthened) <= 0.7 * n
    depths = []
    for _, b in lengthened:
        assert not problems(b)                               # every span is still exactly its value
        size = len(b["context"])
        assert 8_192 * CHARS_PER_TOKEN * 0.8 <= size <= 32_768 * CHARS_PER_TOKEN
        depths += [s / size for s, _ in _spans(b)]
    assert max(len(b["context"]) for _, b in lengthened) > 16_384 * CHARS_PER_TOKEN
    assert min(depths) < 0.1 and max(depths) > 0.9 and any(0.3 < d < 0.7 for d in depths)
    assert list(generate(SEED, 40, long_docs=long_docs)) == longer[:40]    # deterministic
    assert list(generate(SEED, n, long_docs=LongDocs(rate=0.0))) == plain
    with pytest.raises(ValueError, match="max_tokens <= 32768"):
        LongDocs(rate=0.1, max_tokens=65_536)


def _spans(record: dict) -> list[tuple[int, int]]:
    return [tuple(span) for span in record["spans"].values()]


def test_cli_long_documents_option(tmp_path, capsys):
    out = tmp_path / "long.jsonl"
    assert main(["--seed", "3", "--n", "4", "--out", str(out), "--no-progress", "--long-rate", "1",
                 "--long-min-tokens", "9000", "--long-max-tokens", "10000"]) == 0
    sizes = [len(json.loads(line)["context"]) for line in out.read_text().splitlines()]
    assert len(sizes) == 4 and all(sizes_ok >= 20_000 for sizes_ok in sizes)
    with pytest.raises(SystemExit):
        main(["--seed", "3", "--n", "1", "--out", str(out), "--long-rate", "0.5", "--long-max-tokens", "99999"])
