"""Long training records as windows (`services.training.long_records`): windows cover the
context within the width, every kept located value sits in its window's text at its
(renumbered) pointer, values located only outside are null there, and each window builds its
fork questions as a record does."""
from __future__ import annotations

import pytest

from degdata import generate
from deg_model.training.prior_fit import MISSING, gold_at
from services.training.long_records import window_bounds, window_records

MAX = 3000


@pytest.fixture(scope="module")
def long_records():
    records = [r for r in generate(21, 400, split="train") if len(r["context"]) > 2 * MAX]
    assert len(records) >= 3
    return records[:6]


def located_pairs(record) -> set:
    out = set()
    for pointer, (s, e) in record["spans"].items():
        value = gold_at(record["value"], pointer)
        out.add((pointer.split("/")[1], record["context"][s:e], repr(value)))
    return out


def test_windows_cover_the_text_within_the_width_and_overlap():
    text = ("line of text number %d\n" * 400) % tuple(range(400))
    bounds = window_bounds(text, 1000, 200)
    assert bounds[0][0] == 0 and bounds[-1][1] == len(text)
    for (a, b), (c, d) in zip(bounds, bounds[1:]):
        assert b - a <= 1000 and c < b and b - c <= 200 and text[b - 1] == "\n"
    assert window_bounds("short", 1000, 200) == [(0, 5)]
    with pytest.raises(ValueError):
        window_bounds(text, 100, 60)


def test_a_record_that_fits_is_itself(long_records):
    short = {**long_records[0], "context": long_records[0]["context"][:100]}
    assert list(window_records(short, MAX)) == [short]


def test_every_window_keeps_what_it_shows_and_nulls_what_it_does_not(long_records):
    for record in long_records:
        windows = list(window_records(record, MAX, 400))
        assert len(windows) >= 2 and all(len(w["context"]) <= MAX for w in windows)
        assert len({w["uid"] for w in windows}) == len(windows)
        original = located_pairs(record)
        shown = set()
        for w in windows:
            for pointer, (s, e) in w["spans"].items():
                assert gold_at(w["value"], pointer) is not MISSING, (w["uid"], pointer)
            pairs = located_pairs(w)
            for name, text, value in pairs:        # the same text and value as in the whole record
                assert any(n == name and value == v and text == t for n, t, v in original), (w["uid"], text)
            shown |= pairs
            for pointer, alts in w["span_alternatives"].items():
                assert pointer in w["spans"] and all(0 <= s < e <= len(w["context"]) for s, e in alts)
        # every located value of the record is shown by some window (windows overlap)
        assert {(n, t) for n, t, _ in shown} >= {(n, t) for n, t, _ in original if len(t) < 400}


def test_each_window_builds_its_questions():
    from services.training.examples import ExampleBuilder, training_runtime
    from tiny_llama import tiny_llama_backbone

    record = next(r for r in generate(21, 400, split="train") if len(r["context"]) > 2 * MAX)
    builder = ExampleBuilder(training_runtime(tiny_llama_backbone(layers=2), array_mode="anchor"), seed=0)
    for w in window_records(record, MAX, 400):
        built = builder.build(w)
        assert built.examples, w["uid"]
        for e in built.examples:
            if e.kind == "extract" and e.pointer in w["spans"]:
                assert e.spans, (w["uid"], e.pointer)          # a value the window shows is a positive
