"""How one document writes its numbers and dates (a `Style`), and the gold value it means.

A document picks one style (from its locale) and keeps it, as real documents do: a German
invoice writes `1.234,56` and `05.03.2026` throughout. Every formatter returns the text
that goes into the context; the caller already holds the gold value.

Choices the contract leaves open, made here for deg's deterministic parsers:
- Money always carries exactly two decimals (`1.234,56`, `12,50`), other decimals one or
  two, never three, so a grouping separator can never be read as a decimal point. Integers
  are plain below 10,000 and grouped in the document's style above it, except that a
  single dot group (`12.500`) is the decimal reading `12.5` for deg's number parser, so a
  dot-grouping style writes integers plain below 1,000,000 (`12500`, `1.250.000`).
- A gold number span is the number only: sign and digits with their separators, never
  the currency symbol or code beside it (`EUR 1.234,56` -> span `1.234,56`). The one
  exception is a negative amount, written `-$1,234.56` as statements
  do, or `-1.234,56 €`: the sign is part of the value and deg's candidate grammar offers
  a signed amount only in its widest written form, so the span is the whole amount.
- Numeric dates (`05/03/2026`, `05.03.2026`) are ambiguous when the day is 12 or less.
  The style records the order it used and whether any date it wrote was ambiguous; the
  record then carries `options.date_order` so the parser has the order it needs.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"],
}
MONTHS_SHORT = {"en": [m[:3] for m in MONTHS["en"]]}

# (name, template, numeric order or None). Templates use {d} {dd} {m} {mm} {yyyy} {month}
# {mon} {mon_dot} ("Mar." but "May") and {ord} (the English ordinal suffix of the day).
DATE_STYLES: dict[str, tuple[str, str | None]] = {
    "iso": ("{yyyy}-{mm}-{dd}", None),
    "us_slash": ("{mm}/{dd}/{yyyy}", "MDY"),
    "eu_slash": ("{dd}/{mm}/{yyyy}", "DMY"),
    "eu_dot": ("{dd}.{mm}.{yyyy}", "DMY"),
    "long_us": ("{month} {d}, {yyyy}", None),
    "long_uk": ("{d} {month} {yyyy}", None),
    "short_uk": ("{d} {mon} {yyyy}", None),
    "short_dash": ("{dd}-{mon}-{yyyy}", None),
    "ordinal_us": ("{month} {d}{ord}, {yyyy}", None),
    "ordinal_uk": ("{d}{ord} {month} {yyyy}", None),
    "ordinal_of": ("{d}{ord} of {month} {yyyy}", None),
    "abbr_us": ("{mon_dot} {d}, {yyyy}", None),
}
# Forms a document may mix into its own style now and then, as real documents do ("issued
# 05/03/2024 ... payable by March 20th, 2024"): never numeric, so one document never holds
# two numeric day/month orders.
NAMED_DATE_STYLES = ("long_us", "long_uk", "short_uk", "short_dash", "ordinal_us",
                     "ordinal_uk", "ordinal_of", "abbr_us")
ORDINALS = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}

# Grouping and decimal marks per number style.
NUMBER_STYLES: dict[str, tuple[str, str]] = {
    "en": (",", "."),        # 1,234.56
    "de": (".", ","),        # 1.234,56
    "fr": ("\u202f", ","),   # 1 234,56 (narrow no-break space, as French typesetting does)
    "fr_space": (" ", ","),  # 1 234,56 (plain space, as most French software writes)
    "ch": ("'", "."),        # 1'234.56
    "plain": ("", "."),      # 1234.56
}

LOCALE_STYLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # locale: (date styles it may use, number styles it may use)
    "en_US": (("us_slash", "long_us", "iso", "short_dash", "ordinal_us", "abbr_us"),
              ("en", "plain")),
    "en_GB": (("eu_slash", "long_uk", "short_uk", "iso", "ordinal_uk", "ordinal_of"),
              ("en", "plain")),
    "de_DE": (("eu_dot", "iso", "long_uk"), ("de", "plain")),
    "fr_FR": (("eu_slash", "iso", "long_uk"), ("fr", "fr_space", "de")),
}

CURRENCIES = {"en_US": ("USD", "$"), "en_GB": ("GBP", "£"), "de_DE": ("EUR", "€"),
              "fr_FR": ("EUR", "€")}


@dataclass
class Style:
    """The number and date conventions of one document."""

    date_style: str
    number_style: str
    currency: str          # ISO code, e.g. "EUR"
    symbol: str            # e.g. "€"
    symbol_first: bool     # "$ 12.00" vs "12,00 €"
    bare_money: float = 0.0  # share of amounts written without any currency mark
    ambiguous_dates: bool = field(default=False)

    @property
    def date_order(self) -> str | None:
        return DATE_STYLES[self.date_style][1]

    # ---- numbers -------------------------------------------------------------------
    def decimal(self, x: float, places: int = 2) -> str:
        """`x` with exactly `places` decimals in this document's style (sign kept)."""
        group, point = NUMBER_STYLES[self.number_style]
        text = f"{abs(x):,.{places}f}"                      # "1,234.56"
        whole, _, frac = text.partition(".")
        whole = whole.replace(",", group)
        out = whole + (point + frac if places else "")
        return ("-" + out) if x < 0 else out

    def integer(self, n: int) -> str:
        """`n` plain below 10,000, grouped at and above it (see module docstring)."""
        dot_grouped = NUMBER_STYLES[self.number_style][0] == "."
        if abs(n) < (1_000_000 if dot_grouped else 10_000):
            return str(n)
        return self.decimal(n, 0)

    def money(self, x: float, code: bool = False, bare: bool = False) -> tuple[str, str, str]:
        """(before, gold, after) for an amount with its symbol (or ISO `code`), or with no
        currency mark at all when `bare` (a table whose header names the currency)."""
        number = self.decimal(x)
        if bare:
            return ("", number, "")
        mark = self.currency if code else self.symbol
        if self.symbol_first or (code and self.number_style == "en"):
            before, after = mark + (" " if mark[-1].isalpha() else ""), ""
        else:
            space = "\u00a0" if self.number_style.startswith("fr") else " "
            before, after = "", space + mark
        if x < 0:       # the sign leads, so the gold span is the whole written amount
            return ("", "-" + before + number[1:] + after, "")
        return (before, number, after)

    # ---- dates ---------------------------------------------------------------------
    def date(self, d: dt.date, style: str | None = None) -> str:
        style = style or self.date_style
        template, order = DATE_STYLES[style]
        if order is not None and d.day <= 12:   # 05/05 too: a strict parser sees two readings
            self.ambiguous_dates = True
        return template.format(
            d=d.day, dd=f"{d.day:02d}", m=d.month, mm=f"{d.month:02d}", yyyy=d.year,
            month=MONTHS["en"][d.month - 1], mon=MONTHS_SHORT["en"][d.month - 1],
            mon_dot=MONTHS_SHORT["en"][d.month - 1] + ("" if d.month == 5 else "."),
            ord=ORDINALS.get(d.day, "th"))


def pick_style(rng, locale: str) -> Style:
    """A style plausible for `locale`, drawn with `rng` (a `random.Random`)."""
    dates, numbers = LOCALE_STYLES[locale]
    code, symbol = CURRENCIES[locale]
    if rng.random() < 0.25:             # an invoice to a foreign client, a US shop in euros
        code, symbol = rng.choice([("USD", "$"), ("EUR", "€"), ("GBP", "£"), ("CHF", "CHF")])
    number_style = rng.choice(numbers)
    symbol_first = symbol in ("$", "£") or (symbol == "CHF" and rng.random() < 0.5)
    return Style(date_style=rng.choice(dates), number_style=number_style, currency=code,
                 symbol=symbol, symbol_first=symbol_first,
                 bare_money=rng.choice([0.0, 0.0, 0.2, 0.5]))


def clock(minutes: int, twelve: bool) -> str:
    """A time of day ("19:30", or "7:30 pm" with `twelve`) from minutes after midnight (wrapping)."""
    h, m = divmod(minutes % (24 * 60), 60)
    return f"{(h - 1) % 12 + 1}:{m:02d} {'am' if h < 12 else 'pm'}" if twelve else f"{h:02d}:{m:02d}"
