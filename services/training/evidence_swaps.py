"""Evidence swaps: a record read again with the sentence one decided field rests on exchanged.

A decided field's answer should come from the sentence that states it (`decide[pointer]
["evidence"]`), not from words around it that share the field's stem ("payable" beside a
`paid` flag) or from how often the field is true. A swap teaches that by contrast: the same
document, every other sentence unchanged, with the evidence of one decided field replaced by
the evidence another train record of the same domain gives the same field, and the answer
replaced by that record's answer. Read beside the record itself, only the evidence differs
and only the answer follows it.

For each record, drawn from a `random.Random` seeded by (seed, uid), with p = P, one of its
top-level decided fields is swapped when a donor exists: a record of the same domain whose
schema for that key is the same but for its wording, whose answer differs and whose evidence differs. The swap is
made only where it leaves every other label true: the evidence occurs once in the context;
no gold span overlaps it (spans after it shift by the change in length); every other decided
field's evidence is still found where it was; and the donor's evidence is found first where
it was put. The swapped copy gets the uid suffix `~s` and follows its record.
"""
from __future__ import annotations

import copy
import json
import random
from collections import defaultdict
from typing import Any, Callable, Iterable, Iterator

SPAN_MAPS = ("spans", "span_alternatives")
WORDING = ("title", "description", "examples", "$comment")


def top_decided(record: dict[str, Any]) -> list[str]:
    """The keys of the record's top-level decided fields whose evidence is named."""
    out = []
    for ptr, d in (record.get("decide") or {}).items():
        key = ptr[1:]
        if ptr.startswith("/") and "/" not in key and "~" not in key and isinstance(d, dict) \
                and isinstance(d.get("evidence"), str) and d["evidence"].strip() \
                and key in (record.get("value") or {}):
            out.append(key)
    return out


def _donor_key(record: dict[str, Any], key: str) -> tuple[str, str, str]:
    """What a donor shares: domain, key, and the field's schema less its wording (a record's
    answer must be valid where it is put; titles and descriptions vary between records)."""
    sub = record["schema"]["properties"].get(key)
    if isinstance(sub, dict):
        sub = {k: v for k, v in sub.items() if k not in WORDING}
    return record.get("domain", ""), key, json.dumps(sub, sort_keys=True)


def _alone(record: dict[str, Any], key: str) -> bool:
    """Whether `key`'s evidence states nothing else of its record: it occurs once, and no gold
    span or other field's evidence overlaps it (a donor's sentence carries one answer only)."""
    context, quote = record["context"], record["decide"][f"/{key}"]["evidence"]
    at = context.find(quote)
    if at < 0 or context.count(quote) != 1:
        return False
    end = at + len(quote)
    for name in SPAN_MAPS:
        for spans in (record.get(name) or {}).values():
            if any(s < end and e > at for s, e in (spans if name == "span_alternatives" else [spans])):
                return False
    for ptr, d in record["decide"].items():
        other = d.get("evidence") if isinstance(d, dict) and ptr != f"/{key}" else None
        was = context.find(other) if isinstance(other, str) and other.strip() else -1
        if was >= 0 and was < end and was + len(other) > at:
            return False
    return True


def donors(records: Iterable[dict[str, Any]]) -> dict[tuple[str, str, str], list[tuple[Any, dict]]]:
    """(domain, key, its schema) -> [(answer value, decide entry)] over `records`, from the
    fields whose evidence states nothing else."""
    out: dict[tuple[str, str, str], list[tuple[Any, dict]]] = defaultdict(list)
    for record in records:
        props = (record.get("schema") or {}).get("properties")
        if not isinstance(props, dict):
            continue
        for key in top_decided(record):
            if _alone(record, key):
                out[_donor_key(record, key)].append((record["value"][key], record["decide"][f"/{key}"]))
    return out


def _same(a: Any, b: Any) -> bool:
    # JSON-wise: true is not 1 (a data module: the trainer's json_equal would import torch).
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


def swapped(record: dict[str, Any], key: str, answer: Any, entry: dict[str, Any]) -> dict[str, Any] | None:
    """`record` with `key`'s evidence and answer replaced by `entry`'s; None where that would
    leave another label untrue."""
    if not _alone(record, key) or any(f"/{key}" in (record.get(name) or {}) for name in SPAN_MAPS):
        return None
    context, old, new = record["context"], record["decide"][f"/{key}"]["evidence"], entry["evidence"]
    at = context.find(old)
    end, delta = at + len(old), len(new) - len(old)
    text = context[:at] + new + context[end:]
    if text.find(new) != at:
        return None

    def moved(s: int, e: int) -> list[int]:                  # no span overlaps the evidence (_alone)
        return [s + delta, e + delta] if s >= end else [s, e]

    for ptr, d in record["decide"].items():                  # every other evidence found where it was
        quote = d.get("evidence") if isinstance(d, dict) and ptr != f"/{key}" else None
        if isinstance(quote, str) and quote.strip():
            was = context.find(quote)
            if was < 0 or text.find(quote) != moved(was, was)[0]:
                return None
    out = copy.deepcopy(record)
    out["spans"] = {ptr: moved(*span) for ptr, span in (record.get("spans") or {}).items()}
    out["span_alternatives"] = {ptr: [moved(*span) for span in spans]
                                for ptr, spans in (record.get("span_alternatives") or {}).items()}
    out["context"] = text
    out["value"][key] = copy.deepcopy(answer)
    out["decide"][f"/{key}"] = copy.deepcopy(entry)
    out["uid"] = f"{record['uid']}~s"
    return out


def followed_by_views(records: list[dict[str, Any]], seed: int, p: float, name: str,
                      view_of: Callable[[dict[str, Any], str, random.Random], dict[str, Any] | None],
                      asks: Callable[[dict[str, Any], str], bool] = lambda record, key: True
                      ) -> Iterator[dict[str, Any]]:
    """Each record, followed with probability `p` by the first view `view_of(record, key, rng)`
    gives over its top-level decided keys that `asks`, in an order shuffled by a
    `random.Random` seeded by (`name`, seed, uid): a view of one record is the same at any p
    and whatever the others are."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"{name.replace('-', ' ')}' probability must be in 0..1, got {p}")
    for record in records:
        yield record
        if p == 0.0:
            continue
        rng = random.Random(f"{name}:{seed}:{record['uid']}")
        if rng.random() >= p:
            continue
        keys = [k for k in top_decided(record) if asks(record, k)]
        rng.shuffle(keys)
        for key in keys:
            view = view_of(record, key, rng)
            if view is not None:
                yield view
                break


def with_swaps(records: list[dict[str, Any]], seed: int, p: float) -> Iterator[dict[str, Any]]:
    """Each record, followed (with probability `p`) by one evidence swap of it."""
    pool = donors(records) if 0.0 < p <= 1.0 else {}

    def swap_of(record: dict[str, Any], key: str, rng: random.Random) -> dict[str, Any] | None:
        mine, entry = record["value"][key], record["decide"][f"/{key}"]
        options = [(a, d) for a, d in pool.get(_donor_key(record, key), [])
                   if not _same(a, mine) and d["evidence"] != entry["evidence"]]
        return swapped(record, key, *rng.choice(options)) if options else None

    return followed_by_views(records, seed, p, "evidence-swaps", swap_of)
