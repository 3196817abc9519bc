"""What the corpus holds: every domain verifies under several seeds, surface forms vary,
decisions need reading, nulls occur at a realistic rate, documents get long and noisy."""
from __future__ import annotations

import copy
import re
from collections import Counter

import pytest

from degdata import DOMAINS, generate, make_record, problems
from degdata.summary import field_kind, optional_fields, summarize
from degdata.surface import is_negated
from degdata.verify import _walk

SEED = 11


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return list(generate(SEED, 40 * len(DOMAINS)))


def _leaves(record: dict) -> dict:
    out: dict = {}
    _walk(record["schema"], record["value"], "", out)
    return out


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_domain_verifies_under_several_seeds(domain):
    for seed in (0, 5, 23):
        for index in range(6):
            record = make_record(seed, domain, index)
            assert problems(record) == [], (domain, seed, index)
            assert record["domain"] == domain


def test_verifier_rejects_a_decide_answer_that_is_not_an_option_and_unquoted_evidence(corpus):
    record = next(r for r in corpus if any(
        "enum" in _leaves(r)[p][0] and None not in _leaves(r)[p][0]["enum"] for p in r["decide"]))
    ptr = next(p for p in record["decide"] if "enum" in _leaves(record)[p][0])
    bad = copy.deepcopy(record)
    bad["decide"][ptr]["evidence"] = "a sentence the document never says"
    assert any("not in the context" in p for p in problems(bad))
    bad = copy.deepcopy(record)
    leaf = _leaves(bad)[ptr][0]
    leaf["enum"].remove(bad["decide"][ptr]["answer"])
    assert any(ptr in p for p in problems(bad))


RATING_FORMS = {"slash": re.compile(r"\b[1-5]/5\b"), "out_of": re.compile(r"\b[1-5] out of 5\b"),
                "stars": re.compile("[★☆]{5}"), "words": re.compile(r"\b(one|two|three|four|five) stars?\b"),
                "decimal": re.compile(r"\b[1-5]\.0 / 5\b")}


def test_ratings_come_in_many_surface_forms(corpus):
    seen = Counter()
    for r in corpus:
        for ptr, entry in r["decide"].items():
            if field_kind(_leaves(r)[ptr][0]) != "score":
                continue
            for form, pattern in RATING_FORMS.items():
                if pattern.search(entry["evidence"]):
                    seen[form] += 1
    assert len([f for f, n in seen.items() if n >= 5]) >= 4, seen


DATE_FORMS = {"iso": r"\d{4}-\d\d-\d\d", "numeric": r"\d\d[/.]\d\d[/.]\d{4}",
              "month_first": r"[A-Z][a-z]{2,8}\.? \d{1,2}(st|nd|rd|th)?, \d{4}",
              "day_first": r"\d{1,2}(st|nd|rd|th)? (of )?[A-Z][a-z]{2,8} \d{4}",
              "dashed": r"\d\d-[A-Z][a-z]{2}-\d{4}", "ordinal": r".*\d(st|nd|rd|th)\b.*"}


def test_dates_come_in_every_common_form(corpus):
    seen = Counter()
    for r in corpus:
        leaves = _leaves(r)
        for ptr, (s, e) in r["spans"].items():
            if leaves[ptr][0].get("format") != "date":
                continue
            text = r["context"][s:e]
            for form, pattern in DATE_FORMS.items():
                if re.fullmatch(pattern, text):
                    seen[form] += 1
    assert all(seen[f] >= 20 for f in DATE_FORMS), seen
    orders = Counter(r["options"].get("date_order") for r in corpus)
    assert orders["DMY"] and orders["MDY"]


