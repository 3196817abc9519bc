"""Batcher: window grouping, order, failure isolation, overload and counters."""
from __future__ import annotations

import asyncio
import threading
import time

import pytest

from services.inference.admission import Backlog, Running, WorkRate
from services.inference.batcher import Batcher, Draining, Overloaded


class RecordingRunner:
    """Echoes each job back (job * 10); a job equal to "boom" fails alone; records batches."""

    model_id = "test-model"
    aliases: list[str] = []

    def __init__(self, delay_s: float = 0.0, gate: threading.Event | None = None) -> None:
        self.delay_s = delay_s
        self.gate = gate
        self.batches: list[list] = []

    def fill_many(self, jobs):
        if self.gate is not None:
            self.gate.wait(5)
        time.sleep(self.delay_s)
        self.batches.append(list(jobs))
        return [ValueError(f"bad job {j}") if j == "boom" else j * 10 for j in jobs]


def run(coro):
    return asyncio.run(coro)


def test_concurrent_requests_share_batches_and_get_their_own_results():
    runner = RecordingRunner()

    async def main():
        async with Batcher(runner, window_s=0.05, max_batch=16, max_pending=64) as batcher:
            done = await asyncio.gather(*(batcher.submit(i) for i in range(16)))
            return done, batcher.stats()

    done, stats = run(main())
    assert [d.raw for d in done] == [i * 10 for i in range(16)]
    assert len(runner.batches) < 16
    assert [j for batch in runner.batches for j in batch] == list(range(16))  # arrival order kept
    assert stats.batches_run == len(runner.batches)
    assert stats.jobs_run == 16
    assert stats.mean_batch_size == 16 / len(runner.batches)
    assert all(d.batch_size == len(runner.batches[0]) for d in done[: len(runner.batches[0])])


def test_max_batch_caps_every_runtime_call():
    runner = RecordingRunner()

    async def main():
        async with Batcher(runner, window_s=0.05, max_batch=4, max_pending=64) as batcher:
            return await asyncio.gather(*(batcher.submit(i) for i in range(10)))

    done = run(main())
    assert [len(b) for b in runner.batches] == [4, 4, 2]
    assert [d.batch_size for d in done] == [4] * 8 + [2] * 2


def test_a_failing_job_fails_only_its_own_request():
    runner = RecordingRunner()

    async def main():
        async with Batcher(runner, window_s=0.05, max_batch=8, max_pending=64) as batcher:
            results = await asyncio.gather(
                *(batcher.submit(j) for j in [1, "boom", 3]), return_exceptions=True
            )
            return results, batcher.stats()

    results, stats = run(main())
    assert len(runner.batches) == 1
    assert results[0].raw == 10 and results[2].raw == 30
    assert isinstance(results[1], ValueError) and "bad job boom" in str(results[1])
    assert (stats.jobs_run, stats.jobs_failed) == (3, 1)


def test_a_runtime_that_raises_fails_its_whole_batch_and_keeps_serving():
    class Exploding(RecordingRunner):
        def fill_many(self, jobs):
            if "explode" in jobs:
                raise RuntimeError("device lost")
            return super().fill_many(jobs)

    runner = Exploding()

    async def main():
        async with Batcher(runner, window_s=0.05, max_batch=8, max_pending=64) as batcher:
            first = await asyncio.gather(batcher.submit(1), batcher.submit("explode"), return_exceptions=True)
            after = await batcher.submit(2)
            return first, after

    first, after = run(main())
    assert all(isinstance(r, RuntimeError) and "device lost" in str(r) for r in first)
    assert after.raw == 20


def test_wrong_number_of_results_is_an_error_for_the_batch():
    class Short(RecordingRunner):
        def fill_many(self, jobs):
            return [1]

    async def main():
        async with Batcher(Short(), window_s=0.02, max_batch=8, max_pending=64) as batcher:
            return await asyncio.gather(batcher.submit(1), batcher.submit(2), return_exceptions=True)

    results = run(main())
    assert all(isinstance(r, RuntimeError) and "1 results for 2 jobs" in str(r) for r in results)


def test_overload_rejects_beyond_max_pending_and_every_accepted_job_completes():
    gate = threading.Event()
    runner = RecordingRunner(gate=gate)

    async def main():
        async with Batcher(runner, window_s=0.0, max_batch=2, max_pending=3) as batcher:
            first = asyncio.ensure_future(batcher.submit(0))
            await asyncio.sleep(0.02)
            while batcher.stats().queue_depth:  # the worker took job 0 and blocks on the gate
                await asyncio.sleep(0.001)
            queued = [asyncio.ensure_future(batcher.submit(i)) for i in range(1, 4)]
            await asyncio.sleep(0.01)
            assert batcher.stats().queue_depth == 3
            with pytest.raises(Overloaded, match="queue is full"):
                await batcher.submit(99)
            gate.set()
            done = await asyncio.gather(first, *queued)
            return done, batcher.stats()

    done, stats = run(main())
    assert [d.raw for d in done] == [0, 10, 20, 30]
    assert stats.jobs_rejected == 1
    assert stats.jobs_run == 4
    assert [j for b in runner.batches for j in b] == [0, 1, 2, 3]


