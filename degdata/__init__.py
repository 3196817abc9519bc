"""degdata: seeded synthetic documents with schemas, gold values and gold spans.

`generate(seed, n, domains=None, split=None)` yields records
`{uid, domain, split, locale, options, context, schema, value, spans, span_alternatives,
decide}` (contract 12.4 / 12.6); `python -m degdata` writes them as JSONL and
`python -m degdata summary` prints the corpus report. Pure Python (Faker, jsonschema, no
torch): the training service trains on it and the evaluation service measures on it.

Splits are by domain (`splits`): `train` (train domains), `val` (an in-domain hash
holdout of train-domain records, for fit), `val_heldout` (every record of `VAL_DOMAINS`,
in neither train nor test: fit temperatures, the null margin and mixing weights here) and
`test` (every record of `TEST_DOMAINS`, held out from everything else).

What makes the documents hard on purpose: 164 document kinds written in key-value, table
and prose layouts (`layout`); values in many surface forms (dates in every common form,
amounts with and without currency, ratings as "4/5", "four stars", "★★★★☆"; `fmt`,
`surface`); decisions stated by negation ("not yet paid", "no pets allowed"); optional
facts absent from the text (null gold); and documents lengthened to up to ~4,000 tokens,
laid out as PDF-extracted text and given OCR noise without ever changing a gold span
(`degrade`). `verify.problems` checks every record before it is yielded.
"""
from __future__ import annotations

from .domains import DOMAINS
from .generate import generate, make_record
from .splits import SPLITS, TEST_DOMAINS, VAL_DOMAINS, domain_splits, split_of, uid
from .verify import problems

__all__ = ["DOMAINS", "SPLITS", "TEST_DOMAINS", "VAL_DOMAINS", "domain_splits", "generate",
           "make_record", "problems", "split_of", "uid"]