def test_amounts_are_written_with_symbols_codes_and_bare(corpus):
    marks = Counter()
    for r in corpus:
        leaves = _leaves(r)
        for ptr, (s, e) in r["spans"].items():
            if field_kind(leaves[ptr][0]) != "number":
                continue
            around = r["context"][max(0, s - 4):s] + "|" + r["context"][e:e + 4]
            if re.search(r"[$£€]", around):
                marks["symbol"] += 1
            elif re.search(r"\b(EUR|USD|GBP|CHF)\b", around):
                marks["code"] += 1
            else:
                marks["bare"] += 1
    assert min(marks["symbol"], marks["code"], marks["bare"]) >= 30, marks
    grouped = [r["context"][s:e] for r in corpus for ptr, (s, e) in r["spans"].items()
               if re.fullmatch(r"\d{1,3}([.,\u202f ']\d{3})+[.,]\d\d", r["context"][s:e])]
    assert any("." in g.split(",")[0] for g in grouped if "," in g)      # 1.234,50
    assert any("," in g.split(".")[0] for g in grouped if "." in g)      # 1,234.50


def test_decisions_need_reading_negations(corpus):
    negated_false = negated_true = plain = 0
    for r in corpus:
        for ptr, entry in r["decide"].items():
            if field_kind(_leaves(r)[ptr][0]) != "boolean":
                continue
            if is_negated(entry["evidence"]):
                negated_false += entry["answer"] is False
                negated_true += entry["answer"] is True
            else:
                plain += 1
    assert negated_false >= 100 and plain >= 100, (negated_false, plain)
    phrases = " ".join(e["evidence"] for r in corpus for e in r["decide"].values())
    for phrase in ("not yet paid", "No pets are allowed", "non-refundable", "not included"):
        assert phrase in phrases, phrase


def test_null_gold_rate_is_realistic(corpus):
    optional = missing = 0
    for r in corpus:
        o, m = optional_fields(r["schema"], r["value"])
        optional, missing = optional + o, missing + m
    assert optional > 2000
    assert 0.10 <= missing / optional <= 0.20, missing / optional
    nulls = sum(1 for r in corpus for p, (leaf, v) in _leaves(r).items() if v is None)
    assert nulls > len(corpus) // 4


def test_lengths_reach_four_thousand_tokens_with_facts_at_any_depth(corpus):
    chars = sorted(len(r["context"]) for r in corpus)
    tokens = [c / 4 for c in chars]
    print(f"context tokens (~4 chars/token) p50 {tokens[len(tokens) // 2]:.0f} "
          f"p90 {tokens[int(len(tokens) * 0.9)]:.0f} max {tokens[-1]:.0f}")
    assert tokens[-1] <= 4000 and tokens[-1] >= 3000
    assert sum(t >= 1000 for t in tokens) >= 0.08 * len(tokens)
    depths = [s / len(r["context"]) for r in corpus if len(r["context"]) >= 8000
              for s, _ in r["spans"].values()]
    assert min(depths) < 0.1 and max(depths) > 0.9
    assert sum(0.3 < d < 0.7 for d in depths) >= 0.05 * len(depths)


def test_tables_key_value_blocks_pdf_layout_and_ocr_noise_occur(corpus):
    texts = [r["context"] for r in corpus]
    assert sum(bool(re.search(r"^\|[- |]+\|$", t, re.M)) for t in texts) >= 30     # markdown
    assert sum(bool(re.search(r"^\+[-=+]+\+$", t, re.M)) for t in texts) >= 30     # ASCII grid
    assert sum(bool(re.search(r" \.{4,} ", t)) for t in texts) >= 20                # dot leaders
    assert sum(bool(re.search(r"^(Page \d+ of \d+|- \d+ -|\d+/\d+)$", t, re.M)) for t in texts) >= 10
    assert sum(bool(re.search(r"[a-z]-\n[a-z]", t)) for t in texts) >= 20           # hyphenation
    ocr = sum(bool(re.search(r"\b\w*[a-z]0[a-z]\w*\b|\b\w*[a-z]1[a-z]\w*\b", t)) for t in texts)
    assert ocr >= 20, ocr


def test_field_kinds_all_occur_with_arrays_of_objects(corpus):
    kinds = Counter(k for r in corpus for k in summarize(r)["kinds"])
    for kind in ("enum", "boolean", "score", "date", "number", "integer", "string"):
        assert kinds[kind] >= 100, kinds
    assert sum(summarize(r)["array_leaves"] > 0 for r in corpus) >= 0.8 * len(corpus)
