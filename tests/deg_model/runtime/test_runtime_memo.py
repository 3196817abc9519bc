"""Per-trunk memos (`deg_model.runtime.memo.memoized`): built once per memo, every call without."""
from __future__ import annotations

from deg_model.runtime.memo import memoized


def test_a_memo_builds_once_and_no_memo_builds_every_time():
    calls = []

    def build():
        calls.append(1)
        return len(calls)

    memo: dict = {}
    assert memoized(memo, "k", build) == 1 and memoized(memo, "k", build) == 1 and memo == {"k": 1}
    assert memoized(memo, "other", build) == 2
    assert memoized(None, "k", build) == 3 and memoized(None, "k", build) == 4
