"""The request bodies of the compatibility routes as OpenAPI component schemas.

The routes validate their bodies themselves (to answer in each client's error shape), so
FastAPI cannot derive these; they are written from the translations (`decisions`,
`systemone`, `openai_chat`, `openai_responses`) and say what those accept: required fields,
types, the question kinds and their fields, list sizes. What a schema cannot say (unique
question names and choice values, a schema the compiler can fill) is checked by the route
with a 400 (422 on `/v1/systemone`) naming the problem.

`COMPONENTS` goes under `components.schemas` (`gateway.openapi.install_openapi`);
`request_body(path)` is the `openapi_extra` of a route. References point at
`#/components/schemas/<name>`, `FillOptions` and `FillSchema` included (`gateway.openapi` adds
them).
"""
from __future__ import annotations

from typing import Any

from gateway.compat import decisions, systemone
from gateway.compat.errors import CHAT_PATH, DECISIONS_PATH, RESPONSES_PATH, SYSTEMONE_PATH
from gateway.compat.translate import MAX_CHOICES, VALUE_TYPES

__all__ = ["COMPONENTS", "request_body"]


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(required: list[str], properties: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False,
            **extra}


def part(kind: str, field: str, value: dict[str, Any]) -> dict[str, Any]:
    return obj(["type", field], {"type": {"const": kind}, field: value})


def parts(*names: str) -> dict[str, Any]:
    """A string, or a non-empty list of the named content parts."""
    listed = {"type": "array", "minItems": 1, "items": {"anyOf": [ref(n) for n in names]}}
    return {"anyOf": [{"type": "string"}, listed]}


STRING = {"type": "string"}
COUNT = {"type": "integer", "minimum": 0}
NAME = {"type": "string", "minLength": 1}
ANY_CONTENT = {"anyOf": [{"type": "string"}, {"type": "object"}, {"type": "array"}]}   # TypeSafe content
OUTPUT_NAME = {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}

PARTS = {
    "InputTextPart": part("input_text", "text", STRING),
    "InputJsonPart": part("input_json", "data", {"anyOf": [{"type": "object"},
                                                           {"type": "array", "items": {"type": "object"}}]}),
    "OutputTextPart": part("output_text", "text", STRING),
    "RefusalPart": part("refusal", "refusal", STRING),
    "TextPart": part("text", "text", STRING),
}


