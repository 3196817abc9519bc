"""The gRPC server in-process: Fill, FillBatch, ListModels, Health, status mapping, gRPC health."""
from __future__ import annotations

import asyncio
import socket

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

import deg
import degproto
from degproto.convert import options_to_pb, plan_to_pb, raw_from_pb
from services.inference.server import serve
from services.inference.settings import InferenceSettings

from inference_test_runtime import RuleRuntime

SCHEMA = {
    "type": "object",
    "properties": {
        "department": {"enum": ["billing", "shipping", "other"]},
        "urgent": {"type": "boolean"},
        "order_id": {"type": ["string", "null"]},
    },
    "required": ["department", "urgent"],
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def job(pb2, context: str, schema=SCHEMA, **overrides):
    plan = deg.compile_schema(schema)
    fields = dict(
        request_id="r1",
        context=context,
        plan=plan_to_pb(plan),
        options=options_to_pb(deg.FillOptions()),
        plan_fingerprint=plan.fingerprint,
    )
    fields.update(overrides)
    return pb2.FillJob(**fields)


def altered_plan(pb2):
    """The plan of SCHEMA with one option changed in transit (its fingerprint is the original's)."""
    message = plan_to_pb(deg.compile_schema(SCHEMA))
    message.fields[0].choice.options[0].value.string_value = "refunds"
    return message


def with_server(test, **settings_overrides):
    """Run `test(stub, pb2, channel)` against a server on a free loopback port."""
    async def main():
        settings = InferenceSettings(port=free_port(), **settings_overrides)
        stop = asyncio.Event()
        server = asyncio.create_task(serve(settings, runner=RuleRuntime(), stop=stop))
        stubs = degproto.load()
        async with grpc.aio.insecure_channel(settings.address) as channel:
            await asyncio.wait_for(channel.channel_ready(), 10)
            try:
                return await test(stubs.grpc.InferenceStub(channel), stubs.pb2, channel)
            finally:
                stop.set()
                await server

    return asyncio.run(main())


def test_fill_returns_raw_outcomes_that_assemble():
    async def test(stub, pb2, channel):
        return await stub.Fill(job(pb2, "order_id: A-17\nplease answer yes"))

    result = with_server(test)
    assert result.status == 1 and result.request_id == "r1" and result.model_id == "deg-test-0.1"
    assert result.batch_size == 1
    raw = raw_from_pb(result.raw)
    response = deg.assemble(deg.compile_schema(SCHEMA), raw, model=result.model_id)
    assert response["value"] == {"department": "billing", "urgent": True, "order_id": "A-17"}


def test_fill_maps_failures_to_status_codes():
    async def test(stub, pb2, channel):
        codes = {}
        for name, message in {
            "fill_error": job(pb2, "#fail"),
            "unknown_model": job(pb2, "x", model="gpt-2"),
            "no_plan": job(pb2, "x", plan=None),
            "no_fingerprint": job(pb2, "x", plan_fingerprint=""),
            "bad_plan": job(pb2, "x", plan=pb2.FillPlan(fields=[pb2.FieldPlan(pointer="/a")])),
            "bad_options": job(pb2, "x", options=pb2.FillOptions(array_decode=99)),
            "fingerprint": job(pb2, "x", plan_fingerprint="0" * 64),
            "altered": job(pb2, "x", plan=altered_plan(pb2)),
            "crash": job(pb2, "#crash"),
        }.items():
            with pytest.raises(grpc.aio.AioRpcError) as info:
                await stub.Fill(message)
            codes[name] = (info.value.code(), info.value.details())
        return codes

    codes = with_server(test)
    assert codes["fill_error"][0] == grpc.StatusCode.FAILED_PRECONDITION
    assert "#fail" in codes["fill_error"][1]
    assert codes["unknown_model"][0] == grpc.StatusCode.INVALID_ARGUMENT
    assert "unknown model 'gpt-2'" in codes["unknown_model"][1]
    assert codes["no_plan"] == (grpc.StatusCode.INVALID_ARGUMENT, "the job carries no plan")
    assert codes["no_fingerprint"] == (grpc.StatusCode.INVALID_ARGUMENT, "the job carries no plan_fingerprint")
    assert codes["bad_plan"][0] == grpc.StatusCode.INVALID_ARGUMENT
    assert "plan leaf '/a' mode: unknown value 0" in codes["bad_plan"][1]
    assert codes["bad_options"][0] == grpc.StatusCode.INVALID_ARGUMENT
    assert "options array_decode: unknown value 99" in codes["bad_options"][1]
    for name in ("fingerprint", "altered"):
        assert codes[name][0] == grpc.StatusCode.INVALID_ARGUMENT and "plan fingerprint mismatch" in codes[name][1]
    assert codes["crash"][0] == grpc.StatusCode.INTERNAL and "crashed" in codes["crash"][1]


def test_fill_batch_isolates_failures_per_slot():
    async def test(stub, pb2, channel):
        return await stub.FillBatch(pb2.FillBatchRequest(jobs=[
            job(pb2, "order_id: 1", request_id="a"),
            job(pb2, "#fail", request_id="b"),
            job(pb2, "x", request_id="c", model="nope"),
            job(pb2, "order_id: 2", request_id="d"),
        ]))

    reply = with_server(test)
    pb2 = degproto.load().pb2
    assert [r.request_id for r in reply.results] == ["a", "b", "c", "d"]
    assert [r.status for r in reply.results] == [
        pb2.JOB_STATUS_OK, pb2.JOB_STATUS_FILL_ERROR, pb2.JOB_STATUS_INVALID, pb2.JOB_STATUS_OK
    ]
    # a, b and d ran as one runtime batch (b failed in its own slot); c never reached the runtime
    assert [r.batch_size for r in reply.results] == [3, 0, 0, 3]
    assert "unknown model" in reply.results[2].error_message


def test_overload_is_resource_exhausted_and_accepted_jobs_finish():
    async def test(stub, pb2, channel):
        calls = [stub.Fill(job(pb2, "#sleep=300", request_id=str(i))) for i in range(6)]
        return await asyncio.gather(*calls, return_exceptions=True)

    results = with_server(test, max_batch=1, max_pending=2, batch_window_ms=0)
    refused = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
    served = [r for r in results if not isinstance(r, Exception)]
    assert refused and all(r.code() == grpc.StatusCode.RESOURCE_EXHAUSTED for r in refused)
    assert all("queue is full" in r.details() for r in refused)
    assert len(served) >= 3 and len(served) + len(refused) == 6


def test_models_health_and_standard_health_service():
    async def test(stub, pb2, channel):
        await asyncio.gather(*(stub.Fill(job(pb2, f"order_id: {i}")) for i in range(5)))
        models = await stub.ListModels(pb2.ListModelsRequest())
        health = await stub.Health(pb2.HealthRequest())
        checker = health_pb2_grpc.HealthStub(channel)
        standard = await checker.Check(health_pb2.HealthCheckRequest(service="deg.v1.Inference"))
        return models, health, standard

    models, health, standard = with_server(test, batch_window_ms=50)
    assert (models.model_id, list(models.aliases)) == ("deg-test-0.1", ["deg-latest"])
    assert health.status == 1 and health.model_id == "deg-test-0.1"
    assert health.jobs_run == 5 and 1 <= health.batches_run < 5
    assert health.mean_batch_size == 5 / health.batches_run
    assert (health.max_batch, health.max_pending, health.batch_window_ms) == (16, 64, 50.0)
    assert standard.status == health_pb2.HealthCheckResponse.SERVING


def test_fill_stream_sends_rising_progress_then_the_result_fill_returns():
    context = "#sleep=400 order_id: A-17\nplease answer yes"

    async def test(stub, pb2, channel):
        events = [event async for event in stub.FillStream(job(pb2, context))]
        with pytest.raises(grpc.aio.AioRpcError) as info:
            async for _ in stub.FillStream(job(pb2, "#raise=ContextTooLong")):
                pass
        return events, await stub.Fill(job(pb2, context)), info.value.code()

    events, unary, failed = with_server(test)
    *progress, last = events
    assert last.HasField("result") and not any(e.HasField("result") for e in progress)
    assert last.result.raw == unary.raw and last.result.status == unary.status == 1
    reads = [e.progress.tokens_read for e in progress]
    words = len(context.split())
    assert len(progress) >= 5 and reads == sorted(reads) and reads[0] < words == reads[-1]
    assert all(e.progress.tokens_total == words and e.progress.fields_total == 3 for e in progress)
    assert progress[-1].progress.fields_done == 3
    assert failed == grpc.StatusCode.OUT_OF_RANGE                    # the same table as Fill
