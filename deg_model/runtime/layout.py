"""Fork layout (contract 12.1, 12.6): the text of every question a fill asks.

A fork is a short continuation of the trunk (prefix + rendered context + "\\n"). Its text is
built line by line; the runtime tokenizes each line on its own and concatenates the ids, so
the head positions are known exactly: the `ANSWER:` line's last token is `a`, the last token
of option line `i` is `o_i`. Every line ends with "\\n" except `ANSWER:` and `VALUE:`, whose
last token is where the heads read (or where generation starts).

The text depends only on the leaf's own plan, its concrete item path and (anchored items)
its locator lines: never on other fields or their order (contract 7.2), so one field's fork
is the same token sequence in any schema.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from deg.plan import ArrayPlan, FieldPlan

ANSWER = "ANSWER:"
VALUE = "VALUE:"


@dataclass(frozen=True)
class ForkText:
    """Lines of one fork; `option_lines` are indices into `lines` whose last token is `o_i`."""

    lines: tuple[str, ...]
    option_lines: tuple[int, ...] = ()


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _annotations(title: str | None, description: str | None) -> list[str]:
    lines = []
    if title:
        lines.append(f"TITLE {_one_line(title)}\n")
    if description:
        lines.append(f"DESCRIPTION {_one_line(description)}\n")
    return lines


def _one_line(text: str) -> str:
    # A newline inside an annotation would start what looks like a new header line.
    return " ".join(str(text).split())


def item_lines(item_path: tuple[tuple[str, int | str], ...]) -> list[str]:
    """One line per enclosing array, outermost first.

    Index mode: `ITEM i of /arr`; anchored mode: `ITEM /arr AT: "<locator text>"`.
    `item_path` pairs each enclosing array pointer (plan form) with an int index or a
    locator string.
    """
    lines = []
    for array_pointer, where in item_path:
        if isinstance(where, int):
            lines.append(f"ITEM {where} of {array_pointer}\n")
        else:
            lines.append(f"ITEM {array_pointer} AT: {_json(where)}\n")
    return lines


def constraint_text(field: FieldPlan) -> str | None:
    parts = [f"{k}={_json(v)}" for k, v in field.constraints]
    if field.format:
        parts.insert(0, f"format={field.format}")
    return ", ".join(parts) if parts else None


def leaf_fork(field: FieldPlan, pointer: str, item_path=()) -> ForkText:
    """The fork of a decide or extract leaf. `pointer` is the concrete (or `*`) pointer."""
    lines = [f"FIELD {pointer}\n", *item_lines(item_path)]
    lines += _annotations(field.title, field.description)
    lines.append(f"KIND {field.mode}\n")
    option_lines: list[int] = []
    if field.mode.startswith("extract."):
        c = constraint_text(field)
        if c:
            lines.append(f"CONSTRAINTS {c}\n")
    elif field.mode == "decide.choice":
        lines.append("OPTIONS:\n")
        descriptions = field.option_descriptions or (None,) * len(field.options or ())
        for value, description in zip(field.options or (), descriptions):
            text = f"- {_json(value)}"
            if description:
                text += f": {_one_line(description)}"
            option_lines.append(len(lines))
            lines.append(text + "\n")
    elif field.mode == "decide.score":
        lines.append("OPTIONS:\n")
        labels = dict(field.level_labels or ())
        for level in field.levels or ():
            text = f"- {level}: {_one_line(labels[level])}" if level in labels else f"- {level}"
            option_lines.append(len(lines))
            lines.append(text + "\n")
        if field.null_outcome:
            option_lines.append(len(lines))
            lines.append("- null\n")
    lines.append(ANSWER)
    return ForkText(tuple(lines), tuple(option_lines))


def count_fork(array: ArrayPlan, pointer: str, item_path=(), item_fields: tuple[str, ...] = ()) -> ForkText:
    """The index-mode count question of one array instance."""
    lines = [f"ARRAY {pointer}\n", *item_lines(item_path)]
    lines += _annotations(array.title, array.description)
    if item_fields:
        lines.append(f"ITEM FIELDS {', '.join(item_fields)}\n")
    lines.append("KIND count the items\n")
    lines.append(ANSWER)
    return ForkText(tuple(lines))


def anchor_fork(array: ArrayPlan, pointer: str, item_path=(), item_fields: tuple[str, ...] = ()) -> ForkText:
    """The anchored-mode question: where does each item of this array start?"""
    lines = [f"ARRAY {pointer}\n", *item_lines(item_path)]
    lines += _annotations(array.title, array.description)
    if item_fields:
        lines.append(f"ITEM FIELDS {', '.join(item_fields)}\n")
    lines.append("KIND mark where each item starts in the context\n")
    lines.append(ANSWER)
    return ForkText(tuple(lines))


def known_values_block(values: list[tuple[str, Any]]) -> str:
    """KNOWN VALUES: one `pointer = json` line per decided/extracted value, in leaf order."""
    body = "".join(f"{p} = {_json(v)}\n" for p, v in values)
    return "KNOWN VALUES:\n" + body


GENERATE_INSTRUCTION = "Write only the value of {pointer}."


def generate_header(field: FieldPlan, pointer: str, item_path=()) -> tuple[str, ...]:
    """The lines a generate row feeds before the assistant-turn opener.

    The contract's fork ends with `VALUE:` and the text, a layout the LM head learns in
    training. With a base model that was never trained on it (the embedded backbone, and
    the two-copy hybrid of contract 12.7) the header instead closes with a plain instruction
    and the assistant turn opens after it, so the base model answers in its own chat layout.
    """
    lines = generate_fork(field, pointer, item_path).lines[:-1]
    return (*lines, GENERATE_INSTRUCTION.format(pointer=pointer))


def generate_fork(field: FieldPlan, pointer: str, item_path=()) -> ForkText:
    """The header of a generate row; the text is decoded after `VALUE:`."""
    lines = [f"WRITE {pointer}\n", *item_lines(item_path)]
    lines += _annotations(field.title, field.description)
    limits = [f"{k}={_json(v)}" for k, v in field.constraints if k in ("minLength", "maxLength", "pattern")]
    if limits:
        lines.append(f"LIMITS {', '.join(limits)}\n")
    lines.append(VALUE)
    return ForkText(tuple(lines))
