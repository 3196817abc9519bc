"""`POST /v1/responses` as OpenAI structured outputs (openai-python 3.51.0).

`translate_responses(body)` turns a decoded request into a `StructuredRequest` (or raises a
`CompatError` in OpenAI's error shape); `shape_response` builds the `Response` body the client
validates strictly: one completed assistant message whose `output_text` is the filled JSON, so
`client.responses.parse(text_format=Model).output_parsed` is the caller's model. Both pure.

- Context: `input` (a string, or messages and tool items) rendered exactly as on
  `/v1/decisions` (`gateway.compat.render.render_input`); `instructions` (a string) reads as a
  leading system message, as the Responses API inserts it. Image parts are refused with the
  400 of `/v1/decisions`.
- Output: `text.format` `{"type": "json_schema", "name", "schema", "strict"}` (see
  `gateway.compat.openai_format`). `max_output_tokens` caps generated text.
- `stream: true` is answered as server-sent events once the fill is done, in the order the
  Responses API sends them: `response.created`, `response.in_progress`, the message item and
  its `output_text` part added, the whole text as one delta, then every `.done` event and
  `response.completed` with the full response (`response_events`).
- Conversation state (`previous_response_id`, `conversation`), background runs, prompts and
  tools are refused with a 400 naming the field: every request is one fill of its own input.
- `usage`: `input_tokens` = the prompt tokens of the fill, `output_tokens` = generated tokens,
  cache and reasoning details 0.
"""
from __future__ import annotations

import json
from typing import Any

from gateway.compat.openai_format import (StructuredRequest, bad, check_fields, content_text, derived_id,
                                          fill_options, json_schema_format, requested_model)
from gateway.compat.render import InputProblem, render_content, render_input

__all__ = ["translate_responses", "shape_response", "response_events"]

USED = frozenset({"model", "input", "instructions", "text", "stream", "temperature", "max_output_tokens", "options"})
UNSUPPORTED = {
    "tools": "this model fills the text.format schema; it calls no tools",
    "tool_choice": "this model calls no tools",
    "max_tool_calls": "this model calls no tools",
    "previous_response_id": "responses are not stored; send the whole input",
    "conversation": "conversations are not stored; send the whole input",
    "background": "every response is answered in the request",
    "prompt": "stored prompts are not available; send the input",
    "include": "no extra output data is produced",
    "top_logprobs": "token log probabilities are not returned",
    "stream_options": "the event stream has no options: the whole text comes as one delta",
    "context_management": "every request is one fill of its own input",
}
OPTIONS = {"temperature": "temperature", "max_output_tokens": "max_new_tokens"}


def translate_responses(body: Any) -> StructuredRequest:
    """A decoded `/v1/responses` body as one fill; raises `CompatError` (400) naming the problem."""
    requested_model(body)
    check_fields(body, USED, UNSUPPORTED)
    if body.get("stream") not in (None, False, True):
        raise bad("stream must be a boolean", "stream", "invalid_type")
    if "input" not in body:
        raise bad("Missing required parameter: 'input'.", "input", "missing_required_parameter")
    text = body.get("text")
    if text is not None and not isinstance(text, dict):
        raise bad("text must be an object", "text", "invalid_type")
    for extra in sorted(set(text or {}) - {"format", "verbosity"}):
        raise bad(f"Unrecognized request argument supplied: text.{extra}", f"text.{extra}", "unknown_parameter")
    name, schema, strict = json_schema_format((text or {}).get("format"), "text.format")
    options = fill_options(body, OPTIONS)
    return StructuredRequest(context=_context(body), schema=schema, name=name, strict=strict, options=options,
                             stream=bool(body.get("stream")))


def _context(body: dict[str, Any]) -> str:
    instructions = body.get("instructions")
    if instructions is not None and not isinstance(instructions, str):
        raise bad("instructions must be a string", "instructions", "invalid_type")
    try:
        context = render_input(body["input"])           # checks the input with its own param paths
        if not instructions:
            return context
        render_content(instructions, "instructions")
        items = [{"role": "user", "content": body["input"]}] if isinstance(body["input"], str) else body["input"]
        return render_input([{"role": "system", "content": instructions}, *items])
    except InputProblem as exc:
        raise bad(str(exc), exc.param) from None


def _usage(response: dict[str, Any]) -> dict[str, Any]:
    prompt, generated = int(response["usage"]["prompt_tokens"]), int(response["usage"]["generated_tokens"])
    return {
        "input_tokens": prompt,
        "input_tokens_details": {"cache_write_tokens": 0, "cached_tokens": 0},
        "output_tokens": generated,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": prompt + generated,
    }


def shape_response(ask: StructuredRequest, fingerprint: str, response: dict[str, Any], model: str,
                   created: int, instructions: str | None = None) -> dict[str, Any]:
    """The `Response` body: one completed assistant message holding the filled value as JSON."""
    key = (model, fingerprint, ask.context, ask.options.canonical_json())
    text = {"type": "output_text", "text": content_text(response["value"]), "annotations": [], "logprobs": []}
    fmt = {"type": "json_schema", "name": ask.name, "schema": ask.schema, "strict": ask.strict}
    return {
        "id": derived_id("resp_", *key),
        "object": "response",
        "created_at": created,
        "completed_at": created,
        "status": "completed",
        "error": None,
        "incomplete_details": None,
        "instructions": instructions,
        "max_output_tokens": None,
        "model": model,
        "output": [{"type": "message", "id": derived_id("msg_", *key), "status": "completed", "role": "assistant",
                    "content": [text]}],
        "parallel_tool_calls": False,
        "temperature": ask.options.temperature,
        "tool_choice": "none",
        "tools": [],
        "top_p": None,
        "text": {"format": fmt},
        "usage": _usage(response),
        "metadata": {},
    }


def response_events(body: dict[str, Any]) -> bytes:
    """A finished `shape_response` body as the Responses event stream (`text/event-stream`)."""
    message = body["output"][0]
    part = message["content"][0]
    pending = {**body, "status": "in_progress", "completed_at": None, "output": [], "usage": None}
    where = {"item_id": message["id"], "output_index": 0, "content_index": 0}
    events = [
        ("response.created", {"response": pending}),
        ("response.in_progress", {"response": pending}),
        ("response.output_item.added", {"output_index": 0,
                                        "item": {**message, "status": "in_progress", "content": []}}),
        ("response.content_part.added", {**where, "part": {**part, "text": ""}}),
        ("response.output_text.delta", {**where, "delta": part["text"], "logprobs": []}),
        ("response.output_text.done", {**where, "text": part["text"], "logprobs": []}),
        ("response.content_part.done", {**where, "part": part}),
        ("response.output_item.done", {"output_index": 0, "item": message}),
        ("response.completed", {"response": body}),
    ]
    lines = []
    for number, (kind, data) in enumerate(events):
        event = json.dumps({"type": kind, "sequence_number": number, **data}, ensure_ascii=False)
        lines.append(f"event: {kind}\ndata: {event}\n\n")
    return "".join(lines).encode()
