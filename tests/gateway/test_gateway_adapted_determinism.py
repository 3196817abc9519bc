"""Determinism (contract section 10) with LoRA adapters reading the context, on real weights
through the served path: the carried checkpoint of the context-adapted run
(`checkpoints/runs/adapted/step-*`: SmolLM2-135M with `context`, `decide` and `extract`
adapters on its top layers) answers a repeat byte for byte, every field alone as in the full
schema, and concurrent fills (batched as they arrive) as alone."""
from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from deg_service_procs import EMBEDDED_RUNTIME_FACTORY, REPO, Processes

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # the embedded model in real processes

CARRIED = sorted((REPO / "checkpoints" / "runs" / "adapted").glob("step-*"))
CONTEXT = ("Order A-1042 from ana@example.com: charged twice, total $1,234.50, due 2026-03-05.\n"
           "SKU X1 qty 2; SKU Y7 qty 1. Please refund quickly!")
SCHEMA = {"type": "object", "properties": {
    "department": {"enum": ["billing", "shipping", "other"]},
    "urgent": {"type": "boolean"},
    "order_id": {"type": ["string", "null"]},
    "total": {"type": ["number", "null"]},
    "lines": {"type": "array", "maxItems": 3, "items": {"type": "object", "required": ["sku"],
              "properties": {"sku": {"type": "string"}, "qty": {"type": ["integer", "null"]}}}}},
    "required": ["department", "urgent", "order_id", "total", "lines"]}


@pytest.fixture(scope="module")
def url():
    if not CARRIED:
        pytest.fail("no carried step of the adapted run under checkpoints/runs/adapted")
    started = Processes()
    try:
        _, address = started.inference(factory=EMBEDDED_RUNTIME_FACTORY, ready_timeout=600,
                                       DEG_CHECKPOINT=str(CARRIED[-1]))
        _, served = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="600")
        yield served
    finally:
        started.stop_all()


def post(url: str, schema: dict) -> httpx.Response:
    response = httpx.post(url + "/v1/fill", json={"context": CONTEXT, "schema": schema}, timeout=600,
                          headers={"Cache-Control": "no-cache"}, trust_env=False)
    assert response.status_code == 200, response.text
    return response


def alone(name: str) -> dict:
    return {"type": "object", "properties": {name: SCHEMA["properties"][name]}, "required": [name]}


def test_the_adapted_checkpoint_is_served_with_its_adapters(url):
    config = json.loads((CARRIED[-1] / "deg.json").read_text())
    assert set(config["lora"]["adapters"]) == {"decide", "extract", "context"}
    assert httpx.get(url + "/v1/models", timeout=60, trust_env=False).json()["served"] == config["model_id"]


def test_repeats_and_every_field_alone_are_bitwise_equal(url):
    first = post(url, SCHEMA)
    assert post(url, SCHEMA).content == first.content
    full = first.json()
    for name in SCHEMA["properties"]:
        body = post(url, alone(name)).json()
        mine = {p: m for p, m in body["meta"].items() if p == "/" + name or p.startswith(f"/{name}/")}
        theirs = {p: m for p, m in full["meta"].items() if p == "/" + name or p.startswith(f"/{name}/")}
        assert (body["value"][name], mine) == (full["value"][name], theirs), name


def test_concurrent_fills_answer_as_alone(url):
    async def together():
        async with httpx.AsyncClient(timeout=600, trust_env=False) as client:
            return await asyncio.gather(*(client.post(url + "/v1/fill", json={"context": CONTEXT, "schema": s},
                                                      headers={"Cache-Control": "no-cache"})
                                          for s in (SCHEMA, alone("total"), alone("lines"), SCHEMA)))
    answers = asyncio.run(together())
    assert answers[0].content == answers[3].content == post(url, SCHEMA).content
    assert answers[1].content == post(url, alone("total")).content
    assert answers[2].content == post(url, alone("lines")).content
