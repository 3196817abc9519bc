"""deg.candidates: exact spans the deterministic grammar offers, and its speed."""
from __future__ import annotations

import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deg.candidates import find_candidates
from deg.parsers import check_format, parse_date, parse_datetime, parse_number


def texts(kind: str, context: str) -> list[str]:
    return [context[s:e] for s, e in find_candidates(kind, context)]


def test_number_spans_exact():
    context = "Total: $1,234.00 (was (1,200.50)); 12 345 units; 12.5% off; 3M users; 12kg"
    spans = find_candidates("number", context)
    assert spans == sorted(set(spans))
    assert [context[s:e] for s, e in spans] == [
        "$1,234.00", "1,234.00", "(1,200.50)", "1,200.50", "12", "12 345", "345", "12.5",
        "12.5%", "12",
    ]
    assert spans[0] == (7, 16)


@pytest.mark.parametrize(
    "context,expected",
    [
        ("Price: -€ 12,50 today", ["-€ 12,50", "12,50"]),
        ("EUR 1.234.567,89 net", ["EUR 1.234.567,89", "1.234.567,89"]),
        # A space may group thousands or separate numbers: both readings are offered.
        ("amount 1 234 567,89 €", ["1", "1 234 567,89", "1 234 567,89 €", "234", "567,89"]),
        ("CHF 1'234.50", ["CHF 1'234.50", "1'234.50"]),
        ("v1.2.3 and A123 and 1.2k and 5m", []),
        ("INV-2024-0042", ["2024", "0042"]),
        ("rate 6.02e23 mol", ["6.02e23"]),
        ("\u22125 degrees", ["\u22125", "5"]),
        ("($45.00) and 10-20", ["($45.00)", "$45.00", "45.00", "10", "20"]),
    ],
)
def test_number_candidate_table(context, expected):
    assert texts("number", context) == expected


def test_every_full_amount_candidate_parses():
    context = ("Subtotal $1,234.00, tax (12.50), discount -5%, EUR 99,90, 1.234.567,89 €, "
               "¥1,000, 12,34,567.00 INR, 0.5, .75, 1e3")
    spans = find_candidates("number", context)
    unparsed = [context[s:e] for s, e in spans if parse_number(context[s:e]) is None]
    assert unparsed == []


@settings(max_examples=150, deadline=None)
@given(
    value=st.integers(min_value=0, max_value=10**12),
    cents=st.integers(min_value=0, max_value=99),
    style=st.sampled_from(["us", "eu", "space", "plain"]),
    currency=st.sampled_from(["", "$", "€ ", "USD "]),
    before=st.sampled_from(["Total: ", "(", "paid ", "\n"]),
    after=st.sampled_from([" due.", ")", ".", " net", ""]),
)
def test_formatted_amounts_are_found_and_parse_back(value, cents, style, currency, before, after):
    digits = f"{value:,}"
    written = {
        "us": f"{digits}.{cents:02d}",
        "eu": digits.replace(",", ".") + f",{cents:02d}",
        "space": digits.replace(",", " ") + f",{cents:02d}",
        "plain": f"{value}.{cents:02d}",
    }[style]
    amount = currency + written
    context = before + amount + after
    start = len(before)
    spans = find_candidates("number", context)
    assert (start, start + len(amount)) in spans
    assert parse_number(amount) == pytest.approx(value + cents / 100, rel=0, abs=1e-6)


def test_date_spans_exact():
    context = ("Due March 5, 2026; sent 2026-03-05T14:30:00Z, 05/13/2026 and 5-Mar-26. "
               "Meeting Thu, 5 Mar 2026 at 2:30 pm GMT. Ref 2026-03-055.")
    assert texts("date", context) == [
        "March 5, 2026", "2026-03-05", "2026-03-05T14:30:00Z", "05/13/2026", "5-Mar-26",
        "Thu, 5 Mar 2026", "Thu, 5 Mar 2026 at 2:30 pm GMT",
    ]
    assert texts("date-time", context) == [
        "2026-03-05T14:30:00Z", "Thu, 5 Mar 2026 at 2:30 pm GMT",
    ]
    for s, e in find_candidates("date", context):
        assert parse_date(context[s:e]) is not None
    for s, e in find_candidates("date-time", context):
        assert parse_datetime(context[s:e]) is not None


def test_ambiguous_numeric_date_is_offered_but_needs_date_order():
    context = "on 03/05/2026."
    (span,) = find_candidates("date", context)
    assert context[slice(*span)] == "03/05/2026"
    assert parse_date("03/05/2026") is None
    assert parse_date("03/05/2026", date_order="DMY") == "2026-05-03"


BANK_ROWS = (
    "Aug 27, 2024   Card payment COFFEE BAR          -12.40      -380.24\n"
    "August 28, 2024   Transfer from savings     +500.00       119.76\n"
)


def test_amount_decimals_at_a_row_end_never_start_a_date_across_the_newline():
    """Regression: `-380.24\nAugust 28` was read as "24 Aug 2028" and hid `August 28, 2024`."""
    dates = texts("date", BANK_ROWS)
    assert dates == ["Aug 27, 2024", "August 28, 2024"]
    assert [parse_date(d) for d in dates] == ["2024-08-27", "2024-08-28"]
    # The same decimals on one line are not a date start either.
    assert texts("date", "balance 380.24 August 2028 ends") == []
    assert texts("date", "was 1,5 March 2024") == []
    assert texts("date", "paid 5 March 2024") == ["5 March 2024"]


