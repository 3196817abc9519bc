"""End to end on the REAL runtime: inference process (deg_model.runtime over tiny random
weights, `tiny_runtime`), real uvicorn gateways, the real Redis, and the real `openai` and
`typesafe_sdk` clients. One test runs the embedded SmolLM2 with the default runtime factory.

Answers of random weights mean nothing; what is checked is what the service promises for any
weights: schema-valid values, batching and caching that never change a byte, and decision
APIs that agree bit for bit with `/v1/fill` on the equivalent schema.
"""
from __future__ import annotations

import asyncio
import json

import grpc
import httpx
import jsonschema
import openai
import pytest
from typesafe_sdk import RetryPolicy, TypeSafeClient

from deg_service_procs import (EMBEDDED_RUNTIME_FACTORY, REDIS_URL, TINY_RUNTIME_FACTORY, Processes,
                               unique_prefix)
import degproto
from gateway.compat import decisions, systemone

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

TINY_MODEL = "deg-tiny-random-0.1"
EVERY_MODE = {
    "type": "object",
    "properties": {
        "department": {"enum": ["billing", "shipping", "other"], "description": "team"},   # decide.choice
        "resolution": {"oneOf": [{"const": "refund", "description": "money back"},
                                 {"const": "replace"}]},                                   # decide.choice
        "urgent": {"type": "boolean"},                                                     # decide.noul
        "paid_twice": {"type": ["boolean", "null"]},                                       # choice over 3
        "priority": {"type": "integer", "minimum": 1, "maximum": 5,
                     "x-levels": {"1": "low", "5": "high"}},                               # decide.score
        "order_id": {"type": ["string", "null"], "maxLength": 20},                         # extract.span
        "total": {"type": ["number", "null"]},                                             # extract.number
        "due": {"type": ["string", "null"], "format": "date"},                             # extract.date
        "email": {"type": ["string", "null"], "format": "email"},                          # extract.span+format
        "lines": {"type": "array", "maxItems": 3, "items": {                               # array of objects
            "type": "object",
            "properties": {"sku": {"type": "string"}, "qty": {"type": ["integer", "null"]}},
            "required": ["sku"]}},
        "tags": {"type": "array", "maxItems": 2, "items": {"type": "string"},
                 "x-generate": True, "x-max-tokens": 3},                                   # generate per item
        "reply": {"type": "string", "x-generate": True, "maxLength": 40, "x-max-tokens": 5},  # generate
    },
    "required": ["department", "resolution", "urgent", "priority", "reply"],
}
CONTEXT = ("Order A-1042 from ana@example.com: charged twice, total $1,234.50, due March 5, 2026.\n"
           "SKU X1 qty 2; SKU Y7 qty 1. Please refund quickly!")


@pytest.fixture(scope="module")
def stack():
    """One tiny-runtime inference process, a gateway without cache and one with Redis cache."""
    started = Processes()
    prefix = unique_prefix()
    try:
        _, address = started.inference(factory=TINY_RUNTIME_FACTORY, ready_timeout=180)
        _, plain = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="120")
        _, cached = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="120",
                                    DEG_REDIS_URL=REDIS_URL, DEG_REDIS_PREFIX=prefix)
        yield {"address": address, "plain": plain, "cached": cached}
    finally:
        started.stop_all()
        _drop_redis_keys(prefix)


def _drop_redis_keys(prefix: str) -> None:
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=prefix + "*"))
    if keys:
        client.delete(*keys)
    client.close()


def post_fill(url: str, context, schema, options=None, timeout: float = 120) -> httpx.Response:
    payload = {"context": context, "schema": schema}
    if options is not None:
        payload["options"] = options
    response = httpx.post(f"{url}/v1/fill", json=payload, timeout=timeout, trust_env=False)
    assert response.status_code == 200, response.text
    return response


def batches_run(address: str) -> int:
    stubs = degproto.load()
    with grpc.insecure_channel(address, options=[("grpc.enable_http_proxy", 0)]) as channel:
        return stubs.grpc.InferenceStub(channel).Health(stubs.pb2.HealthRequest(), timeout=5).batches_run