def test_window_waits_for_late_companions_but_not_forever():
    runner = RecordingRunner()

    async def main():
        async with Batcher(runner, window_s=0.2, max_batch=16, max_pending=64) as batcher:
            first = asyncio.ensure_future(batcher.submit(1))
            await asyncio.sleep(0.02)
            second = asyncio.ensure_future(batcher.submit(2))
            # No third job comes: the window must close on its own. A hang guard, not a timing
            # bound: the window is 0.2 s, the guard only fails a batcher that waits forever.
            await asyncio.wait_for(asyncio.gather(first, second), timeout=60)

    run(main())
    assert runner.batches == [[1, 2]]


def test_cancelled_request_is_not_run():
    gate = threading.Event()
    runner = RecordingRunner(gate=gate)

    async def main():
        async with Batcher(runner, window_s=0.0, max_batch=1, max_pending=8) as batcher:
            first = asyncio.ensure_future(batcher.submit(1))
            await asyncio.sleep(0.02)
            gone = asyncio.ensure_future(batcher.submit(2))
            kept = asyncio.ensure_future(batcher.submit(3))
            await asyncio.sleep(0.01)
            gone.cancel()
            gate.set()
            return await first, await kept

    first, kept = run(main())
    assert (first.raw, kept.raw) == (10, 30)
    assert runner.batches == [[1], [3]]


def test_close_finishes_accepted_jobs_then_refuses_new_ones():
    runner = RecordingRunner(delay_s=0.05)

    async def main():
        batcher = Batcher(runner, window_s=0.0, max_batch=1, max_pending=8)
        await batcher.start()
        pending = [asyncio.ensure_future(batcher.submit(i)) for i in range(3)]
        await asyncio.sleep(0.001)
        await batcher.close(timeout_s=5)
        with pytest.raises(Draining):
            await batcher.submit(9)
        return [p.result().raw for p in pending]

    assert run(main()) == [0, 10, 20]


def test_invalid_limits_are_refused():
    with pytest.raises(ValueError, match="max_batch >= 1"):
        Batcher(RecordingRunner(), window_s=0.005, max_batch=0, max_pending=1)


def test_the_window_adapts_to_the_gap_between_arrivals():
    batcher = Batcher(RecordingRunner(), window_s=0.010, max_batch=5, max_pending=8)
    assert batcher.current_window_s() == 0.010                 # no load figure yet: the configured window
    for t in (0.0, 1.0, 2.0):                                  # sparse: a companion is unlikely
        batcher._arrived(t)
    assert batcher.current_window_s() == 0.0
    for k in range(60):                                        # dense: 1 ms apart
        batcher._arrived(3.0 + k * 0.001)
    gap = batcher._gap_s
    assert gap == pytest.approx(0.001, rel=1e-2)
    assert batcher.current_window_s() == pytest.approx(4 * gap)          # the rest of a batch of 5
    assert batcher.current_window_s(free_slots=1) == pytest.approx(gap)
    assert batcher.current_window_s(free_slots=0) == 0.0       # a full batch waits for nobody
    for k in range(60):                                        # 4 ms apart: a full batch would take longer than the cap
        batcher._arrived(4.0 + k * 0.004)
    assert batcher.current_window_s() == 0.010


def test_a_burst_after_a_quiet_spell_opens_the_full_window_as_on_a_fresh_service():
    from services.inference.batcher import QUIET_S

    batcher = Batcher(RecordingRunner(), window_s=0.010, max_batch=5, max_pending=8)
    for t in (0.0, 1.0, 2.0):                                  # sparse fills: no window
        batcher._arrived(t)
    assert batcher.current_window_s() == 0.0
    batcher._arrived(2.0 + QUIET_S + 60.0)                     # a burst's first fill, a minute later
    assert batcher.current_window_s() == 0.010                 # gathers the burst, as a fresh service does
    for k in range(1, 40):                                     # the burst, 1 ms apart
        batcher._arrived(2.0 + QUIET_S + 60.0 + k * 0.001)
    assert batcher.current_window_s() == pytest.approx(4 * 0.001, rel=1e-2)


