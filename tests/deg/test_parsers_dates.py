"""Table tests for deg.parsers.dates: dates as written, ambiguity refused."""
from __future__ import annotations

import pytest

from deg.parsers.dates import document_date_order, parse_date, parse_datetime

# (text, date_order=None, "MDY", "DMY")
DATES = [
    ("2026-03-05", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("  2026-03-05 ", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("2026/03/05", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("2026.3.5", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("March 5, 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("march 5 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("Mar. 5th, 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("Sept 30, 2025", "2025-09-30", "2025-09-30", "2025-09-30"),
    ("5 March 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("5th Mar 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("05 Mar 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("5th of March, 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("1st January 2027", "2027-01-01", "2027-01-01", "2027-01-01"),
    ("22nd Feb 2024", "2024-02-22", "2024-02-22", "2024-02-22"),
    ("23rd Dec 1999", "1999-12-23", "1999-12-23", "1999-12-23"),
    ("29 Feb 2024", "2024-02-29", "2024-02-29", "2024-02-29"),
    ("5-Mar-2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("5-Mar-26", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("5-Mar-70", "1970-03-05", "1970-03-05", "1970-03-05"),
    ("31-Dec-68", "2068-12-31", "2068-12-31", "2068-12-31"),
    ("Mar 5, '26", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("Thursday, March 5, 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("Thu 5 Mar 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("Thu., 5 March 2026", "2026-03-05", "2026-03-05", "2026-03-05"),
    # numeric day/month: the contract's ambiguity rule
    ("03/05/2026", None, "2026-03-05", "2026-05-03"),
    ("05.03.2026", None, "2026-05-03", "2026-03-05"),
    ("3-5-2026", None, "2026-03-05", "2026-05-03"),
    ("13/05/2026", "2026-05-13", None, "2026-05-13"),
    ("05/13/2026", "2026-05-13", "2026-05-13", None),
    ("05/05/2026", "2026-05-05", "2026-05-05", "2026-05-05"),
    ("31.12.2025", "2025-12-31", None, "2025-12-31"),
    ("02/30/2026", None, None, None),
    # date part of a date-time
    ("2026-03-05T14:30:00Z", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("March 5, 2026 at 2:30 pm", "2026-03-05", "2026-03-05", "2026-03-05"),
    ("2026-03-05 23:59", "2026-03-05", "2026-03-05", "2026-03-05"),
    # refused
    ("Feb 30, 2026", None, None, None),
    ("29 Feb 2025", None, None, None),
    ("2026-02-30", None, None, None),
    ("2026-13-01", None, None, None),
    ("0000-01-01", None, None, None),
    ("March 2026", None, None, None),
    ("03/05/26", None, None, None),
    ("Mar 5, 26", None, None, None),
    ("Friday, March 5, 2026", None, None, None),
    ("5st March 2026", None, None, None),
    ("2th Mar 2026", None, None, None),
    ("03/05-2026", None, None, None),
    ("20260305", None, None, None),
    ("next Tuesday", None, None, None),
    ("today", None, None, None),
    ("Marchh 5, 2026", None, None, None),
    ("due March 5, 2026", None, None, None),
    ("2026-03-05T10:00+25:00", None, None, None),
    ("March 5, 2026 13:00 pm", None, None, None),
    ("", None, None, None),
]


@pytest.mark.parametrize("text,plain,mdy,dmy", DATES, ids=[repr(row[0]) for row in DATES])
def test_date_table(text, plain, mdy, dmy):
    assert parse_date(text) == plain
    assert parse_date(text, date_order="MDY") == mdy
    assert parse_date(text, date_order="DMY") == dmy


# (text, parse_datetime(text) with default_offset "Z", with default_offset None)
DATETIMES = [
    ("2026-03-05T14:30:00Z", ("2026-03-05T14:30:00Z", False), ("2026-03-05T14:30:00Z", False)),
    ("2026-03-05t14:30:00z", ("2026-03-05T14:30:00Z", False), ("2026-03-05T14:30:00Z", False)),
    ("2026-03-05T14:30:00.250+01:00", ("2026-03-05T14:30:00.250+01:00", False),
     ("2026-03-05T14:30:00.250+01:00", False)),
    ("2026-03-05T14:30+0530", ("2026-03-05T14:30:00+05:30", False),
     ("2026-03-05T14:30:00+05:30", False)),
    ("2026-03-05 14:30:05 -05", ("2026-03-05T14:30:05-05:00", False),
     ("2026-03-05T14:30:05-05:00", False)),
    ("2026-03-05 14:30", ("2026-03-05T14:30:00Z", True), None),
    ("March 5, 2026 at 2:30 pm", ("2026-03-05T14:30:00Z", True), None),
    ("March 5, 2026, 2:30 p.m. UTC", ("2026-03-05T14:30:00Z", False),
     ("2026-03-05T14:30:00Z", False)),
    ("5 Mar 2026 14:30 UTC+2", ("2026-03-05T14:30:00+02:00", False),
     ("2026-03-05T14:30:00+02:00", False)),
    ("5 Mar 2026 14:30 GMT-05:30", ("2026-03-05T14:30:00-05:30", False),
     ("2026-03-05T14:30:00-05:30", False)),
    ("Thu, 5 Mar 2026 09:15:00 GMT", ("2026-03-05T09:15:00Z", False),
     ("2026-03-05T09:15:00Z", False)),
    ("Mar 5, 2026 12am", ("2026-03-05T00:00:00Z", True), None),
    ("Mar 5, 2026 12:05 PM", ("2026-03-05T12:05:00Z", True), None),
    ("13/05/2026 08:00", ("2026-05-13T08:00:00Z", True), None),
    # refused
    ("03/05/2026 08:00", None, None),
    ("2026-03-05", None, None),
    ("March 5, 2026", None, None),
    ("2026-03-05T24:00:00Z", None, None),
    ("2026-03-05T14:60Z", None, None),
    ("March 5, 2026 13:30 pm", None, None),
    ("March 5, 2026 0:30 am", None, None),
    ("2026-03-05T14:30:00+25:00", None, None),
    ("2026-03-05 14:30 EST", None, None),
    ("2026-02-30T10:00:00Z", None, None),
]


@pytest.mark.parametrize("text,with_z,with_none", DATETIMES, ids=[repr(r[0]) for r in DATETIMES])
def test_datetime_table(text, with_z, with_none):
    assert parse_datetime(text) == with_z
    assert parse_datetime(text, default_offset=None) == with_none


def test_default_offset_is_used_and_flagged():
    assert parse_datetime("2026-03-05 14:30", default_offset="+02:00") == (
        "2026-03-05T14:30:00+02:00", True)
    assert parse_datetime("2026-03-05 14:30Z", default_offset="+02:00") == (
        "2026-03-05T14:30:00Z", False)


def test_date_order_applies_to_datetimes():
    assert parse_datetime("03/05/2026 08:00", date_order="DMY") == ("2026-05-03T08:00:00Z", True)


@pytest.mark.parametrize("bad", ["mdy", "YMD", ""])
def test_bad_date_order_is_refused(bad):
    with pytest.raises(ValueError, match="date_order"):
        parse_date("2026-03-05", date_order=bad)


@pytest.mark.parametrize("bad", ["UTC", "+2", "+02:60", "02:00", "z"])
def test_bad_default_offset_is_refused(bad):
    with pytest.raises(ValueError, match="default_offset"):
        parse_datetime("2026-03-05 14:30", default_offset=bad)


# A document's own numeric dates settle the day/month order of its ambiguous ones.
@pytest.mark.parametrize("text, order", [
    ("Ordered 27/11/2026, shipped 12/10/2026.", "DMY"),           # 27 can only be a day
    ("Ordered 11/27/2026, shipped 12/10/2026.", "MDY"),
    ("Booking date: 02.12.2026\nValue date: 03.12.2026", "DMY"),  # dotted numeric dates
    ("Issued 10/03/2026, paid 10/07/2026.", None),                # no proof: stays ambiguous
    ("13/05/2026 and 05/13/2026", None),                          # contradictory proof
    ("03.12.2026 and 04/05/2026", None),                          # dotted and slashed, no proof
    ("Due 2026-12-15, reference 2026.03.04", None),               # year-first dates prove nothing
    ("no dates here, version 1.2.3 and 10.20.30", None),
    ("room 1/13/2026-B and 03/04/2026", "MDY"),
    ("", None),
])
def test_document_date_order(text, order):
    assert document_date_order(text) == order


def test_document_order_reads_the_ambiguous_dates():
    text = "Ordered 27/11/2026, shipped 12/10/2026."
    order = document_date_order(text)
    assert parse_date("12/10/2026") is None
    assert parse_date("12/10/2026", date_order=order) == "2026-10-12"