def test_fill_with_every_mode_is_schema_valid_and_reproducible(stack):
    first = post_fill(stack["plain"], CONTEXT, EVERY_MODE)
    body = first.json()
    assert body["model"] == TINY_MODEL
    jsonschema.validate(body["value"], EVERY_MODE)
    modes = {pointer: meta.get("mode") for pointer, meta in body["meta"].items()}
    assert {"decide.choice", "decide.noul", "decide.score", "generate"} <= set(modes.values()), modes
    assert any(str(mode).startswith("extract") for mode in modes.values()), modes
    assert len(body["meta"]["/priority"]["probabilities"]) == 5
    assert body["usage"]["prompt_tokens"] > 0
    for pointer in ("/order_id", "/total", "/due", "/email"):   # a copied value is a span of the context
        meta = body["meta"][pointer]
        if meta.get("span") is not None:
            start, end = meta["span"]
            assert 0 <= start < end <= len(CONTEXT)
    assert post_fill(stack["plain"], CONTEXT, EVERY_MODE).content == first.content
    timing = {name: float(ms) for name, ms in
              (part.split(";dur=") for part in first.headers["server-timing"].split(", "))}
    assert set(timing) == {"queue", "run", "inference"}
    assert timing["run"] > 0 and timing["inference"] >= timing["run"]


def test_sixteen_concurrent_fills_run_in_fewer_batches_and_match_alone_byte_for_byte(stack):
    url, address = stack["plain"], stack["address"]
    contexts = [f"Ticket {i}: order B-{1000 + 7 * i} total ${i * 3 + 1}.25, refund? {'yes' if i % 2 else 'no'}"
                for i in range(16)]
    alone = [post_fill(url, c, EVERY_MODE).content for c in contexts]

    async def together() -> list[bytes]:
        async with httpx.AsyncClient(timeout=300, trust_env=False) as client:
            replies = await asyncio.gather(*[
                client.post(f"{url}/v1/fill", json={"context": c, "schema": EVERY_MODE}) for c in contexts])
        assert all(r.status_code == 200 for r in replies), [r.text for r in replies if r.status_code != 200]
        return [r.content for r in replies]

    before = batches_run(address)
    concurrent = asyncio.run(together())
    batches = batches_run(address) - before
    assert 1 <= batches < 16, batches
    assert concurrent == alone
    assert len(set(alone)) == 16          # every request got its own answer


def test_cache_hit_is_byte_identical_to_the_miss_and_to_an_uncached_fill(stack):
    options = {"date_order": "DMY"}
    miss = post_fill(stack["cached"], CONTEXT, EVERY_MODE, options)
    hit = post_fill(stack["cached"], CONTEXT, EVERY_MODE, options)
    assert (miss.headers["x-deg-cache"], hit.headers["x-deg-cache"]) == ("miss", "hit")
    assert hit.content == miss.content
    assert post_fill(stack["plain"], CONTEXT, EVERY_MODE, options).content == miss.content


def _fill_equivalent(url: str, translation) -> dict:
    """What `/v1/fill` answers for the schema, context and options a decision request becomes."""
    options = json.loads(translation.options.canonical_json())
    return post_fill(url, translation.context, translation.schema(), options).json()


DECISION_REQUEST = {
    "model": "gpt-6-luna",
    "input": [{"role": "system", "content": "Support desk."},
              {"role": "user", "content": [{"type": "input_text", "text": CONTEXT},
                                           {"type": "input_json", "data": {"order": 1042, "paid": [True, True]}}]}],
    "questions": [
        {"type": "predicate", "name": "billing", "instructions": "Is this about billing?"},
        {"type": "choice", "name": "resolution", "instructions": "What should we do?",
         "choices": [{"value": "refund", "description": "money back"}, {"value": True}, {"value": "true"}]},
        {"type": "score", "name": "anger", "instructions": "How angry is the customer?",
         "levels": [{"label": "calm"}, {"label": "annoyed"}, {"label": "furious", "description": "shouting"}]},
        {"type": "choice", "name": "single", "instructions": "x", "choices": [{"value": "only"}]},
    ],
}