def test_jobs_arriving_together_after_a_quiet_spell_still_share_a_batch():
    runner = RecordingRunner()

    async def main():
        async with Batcher(runner, window_s=0.05, max_batch=8, max_pending=64) as batcher:
            await batcher.submit(1)
            await asyncio.sleep(0.1)
            await batcher.submit(2)                            # the load figure now says: sparse
            assert batcher.current_window_s() == 0.0
            return await asyncio.gather(*(batcher.submit(j) for j in range(3, 9)))

    done = run(main())
    assert [d.raw for d in done] == [j * 10 for j in range(3, 9)]
    assert len(runner.batches) < 2 + 6                         # queued together, taken together


def test_jobs_queued_together_are_estimated_to_start_together():
    gate = threading.Event()
    runner = RecordingRunner(gate=gate)

    async def main():
        async with Batcher(runner, window_s=0.0, max_batch=4, max_pending=64) as batcher:
            batcher.rate.seconds_per_token = 10.0              # as if measured: each job weighs 1, 10 s
            running = asyncio.ensure_future(batcher.submit(0))
            while not batcher._running:
                await asyncio.sleep(0.001)
            ahead = [asyncio.ensure_future(batcher.submit(j)) for j in range(1, 4)]
            await asyncio.sleep(0.01)
            within_one_batch = batcher.estimate_wait_s()       # 3 queued: they start with the next batch
            more = [asyncio.ensure_future(batcher.submit(j)) for j in range(4, 8)]
            await asyncio.sleep(0.01)
            behind_a_full_batch = batcher.estimate_wait_s()    # 7 queued: one full batch (4 x 10 s) first
            gate.set()
            await asyncio.gather(running, *ahead, *more)
            return within_one_batch, behind_a_full_batch

    within, behind = run(main())
    assert 9.0 < within <= 10.0                                # the running batch's remaining estimate
    assert 49.0 < behind <= 50.0


class PairedRunner(RecordingRunner):
    """Each batch waits until another batch is running too (a barrier of two): it completes
    only if two workers run batches at the same time."""

    def __init__(self, barrier: threading.Barrier) -> None:
        super().__init__()
        self.barrier = barrier

    def fill_many(self, jobs):
        self.barrier.wait(30)
        return super().fill_many(jobs)


def test_workers_run_batches_at_the_same_time_each_on_its_own_runner():
    barrier = threading.Barrier(2)
    runners = [PairedRunner(barrier), PairedRunner(barrier)]

    async def main():
        async with Batcher(runners, window_s=0.0, max_batch=1, max_pending=64) as batcher:
            return await asyncio.gather(*(batcher.submit(i) for i in range(6)))

    done = run(main())
    assert [d.raw for d in done] == [i * 10 for i in range(6)]
    assert not barrier.broken
    assert sorted(j for r in runners for batch in r.batches for j in batch) == list(range(6))
    assert all(len(r.batches) == 3 for r in runners)          # barrier pairs: one batch each, three times


def test_wait_estimate_counts_every_worker():
    rate = WorkRate()
    rate.seconds_per_token = 1.0
    # 8 jobs of 1 token queued, 2 workers x batches of 2: two full rounds ahead, a round costing 2 jobs' time
    queued = dict(queued_jobs=8, queued_tokens=8.0, workers=2, max_batch=2)
    assert Backlog(running=(), **queued).wait_s(rate) == 2 * 2 * 1.0
    assert Backlog(running=(Running(0.0, 2.0),), **queued).wait_s(rate) == 4.0    # one worker idle: no running wait
    busy = (Running(0.0, 2.0), Running(10.0, 2.0))                                 # both busy; worker 1 is overdue
    assert Backlog(running=busy, **queued).wait_s(rate) == 4.0


def test_load_runners_replicates_or_refuses(monkeypatch):
    from services.inference.runner import RunnerLoadError, load_runners
    from services.inference.settings import InferenceSettings

    with pytest.raises(RunnerLoadError, match="replica"):
        load_runners(InferenceSettings(runtime_factory="inference_test_runtime:load_runtime", runtime_workers=2))
    (one,) = load_runners(InferenceSettings(runtime_factory="inference_test_runtime:load_runtime"))
    assert one.model_id


def test_several_workers_split_a_backlog_into_shares():
    gate = threading.Event()
    runners = [RecordingRunner(gate=gate), RecordingRunner(gate=gate)]

    async def main():
        async with Batcher(runners, window_s=0.5, max_batch=16, max_pending=64) as batcher:
            jobs = [asyncio.ensure_future(batcher.submit(i)) for i in range(16)]
            while len(batcher._running) < 2:                  # both workers took their share
                await asyncio.sleep(0.001)
            gate.set()
            return await asyncio.gather(*jobs)

    done = run(main())
    assert [d.raw for d in done] == [i * 10 for i in range(16)]
    sizes = sorted(len(b) for r in runners for b in r.batches)
    assert sum(sizes) == 16 and sizes[-1] == 8                # 16 queued: the first share is 8 of them
    assert all(r.batches for r in runners)                     # both workers ran batches
