"""The domain registry: every domain is well formed, builds sound records in every locale it
declares, and keeps the strings of an array distinct; the held-out domains stay a minority."""
from __future__ import annotations

from collections import defaultdict

import pytest

from degdata import DOMAINS, TEST_DOMAINS, VAL_DOMAINS, generate, make_record, problems
from degdata.domains import ALL_LOCALES
from degdata.filler import TOPICS
from degdata.splits import HELD_OUT
from degdata.verify import _walk

SEED = 4


def test_every_domain_names_its_topic_and_known_locales():
    for name, spec in DOMAINS.items():
        assert spec.name == name
        assert spec.topic in TOPICS, name
        assert spec.locales and set(spec.locales) <= set(ALL_LOCALES), name
        assert 0.0 <= spec.long_fraction <= 1.0, name


def test_held_out_domains_are_registered_and_train_domains_outnumber_them():
    assert set(HELD_OUT) == set(TEST_DOMAINS) | set(VAL_DOMAINS)
    assert set(HELD_OUT) < set(DOMAINS)
    train = [d for d in DOMAINS if d not in HELD_OUT]
    assert len(train) >= 3 * len(HELD_OUT), train


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_domain_builds_sound_records_in_every_locale_it_declares(domain):
    by_locale: dict[str, dict] = {}
    for index in range(200):
        record = make_record(SEED, domain, index)
        by_locale.setdefault(record["locale"], record)
        if len(by_locale) == len(DOMAINS[domain].locales):
            break
    assert set(by_locale) == set(DOMAINS[domain].locales)
    for locale, record in by_locale.items():
        assert problems(record) == [], (domain, locale)
        leaves: dict = {}
        _walk(record["schema"], record["value"], "", leaves)
        for ptr, (s, e) in record["spans"].items():
            leaf, gold = leaves[ptr]
            if isinstance(gold, str) and leaf.get("format") != "date":
                assert record["context"][s:e] == gold, (domain, locale, ptr)


def test_the_strings_of_an_array_are_distinct():
    arrays = 0
    for record in generate(SEED, 8 * len(DOMAINS)):
        texts: dict[str, list[str]] = defaultdict(list)
        for ptr, (s, e) in record["spans"].items():
            array, _, index = ptr.rpartition("/")
            if index.isdigit():                     # an item of an array of strings
                texts[array].append(record["context"][s:e])
        for array, values in texts.items():
            assert len(values) == len(set(values)), (record["uid"], array, values)
            arrays += 1
    assert arrays > 100
