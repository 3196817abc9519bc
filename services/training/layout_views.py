"""Layout views: a training record's array items laid out again in its context.

Each datagen domain writes its array items one way (one row template per domain), so heads
trained on a few domains learn where items start in those templates; on an unseen kind of
document they miss the first row, or read a list written on one line as one item. A layout view
rewrites only the text *between* an array's items, never the items' own text, and shifts every
gold offset (`spans`, `span_alternatives`) to match:

- one item per line (each item's spans on its own line, the lines consecutive):
  - `bullets`: every line gets a marker drawn once per list (`- `, `* `, `1. `, `(1) `, ...);
  - `spaced`: a blank line between items;
  - `inline` (up to MAX_INLINE items): the lines joined into one, with a separator drawn once
    (`; `, ` | `, ` / `, and `, ` between items of one span each);
- a one-line list of single spans (`A, B and C`: the separators short, without letters other
  than `and`/`or`): `lines`, one item per line behind a drawn marker.

An array whose items span several lines, share a line, or whose separators a gold span crosses,
is left as written. The views are drawn from a `random.Random` seeded by (seed, uid, index);
a record whose layout changed gets the uid suffix `l`, so a feature cache never mixes layouts.
"""
from __future__ import annotations

import bisect
import copy
import random
import re
from typing import Any

from deg.pointer import split as split_pointer

OFFSET_MAPS = ("spans", "span_alternatives")
MARKERS = ("- ", "* ", "\u2022 ", "{k}. ", "{k}) ", "({k}) ", "#{k} ", "[{k}] ")
INLINE_SEPARATORS = ("; ", " | ", " / ", " \u00b7 ")
LIST_SEPARATOR = re.compile(r"\s*(?:[,;/|&]|,?\s*(?:and|or))\s*", re.IGNORECASE)
MAX_SEPARATOR = 8
MAX_INLINE = 6        # longer runs of rows are not joined into one line

Edit = tuple[int, int, str]   # replace context[start:end] with the text


def _arrays(value: Any, pointer: str = "") -> list[tuple[str, int]]:
    """(pointer, length) of every non-empty array in `value`, outermost first."""
    found = []
    if isinstance(value, list):
        if value:
            found.append((pointer, len(value)))
        for i, item in enumerate(value):
            found += _arrays(item, f"{pointer}/{i}")
    elif isinstance(value, dict):
        for key, item in value.items():
            found += _arrays(item, f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}")
    return found


def _item_spans(spans: dict[str, list[int]], array: str, n: int) -> list[list[tuple[int, int]]] | None:
    """Each item's gold spans, or None when an item has none (it cannot be placed)."""
    depth = len(split_pointer(array)) if array else 0
    items: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for pointer, (start, end) in spans.items():
        if pointer.startswith(array + "/"):
            index = split_pointer(pointer)[depth]
            if index.isdigit() and int(index) < n:
                items[int(index)].append((start, end))
    return items if all(items) else None


