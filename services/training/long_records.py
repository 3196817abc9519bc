"""Long training records as windows: a datagen record whose context is longer than a run reads
at once becomes records of overlapping windows of its context, each with the gold its window
shows, so training sees long documents as the runtime reads them (`deg_model.runtime.windows`:
every window answers every field, and the windows' answers are merged).

A window's gold, from the record's located values (`spans`, `span_alternatives`, code points):
- a value located inside the window keeps its span (shifted; an alternative inside stands in
  for a main span outside); a value located only outside is null there: this window does not
  show it, which is what a window's head must answer;
- an array item with located values, none of them inside, is not in this window: it is left
  out and the items after it are renumbered (spans with them);
- a decided top-level field whose evidence (`decide[pointer]["evidence"]`) the window does not
  contain is left out of the window's schema and value (nothing in the window decides it); a
  nested one keeps its gold;
- values never located (decided fields, constants) are kept as they are.
A window in which an array keeps fewer items than its `minItems` is not made.

Windows are at most `max_chars` code points, overlap by `overlap`, and end at a line break
where one lies in the window's last quarter (else at white space, else where the width ends).
"""
from __future__ import annotations

import copy
from typing import Any, Iterator

from deg.pointer import split as split_pointer


def window_bounds(text: str, max_chars: int, overlap: int) -> list[tuple[int, int]]:
    """[(start, end)) code-point windows covering `text` (one window when it fits)."""
    if max_chars < 2 or not 0 <= overlap < max_chars // 2:
        raise ValueError(f"need max_chars >= 2 and 0 <= overlap < max_chars / 2, got {max_chars}, {overlap}")
    n, out, start = len(text), [], 0
    while True:
        end = min(n, start + max_chars)
        if end < n:
            floor = start + (3 * max_chars) // 4
            cut = text.rfind("\n", floor, end)
            if cut < 0:
                cut = max(text.rfind(" ", floor, end), -1)
            end = cut + 1 if cut >= 0 else end
        out.append((start, end))
        if end >= n:
            return out
        start = max(end - overlap, start + 1)


def _inside(span: list[int] | tuple[int, int], a: int, b: int) -> bool:
    return a <= span[0] and span[1] <= b


def _located(record: dict[str, Any], a: int, b: int) -> tuple[dict[str, list[int]], set[str], set[str]]:
    """(pointer -> its span in the window, shifted; pointers located only outside; all located)."""
    spans, alternatives = record.get("spans") or {}, record.get("span_alternatives") or {}
    inside, outside = {}, set()
    for pointer in set(spans) | set(alternatives):
        candidates = ([spans[pointer]] if pointer in spans else []) + list(alternatives.get(pointer, []))
        hit = next((s for s in candidates if _inside(s, a, b)), None)
        if hit is None:
            outside.add(pointer)
        else:
            inside[pointer] = [hit[0] - a, hit[1] - a]
    return inside, outside, set(spans) | set(alternatives)


def _under(pointers: set[str], prefix: str) -> list[str]:
    return [p for p in pointers if p == prefix or p.startswith(prefix + "/")]


def _window_value(value: Any, prefix: str, inside: dict, outside: set, renamed: dict[str, str],
                  new_prefix: str) -> Any:
    """The gold value as the window shows it; `renamed` collects old -> new pointers of kept
    located values (array items renumbered)."""
    if isinstance(value, dict):
        return {k: _window_value(v, f"{prefix}/{k}", inside, outside, renamed, f"{new_prefix}/{k}")
                for k, v in value.items()}
    if isinstance(value, list):
        kept = []
        for k, item in enumerate(value):
            old = f"{prefix}/{k}"
            located = _under(set(inside) | outside, old)
            if located and not _under(set(inside), old):
                continue                                   # an item this window does not show
            kept.append(_window_value(item, old, inside, outside, renamed, f"{new_prefix}/{len(kept)}"))
        return kept
    if prefix in inside:
        renamed[prefix] = new_prefix
        return value
    if prefix in outside:
        return None
    return value


def _arrays_hold_their_minimum(schema: dict[str, Any], value: Any) -> bool:
    if isinstance(value, list):
        items = schema.get("items") if isinstance(schema, dict) else None
        if len(value) < int((schema or {}).get("minItems", 0)):
            return False
        return all(_arrays_hold_their_minimum(items or {}, v) for v in value)
    if isinstance(value, dict):
        props = (schema or {}).get("properties", {}) if isinstance(schema, dict) else {}
        return all(_arrays_hold_their_minimum(props.get(k, {}), v) for k, v in value.items())
    return True


def window_records(record: dict[str, Any], max_chars: int, overlap: int = 600) -> Iterator[dict[str, Any]]:
    """The record itself when its context fits `max_chars`, else one record per window."""
    context = record["context"]
    if len(context) <= max_chars:
        yield record
        return
    for i, (a, b) in enumerate(window_bounds(context, max_chars, overlap)):
        text = context[a:b]
        inside, outside, _ = _located(record, a, b)
        renamed: dict[str, str] = {}
        value = _window_value(record["value"], "", inside, outside, renamed, "")
        schema = copy.deepcopy(record["schema"])
        decide = {}
        for pointer, decision in (record.get("decide") or {}).items():
            parts = split_pointer(pointer)
            if decision.get("evidence") and decision["evidence"] not in text and len(parts) == 1:
                schema.get("properties", {}).pop(parts[0], None)
                if parts[0] in schema.get("required", []):
                    schema["required"] = [r for r in schema["required"] if r != parts[0]]
                if isinstance(value, dict):
                    value.pop(parts[0], None)
            else:
                decide[pointer] = decision
        if not _arrays_hold_their_minimum(schema, value):
            continue
        alternatives = {}
        for pointer, alts in (record.get("span_alternatives") or {}).items():
            if pointer in renamed:
                shifted = [[s - a, e - a] for s, e in alts if _inside((s, e), a, b)]
                if shifted:
                    alternatives[renamed[pointer]] = shifted
        yield {**record, "uid": f"{record['uid']}#w{i}", "context": text, "schema": schema, "value": value,
               "spans": {renamed[p]: s for p, s in inside.items() if p in renamed},
               "span_alternatives": alternatives, "decide": decide}