@pytest.mark.parametrize("gateway", ["plain", "cached"])
def test_openai_decisions_agree_bit_for_bit_with_fill(stack, gateway):
    url = stack[gateway]
    client = openai.OpenAI(base_url=url + "/v1", api_key="sk-local", max_retries=0, timeout=120,
                           _strict_response_validation=True)
    raw = client.decisions.with_raw_response.create(**DECISION_REQUEST)
    decision = raw.parse()                          # strict validation by the client's own types
    assert decision.model == TINY_MODEL
    translation = decisions.translate_decisions(DECISION_REQUEST)
    filled = _fill_equivalent(stack["plain"], translation)
    assert json.loads(raw.http_response.content) == decisions.shape_decisions(translation, filled, TINY_MODEL)

    meta = filled["meta"]
    billing, resolution, anger, single = decision.answers
    assert billing.probability == meta["/billing"]["probability"]
    assert [p.probability for p in resolution.probabilities] == meta["/resolution"]["probabilities"]
    assert [p.value for p in resolution.probabilities] == ["refund", True, "true"]
    assert [p.probability for p in anger.probabilities] == meta["/anger"]["probabilities"]
    assert anger.score == meta["/anger"]["expected"]
    assert single.probabilities[0].probability == 1.0 and "/single" not in meta
    assert decision.usage.input_tokens == filled["usage"]["prompt_tokens"]


SYSTEMONE_REQUEST = {
    "state": {"subject": "Duplicate charge", "body": CONTEXT, "order": 1042},
    "model": "jev-latest",
    "questions": {
        "billing": {"type": "noul", "instructions": "About billing?", "criteria": {"true": "payments", "false": None}},
        "tone": {"type": "choice", "instructions": {"task": "tone"},
                 "criteria": {"calm": None, "angry": {"hint": "caps"}, "sad": "crying"}},
        "urgency": {"type": "score", "instructions": "How urgent?", "criteria": ["later", {"when": "today"}, ["now"]]},
    },
}


def test_typesafe_systemone_agrees_bit_for_bit_with_fill(stack):
    url = stack["cached"]
    with TypeSafeClient(base_url=url, api_key="sk-local", retry=RetryPolicy(max_retries=0), timeout=120) as client:
        result = client.system_one(state=SYSTEMONE_REQUEST["state"], questions=SYSTEMONE_REQUEST["questions"],
                                   model="jev-latest")
    assert result.model == TINY_MODEL
    assert list(result.answers) == ["billing", "tone", "urgency"]
    translation = systemone.translate_systemone(SYSTEMONE_REQUEST)
    filled = _fill_equivalent(stack["plain"], translation)
    meta = filled["meta"]
    assert result.nouls["billing"].noul == meta["/billing"]["probability"]
    assert list(result.choices["tone"].probabilities) == ["calm", "angry", "sad"]
    assert list(result.choices["tone"].probabilities.values()) == meta["/tone"]["probabilities"]
    assert list(result.scores["urgency"].probabilities.values()) == meta["/urgency"]["probabilities"]
    assert result.scores["urgency"].legend == {0: "later", 1: {"when": "today"}, 2: ["now"]}

    # The exact JSON the route sends is the shaped /v1/fill response.
    raw = httpx.post(f"{url}/v1/systemone", json=SYSTEMONE_REQUEST, timeout=120, trust_env=False)
    assert raw.status_code == 200, raw.text
    assert raw.json() == systemone.shape_systemone(translation, filled, TINY_MODEL)


def test_models_body_is_parsed_by_both_clients(stack):
    url = stack["plain"]
    client = openai.OpenAI(base_url=url + "/v1", api_key="sk-local", max_retries=0, _strict_response_validation=True)
    ids = [model.id for model in client.models.list()]
    assert ids[:2] == [TINY_MODEL, "deg-latest"] and "gpt-6-luna" in ids and "jev-latest" in ids
    body = httpx.get(f"{url}/v1/models", timeout=30, trust_env=False).json()
    assert body["served"] == TINY_MODEL and [m["name"] for m in body["models"]] == ids


