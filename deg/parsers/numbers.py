"""Numbers as written in documents -> int / float, never guessed (contract section 3).

`parse_number(text)` accepts one amount, surrounded by optional whitespace:

- an optional sign (`+`, `-`, U+2212 minus) or accounting parentheses `(1,234.00)` for a
  negative amount (a sign inside parentheses is refused);
- an optional currency symbol or ISO code before or after (`$`, `US$`, `€`, `£`, `¥`, `₹`,
  `USD`, `EUR`, `CHF`, ...), with at most one space;
- an optional `%` after: the value is the number as written (`12.5%` -> 12.5, not 0.125),
  because deg copies quantities and the schema author chose the unit;
- the digits (ASCII only), in one of these shapes:
  - plain `1234`, `1234.5`, `.5`, scientific `6.02e23` (the mantissa is plain);
  - grouped by `,` (`1,234,567.89`), by `.` (`1.234.567,89`), by spaces (ASCII space,
    no-break U+00A0, narrow no-break U+202F, thin U+2009) or by `'` (`1'234.50`): every group
    after the first has exactly 3 digits, the first 1-3; the decimal separator is then the
    other mark (for space/`'` grouping, either `.` or `,`);
  - Indian grouping `12,34,567.00` (last group 3 digits, the ones before it 2).

Which mark is the decimal separator when only one mark appears once (no locale is used):

- `.` once: always the decimal point (`1.234` -> 1.234). A dot-grouped thousand needs a
  second group (`1.234.567`) or a decimal comma (`1.234,5`).
- `,` once: thousands when it is followed by exactly 3 digits and preceded by 1-3 digits
  that do not start with `0` (`1,234` -> 1234, `12,345` -> 12345); otherwise the decimal
  comma (`1,5` -> 1.5, `12,50` -> 12.5, `0,125` -> 0.125, `1234,567` -> 1234.567).
- `,` or `.` more than once: thousands (`1,234,567` -> 1234567).

Refused (None): words (`twelve`), magnitude suffixes (`1.2k`, `3M`, `2bn`: expanding them
would write digits that are not in the text), fractions (`1/2`), ranges, two signs, a
malformed grouping (`1,23,4`), non-finite results (`1e999`) and anything else.

Result type: an int when the text has no fractional part and no exponent, else a float
(`12.50` -> 12.5). With `integer=True` the value must be integral: `12.0` -> 12, `1e3` ->
1000, `12.5` -> None; the result is then always an int (exact, also beyond 2**53).
"""
from __future__ import annotations

from decimal import Decimal, InvalidOperation

import regex

__all__ = ["AMOUNT_PATTERN", "CORE_PATTERN", "parse_number"]

SIGN = r"[+\-\u2212]"
# One space between parts of an amount: ASCII, no-break, narrow no-break, thin.
GAP = r"[ \u00a0\u202f\u2009]?"
GROUP_SPACE = r"[ \u00a0\u202f\u2009']"

CURRENCY_SYMBOL = r"(?:US\$|A\$|C\$|NZ\$|HK\$|S\$|R\$|[$€£¥₹₩₽₺₪₫฿₦₱¢])"
CURRENCY_CODES = (
    "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "CNY", "RMB", "INR", "SEK", "NOK",
    "DKK", "PLN", "CZK", "HUF", "BRL", "MXN", "ZAR", "SGD", "HKD", "KRW", "RUB", "TRY", "AED",
    "SAR", "ILS", "THB",
)
CURRENCY_CODE = r"(?:" + "|".join(CURRENCY_CODES) + r")(?![A-Za-z])"
CURRENCY = r"(?:" + CURRENCY_SYMBOL + "|" + CURRENCY_CODE + ")"

# The digit core. Alternatives are ordered so that the grouped shapes win over the plain one;
# each is linear (no nested ambiguous quantifiers), so scanning a long text cannot backtrack
# catastrophically. The trailing guard refuses a partial match inside a longer digit string
# (`1.2.3`, `1,23,4`) and magnitude suffixes (`3M`, `1.2k`).
CORE_PATTERN = (
    r"(?:"
    r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?"
    r"|[0-9]{1,3}(?:\.[0-9]{3})+(?:,[0-9]+)?"
    r"|[0-9]{1,3}(?:" + GROUP_SPACE + r"[0-9]{3})+(?:[.,][0-9]+)?"
    r"|[0-9]{1,2}(?:,[0-9]{2})+,[0-9]{3}(?:\.[0-9]+)?"
    r"|[0-9]+(?:[.,][0-9]+)?(?:[eE][+\-]?[0-9]+)?"
    r"|\.[0-9]+(?:[eE][+\-]?[0-9]+)?"
    r")"
    r"(?![0-9]|[.,'eE][0-9]|[kKmMbB](?![A-Za-z])|bn\b|mn\b)"
)

