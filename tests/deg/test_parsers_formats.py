"""deg.parsers.formats: the five formats, and the jsonschema FormatChecker built from them."""
from __future__ import annotations

import jsonschema
import pytest

from deg.parsers.formats import FORMAT_CHECKER, check_format

VALID = [
    ("date", "2026-03-05"),
    ("date", "2024-02-29"),
    ("date-time", "2026-03-05T14:30:00Z"),
    ("date-time", "2026-03-05t14:30:00.123456+05:30"),
    ("date-time", "2026-12-31T23:59:60Z"),
    ("email", "bob@example.com"),
    ("email", "first.last+tag@mail.example.co.uk"),
    ("email", "o'neil_99@xn--bcher-kva.example"),
    ("uri", "https://example.com"),
    ("uri", "https://user@example.com:8443/a/b?q=1&r=%20#frag"),
    ("uri", "mailto:bob@example.com"),
    ("uri", "urn:isbn:0451450523"),
    ("uri", "file:///etc/hosts"),
    ("uri", "http://[::1]:80/"),
    ("uuid", "123e4567-e89b-12d3-a456-426614174000"),
    ("uuid", "123E4567-E89B-12D3-A456-426614174000"),
]
INVALID = [
    ("date", "2026-02-30"),
    ("date", "2026-3-5"),
    ("date", "March 5, 2026"),
    ("date", "2026-03-05T00:00:00Z"),
    ("date-time", "2026-03-05T14:30:00"),
    ("date-time", "2026-03-05 14:30:00Z"),
    ("date-time", "2026-03-05T24:00:00Z"),
    ("date-time", "2026-03-05T14:30:60Z"),
    ("date-time", "2026-03-05T14:30:00+24:00"),
    ("email", "bob@localhost"),
    ("email", "bob@@example.com"),
    ("email", ".bob@example.com"),
    ("email", "bob..x@example.com"),
    ("email", "bob@-example.com"),
    ("email", "bob@example.c"),
    ("email", "bob @example.com"),
    ("email", "\"bob\"@example.com"),
    ("email", "a" * 65 + "@example.com"),
    ("uri", "example.com"),
    ("uri", "www.example.com/path"),
    ("uri", "https://exa mple.com"),
    ("uri", "https://"),
    ("uri", "https://example.com/%zz"),
    ("uri", "1http://example.com"),
    ("uri", "https://例え.jp"),
    ("uuid", "123e4567e89b12d3a456426614174000"),
    ("uuid", "{123e4567-e89b-12d3-a456-426614174000}"),
    ("uuid", "123e4567-e89b-12d3-a456-42661417400g"),
]


@pytest.mark.parametrize("fmt,text", VALID)
def test_valid(fmt, text):
    assert check_format(fmt, text) is True


@pytest.mark.parametrize("fmt,text", INVALID)
def test_invalid(fmt, text):
    assert check_format(fmt, text) is False


def test_unknown_format_is_an_error():
    with pytest.raises(ValueError, match="unsupported format 'ipv4'"):
        check_format("ipv4", "1.2.3.4")


def test_non_string_is_not_a_format_value():
    assert check_format("uuid", 12) is False  # type: ignore[arg-type]


def test_format_checker_in_jsonschema():
    validator = jsonschema.Draft202012Validator(
        {"type": "object", "properties": {"d": {"type": "string", "format": "date"},
                                          "n": {"format": "email"}}},
        format_checker=FORMAT_CHECKER,
    )
    assert validator.is_valid({"d": "2026-03-05", "n": 5})
    errors = list(validator.iter_errors({"d": "2026-02-30"}))
    assert [(e.validator, list(e.absolute_path)) for e in errors] == [("format", ["d"])]
    assert sorted(FORMAT_CHECKER.checkers) == ["date", "date-time", "email", "uri", "uuid"]
