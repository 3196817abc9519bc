"""The five `format` values deg supports, checked deterministically (contract sections 4, 5).

`check_format(fmt, text)` is used twice: to filter candidate spans of `extract.span` fields
with a format, and in final validation (`FORMAT_CHECKER`, a `jsonschema.FormatChecker` holding
exactly these checks, so the response is judged by the same rules that chose it).

- `date`: RFC 3339 `full-date` `YYYY-MM-DD`, a real calendar day.
- `date-time`: RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS[.frac](Z|+HH:MM|-HH:MM)`, `T`/`Z`
  in either case, a real day and clock; second 60 only at minute 59 (a leap second).
  The offset is required: a local time is not an RFC 3339 date-time.
- `email`: `local@domain.tld`, ASCII. The local part is dot-atom text (RFC 5322: letters,
  digits and ``!#$%&'*+/=?^_`{|}~-``, single dots between atoms), at most 64 characters; the
  domain is two or more LDH labels (1-63 characters, no leading/trailing hyphen), at most 253
  characters, ending in an alphabetic TLD of 2-63 letters or an IDNA `xn--` label. Quoted
  local parts and IP-literal domains are refused: they are legal but almost always a misread
  when copied out of a document.
- `uri`: RFC 3986 absolute URI: `scheme ":" rest`, scheme `ALPHA *(ALPHA / DIGIT / + / - /
  .)`, the rest only unreserved / reserved characters and well-formed `%HH` escapes (no
  spaces, no raw non-ASCII, so an IRI must be percent-encoded); with `//` the authority's host
  must be non-empty except for `file:///...`.
- `uuid`: RFC 4122 textual form `8-4-4-4-12` hex digits, any case, any version, no braces
  and no `urn:uuid:` prefix.

An unknown format name raises `ValueError` (the schema compiler refuses it earlier).
"""
from __future__ import annotations

import datetime as _dt

import jsonschema
import regex

__all__ = ["FORMATS", "FORMAT_CHECKER", "check_format"]

FORMATS = ("date", "date-time", "email", "uri", "uuid")

_FULL_DATE = regex.compile(r"(\d{4})-(\d{2})-(\d{2})")
_DATE_TIME = regex.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+\-](\d{2}):(\d{2}))"
)
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~\-]+"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"
_TLD = r"(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9\-]{1,59})"
# Atomic groups and a look-behind for the TLD instead of `(label\.)+tld`: that form backtracks
# quadratically on long dotted runs (`a.a.a...`), and these patterns also scan whole contexts
# in `deg.candidates`.
EMAIL_LOCAL = r"(?>" + _ATOM + r"(?:\." + _ATOM + r")*)"
EMAIL_DOMAIN = r"(?>" + _LABEL + r"(?:\." + _LABEL + r")+)(?<=\." + _TLD + r")"
_EMAIL = regex.compile(r"(?P<local>" + EMAIL_LOCAL + r")@(?P<domain>" + EMAIL_DOMAIN + r")")
_URI = regex.compile(
    r"(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*):"
    r"(?P<rest>(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)"
)
UUID_PATTERN = r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
_UUID = regex.compile(UUID_PATTERN)


def check_format(fmt: str, text: str) -> bool:
    """True when `text` is a valid `fmt` (one of FORMATS) under the rules above."""
    check = _CHECKS.get(fmt)
    if check is None:
        raise ValueError(f"unsupported format {fmt!r}; deg supports {', '.join(FORMATS)}")
    if not isinstance(text, str):
        return False
    return check(text)


def _is_date(text: str) -> bool:
    match = _FULL_DATE.fullmatch(text)
    return match is not None and _real_day(*map(int, match.groups()))


def _is_date_time(text: str) -> bool:
    match = _DATE_TIME.fullmatch(text)
    if match is None:
        return False
    year, month, day, hour, minute, second = map(int, match.groups()[:6])
    if not _real_day(year, month, day) or hour > 23 or minute > 59:
        return False
    if second > 60 or (second == 60 and minute != 59):
        return False
    offset_hours, offset_minutes = match.group(7), match.group(8)
    return offset_hours is None or (int(offset_hours) <= 23 and int(offset_minutes) <= 59)


def _real_day(year: int, month: int, day: int) -> bool:
    try:
        _dt.date(year, month, day)
    except ValueError:
        return False
    return True


def _is_email(text: str) -> bool:
    match = _EMAIL.fullmatch(text)
    return (
        match is not None
        and len(match.group("local")) <= 64
        and len(match.group("domain")) <= 253
    )


def _is_uri(text: str) -> bool:
    match = _URI.fullmatch(text)
    if match is None:
        return False
    rest = match.group("rest")
    if rest.startswith("//"):
        authority = regex.split(r"[/?#]", rest[2:], maxsplit=1)[0]
        host = authority.rsplit("@", 1)[-1]
        host = regex.sub(r":\d*$", "", host) if not host.startswith("[") else host
        if not host and match.group("scheme").lower() != "file":
            return False
    return True


def _is_uuid(text: str) -> bool:
    return _UUID.fullmatch(text) is not None


_CHECKS = {
    "date": _is_date,
    "date-time": _is_date_time,
    "email": _is_email,
    "uri": _is_uri,
    "uuid": _is_uuid,
}


def _build_checker() -> jsonschema.FormatChecker:
    checker = jsonschema.FormatChecker(formats=())
    for name, check in _CHECKS.items():
        # Non-strings pass: `format` only constrains strings in JSON Schema.
        checker.checks(name)(
            lambda value, _check=check: not isinstance(value, str) or _check(value))
    return checker


FORMAT_CHECKER = _build_checker()
