"""Rows of tables and lists: an array's items where the document lays them out.

A 135M backbone's anchor head marks one item of a three-row table, and its count head says 1
(on the everyday set: 1 array of 10 counted right). A reader sees the rows. When a checkpoint
says so (`ScoringSettings.layout_rows`; off, the default, leaves arrays to the heads bitwise
as before), an anchored array whose region holds a block of rows that speaks of it takes the
block's rows as its items, one item per row, in document order, up to its `maxItems`.

Blocks are runs of two or more consecutive lines of one shape:
- pipe tables (`| a | b |`, the same number of cells per line; `---` rules skipped);
- aligned columns (cells split by two or more spaces or a tab, the same number per line);
- exports (`a; b; c`: two or more semicolons, the same number per line);
- lists (every line opens with the same bullet, or with `1.` / `1)` numbering).
A first line with no digit above rows that have digits, or above a `---` rule, is the header.

Which block is the array's: the one whose words (the line above it, its header, and at half
weight its rows) share the most of the array's words (its names, title, description and its
items' property names); at least one whole word must match, else the heads decide.

Each item keeps its cells as token ranges relative to its anchor (so a window's local
indices shift them with the anchor) and the header's words per cell; a leaf of the item then
gains on the spans of the cell whose header speaks of it, or without such a header on the
spans of its row (`row_evidence`): its `layout_cell` and `closing` score terms, with the
relevance weights (`deg_model.scoring`).
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass

import regex
import torch

from .memo import memoized
from ..scoring import SpanEvidence
from .relevance import STOPWORDS, field_words, sentences, words_of

__all__ = ["Block", "Cell", "cell_decision", "cell_text", "column_match", "find_blocks", "layout_rows",
           "row_evidence"]

_BULLET = regex.compile(r"^[ \t]*(?:([-*\u2022\u00b7\u2013\u2014\u25aa\u25e6>])|(\d{1,3})[.)])[ \t]+(?=\S)")
_RULE = regex.compile(r"^[\s:|=+-]*-{2,}[\s:|=+-]*$|^[\s:|=+-]*={2,}[\s:|=+-]*$")
_GAP = regex.compile(r"\t+| {2,}")
# A list row's short lead before a colon or dash ("Rachel Kim: ...", "Tea - 2 cups"): its own cell.
_LEAD = regex.compile(r"([^\W_][^:\n]{0,40}?[^\s:])(?::| [-\u2013\u2014]) +(?=\S)")
# Header abbreviations a field's name spells out.
ABBREVIATIONS = {"qty": "quantity", "amt": "amount", "no": "number", "nr": "number", "num": "number",
                 "desc": "description", "pos": "position", "ref": "reference", "id": "identifier",
                 "dob": "birth", "tel": "phone", "sqft": "size"}
_MEMO_KEY = "tables:blocks"
OPENING = 0.25                # a cell's first word: the span that reads the cell whole gains more


@dataclass(frozen=True)
class Cell:
    """One cell of a row: its tokens relative to the item's anchor, and its header's words."""
    first: int
    last: int
    header: frozenset[str]


@dataclass(frozen=True)
class Block:
    """Rows (char spans of each row's cells) under an optional header and the line above."""
    rows: tuple[tuple[tuple[int, int], ...], ...]
    header: tuple[frozenset[str], ...] | None
    words: frozenset[str]         # the line above and the header
    row_words: frozenset[str]     # every row's words


def _line_shape(text: str, a: int, b: int) -> tuple[tuple, list[tuple[int, int]]] | None:
    """(shape key, cell char spans) of the line text[a:b], or None for a line of prose."""
    line = text[a:b]
    if "|" in line:
        cells, pos = [], a
        for piece in line.split("|"):
            cells.append((pos, pos + len(piece)))
            pos += len(piece) + 1
        if line.strip().startswith("|"):
            cells = cells[1:]
        if line.strip().endswith("|"):
            cells = cells[:-1]
        if len(cells) >= 2:
            return ("pipe", len(cells)), [_strip(text, c) for c in cells]
    if line.count(";") >= 2:                 # an export: `a; b; c` (prose rarely has two)
        cells, pos = [], a
        for piece in line.split(";"):
            cells.append(_strip(text, (pos, pos + len(piece))))
            pos += len(piece) + 1
        return ("semicolon", len(cells)), cells
    m = _BULLET.match(line)
    if m:
        body = (a + m.end(), b)
        lead = _LEAD.match(text, body[0], body[1])
        if lead:                  # "- Rachel Kim: get three quotes": who, then what
            return ("list", m.group(1) or "n"), [(body[0], lead.end(1)), _strip(text, (lead.end(), body[1]))]
        return ("list", m.group(1) or "n"), [body]
    stripped = _strip(text, (a, b))
    pieces, pos = [], stripped[0]
    for gap in _GAP.finditer(text, stripped[0], stripped[1]):
        pieces.append((pos, gap.start()))
        pos = gap.end()
    pieces.append((pos, stripped[1]))
    if len(pieces) >= 2:
        return ("cols", len(pieces)), pieces
    return None


def _strip(text: str, span: tuple[int, int]) -> tuple[int, int]:
    a, b = span
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def _words(text: str, spans) -> frozenset[str]:
    return frozenset(w for a, b in spans for w in words_of(text[a:b]) if w not in STOPWORDS and len(w) > 1)


def find_blocks(text: str) -> list[Block]:
    """Every block of rows in a text, in document order."""
    lines, pos = [], 0
    for piece in text.split("\n"):
        lines.append((pos, pos + len(piece)))
        pos += len(piece) + 1
    blocks: list[Block] = []
    k = 0
    while k < len(lines):
        a, b = lines[k]
        shape = _line_shape(text, a, b) if text[a:b].strip() and not _RULE.match(text[a:b]) else None
        if shape is None:
            k += 1
            continue
        key = shape[0]
        run: list[tuple[int, list[tuple[int, int]]]] = []   # (line index, cells)
        rules_after: set[int] = set()
        j = k
        while j < len(lines):
            la, lb = lines[j]
            if run and _RULE.match(text[la:lb]) and text[la:lb].strip():
                rules_after.add(len(run) - 1)
                j += 1
                continue
            s = _line_shape(text, la, lb) if text[la:lb].strip() else None
            if s is None or s[0] != key:
                break
            run.append((j, s[1]))
            j += 1
        rows = [cells for _, cells in run]
        header = None
        if key[0] in ("pipe", "cols", "semicolon") and len(rows) >= 2:
            has_digit = [any(ch.isdigit() for c0, c1 in cells for ch in text[c0:c1]) for cells in rows]
            if 0 in rules_after or (not has_digit[0] and any(has_digit[1:])):
                header = tuple(_words(text, [c]) for c in rows[0])
                rows = rows[1:]
        if len(rows) >= 2 or (header is not None and rows):
            above = next((lines[i] for i in range(k - 1, max(k - 3, -1), -1) if text[slice(*lines[i])].strip()),
                         None)
            heading = _words(text, [above]) if above is not None and _line_shape(text, *above) is None else frozenset()
            words = heading | (frozenset().union(*header) if header else frozenset())
            blocks.append(Block(tuple(tuple(cells) for cells in rows), header, words,
                                _words(text, [c for cells in rows for c in cells])))
        k = max(j, k + 1)
    return blocks


def _array_words(a_plan) -> frozenset[str]:
    """The array's names, title and description, and its items' property names."""
    names = [seg for seg in a_plan.path if seg != "*" and not seg.isdigit()]
    item = a_plan.item_pointer.rstrip("/") + "/"
    for pointer in a_plan.fields:
        if pointer.startswith(item):
            names += [seg for seg in pointer[len(item):].split("/") if seg != "*" and not seg.isdigit()]

    class _Named:
        path = tuple(names)
        title = a_plan.title
        description = a_plan.description
    return field_words(_Named)


def layout_rows(a_plan, text: str, offsets: list[tuple[int, int]], region: tuple[int, int],
                memo: dict | None = None) -> list[tuple[int, int, tuple[Cell, ...]]] | None:
    """The rows of the block that speaks of the array inside its token region, as (anchor
    token, end token exclusive, cells), or None when no block does (the heads decide)."""
    blocks = memoized(memo, _MEMO_KEY, lambda: find_blocks(text))
    r0, r1 = region
    if not offsets or r1 <= r0:
        return None
    lo, hi = offsets[r0][0], offsets[r1 - 1][1]
    wanted = _array_words(a_plan)
    best, best_score = None, 0.0
    for block in blocks:
        if block.rows[0][0][0] < lo or block.rows[-1][-1][1] > hi:
            continue
        score = len(wanted & block.words) + 0.5 * len(wanted & block.row_words)
        if len(wanted & block.words) + len(wanted & block.row_words) >= 1 and score > best_score:
            best, best_score = block, score
    if best is None:
        return None
    starts = [a for a, _ in offsets]
    out = []
    for cells in best.rows:
        token_cells = []
        for c, (a, b) in enumerate(cells):
            if b <= a:
                continue
            first = max(bisect.bisect_right(starts, a) - 1, 0)
            last = max(bisect.bisect_left(starts, b) - 1, first)
            header = best.header[c] if best.header is not None and c < len(best.header) else frozenset()
            token_cells.append((first, last, header))
        if not token_cells:
            continue
        anchor = token_cells[0][0]
        end = token_cells[-1][1] + 1
        if anchor < r0 or end > r1:
            continue
        out.append((anchor, end, tuple(Cell(f - anchor, l - anchor, h) for f, l, h in token_cells)))
    return out or None


def _expand(words) -> set[str]:
    return {ABBREVIATIONS.get(w, w) for w in words} | set(words)


def column_match(field, header: frozenset[str]) -> float:
    """How well a column header names a leaf: its property name's words (not the array's)
    count ten, its title's and description's one; abbreviations ("Qty") spell out."""
    if not header:
        return 0.0
    name = field.path[-1] if field.path else ""
    own = {w for w in words_of(name.replace("_", " ").replace("-", " ")) if w not in STOPWORDS}
    head = _expand(header)
    rest = field_words(type("_Described", (), {"path": (), "title": field.title,
                                               "description": field.description})) - own
    return 10.0 * len(_expand(own) & head) + len(rest & head)


_NEGATIVE = frozenset("no none not false without nil na n".split())
_NEGATIVE_MARKS = frozenset("- \u2013 \u2014 \u2717 \u2718 0".split())
_AFFIRMATIVE = frozenset("yes true included".split())
_AFFIRMATIVE_MARKS = frozenset("y x \u2713 \u2714 \u2611".split())


def best_column(field, item) -> tuple[int, float]:
    """(index, `column_match`) of the row's cell whose header names the field best (the
    first on ties); (-1, 0.0) for a row without cells."""
    matched = [column_match(field, cell.header) for cell in item.cells]
    if not matched:
        return -1, 0.0
    best = max(range(len(matched)), key=lambda c: (matched[c], -c))
    return best, matched[best]


def cell_text(field, item, text: str, offsets: list[tuple[int, int]], min_match: float = 1.0) -> str | None:
    """The text of the cell whose header names the field (`column_match` of at least
    `min_match`; 10: by the field's own name), or None."""
    best, score = best_column(field, item)
    if best < 0 or score < min_match:
        return None
    cell = item.cells[best]
    a, b = item.anchor + cell.first, item.anchor + cell.last
    if not (0 <= a <= b < len(offsets)):
        return None
    return text[offsets[a][0]:offsets[b][1]].strip(" \t|")


def cell_decision(field, kind: str, cell: str, width: int) -> torch.Tensor:
    """[width] float64 evidence a decide leaf reads off its own cell: a score level the cell
    states as a bare integer; for a true/false leaf, a cell that says no ("none", "-", "no")
    or one that says yes ("yes", a tick, or an amount: "1 x 23 kg"). Zeros where the cell
    says neither ("A (actual)")."""
    out = torch.zeros(width, dtype=torch.float64)
    if kind == "score":
        levels = list(field.levels or ())
        if regex.fullmatch(r"[+-]?\d+", cell):
            value = int(cell)
            if value in levels and levels.index(value) < width:
                out[levels.index(value)] = 1.0
    elif kind == "noul" and width >= 2:
        words = set(words_of(cell))
        if cell in _NEGATIVE_MARKS or (words & _NEGATIVE):
            out[1] = 1.0
        elif (words & _AFFIRMATIVE) or cell in _AFFIRMATIVE_MARKS or any(ch.isdigit() for ch in cell):
            out[0] = 1.0
    return out


def row_evidence(field, item, text: str, offsets: list[tuple[int, int]], memo: dict | None) -> SpanEvidence:
    """A layout item's leaf: relevance 1 on the spans of the cell whose header names it best
    (`column_match`), or, without such a header, 0.5 on the spans of each cell of its row; 0
    elsewhere. A cell's first word start gains `OPENING` more and `closing` marks its last
    word end, so the span that reads a cell whole gains most."""
    sents = sentences(text, offsets, memo)
    t = len(offsets)
    best, score = best_column(field, item)
    if score > 0:
        spans, rel = [item.cells[best]], 1.0
    else:
        spans, rel = list(item.cells), 0.5
    start = torch.zeros(t, dtype=torch.float64)
    sentence = torch.full((t,), -1, dtype=torch.long)
    closing = torch.zeros(t, dtype=torch.bool)
    for k, cell in enumerate(spans):
        a = min(max(item.anchor + cell.first, 0), t)
        b = min(max(item.anchor + cell.last + 1, 0), t)
        if b <= a:
            continue
        start[a:b] = torch.where(sents.start_ok[a:b], torch.tensor(rel, dtype=torch.float64), start[a:b])
        opens = torch.nonzero(sents.start_ok[a:b]).flatten()
        if opens.numel():         # a cell is read whole: from its first word, too
            start[a + int(opens[0])] = rel * (1.0 + OPENING)
        sentence[a:b] = k
        ends = torch.nonzero(sents.end_ok[a:b]).flatten()
        if ends.numel():
            closing[a + int(ends[-1])] = True
    # Tokens outside every cell sit in sentence -1 with no start gain, so no span reaching
    # them gains; a span inside one cell gains `rel`.
    end_ok = sents.end_ok & (sentence >= 0)
    return SpanEvidence(start, end_ok, sentence, closing)
