"""The one error table on the inference side, and admission by the queue ahead of a job."""
from __future__ import annotations

import asyncio
import math
import threading

import grpc
import pytest

from deg.errors import FillError, SchemaError
from deg_model.errors import ContextMemoryError, ContextTooLong, ModelError
from degproto.errors import RETRY_AFTER_KEY, ROWS, row_for_code, row_for_exception
from services.inference.batcher import Batcher, Draining, Overloaded
from services.inference.codec import InvalidJob
from services.inference.servicer import classify

from test_inference_batcher import RecordingRunner
from test_inference_server import job, with_server


def named(name: str) -> Exception:
    """An exception of a model-library class that only exists by name (not yet written)."""
    return type(name, (ModelError,), {})("context needs 14425 tokens, limit 8192")


CASES = [
    (ContextTooLong(14425, 8192), grpc.StatusCode.OUT_OF_RANGE, 413),
    (ContextMemoryError(131072, 48 * 2**30, 8 * 2**30), grpc.StatusCode.OUT_OF_RANGE, 413),
    (named("ContextTooLarge"), grpc.StatusCode.OUT_OF_RANGE, 413),
    (FillError("no valid value"), grpc.StatusCode.FAILED_PRECONDITION, 500),
    (InvalidJob("the job carries no plan"), grpc.StatusCode.INVALID_ARGUMENT, 422),
    (SchemaError([{"loc": [], "msg": "bad"}]), grpc.StatusCode.INVALID_ARGUMENT, 422),
    (ValueError("option not supported"), grpc.StatusCode.INVALID_ARGUMENT, 422),
    (Overloaded("queue is full", retry_after_s=7), grpc.StatusCode.RESOURCE_EXHAUSTED, 429),
    (Draining("shutting down"), grpc.StatusCode.UNAVAILABLE, 503),
    (RuntimeError("a real fault"), grpc.StatusCode.INTERNAL, 502),
    (named("WeightsError"), grpc.StatusCode.INTERNAL, 502),
]


@pytest.mark.parametrize("exc, code, http_status", CASES, ids=[type(c[0]).__name__ for c in CASES])
def test_each_exception_kind_has_one_code_and_the_gateway_reads_the_same_row(exc, code, http_status):
    failure = classify(exc)
    assert failure.code == code
    assert row_for_exception(exc) is row_for_code(code)
    assert row_for_code(code).http_status == http_status


def test_too_long_names_the_limit_and_the_length_and_overload_sends_retry_after():
    failure = classify(ContextTooLong(14425, 8192))
    assert "ContextTooLong" in failure.message and "14425" in failure.message and "8192" in failure.message
    assert classify(Overloaded("full", retry_after_s=7)).metadata == ((RETRY_AFTER_KEY, "7"),)
    assert classify(ValueError("x")).metadata == ()


def test_every_grpc_code_of_the_table_maps_back_to_its_row_and_unknown_codes_are_internal():
    assert {row.code for row in ROWS} == {row_for_code(row.code).code for row in ROWS}
    assert len({row.code for row in ROWS}) == len(ROWS)
    assert row_for_code(grpc.StatusCode.UNIMPLEMENTED).kind == "internal"


def test_admission_refuses_a_job_whose_deadline_is_shorter_than_the_queue_ahead():
    gate = threading.Event()
    runner = RecordingRunner(delay_s=0.05, gate=gate)

    async def main():
        async with Batcher(runner, window_s=0.0, max_batch=1, max_pending=8) as batcher:
            assert batcher.estimate_wait_s() == 0.0           # nothing measured yet: admit
            gate.set()
            await batcher.submit(1)                           # one batch measured
            gate.clear()
            pending = [asyncio.create_task(batcher.submit(n)) for n in (2, 3, 4)]
            while batcher.stats().queue_depth < 2:             # one runs (held by the gate), two wait
                await asyncio.sleep(0.01)
            wait = batcher.estimate_wait_s()
            per_job = batcher.rate.seconds_per_token           # every job weighs 1 token here
            assert wait >= 2 * per_job > 0
            with pytest.raises(Overloaded, match="longer than this request's deadline") as refused:
                await batcher.submit(5, deadline_s=wait / 2)
            assert 1 <= refused.value.retry_after_s <= max(1, math.ceil(wait - wait / 2))   # until the wait fits
            admitted = asyncio.create_task(batcher.submit(6, deadline_s=wait + 3600))
            gate.set()
            results = await asyncio.gather(*pending, admitted)
            return results, batcher.stats()

    results, stats = asyncio.run(main())
    assert [r.raw for r in results] == [20, 30, 40, 60]
    assert stats.jobs_rejected == 1 and stats.jobs_run == 5


def test_the_server_answers_resource_exhausted_with_retry_after_when_the_queue_outlasts_the_deadline():
    async def test(stub, pb2, channel):
        await stub.Fill(job(pb2, "#sleep=1000 warm-up"))       # the batcher learns the time per job
        background = [asyncio.ensure_future(stub.Fill(job(pb2, f"#sleep=1000 {i}", request_id=str(i))))
                      for i in range(3)]
        while (await stub.Health(pb2.HealthRequest())).queue_depth < 2:
            await asyncio.sleep(0.02)
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            # ~2 s of queue ahead against a 0.5 s deadline: refused at admission, which answers
            # in milliseconds, so even a loaded host cannot turn it into DEADLINE_EXCEEDED
            await stub.Fill(job(pb2, "order_id: 1"), timeout=0.5)
        admitted = await stub.Fill(job(pb2, "order_id: 2"), timeout=60)
        served = await asyncio.gather(*background)
        return refused.value, admitted, served

    refused, admitted, served = with_server(test, max_batch=1, batch_window_ms=0)
    assert refused.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "deadline" in refused.details()
    retry_after = dict(refused.trailing_metadata())[RETRY_AFTER_KEY]
    assert int(retry_after) >= 1
    assert admitted.status == 1 and all(r.status == 1 for r in served)
