"""Dates and date-times as written -> ISO 8601 / RFC 3339, never guessed (contract 3, 9).

Accepted date shapes (English month and weekday names, any letter case):

- ISO `2026-03-05`; year first with `/` or `.`: `2026/03/05`, `2026.3.5` (always Y-M-D);
- numeric `03/05/2026`, `05.03.2026`, `5-3-2026` (same separator twice, four-digit year): the
  order comes from `date_order` ("MDY" or "DMY"). With `date_order=None` the text parses only
  if exactly one reading is a valid date (`13/05/2026` is DMY, `05/13/2026` MDY,
  `05/05/2026` is the same either way) and is None otherwise (`03/05/2026`). A fill with
  `date_order=None` first asks the document itself (`document_date_order`).
- month name first: `March 5, 2026`, `Mar. 5th, 2026`, `Mar 5 2026`, `Mar 5, '26`;
- day first: `5 March 2026`, `5th Mar 2026`, `05 Mar 2026`, `5th of March, 2026`,
  `5-Mar-2026`, `5-Mar-26`;
- an optional weekday before any named-month form (`Thursday, March 5, 2026`, `Thu 5 Mar
  2026`). A weekday that contradicts the date makes the text None: one of the two is
  misread and deg does not pick.

Two-digit years are accepted only next to a month name (`5-Mar-26`, `Mar 5, '26`), where they
cannot be confused with a day or month, and pivot like POSIX `strptime %y`: 00-68 -> 2000-2068,
69-99 -> 1969-1999. Purely numeric dates with a two-digit year (`03/05/26`) are refused: the
year is as ambiguous as the day. A month and year without a day (`March 2026`) is refused:
a day would be invented. Invalid calendar dates (`Feb 30`, year 0) are None.

Date-times are a date, then `T`, a space, `, ` or ` at `, then a time: `14:30`, `14:30:05`,
`14:30:05.250`, `2:30 pm`, `2:30 p.m.`, `2pm` (am/pm hours must be 1-12), then an optional
offset: `Z`, `+01:00`, `+0100`, `+01`, `UTC`, `GMT`, `UTC+2`, `GMT-05:30`. Named zones other
than UTC/GMT (`EST`, `CET`, ...) are refused: abbreviations are ambiguous (`IST`, `CST`) and
their offsets depend on a tz database deg does not consult.

- `parse_date` given a date-time takes the date part as written (no conversion to UTC, since
  the writer's calendar day is what the text says).
- `parse_datetime` needs a time: a bare date is None (midnight would be invented). A missing
  offset becomes `default_offset` with `assumed_offset=True`; with `default_offset=None` such
  text is None. Seconds default to `:00`; fractional seconds are kept as written.

`python-dateutil` is not used for parsing: it silently guesses day/month order, fills missing
parts from today and accepts free text around a date, all of which deg must refuse. The regex
pieces here are shared with `deg.candidates`, so whatever a candidate span covers is what
these functions read.
"""
from __future__ import annotations

import datetime as _dt

import regex

__all__ = [
    "DATE_PATTERN", "DATETIME_PATTERN", "document_date_order", "parse_date", "parse_datetime",
]

_MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12,
    "dec": 12,
}
_WEEKDAYS = {
    "monday": 0, "mon": 0, "tuesday": 1, "tues": 1, "tue": 1, "wednesday": 2, "wed": 2,
    "thursday": 3, "thurs": 3, "thur": 3, "thu": 3, "friday": 4, "fri": 4, "saturday": 5,
    "sat": 5, "sunday": 6, "sun": 6,
}
_ORDINAL = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def _names(table: dict[str, int]) -> str:
    return "|".join(sorted(table, key=len, reverse=True))   # longest first: "march" before "mar"


_MONTH = r"(?P<mname>" + _names(_MONTHS) + r")(?![a-z])"
_WEEKDAY = r"(?:(?P<wday>" + _names(_WEEKDAYS) + r")(?![a-z])\.?,?\s+)?"
_DAY = r"(?P<day>[12][0-9]|3[01]|0?[1-9])(?![0-9])(?P<ord>st|nd|rd|th)?(?![a-z])"
_YEAR = r"(?P<year>[0-9]{4})(?![0-9])"
_YY = r"(?P<yy>[0-9]{2})(?![0-9])"

