"""`generate(seed, n, ...)`: the record stream.

Records are produced round-robin over the selected domains: round `k` builds the `k`-th
record of every domain in turn. A record is a pure function of (seed, domain, index), so
filtering by domain or split never changes a record's bytes, only which records appear.
The split filter is applied from the uid before a record is built (cheap).

Each record is checked with `verify.problems` before it is yielded; a failing record is a
bug in its domain module and raises instead of shipping bad gold.

Long documents (`LongDocs`, off by default): a share `rate` of the records is lengthened
with real filler (`degrade.lengthen`: headed boilerplate paragraphs of the domain's topic
inserted at one to four of the document's paragraph breaks, the document's start and end
among them, in random shares) to a target drawn log-uniformly between `min_tokens` and
`max_tokens` (at most 32,768; `CHARS_PER_TOKEN` characters a token), so the facts end up at
any depth of documents longer than the backbone's trained window, and windows and anchors
can be trained on them. Whether a record is long, and its target, come from a generator of
their own seeded from the record's seed: with the option off every record is bitwise what it
always was, and with it on the records it leaves short are unchanged too.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from faker import Faker

from . import degrade
from .assemble import Draft, assemble
from .domains import DOMAINS
from .fmt import pick_style
from .kit import Kit
from .splits import HELD_OUT, SPLITS, domain_splits, record_seed, split_of, uid
from .verify import problems

MAX_CHARS = 16_000          # about 4,000 tokens at 4 characters a token
MIN_LONG_CHARS = 3_000
LAYOUT_SLACK = 600         # what page headers and hyphens may add after lengthening
PDF_RATE = 0.25             # share of documents that went through PDF-to-text
OCR_RATE = 0.15             # share of documents that went through OCR

CHARS_PER_TOKEN = 4        # the usual estimate (`summary.py` reports with the same)
LONG_MAX_TOKENS = 32_768
LONG_SALT = 0x10C6D0C5      # the long-document draw's own generator, apart from the record's

_FAKERS: dict[str, Faker] = {}   # building a Faker is slow; each use reseeds it fully


def _faker(locale: str, seed: int) -> Faker:
    if locale not in _FAKERS:
        _FAKERS[locale] = Faker(locale)
    fake = _FAKERS[locale]
    fake.seed_instance(seed)
    return fake


@dataclass(frozen=True)
class LongDocs:
    """Long documents in a share `rate` of the records, of `min_tokens`..`max_tokens` tokens."""
    rate: float
    max_tokens: int = LONG_MAX_TOKENS
    min_tokens: int = 8_192

    def __post_init__(self) -> None:
        if not 0.0 <= self.rate <= 1.0:
            raise ValueError(f"the long-document rate must be in [0, 1], got {self.rate}")
        if not 1 <= self.min_tokens <= self.max_tokens <= LONG_MAX_TOKENS:
            raise ValueError(f"long documents need 1 <= min_tokens <= max_tokens <= {LONG_MAX_TOKENS}, "
                             f"got {self.min_tokens} and {self.max_tokens}")

    def target_chars(self, seed: int) -> int:
        """The record's long target in characters, or 0 when the record stays as it is."""
        draw = random.Random(seed ^ LONG_SALT)
        if draw.random() >= self.rate:
            return 0
        tokens = self.min_tokens * (self.max_tokens / self.min_tokens) ** draw.random()
        return int(tokens * CHARS_PER_TOKEN)


def make_record(seed: int, domain: str, index: int, long_docs: LongDocs | None = None) -> dict[str, Any]:
    """The `index`-th record of `domain` under `seed` (`long_docs`: see the module docstring)."""
    spec = DOMAINS[domain]
    record_uid = uid(seed, domain, index)
    rng = random.Random(record_seed(seed, domain, index))
    locale = rng.choice(spec.locales)
    fake = _faker(locale, rng.getrandbits(64))
    style = pick_style(rng, locale)
    long_target = (int(MIN_LONG_CHARS * (MAX_CHARS / MIN_LONG_CHARS) ** rng.random())
                   if rng.random() < spec.long_fraction else 0)
    cap = MAX_CHARS
    long_chars = long_docs.target_chars(record_seed(seed, domain, index)) if long_docs else 0
    if long_chars:
        long_target = cap = long_chars
    kit = Kit(rng, fake, locale, style, long_target)
    draft = spec.build(kit)
    _degrade(draft, kit, spec.topic, cap)
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


def _degrade(draft: Draft, kit: Kit, topic: str, cap: int = MAX_CHARS) -> None:
    """Lengthen (to at most `cap` characters with the layout), lay out as PDF text, add OCR
    noise: each drawn per record (`degrade`)."""
    evidence = list(dict.fromkeys(draft.evidence.values()))
    if kit.long_target > len(draft.doc):
        degrade.lengthen(draft.doc, kit.rng, kit.fake, min(kit.long_target, cap - LAYOUT_SLACK),
                         kit.sites, evidence, topic)
    if kit.rng.random() < PDF_RATE:
        degrade.pdf_layout(draft.doc, kit.rng, draft.title[0], evidence)
    if kit.rng.random() < OCR_RATE:
        degrade.ocr_noise(draft.doc, kit.rng, kit.rng.uniform(0.005, 0.03), evidence)


def _selected(domains: Iterable[str] | None, split: str | None) -> list[str]:
    names = list(DOMAINS) if domains is None else list(domains)
    unknown = [d for d in names if d not in DOMAINS]
    if unknown:
        raise ValueError(f"unknown domain(s) {unknown}; known: {sorted(DOMAINS)}")
    if split is not None and split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS} or None, got {split!r}")
    if split is not None:
        names = [d for d in names if split in domain_splits(d)]
    if not names:
        raise ValueError(f"no domain of {domains or 'all'} can produce split {split!r} "
                         f"(held-out domains: {HELD_OUT})")
    return sorted(set(names), key=names.index)


def generate(seed: int, n: int, *, domains: Iterable[str] | None = None,
             split: str | None = None, long_docs: LongDocs | None = None) -> Iterator[dict[str, Any]]:
    """Yield `n` records (plain JSON-able dicts) of the given domains and split; `long_docs`:
    a share of them lengthened past the trained window (module docstring)."""
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
            yield make_record(seed, domain, index, long_docs)
            produced += 1
            if produced == n:
                return
        index += 1
