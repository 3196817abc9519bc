"""Key-value blocks and tables in the layouts real documents use.

A `Cell` is the text of one value as a sequence of parts `(text, path)`; a part with a
path is gold (written with `Doc.put`), the others are plain (a currency sign, a unit).
Layouts measure cells before writing them, so columns line up the way a PDF-to-text
conversion or a markdown export writes them:

- key-value: `colon` ("Label: value"), `aligned` (padded label column), `dots`
  ("Label ...... value"), `pipe` (a two-column markdown table), `grid` (an ASCII box),
  `stacked` (the label on one line, the value on the next, as forms extract);
- tables: `pipe` (markdown), `grid` (ASCII box), `aligned` (space-padded columns),
  `semicolon` (an export).

Columns are always separated by at least two spaces or a bar, so two numbers in adjacent
cells never read as one grouped number.
"""
from __future__ import annotations

import random
from string import Formatter
from typing import Sequence

from .doc import Doc, Path

Cell = tuple[tuple[str, "Path | None"], ...]

KV_LAYOUTS = ("colon", "aligned", "dots", "pipe", "grid", "stacked")
TABLE_LAYOUTS = ("pipe", "grid", "aligned", "semicolon")


def cell(text: str, path: Path | None = None) -> Cell:
    return ((text, path),)


def join(*parts: Cell) -> Cell:
    return tuple(p for c in parts for p in c)


def text_of(c: Cell) -> str:
    return "".join(t for t, _ in c)


def write(doc: Doc, c: Cell) -> Doc:
    for text, path in c:
        if path is not None:
            doc.put(path, text)
        elif text:
            doc.add(text)
    return doc


def template(text: str, **parts) -> Cell:
    """`text` as a cell: each `{name}` is `parts[name]`, plain text or a `(path, text)` pair
    that is the gold text of `path`."""
    out: list[tuple[str, Path | None]] = []
    for literal, name, _, _ in Formatter().parse(text):
        if literal:
            out.append((literal, None))
        if name:
            part = parts[name]
            out.append((part, None) if isinstance(part, str) else (part[1], part[0]))
    return tuple(out)


def fill(doc: Doc, text: str, **parts) -> str:
    """Write `text` (see `template`); returns the text written, for decide evidence."""
    c = template(text, **parts)
    write(doc, c)
    return text_of(c)


def kv(doc: Doc, rng: random.Random, rows: Sequence[tuple[str, Cell]],
       layout: str | None = None) -> str:
    """Write `rows` as one key-value block; returns the layout used."""
    layout = layout or rng.choice(KV_LAYOUTS)
    width = max(len(label) for label, _ in rows)
    values = max(len(text_of(c)) for _, c in rows)
    if layout == "pipe":
        doc.line(f"| {'Field'.ljust(width)} | {'Value'.ljust(values)} |")
        doc.line(f"|{'-' * (width + 2)}|{'-' * (values + 2)}|")
    elif layout == "grid":
        rule = f"+{'-' * (width + 2)}+{'-' * (values + 2)}+"
        doc.line(rule)
    for label, c in rows:
        pad = values - len(text_of(c))
        if layout == "colon":
            write(doc.add(f"{label}: "), c).line()
        elif layout == "aligned":
            write(doc.add(f"{label}:".ljust(width + 3)), c).line()
        elif layout == "dots":
            write(doc.add(f"{label} {'.' * (width - len(label) + 4)} "), c).line()
        elif layout in ("pipe", "grid"):
            write(doc.add(f"| {label.ljust(width)} | "), c).line(f"{' ' * pad} |")
        elif layout == "stacked":
            write(doc.line(label), c).line()
        else:
            raise ValueError(f"unknown key-value layout {layout!r}")
    if layout == "grid":
        doc.line(f"+{'-' * (width + 2)}+{'-' * (values + 2)}+")
    return layout


def labelled(doc: Doc, rng: random.Random, rows: Sequence[tuple[str, Cell]], layout: str | None = None) -> str:
    """`rows` as a key-value block in any `kv` layout or as bold markdown labels (`layout`, else
    drawn); returns the layout used."""
    layout = layout or rng.choice(KV_LAYOUTS + ("bold",))
    if layout == "bold":
        for label, c in rows:
            write(doc.add(f"**{label}:** "), c).line()
        return layout
    return kv(doc, rng, rows, layout)


def table(doc: Doc, rng: random.Random, header: Sequence[str], rows: Sequence[Sequence[Cell]],
          layout: str | None = None) -> str:
    """Write a table (one row per item); returns the layout used."""
    layout = layout or rng.choice(TABLE_LAYOUTS)
    widths = [max([len(h)] + [len(text_of(r[i])) for r in rows]) for i, h in enumerate(header)]

    def rule(ch: str = "-", edge: str = "+") -> None:
        doc.line(edge + edge.join(ch * (w + 2) for w in widths) + edge)

    def row(cells: Sequence[Cell]) -> None:
        if layout == "semicolon":
            for i, c in enumerate(cells):
                write(doc.add("; " if i else ""), c)
            doc.line()
            return
        sep, edge = ("  ", "") if layout == "aligned" else (" | ", "| ")
        doc.add(edge)
        for i, c in enumerate(cells):
            doc.add(sep if i else "")
            write(doc, c).add(" " * (widths[i] - len(text_of(c))))
        doc.line(" |" if edge else "")

    head = tuple(cell(h) for h in header)
    if layout == "grid":
        rule()
    row(head)
    if layout == "pipe":
        rule("-", "|")
    elif layout in ("grid", "aligned"):
        rule("=" if layout == "grid" else "-", "+") if layout == "grid" else doc.line(
            "  ".join("-" * w for w in widths))
    for r in rows:
        row(r)
    if layout == "grid":
        rule()
    return layout


def series(doc: Doc, path: Path, values: Sequence[str], last: str = " and ", sep: str = ", ") -> Doc:
    """Write `values` as "A, B and C" (each one gold at `path + (i,)`)."""
    for i, v in enumerate(values):
        doc.add("" if i == 0 else last if i == len(values) - 1 else sep).put(path + (i,), v)
    return doc


def string_list(doc: Doc, rng: random.Random, key: str, values: Sequence[str], label: str, none: str,
                bullets: Sequence[str] = ("- ", "* ")) -> None:
    """A list of strings (gold at `(key, i)`) as one line ("Label: a, b and c"), as bullets, or,
    when empty, the line `none`."""
    if not values:
        doc.line(none)
    elif rng.random() < 0.5:
        series(doc.add(f"{label}: "), (key,), values, rng.choice([", ", " and "])).line()
    else:
        doc.line(f"{label}:")
        bullet = rng.choice(list(bullets))
        for i, v in enumerate(values):
            doc.add(bullet).put((key, i), v).line()
