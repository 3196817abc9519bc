"""What both decision APIs share: one request becomes ONE fill of ONE schema.

A request is translated into a `Translation`: the rendered context, one `Question` per asked
question (in request order), and the fill options. `Translation.schema()` is the object schema
whose properties are the questions that need the model (key = the question's name or id), so
the context is read once and every question is an independent field (contract 7 and 9.1).
A one-option choice or one-level score needs no model: it has no field and is answered with
probability 1 (`Question.field is None`).

After the fill, `field_result` reads a question's `value` and `meta` back from the assembled
response, and `extract_answer` / `generate_answer` shape the two deg extensions identically
for both APIs.

The deg extensions (contract 9.1) on both APIs:
- `extract`: `{"type": "extract", "instructions", "value_type", "pattern", "min_length",
  "max_length"}`; `value_type` is one of `string` (default), `number`, `integer`, `date`,
  `date-time`, `email`, `uri`, `uuid`; the field is nullable, so a miss is `null` with a
  `null_reason`.
- `generate`: `{"type": "generate", "instructions", "min_length", "max_length", "pattern",
  "max_tokens"}`; `max_tokens` becomes the field's `x-max-tokens`.
"""
from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field
from typing import Any

from deg.request import FillOptions
from deg.response import escape

__all__ = ["Question", "Translation", "extension_field", "extract_answer", "field_result", "generate_answer",
           "ExtensionProblem", "VALUE_TYPES", "MAX_CHOICES"]

MAX_CHOICES = 255

VALUE_TYPES: dict[str, dict[str, Any]] = {
    "string": {"type": ["string", "null"]},
    "number": {"type": ["number", "null"]},
    "integer": {"type": ["integer", "null"]},
    "date": {"type": ["string", "null"], "format": "date"},
    "date-time": {"type": ["string", "null"], "format": "date-time"},
    "email": {"type": ["string", "null"], "format": "email"},
    "uri": {"type": ["string", "null"], "format": "uri"},
    "uuid": {"type": ["string", "null"], "format": "uuid"},
}
STRING_KEYWORDS = {"pattern": "pattern", "min_length": "minLength", "max_length": "maxLength"}


@dataclass(frozen=True)
class Question:
    key: str                          # property name in the schema = the answer's key
    kind: str                         # predicate | noul | choice | score | extract | generate
    field: dict[str, Any] | None      # the property schema; None when answered without the model
    options: tuple[Any, ...] = ()     # choice: values in option order
    levels: int = 0                   # score: number of levels (0..levels-1)
    extra: dict[str, Any] = dataclass_field(default_factory=dict)  # per-API echo (name, labels, legend)


@dataclass(frozen=True)
class Translation:
    context: str
    questions: tuple[Question, ...]
    options: FillOptions

    def schema(self) -> dict[str, Any]:
        """One object schema: every question that needs the model, in request order."""
        asked = [q for q in self.questions if q.field is not None]
        return {
            "type": "object",
            "properties": {q.key: q.field for q in asked},
            "required": [q.key for q in asked],
            "additionalProperties": False,
        }

    @property
    def needs_model(self) -> bool:
        return any(q.field is not None for q in self.questions)


class ExtensionProblem(ValueError):
    """An extension question field is wrong; `where` names the field inside the question."""

    def __init__(self, message: str, where: str) -> None:
        super().__init__(message)
        self.where = where


EXTENSION_FIELDS = {
    "extract": {"value_type", "pattern", "min_length", "max_length"},
    "generate": {"pattern", "min_length", "max_length", "max_tokens"},
}


def extension_field(kind: str, question: dict[str, Any], description: str | None) -> dict[str, Any]:
    """The property schema of an `extract` or `generate` question (fields checked here)."""
    schema: dict[str, Any]
    if kind == "extract":
        value_type = question.get("value_type", "string")
        if value_type not in VALUE_TYPES:
            raise ExtensionProblem(f"value_type must be one of {', '.join(VALUE_TYPES)}, got {value_type!r}",
                                   "value_type")
        schema = dict(VALUE_TYPES[value_type])
        string_like = schema["type"][0] == "string" and "format" not in schema
    else:
        schema = {"type": "string", "x-generate": True}
        string_like = True
    for name, keyword in STRING_KEYWORDS.items():
        if name not in question:
            continue
        if not string_like:
            raise ExtensionProblem(f"{name} applies only to string values", name)
        value = question[name]
        if keyword == "pattern":
            if not isinstance(value, str):
                raise ExtensionProblem("pattern must be a string", name)
        elif not _is_count(value):
            raise ExtensionProblem(f"{name} must be an integer >= 0", name)
        schema[keyword] = value
    if "max_tokens" in question:
        if not _is_count(question["max_tokens"]) or question["max_tokens"] < 1:
            raise ExtensionProblem("max_tokens must be an integer >= 1", "max_tokens")
        schema["x-max-tokens"] = question["max_tokens"]
    if description:
        schema["description"] = description
    return schema


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def field_result(response: dict[str, Any], key: str) -> tuple[Any, dict[str, Any]]:
    """(value, meta) of the top-level property `key` in an assembled fill response."""
    pointer = "/" + escape(key)
    return response["value"].get(key), response["meta"][pointer]


def extract_answer(value: Any, meta: dict[str, Any]) -> dict[str, Any]:
    answer = {"type": "extract", "value": value, "span": meta.get("span"), "confidence": meta.get("confidence")}
    if "null_reason" in meta:
        answer["null_reason"] = meta["null_reason"]
    return answer


def generate_answer(value: Any, meta: dict[str, Any]) -> dict[str, Any]:
    return {"type": "generate", "text": value, "output_tokens": int(meta.get("generated_tokens") or 0)}
