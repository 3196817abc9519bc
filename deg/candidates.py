"""Candidate spans of typed extract fields (contract 12.3): what the deterministic grammar sees.

`find_candidates(kind, text)` returns every `[start, end)` code-point span of `text` (the
rendered context) that the grammar for `kind` recognizes, sorted by `(start, end)` and without
duplicates. The runtime scores these spans with the span-pointer heads and keeps the best one
that parses and meets the constraints; datagen uses the same function to locate gold spans.
The patterns are the parsers' own (`deg.parsers`), so a candidate covers exactly what the
parser reads.

Kinds and what they yield:

- `number`: each amount in its widest written form (`(1,234.00)`, `-$1,234`, `12.5 %`,
  `1 234,50 €`), its bare digit core (`1,234.00` inside `$1,234.00`), the amount inside
  accounting parentheses (`$5.00` in `fee ($5.00)`: parentheses may be prose, and the
  runtime scores both readings), and every plain digit
  run with at most one decimal mark (`12` and `345` inside `12 345`), because the grammar
  cannot know whether a space groups thousands or separates two numbers. Amounts glued to a
  letter before them (`A123`) are not numbers; a unit after them is fine (`12kg`), except a
  magnitude letter (`3M`, `1.2k`), which the parser refuses. A signed amount written with a
  currency is also offered without it (`-1.350,24` inside `-1.350,24 €`, `-5.00` inside
  `€ -5.00`), because a schema's number field holds the signed value and the currency may be
  the table's, not the cell's.
- `date`: every date shape `parse_date` reads, and every date-time (whose date part
  `parse_date` takes). A date never crosses a line break (a table row ends there), and never
  starts right after `<digit>.` or `<digit>,`: there the digits are the decimals of an amount
  (`-380.24` at a row end followed by a line `August 28, 2024` is not "24 Aug 2028", and such a
  false start must not hide the real date that overlaps it).
- `date-time`: every date followed by a time (`parse_datetime`), on one line.
- `email`, `uuid`: the format's full shape, not glued to neighbouring word characters.
- `uri`: `scheme:` followed by non-space text for common schemes (`http`, `https`, `ftp`,
  `mailto`, `urn`, ...; any `scheme://`), with trailing sentence punctuation and unbalanced
  closing brackets trimmed (`(see https://a.io/x).` yields `https://a.io/x`). Arbitrary
  `word:word` text is not offered even though RFC 3986 would allow it.

A candidate is a place to look, not a verdict: a few (a numeric date that is ambiguous
without `date_order`, an email whose domain is too long) do not parse, and the runtime skips
them. Every pattern is linear in the text (no nested ambiguous repetition; starts are guarded
so a scan cannot restart inside a run), so a 1 MB context takes well under a second.
"""
from __future__ import annotations

import regex

from deg.parsers.dates import DATE_PATTERN, DATETIME_PATTERN
from deg.parsers.formats import EMAIL_DOMAIN, EMAIL_LOCAL, UUID_PATTERN
from deg.parsers.numbers import AMOUNT_PATTERN

__all__ = ["KINDS", "find_candidates"]

KINDS = ("number", "date", "date-time", "email", "uri", "uuid")

