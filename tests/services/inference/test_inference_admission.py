"""Admission by the work ahead in tokens: a small fill after long documents is priced as small.

The estimator is driven with recorded costs (every batch's seconds = its tokens x a per-token
cost), never with a clock: the jobs of the burst are held by a gate while they are admitted or
refused, so what is asserted is the estimator's arithmetic, not how fast anything ran.
"""
from __future__ import annotations

import asyncio
import math
import threading
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from deg_model.runtime.cost import work_tokens
from deg_model.runtime.windows import Windowing
from deg_model.settings import DEFAULT_MAX_CONTEXT_TOKENS
from gateway.settings import GatewaySettings
from services.inference.admission import Backlog, Running, WorkRate, retry_after_s
from services.inference.batcher import Batcher, Overloaded

# The recorded cost of a token of work: a small fill (~600 tokens) then takes about 1 s, as the
# 2-core server spent on each of 66 small fills in 66 s, and a 4,800-token document about 25 s.
SECONDS_PER_TOKEN = 0.0017
LONG_FILLS = [500, 900, 1300, 1700, 2100, 2500, 2900, 3300, 3700, 4100, 4500, 4800]   # context tokens
SMALL_CHARS, SMALL_FIELDS = 80, 4         # a ~20-token order, 4 fields


@dataclass(frozen=True)
class Job:
    tokens: int


# What `deg_model.runtime.cost.work_tokens` reads of a runtime: the embedded backbone's 8,192
# trained positions, the default windowing, no trunk cache.
RUNTIME = SimpleNamespace(windowing=Windowing(DEFAULT_MAX_CONTEXT_TOKENS), trunk_cache=None,
                          backbone=SimpleNamespace(spec=SimpleNamespace(max_positions=8192)))


def size(context_tokens: int, fields: int) -> int:
    """A job's size as the runtime weighs it: a context of that many tokens, that many leaves."""
    job = SimpleNamespace(context="x" * (4 * context_tokens), plan=SimpleNamespace(fields=[None] * fields, arrays=[]))
    return work_tokens(RUNTIME, job)


class GatedRunner:
    """Holds every batch until the gate opens; weighs each job by its `tokens`."""

    model_id = "test-model"
    aliases: list[str] = []

    def __init__(self) -> None:
        self.gate = threading.Event()

    def work_tokens(self, job: Job) -> int:
        return job.tokens

    def fill_many(self, jobs):
        self.gate.wait(30)
        return [job.tokens for job in jobs]


