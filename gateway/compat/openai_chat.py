"""`POST /v1/chat/completions` as OpenAI structured outputs (openai-python 3.51.0).

`translate_chat(body)` turns a decoded request into a `StructuredRequest` (or raises a
`CompatError` in OpenAI's error shape); `shape_chat` builds the `ChatCompletion` body the client
validates strictly, with the filled JSON as the assistant message content; `chat_chunks` the
same answer as server-sent events. All pure; the route in `gateway.compat.routes` does the IO.

- Context: the messages (system, developer, user and assistant text) rendered as
  `gateway.compat.render.render_messages` says; one user message reads as its text alone, so
  `messages=[{"role": "user", "content": text}]` fills exactly like `/v1/fill` with `text`.
  Image parts are refused with the 400 of `/v1/decisions`.
- Output: `response_format` `{"type": "json_schema", "json_schema": {name, schema, strict}}`
  (see `gateway.compat.openai_format` for everything else).
- `n` must be 1. `max_completion_tokens` (or the older `max_tokens`) caps generated text.
- `stream: true` is answered as server-sent events once the fill is done: one chunk with the
  role and the whole content, one with `finish_reason: "stop"`, a usage chunk when
  `stream_options.include_usage` is true, then `data: [DONE]`.
- `usage`: `prompt_tokens` = the prompt tokens of the fill, `completion_tokens` = generated
  tokens (decided and copied values cost none), details 0.
"""
from __future__ import annotations

import json
from typing import Any

from gateway.compat.openai_format import (StructuredRequest, bad, check_fields, content_text, derived_id,
                                          fill_options, json_schema_format, requested_model)
from gateway.compat.render import InputProblem, render_messages

__all__ = ["translate_chat", "shape_chat", "chat_chunks", "completion_id"]

USED = frozenset({"model", "messages", "response_format", "stream", "stream_options", "seed", "temperature",
                  "max_completion_tokens", "max_tokens", "n", "options"})
UNSUPPORTED = {
    "tools": "this model fills the response_format schema; it calls no tools",
    "tool_choice": "this model calls no tools",
    "functions": "this model calls no functions",
    "function_call": "this model calls no functions",
    "logprobs": "token log probabilities are not returned",
    "top_logprobs": "token log probabilities are not returned",
    "logit_bias": "token biases are not applied",
    "stop": "stop sequences are not applied; the answer is the whole filled value",
    "audio": "this model reads and writes text only",
    "modalities": "this model reads and writes text only",
    "prediction": "predicted outputs are not used",
    "web_search_options": "this model does not search the web",
    "moderation": "no moderation is run",
}
OPTIONS = {"seed": "seed", "temperature": "temperature", "max_completion_tokens": "max_new_tokens",
           "max_tokens": "max_new_tokens"}


def translate_chat(body: Any) -> StructuredRequest:
    """A decoded `/v1/chat/completions` body as one fill; raises `CompatError` (400) naming the problem."""
    requested_model(body)
    if body.get("modalities") == ["text"]:
        body = {k: v for k, v in body.items() if k != "modalities"}
    check_fields(body, USED, UNSUPPORTED)
    if "messages" not in body:
        raise bad("Missing required parameter: 'messages'.", "messages", "missing_required_parameter")
    if body.get("n") not in (None, 1):
        raise bad("n must be 1: a fill has one answer", "n")
    if body.get("max_tokens") is not None and body.get("max_completion_tokens") is not None:
        raise bad("send max_completion_tokens or max_tokens, not both", "max_tokens")
    stream = _flag(body, "stream")
    stream_options = body.get("stream_options")
    if stream_options is not None and not isinstance(stream_options, dict):
        raise bad("stream_options must be an object", "stream_options", "invalid_type")
    include_usage = bool((stream_options or {}).get("include_usage"))
    name, schema, strict = json_schema_format(_json_schema_of(body.get("response_format")), "response_format",
                                              "response_format.json_schema")
    options = fill_options(body, OPTIONS)
    try:
        context = render_messages(body["messages"])
    except InputProblem as exc:
        raise bad(str(exc), exc.param) from None
    return StructuredRequest(context=context, schema=schema, name=name, strict=strict, options=options,
                             stream=stream, include_usage=include_usage)


def _flag(body: dict[str, Any], name: str) -> bool:
    value = body.get(name)
    if value is not None and not isinstance(value, bool):
        raise bad(f"{name} must be a boolean", name, "invalid_type")
    return bool(value)


def _json_schema_of(response_format: Any) -> Any:
    """Chat's `{"type": "json_schema", "json_schema": {...}}` in the flat Responses form."""
    if not isinstance(response_format, dict) or response_format.get("type") != "json_schema":
        return response_format
    unknown = sorted(set(response_format) - {"type", "json_schema"})
    if unknown:
        raise bad(f"Unrecognized request argument supplied: response_format.{unknown[0]}",
                  f"response_format.{unknown[0]}", "unknown_parameter")
    inner = response_format.get("json_schema")
    if not isinstance(inner, dict):
        raise bad("response_format.json_schema must be an object with name and schema",
                  "response_format.json_schema", "invalid_type")
    if "type" in inner:
        raise bad("Unrecognized request argument supplied: response_format.json_schema.type",
                  "response_format.json_schema.type", "unknown_parameter")
    return {"type": "json_schema", **inner}


def completion_id(ask: StructuredRequest, fingerprint: str, model: str) -> str:
    return derived_id("chatcmpl-", model, fingerprint, ask.context, ask.options.canonical_json())


def chat_usage(response: dict[str, Any]) -> dict[str, Any]:
    prompt, completion = int(response["usage"]["prompt_tokens"]), int(response["usage"]["generated_tokens"])
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0, "accepted_prediction_tokens": 0,
                                      "rejected_prediction_tokens": 0},
    }


def shape_chat(ask: StructuredRequest, fingerprint: str, response: dict[str, Any], model: str,
               created: int) -> dict[str, Any]:
    """The `ChatCompletion` body: one choice whose content is the filled value as JSON."""
    message = {"role": "assistant", "content": content_text(response["value"]), "refusal": None,
               "annotations": []}
    return {
        "id": completion_id(ask, fingerprint, model),
        "object": "chat.completion",
        "created": created,
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": "stop", "logprobs": None}],
        "usage": chat_usage(response),
        "system_fingerprint": None,
    }


def chat_chunks(ask: StructuredRequest, fingerprint: str, response: dict[str, Any], model: str,
                created: int) -> bytes:
    """The same answer as a `text/event-stream` body of `ChatCompletionChunk`s and `[DONE]`."""
    head = {"id": completion_id(ask, fingerprint, model), "object": "chat.completion.chunk", "created": created,
            "model": model, "system_fingerprint": None}
    if ask.include_usage:
        head["usage"] = None
    content = {"role": "assistant", "content": content_text(response["value"]), "refusal": None}
    chunks = [
        {**head, "choices": [{"index": 0, "delta": content, "finish_reason": None, "logprobs": None}]},
        {**head, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop", "logprobs": None}]},
    ]
    if ask.include_usage:
        chunks.append({**head, "choices": [], "usage": chat_usage(response)})
    events = [f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n" for chunk in chunks]
    return ("".join(events) + "data: [DONE]\n\n").encode()