_ISO = r"(?P<year>[0-9]{4})-(?P<month>0[1-9]|1[0-2])-(?P<day>0[1-9]|[12][0-9]|3[01])(?![0-9])"
_YMD = (
    r"(?P<year>[0-9]{4})(?P<sep>[/.])(?P<month>1[0-2]|0?[1-9])(?P=sep)"
    r"(?P<day>[12][0-9]|3[01]|0?[1-9])(?![0-9])"
)
_NUMERIC = r"(?P<a>[0-9]{1,2})(?P<sep>[/.\-])(?P<b>[0-9]{1,2})(?P=sep)" + _YEAR
_MONTH_FIRST = (
    _WEEKDAY + _MONTH + r"(?:\.\s*|\s+)" + _DAY + r"(?:,\s*|\s+)(?:" + _YEAR + r"|'" + _YY + r")"
)
_DAY_FIRST = (
    _WEEKDAY + _DAY + r"(?:\s+of\s+|\s+|-|\.\s*)" + _MONTH
    + r"(?:\.?,?\s+|\.?-|\.)(?:" + _YEAR + r"|'?" + _YY + r")"
)
_DATE_BODY = "(?:" + "|".join((_ISO, _YMD, _NUMERIC, _MONTH_FIRST, _DAY_FIRST)) + ")"

_AMPM = r"(?P<ampm>[ap]\.?m\.?)(?![a-z])"
_TIME = (
    r"(?:(?P<hour>2[0-3]|[01]?[0-9]):(?P<minute>[0-5][0-9])"
    r"(?::(?P<second>[0-5][0-9])(?:[.,](?P<frac>[0-9]{1,9}))?)?(?![0-9])(?:\s*" + _AMPM + r")?"
    r"|(?P<hour>1[0-2]|0?[1-9])\s*" + _AMPM + r")"
)
_SIGN = r"[+\-\u2212]"
_ZONE = (
    r"(?:\s*(?:(?P<zulu>Z)(?![a-z])"
    r"|(?P<utc>UTC|GMT)(?:\s*(?P<osign>" + _SIGN + r")(?P<oh>[0-9]{1,2})(?::?(?P<om>[0-9]{2}))?)?"
    r"(?![a-z0-9])"
    r"|(?P<osign>" + _SIGN + r")(?P<oh>[0-9]{2})(?::?(?P<om>[0-9]{2}))?(?![0-9])))"
)
_DT_SEP = r"(?:T|,?\s+at\s+|,\s*|\s+@\s+|\s+)"

# Patterns without anchors, for `deg.candidates` (which adds the word guards).
DATE_PATTERN = _DATE_BODY
DATETIME_PATTERN = _DATE_BODY + _DT_SEP + _TIME + _ZONE + "?"

_FLAGS = regex.IGNORECASE | regex.VERSION0
_DATE_RE = regex.compile(DATE_PATTERN, _FLAGS)
_DATETIME_RE = regex.compile(DATETIME_PATTERN, _FLAGS)
_DEFAULT_OFFSET_RE = regex.compile(r"Z|[+\-](?:[01][0-9]|2[0-3]):[0-5][0-9]")
DATE_ORDERS = ("MDY", "DMY")


def parse_date(text: str, *, date_order: str | None = None) -> str | None:
    """`YYYY-MM-DD` for a date (or the date part of a date-time) as written, else None."""
    _check_order(date_order)
    stripped = _strip(text)
    match = _DATE_RE.fullmatch(stripped) or _DATETIME_RE.fullmatch(stripped)
    if match is None:
        return None
    day = _date_of(match, date_order)
    if day is None:
        return None
    if match.re is _DATETIME_RE and (_time_of(match) is None or _offset_of(match) is False):
        return None                                    # "March 5, 2026 13:00 pm": a misread
    return day.isoformat()


def parse_datetime(
    text: str, *, date_order: str | None = None, default_offset: str | None = "Z"
) -> tuple[str, bool] | None:
    """(RFC 3339 string, assumed_offset) for a date-time as written, else None."""
    _check_order(date_order)
    if default_offset is not None and not _DEFAULT_OFFSET_RE.fullmatch(default_offset):
        raise ValueError(f"default_offset must be 'Z' or '+HH:MM'/'-HH:MM', got {default_offset!r}")
    match = _DATETIME_RE.fullmatch(_strip(text))
    if match is None:
        return None
    day = _date_of(match, date_order)
    clock = _time_of(match)
    if day is None or clock is None:
        return None
    offset = _offset_of(match)
    assumed = offset is None
    if assumed:
        if default_offset is None:
            return None
        offset = default_offset
    elif offset is False:
        return None
    return f"{day.isoformat()}T{clock}{offset}", assumed


