"""`/v1/fill` across the typed deg.v1 wire, in-process: the gateway's client on one side, the
inference service's own edge (`services.inference.codec`, `servicer.classify`) and the
rule-based test runtime on the other, exchanging serialized bytes as gRPC would."""
from __future__ import annotations

import json
import sys

import grpc
import pytest
from fastapi.testclient import TestClient

import deg
import degproto
from deg.outcomes import RawFill
from deg.plan import FieldPlan, FillPlan
from deg_model.runtime import FillJob
from deg_service_procs import RUNTIME_DIR
from gateway.app import create_app
from gateway.settings import GatewaySettings
from services.inference.batcher import Completed
from services.inference.codec import job_from_pb, ok_result
from services.inference.servicer import classify

sys.path.insert(0, str(RUNTIME_DIR))
from inference_test_runtime import RuleRuntime  # noqa: E402

pb2 = degproto.load().pb2
SCHEMA = {
    "type": "object",
    "properties": {
        "department": {"enum": ["billing", "shipping", "other"], "description": "which team handles it"},
        "urgent": {"type": "boolean"},
        "priority": {"type": "integer", "minimum": 1, "maximum": 3},
        "order_id": {"type": ["string", "null"]},
        "reply": {"type": "string", "x-generate": True, "maxLength": 40},
    },
    "required": ["department", "urgent", "reply"],
}
CONTEXT = "order_id: A-1042\nIs it urgent? yes"


class InProcessInference:
    """Stands in for the gRPC stub: every message crosses as bytes, through the service's edge."""

    def __init__(self) -> None:
        self.runtime = RuleRuntime()
        self.sent: list[bytes] = []
        self.answer = None  # a FillResult to send instead of running the job
        self.calls: list[tuple[float | None, dict]] = []  # (gRPC deadline, metadata) per Fill

    async def Fill(self, job, timeout=None, metadata=None):
        self.calls.append((timeout, dict(metadata or ())))
        self.sent.append(job.SerializeToString())
        received = pb2.FillJob.FromString(self.sent[-1])
        if self.answer is not None:
            return self.answer
        try:
            fill_job = job_from_pb(received, {self.runtime.model_id, *self.runtime.aliases})
            [raw] = self.runtime.fill_many([fill_job])
            if isinstance(raw, Exception):
                raise raw
        except Exception as exc:
            failure = classify(exc)
            raise grpc.aio.AioRpcError(failure.code, grpc.aio.Metadata(), grpc.aio.Metadata(),
                                       details=failure.message) from None
        result = ok_result(pb2, received.request_id, self.runtime.model_id, Completed(raw, 1, 0.0, 0.0))
        return pb2.FillResult.FromString(result.SerializeToString())

    async def ListModels(self, request, timeout=None):
        return pb2.ListModelsReply(model_id=self.runtime.model_id, aliases=self.runtime.aliases)


@pytest.fixture
def wired():
    with TestClient(create_app(GatewaySettings(inference="127.0.0.1:9", redis_url=""))) as client:
        inference = InProcessInference()
        client.app.state.gateway.inference.stub = inference
        yield client, inference


def refuse(name):
    def refused(*args, **kwargs):
        raise AssertionError(f"{name} was called: the wire carries typed messages, not dicts")
    return refused


def test_a_fill_crosses_once_as_typed_messages(wired, monkeypatch):
    client, inference = wired
    for cls in (FillPlan, RawFill):
        for name in ("to_dict", "from_dict"):
            monkeypatch.setattr(cls, name, refuse(f"{cls.__name__}.{name}"))
    computed = []
    original = FieldPlan.computed_fingerprint
    monkeypatch.setattr(FieldPlan, "computed_fingerprint", lambda self: computed.append(self.pointer) or original(self))

    response = client.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA})
    assert response.status_code == 200, response.text
    # Each leaf is hashed twice: when the gateway compiles it, and once at the inference edge.
    assert sorted(computed) == sorted(2 * [f"/{name}" for name in SCHEMA["properties"]])

    plan = deg.compile_schema(SCHEMA)
    expected = RuleRuntime().fill_one(FillJob(CONTEXT, plan, deg.FillOptions()))
    assembled = deg.assemble(plan, expected, model="deg-test-0.1")
    assert response.content == json.dumps(assembled, ensure_ascii=False, separators=(",", ":")).encode()
    [sent] = inference.sent
    assert b"x-generate" not in sent and b"properties" not in sent  # no schema on the wire
    assert plan.fields[0].fingerprint.encode() not in sent           # no per-leaf fingerprints
    assert plan.fingerprint.encode() in sent                         # one plan fingerprint, checked there


def test_the_deadline_crosses_as_a_grpc_deadline_and_an_admission_hint(wired):
    client, inference = wired
    assert client.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA}).status_code == 200
    settings = client.app.state.gateway.settings
    computed = settings.fill_deadline_s(len(CONTEXT), len(deg.compile_schema(SCHEMA).fields))
    assert inference.calls[-1] == (settings.max_timeout_s, {"admit-within-s": f"{computed:.3f}"})
    assert client.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA, "timeout": 7.5}).status_code == 200
    assert inference.calls[-1] == (7.5, {})


def test_options_cross_typed(wired):
    client, inference = wired
    options = {"date_order": "DMY", "temperature": 0.5, "seed": 7, "array_decode": "hybrid"}
    response = client.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA, "options": options})
    assert response.status_code == 200, response.text
    job = pb2.FillJob.FromString(inference.sent[-1])
    assert (job.options.date_order, job.options.seed, job.options.array_decode) == (
        pb2.DATE_ORDER_DMY, 7, pb2.ARRAY_DECODE_HYBRID)


def test_the_model_name_is_checked_by_the_inference_edge(wired):
    client, inference = wired
    response = client.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA, "model": "gpt-2"})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["type"] == "validation_error" and "unknown model 'gpt-2'" in error["message"]
    assert len(inference.sent) == 1
    by_alias = client.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA, "model": "deg-latest"})
    assert by_alias.status_code == 200 and by_alias.json()["model"] == "deg-test-0.1"


def test_fill_errors_and_malformed_outcomes_keep_their_statuses(wired):
    client, inference = wired
    failed = client.post("/v1/fill", json={"context": "#fail", "schema": SCHEMA})
    assert failed.status_code == 500 and failed.json()["error"]["type"] == "fill_error"
    inference.answer = pb2.FillResult(status=pb2.JOB_STATUS_OK, model_id="deg-test-0.1",
                                      raw=pb2.RawFill(fields=[pb2.FieldOutcome(pointer="/urgent", mode=99)]))
    malformed = client.post("/v1/fill", json={"context": CONTEXT, "schema": SCHEMA})
    assert malformed.status_code == 502
    assert malformed.json()["error"] == {
        "type": "inference_error",
        "message": "the inference service returned malformed outcomes: outcome '/urgent' mode: unknown value 99",
    }
