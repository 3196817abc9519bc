"""`POST /v1/decisions` in the shape of the OpenAI Decisions API (openai-python 3.51.0).

`translate_decisions(body)` turns a decoded request into a `Translation` (or raises a
`CompatError` in the OpenAI error shape), and `shape_decisions(translation, response, model)`
turns the assembled fill response into the body `openai.types.Decision` parses with strict
response validation. Both are pure; the route in `gateway.compat.routes` does the IO.

Question -> field (contract 9.1):
- `predicate`: `{"type": "boolean"}`, answered with p(true).
- `choice`: `enum` of the typed values (`"true"` and `true` are different options), or a
  `oneOf` of `const` + `description` branches when any choice has a description.
- `score`: `integer` 0..L-1 with `x-levels` `{"i": "label"}` or `{"i": "label: description"}`
  (the option line the score head was trained on); the answer's `score` is the expected level.
- deg extensions `extract` and `generate` (see `gateway.compat.translate`).
The question's instructions are the field's description. The property name is the question's
`name`; an unnamed question is keyed `question_<index>` (with `_` appended while that collides
with a given name), so keys are unique and depend only on the request.

Limits and choices where the API reference is silent:
- 1..`max_questions` questions (default 400, as the API documents); names unique and non-empty.
- A choice has 1..255 unique options and a score 1..11 levels (the integer range a score head
  decides); one option / one level is answered with probability 1 without the model.
- `prompt_cache_key`, `prompt_cache_options` and parts' `prompt_cache_breakpoint` are
  accepted and ignored (deg's response cache is keyed by content, not by caller keys);
  `safety_identifier` is accepted (at most 64 characters) and not used.
- Unknown fields anywhere are refused with 400 naming them, like the API's
  `Unrecognized request argument supplied`.
- `usage`: `input_tokens` = the prompt tokens of the one fill (0 when no question needs the
  model), `output_tokens` = generated tokens, cache and reasoning details 0; never a refusal.
"""
from __future__ import annotations

from typing import Any

from deg.errors import RequestError
from deg.request import parse_options
from gateway.compat.errors import CompatError, openai_error
from gateway.compat.render import InputProblem, render_input, render_parts
from gateway.compat.translate import (MAX_CHOICES, ExtensionProblem, Question, Translation, extension_field,
                                      extract_answer, field_result, generate_answer)

__all__ = ["translate_decisions", "shape_decisions", "DECISION_MODELS", "MAX_QUESTIONS", "MAX_LEVELS"]

DECISION_MODELS = ("gpt-6-luna",)
MAX_QUESTIONS = 400
MAX_LEVELS = 11
MAX_SAFETY_IDENTIFIER = 64
TOP_LEVEL = {"model", "input", "questions", "prompt_cache_key", "prompt_cache_options", "safety_identifier", "options"}
QUESTION_FIELDS = {
    "predicate": ({"type", "instructions"}, {"name"}),
    "choice": ({"type", "instructions", "choices"}, {"name"}),
    "score": ({"type", "instructions", "levels"}, {"name"}),
    "extract": ({"type", "instructions"}, {"name", "value_type", "pattern", "min_length", "max_length"}),
    "generate": ({"type", "instructions"}, {"name", "pattern", "min_length", "max_length", "max_tokens"}),
}
INSTRUCTION_PARTS = ("input_text", "input_json")


def bad(message: str, param: str | None, code: str | None = "invalid_value") -> CompatError:
    return openai_error(400, message, param=param, code=code)


def requested_model(body: Any) -> str:
    """The `model` field, checked before anything else is translated."""
    if not isinstance(body, dict):
        raise bad("the request body must be a JSON object", None, "invalid_type")
    if "model" not in body:
        raise bad("Missing required parameter: 'model'.", "model", "missing_required_parameter")
    model = body["model"]
    if not isinstance(model, str) or not model:
        raise bad("model must be a non-empty string", "model", "invalid_type")
    return model


