"""Layout views: an array's items laid out again in the context, the items' own text and every
gold offset kept exact."""
from __future__ import annotations

import json

import pytest

from degdata import generate
from degdata.verify import problems
from services.training.layout_views import layout_view
from services.training.splits import write_splits


def _record(context: str, value: dict, marks: dict[str, str], alternatives=None) -> dict:
    """A record whose spans are the first occurrences of the marked texts, in pointer order."""
    spans, cursor = {}, 0
    for pointer, text in marks.items():
        start = context.index(text, cursor)
        spans[pointer] = [start, start + len(text)]
        cursor = start + len(text)
    return {"uid": "doc-1", "context": context, "value": value, "spans": spans,
            "span_alternatives": alternatives or {}, "decide": {}}


def _texts(record: dict) -> dict[str, str]:
    return {p: record["context"][s:e] for p, (s, e) in record["spans"].items()}


ROWS = _record(
    "Orders\n  Widget   x2  9.50\n  Gadget   x1  4.00\n  Sprocket x7  1.25\nTotal 36.25\n",
    {"lines": [{"item": "Widget", "qty": 2}, {"item": "Gadget", "qty": 1}, {"item": "Sprocket", "qty": 7}],
     "total": 36.25},
    {"/lines/0/item": "Widget", "/lines/0/qty": "2", "/lines/1/item": "Gadget", "/lines/1/qty": "1",
     "/lines/2/item": "Sprocket", "/lines/2/qty": "7", "/total": "36.25"})
LIST = _record("Met on Monday. Present: Ann Lee, Bob Ray and Cy Ito. Next week: more.",
               {"present": ["Ann Lee", "Bob Ray", "Cy Ito"]},
               {"/present/0": "Ann Lee", "/present/1": "Bob Ray", "/present/2": "Cy Ito"})


@pytest.mark.parametrize("record", [ROWS, LIST], ids=["rows", "list"])
def test_a_view_moves_only_the_text_between_items(record):
    views = [layout_view(record, seed, 0, 1.0) for seed in range(24)]
    assert all(v["uid"] == "doc-1l" for v in views)
    assert all(_texts(v) == _texts(record) for v in views)           # every span still reads its gold
    assert all(v["value"] == record["value"] for v in views)
    assert len({v["context"] for v in views}) >= 3                  # the layouts differ across seeds
    assert all(v["context"] != record["context"] for v in views)


def test_rows_keep_their_order_and_the_text_around_them():
    for seed in range(24):
        view = layout_view(ROWS, seed, 0, 1.0)
        text = view["context"]
        assert text.startswith("Orders\n") and text.endswith("\nTotal 36.25\n")
        assert text.index("Widget") < text.index("Gadget") < text.index("Sprocket")
        assert "x2  9.50" in text and "x7  1.25" in text             # an item's own line is kept whole
        gadget = next(line for line in text.split("\n") if "Gadget" in line)
        assert "Widget" in gadget or gadget.startswith("  ")          # a row on its own line keeps its indent


def test_a_one_line_list_becomes_one_item_per_line():
    view = layout_view(LIST, 3, 0, 1.0)
    lines = view["context"].split("\n")
    assert lines[0] == "Met on Monday. Present:"
    markers = [line[:line.index(name)] for line, name in zip(lines[1:], ("Ann Lee", "Bob Ray", "Cy Ito"))]
    assert [line[len(m):] for line, m in zip(lines[1:], markers)] == ["Ann Lee", "Bob Ray", "Cy Ito. Next week: more."]
    assert len({m.replace(str(k), "") for k, m in enumerate(markers, 1)}) == 1 and all(m.endswith(" ") for m in markers)


def test_nothing_changes_at_probability_zero_or_when_a_span_crosses_the_items():
    assert layout_view(ROWS, 0, 0, 0.0) == ROWS
    crossing = dict(ROWS, span_alternatives={"/total": [[ROWS["spans"]["/lines/0/qty"][0], len("Orders\n  Widget   x2  9.50\n  Ga")]]})
    assert layout_view(crossing, 0, 0, 1.0)["context"] == ROWS["context"]
    around = dict(ROWS, span_alternatives={"/total": [[len("Orde"), len("Orders\n  Wid")]]})
    for seed in range(12):                                           # nothing is inserted inside a span
        view = layout_view(around, seed, 0, 1.0)
        s, e = view["span_alternatives"]["/total"][0]
        assert view["context"][s:e] == "rs\n  Wid"
    stacked = _record("Item: Widget\nQty: 2\n\nItem: Gadget\nQty: 1\n",
                      {"lines": [{"item": "Widget", "qty": 2}, {"item": "Gadget", "qty": 1}]},
                      {"/lines/0/item": "Widget", "/lines/0/qty": "2", "/lines/1/item": "Gadget", "/lines/1/qty": "1"})
    assert layout_view(stacked, 0, 0, 1.0) == stacked                # items over several lines stay as written


def test_alternative_spans_move_with_the_text():
    later = ROWS["context"].index("36.25")
    record = dict(ROWS, span_alternatives={"/lines/2/item": [[ROWS["spans"]["/lines/2/item"][0],
                                                              ROWS["spans"]["/lines/2/item"][1]]],
                                           "/total": [[later, later + 5]]})
    for seed in range(12):
        view = layout_view(record, seed, 0, 1.0)
        s, e = view["span_alternatives"]["/total"][0]
        assert view["context"][s:e] == "36.25"
        s, e = view["span_alternatives"]["/lines/2/item"][0]
        assert view["context"][s:e] == "Sprocket"


def test_a_view_is_the_same_for_the_same_seed():
    assert layout_view(ROWS, 5, 1, 0.5) == layout_view(ROWS, 5, 1, 0.5)


def test_datagen_records_stay_valid_and_many_are_laid_out_again():
    records = list(generate(21, 60, split="train"))
    views = [layout_view(r, 21, 0, 1.0) for r in records]
    changed = [v for v in views if v["uid"].endswith("l")]
    assert len(changed) >= len(records) // 4
    for record, view in zip(records, views):
        assert _texts(view) == _texts(record), view["uid"]
        assert problems(view) == [], view["uid"]        # datagen's own checks of value, spans, decide


def test_the_split_step_lays_out_the_views_only(tmp_path):
    records = [r for r in generate(21, 60, split="train")]
    (tmp_path / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    write_splits(tmp_path / "records.jsonl", tmp_path, ["train"], views=1, views_seed=21, layouts=1.0)
    out = [json.loads(line) for line in (tmp_path / "train.jsonl").read_text().splitlines()]
    originals = [r for r in out if "~v" not in r["uid"]]
    assert all(not r["uid"].endswith("l") for r in originals)
    assert any(r["uid"].endswith("~v1l") for r in out)
    assert len(out) == 2 * len(originals)


def test_the_split_step_refuses_layouts_without_views_or_outside_zero_to_one(tmp_path):
    (tmp_path / "records.jsonl").write_text("")
    with pytest.raises(ValueError, match="needs views"):
        write_splits(tmp_path / "records.jsonl", tmp_path, ["train"], views=0, layouts=0.5)
    with pytest.raises(ValueError, match="probability"):
        write_splits(tmp_path / "records.jsonl", tmp_path, ["train"], views=1, layouts=1.5)
