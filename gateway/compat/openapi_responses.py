"""The response bodies of the compatibility routes as OpenAPI component schemas, and the
statuses each answers (`ROUTES`), written from the shaping functions (`shape_decisions`,
`shape_systemone`, `shape_chat`/`chat_chunks`, `shape_response`/`response_events`) and the
error shapes of `gateway.compat.errors`: OpenAI's `{"error": {message, type, param, code}}` on
the three OpenAI routes, `{"detail": ...}` on `/v1/systemone`.

A `stream: true` request is answered `text/event-stream` (documented as a string: server-sent
events of chunks, then `data: [DONE]` on chat completions).
"""
from __future__ import annotations

from typing import Any

from gateway.compat.errors import CHAT_PATH, DECISIONS_PATH, RESPONSES_PATH, SYSTEMONE_PATH
from gateway.openapi_responses import closed, ref, responses

__all__ = ["COMPONENTS", "ROUTES"]

STRING = {"type": "string"}
COUNT = {"type": "integer", "minimum": 0}
PROBABILITY = {"type": "number", "minimum": 0, "maximum": 1}
NULL = {"type": "null"}
ZEROS = {"const": 0}


def answer(kind: str, required: list[str], fields: dict[str, Any], named: bool = True) -> dict[str, Any]:
    head = {"type": {"const": kind}, **({"name": {"type": ["string", "null"]}} if named else {})}  # null: unnamed
    return closed(["type", *(["name"] if named else []), *required], {**head, **fields})


EXTRACTED = {"value": {"description": "the copied value, or null"}, "span": {"type": ["array", "null"], "items": COUNT},
             "confidence": {"type": ["number", "null"], "minimum": 0, "maximum": 1}, "null_reason": STRING}
GENERATED = {"text": {"type": ["string", "null"]}, "output_tokens": COUNT}
OPENAI_USAGE = closed(["input_tokens", "input_tokens_details", "output_tokens", "output_tokens_details",
                       "total_tokens"], {
    "input_tokens": COUNT, "output_tokens": COUNT, "total_tokens": COUNT,
    "input_tokens_details": closed(["cache_write_tokens", "cached_tokens"], {"cache_write_tokens": ZEROS,
                                                                           "cached_tokens": ZEROS}),
    "output_tokens_details": closed(["reasoning_tokens"], {"reasoning_tokens": ZEROS})})

DECISIONS = {
    "DecisionAnswer": {"anyOf": [
        answer("predicate", ["probability"], {"probability": PROBABILITY}),
        answer("choice", ["choice", "probabilities", "confidence"], {
            "choice": {"type": ["string", "boolean"]}, "confidence": PROBABILITY,
            "probabilities": {"type": "array", "items": closed(["value", "probability"], {
                "value": {"type": ["string", "boolean"]}, "probability": PROBABILITY})}}),
        answer("score", ["score", "probabilities", "confidence"], {
            "score": {"type": "number", "minimum": 0}, "confidence": PROBABILITY,
            "probabilities": {"type": "array", "items": closed(["value", "label", "probability"], {
                "value": COUNT, "label": STRING, "probability": PROBABILITY})}}),
        answer("extract", ["value", "span", "confidence"], EXTRACTED),
        answer("generate", ["text", "output_tokens"], GENERATED),
    ]},
    "Decision": closed(["answers", "model", "usage"], {
        "answers": {"type": "array", "items": ref("DecisionAnswer")}, "model": STRING, "usage": OPENAI_USAGE}),
}

LEGEND = {"type": "object", "additionalProperties": True}
SYSTEMONE = {
    "SystemOneAnswer": {"anyOf": [
        answer("noul", ["noul"], {"noul": PROBABILITY}, named=False),
        answer("choice", ["choice", "confidence", "probabilities"], {
            "choice": STRING, "confidence": PROBABILITY,
            "probabilities": {"type": "object", "additionalProperties": PROBABILITY}}, named=False),
        answer("score", ["score", "confidence", "legend", "probabilities"], {
            "score": {"type": "number", "minimum": 0}, "confidence": PROBABILITY, "legend": LEGEND,
            "probabilities": {"type": "object", "additionalProperties": PROBABILITY}}, named=False),
        answer("extract", ["value", "span", "confidence"], EXTRACTED, named=False),
        answer("generate", ["text", "output_tokens"], GENERATED, named=False),
    ]},
    "SystemOneResponse": closed(["model", "answers", "usage"], {
        "model": STRING, "answers": {"type": "object", "additionalProperties": ref("SystemOneAnswer")},
        "usage": closed(["input_tokens", "output_tokens"], {"input_tokens": COUNT, "output_tokens": COUNT})}),
    "SystemOneError": closed(["detail"], {"detail": {"anyOf": [
        STRING,
        closed(["error_type", "message"], {"error_type": STRING, "message": STRING}),
        {"type": "array", "items": closed(["type", "loc", "msg", "input"], {
            "type": STRING, "loc": {"type": "array", "items": {"type": ["string", "integer"]}}, "msg": STRING,
            "input": {}})},
    ]}}),
}

CHAT_USAGE = closed(["prompt_tokens", "completion_tokens", "total_tokens", "prompt_tokens_details",
                     "completion_tokens_details"], {
    "prompt_tokens": COUNT, "completion_tokens": COUNT, "total_tokens": COUNT,
    "prompt_tokens_details": closed(["cached_tokens", "audio_tokens"], {"cached_tokens": ZEROS, "audio_tokens": ZEROS}),
    "completion_tokens_details": closed(
        ["reasoning_tokens", "audio_tokens", "accepted_prediction_tokens", "rejected_prediction_tokens"],
        {name: ZEROS for name in ("reasoning_tokens", "audio_tokens", "accepted_prediction_tokens",
                                  "rejected_prediction_tokens")})})
