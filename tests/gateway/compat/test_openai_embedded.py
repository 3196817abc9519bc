"""The unchanged `openai` client (the pinned version) against what `make run` serves: a real
gateway over a real inference process running the embedded SmolLM2 with the shipped
checkpoint. One service for the module and short contexts, so it stays quick on a CPU.

What is checked holds for any weights: the client parses the answer into the pydantic model,
the answer is the `/v1/fill` value of the same context and schema (fills are deterministic),
the served model id is the checkpoint's declared id, a schema deg cannot fill is a 400
the client raises as `BadRequestError`, and an image part is read (OCR) into the same context a
`/v1/fill` with that image as `media` reads."""
from __future__ import annotations

import base64
import json
import sys
from pathlib import Path
from typing import Literal, Optional

import httpx
import jsonschema
import openai
import pytest
from openai.lib._pydantic import to_strict_json_schema
from pydantic import BaseModel, Field

sys.path.insert(0, str(Path(__file__).parents[1]))

from deg_service_procs import EMBEDDED_RUNTIME_FACTORY, REPO, Processes  # noqa: E402
from media_bytes import png, text_image  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # the embedded model in real processes

CHECKPOINT = REPO / "checkpoints" / "deg-smollm2-135m-0.5"
CONTEXT = "Order A-1042: I was charged twice, total $12.50. Please refund me today!"


class Refund(BaseModel):
    order_id: Optional[str]
    total: Optional[float]
    urgent: bool
    department: Literal["billing", "shipping", "other"]


class Unfillable(BaseModel):
    # a misspelt deg extension: refused with a "did you mean", never guessed
    reply: str = Field(json_schema_extra={"x-genrate": True})


@pytest.fixture(scope="module")
def served():
    started = Processes()
    try:
        _, address = started.inference(factory=EMBEDDED_RUNTIME_FACTORY, ready_timeout=600,
                                       DEG_CHECKPOINT=str(CHECKPOINT), OMP_NUM_THREADS="1")
        _, url = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="300")
        yield url
    finally:
        started.stop_all()


@pytest.fixture(scope="module")
def oa(served):
    return openai.OpenAI(base_url=served + "/v1", api_key="unused", max_retries=0, timeout=300,
                         _strict_response_validation=True)


def fill(url: str, schema: dict) -> dict:
    response = httpx.post(url + "/v1/fill", json={"context": CONTEXT, "schema": schema}, timeout=300,
                          trust_env=False)
    assert response.status_code == 200, response.text
    return response.json()


def compact(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def declared_model_id() -> str:
    return json.loads((CHECKPOINT / "deg.json").read_text())["model_id"]


def test_chat_completions_parse_with_the_embedded_model(served, oa):
    completion = oa.chat.completions.parse(model="deg-latest", messages=[{"role": "user", "content": CONTEXT}],
                                           response_format=Refund)
    choice = completion.choices[0]
    assert isinstance(choice.message.parsed, Refund)
    filled = fill(served, to_strict_json_schema(Refund))
    assert choice.message.content == compact(filled["value"])
    assert completion.model == filled["model"] == declared_model_id() == CHECKPOINT.name
    assert choice.finish_reason == "stop"
    assert completion.usage.prompt_tokens == filled["usage"]["prompt_tokens"] > 0


def test_responses_parse_with_the_embedded_model(served, oa):
    response = oa.responses.parse(model=declared_model_id(), input=CONTEXT, text_format=Refund)
    assert isinstance(response.output_parsed, Refund)
    assert response.output_text == compact(fill(served, to_strict_json_schema(Refund))["value"])
    assert (response.model, response.status) == (declared_model_id(), "completed")


def test_a_raw_response_format_with_the_embedded_model(served, oa):
    schema = {"type": "object", "properties": {"urgent": {"type": "boolean"},
                                               "team": {"enum": ["billing", "shipping"]}},
              "required": ["urgent", "team"], "additionalProperties": False}
    completion = oa.chat.completions.create(
        model="deg-latest", messages=[{"role": "system", "content": "Route the ticket."},
                                      {"role": "user", "content": CONTEXT}],
        response_format={"type": "json_schema", "json_schema": {"name": "route", "schema": schema, "strict": True}})
    value = json.loads(completion.choices[0].message.content)
    jsonschema.validate(value, schema)
    assert completion.choices[0].finish_reason == "stop" and completion.usage.total_tokens > 0


def test_an_invalid_schema_is_a_bad_request_error(oa):
    with pytest.raises(openai.BadRequestError) as caught:
        oa.chat.completions.parse(model="deg-latest", messages=[{"role": "user", "content": CONTEXT}],
                                  response_format=Unfillable)
    assert caught.value.status_code == 400 and caught.value.body["param"] == "response_format"
    assert "Invalid schema for response_format 'Unfillable'" in caught.value.message
    with pytest.raises(openai.BadRequestError) as caught:
        oa.responses.parse(model="deg-latest", input=CONTEXT, text_format=Unfillable)
    assert caught.value.body["param"] == "text.format"


def image_data_url() -> tuple[bytes, str]:
    raw = png(text_image(["Order A-1042: I was charged twice, total $12.50.", "Please refund me today!"])[0])
    return raw, "data:image/png;base64," + base64.b64encode(raw).decode()


def test_chat_completions_parse_reads_an_image_with_the_embedded_model(served, oa):
    raw, url = image_data_url()
    completion = oa.chat.completions.parse(model="deg-latest", response_format=Refund, messages=[
        {"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}}]}])
    parsed = completion.choices[0].message.parsed
    assert isinstance(parsed, Refund)
    filled = httpx.post(served + "/v1/fill", json={"media": [{"type": "image/png", "data": url.split(",", 1)[1]}],
                                                   "schema": to_strict_json_schema(Refund)},
                        timeout=300, trust_env=False).json()
    assert completion.choices[0].message.content == compact(filled["value"])
    assert completion.usage.prompt_tokens == filled["usage"]["prompt_tokens"] > 0
    copied = [m for m in filled["meta"].values() if isinstance(m.get("span"), list)]
    assert all(m["media"] == "m0" and len(m["box"]) == 4 for m in copied)


def test_the_same_image_fills_bitwise_the_same_with_the_embedded_model(served):
    _, url = image_data_url()
    request = {"media": [{"type": "image/png", "data": url.split(",", 1)[1]}], "schema": to_strict_json_schema(Refund)}
    fresh = {"Cache-Control": "no-cache, no-store"}  # neither response cache nor trunk cache: read and fill again
    first, again = (httpx.post(served + "/v1/fill", json=request, headers=fresh, timeout=300, trust_env=False)
                    for _ in range(2))
    assert first.status_code == 200 and first.content == again.content


def test_decisions_answer_with_an_input_image_part_with_the_embedded_model(oa):
    _, url = image_data_url()
    decision = oa.decisions.create(model="gpt-6-luna", input=[{"role": "user", "content": [
        {"type": "input_image", "image_url": url}]}],
        questions=[{"type": "predicate", "name": "refund", "instructions": "Does the customer ask for a refund?"},
                   {"type": "choice", "name": "team", "instructions": "Which team handles it?",
                    "choices": [{"value": "billing"}, {"value": "shipping"}]}])
    assert [(a.type, a.name) for a in decision.answers] == [("predicate", "refund"), ("choice", "team")]
    assert 0.0 <= decision.answers[0].probability <= 1.0 and decision.answers[1].choice in ("billing", "shipping")
    assert decision.usage.input_tokens > 0
