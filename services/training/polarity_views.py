"""Polarity views: a record asked again with one true/false field's question turned round.

Most generated false flags are stated by a negation ("Pets are not allowed."), so the true/false
head can learn "a negation in the evidence means false" and not what the field asks. A field
whose own name is negative (`accident_free`, `no_accidents`, evidence "No accidents.") is then
answered false, confidently and wrongly. A polarity view is the contrast: the same record with
one top-level true/false field asked the other way round, and negated evidence answering true:
- its key becomes `not_<key>`, its title "Not " + the title with its first letter
  lower-cased (an acronym's kept: "Not VAT included"), its description is dropped (it asks the
  old question); the property keeps its place in `properties` and `required`;
- its answer is flipped in `value` and `decide`; the entries keyed by its pointer (`spans`,
  `span_alternatives`, `decide`) follow the new key;
- context, evidence and every other field are unchanged.
A field whose key already reads negative (`not_`, `no_`, `non_`, `un...`) is not turned
(`not_no_ads` asks through two negations, which no reader is ever asked), nor one whose new key
the record already uses, nor one without a title (its description dropped, a schema view's
`field_<k>` key would leave the question unaskable).

For each train record, drawn from a `random.Random` seeded by (seed, uid), with p = P, one of its
top-level true/false fields (in shuffled order, the first that turns) is turned. The view gets
the uid suffix `~p` and follows its record.
"""
from __future__ import annotations

import copy
from typing import Any, Iterator

from services.training.evidence_swaps import followed_by_views

NEGATIVE = ("not_", "no_", "non_", "un")
POINTER_MAPS = ("spans", "span_alternatives", "decide")


def turned_title(title: str) -> str:
    """`"Pets allowed"` -> `"Not pets allowed"`; `"VAT included"` -> `"Not VAT included"`."""
    acronym = title[1:2].isupper()
    return "Not " + (title if acronym else title[:1].lower() + title[1:])


def _renamed(mapping: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    # rebuilt in order: a key's position is part of how the schema reads
    return {new if k == old else k: v for k, v in mapping.items()}


def _turnable(record: dict[str, Any], key: str) -> bool:
    schema = record.get("schema") or {}
    props, required = schema.get("properties"), schema.get("required")
    taken = set(props or ()) | set(required if isinstance(required, list) else ()) | set(record["value"])
    return (isinstance(props, dict) and isinstance(props.get(key), dict)
            and isinstance(record["value"].get(key), bool)
            and isinstance(props[key].get("title"), str) and bool(props[key]["title"].strip())
            and not key.lower().startswith(NEGATIVE) and f"not_{key}" not in taken)


def polarity_view(record: dict[str, Any], key: str) -> dict[str, Any] | None:
    """`record` with `key` asked the other way round and its answer flipped; None where the key
    reads negative already, its new name is taken, it has no title, or it is no top-level
    true/false field."""
    if not _turnable(record, key):
        return None
    new, answer = f"not_{key}", record["value"][key]
    view = copy.deepcopy(record)
    schema = view["schema"]
    sub = schema["properties"][key]
    sub.pop("description", None)
    sub["title"] = turned_title(sub["title"])
    schema["properties"] = _renamed(schema["properties"], key, new)
    if isinstance(schema.get("required"), list):
        schema["required"] = [new if r == key else r for r in schema["required"]]
    view["value"] = _renamed(view["value"], key, new)
    view["value"][new] = not answer
    for name in POINTER_MAPS:
        if isinstance(view.get(name), dict):
            view[name] = _renamed(view[name], f"/{key}", f"/{new}")
    if isinstance((view.get("decide") or {}).get(f"/{new}"), dict):
        view["decide"][f"/{new}"]["answer"] = not answer
    view["uid"] = f"{record['uid']}~p"
    return view


def with_polarities(records: list[dict[str, Any]], seed: int, p: float) -> Iterator[dict[str, Any]]:
    """Each record, followed (with probability `p`) by one polarity view of it."""
    return followed_by_views(records, seed, p, "polarity-views", lambda record, key, rng: polarity_view(record, key),
                             asks=lambda record, key: isinstance(record["value"][key], bool))