def translate_decisions(body: Any, *, max_questions: int = MAX_QUESTIONS) -> Translation:
    """A decoded `/v1/decisions` body as one fill; raises `CompatError` (400) naming the problem."""
    requested_model(body)
    for name in body:
        if name not in TOP_LEVEL:
            raise bad(f"Unrecognized request argument supplied: {name}", name, "unknown_parameter")
    for name in ("input", "questions"):
        if name not in body:
            raise bad(f"Missing required parameter: '{name}'.", name, "missing_required_parameter")
    _check_optional_string(body, "prompt_cache_key")
    _check_optional_string(body, "safety_identifier")
    if isinstance(body.get("safety_identifier"), str) and len(body["safety_identifier"]) > MAX_SAFETY_IDENTIFIER:
        raise bad(f"safety_identifier is longer than {MAX_SAFETY_IDENTIFIER} characters", "safety_identifier")
    cache_options = body.get("prompt_cache_options")
    if cache_options is not None and not isinstance(cache_options, dict):
        raise bad("prompt_cache_options must be an object or null", "prompt_cache_options", "invalid_type")
    try:
        options = parse_options(body.get("options"))
    except RequestError as exc:
        first = exc.errors[0]
        raise bad(f"{'.'.join(map(str, first['loc']))}: {first['msg']}", "options") from None
    try:
        context = render_input(body["input"])
    except InputProblem as exc:
        raise bad(str(exc), exc.param) from None
    questions = body["questions"]
    if not isinstance(questions, list):
        raise bad("questions must be a list of questions", "questions", "invalid_type")
    if not 1 <= len(questions) <= max_questions:
        raise bad(f"questions must hold 1 to {max_questions} questions, got {len(questions)}", "questions")
    names = _names(questions)
    keys = _keys(names)
    parsed = tuple(_question(q, f"questions[{i}]", names[i], keys[i]) for i, q in enumerate(questions))
    return Translation(context=context, questions=parsed, options=options)


def _check_optional_string(body: dict[str, Any], name: str) -> None:
    if body.get(name) is not None and not isinstance(body[name], str):
        raise bad(f"{name} must be a string or null", name, "invalid_type")


def _names(questions: list[Any]) -> list[str | None]:
    names: list[str | None] = []
    seen: set[str] = set()
    for index, question in enumerate(questions):
        name = question.get("name") if isinstance(question, dict) else None
        if isinstance(question, dict) and "name" in question:
            if not isinstance(name, str) or not name:
                raise bad("name must be a non-empty string", f"questions[{index}].name", "invalid_type")
            if name in seen:
                raise bad(f"question name {name!r} is used twice; names must be unique",
                          f"questions[{index}].name")
            seen.add(name)
        names.append(name)
    return names


def _keys(names: list[str | None]) -> list[str]:
    taken = {n for n in names if n is not None}
    keys = []
    for index, name in enumerate(names):
        if name is None:
            key = f"question_{index}"
            while key in taken:
                key += "_"
            taken.add(key)
            name = key
        keys.append(name)
    return keys


def _question(question: Any, where: str, name: str | None, key: str) -> Question:
    if not isinstance(question, dict):
        raise bad(f"{where} must be an object", where, "invalid_type")
    kind = question.get("type")
    if kind not in QUESTION_FIELDS:
        raise bad(f"{where}.type must be one of {', '.join(QUESTION_FIELDS)}, got {kind!r}", f"{where}.type")
    required, optional = QUESTION_FIELDS[kind]
    for field_name in sorted(required - set(question)):
        raise bad(f"Missing required parameter: '{where}.{field_name}'.", f"{where}.{field_name}",
                  "missing_required_parameter")
    for field_name in sorted(set(question) - required - optional):
        raise bad(f"Unrecognized request argument supplied: {where}.{field_name}", f"{where}.{field_name}",
                  "unknown_parameter")
    try:
        instructions = render_parts(question["instructions"], f"{where}.instructions", allowed=INSTRUCTION_PARTS)
    except InputProblem as exc:
        raise bad(str(exc), exc.param) from None
    extra = {"name": name}
    if kind == "predicate":
        return Question(key, kind, _described({"type": "boolean"}, instructions), extra=extra)
    if kind == "choice":
        return _choice(question["choices"], f"{where}.choices", key, instructions, extra)
    if kind == "score":
        return _score(question["levels"], f"{where}.levels", key, instructions, extra)
    try:
        field = extension_field(kind, question, instructions or None)
    except ExtensionProblem as exc:
        raise bad(str(exc), f"{where}.{exc.where}") from None
    return Question(key, kind, field, extra=extra)


def _described(schema: dict[str, Any], instructions: str) -> dict[str, Any]:
    return {**schema, "description": instructions} if instructions else schema


def _choice(choices: Any, where: str, key: str, instructions: str, extra: dict[str, Any]) -> Question:
    if not isinstance(choices, list) or not choices:
        raise bad(f"{where} must be a non-empty list of choices", where, "invalid_type")
    if len(choices) > MAX_CHOICES:
        raise bad(f"{where} has {len(choices)} choices; at most {MAX_CHOICES} are allowed", where)
    values: list[Any] = []
    descriptions: list[str | None] = []
    seen: set[tuple[type, Any]] = set()
    for index, choice in enumerate(choices):
        at = f"{where}[{index}]"
        if not isinstance(choice, dict) or "value" not in choice:
            raise bad(f"{at} must be an object with a 'value'", at, "invalid_type")
        unknown = sorted(set(choice) - {"value", "description"})
        if unknown:
            raise bad(f"Unrecognized request argument supplied: {at}.{unknown[0]}", f"{at}.{unknown[0]}",
                      "unknown_parameter")
        value = choice["value"]
        if not isinstance(value, (str, bool)):
            raise bad(f"{at}.value must be a string or a boolean", f"{at}.value", "invalid_type")
        if (type(value), value) in seen:
            raise bad(f"{at}.value {value!r} is listed twice; choices must be unique", f"{at}.value")
        seen.add((type(value), value))
        description = choice.get("description")
        if description is not None and not isinstance(description, str):
            raise bad(f"{at}.description must be a string", f"{at}.description", "invalid_type")
        values.append(value)
        descriptions.append(description or None)
    if len(values) == 1:
        return Question(key, "choice", None, options=tuple(values), extra=extra)
    if any(descriptions):
        branches = [{"const": v, **({"description": d} if d else {})} for v, d in zip(values, descriptions)]
        field = {"oneOf": branches}
    else:
        field = {"enum": values}
    return Question(key, "choice", _described(field, instructions), options=tuple(values), extra=extra)


