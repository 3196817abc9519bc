"""Schema views: a training record shown again with its schema presented differently.

Heads trained on a few domains can learn the domains' key names (`invoice_number`) as field
identities, which tells them nothing about an unseen domain's keys. A view presents the same
record's fields under other keys, the snake_case of the field's title or a neutral
`field_<k>`, and re-keys the gold to match. Across views the key changes but the
title/description stays, so the heads have to read the title/description to find a field.

In every object schema (top level, nested objects, array items, recursively), drawn from a
`random.Random` seeded by (seed, uid, index), for each property independently:
- its key is renamed with p = RENAME_P, to its title's snake_case or to `field_<k>` (k its
  position), never to a name another key of that object has or had;
- with both a title and a description, the description is dropped with p = DROP_P, else the
  title with p = DROP_P;
and the object's property order is shuffled with p = SHUFFLE_P. `required` follows the renames
in its order; every other keyword is kept as is. The gold follows: `value` keys, and the object
keys inside the pointers that key `spans`, `span_alternatives` and `decide` (decide entries hold
an answer and its evidence, no pointers).

A schema that names properties anywhere else (`$ref`/`$defs`, `patternProperties`,
`dependentRequired`, `properties` under `anyOf`/`oneOf`/`allOf`, ...) is not re-keyed: its views
differ from the record in `uid` only. Datagen schemas use none of these.
"""
from __future__ import annotations

import copy
import random
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from deg.pointer import pointer_of, split as split_pointer

RENAME_P, TITLE_NAME_P, DROP_P, SHUFFLE_P = 0.5, 0.5, 0.3, 0.5
POINTER_MAPS = ("spans", "span_alternatives", "decide")
# Keywords that name properties, or reach schemas the re-keying does not follow.
UNFOLLOWED = frozenset({"$ref", "$dynamicRef", "$recursiveRef", "$defs", "definitions", "patternProperties",
                        "dependentRequired", "dependentSchemas", "dependencies", "propertyNames",
                        "unevaluatedProperties", "prefixItems"})
# Subschemas whose `properties` / `required` would describe a value the renames do not reach.
SIDE_SCHEMAS = ("anyOf", "oneOf", "allOf", "not", "if", "then", "else", "contains",
                "additionalProperties", "additionalItems", "unevaluatedItems")


@dataclass
class Keys:
    """How a value under one schema node is re-keyed: old key -> (new key, its node); items' node."""
    renamed: dict[str, tuple[str, Keys]] = field(default_factory=dict)
    items: Keys | None = None


def snake_name(title: str) -> str:
    """`"Probation (months)"` -> `"probation_months"`: ASCII-folded, other characters -> `_`."""
    folded = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^0-9a-z]+", "_", folded.lower()).strip("_")


def _followable(schema: Any, on_path: bool = True) -> bool:
    """Whether every place `schema` names a property is one the renames rewrite."""
    if isinstance(schema, list):
        return all(_followable(s, on_path=False) for s in schema)
    if not isinstance(schema, dict):
        return True
    if UNFOLLOWED & schema.keys() or (not on_path and ("properties" in schema or "required" in schema)):
        return False
    props = schema.get("properties")
    if isinstance(props, dict) and not all(_followable(s) for s in props.values()):
        return False
    items = schema.get("items")
    if not _followable(items, on_path=isinstance(items, dict)):
        return False
    return all(_followable(schema[k], on_path=False) for k in SIDE_SCHEMAS if k in schema)


def _free_name(wanted: str, position: int, taken: set[str]) -> str:
    if wanted and wanted not in taken:
        return wanted
    name, n = f"field_{position}", 1
    while name in taken:
        n += 1
        name = f"field_{position}_{n}"
    return name


def _present(schema: dict[str, Any], rng: random.Random) -> Keys:
    """Re-present `schema` in place; returns the Keys that re-key its values."""
    keys = Keys()
    if isinstance(schema.get("items"), dict):
        keys.items = _present(schema["items"], rng)
    props = schema.get("properties")
    if not isinstance(props, dict):
        return keys
    shuffle = rng.random() < SHUFFLE_P
    required = schema.get("required") if isinstance(schema.get("required"), list) else []
    taken = set(props) | set(required)     # a new key never takes a name this object already uses
    for position, (old, sub) in enumerate(props.items()):
        new = old
        if rng.random() < RENAME_P:
            title = sub.get("title") if isinstance(sub, dict) else None
            wanted = snake_name(title) if isinstance(title, str) and rng.random() < TITLE_NAME_P else ""
            new = _free_name(wanted, position, taken - {old})
            taken.add(new)
        if isinstance(sub, dict) and "title" in sub and "description" in sub:
            if rng.random() < DROP_P:
                del sub["description"]
            elif rng.random() < DROP_P:
                del sub["title"]
        keys.renamed[old] = (new, _present(sub, rng) if isinstance(sub, dict) else Keys())
    order = list(props)
    if shuffle:
        rng.shuffle(order)
    schema["properties"] = {keys.renamed[old][0]: props[old] for old in order}
    if required:
        schema["required"] = [keys.renamed[r][0] if r in keys.renamed else r for r in required]
    return keys


def _rekey_value(value: Any, keys: Keys | None) -> Any:
    if keys is None:
        return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            new, sub = keys.renamed.get(key, (key, None))   # a key the schema does not list stays
            out[new] = _rekey_value(item, sub)
        return out
    if isinstance(value, list):
        return [_rekey_value(item, keys.items) for item in value]
    return value


def _rekey_pointer(pointer: str, keys: Keys | None) -> str:
    segments = []
    for segment in split_pointer(pointer):
        if keys is not None and segment in keys.renamed:
            segment, keys = keys.renamed[segment]
        else:   # an array index, or a key the schema does not list
            keys = keys.items if keys is not None and segment.isascii() and segment.isdigit() else None
        segments.append(segment)
    return pointer_of(segments)


def schema_view(record: dict[str, Any], seed: int, index: int) -> dict[str, Any]:
    """View `index` of `record`: a new record with uid `<uid>~v<index>`, the schema presented
    differently and the gold re-keyed to match; the same for the same (uid, seed, index)."""
    view = copy.deepcopy(record)
    view["uid"] = f"{record['uid']}~v{index}"
    if not isinstance(view.get("schema"), dict) or not _followable(view["schema"]):
        return view
    # A string seed is hashed with sha512: stable across processes, unlike `hash`.
    rng = random.Random(f"schema-view:{seed}:{record['uid']}:{index}")
    keys = _present(view["schema"], rng)
    if "value" in view:
        view["value"] = _rekey_value(view["value"], keys)
    for name in POINTER_MAPS:
        if isinstance(view.get(name), dict):
            view[name] = {_rekey_pointer(pointer, keys): entry for pointer, entry in view[name].items()}
    return view


def with_views(records: Iterable[dict[str, Any]], views: int, seed: int) -> Iterator[dict[str, Any]]:
    """Each record, followed by its views 1..`views`."""
    if views < 0:
        raise ValueError(f"views must be >= 0, got {views}")
    for record in records:
        yield record
        for index in range(1, views + 1):
            yield schema_view(record, seed, index)
