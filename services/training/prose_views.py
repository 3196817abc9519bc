"""Prose views: a training record's array items written inside running sentences.

Datagen writes an array's items as rows (one per line, behind a marker or in a table) or as a
one-line list, and `layout_views` only moves them between those forms. People also write items
inside prose: a lead word before each item, the items joined by a connective into one paragraph.
An anchor head that has only seen items start a line, or follow a marker or a comma, marks
nothing there. A prose view rewrites only the text *between* an array's items (as `layout_view`
does), never the items' own text, and shifts every gold offset to match:

- `paragraph`: the items' lines (or a one-line list's items) joined into one paragraph, a
  connective drawn per gap (". Then ", "; also ", ...), a lead drawn once before the first row;
- `sentences`: one item per line kept, a lead drawn per line before each item ("Also ", ...).

A row's own marker (`- `, `2. `) goes with the gap. Table rows (aligned columns, cells between
bars) stay as written: a table is not prose, and `layout_rows` reads tables.

The leads and connectives are plain English function words, drawn at random: no domain's own
wording. An array whose items span several lines, share a line, or whose separators a gold span
crosses, is left as written. Views are drawn from a `random.Random` seeded by (seed, uid,
index), apart from the layout views' draws, so a run's data without prose views is unchanged; a
record that changed gets the uid suffix `p`.
"""
from __future__ import annotations

import random
import re
from typing import Any

from .layout_views import LIST_SEPARATOR, MAX_SEPARATOR, Edit, _line_of, rewrite_arrays

FIRST_LEADS = ("", "First, ", "There was ", "We had ", "It starts with ", "Noted: ", "To begin, ")
LEADS = ("Also ", "Then ", "Next, ", "Plus ", "And ", "After that, ", "Another: ", "As well, ")
CONNECTIVES = (". Then ", ". Also ", "; also ", ", then ", ". Next, ", ". After that, ", ", plus ",
               ". Besides, ", " and then ")
MAX_PARAGRAPH = 6     # longer runs of rows are written as sentences, one per line
# a table row (aligned columns, cells between bars or semicolons): not prose
COLUMNS = re.compile(r"\S(?: {2,}|\t|\s?\|\s?)\S|;[^;\n]*;")
# a row's own marker (`- `, `3. `, `(2) `, `#4 `, ...): prose has none, so it goes with the gap
ROW_MARKER = re.compile(r"(?:[-*\u2022\u00b7>]|\(?\d{1,3}[.)]|#\d{1,3}|\[\d{1,3}\])[ \t]+")


def _placed(text: str, items: list[list[tuple[int, int]]]) -> list[tuple[int, int, int]] | None:
    """Each item's (start, body, end): the items one per line on consecutive lines (`body` past
    the line's own marker) or in one short-separated list on one line (`body` = `start`); None
    when the items sit otherwise."""
    if len(items) < 2:
        return None
    if all(len(spans) == 1 for spans in items):
        spans = [spans[0] for spans in items]
        gaps = [text[a[1]:b[0]] for a, b in zip(spans, spans[1:])]
        if all(b[0] >= a[1] for a, b in zip(spans, spans[1:])) and all(
                len(g) <= MAX_SEPARATOR and LIST_SEPARATOR.fullmatch(g) for g in gaps):
            return [(s, s, e) for s, e in spans]
    placed = []
    for spans in items:
        first = min(s for s, _ in spans)
        line = _line_of(text, first, max(e for _, e in spans))
        if line is None:
            return None
        if COLUMNS.search(text, line[0], line[1]):
            return None
        marker = ROW_MARKER.match(text, line[0])
        body = marker.end() if marker is not None and marker.end() <= first else line[0]
        placed.append((line[0], body, line[1]))
    if any(b[0] < a[2] for a, b in zip(placed, placed[1:])):
        return None
    gaps = [text[a[2]:b[0]] for a, b in zip(placed, placed[1:])]
    if any(g.strip() or "\n" not in g for g in gaps):
        return None
    return placed


def _prose_edits(text: str, items: list[list[tuple[int, int]]], rng: random.Random) -> list[Edit] | None:
    placed = _placed(text, items)
    if placed is None:
        return None
    one_line = all("\n" not in text[a[2]:b[0]] for a, b in zip(placed, placed[1:]))
    style = "paragraph" if one_line else "sentences" if len(placed) > MAX_PARAGRAPH else \
        rng.choice(("paragraph", "sentences"))
    start, body, _ = placed[0]
    edits = [] if one_line else [(start, body, rng.choice(FIRST_LEADS))]   # a one-line list has its label
    if style == "paragraph":
        edits += [(a[2], b[1], rng.choice(CONNECTIVES)) for a, b in zip(placed, placed[1:])]
    else:
        edits += [(b[0], b[1], rng.choice(LEADS)) for b in placed[1:]]
    return [e for e in edits if e[0] != e[1] or e[2]]


def prose_view(record: dict[str, Any], seed: int, index: int, p: float) -> dict[str, Any]:
    """`record` with each array's items written as prose with probability `p` (a copy; uid + `p`
    when anything changed); the same for the same (uid, seed, index, p)."""
    rng = random.Random(f"prose-view:{seed}:{record['uid']}:{index}")
    return rewrite_arrays(record, rng, p, _prose_edits, "p")