def _score(levels: Any, where: str, key: str, instructions: str, extra: dict[str, Any]) -> Question:
    if not isinstance(levels, list) or not levels:
        raise bad(f"{where} must be a non-empty list of levels", where, "invalid_type")
    if len(levels) > MAX_LEVELS:
        raise bad(f"{where} has {len(levels)} levels; at most {MAX_LEVELS} are allowed", where)
    labels: list[str] = []
    lines: dict[str, str] = {}
    for index, level in enumerate(levels):
        at = f"{where}[{index}]"
        if not isinstance(level, dict) or not isinstance(level.get("label"), str) or not level["label"]:
            raise bad(f"{at} must be an object with a non-empty string 'label'", at, "invalid_type")
        unknown = sorted(set(level) - {"label", "description"})
        if unknown:
            raise bad(f"Unrecognized request argument supplied: {at}.{unknown[0]}", f"{at}.{unknown[0]}",
                      "unknown_parameter")
        description = level.get("description")
        if description is not None and not isinstance(description, str):
            raise bad(f"{at}.description must be a string", f"{at}.description", "invalid_type")
        labels.append(level["label"])
        lines[str(index)] = f"{level['label']}: {description}" if description else level["label"]
    extra = {**extra, "labels": tuple(labels)}
    if len(levels) == 1:
        return Question(key, "score", None, levels=1, extra=extra)
    field = {"type": "integer", "minimum": 0, "maximum": len(levels) - 1, "x-levels": lines}
    return Question(key, "score", _described(field, instructions), levels=len(levels), extra=extra)


# ---------------------------------------------------------------- response


def shape_decisions(translation: Translation, response: dict[str, Any] | None, model: str) -> dict[str, Any]:
    """The `Decision` body: answers in question order, deg's model id, usage with all five fields.

    `response` is the assembled fill (`{value, meta, usage, ...}`), or None when no question
    needed the model.
    """
    answers = [_answer(q, response) for q in translation.questions]
    usage = response["usage"] if response is not None else {"prompt_tokens": 0, "generated_tokens": 0}
    input_tokens, output_tokens = int(usage["prompt_tokens"]), int(usage["generated_tokens"])
    return {
        "answers": answers,
        "model": model,
        "usage": {
            "input_tokens": input_tokens,
            "input_tokens_details": {"cache_write_tokens": 0, "cached_tokens": 0},
            "output_tokens": output_tokens,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": input_tokens + output_tokens,
        },
    }


def _answer(question: Question, response: dict[str, Any] | None) -> dict[str, Any]:
    head = {"type": question.kind, "name": question.extra["name"]}
    if question.field is None:
        return {**head, **_certain(question)}
    value, meta = field_result(response, question.key)
    if question.kind == "predicate":
        return {**head, "probability": meta["probability"]}
    if question.kind == "choice":
        return {**head, "choice": value,
                "probabilities": [{"value": v, "probability": p} for v, p in zip(question.options, meta["probabilities"])],
                "confidence": meta["confidence"]}
    if question.kind == "score":
        return {**head, "score": meta["expected"],
                "probabilities": [{"value": i, "label": label, "probability": p}
                                  for i, (label, p) in enumerate(zip(question.extra["labels"], meta["probabilities"]))],
                "confidence": meta["confidence"]}
    shaped = extract_answer(value, meta) if question.kind == "extract" else generate_answer(value, meta)
    return {**head, **{k: v for k, v in shaped.items() if k != "type"}}


def _certain(question: Question) -> dict[str, Any]:
    """The answer to a one-option choice or one-level score: that outcome, probability 1."""
    if question.kind == "choice":
        value = question.options[0]
        return {"choice": value, "probabilities": [{"value": value, "probability": 1.0}], "confidence": 1.0}
    label = question.extra["labels"][0]
    return {"score": 0.0, "probabilities": [{"value": 0, "label": label, "probability": 1.0}], "confidence": 1.0}
