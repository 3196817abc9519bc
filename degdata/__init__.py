"""datagen: seeded synthetic documents with schemas, gold values and gold spans.

`generate(seed, n, domains=None, split=None)` yields records
`{uid, domain, split, locale, options, context, schema, value, spans, span_alternatives,
decide}` (contract 12.4 / 12.6); `python -m degdata` writes them as JSONL.
"""
from __future__ import annotations

from .domains import DOMAINS
from .generate import generate, make_record
from .splits import SPLITS, TEST_DOMAINS, split_of, uid
from .verify import problems

__all__ = ["DOMAINS", "SPLITS", "TEST_DOMAINS", "generate", "make_record", "problems",
           "split_of", "uid"]