OUTPUT_TEXT = closed(["type", "text", "annotations", "logprobs"], {
    "type": {"const": "output_text"}, "text": {**STRING, "description": "the filled value as compact JSON"},
    "annotations": {"type": "array", "maxItems": 0}, "logprobs": {"type": "array", "maxItems": 0}})
OPENAI = {
    "ChatCompletion": closed(["id", "object", "created", "model", "choices", "usage", "system_fingerprint"], {
        "id": STRING, "object": {"const": "chat.completion"}, "created": COUNT, "model": STRING,
        "choices": {"type": "array", "minItems": 1, "maxItems": 1, "items": closed(
            ["index", "message", "finish_reason", "logprobs"], {
                "index": {"const": 0}, "finish_reason": {"const": "stop"}, "logprobs": NULL,
                "message": closed(["role", "content", "refusal", "annotations"], {
                    "role": {"const": "assistant"}, "content": {**STRING, "description": "the filled value as JSON"},
                    "refusal": NULL, "annotations": {"type": "array", "maxItems": 0}})})},
        "usage": CHAT_USAGE, "system_fingerprint": NULL}),
    "Response": closed(["id", "object", "created_at", "status", "model", "output", "text", "usage"], {
        "id": STRING, "object": {"const": "response"}, "created_at": COUNT, "completed_at": COUNT,
        "status": {"const": "completed"}, "error": NULL, "incomplete_details": NULL,
        "instructions": {"type": ["string", "null"]}, "max_output_tokens": NULL, "model": STRING,
        "output": {"type": "array", "minItems": 1, "maxItems": 1, "items": closed(
            ["type", "id", "status", "role", "content"], {
                "type": {"const": "message"}, "id": STRING, "status": {"const": "completed"},
                "role": {"const": "assistant"}, "content": {"type": "array", "items": OUTPUT_TEXT}})},
        "parallel_tool_calls": {"const": False}, "temperature": {"type": "number", "minimum": 0},
        "tool_choice": {"const": "none"}, "tools": {"type": "array", "maxItems": 0}, "top_p": NULL,
        "text": closed(["format"], {"format": closed(["type", "name", "schema", "strict"], {
            "type": {"const": "json_schema"}, "name": STRING, "schema": {"type": "object"},
            "strict": {"type": ["boolean", "null"]}})}),
        "usage": OPENAI_USAGE, "metadata": {"type": "object"}}),
    "OpenAIError": closed(["error"], {"error": closed(["message", "type", "param", "code"], {
        "message": STRING, "type": STRING, "param": {"type": ["string", "null"]},
        "code": {"type": ["string", "null"]}})}),
}

COMPONENTS: dict[str, dict[str, Any]] = {**DECISIONS, **SYSTEMONE, **OPENAI}

OPENAI_WHY = {400: "a request the route cannot serve: bad JSON, a field it does not take, a schema deg cannot "
                   "fill, images, free chat without a schema (the message and `param` name the problem)",
              401: "auth is on and the bearer key is missing or unknown",
              404: "the model is not served (`model_not_found`)",
              413: "the body, or the context, is larger than the gateway or the model can take",
              422: "the inference service refused the request",
              429: "rate limit or inference queue full (Retry-After)",
              500: "the fill could not produce a valid value (fill_error), or a fault in the gateway",
              502: "the inference service failed unexpectedly", 503: "no inference backend answers",
              504: "an admitted fill ran past its deadline"}
SYSTEMONE_WHY = {**OPENAI_WHY, 400: "a request the API does not understand, or an unknown model",
                 403: "auth is on and the bearer key is missing or unknown",
                 422: "a field of the wrong type or a question deg cannot answer (pydantic-style items)"}
OPENAI_ERRORS = (400, 401, 404, 413, 422, 429, 500, 502, 503, 504)
SYSTEMONE_ERRORS = (400, 403, 413, 422, 429, 500, 502, 503, 504)
CHAT_EVENT = closed(["data"], {"data": {
    "type": "string", "description": "a `chat.completion.chunk` as JSON (the content in one delta, then "
                                     "finish_reason stop, then usage when asked for), or `[DONE]` last"}})
RESPONSE_EVENT = closed(["event", "data"], {
    "event": {"enum": ["response.created", "response.in_progress", "response.output_item.added",
                       "response.content_part.added", "response.output_text.delta", "response.output_text.done",
                       "response.content_part.done", "response.output_item.done", "response.completed"]},
    "data": {"type": "string", "description": "the event as JSON; `response.completed` carries the Response"}})


def _streamed(documented: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """With `stream: true` the 200 is `text/event-stream`; its schema describes one event."""
    documented["responses"]["200"]["content"]["text/event-stream"] = {"schema": event}
    return documented


ROUTES = {
    DECISIONS_PATH: responses({200: ("one answer per question, in question order", "Decision")}, OPENAI_ERRORS,
                              "OpenAIError", OPENAI_WHY),
    SYSTEMONE_PATH: responses({200: ("one answer per question id", "SystemOneResponse")}, SYSTEMONE_ERRORS,
                              "SystemOneError", SYSTEMONE_WHY),
    CHAT_PATH: _streamed(responses({200: ("the filled value as the assistant message's content", "ChatCompletion")},
                                   OPENAI_ERRORS, "OpenAIError", OPENAI_WHY), CHAT_EVENT),
    RESPONSES_PATH: _streamed(responses({200: ("the filled value as the output text", "Response")},
                                        OPENAI_ERRORS, "OpenAIError", OPENAI_WHY), RESPONSE_EVENT),
}
