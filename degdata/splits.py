"""Deterministic record identity and split assignment.

- `uid(seed, domain, index)`: a stable name for the `index`-th record of `domain` under
  `seed`, independent of which other records are generated.
- Held-out domains (`TEST_DOMAINS`) appear only in `test`: a model evaluated on test has
  never seen that kind of document.
- Every other record is `val` when the first 8 bytes of SHA-256("<seed>:<uid>"), read as a
  little-endian fraction of 2**64, fall below `VAL_FRACTION`, else `train` (the
  hash-ordered holdout of the backward-numerics reference). A record's split is a pure
  function of (seed, uid): stable across runs, machines and generation order.
"""
from __future__ import annotations

import hashlib

SPLITS = ("train", "val", "test")
TEST_DOMAINS = ("real_estate", "meeting_notes", "event_listing")
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


def split_of(seed: int, domain: str, record_uid: str) -> str:
    if domain in TEST_DOMAINS:
        return "test"
    return "val" if hash_fraction(seed, record_uid) < VAL_FRACTION else "train"
