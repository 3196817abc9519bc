"""`generate(seed, n, ...)`: the record stream.

Records are produced round-robin over the selected domains: round `k` builds the `k`-th
record of every domain in turn. A record is a pure function of (seed, domain, index), so
filtering by domain or split never changes a record's bytes, only which records appear.
The split filter is applied from the uid before a record is built (cheap).

Each record is checked with `verify.problems` before it is yielded; a failing record is a
bug in its domain module and raises instead of shipping bad gold.
"""
from __future__ import annotations

import random
from typing import Any, Iterable, Iterator

from faker import Faker

from .assemble import assemble
from .domains import DOMAINS
from .fmt import pick_style
from .kit import Kit
from .splits import SPLITS, TEST_DOMAINS, record_seed, split_of, uid
from .verify import problems

_FAKERS: dict[str, Faker] = {}   # building a Faker is slow; each use reseeds it fully


def _faker(locale: str, seed: int) -> Faker:
    if locale not in _FAKERS:
        _FAKERS[locale] = Faker(locale)
    fake = _FAKERS[locale]
    fake.seed_instance(seed)
    return fake


def make_record(seed: int, domain: str, index: int) -> dict[str, Any]:
    """The `index`-th record of `domain` under `seed`."""
    spec = DOMAINS[domain]
    record_uid = uid(seed, domain, index)
    rng = random.Random(record_seed(seed, domain, index))
    locale = rng.choice(spec.locales)
    fake = _faker(locale, rng.getrandbits(64))
    style = pick_style(rng, locale)
    long_target = rng.randint(8_000, 25_000) if rng.random() < spec.long_fraction else 0
    draft = spec.build(Kit(rng, fake, locale, style, long_target))
    gold = assemble(draft, rng)
    record = {
        "uid": record_uid, "domain": domain, "split": split_of(seed, domain, record_uid),
        "locale": locale,
        "options": {"date_order": style.date_order} if style.ambiguous_dates else {},
        "context": draft.doc.text, **gold,
    }
    found = problems(record)
    if found:
        raise RuntimeError(f"datagen produced a bad record {record_uid}: " + "; ".join(found))
    return record


def _selected(domains: Iterable[str] | None, split: str | None) -> list[str]:
    names = list(DOMAINS) if domains is None else list(domains)
    unknown = [d for d in names if d not in DOMAINS]
    if unknown:
        raise ValueError(f"unknown domain(s) {unknown}; known: {sorted(DOMAINS)}")
    if split is not None and split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS} or None, got {split!r}")
    if split == "test":
        names = [d for d in names if d in TEST_DOMAINS]
    elif split in ("train", "val"):
        names = [d for d in names if d not in TEST_DOMAINS]
    if not names:
        raise ValueError(f"no domain of {domains or 'all'} can produce split {split!r} "
                         f"(test-only domains: {list(TEST_DOMAINS)})")
    return sorted(set(names), key=names.index)


def generate(seed: int, n: int, *, domains: Iterable[str] | None = None,
             split: str | None = None) -> Iterator[dict[str, Any]]:
    """Yield `n` records (plain JSON-able dicts) of the given domains and split."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"n must be a non-negative int, got {n!r}")
    names = _selected(domains, split)
    produced, index = 0, 0
    while produced < n:
        for domain in names:
            if split is not None and split_of(seed, domain, uid(seed, domain, index)) != split:
                continue
            yield make_record(seed, domain, index)
            produced += 1
            if produced == n:
                return
        index += 1