def test_embedded_smollm2_end_to_end(processes):
    """The default runtime factory: embedded SmolLM2 with fresh heads, served and reproducible."""
    _, address = processes.inference(factory=EMBEDDED_RUNTIME_FACTORY, ready_timeout=600)
    _, url = processes.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="300")
    schema = {"type": "object", "properties": {
        "department": {"enum": ["billing", "shipping"]}, "urgent": {"type": "boolean"},
        "total": {"type": ["number", "null"]}, "reply": {"type": "string", "x-generate": True, "x-max-tokens": 4}},
        "required": ["department", "urgent", "reply"]}
    context = "Charged twice for order A-1042, total $12.50. Please help today."
    first = post_fill(url, context, schema, timeout=300)
    body = first.json()
    assert body["model"] == "deg-smollm2-135m-0.1"
    jsonschema.validate(body["value"], schema)
    assert body["meta"]["/reply"]["generated_tokens"] <= 4
    assert body["usage"]["cached_tokens"] == 0 and body["usage"]["fork_tokens"] > 0
    # The trunk cache: the same document again reads nothing, and answers bitwise as cold.
    warm = post_fill(url, context, schema, timeout=300).json()
    assert warm["usage"]["cached_tokens"] == warm["usage"]["prompt_tokens"] == body["usage"]["prompt_tokens"]
    assert (warm["value"], warm["meta"]) == (body["value"], body["meta"])
    other = {**schema, "properties": {"total": schema["properties"]["total"], "late": {"type": "boolean"}}}
    other.pop("required")
    assert post_fill(url, context, other, timeout=300).json()["usage"]["cached_tokens"] > 0
    # no-cache measures a cold fill: byte-identical to the first, cached_tokens 0.
    cold = httpx.post(f"{url}/v1/fill", json={"context": context, "schema": schema}, timeout=300,
                      trust_env=False, headers={"Cache-Control": "no-cache"})
    assert cold.status_code == 200 and cold.content == first.content
    # no-store keeps nothing: the next fill of a new document reads it.
    fresh = context + " Second ticket."
    assert httpx.post(f"{url}/v1/fill", json={"context": fresh, "schema": schema}, timeout=300, trust_env=False,
                      headers={"Cache-Control": "no-store"}).json()["usage"]["cached_tokens"] == 0
    assert post_fill(url, fresh, schema, timeout=300).json()["usage"]["cached_tokens"] == 0


def test_zstd_bodies_are_read_and_a_zstd_bomb_is_refused_by_the_mounted_middleware(stack):
    import zstandard

    url = stack["plain"]
    body = json.dumps(SYSTEMONE_REQUEST).encode()
    headers = {"content-type": "application/json", "content-encoding": "zstd"}
    compressed = httpx.post(f"{url}/v1/systemone", content=zstandard.ZstdCompressor().compress(body),
                            headers=headers, timeout=120, trust_env=False)
    plain = httpx.post(f"{url}/v1/systemone", content=body, headers={"content-type": "application/json"},
                       timeout=120, trust_env=False)
    assert compressed.status_code == 200, compressed.text
    assert compressed.json() == plain.json()
    bomb = zstandard.ZstdCompressor().compress(b" " * (17 * 1024 * 1024))   # > DEG_MAX_DECOMPRESSED_BYTES
    refused = httpx.post(f"{url}/v1/systemone", content=bomb, headers=headers, timeout=60, trust_env=False)
    assert refused.status_code == 413 and len(bomb) < 4096
    assert httpx.get(f"{url}/health", timeout=10, trust_env=False).status_code == 200
    metrics = httpx.get(f"{url}/metrics", timeout=10, trust_env=False).text   # labelled by route template
    assert 'deg_gateway_requests_total{method="POST",route="/v1/systemone",status="200"}' in metrics
    assert 'deg_gateway_requests_total{method="POST",route="/v1/systemone",status="413"}' in metrics


def test_a_context_past_the_backbone_length_is_never_a_5xx(stack):
    """About 16,000 tokens on a backbone trained on 8,192 positions: either the runtime reads it
    whole (windowed long contexts) and answers 200, or it refuses it before any work with 413
    naming the limit and the length; never 502 or a truncation."""
    schema = {"type": "object", "properties": {"term": {"type": ["string", "null"]},
                                                "renews": {"type": "boolean"}}, "required": ["renews"]}
    context = "The warranty period of this agreement is twelve months from delivery. " * 1400
    response = httpx.post(f"{stack['plain']}/v1/fill", json={"context": context, "schema": schema},
                          timeout=600, trust_env=False)
    if response.status_code == 200:
        jsonschema.validate(response.json()["value"], schema)
        assert response.json()["usage"]["prompt_tokens"] > 8192
    else:
        assert response.status_code == 413, response.text
        error = response.json()["error"]
        assert error["type"] == "context_too_long"
        assert "8192" in error["message"] and "positions" in error["message"]
