"""Deterministic record identity and split assignment.

Splits are by domain, so every held-out figure is measured on kinds of documents the
model never trained on:

- `train`: records of the train domains (every domain not held out below), minus `val`.
- `val`: the in-domain validation split, a hash holdout of train-domain records: a record
  is `val` when the first 8 bytes of SHA-256("<seed>:<uid>"), read as a little-endian
  fraction of 2**64, fall below `VAL_FRACTION`. It measures fit, not generalization.
- `val_heldout`: every record of the `VAL_DOMAINS`, in neither train nor test. This is
  where temperatures, the null margin and mixing weights are fit: fitting them on train
  domains would calibrate to documents the heads already know.
- `test`: every record of the `TEST_DOMAINS` (the first three are the original held-out
  domains, so older test figures stay comparable).

`uid(seed, domain, index)` names the `index`-th record of `domain` under `seed`,
independent of which other records are generated; a record's split is a pure function of
(seed, domain, uid): stable across runs, machines and generation order.
"""
from __future__ import annotations

import hashlib

SPLITS = ("train", "val", "val_heldout", "test")
TEST_DOMAINS = ("real_estate", "meeting_notes", "event_listing", "restaurant_review",
                "flight_itinerary", "insurance_claim")
VAL_DOMAINS = ("hotel_booking", "bug_report", "utility_bill", "recipe", "car_listing")
HELD_OUT = {**{d: "test" for d in TEST_DOMAINS}, **{d: "val_heldout" for d in VAL_DOMAINS}}
VAL_FRACTION = 0.1


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def uid(seed: int, domain: str, index: int) -> str:
    return f"{domain}-{_digest(f'{seed}:{domain}:{index}').hex()[:16]}"


def record_seed(seed: int, domain: str, index: int) -> int:
    """The integer that seeds every random draw of one record."""
    return int.from_bytes(_digest(f"record:{seed}:{domain}:{index}")[:8], "little")


def hash_fraction(seed: int, record_uid: str) -> float:
    return int.from_bytes(_digest(f"{seed}:{record_uid}")[:8], "little") / 2**64


def domain_splits(domain: str) -> tuple[str, ...]:
    """The splits a domain's records can fall in."""
    return (HELD_OUT[domain],) if domain in HELD_OUT else ("train", "val")


def split_of(seed: int, domain: str, record_uid: str) -> str:
    if domain in HELD_OUT:
        return HELD_OUT[domain]
    return "val" if hash_fraction(seed, record_uid) < VAL_FRACTION else "train"
