"""Deterministic parsers for copied text: numbers, dates, formats.

They normalize what the context says and never invent digits, dates or offsets that are not
written (contract section 3). No locale, clock or randomness: the same text always gives the
same value.
"""
from deg.parsers.dates import parse_date, parse_datetime
from deg.parsers.formats import FORMAT_CHECKER, check_format
from deg.parsers.numbers import parse_number

__all__ = ["FORMAT_CHECKER", "check_format", "parse_date", "parse_datetime", "parse_number"]
