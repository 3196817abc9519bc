"""Choices asked again as true/false questions: more true/false signal from the same records.

A datagen record holds about 1.4 true/false questions, a step some 11, and the true/false
head's flag reader learns from them alone what a sentence says of a field. The gold of a
choice field already answers a true/false question about each of its options (is the
governing law France?), and the sentence the choice rests on (`decide[pointer]["evidence"]`)
is that question's evidence too: an option flag adds the question to the record, its answer
and its evidence, and changes nothing else (context, other fields, spans).

In a view, drawn from a `random.Random` seeded by (seed, uid): each top-level choice field
whose gold is one of its string options and whose evidence is named gets, with p = P, a
true/false field after it: key `<key>_is_<option>` (snake_case, a free name), description
`Whether <what> is "<option>".` (`what`: the field's title, else its key in words), the gold
option with p = 1/2 (true), else another option (false). Required when its choice is. A view
given flags gets the uid suffix `q`. Only top-level fields: an array item's new field would need
every item's answer, which every item's own choice gives, but its evidence is not named per item.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from services.training.schema_views import snake_name

TRUE_P = 0.5


def _what(key: str, schema: dict[str, Any]) -> str:
    title = schema.get("title")
    return title.strip() if isinstance(title, str) and title.strip() else key.replace("_", " ").strip()


def _free_key(wanted: str, taken: set[str]) -> str:
    key, n = wanted, 1
    while key in taken:
        n += 1
        key = f"{wanted}_{n}"
    return key


def option_flags(record: dict[str, Any], seed: int, p: float) -> dict[str, Any]:
    """`record` with its top-level choices asked again as true/false fields, each with
    probability `p`; the record itself (not a copy) when none is added."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"option flags' probability must be in 0..1, got {p}")
    schema, value, decide = record.get("schema"), record.get("value"), record.get("decide") or {}
    if p == 0.0 or not isinstance(schema, dict) or not isinstance(value, dict) \
            or not isinstance(schema.get("properties"), dict):
        return record
    rng = random.Random(f"option-flags:{seed}:{record['uid']}")
    props, required = schema["properties"], schema.get("required") or []
    taken = set(props)
    added: list[tuple[str, str, dict[str, Any], bool, str]] = []   # (its choice, key, schema, answer, evidence)
    for key, sub in props.items():
        options = sub.get("enum") if isinstance(sub, dict) else None
        evidence = (decide.get(f"/{key}") or {}).get("evidence") if "/" not in key and "~" not in key else None
        gold = value.get(key)
        if not isinstance(options, list) or not isinstance(gold, str) or gold not in options or not evidence:
            continue
        others = [o for o in options if isinstance(o, str) and o != gold]
        if rng.random() >= p:
            continue
        answer = not others or rng.random() < TRUE_P
        option = gold if answer else rng.choice(others)
        new = _free_key(f"{key}_is_{snake_name(option) or 'option'}", taken)
        taken.add(new)
        flag = {"type": "boolean", "description": f'Whether {_what(key, sub)} is "{option}".'}
        added.append((key, new, flag, answer, evidence))
    if not added:
        return record
    out = copy.deepcopy(record)
    out["uid"] = f"{record['uid']}q"
    after = {key: (new, flag, answer) for key, new, flag, answer, _ in added}
    out["schema"]["properties"] = _after_each(props, {k: (new, flag) for k, (new, flag, _) in after.items()})
    if isinstance(schema.get("required"), list):
        out["schema"]["required"] = [k for r in required for k in (r, *([after[r][0]] if r in after else []))]
    out["value"] = _after_each(value, {k: (new, answer) for k, (new, _, answer) in after.items()})
    out["decide"] = {**decide, **{f"/{new}": {"answer": answer, "evidence": evidence}
                                  for _, new, _, answer, evidence in added}}
    return out


def _after_each(mapping: dict[str, Any], inserted: dict[str, tuple[str, Any]]) -> dict[str, Any]:
    """`mapping` with `inserted[key]`'s (new key, value) placed right after each `key`."""
    out = {}
    for key, item in mapping.items():
        out[key] = item
        if key in inserted:
            out[inserted[key][0]] = copy.deepcopy(inserted[key][1])
    return out