# A word character that is not `_` (a letter or digit): spans must not be glued to one.
_ALNUM = r"[^\W_]"
_NUMBER_START = r"(?<![^\W_]|[.,'])"
# Cheap first-character lookaheads let the scanner skip most positions without entering the
# big alternations (about 2x faster on prose).
_AMOUNT_FIRST = r"(?=[0-9.(+\-\u2212\p{Sc}A-Z])"
_DATE_FIRST = (
    r"(?=[0-9]|(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun))"
)
_AMOUNT = regex.compile(_AMOUNT_FIRST + r"(?<![^\W_]|[.,'0-9])" + AMOUNT_PATTERN, regex.VERSION1)
# Plain digit runs with at most one decimal mark: `12` and `345` inside `12 345`.
_DIGIT_RUN = regex.compile(
    _NUMBER_START + r"(?:[0-9]+(?:[.,][0-9]+)?|\.[0-9]+)"
    r"(?![0-9]|[.,'][0-9]|[eE][+\-]?[0-9]|[kKmMbB](?![A-Za-z]))",
    regex.VERSION1,
)
_DATE_FLAGS = regex.IGNORECASE | regex.VERSION0
# A date may be followed by `T` + digit (the date part of an ISO date-time), never by another
# letter or digit.
_DATE_END = r"(?!(?![Tt][0-9])" + _ALNUM + r")"
# Not glued to a letter or digit before it, and not the decimals of an amount (`380.24`).
_DATE_START = r"(?<!" + _ALNUM + r")(?<![0-9][.,])"
_DATE_ONLY = regex.compile(_DATE_FIRST + _DATE_START + DATE_PATTERN + _DATE_END, _DATE_FLAGS)
# Dates are scanned one line at a time: these end a line (the same set as `str.splitlines`).
_LINE_BREAK = regex.compile(r"\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
# Tried only where a date starts (every date-time starts with one), not at every position.
_DATETIME_AT = regex.compile(DATETIME_PATTERN + r"(?!" + _ALNUM + r")", _DATE_FLAGS)
_EMAIL = regex.compile(
    r"(?<![A-Za-z0-9!#$%&'*+/=?^_`{|}~.\-])" + EMAIL_LOCAL + "@" + EMAIL_DOMAIN
    + r"(?![A-Za-z0-9\-]|\.[A-Za-z0-9])"
)
_UUID = regex.compile(r"(?<![0-9A-Za-z\-])" + UUID_PATTERN + r"(?![0-9A-Za-z\-])")
_URI_SCHEMES = (
    "https?", "ftps?", "sftp", "wss?", "mailto", "urn", "file", "tel", "data", "ssh", "git", "s3",
)
_URI = regex.compile(
    r"(?<![A-Za-z0-9+.\-])(?:(?:" + "|".join(_URI_SCHEMES) + r"):|[A-Za-z][A-Za-z0-9+.\-]*://)"
    r"[^\s<>\"`{}|\\^]+",
    regex.IGNORECASE,
)
_URI_TRAILING = ".,;:!?'\""
_CLOSING = {")": "(", "]": "["}


def find_candidates(kind: str, text: str) -> list[tuple[int, int]]:
    """Every span of `text` the grammar of `kind` recognizes, sorted by (start, end)."""
    if not isinstance(text, str):
        raise TypeError(f"find_candidates expects str text, got {type(text).__name__}")
    if kind == "number":
        spans = _scan((_DIGIT_RUN,), text)
        for match in _AMOUNT.finditer(text):          # the whole amount and its digit core
            spans.add(match.span())
            spans.add(match.span("core"))
            if match.captures("paren"):               # "fee ($5.00)": also the positive "$5.00"
                parts = [match.span(g) for g in ("cur1", "core", "pct", "cur2") if match.group(g)]
                spans.add((parts[0][0], parts[-1][1]))
            signed = _signed_without_currency(match)
            if signed is not None:
                spans.add(signed)
    elif kind == "date":
        dates, datetimes = _dates(text)
        spans = dates | datetimes
    elif kind == "date-time":
        spans = _dates(text)[1]
    elif kind == "email":
        spans = _scan((_EMAIL,), text)
    elif kind == "uuid":
        spans = _scan((_UUID,), text)
    elif kind == "uri":
        spans = {_trim_uri(text, m.start(), m.end()) for m in _URI.finditer(text)}
        spans = {span for span in spans if regex.search(r":.", text[span[0]:span[1]])}
    else:
        raise ValueError(f"unknown candidate kind {kind!r}; expected one of {', '.join(KINDS)}")
    return sorted(spans)


def _scan(patterns: tuple[regex.Pattern, ...], text: str) -> set[tuple[int, int]]:
    return {match.span() for pattern in patterns for match in pattern.finditer(text)}


def _signed_without_currency(match: regex.Match) -> tuple[int, int] | None:
    """`-1.350,24` inside `-1.350,24 €` (or `€ -1.350,24`): the sign next to the digits, the
    digits and any percent sign, when the amount also names a currency; else None."""
    if match.captures("paren") or not (match.group("cur1") or match.group("cur2")):
        return None
    if match.group("sign2"):
        sign_start = match.start("sign2")
    elif match.group("sign") and not match.group("cur1"):
        sign_start = match.start("sign")
    else:
        return None                                   # unsigned, or `-€ 5`: sign and digits apart
    end = match.end("pct") if match.group("pct") else match.end("core")
    return sign_start, end


def _lines(text: str) -> list[tuple[int, int]]:
    """`[start, end)` of every line of `text`, line breaks excluded."""
    bounds, start = [], 0
    for brk in _LINE_BREAK.finditer(text):
        bounds.append((start, brk.start()))
        start = brk.end()
    bounds.append((start, len(text)))
    return bounds


def _dates(text: str) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """(date spans, date-time spans): each date is extended to a date-time where a time follows.

    Each line is scanned on its own (`endpos` ends the line), so no match reaches across a
    line break; the lookbehinds still see the text before `pos`."""
    dates: set[tuple[int, int]] = set()
    datetimes: set[tuple[int, int]] = set()
    for line_start, line_end in _lines(text):
        if line_start == line_end:
            continue
        for match in _DATE_ONLY.finditer(text, line_start, line_end):
            dates.add(match.span())
            extended = _DATETIME_AT.match(text, match.start(), line_end)
            if extended is not None:
                datetimes.add(extended.span())
    return dates, datetimes


def _trim_uri(text: str, start: int, end: int) -> tuple[int, int]:
    """Drop sentence punctuation and closing brackets that the URI did not open."""
    while end > start:
        last = text[end - 1]
        if last in _URI_TRAILING:
            end -= 1
            continue
        opener = _CLOSING.get(last)
        if opener is not None and text.count(opener, start, end) < text.count(last, start, end):
            end -= 1
            continue
        break
    return start, end