@pytest.mark.parametrize("brk", ["\n", "\r\n", "\r", "\u2028", "\x0c"])
def test_dates_and_date_times_never_cross_a_line_break(brk):
    assert texts("date", f"due 24{brk}August 2024") == []
    assert texts("date", f"due 24{brk}August 1, 2024") == ["August 1, 2024"]
    assert texts("date", f"March{brk}5, 2026") == []
    assert texts("date-time", f"2026-03-05{brk}10:30") == []
    assert texts("date-time", "2026-03-05 10:30") == ["2026-03-05 10:30"]


@pytest.mark.parametrize(
    "context,signed",
    [
        ("Saldo: -1.350,24 \u20ac heute", ["-1.350,24", "-1.350,24 \u20ac", "1.350,24"]),
        ("balance \u20ac -5.00 due", ["\u20ac -5.00", "-5.00", "5.00"]),
        ("change +12,5 % EUR", ["+12,5 %", "+12,5 % EUR", "12,5"]),
        # sign and digits apart: there are no signed digits to offer
        ("owed -USD 40", ["-USD 40", "40"]),
        # no currency: the signed amount is already the widest form, offered once
        ("delta -380.24", ["-380.24", "380.24"]),
    ],
)
def test_signed_amount_is_also_offered_without_its_currency(context, signed):
    found = texts("number", context)
    assert found == signed
    assert len({parse_number(t) for t in found if t[0] in "+-\u20ac"}) == 1  # one value, every reading


def test_email_uri_uuid_spans_exact():
    context = ("Mail Bob.Smith+x@example.co.uk. or <ops@mail.example.com>; not a@b or x@y.z.\n"
               "See (https://a.io/x?q=1). Docs: http://example.com/a_(b) and "
               "mailto:bob@example.com, ftp://files.example.org/pub/. Plain www.example.com.\n"
               "id 123e4567-e89b-12d3-a456-426614174000; 123e4567-e89b-12d3-a456-4266141740001")
    assert texts("email", context) == [
        "Bob.Smith+x@example.co.uk", "ops@mail.example.com", "bob@example.com",
    ]
    assert texts("uri", context) == [
        "https://a.io/x?q=1", "http://example.com/a_(b)", "mailto:bob@example.com",
        "ftp://files.example.org/pub/",
    ]
    assert texts("uuid", context) == ["123e4567-e89b-12d3-a456-426614174000"]
    for kind in ("email", "uri", "uuid"):
        for s, e in find_candidates(kind, context):
            assert check_format(kind, context[s:e])


def test_offsets_are_code_points_after_astral_characters():
    context = "🙂🙂 total €12 on 5 Mar 2026"
    s, e = find_candidates("number", context)[0]
    assert context[s:e] == "€12"
    (s, e), = find_candidates("date", context)
    assert (s, e) == (len("🙂🙂 total €12 on "), len(context))


def test_unknown_kind_and_bad_text():
    with pytest.raises(ValueError, match="unknown candidate kind 'phone'"):
        find_candidates("phone", "x")
    with pytest.raises(TypeError):
        find_candidates("number", None)  # type: ignore[arg-type]
    assert find_candidates("number", "") == []


KINDS = ("number", "date", "date-time", "email", "uri", "uuid")
FLOOR = 0.05                  # seconds


def _growth(kind: str, small: str, large: str, runs: int = 5) -> float:
    """How much longer a scan of `large` (4x `small`) takes than one of `small`: about 4 for
    a linear scan, 16 or more for a quadratic or backtracking one. The runs interleave and
    the best of each side counts, so a burst of other work on the machine spoils at most a
    run, not the ratio; a ratio of the same process's runs holds where seconds do not (the
    seconds are in benchmarks/candidates_bench.py)."""
    best = [math.inf, math.inf]
    for _ in range(runs):
        for side, text in enumerate((small, large)):
            start = time.perf_counter()
            find_candidates(kind, text)
            best[side] = min(best[side], time.perf_counter() - start)
    # A scan of `small` shorter than FLOOR counts as FLOOR: at a few milliseconds a burst of
    # other work is the whole measurement, while a quadratic scan of `large` takes seconds.
    return best[1] / max(best[0], FLOOR)


def test_scans_are_linear_in_the_context():
    paragraph = (
        "Invoice INV-2024-0042 dated March 5, 2026 (due 05/04/2026). Bill to Zoë Müller, "
        "zoe.mueller@example.de, https://shop.example.com/orders/42?ref=mail. Items: 3 x "
        "widget at $1,234.50 = $3,703.50; shipping €12,90; VAT 19 %. Tracking "
        "123e4567-e89b-12d3-a456-426614174000, delivered 2026-03-07T09:15:00+01:00.\n"
    )
    for kind in KINDS:
        assert _growth(kind, paragraph * 60, paragraph * 240) < 8.0, kind
        # candidates grow with the text, one set per paragraph
        assert len(find_candidates(kind, paragraph * 40)) == 40 * len(find_candidates(kind, paragraph)), kind


@pytest.mark.parametrize(
    "prefix,unit,n,suffix",
    [
        ("", "1,", 25_000, ""),
        ("", "1 ", 25_000, ""),
        ("", "9", 50_000, ""),
        ("", "a", 50_000, "@"),
        ("", "a.", 25_000, "@x"),
        ("x@", "a.", 25_000, ""),
        ("", "Mar ", 12_500, ""),
        ("", "5 Mar ", 10_000, ""),
        ("", "03/05/", 10_000, ""),
        ("http://", "(", 25_000, ""),
        ("", "((((((((((", 5_000, ""),
    ],
    ids=lambda v: repr(v)[:12] if isinstance(v, str) else str(v),
)
def test_no_catastrophic_backtracking(prefix, unit, n, suffix):
    # worst-case inputs: scanning 4x the input takes about 4x as long when the scan is
    # linear, 16x or more when it backtracks
    for kind in KINDS:
        assert _growth(kind, prefix + unit * n + suffix, prefix + unit * (4 * n) + suffix) < 8.0, kind
