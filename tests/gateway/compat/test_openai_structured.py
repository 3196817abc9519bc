"""The unchanged `openai` client's structured outputs against the real gateway: uvicorn gateway
processes over a real inference process (the rule-based test runtime), with API keys, Redis
rate limits and body limits as deployed. What the client parses must be exactly what `/v1/fill`
answers for the same context and schema."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Literal, Optional

import httpx
import openai
import pytest
from openai.lib._pydantic import to_strict_json_schema
from pydantic import BaseModel, Field

sys.path.insert(0, str(Path(__file__).parents[1]))

from deg_service_procs import REDIS_URL, Processes, free_port, unique_prefix  # noqa: E402

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

KEY = "sk-structured"
MODEL_ID = "deg-test-0.1"
CONTEXT = "order_id: A-1042\ntotal: $1,234.50\nname: Ana Lima\nIs it urgent? yes"
INSTRUCTIONS = "Extract the ticket."


class Customer(BaseModel):
    name: Optional[str]


class Ticket(BaseModel):
    order_id: Optional[str]
    total: Optional[float]
    urgent: bool
    department: Literal["billing", "shipping", "other"]
    customer: Customer


class Unfillable(BaseModel):
    # a misspelt deg extension: refused with a "did you mean", never guessed
    reply: str = Field(json_schema_extra={"x-genrate": True})


@pytest.fixture(scope="module")
def stack():
    started = Processes()
    prefix = unique_prefix()
    try:
        _, address = started.inference()
        _, main = started.gateway(DEG_INFERENCE=address, DEG_AUTH="on", DEG_API_KEYS=KEY)
        _, limited = started.gateway(DEG_INFERENCE=address, DEG_REDIS_URL=REDIS_URL, DEG_REDIS_PREFIX=prefix,
                                     DEG_RATE_LIMIT_PER_MINUTE="2")
        _, dead = started.gateway(DEG_INFERENCE=f"127.0.0.1:{free_port()}", DEG_REQUEST_TIMEOUT_S="5",
                                  DEG_MAX_BODY_BYTES="4096")
        yield {"main": main, "limited": limited, "dead": dead}
    finally:
        started.stop_all()
        import redis

        client = redis.Redis.from_url(REDIS_URL)
        keys = list(client.scan_iter(match=prefix + "*"))
        if keys:
            client.delete(*keys)
        client.close()


def client_for(url: str, key: str = KEY) -> openai.OpenAI:
    return openai.OpenAI(base_url=url + "/v1", api_key=key, max_retries=0, timeout=60,
                         _strict_response_validation=True)


@pytest.fixture
def oa(stack):
    return client_for(stack["main"])


def fill(stack, context: str, schema: dict) -> dict:
    response = httpx.post(stack["main"] + "/v1/fill", json={"context": context, "schema": schema},
                          headers={"Authorization": f"Bearer {KEY}"}, timeout=60, trust_env=False)
    assert response.status_code == 200, response.text
    return response.json()


def compact(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def test_chat_completions_parse_is_the_fill_of_the_same_context_and_schema(stack, oa):
    completion = oa.chat.completions.parse(model="deg-latest", messages=[{"role": "user", "content": CONTEXT}],
                                           response_format=Ticket)
    filled = fill(stack, CONTEXT, to_strict_json_schema(Ticket))
    choice = completion.choices[0]
    assert isinstance(choice.message.parsed, Ticket)
    assert choice.message.parsed == Ticket.model_validate(filled["value"])
    assert choice.message.parsed.order_id == "A-1042" and choice.message.parsed.customer.name == "Ana Lima"
    assert choice.message.content == compact(filled["value"])
    assert (choice.finish_reason, choice.index, choice.message.refusal) == ("stop", 0, None)
    assert completion.model == MODEL_ID and completion.object == "chat.completion"
    usage = completion.usage
    assert usage.prompt_tokens == filled["usage"]["prompt_tokens"] > 0
    assert usage.completion_tokens == filled["usage"]["generated_tokens"]
    assert usage.total_tokens == usage.prompt_tokens + usage.completion_tokens
    again = oa.chat.completions.parse(model=MODEL_ID, messages=[{"role": "user", "content": CONTEXT}],
                                      response_format=Ticket)
    assert again.id == completion.id and again.id.startswith("chatcmpl-")


def test_system_and_user_messages_read_as_labelled_blocks(stack, oa):
    completion = oa.chat.completions.parse(
        model="deg-latest", response_format=Ticket, seed=5,
        messages=[{"role": "system", "content": INSTRUCTIONS},
                  {"role": "user", "content": [{"type": "text", "text": CONTEXT}]}])
    filled = fill(stack, f"System: {INSTRUCTIONS}\n\nUser: {CONTEXT}", to_strict_json_schema(Ticket))
    assert completion.choices[0].message.parsed == Ticket.model_validate(filled["value"])
    assert completion.usage.prompt_tokens == filled["usage"]["prompt_tokens"]


def test_responses_parse_is_the_fill_of_the_same_input_and_schema(stack, oa):
    response = oa.responses.parse(model="deg-latest", input=CONTEXT, text_format=Ticket)
    filled = fill(stack, CONTEXT, to_strict_json_schema(Ticket))
    assert isinstance(response.output_parsed, Ticket)
    assert response.output_parsed == Ticket.model_validate(filled["value"])
    assert response.output_text == compact(filled["value"])
    assert (response.model, response.status, response.object) == (MODEL_ID, "completed", "response")
    assert response.usage.input_tokens == filled["usage"]["prompt_tokens"]
    assert response.usage.total_tokens == response.usage.input_tokens + response.usage.output_tokens
    assert response.text.format.name == "Ticket" and response.text.format.strict is True
    with_instructions = oa.responses.parse(model="deg-latest", input=CONTEXT, instructions=INSTRUCTIONS,
                                           text_format=Ticket)
    expected = fill(stack, f"System: {INSTRUCTIONS}\n\nUser: {CONTEXT}", to_strict_json_schema(Ticket))
    assert with_instructions.output_parsed == Ticket.model_validate(expected["value"])
    assert with_instructions.instructions == INSTRUCTIONS
    assert oa.responses.parse(model="deg-latest", input=CONTEXT, text_format=Ticket).id == response.id


RAW_SCHEMA = {"type": "object", "properties": {"urgent": {"type": "boolean"},
                                               "team": {"enum": ["billing", "other"]},
                                               "order_id": {"type": ["string", "null"]}},
              "required": ["urgent", "team", "order_id"], "additionalProperties": False}


def test_a_raw_response_format_is_answered_with_the_filled_json(stack, oa):
    completion = oa.chat.completions.create(
        model="deg-latest", messages=[{"role": "user", "content": CONTEXT}],
        response_format={"type": "json_schema",
                         "json_schema": {"name": "ticket", "schema": RAW_SCHEMA, "strict": True}})
    assert json.loads(completion.choices[0].message.content) == fill(stack, CONTEXT, RAW_SCHEMA)["value"]


def test_streaming_sends_the_content_in_one_delta_then_stop_and_usage(stack, oa):
    chunks = list(oa.chat.completions.create(
        model="deg-latest", messages=[{"role": "user", "content": CONTEXT}], stream=True,
        stream_options={"include_usage": True},
        response_format={"type": "json_schema", "json_schema": {"name": "ticket", "schema": RAW_SCHEMA}}))
    filled = fill(stack, CONTEXT, RAW_SCHEMA)
    assert [c.choices[0].finish_reason if c.choices else "usage" for c in chunks] == [None, "stop", "usage"]
    assert chunks[0].choices[0].delta.content == compact(filled["value"])
    assert chunks[-1].usage.prompt_tokens == filled["usage"]["prompt_tokens"]
    assert len({c.id for c in chunks}) == 1
    with oa.chat.completions.stream(model="deg-latest", messages=[{"role": "user", "content": CONTEXT}],
                                    response_format=Ticket) as stream:
        final = stream.get_final_completion()
    expected = fill(stack, CONTEXT, to_strict_json_schema(Ticket))["value"]
    assert final.choices[0].message.parsed == Ticket.model_validate(expected)


def test_responses_streaming_ends_with_the_completed_response(stack, oa):
    with oa.responses.stream(model="deg-latest", input=CONTEXT, text_format=Ticket) as stream:
        kinds = [event.type for event in stream]
        final = stream.get_final_response()
    assert kinds == ["response.created", "response.in_progress", "response.output_item.added",
                     "response.content_part.added", "response.output_text.delta", "response.output_text.done",
                     "response.content_part.done", "response.output_item.done", "response.completed"]
    whole = oa.responses.parse(model="deg-latest", input=CONTEXT, text_format=Ticket)
    assert final.output_parsed == whole.output_parsed and final.id == whole.id
    assert final.usage.input_tokens == whole.usage.input_tokens


def test_requests_deg_cannot_serve_are_bad_requests_naming_the_problem(oa):
    user = [{"role": "user", "content": CONTEXT}]
    with pytest.raises(openai.BadRequestError) as caught:
        oa.chat.completions.parse(model="deg-latest", messages=user, response_format=Unfillable)
    assert caught.value.body["param"] == "response_format"
    assert "Invalid schema for response_format 'Unfillable'" in caught.value.message
    assert "did you mean x-generate" in caught.value.message
    with pytest.raises(openai.BadRequestError) as caught:
        oa.responses.parse(model="deg-latest", input=CONTEXT, text_format=Unfillable)
    assert caught.value.body["param"] == "text.format"
    for response_format in ({"type": "json_object"}, {"type": "text"}, None):
        extra = {"response_format": response_format} if response_format else {}
        with pytest.raises(openai.BadRequestError) as caught:
            oa.chat.completions.create(model="deg-latest", messages=user, **extra)
        assert "json_schema" in caught.value.message and caught.value.body["param"].startswith("response_format")
    with pytest.raises(openai.BadRequestError) as caught:
        oa.responses.create(model="deg-latest", input="free chat")
    assert "text.format" in caught.value.message
    image = [{"role": "user", "content": [{"type": "text", "text": "what is this?"},
                                          {"type": "image_url", "image_url": {"url": "https://example.org/cat.png"}}]}]
    with pytest.raises(openai.BadRequestError) as caught:
        oa.chat.completions.parse(model="deg-latest", messages=image, response_format=Ticket)
    assert "deg fetches nothing" in caught.value.message and caught.value.body["param"] == "messages[0].content[1]"
    with pytest.raises(openai.BadRequestError) as caught:
        oa.responses.parse(model="deg-latest", text_format=Ticket, input=[{"role": "user", "content": [
            {"type": "input_image", "image_url": "https://example.org/cat.png"}]}])
    assert "deg fetches nothing" in caught.value.message and caught.value.body["param"] == "input[0].content[0]"
    with pytest.raises(openai.BadRequestError) as caught:
        oa.chat.completions.parse(model="deg-latest", messages=user, response_format=Ticket,
                                  tools=[{"type": "function",
                                          "function": {"name": "f", "parameters": {}, "strict": True}}])
    assert caught.value.body["param"] == "tools"
    with pytest.raises(openai.BadRequestError) as caught:
        oa.chat.completions.parse(model="deg-latest", messages=user, response_format=Ticket, temperature=0.7)
    assert "seed" in caught.value.message


def test_unknown_model_and_unknown_key(stack, oa):
    with pytest.raises(openai.NotFoundError) as caught:
        oa.chat.completions.parse(model="gpt-4o", messages=[{"role": "user", "content": "x"}], response_format=Ticket)
    assert caught.value.body["code"] == "model_not_found"
    with pytest.raises(openai.NotFoundError):
        oa.responses.parse(model="gpt-4o", input="x", text_format=Ticket)
    with pytest.raises(openai.AuthenticationError):
        client_for(stack["main"], key="wrong").responses.parse(model="deg-latest", input="x", text_format=Ticket)


def test_rate_limit_is_429_with_retry_after(stack):
    limited = client_for(stack["limited"], key="sk-any")
    with pytest.raises(openai.RateLimitError) as caught:
        for _ in range(3):
            limited.chat.completions.parse(model="deg-latest", messages=[{"role": "user", "content": CONTEXT}],
                                           response_format=Ticket)
    assert int(caught.value.response.headers["retry-after"]) >= 1
    assert caught.value.body["type"] == "rate_limit_error"


def test_no_inference_backend_is_503_and_a_large_body_413(stack):
    dead = client_for(stack["dead"])
    with pytest.raises(openai.InternalServerError) as caught:
        dead.responses.parse(model="deg-latest", input="x", text_format=Ticket)
    assert caught.value.status_code == 503 and caught.value.body["code"] == "inference_unavailable"
    with pytest.raises(openai.APIStatusError) as caught:
        dead.responses.parse(model="deg-latest", input="x" * 5000, text_format=Ticket)
    assert caught.value.status_code == 413 and "4096-byte limit" in caught.value.message
