"""Per-trunk memos: values a pure function of the context computes once for every field of a
request (`TrunkView.memo`), or on every call when there is no trunk to keep them on."""
from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")

__all__ = ["memoized"]


def memoized(memo: dict | None, key: str, build: Callable[[], T]) -> T:
    """`memo[key]`, built by `build()` on first use; `build()` every time without a memo."""
    if memo is None:
        return build()
    if key not in memo:
        memo[key] = build()
    return memo[key]
