"""True/false questions weighted so that a field's base rate teaches nothing.

In generated training data each (domain, field) states its flag true at its own rate (from
0.13 to 0.96 across domains), so a head can score well on the training domains by learning
which field names are usually true, which tells it nothing on a domain it never saw. Weighting
each true/false question by the inverse of its answer's rate within its (domain, field) makes
that shortcut worth no more than a coin: under the weights both answers of every field carry
the same total, and the only way down is reading the document.

weight(answer) = 0.5 / p(answer), with p(answer) = (n_answer + 1) / (n + 2) (add-one, so a
field seen once is not weighted to infinity), capped at `CAP`. A field is its pointer with the
array indices as `*`, so every item of an array shares its item field's rate. A record not in
the table, or a field with no count, is weighted 1.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from deg.pointer import escape

CAP = 8.0
_INDEX = re.compile(r"/\d+(?=/|$)")


def field_key(pointer: str) -> str:
    """`/listing/3/sold_out` -> `/listing/*/sold_out`."""
    return _INDEX.sub("/*", pointer)


class BooleanBalance:
    """Per (domain, field) counts of true and false golds -> the weight of one true/false question."""

    def __init__(self, counts: Mapping[tuple[str, str], tuple[int, int]], domains: Mapping[str, str],
                 cap: float = CAP):
        self.counts = dict(counts)          # (domain, field) -> (n_true, n_false)
        self.domains = dict(domains)        # record uid -> domain
        self.cap = cap

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]], cap: float = CAP) -> BooleanBalance:
        """From datagen records (`uid`, `domain`, gold `value`): every boolean leaf counted. A
        record without a domain counts as one domain with the others that have none."""
        counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
        domains = {}
        for rec in records:
            domain = domains[rec["uid"]] = rec.get("domain") or ""
            for pointer, flag in _boolean_leaves(rec.get("value"), ""):
                counts[(domain, field_key(pointer))][0 if flag else 1] += 1
        return cls({k: (t, f) for k, (t, f) in counts.items()}, domains, cap)

    def weight(self, uid: str, pointer: str, answer: bool) -> float:
        domain = self.domains.get(uid)
        if domain is None:
            return 1.0
        n_true, n_false = self.counts.get((domain, field_key(pointer)), (0, 0))
        n = n_true + n_false
        if n == 0:
            return 1.0
        p = ((n_true if answer else n_false) + 1) / (n + 2)
        return min(self.cap, 0.5 / p)


def _boolean_leaves(value: Any, pointer: str):
    if isinstance(value, bool):
        yield pointer, value
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from _boolean_leaves(child, f"{pointer}/{escape(key)}")
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _boolean_leaves(child, f"{pointer}/{i}")

