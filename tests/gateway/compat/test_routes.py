"""The compatibility routes in-process over a recording fill (the double's outcomes, the real
`deg.assemble`): each request compiles its schema once and hands that very plan to the fill,
and the OpenAI structured-output bodies are what the openai client's own types accept."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from openai.types.chat import ChatCompletion, ChatCompletionChunk
from openai.types.responses import Response as OpenAIResponse

import deg
from deg.request import FillOptions
import gateway.compat.routes as routes

sys.path.insert(0, str(Path(__file__).parent))

from compat_double import SERVED, double_raw, served_model  # noqa: E402

SCHEMA = {"type": "object", "properties": {"urgent": {"type": "boolean"}, "team": {"enum": ["billing", "other"]},
                                           "order_id": {"type": ["string", "null"]}},
          "required": ["urgent", "team", "order_id"], "additionalProperties": False}
FORMAT = {"type": "json_schema", "name": "ticket", "schema": SCHEMA, "strict": True}
CONTEXT = "Order A-1042 is urgent, charged twice."
REQUESTS = {
    "/v1/decisions": {"model": "gpt-6-luna", "input": CONTEXT,
                      "questions": [{"type": "predicate", "name": "urgent", "instructions": "Urgent?"},
                                    {"type": "choice", "instructions": "Team?",
                                     "choices": [{"value": "billing"}, {"value": "other"}]}]},
    "/v1/systemone": {"state": CONTEXT, "questions": {"urgent": {"type": "noul", "instructions": "Urgent?"}}},
    "/v1/chat/completions": {"model": SERVED.model_id, "messages": [{"role": "user", "content": CONTEXT}],
                             "response_format": {"type": "json_schema", "json_schema": {
                                 k: v for k, v in FORMAT.items() if k != "type"}}},
    "/v1/responses": {"model": "deg-latest", "input": CONTEXT, "text": {"format": FORMAT}},
}


class Recorder:
    def __init__(self) -> None:
        self.compiled: list[object] = []
        self.filled: list[object] = []

    def compile_schema(self, schema):
        plan = COMPILE(schema)
        self.compiled.append(plan)
        return plan

    async def fill(self, context, plan, options, model):
        self.filled.append(plan)
        return deg.assemble(plan, double_raw(plan, context, options), model=model)


COMPILE = deg.compile_schema


@pytest.fixture
def recorded(monkeypatch):
    recorder = Recorder()
    monkeypatch.setattr(routes.deg, "compile_schema", recorder.compile_schema)
    app = FastAPI()
    app.include_router(routes.build_compat_router(recorder.fill, served_model))
    with TestClient(app) as client:
        yield client, recorder


@pytest.mark.parametrize("path", list(REQUESTS))
def test_each_request_compiles_once_and_fills_that_plan(recorded, path):
    client, recorder = recorded
    response = client.post(path, json=REQUESTS[path])
    assert response.status_code == 200, response.text
    assert len(recorder.compiled) == 1 and recorder.filled == recorder.compiled


def test_a_refused_schema_never_reaches_the_fill(recorded):
    client, recorder = recorded
    misspelt = {"type": "object", "properties": {"a": {"type": "string", "x-genrate": True}}}
    bad = {**REQUESTS["/v1/responses"], "text": {"format": {**FORMAT, "schema": misspelt}}}
    response = client.post("/v1/responses", json=bad)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["param"] == "text.format" and error["message"].startswith("Invalid schema for text.format 'ticket'")
    assert recorder.filled == []


def test_chat_and_responses_bodies_parse_as_the_clients_types(recorded):
    client, recorder = recorded
    chat = client.post("/v1/chat/completions", json=REQUESTS["/v1/chat/completions"]).json()
    completion = ChatCompletion.model_validate(chat)
    plan = recorder.compiled[-1]
    value = json.loads(completion.choices[0].message.content)
    expected = deg.assemble(plan, double_raw(plan, CONTEXT, FillOptions()), model=SERVED.model_id)["value"]
    assert value == expected and completion.model == SERVED.model_id
    reply = OpenAIResponse.model_validate(client.post("/v1/responses", json=REQUESTS["/v1/responses"]).json())
    assert json.loads(reply.output_text) == expected and reply.id.startswith("resp_")


def test_streamed_chat_is_chunks_then_done(recorded):
    client, _ = recorded
    body = {**REQUESTS["/v1/chat/completions"], "stream": True}
    response = client.post("/v1/chat/completions", json=body)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    events = [line.removeprefix("data: ") for line in response.text.split("\n\n") if line]
    assert events[-1] == "[DONE]"
    chunks = [ChatCompletionChunk.model_validate(json.loads(event)) for event in events[:-1]]
    assert [c.choices[0].finish_reason for c in chunks] == [None, "stop"]
    plain = client.post("/v1/chat/completions", json=REQUESTS["/v1/chat/completions"]).json()
    assert chunks[0].choices[0].delta.content == plain["choices"][0]["message"]["content"]
    assert chunks[0].id == plain["id"]


@pytest.mark.parametrize("change,param", [
    ({"n": 2}, "n"),
    ({"logprobs": True}, "logprobs"),
    ({"stop": ["\n"]}, "stop"),
    ({"colour": "red"}, "colour"),
    ({"max_tokens": 5, "max_completion_tokens": 5}, "max_tokens"),
    ({"seed": 1, "options": {"seed": 2}}, "seed"),
    ({"messages": [{"role": "tool", "content": "x", "tool_call_id": "c"}]}, "messages[0].role"),
    ({"response_format": {"type": "json_schema", "json_schema": {"name": "bad name!", "schema": SCHEMA}}},
     "response_format.json_schema.name"),
])
def test_chat_fields_deg_cannot_honour_are_400_naming_them(recorded, change, param):
    client, recorder = recorded
    response = client.post("/v1/chat/completions", json={**REQUESTS["/v1/chat/completions"], **change})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["param"] == param
    assert recorder.filled == []


def test_ignored_fields_do_not_change_the_answer(recorded):
    client, _ = recorded
    plain = client.post("/v1/chat/completions", json=REQUESTS["/v1/chat/completions"]).json()
    noisy = client.post("/v1/chat/completions", json={
        **REQUESTS["/v1/chat/completions"], "user": "u1", "metadata": {"k": "v"}, "store": False, "top_p": 0.5,
        "service_tier": "auto", "tools": [], "logprobs": False, "modalities": ["text"], "n": 1}).json()
    assert noisy["choices"] == plain["choices"] and noisy["id"] == plain["id"]


def test_streamed_responses_events_parse_as_the_clients_types(recorded):
    from openai.types.responses import ResponseStreamEvent
    from pydantic import TypeAdapter

    client, _ = recorded
    response = client.post("/v1/responses", json={**REQUESTS["/v1/responses"], "stream": True})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    blocks = [block.split("\n") for block in response.text.split("\n\n") if block]
    adapter = TypeAdapter(ResponseStreamEvent)
    events = [adapter.validate_python(json.loads(data.removeprefix("data: "))) for _, data in blocks]
    assert [kind.removeprefix("event: ") for kind, _ in blocks] == [event.type for event in events]
    assert [event.sequence_number for event in events] == list(range(len(events)))
    whole = client.post("/v1/responses", json=REQUESTS["/v1/responses"]).json()
    completed = events[-1].response.model_dump(mode="json", by_alias=True, exclude_unset=True)
    clock = ("created_at", "completed_at")
    assert {k: v for k, v in completed.items() if k not in clock} == {k: v for k, v in whole.items() if k not in clock}
    assert events[4].delta == whole["output"][0]["content"][0]["text"]
