"""The document's own dates settle the day/month order of a fill without `date_order`."""
from __future__ import annotations

import pytest

from deg import compile_schema, render_context
from deg.request import FillOptions
from deg_model.runtime import Observer

SCHEMA = {"type": "object", "properties": {"due": {"type": ["string", "null"], "format": "date"}}}


def _orders_seen(runtime, text: str, options: FillOptions) -> set:
    seen: list = []
    observer = Observer(record_heads=False, on_leaf=lambda q, a, trunk, opts: seen.append(opts.date_order))
    runtime.fill(render_context(text), compile_schema(SCHEMA), options, observer=observer)
    return set(seen)


@pytest.mark.parametrize("text, expected", [
    ("Booked 02.12.2026, due 03.12.2026.", {"DMY"}),
    ("Ordered 27/11/2026, due 12/10/2026.", {"DMY"}),
    ("Ordered 11/27/2026, due 12/10/2026.", {"MDY"}),
    ("Issued 10/03/2026, due 10/07/2026.", {None}),
])
def test_leaves_read_with_the_order_the_document_proves(runtime, text, expected):
    assert _orders_seen(runtime, text, FillOptions()) == expected


def test_the_request_order_wins_over_the_document(runtime):
    assert _orders_seen(runtime, "Ordered 27/11/2026, due 12/10/2026.", FillOptions(date_order="MDY")) == {"MDY"}
