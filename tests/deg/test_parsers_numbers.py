"""Table tests for deg.parsers.numbers: numbers as written, never guessed."""
from __future__ import annotations

import pytest

from deg.parsers.numbers import parse_number

# (text, parse_number(text), parse_number(text, integer=True))
TABLE = [
    # plain
    ("0", 0, 0),
    ("42", 42, 42),
    ("  42  ", 42, 42),
    ("3.14", 3.14, None),
    (".5", 0.5, None),
    ("007", 7, 7),
    ("12.0", 12.0, 12),
    ("12.50", 12.5, None),
    # thousands, comma grouping
    ("1,234", 1234, 1234),
    ("12,345", 12345, 12345),
    ("1,234,567", 1234567, 1234567),
    ("1,234,567.89", 1234567.89, None),
    ("1,234.00", 1234.0, 1234),
    # thousands, dot grouping with decimal comma
    ("1.234.567", 1234567, 1234567),
    ("1.234.567,89", 1234567.89, None),
    ("1.234,5", 1234.5, None),
    # spaces and apostrophes
    ("1 234 567,89", 1234567.89, None),
    ("1 234 567.89", 1234567.89, None),
    ("1\u00a0234,50", 1234.5, None),
    ("1\u202f234\u202f567", 1234567, 1234567),
    ("1\u2009234", 1234, 1234),
    ("1'234.50", 1234.5, None),
    ("1'234'567", 1234567, 1234567),
    # Indian grouping
    ("12,34,567.00", 1234567.0, 1234567),
    ("1,00,000", 100000, 100000),
    # decimal comma only where unambiguous
    ("12,50", 12.5, None),
    ("1,5", 1.5, None),
    ("0,125", 0.125, None),
    ("1234,567", 1234.567, None),
    ("1.234", 1.234, None),
    # signs and accounting negatives
    ("-5", -5, -5),
    ("+5", 5, 5),
    ("\u22125", -5, -5),
    ("- 5", -5, -5),
    ("(1,234.00)", -1234.0, -1234),
    ("( 12 )", -12, -12),
    ("-0.5", -0.5, None),
    # currencies before / after, symbols and codes
    ("$1,234.00", 1234.0, 1234),
    ("-$1,234", -1234, -1234),
    ("$-1,234", -1234, -1234),
    ("€ 12,50", 12.5, None),
    ("12,50 €", 12.5, None),
    ("1.234,56€", 1234.56, None),
    ("£99.99", 99.99, None),
    ("¥1,000", 1000, 1000),
    ("USD 1,234.56", 1234.56, None),
    ("1,234.56 USD", 1234.56, None),
    ("EUR12", 12, 12),
    ("US$5", 5, 5),
    ("CHF 1'234.50", 1234.5, None),
    ("($45.00)", -45.0, -45),
    # percent: the number as written
    ("12.5%", 12.5, None),
    ("12.5 %", 12.5, None),
    ("-3%", -3, -3),
    # scientific
    ("1e3", 1000.0, 1000),
    ("6.02e23", 6.02e23, 602000000000000000000000),
    ("1.5E-3", 0.0015, None),
    ("-2.5e+2", -250.0, -250),
    # big integers stay exact
    ("12,345,678,901,234,567,890", 12345678901234567890, 12345678901234567890),
    # refused: words, magnitudes, fractions, malformed grouping, two signs, non-numbers
    ("twelve", None, None),
    ("1.2k", None, None),
    ("3M", None, None),
    ("2bn", None, None),
    ("1/2", None, None),
    ("1,23,4", None, None),
    ("1,2345", 1.2345, None),
    ("12,34", 12.34, None),
    ("1.234.56", None, None),
    ("1,234.567,8", None, None),
    ("--5", None, None),
    ("+-5", None, None),
    ("(-5)", None, None),
    ("$12 USD", None, None),
    ("5.", None, None),
    ("1e999", None, None),
    ("", None, None),
    ("   ", None, None),
    ("abc", None, None),
    ("12 apples", None, None),
    ("10-20", None, None),
    ("١٢٣", None, None),
    ("$", None, None),
    ("%", None, None),
]


@pytest.mark.parametrize("text,expected,expected_int", TABLE, ids=[repr(row[0]) for row in TABLE])
def test_number_table(text, expected, expected_int):
    value = parse_number(text)
    assert value == expected
    assert type(value) is type(expected)
    as_int = parse_number(text, integer=True)
    assert as_int == expected_int
    assert type(as_int) is type(expected_int)


def test_integral_text_gives_int_and_fraction_gives_float():
    assert isinstance(parse_number("1,234"), int)
    assert isinstance(parse_number("1,234.00"), float)


def test_deterministic_and_non_str_refused():
    assert [parse_number("1.234.567,89") for _ in range(3)] == [1234567.89] * 3
    with pytest.raises(TypeError):
        parse_number(12)  # type: ignore[arg-type]
