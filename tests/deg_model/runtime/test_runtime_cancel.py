"""Cancellation (`FillJob.cancelled`): a cancelled job ends at its next round or window
boundary with `FillCancelled` saying how far it got, and every other job of its batch answers
bitwise as it would alone. Asserted on rounds and window reads, never on time."""
from __future__ import annotations

import dataclasses

import pytest
import torch

from deg import compile_schema, render_context
from deg.request import FillOptions
from deg_model.errors import FillCancelled
from deg_model.runtime import FillJob, Observer
from deg_model.runtime.cost import work_tokens
from deg_model.runtime.trunk_cache import TrunkCache
from runtime_fixtures import CONTEXT, SCHEMA, make_runtime
from test_runtime_windows import long_context, windowed

OTHER = render_context("Order B-77 from max@example.org, total $12.00. The cable was late; I am a bit annoyed.")


def cancelled_after(calls: int):
    """A `cancelled` callable that turns true at its (calls + 1)-th question: the driver asks
    it once per round boundary, so the job runs `calls` rounds."""
    asked = 0

    def cancelled() -> bool:
        nonlocal asked
        asked += 1
        return asked > calls

    return cancelled


def many(rt, jobs):
    """fill_many with an observer: (outcomes, per-job recorded heads, per-job stats)."""
    seen = Observer(record_heads=True)
    out = rt.fill_many(jobs, observer=seen)
    return out, seen.heads, seen.stats


def equal_heads(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


@pytest.fixture(scope="module")
def rt(tiny_backbone):
    # Arrays count 2 items, whose leaves (and nested arrays) the next rounds ask.
    runtime = make_runtime(tiny_backbone, fork_token_budget=256, array_mode="index")
    with torch.no_grad():
        runtime.heads.count.bias[2] += 50.0
    return runtime


def test_a_job_cancelled_after_its_first_round_stops_and_its_batch_mate_is_unchanged(rt, plan):
    kept = FillJob(OTHER, plan, FillOptions())
    (alone,), (heads_alone,), _ = many(rt, [kept])
    gone = FillJob(CONTEXT, plan, FillOptions(), cancelled=cancelled_after(1))
    out, heads, stats = many(rt, [gone, kept, dataclasses.replace(gone, cancelled=None)])
    assert isinstance(out[0], FillCancelled)
    assert (out[0].rounds, out[0].windows) == (1, 0)                  # round 0 ran, round 1 never started
    assert stats[0]["fork_rows"] < stats[2]["fork_rows"]              # the uncancelled twin asked more
    assert out[1] == alone and equal_heads(heads[1], heads_alone)     # bitwise as alone
    assert not isinstance(out[2], Exception)
    # A job cancelled before its first round asks nothing.
    (before,), _, stats = many(rt, [dataclasses.replace(gone, cancelled=lambda: True)])
    assert isinstance(before, FillCancelled) and before.rounds == 0 and "after 0 rounds" in str(before)
    assert stats[0]["fork_rows"] == 0


def test_a_windowed_job_stops_at_the_next_window_and_its_batch_mate_is_unchanged(tiny_backbone, plan):
    rt = windowed(tiny_backbone)
    context = long_context(repeats=6)
    kept = FillJob(OTHER, plan, FillOptions())
    (alone,), (heads_alone,), _ = many(rt, [kept])
    whole, _, stats = many(rt, [FillJob(context, plan, FillOptions())])
    windows = stats[0]["windows"]
    assert not isinstance(whole[0], Exception) and windows >= 4

    stop = False

    def progress(p) -> None:                 # the caller leaves while the first window is read
        nonlocal stop
        stop = stop or p.tokens_read > 0

    gone = FillJob(context, plan, FillOptions(), progress=progress, cancelled=lambda: stop)
    out, heads, stats = many(rt, [gone, kept])
    assert isinstance(out[0], FillCancelled)
    assert (out[0].rounds, out[0].windows) == (1, 1)                  # one window read of the first round
    assert stats[0]["window_reads"] == 1 < windows
    assert out[1] == alone and equal_heads(heads[1], heads_alone)


def test_a_job_weighs_what_it_reads(tiny_backbone, plan):
    rt = make_runtime(tiny_backbone)
    rt.trunk_cache = TrunkCache(1 << 28)
    small = FillJob(OTHER, compile_schema({"type": "object", "properties": {"paid": {"type": "boolean"}}}),
                    FillOptions())
    big = FillJob(long_context(repeats=12), plan, FillOptions())
    assert work_tokens(rt, big) > 4 * work_tokens(rt, small)
    cold = work_tokens(rt, FillJob(CONTEXT, plan, FillOptions()))
    rt.fill(CONTEXT, plan)                                            # its trunk is kept now
    warm = work_tokens(rt, FillJob(CONTEXT, plan, FillOptions()))
    assert warm < cold and cold - warm >= len(CONTEXT) // 4           # nothing left to read
    assert work_tokens(rt, FillJob(CONTEXT, plan, FillOptions(), no_cache=True)) == cold
    narrow = windowed(tiny_backbone)                                  # more windows: rows asked in each
    assert work_tokens(narrow, big) > work_tokens(rt, big)
    assert rt.work_tokens(big) == work_tokens(rt, big)
