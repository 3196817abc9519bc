"""What a wrong copied string is: where its span went, beside the gold's.

A copied value is a span of the context, so a wrong one is wrong in one of a few ways, and they
call for different remedies: a span that found its value but ran past it (its end), one that
stopped short, one somewhere else altogether (the field's location), a null where the document
states the value, or a value where the gold is null. Counted over every string unit (a `string`
leaf, or an array item whose rule is `string`) a system got wrong, compared as the scoring does
(whitespace collapsed, case folded):

- `runs_past`: the value holds the gold and more; `runs_past_line` of them cross a line break;
- `stops_short`: the gold holds the value;
- `elsewhere`: any other string;
- `null`: no value where the gold has one;
- `spurious`: a value where the gold is null.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

ANATOMY = ("runs_past", "runs_past_line", "stops_short", "elsewhere", "null", "spurious")


def normal_text(text: str) -> str:
    """Whitespace collapsed and case folded: how `compare` matches strings."""
    return " ".join(text.split()).casefold()


def string_error(gold: Any, pred: Any) -> str | None:
    """The way a wrong string unit is wrong (module docstring); None when it is not a string unit."""
    if gold is None:
        return "spurious" if isinstance(pred, str) else None
    if not isinstance(gold, str):
        return None
    if pred is None:
        return "null"
    if not isinstance(pred, str):
        return "elsewhere"
    g, p = normal_text(gold), normal_text(pred)
    if g in p:
        return "runs_past"
    if p in g:
        return "stops_short"
    return "elsewhere"


def anatomy(units: Iterable[Any]) -> dict[str, int]:
    """Counts of `ANATOMY` over wrong units (objects with `rule`, `gold`, `pred`, `correct`)."""
    counts = dict.fromkeys(ANATOMY, 0)
    for unit in units:
        if unit.correct or unit.rule != "string":
            continue
        way = string_error(unit.gold, unit.pred)
        if way is None:
            continue
        counts[way] += 1
        if way == "runs_past" and "\n" in unit.pred and "\n" not in unit.gold:
            counts["runs_past_line"] += 1
    return counts


def markdown_rows(by_system: dict[str, dict[str, int]]) -> list[str]:
    """A table: one row per way, one column per system."""
    names = list(by_system)
    lines = ["| wrong string | " + " | ".join(names) + " |", "| --- |" + " ---: |" * len(names)]
    for way in ANATOMY:
        lines.append(f"| {way} | " + " | ".join(str(by_system[n][way]) for n in names) + " |")
    return lines
