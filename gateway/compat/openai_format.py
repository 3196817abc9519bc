"""What OpenAI's Chat Completions and Responses dialects share: the structured-output request.

Both routes (`gateway.compat.openai_chat`, `gateway.compat.openai_responses`) turn a request
into a `StructuredRequest`: the rendered context, the JSON Schema of the output format, its
name, and the fill options. The answer is the filled value as JSON text, so the unchanged
`openai` client's `chat.completions.parse(response_format=Model)` and
`responses.parse(text_format=Model)` parse it into the caller's model.

Choices where a hosted structured-outputs API and deg differ:
- A JSON Schema output format is required. `json_object`, `text` or no format at all is a 400
  naming `json_schema`: deg fills schemas, it is not a chat server.
- `strict` (true, false or absent) is accepted; deg's value always validates against the
  schema, so strict mode's guarantee holds either way. A schema the compiler cannot fill is a
  400 listing every problem (`Invalid schema for response_format '<name>': ...`).
- `seed`, `temperature` and the output token limit become the fill options `seed`,
  `temperature` and `max_new_tokens` (they matter to generated text only; `temperature > 0`
  needs a seed, as on `/v1/fill`). deg's own `options` object is accepted as on
  `/v1/decisions`; giving one option both ways is a 400.
- Fields that cannot change a fill (`user`, `metadata`, `store`, prompt-cache and
  safety identifiers, `service_tier`, `top_p`, penalties, reasoning and verbosity settings)
  are accepted and ignored. Tools, logprobs, stop sequences, audio and the like are refused
  with a 400 naming the field when they ask for something (null, false and empty are fine).
  Unknown fields are a 400 (`Unrecognized request argument supplied`).
- Ids are derived from the served model, the schema's fingerprint, the context and the
  options, so the same request gets the same id (and the same answer); `created` is the clock.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from deg.errors import RequestError
from deg.request import FillOptions, parse_options
from gateway.compat.errors import CompatError, openai_error

__all__ = ["StructuredRequest", "bad", "check_fields", "fill_options", "json_schema_format", "requested_model",
           "content_text", "derived_id"]

NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
IGNORED = frozenset({"user", "metadata", "store", "prompt_cache_key", "prompt_cache_options",
                     "prompt_cache_retention", "safety_identifier", "service_tier", "top_p", "frequency_penalty",
                     "presence_penalty", "reasoning_effort", "reasoning", "verbosity", "parallel_tool_calls",
                     "truncation"})
NEEDS_SCHEMA = ("deg fills a JSON Schema: send {where} with type 'json_schema' and a schema "
                "(for example client.chat.completions.parse(response_format=MyModel)); free text and "
                "'json_object' outputs are not supported")


@dataclass(frozen=True)
class StructuredRequest:
    context: str
    schema: dict[str, Any]
    name: str                      # the output format's name, echoed in the Responses `text` config
    strict: bool | None
    options: FillOptions
    stream: bool = False
    include_usage: bool = False    # Chat Completions streaming: a last chunk with the usage


def bad(message: str, param: str | None, code: str | None = "invalid_value") -> CompatError:
    return openai_error(400, message, param=param, code=code)


def requested_model(body: Any) -> str:
    if not isinstance(body, dict):
        raise bad("the request body must be a JSON object", None, "invalid_type")
    model = body.get("model")
    if model is None:
        raise bad("Missing required parameter: 'model'.", "model", "missing_required_parameter")
    if not isinstance(model, str) or not model:
        raise bad("model must be a non-empty string", "model", "invalid_type")
    return model


def _asks_nothing(value: Any) -> bool:
    return value is None or value is False or value == [] or value == {} or value == "none"


def check_fields(body: dict[str, Any], used: frozenset[str], unsupported: dict[str, str]) -> None:
    """Refuse unknown fields and fields asking for what deg does not do (`unsupported`: field -> why)."""
    for name, value in body.items():
        if name in used or name in IGNORED:
            continue
        if name in unsupported:
            if _asks_nothing(value):
                continue
            raise bad(f"{name} is not supported: {unsupported[name]}", name, "unsupported_parameter")
        raise bad(f"Unrecognized request argument supplied: {name}", name, "unknown_parameter")


def json_schema_format(fmt: Any, where: str, inner: str | None = None) -> tuple[str, dict[str, Any], bool | None]:
    """(name, schema, strict) of a `json_schema` output format at `where` (its fields at `inner`,
    `where` itself by default); 400 for anything else."""
    if fmt is None:
        raise bad(NEEDS_SCHEMA.format(where=where), where, "missing_required_parameter")
    if not isinstance(fmt, dict):
        raise bad(f"{where} must be an object", where, "invalid_type")
    kind = fmt.get("type")
    if kind != "json_schema":
        raise bad(NEEDS_SCHEMA.format(where=where) + f"; got type {kind!r}", f"{where}.type")
    name, schema, strict = fmt.get("name"), fmt.get("schema"), fmt.get("strict")
    where = inner or where
    if name is None:
        raise bad(f"Missing required parameter: '{where}.name'.", f"{where}.name", "missing_required_parameter")
    if not isinstance(name, str) or not NAME.match(name):
        raise bad(f"{where}.name must be 1 to 64 letters, digits, '_' or '-'", f"{where}.name")
    if schema is None:
        raise bad(f"Missing required parameter: '{where}.schema'.", f"{where}.schema", "missing_required_parameter")
    if not isinstance(schema, dict):
        raise bad(f"{where}.schema must be a JSON Schema object", f"{where}.schema", "invalid_type")
    if strict is not None and not isinstance(strict, bool):
        raise bad(f"{where}.strict must be a boolean or null", f"{where}.strict", "invalid_type")
    description = fmt.get("description")
    if description is not None and not isinstance(description, str):
        raise bad(f"{where}.description must be a string", f"{where}.description", "invalid_type")
    for extra in sorted(set(fmt) - {"type", "name", "schema", "strict", "description"}):
        raise bad(f"Unrecognized request argument supplied: {where}.{extra}", f"{where}.{extra}", "unknown_parameter")
    return name, schema, strict


def fill_options(body: dict[str, Any], mapped: dict[str, str]) -> FillOptions:
    """deg's `options` merged with the dialect's own fields (`mapped`: request field -> option)."""
    given = body.get("options")
    if given is not None and not isinstance(given, dict):
        raise bad("options must be an object", "options", "invalid_type")
    merged = dict(given or {})
    for field, option in mapped.items():
        if body.get(field) is None:
            continue
        if option in merged:
            raise bad(f"{field} and options.{option} both set the same option; send one of them", field)
        merged[option] = body[field]
    try:
        return parse_options(merged)
    except RequestError as exc:
        first = exc.errors[0]
        option = first["loc"][1] if len(first["loc"]) > 1 else None
        field = next((f for f, o in mapped.items() if o == option and body.get(f) is not None), None)
        where = field or ".".join(map(str, first["loc"]))
        raise bad(f"{where}: {first['msg']}", field or "options") from None


def content_text(value: Any) -> str:
    """The filled value as the JSON text of the assistant's answer."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def derived_id(prefix: str, *parts: str) -> str:
    """An id fixed by what the fill depends on: the same request, the same id."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
    return prefix + digest[:32]