def _line_of(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The [start, end) of the line holding text[start:end], without its edge whitespace."""
    if "\n" in text[start:end]:
        return None
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", end)
    hi = len(text) if hi < 0 else hi
    line = text[lo:hi]
    return lo + len(line) - len(line.lstrip()), hi - (len(line) - len(line.rstrip()))


def _marker(kind: str, k: int) -> str:
    return kind.replace("{k}", str(k))


def _row_edits(text: str, items: list[list[tuple[int, int]]], rng: random.Random) -> list[Edit] | None:
    lines = []
    for spans in items:
        line = _line_of(text, min(s for s, _ in spans), max(e for _, e in spans))
        if line is None:
            return None
        lines.append(line)
    if len(lines) < 2 or any(b[0] < a[1] for a, b in zip(lines, lines[1:])):
        return None
    gaps = [text[a[1]:b[0]] for a, b in zip(lines, lines[1:])]
    if any(g.strip() or "\n" not in g for g in gaps):
        return None   # not consecutive lines
    style = rng.choice(("bullets", "spaced", "inline") if len(lines) <= MAX_INLINE else ("bullets", "spaced"))
    if style == "inline":
        single = all(len(spans) == 1 for spans in items)    # a list of names reads well with commas
        sep = rng.choice(INLINE_SEPARATORS + ((", ",) if single else ()))
        return [(a[1], b[0], sep) for a, b in zip(lines, lines[1:])]
    indents = [g[g.rindex("\n") + 1:] for g in gaps]     # each next line's own indent is kept
    if style == "spaced":
        return [(a[1], b[0], "\n\n" + indent) for a, b, indent in zip(lines, lines[1:], indents)]
    marker = rng.choice(MARKERS)
    edits = [(lines[0][0], lines[0][0], _marker(marker, 1))]
    return edits + [(a[1], b[0], "\n" + indent + _marker(marker, k))
                    for k, (a, b, indent) in enumerate(zip(lines, lines[1:], indents), 2)]


def _list_edits(text: str, items: list[list[tuple[int, int]]], rng: random.Random) -> list[Edit] | None:
    if len(items) < 2 or any(len(spans) != 1 for spans in items):
        return None
    spans = [spans[0] for spans in items]
    if any(b[0] < a[1] for a, b in zip(spans, spans[1:])):
        return None
    gaps = [(a[1], b[0]) for a, b in zip(spans, spans[1:])]
    if any(b - a > MAX_SEPARATOR or not LIST_SEPARATOR.fullmatch(text[a:b]) for a, b in gaps):
        return None
    marker, first = rng.choice(MARKERS), spans[0][0]
    lead = len(text[:first].rstrip(" "))      # no space is left before the break
    edits = [(lead, first, "\n" + _marker(marker, 1))]
    return edits + [(a, b, "\n" + _marker(marker, k)) for k, (a, b) in enumerate(gaps, 2)]


def _crossed(edits: list[Edit], offsets: list[tuple[int, int]]) -> bool:
    """Whether a gold span reaches into text an edit replaces, or holds the point it inserts at."""
    return any((s < end and e > start) if end > start else s < start < e
               for start, end, _ in edits for s, e in offsets)


def _apply(text: str, edits: list[Edit]) -> tuple[str, Any]:
    """The edited text, and the map of an old offset outside the replaced text to its new one."""
    edits = sorted(edits)
    parts, cursor, starts, shifts, shift = [], 0, [], [], 0
    for start, end, new in edits:
        parts += [text[cursor:start], new]
        cursor = end
        shift += len(new) - (end - start)
        starts.append(end)
        shifts.append(shift)
    parts.append(text[cursor:])

    def moved(offset: int) -> int:
        i = bisect.bisect_right(starts, offset) - 1
        return offset + (shifts[i] if i >= 0 else 0)
    return "".join(parts), moved


def _all_offsets(record: dict[str, Any]) -> list[tuple[int, int]]:
    found = [tuple(se) for se in record.get("spans", {}).values()]
    for alternatives in record.get("span_alternatives", {}).values():
        found += [tuple(se) for se in alternatives]
    return found


def _shift(record: dict[str, Any], moved) -> None:
    record["spans"] = {p: [moved(s), moved(e)] for p, (s, e) in record.get("spans", {}).items()}
    if "span_alternatives" in record:
        record["span_alternatives"] = {p: [[moved(s), moved(e)] for s, e in alts]
                                       for p, alts in record["span_alternatives"].items()}


def rewrite_arrays(record: dict[str, Any], rng: random.Random, p: float, edits_of, suffix: str) -> dict[str, Any]:
    """`record` with each array, with probability `p`, rewritten by `edits_of(text, items, rng)`
    (the edits between its items, or None to leave it): a copy whose gold offsets follow the
    text, its uid + `suffix` when anything changed. Shared by the layout and prose views."""
    view, changed = copy.deepcopy(record), False
    for array, n in _arrays(record.get("value")):
        if rng.random() >= p:
            continue
        items = _item_spans(view.get("spans", {}), array, n)
        if items is None:
            continue
        edits = edits_of(view["context"], items, rng)
        if not edits or _crossed(edits, _all_offsets(view)):
            continue
        view["context"], moved = _apply(view["context"], edits)
        _shift(view, moved)
        changed = True
    if changed:
        view["uid"] = f"{record['uid']}{suffix}"
    return view


def layout_view(record: dict[str, Any], seed: int, index: int, p: float) -> dict[str, Any]:
    """`record` with each array's items laid out again with probability `p` (a copy; uid + `l`
    when anything changed); the same for the same (uid, seed, index, p)."""
    rng = random.Random(f"layout-view:{seed}:{record['uid']}:{index}")
    return rewrite_arrays(record, rng, p, lambda text, items, r: _list_edits(text, items, r) or
                          _row_edits(text, items, r), "l")