def burst(record_long_fills: bool, count: int = 96, max_batch: int = 16, max_pending: int = 64):
    """One small fill running (held), then `count` more at once, each with the deadline the
    gateway computes for it; -> (admitted, [retry_after_s of each refusal], tokens of the work
    queued or running when the refusals were made)."""
    small = Job(size(SMALL_CHARS // 4, SMALL_FIELDS))
    deadline = GatewaySettings().fill_deadline_s(SMALL_CHARS, SMALL_FIELDS)
    runner = GatedRunner()

    async def main():
        async with Batcher(runner, window_s=0.0, max_batch=max_batch, max_pending=max_pending) as batcher:
            if record_long_fills:
                for tokens in LONG_FILLS:        # a dozen long documents, 12 fields each, one per batch
                    work = size(tokens, 12)
                    batcher.rate.record(work, work * SECONDS_PER_TOKEN)
            first = asyncio.ensure_future(batcher.submit(small, deadline_s=deadline))
            while not batcher._running:
                await asyncio.sleep(0.001)
            tasks = [asyncio.ensure_future(batcher.submit(small, deadline_s=deadline)) for _ in range(count)]
            await asyncio.sleep(0.05)            # every submit has been admitted or refused
            refused = [t.exception() for t in tasks if t.done() and isinstance(t.exception(), Overloaded)]
            backlog = batcher.stats().queue_depth + 1
            runner.gate.set()
            admitted = await asyncio.gather(first, *(t for t in tasks if not t.done() or t.exception() is None))
            return len(admitted), [r.retry_after_s for r in refused], backlog * small.tokens

    return asyncio.run(main())


def test_after_long_fills_a_burst_of_small_fills_is_admitted_as_on_a_fresh_server():
    fresh_admitted, fresh_retries, _ = burst(record_long_fills=False)
    admitted, retries, backlog_tokens = burst(record_long_fills=True)
    assert fresh_admitted == 1 + 64 and len(fresh_retries) == 96 - 64      # the queue bound refuses the rest
    assert admitted == fresh_admitted                                      # the long fills are not held against them
    assert len(retries) == len(fresh_retries)
    # Every Retry-After is the time until the queue has drained, within 2x of the drain computed
    # from the recorded per-token cost: all the work queued or running, one worker.
    drain_s = backlog_tokens * SECONDS_PER_TOKEN
    assert all(drain_s / 2 <= r <= 2 * drain_s for r in retries), (retries, drain_s)


def test_the_rate_is_per_token_so_sizes_not_past_fills_set_the_wait():
    rate = WorkRate()
    for tokens in LONG_FILLS:
        rate.record(tokens, tokens * SECONDS_PER_TOKEN)
    assert rate.seconds_per_token == pytest.approx(SECONDS_PER_TOKEN)
    rate.record(100, 100 * 2 * SECONDS_PER_TOKEN)                          # a slower batch moves the rate
    assert rate.seconds_per_token == pytest.approx(1.3 * SECONDS_PER_TOKEN)
    # 32 jobs queued, batches of 16, one worker: the first 32 start before a job queued now.
    small = Backlog(queued_jobs=32, queued_tokens=32 * 500.0, running=(), workers=1, max_batch=16)
    big = Backlog(queued_jobs=32, queued_tokens=31 * 500.0 + 48000.0, running=(), workers=1, max_batch=16)
    assert small.wait_s(rate) == pytest.approx(32 * 500 * rate.seconds_per_token)
    assert big.wait_s(rate) == pytest.approx((31 * 500 + 48000) * rate.seconds_per_token)   # weighed by its tokens


def test_the_wait_counts_what_the_running_batches_have_left():
    rate = WorkRate()
    rate.record(1000, 10.0)                                                # 0.01 s per token
    running = (Running(elapsed_s=4.0, tokens=1000.0),)
    one = Backlog(queued_jobs=3, queued_tokens=300.0, running=running, workers=1, max_batch=4)
    assert one.wait_s(rate) == pytest.approx(6.0)                          # 3 queued start with the next batch
    two = Backlog(queued_jobs=3, queued_tokens=300.0, running=running, workers=2, max_batch=4)
    assert two.wait_s(rate) == 0.0                                         # a worker is idle
    assert Backlog(0, 0.0, (), 1, 4).wait_s(WorkRate()) == 0.0            # nothing measured yet: admit


def test_retry_after_is_when_the_queue_has_room_for_the_request():
    assert retry_after_s(37.2) == 38                                       # queue full: when it has drained
    assert retry_after_s(37.2, deadline_s=30.0) == 8                       # until the wait fits the deadline
    assert retry_after_s(0.0) == 1 and retry_after_s(30.5, deadline_s=30.0) == 1
    assert retry_after_s(10.0, deadline_s=60.0) == math.ceil(10.0)         # (a deadline longer than the wait)


def test_a_refusal_by_deadline_says_when_the_wait_will_fit():
    runner = GatedRunner()

    async def main():
        async with Batcher(runner, window_s=0.0, max_batch=1, max_pending=64) as batcher:
            batcher.rate.record(1000, 4.0)                                 # 0.004 s per token
            first = asyncio.ensure_future(batcher.submit(Job(1000)))
            while not batcher._running:
                await asyncio.sleep(0.001)
            queued = [asyncio.ensure_future(batcher.submit(Job(5000))) for _ in range(3)]
            await asyncio.sleep(0.01)
            wait = batcher.estimate_wait_s()                               # ~4 s running + 3 x 20 s queued
            with pytest.raises(Overloaded) as refused:
                await batcher.submit(Job(100), deadline_s=30.0)
            runner.gate.set()
            await asyncio.gather(first, *queued)
            return wait, refused.value.retry_after_s

    wait, retry = asyncio.run(main())
    assert 60.0 < wait <= 64.0
    assert retry == math.ceil(wait - 30.0) or retry == math.ceil(wait - 30.0) - 1   # the clock moved in between