# A whole amount: sign / currency / core / percent / currency, or the same in parentheses.
_UNSIGNED = (
    r"(?:(?P<cur1>" + CURRENCY + r")" + GAP + r")?"
    r"(?P<core>" + CORE_PATTERN + r")"
    r"(?:" + GAP + r"(?P<pct>%))?"
    r"(?:" + GAP + r"(?P<cur2>" + CURRENCY + r"))?"
)
_SIGNED = (
    r"(?:(?P<sign>" + SIGN + r")" + GAP + r")?"
    r"(?:(?P<cur1>" + CURRENCY + r")" + GAP + r")?"
    r"(?:(?P<sign2>" + SIGN + r")" + GAP + r")?"
    r"(?P<core>" + CORE_PATTERN + r")"
    r"(?:" + GAP + r"(?P<pct>%))?"
    r"(?:" + GAP + r"(?P<cur2>" + CURRENCY + r"))?"
)
AMOUNT_PATTERN = r"(?:\((?P<paren>)" + GAP + _UNSIGNED + GAP + r"\)|" + _SIGNED + r")"

_AMOUNT = regex.compile(AMOUNT_PATTERN, regex.VERSION1)
_INDIAN = regex.compile(r"[0-9]{1,2}(?:,[0-9]{2})+,[0-9]{3}")
_SPACE_GROUPS = regex.compile(r"[0-9]{1,3}(?:" + GROUP_SPACE + r"[0-9]{3})+")


def parse_number(text: str, *, integer: bool = False) -> int | float | None:
    """Parse one amount as written (see the module docstring), or None when it is not one."""
    if not isinstance(text, str):
        raise TypeError(f"parse_number expects str, got {type(text).__name__}")
    match = _AMOUNT.fullmatch(text.strip())
    if match is None:
        return None
    if match.group("cur1") is not None and match.group("cur2") is not None:
        return None                                   # "$12 USD": two currencies
    value = _core_value(match.group("core"))
    if value is None:
        return None
    signs = [s for s in (match.captures("sign") + match.captures("sign2")) if s]
    if len(signs) > 1:
        return None
    negative = match.captures("paren") != [] or (signs and signs[0] in "-\u2212")
    if negative:
        value = -value
    return _to_python(value, integral_text=_is_integral_text(match.group("core")), integer=integer)


def _core_value(core: str) -> Decimal | None:
    """The exact decimal value of a digit core matched by CORE_PATTERN."""
    if "e" in core or "E" in core:
        mantissa = regex.split(r"[eE]", core)[0]
        if "," in mantissa:
            return None                               # "1,5e3": refuse mixing a decimal comma in
        return _decimal(core)
    if _INDIAN.fullmatch(core.split(".")[0]):
        return _decimal(core.replace(",", ""))
    if _SPACE_GROUPS.match(core) and regex.search(GROUP_SPACE, core):
        integer_part = _SPACE_GROUPS.match(core).group()
        rest = core[len(integer_part):]                # "" or ".5" / ",5"
        digits = regex.sub(GROUP_SPACE, "", integer_part)
        return _decimal(digits + ("." + rest[1:] if rest else ""))
    commas, dots = core.count(","), core.count(".")
    if commas and dots:
        decimal_mark = "," if core.rfind(",") > core.rfind(".") else "."
        thousands = "." if decimal_mark == "," else ","
        whole, _, fraction = core.rpartition(decimal_mark)
        if whole.count(decimal_mark) or not _valid_thousands(whole, thousands):
            return None
        return _decimal(whole.replace(thousands, "") + "." + fraction)
    if commas > 1 or dots > 1:
        mark = "," if commas else "."
        if not _valid_thousands(core, mark):
            return None
        return _decimal(core.replace(mark, ""))
    if dots == 1:
        return _decimal(core)
    if commas == 1:
        whole, fraction = core.split(",")
        if len(fraction) == 3 and 1 <= len(whole) <= 3 and not whole.startswith("0"):
            return _decimal(whole + fraction)
        return _decimal(whole + "." + fraction)
    return _decimal(core)


def _valid_thousands(whole: str, mark: str) -> bool:
    groups = whole.split(mark)
    return 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:]) and all(
        g.isdigit() for g in groups
    )


def _decimal(text: str) -> Decimal | None:
    try:
        value = Decimal(text if not text.startswith(".") else "0" + text)
    except InvalidOperation:
        return None
    # Beyond float range the text is not a quantity deg can return faithfully.
    return value if value.is_finite() and abs(value.adjusted()) <= 308 else None


def _is_integral_text(core: str) -> bool:
    """True when the written number has neither a fractional part nor an exponent."""
    value = _core_value(core)
    if value is None or "e" in core.lower():
        return False
    return value == value.to_integral_value() and value.as_tuple().exponent >= 0


def _to_python(value: Decimal, *, integral_text: bool, integer: bool) -> int | float | None:
    if integer:
        if value != value.to_integral_value():
            return None
        return int(value)
    if integral_text:
        return int(value)
    result = float(value)
    if result != result or result in (float("inf"), float("-inf")):
        return None
    return result