def message(role: str, content: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    return obj(["role", "content"], {"role": {"const": role}, "content": content, **extra})


ITEM_EXTRA = {"type": {"const": "message"}, "id": STRING, "status": STRING, "phase": STRING}
CALL_EXTRA = {"id": STRING, "status": STRING}
INPUT_ITEMS = {
    "InputItem": {"anyOf": [
        message("user", parts("InputTextPart", "InputJsonPart"), ITEM_EXTRA),
        message("developer", parts("InputTextPart"), ITEM_EXTRA),
        message("system", parts("InputTextPart"), ITEM_EXTRA),
        message("assistant", parts("OutputTextPart", "RefusalPart"), ITEM_EXTRA),
        obj(["type", "call_id", "name", "arguments"], {"type": {"const": "function_call"}, "call_id": STRING,
                                                       "name": STRING, "arguments": STRING, **CALL_EXTRA}),
        obj(["type", "call_id", "output"], {"type": {"const": "function_call_output"}, "call_id": STRING,
                                            "output": parts("InputTextPart"), **CALL_EXTRA}),
        obj(["type", "call_id", "name", "input"], {"type": {"const": "custom_tool_call"}, "call_id": STRING,
                                                   "name": STRING, "input": STRING, **CALL_EXTRA}),
        obj(["type", "call_id", "output"], {"type": {"const": "custom_tool_call_output"}, "call_id": STRING,
                                            "output": parts("InputTextPart"), **CALL_EXTRA}),
    ]},
    "Input": {"anyOf": [{"type": "string"}, {"type": "array", "minItems": 1, "items": ref("InputItem")}]},
}

INSTRUCTIONS = parts("InputTextPart", "InputJsonPart")
STRING_LIMITS = {"pattern": STRING, "min_length": COUNT, "max_length": COUNT}


def question(kind: str, required: list[str], fields: dict[str, Any]) -> dict[str, Any]:
    return obj(["type", "instructions", *required],
               {"type": {"const": kind}, "instructions": INSTRUCTIONS, "name": NAME, **fields})


DECISIONS_BODY = {
    "DecisionQuestion": {"anyOf": [
        question("predicate", [], {}),
        question("choice", ["choices"], {"choices": {"type": "array", "minItems": 1, "maxItems": MAX_CHOICES,
                                                     "items": obj(["value"], {"value": {"type": ["string", "boolean"]},
                                                                              "description": STRING})}}),
        question("score", ["levels"], {"levels": {"type": "array", "minItems": 1, "maxItems": decisions.MAX_LEVELS,
                                                  "items": obj(["label"], {"label": NAME, "description": STRING})}}),
        question("extract", [], {"value_type": {"enum": list(VALUE_TYPES)}, **STRING_LIMITS}),
        question("generate", [], {**STRING_LIMITS, "max_tokens": {"type": "integer", "minimum": 1}}),
    ]},
    "DecisionsRequest": obj(["model", "input", "questions"], {
        "model": {**NAME, "examples": [decisions.DECISION_MODELS[0], "deg-latest"]},
        "input": ref("Input"),
        "questions": {"type": "array", "minItems": 1, "maxItems": decisions.MAX_QUESTIONS,
                      "items": ref("DecisionQuestion")},
        "prompt_cache_key": {"type": ["string", "null"]},
        "prompt_cache_options": {"type": ["object", "null"]},
        "safety_identifier": {"type": ["string", "null"], "maxLength": 64},
        "options": ref("FillOptions"),
    }),
}

NULLABLE_CONTENT = {"anyOf": [*ANY_CONTENT["anyOf"], {"type": "null"}]}
LEVEL = {"anyOf": [{"type": "string", "minLength": 1}, {"type": "object", "minProperties": 1},
                   {"type": "array", "minItems": 1}]}


def jev_question(kind: str, required: list[str], fields: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": ["type", *required],
            "properties": {"type": {"const": kind}, "instructions": NULLABLE_CONTENT, **fields}}


SYSTEMONE_BODY = {
    "SystemOneQuestion": {"anyOf": [
        jev_question("noul", [], {"criteria": {"type": ["object", "null"], "properties": {
            "true": NULLABLE_CONTENT, "false": NULLABLE_CONTENT}}}),
        jev_question("choice", ["criteria"], {"criteria": {"type": "object", "minProperties": 1,
                                                           "maxProperties": MAX_CHOICES,
                                                           "additionalProperties": NULLABLE_CONTENT}}),
        jev_question("score", ["criteria"], {"criteria": {"type": "array", "minItems": 1,
                                                          "maxItems": systemone.MAX_LEVELS, "items": LEVEL}}),
        jev_question("extract", [], {"value_type": {"enum": list(VALUE_TYPES)}, **STRING_LIMITS}),
        jev_question("generate", [], {**STRING_LIMITS, "max_tokens": {"type": "integer", "minimum": 1}}),
    ]},
    "SystemOneRequest": obj(["state", "questions"], {
        "state": ANY_CONTENT,
        "model": {"type": "string", "default": systemone.DEFAULT_MODEL, "examples": list(systemone.SYSTEMONE_MODELS)},
        "questions": {"type": "object", "minProperties": 1, "maxProperties": systemone.MAX_QUESTIONS,
                      "additionalProperties": ref("SystemOneQuestion")},
        "options": ref("FillOptions"),
    }),
}

IGNORED = {"user": STRING, "metadata": {"type": ["object", "null"], "additionalProperties": STRING},
           "store": {"type": ["boolean", "null"]}, "prompt_cache_key": {"type": ["string", "null"]},
           "safety_identifier": {"type": ["string", "null"]}, "service_tier": {"type": ["string", "null"]},
           "top_p": {"type": ["number", "null"]}}
SEED = {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}
TEMPERATURE = {"type": "number", "minimum": 0, "description": "above 0 needs a seed (sampled generated text)"}
TOKENS = {"type": "integer", "minimum": 1, "maximum": 4096, "description": "caps generated text (max_new_tokens)"}
FORMAT_FIELDS = {"name": OUTPUT_NAME, "schema": ref("FillSchema"),
                 "strict": {"type": ["boolean", "null"]}, "description": STRING}
CHAT_MESSAGE = {"anyOf": [message(role, parts(*names), {"name": STRING}) for role, names in (
    ("system", ("TextPart",)), ("developer", ("TextPart",)), ("user", ("TextPart",)),
    ("assistant", ("TextPart", "RefusalPart")))]}

OPENAI_BODIES = {
    "ChatCompletionRequest": obj(["model", "messages", "response_format"], {
        "model": {**NAME, "examples": ["deg-latest"]},
        "messages": {"type": "array", "minItems": 1, "items": CHAT_MESSAGE},
        "response_format": obj(["type", "json_schema"], {
            "type": {"const": "json_schema"},
            "json_schema": obj(["name", "schema"], FORMAT_FIELDS)}),
        "stream": {"type": ["boolean", "null"]},
        "stream_options": {"type": ["object", "null"], "properties": {"include_usage": {"type": "boolean"}}},
        "seed": SEED, "temperature": TEMPERATURE, "max_completion_tokens": TOKENS, "max_tokens": TOKENS,
        "n": {"const": 1}, "options": ref("FillOptions"), **IGNORED,
    }),
    "ResponsesRequest": obj(["model", "input", "text"], {
        "model": {**NAME, "examples": ["deg-latest"]},
        "input": ref("Input"),
        "instructions": {"type": ["string", "null"]},
        "text": obj(["format"], {"format": obj(["type", "name", "schema"], {"type": {"const": "json_schema"},
                                                                            **FORMAT_FIELDS}),
                                 "verbosity": {"type": ["string", "null"]}}),
        "stream": {"type": ["boolean", "null"]},
        "temperature": TEMPERATURE, "max_output_tokens": TOKENS, "options": ref("FillOptions"), **IGNORED,
    }),
}

COMPONENTS: dict[str, dict[str, Any]] = {**PARTS, **INPUT_ITEMS, **DECISIONS_BODY, **SYSTEMONE_BODY, **OPENAI_BODIES}
BODY_OF = {DECISIONS_PATH: "DecisionsRequest", SYSTEMONE_PATH: "SystemOneRequest",
           CHAT_PATH: "ChatCompletionRequest", RESPONSES_PATH: "ResponsesRequest"}


def request_body(path: str) -> dict[str, Any]:
    """The `openapi_extra` of a compatibility route: its body by reference."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": ref(BODY_OF[path])}}}}
