"""`Kit`: everything a domain module draws from for one record.

One seeded `random.Random` for structure, one seeded Faker of the record's locale for
names, places and companies, the document's `Style`, and a long-document target. Domain
code stays short because writing a gold money amount, date or count is one call that
formats it in the document's style and records its span.
"""
from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from faker import Faker

from .doc import Doc, Path
from .fmt import NAMED_DATE_STYLES, Style
from .layout import Cell, cell

BASE_DAY = dt.date(2023, 1, 1)


@dataclass
class Kit:
    rng: random.Random
    fake: Faker
    locale: str
    style: Style
    long_target: int = 0          # > 0: lengthen this document to about this many characters
    sites: list[int] = field(default_factory=list)   # break points marked by `pad`

    # ---- draws ---------------------------------------------------------------------
    def day(self, after: dt.date | None = None, within: int = 1200) -> dt.date:
        start = after or BASE_DAY
        return start + dt.timedelta(days=self.rng.randint(1 if after else 0, within))

    def amount(self, lo: float, hi: float) -> float:
        return round(self.rng.uniform(lo, hi), 2)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def maybe(self, value, p: float = 0.8):
        """`value` with probability `p`, else None: an optional fact the document may omit."""
        return value if self.rng.random() < p else None

    def names(self, n: int) -> list[str]:
        """`n` distinct people's names of the record's locale."""
        out: list[str] = []
        while len(out) < n:
            name = self.fake.name()
            if name not in out:
                out.append(name)
        return out

    def pick(self, options):
        return self.rng.choice(list(options))

    # ---- gold writers ----------------------------------------------------------------
    def money(self, doc: Doc, path: Path | None, x: float, code: bool = False) -> Doc:
        """Write `x` as money (symbol or ISO code beside it); only the number is gold."""
        bare = not code and self.rng.random() < self.style.bare_money
        before, number, after = self.style.money(x, code, bare)
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
        text = self.date_text(d)
        return doc.put(path, text) if path else doc.add(text)

    def date_text(self, d: dt.date) -> str:
        """`d` in the document's style, or now and then in a named-month form."""
        if self.rng.random() < 0.2:
            return self.style.date(d, self.rng.choice(NAMED_DATE_STYLES))
        return self.style.date(d)

    def money_text(self, x: float, code: bool = False) -> tuple[str, str, str]:
        bare = not code and self.rng.random() < self.style.bare_money
        return self.style.money(x, code, bare)

    # ---- cells (`layout`): the same writers, measured before they are written -------
    def money_cell(self, path: Path | None, x: float, code: bool = False) -> Cell:
        before, number, after = self.money_text(x, code)
        return ((before, None), (number, path), (after, None))

    def num_cell(self, path: Path | None, x: float, places: int = 2) -> Cell:
        return cell(self.style.decimal(x, places), path)

    def count_cell(self, path: Path | None, n: int) -> Cell:
        return cell(self.style.integer(n), path)

    def date_cell(self, path: Path | None, d: dt.date) -> Cell:
        return cell(self.date_text(d), path)

    # ---- long documents --------------------------------------------------------------
    def pad(self, doc: Doc) -> None:
        """Mark a natural break point (after a section) where a long version of this
        document may carry unrelated text (`degrade.lengthen`)."""
        self.sites.append(len(doc))
