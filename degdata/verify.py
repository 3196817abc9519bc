"""Independent checks of a finished record: the gold must be exactly what the text says.

`problems(record)` returns every problem found (empty = the record is sound):
- `value` is valid against `schema` (jsonschema, draft 2020-12, with format checks);
- every span lies inside the context and its text is the value: equal for plain strings,
  parsing to the value for numbers and `format: date` strings;
- every span alternative has exactly the text of its span;
- every non-null extracted leaf (not decided, not generated) has a span, and no span or
  decide entry points at something absent from `value`;
- every decide entry's answer is the value at its pointer and one of the options the schema
  offers (an enum / oneOf value, a boolean, a level of the score's range, or null where the
  schema allows it), and its evidence is quoted from the context;
- a numeric date with two valid readings only appears when `options.date_order` says which.

The number and date readers here are deliberately separate from the formatters in `fmt`,
so a formatting bug cannot confirm itself.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any

import jsonschema

from deg.pointer import escape

_NUMBER = re.compile(r"(-?)(?:[$£€]|[A-Z]{3} )?(\d{1,3}(?:([,.'\u202f ])\d{3})(?:\3\d{3})*|\d+)(?:([.,])(\d{1,2}))?(?:[ \u00a0](?:[$£€]|[A-Z]{3}))?")
_DATE_FORMATS = {"%Y-%m-%d": None, "%m/%d/%Y": "MDY", "%d/%m/%Y": "DMY", "%d.%m.%Y": "DMY",
                 "%B %d, %Y": None, "%d %B %Y": None, "%d %b %Y": None, "%d-%b-%Y": None,
                 "%b %d, %Y": None}
# "March 5th, 2024", "5th of March 2024", "Mar. 5, 2024" -> the strptime forms above.
_ORDINAL = re.compile(r"\b(\d{1,2})(st|nd|rd|th)\b")
_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def read_number(text: str) -> float | int | None:
    """The number written as `text` (grouped or not, decimal point or comma, a leading
    currency symbol or code around it only when signed), else None."""
    m = _NUMBER.fullmatch(text)
    if not m or (not m.group(1) and not (text[:1].isdigit() and text[-1:].isdigit())):
        return None     # an unsigned gold amount is the digits alone, never its symbol
    if (m.group(3) and m.group(4) and m.group(3) == m.group(4)):
        return None
    if m.group(3) == "." and not m.group(5) and m.group(2).count(".") == 1:
        return None     # `12.500`: one dot group without decimals reads as 12.5, not 12500
    whole = int(re.sub(r"\D", "", m.group(2)))
    frac = m.group(5)
    value: float | int = round(whole + int(frac) / 10 ** len(frac), 2) if frac else whole
    return -value if m.group(1) else value


def read_date(text: str, date_order: str | None) -> tuple[str | None, str]:
    """(ISO date, "") or (None, why)."""
    ordinal = _ORDINAL.search(text)
    if ordinal:
        if _ORDINAL_SUFFIX.get(int(ordinal.group(1)), "th") != ordinal.group(2):
            return None, f"wrong ordinal suffix {ordinal.group(0)!r}"
        text = _ORDINAL.sub(r"\1", text).replace(" of ", " ")
    text = re.sub(r"\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\. ", r"\1 ", text)
    readings: dict[str, set[str | None]] = {}
    for fmt, order in _DATE_FORMATS.items():
        try:
            day = dt.datetime.strptime(text, fmt).date().isoformat()
        except ValueError:
            continue
        readings.setdefault(day, set()).add(order)
    if not readings:
        return None, "not a date"
    if len(readings) == 1:
        return next(iter(readings)), ""
    picked = [day for day, orders in readings.items() if date_order in orders]
    if date_order is None or len(picked) != 1:
        return None, f"ambiguous numeric date, date_order={date_order!r}"
    return picked[0], ""


def _walk(schema: dict, value: Any, ptr: str, out: dict[str, tuple[dict, Any]]) -> None:
    """Collect every leaf: pointer -> (leaf schema, value)."""
    branch = next((b for b in schema.get("anyOf", []) if b.get("type") != "null"), None)
    node = {**schema, **branch} if branch else schema
    types = node.get("type")
    types = set(types) if isinstance(types, list) else {types}
    if "object" in types and isinstance(value, dict):
        for name, sub in node.get("properties", {}).items():
            if name in value:
                _walk(sub, value[name], f"{ptr}/{escape(name)}", out)
    elif "array" in types and isinstance(value, list):
        for i, item in enumerate(value):
            _walk(node["items"], item, f"{ptr}/{i}", out)
    else:
        out[ptr] = (node, value)


def _is_extract(leaf: dict) -> bool:
    if "enum" in leaf or "oneOf" in leaf or leaf.get("x-generate"):
        return False
    types = leaf.get("type")
    types = set(types) if isinstance(types, list) else {types}
    if "boolean" in types:
        return False
    if "integer" in types and "minimum" in leaf and "maximum" in leaf:
        return leaf["maximum"] - leaf["minimum"] + 1 > 11
    return True


def problems(record: dict) -> list[str]:
    found: list[str] = []
    context, value, schema = record["context"], record["value"], record["schema"]
    date_order = (record.get("options") or {}).get("date_order")
    try:
        jsonschema.Draft202012Validator(
            schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER).validate(value)
    except jsonschema.ValidationError as exc:
        found.append(f"value invalid against schema at {list(exc.absolute_path)}: {exc.message}")
    leaves: dict[str, tuple[dict, Any]] = {}
    _walk(schema, value, "", leaves)

    def span_text(ptr: str, span: list[int]) -> str | None:
        s, e = span
        if not (0 <= s < e <= len(context)):
            found.append(f"{ptr}: span {span} outside the context ({len(context)} chars)")
            return None
        return context[s:e]

    for ptr, span in record["spans"].items():
        if ptr not in leaves or leaves[ptr][1] is None:
            found.append(f"{ptr}: span for a value that is absent or null")
            continue
        text = span_text(ptr, span)
        if text is None:
            continue
        leaf, gold = leaves[ptr]
        if leaf.get("format") == "date":
            day, why = read_date(text, date_order)
            if day != gold:
                found.append(f"{ptr}: {text!r} reads as {day} ({why}), gold {gold!r}")
        elif isinstance(gold, str):
            if text != gold:
                found.append(f"{ptr}: span text {text!r} != value {gold!r}")
        elif read_number(text) is None or abs(read_number(text) - gold) > 1e-9:
            found.append(f"{ptr}: {text!r} reads as {read_number(text)}, gold {gold!r}")
        for alt in record["span_alternatives"].get(ptr, []):
            if span_text(ptr, alt) not in (None, text):
                found.append(f"{ptr}: alternative {alt} has text {context[alt[0]:alt[1]]!r}")
    for ptr in record["span_alternatives"]:
        if ptr not in record["spans"]:
            found.append(f"{ptr}: alternatives without a span")
    for ptr, (leaf, gold) in leaves.items():
        if gold is not None and _is_extract(leaf) and ptr not in record["spans"]:
            found.append(f"{ptr}: extracted value {gold!r} has no span")
    for ptr, entry in record["decide"].items():
        if ptr not in leaves:
            found.append(f"{ptr}: decide entry for an absent value")
        elif leaves[ptr][1] != entry["answer"] or _is_extract(leaves[ptr][0]):
            found.append(f"{ptr}: decide answer {entry['answer']!r} vs value {leaves[ptr][1]!r}")
        elif not entry.get("evidence"):
            found.append(f"{ptr}: decide entry without evidence")
        elif entry["evidence"] not in context:
            found.append(f"{ptr}: decide evidence {entry['evidence']!r} is not in the context")
        elif not _is_option(leaves[ptr][0], entry["answer"]):
            found.append(f"{ptr}: decide answer {entry['answer']!r} is not an option of the field")
    return found


def _is_option(leaf: dict, answer: Any) -> bool:
    """Whether `answer` is one of the values a decide leaf offers."""
    if "enum" in leaf:
        return any(answer == o and type(answer) is type(o) for o in leaf["enum"])
    if "oneOf" in leaf:
        return any(answer == b.get("const") for b in leaf["oneOf"])
    types = leaf.get("type")
    types = set(types) if isinstance(types, list) else {types}
    if answer is None:
        return "null" in types
    if "boolean" in types:
        return isinstance(answer, bool)
    return (isinstance(answer, int) and not isinstance(answer, bool)
            and leaf["minimum"] <= answer <= leaf["maximum"])