_NUMERIC_RE = regex.compile(r"(?<![0-9./\-])" + _NUMERIC + r"(?![0-9])", _FLAGS)


def document_date_order(text: str) -> str | None:
    """The day/month order a document's own numeric dates prove, else None.

    A numeric date whose first number is above 12 (`27/11/2026`) can only be DMY, one whose
    second is (`11/27/2026`) only MDY; a writer keeps one order through a document, so such
    a date settles the ambiguous ones beside it (`12/10/2026`). Dates proving both orders
    settle nothing. Without proof from the digits, a document whose numeric dates are all
    dotted (`03.12.2026`) is DMY: that is how every locale that writes dotted numeric dates
    orders them (year-first dotted dates are read as Y.M.D whatever this says). Otherwise
    None, and an ambiguous date stays unread (contract 9: never guessed).
    """
    votes: set[str] = set()
    separators: set[str] = set()
    for match in _NUMERIC_RE.finditer(text):
        a, b = int(match.group("a")), int(match.group("b"))
        separators.add(match.group("sep"))
        if 12 < a <= 31 and 1 <= b <= 12:
            votes.add("DMY")
        elif 12 < b <= 31 and 1 <= a <= 12:
            votes.add("MDY")
    if len(votes) == 1:
        return votes.pop()
    if not votes and separators == {"."}:
        return "DMY"
    return None


def _strip(text: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"expected str, got {type(text).__name__}")
    return text.strip()


def _check_order(date_order: str | None) -> None:
    if date_order is not None and date_order not in DATE_ORDERS:
        raise ValueError(f"date_order must be 'MDY', 'DMY' or None, got {date_order!r}")


def _date_of(match: regex.Match, date_order: str | None) -> _dt.date | None:
    year = _year_of(match)
    if match.group("a") is not None:                   # numeric day/month, order from options
        a, b = int(match.group("a")), int(match.group("b"))
        readings = {"MDY": _date(year, a, b), "DMY": _date(year, b, a)}
        if date_order is not None:
            return readings[date_order]
        valid = {d for d in readings.values() if d is not None}
        return valid.pop() if len(valid) == 1 else None
    if match.group("mname") is not None:
        month = _MONTHS[match.group("mname").lower()]
    else:
        month = int(match.group("month"))
    day_number = int(match.group("day"))
    suffix = match.group("ord")
    if suffix is not None and suffix.lower() != _ORDINAL.get(day_number, "th"):
        return None                                    # "5st", "2th": misread, refuse
    result = _date(year, month, day_number)
    weekday = match.group("wday")
    if result is not None and weekday is not None:
        if _WEEKDAYS[weekday.lower()] != result.weekday():
            return None
    return result


def _year_of(match: regex.Match) -> int:
    if match.group("year") is not None:
        return int(match.group("year"))
    yy = int(match.group("yy"))
    return 2000 + yy if yy <= 68 else 1900 + yy


def _date(year: int, month: int, day: int) -> _dt.date | None:
    try:
        return _dt.date(year, month, day)
    except ValueError:
        return None


def _time_of(match: regex.Match) -> str | None:
    """`HH:MM:SS[.frac]` or None when the clock reading is invalid (`13 pm`, `0 am`)."""
    hour = int(match.group("hour"))
    minute = int(match.group("minute") or 0)
    second = int(match.group("second") or 0)
    ampm = match.group("ampm")
    if ampm is not None:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ampm[0].lower() == "p" else 0)
    frac = match.group("frac")
    return f"{hour:02d}:{minute:02d}:{second:02d}" + (f".{frac}" if frac else "")


def _offset_of(match: regex.Match) -> str | None | bool:
    """'Z' / '+HH:MM', None when the text has no offset, False when it is out of range."""
    if match.group("zulu") is not None:
        return "Z"
    if match.group("oh") is None:
        return "Z" if match.group("utc") is not None else None
    hours, minutes = int(match.group("oh")), int(match.group("om") or 0)
    if hours > 23 or minutes > 59:
        return False
    sign = "-" if match.group("osign") in ("-", "\u2212") else "+"
    return f"{sign}{hours:02d}:{minutes:02d}"
