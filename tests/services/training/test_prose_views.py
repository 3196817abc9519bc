"""Prose views: an array's items written inside running sentences, the items' own text and every
gold offset kept exact, and a run's data without them unchanged."""
from __future__ import annotations

import json

import pytest

from degdata import generate
from degdata.verify import problems
from services.training.layout_views import layout_view
from services.training.prose_views import CONNECTIVES, FIRST_LEADS, LEADS, prose_view
from services.training.splits import write_splits


def _record(context: str, value: dict, marks: dict[str, str]) -> dict:
    spans, cursor = {}, 0
    for pointer, text in marks.items():
        start = context.index(text, cursor)
        spans[pointer] = [start, start + len(text)]
        cursor = start + len(text)
    return {"uid": "doc-1", "context": context, "value": value, "spans": spans, "span_alternatives": {},
            "decide": {}}


def _texts(record: dict) -> dict[str, str]:
    return {p: record["context"][s:e] for p, (s, e) in record["spans"].items()}


BULLETS = _record(
    "Dinner notes\n- Churros 4.50\n- Guacamole 6.00\n- Tacos 9.00\nService was quick.\n",
    {"dishes": [{"name": "Churros", "price": 4.5}, {"name": "Guacamole", "price": 6.0},
                {"name": "Tacos", "price": 9.0}], "service": "quick"},
    {"/dishes/0/name": "Churros", "/dishes/0/price": "4.50", "/dishes/1/name": "Guacamole",
     "/dishes/1/price": "6.00", "/dishes/2/name": "Tacos", "/dishes/2/price": "9.00", "/service": "quick"})
LIST = _record("Met on Monday. Present: Ann Lee, Bob Ray and Cy Ito. Next week: more.",
               {"present": ["Ann Lee", "Bob Ray", "Cy Ito"]},
               {"/present/0": "Ann Lee", "/present/1": "Bob Ray", "/present/2": "Cy Ito"})


@pytest.mark.parametrize("record", [BULLETS, LIST], ids=["rows", "list"])
def test_a_prose_view_moves_only_the_text_between_items(record):
    views = [prose_view(record, seed, 0, 1.0) for seed in range(32)]
    assert all(v["uid"] == "doc-1p" for v in views)
    assert all(_texts(v) == _texts(record) for v in views)           # every span still reads its gold
    assert all(v["value"] == record["value"] for v in views)
    assert len({v["context"] for v in views}) >= 5
    assert all(v["context"] != record["context"] for v in views)


def test_rows_lose_their_markers_and_read_as_sentences():
    words = {w.strip(" ,.;:") for w in LEADS + CONNECTIVES + FIRST_LEADS if w.strip(" ,.;:")}
    styles = set()
    for seed in range(32):
        text = prose_view(BULLETS, seed, 0, 1.0)["context"]
        assert text.startswith("Dinner notes\n") and text.endswith("\nService was quick.\n")
        assert "- " not in text                                       # the row markers went with the gaps
        assert text.index("Churros") < text.index("Guacamole") < text.index("Tacos")
        body = text[len("Dinner notes\n"):text.index("Service")]
        styles.add("paragraph" if body.count("\n") == 1 else "sentences")
        between = body.replace("Churros 4.50", "|").replace("Guacamole 6.00", "|").replace("Tacos 9.00", "|")
        assert all(part.strip(" ,.;:\n") in words or not part.strip(" ,.;:\n")
                   or part.strip(" ,.;:\n").split(" ")[0] in {w.split(" ")[0] for w in words}
                   for part in between.split("|")), between
    assert styles == {"paragraph", "sentences"}


def test_no_view_where_items_cannot_be_placed_or_at_p_zero():
    assert prose_view(BULLETS, 0, 0, 0.0) == BULLETS
    stacked = _record("Items:\nWidget\ncosts 2\nGadget\ncosts 3\n",
                      {"items": [{"name": "Widget", "price": 2}, {"name": "Gadget", "price": 3}]},
                      {"/items/0/name": "Widget", "/items/0/price": "2", "/items/1/name": "Gadget",
                       "/items/1/price": "3"})
    assert prose_view(stacked, 0, 0, 1.0) == stacked                 # an item over two lines stays
    single = _record("Only: Widget 2\n", {"items": [{"name": "Widget"}]}, {"/items/0/name": "Widget"})
    assert prose_view(single, 0, 0, 1.0) == single                   # one item has no gap to write


def test_views_of_generated_records_verify_and_are_reproducible():
    records = list(generate(21, 60, split="train"))
    views = [prose_view(r, 21, 0, 1.0) for r in records]
    assert sum(v["uid"].endswith("p") for v in views) >= 10
    for record, view in zip(records, views):
        assert _texts(view) == _texts(record), view["uid"]
        assert problems(view) == [], view["uid"]
    assert views == [prose_view(r, 21, 0, 1.0) for r in records]


def test_the_split_step_adds_prose_views_apart_from_the_layouts(tmp_path):
    records = list(generate(21, 40, split="train"))
    (tmp_path / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    base = tmp_path / "base"
    write_splits(tmp_path / "records.jsonl", base, ["train"], views=1, views_seed=21, layouts=0.5)
    prose = tmp_path / "prose"
    write_splits(tmp_path / "records.jsonl", prose, ["train"], views=1, views_seed=21, layouts=0.5, prose=1.0)
    before = [json.loads(line) for line in (base / "train.jsonl").read_text().splitlines()]
    after = [json.loads(line) for line in (prose / "train.jsonl").read_text().splitlines()]
    assert len(before) == len(after)
    # the records that are not views, and every view's layout draw, are as without prose
    assert [r for r in after if "~v" not in r["uid"]] == [r for r in before if "~v" not in r["uid"]]
    assert [prose_view(r, 21, 0, 1.0) if "~v" in r["uid"] else r for r in before] == after
    assert any(r["uid"].endswith("p") for r in after)
    with pytest.raises(ValueError, match="prose"):
        write_splits(tmp_path / "records.jsonl", tmp_path / "x", ["train"], views=0, prose=0.5)
