"""Small helpers the domain modules share: string lists, names without titles, the home currency,
host labels and e-mail addresses, firm names, street addresses, registration plates and words as
they read inside a sentence."""
from __future__ import annotations

import datetime as dt
import re
import unicodedata
from typing import Collection

from .. import layout as L
from ..doc import Doc
from ..fmt import CURRENCIES
from ..kit import Kit

BULLETS = ("- ", "* ", "\u2022 ")
TITLES = frozenset({"Dr", "Mr", "Mrs", "Ms", "Miss", "Mx", "MD", "DDS", "DVM", "PhD", "II", "III", "IV", "Jr", "Sr",
                    "Frau", "Herr", "Mme", "Mlle", "M", "Dipl.-Ing"})


def strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    """Writes `values` as one line or as bullets ("- ", "* " or "• "), or the line `none` when empty."""
    L.string_list(doc, kit.rng, key, values, label, none, BULLETS)


def plain_names(kit: Kit, n: int, titles: Collection[str] = TITLES, strip_commas: bool = False) -> list[str]:
    """`n` distinct names without `titles` or degrees (Faker's de_DE names carry "Prof." and "B.Sc.")."""
    def clean(w: str) -> str:
        return w.strip(",") if strip_commas else w

    out: list[str] = []
    while len(out) < n:
        for name in kit.names(n):
            words = [clean(w) for w in name.split() if not w.endswith(".") and clean(w) not in titles]
            if len(words) >= 2 and " ".join(words) not in out:
                out.append(" ".join(words))
    return out[:n]


def home_currency(kit: Kit) -> None:
    """Sets the document's currency to the locale's own (a local business bills in it)."""
    kit.style.currency, kit.style.symbol = CURRENCIES[kit.locale]
    kit.style.symbol_first = kit.style.symbol in ("$", "£")


def slug(text: str, fallback: str, limit: int | None = None, sep: str = "", sharp_s: bool = False) -> str:
    """`text` as a lower-case ASCII label, other runs as `sep`, cut to `limit` ("Müller & Söhne" -> "muller-sohne")."""
    if sharp_s:
        text = text.replace("ß", "ss")
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    out = re.sub(r"[^a-z0-9]+", sep, plain)
    if sep:
        out = out.strip(sep)[:limit].strip(sep)
    else:
        out = out[:limit]
    return out or fallback


def mail(name: str, host: str, fallback: str, limit: int | None = None, sep: str = "",
         sharp_s: bool = False) -> str:
    """"first.last@host" for a person's `name`, each part a `slug` (the other arguments as there)."""
    parts = [slug(w, fallback, limit, sep, sharp_s) for w in name.split()]
    return f"{parts[0]}.{parts[-1]}@{host}"


def firm_name(kit: Kit, templates: dict[str, tuple[str, ...]], first: bool = False) -> str:
    """A business name from the locale's `templates` ({last}, {city} and, with `first`, {first})."""
    fake = kit.fake
    template = kit.rng.choice(templates[kit.locale])
    if first:
        return template.format(last=fake.last_name(), city=fake.city(), first=fake.first_name())
    return template.format(last=fake.last_name(), city=fake.city())


def address_line(kit: Kit) -> str:
    """A street address and city on one line."""
    return f"{kit.fake.street_address()}, {kit.fake.city()}".replace("\n", ", ")


def number_plate(kit: Kit, registered: dt.date | None = None) -> str:
    """A registration of the locale's format; a British one carries the age identifier of `registered`."""
    rng, letters = kit.rng, "ABCDEFGHJKLMNPRSTUVWXYZ"

    def pick(n: int) -> str:
        return "".join(rng.choice(letters) for _ in range(n))

    def age() -> int:
        if registered is None:
            return rng.randint(10, 74)
        year = registered.year - (registered.month < 3)
        return year % 100 + (50 if registered.month >= 9 or registered.month < 3 else 0)
    return {"en_GB": lambda: f"{pick(2)}{age():02d} {pick(3)}",
            "en_US": lambda: f"{rng.randint(1, 9)}{pick(3)}{rng.randint(100, 999)}",
            "de_DE": lambda: f"{rng.choice(['B', 'M', 'HH', 'K', 'F', 'S', 'DO', 'HB', 'KA', 'MS'])}-{pick(2)} "
                             f"{rng.randint(1, 9999)}",
            "fr_FR": lambda: f"{pick(2)}-{rng.randint(100, 999)}-{pick(2)}"}[kit.locale]()


def lower_first(text: str) -> str:
    """`text` as it reads inside a sentence ("Tasting menu" -> "tasting menu", "PA system" kept)."""
    return text[0].lower() + text[1:] if len(text) > 1 and text[1].islower() else text
