"""`Kit`: everything a domain module draws from for one record.

One seeded `random.Random` for structure, one seeded Faker of the record's locale for
names, places and companies, the document's `Style`, and a long-document target. Domain
code stays short because writing a gold money amount, date or count is one call that
formats it in the document's style and records its span.
"""
from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from faker import Faker

from . import filler
from .doc import Doc, Path
from .fmt import Style

BASE_DAY = dt.date(2023, 1, 1)


@dataclass
class Kit:
    rng: random.Random
    fake: Faker
    locale: str
    style: Style
    long_target: int = 0          # > 0: pad this document to about this many characters

    # ---- draws ---------------------------------------------------------------------
    def day(self, after: dt.date | None = None, within: int = 1200) -> dt.date:
        start = after or BASE_DAY
        return start + dt.timedelta(days=self.rng.randint(1 if after else 0, within))

    def amount(self, lo: float, hi: float) -> float:
        return round(self.rng.uniform(lo, hi), 2)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # ---- gold writers ----------------------------------------------------------------
    def money(self, doc: Doc, path: Path | None, x: float, code: bool = False) -> Doc:
        """Write `x` as money (symbol or ISO code beside it); only the number is gold."""
        before, number, after = self.style.money(x, code)
        doc.add(before)
        doc.put(path, number) if path else doc.add(number)
        return doc.add(after)

    def num(self, doc: Doc, path: Path | None, x: float, places: int = 2) -> Doc:
        text = self.style.decimal(x, places)
        return doc.put(path, text) if path else doc.add(text)

    def count(self, doc: Doc, path: Path | None, n: int) -> Doc:
        text = self.style.integer(n)
        return doc.put(path, text) if path else doc.add(text)

    def date(self, doc: Doc, path: Path | None, d: dt.date) -> Doc:
        text = self.style.date(d)
        return doc.put(path, text) if path else doc.add(text)

    # ---- long documents --------------------------------------------------------------
    def pad(self, doc: Doc, upto: float) -> None:
        """When this record is long, add unrelated text until the document reaches
        `upto` x its target length (call at natural break points, increasing `upto`)."""
        if self.long_target and len(doc) < self.long_target * upto:
            doc.add("\n", filler.block(self.rng, self.fake,
                                       int(self.long_target * upto) - len(doc)), "\n")
