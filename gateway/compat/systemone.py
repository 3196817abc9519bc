"""`POST /v1/systemone` in the shape of TypeSafe Jev (typesafe-sdk 0.7.5, live jev-1.13.0).

`translate_systemone(body)` turns a decoded request into a `Translation` (or raises a
`CompatError` in live Jev's error shapes) and `shape_systemone(translation, response, model)`
builds the body the SDK's strict pydantic models parse. Both are pure.

Question -> field (contract 9.1):
- `noul`: `boolean`; the description is the instructions followed by `Yes means: <true>` and
  `No means: <false>` lines for the described outcomes (the jev training format).
- `choice`: `criteria` label -> description or null; `enum` of the labels, or `oneOf` of
  `const` + `description` when any label is described.
- `score`: `criteria` list, position = level; `integer` 0..L-1 with `x-levels` `{"i": <the
  criterion as text>}`; the answer's `score` is the expected level and `legend` echoes every
  criterion exactly as sent (a string, object or array).
- deg extensions `extract` and `generate` (see `gateway.compat.translate`).
The property name is the question's id; answers come back keyed by id in request order.
Instructions and criteria may be strings or JSON values: strings are used verbatim, JSON values
are rendered as a JSON context is (contract 7.1), so the same request always reads the same text.

Limits and errors as live Jev (contract 9.1): 1..255 choices (`Too many choices...`), 1..10
levels, an unknown question type (`box` included: it needs an image model) or unknown top-level
field -> 400 `api_usage_error`, missing fields or empty `questions`/`criteria` -> 422 with
`{type, loc, msg, input}` items, unknown question keys ignored. deg adds: at most
`max_questions` (default 400) questions per request; `assets` (images) -> 400, since this model
reads text only; a noul with neither instructions nor a described outcome -> 400; the
`api_usage_error` message says what was wrong after live Jev's `Invalid request.`.
"""
from __future__ import annotations

from typing import Any

from deg.errors import RequestError
from deg.request import parse_options
from gateway.compat.errors import CompatError, jev_error, jev_item, jev_usage_error, jev_validation_error
from gateway.compat.render import InputProblem, render_content
from gateway.compat.translate import (MAX_CHOICES, ExtensionProblem, Question, Translation, extension_field,
                                      extract_answer, field_result, generate_answer)

__all__ = ["translate_systemone", "shape_systemone", "SYSTEMONE_MODELS", "DEFAULT_MODEL", "MAX_LEVELS",
           "MAX_QUESTIONS", "requested_model"]

SYSTEMONE_MODELS = ("jev-latest", "jev-preview", "clef-flash")
DEFAULT_MODEL = "jev-latest"
MAX_LEVELS = 10
MAX_QUESTIONS = 400
TOP_LEVEL = {"state", "model", "questions", "assets", "options"}
KINDS = ("noul", "choice", "score", "extract", "generate")
IMAGE_REFUSED = "Image assets are not supported: this model reads text only; send the text instead."


def requested_model(body: Any) -> str:
    """The `model` field (default `jev-latest`), checked before anything else is translated."""
    if not isinstance(body, dict):
        raise jev_validation_error([jev_item("model_attributes_type", [], "Input should be a valid dictionary or "
                                             "object to extract fields from", body)])
    model = body.get("model", DEFAULT_MODEL)
    if not isinstance(model, str):
        raise jev_validation_error([jev_item("string_type", ["model"], "Input should be a valid string", model)])
    return model


def translate_systemone(body: Any, *, max_questions: int = MAX_QUESTIONS) -> Translation:
    """A decoded `/v1/systemone` body as one fill; raises `CompatError` naming the problem."""
    requested_model(body)
    for name in body:
        if name not in TOP_LEVEL:
            raise jev_usage_error(f"Unknown field {name!r}.")
    if "assets" in body:
        raise jev_usage_error(IMAGE_REFUSED)
    missing = [jev_item("missing", [name], "Field required", body) for name in ("state", "questions") if name not in body]
    if missing:
        raise jev_validation_error(missing)
    state, questions = body["state"], body["questions"]
    if not isinstance(state, (str, dict, list)):
        raise jev_validation_error([jev_item("model_type", ["state"], "Input should be a valid string, dictionary "
                                             "or list", state)])
    if not isinstance(questions, dict):
        raise jev_validation_error([jev_item("dict_type", ["questions"], "Input should be a valid dictionary",
                                             questions)])
    if not questions:
        raise jev_validation_error([jev_item("too_short", ["questions"], "Dictionary should have at least 1 item "
                                             "after validation, not 0", questions)])
    if len(questions) > max_questions:
        raise jev_error(400, f"Too many questions. Must have at most {max_questions} questions.")
    try:
        options = parse_options(body.get("options"))
    except RequestError as exc:
        raise jev_validation_error([jev_item("value_error", list(e["loc"]), e["msg"], body.get("options"))
                                    for e in exc.errors]) from None
    context = _content(state, ["state"])
    parsed = tuple(_question(key, question) for key, question in questions.items())
    return Translation(context=context, questions=parsed, options=options)


def _content(value: Any, loc: list[str | int]) -> str:
    try:
        return render_content(value, ".".join(map(str, loc)))
    except InputProblem as exc:
        raise jev_validation_error([jev_item("value_error", loc, str(exc), None)]) from None


def _optional_content(question: dict[str, Any], name: str, loc: list[str | int]) -> str | None:
    value = question.get(name)
    if value is None:
        return None
    if not isinstance(value, (str, dict, list)):
        raise jev_validation_error([jev_item("model_type", [*loc, name], "Input should be a valid string, "
                                             "dictionary or list", value)])
    return _content(value, [*loc, name])


def _question(key: str, question: Any) -> Question:
    loc: list[str | int] = ["questions", key]
    if not isinstance(question, dict):
        raise jev_validation_error([jev_item("model_attributes_type", loc, "Input should be a valid dictionary or "
                                             "object to extract fields from", question)])
    if "type" not in question:
        raise jev_validation_error([jev_item("union_tag_not_found", loc, "Unable to extract tag using discriminator "
                                             "'type'", question)])
    kind = question["type"]
    if kind not in KINDS:
        reason = (f"Question {key!r} has type 'box', which needs an image model; this model reads text only."
                  if kind == "box" else f"Question {key!r} has unknown type {kind!r}; expected one of "
                  f"{', '.join(KINDS)}.")
        raise jev_usage_error(reason)
    loc = [*loc, kind]
    instructions = _optional_content(question, "instructions", loc)
    if kind == "noul":
        return _noul(key, question, instructions, loc)
    if kind in ("choice", "score") and "criteria" not in question:
        raise jev_validation_error([jev_item("missing", [*loc, "criteria"], "Field required", question)])
    if kind == "choice":
        return _choice(key, question["criteria"], instructions, loc)
    if kind == "score":
        return _score(key, question["criteria"], instructions, loc)
    try:
        field = extension_field(kind, question, instructions)
    except ExtensionProblem as exc:
        raise jev_validation_error([jev_item("value_error", [*loc, exc.where], str(exc),
                                             question.get(exc.where))]) from None
    return Question(key, kind, field)


def _noul(key: str, question: dict[str, Any], instructions: str | None, loc: list[str | int]) -> Question:
    criteria = question.get("criteria")
    if criteria is not None and not isinstance(criteria, dict):
        raise jev_validation_error([jev_item("model_type", [*loc, "criteria"], "Input should be a valid "
                                             "dictionary or instance of NoulCriteria", criteria)])
    criteria = criteria or {}
    lines = [instructions] if instructions else []
    for outcome, lead in (("true", "Yes means: "), ("false", "No means: ")):
        described = _optional_content(criteria, outcome, [*loc, "criteria"])
        if described:
            lines.append(lead + described)
    if not lines:
        raise jev_usage_error(f"Noul question {key!r} has neither instructions nor criteria.")
    return Question(key, "noul", {"type": "boolean", "description": "\n".join(lines)})


def _choice(key: str, criteria: Any, instructions: str | None, loc: list[str | int]) -> Question:
    where = [*loc, "criteria"]
    if not isinstance(criteria, dict):
        raise jev_validation_error([jev_item("dict_type", where, "Input should be a valid dictionary", criteria)])
    if not criteria:
        raise jev_validation_error([jev_item("too_short", where, "Dictionary should have at least 1 item after "
                                             "validation, not 0", criteria)])
    if len(criteria) > MAX_CHOICES:
        raise jev_error(400, f"Too many choices. Must have at most {MAX_CHOICES} choices.")
    labels = tuple(criteria)
    descriptions = [_optional_content(criteria, label, where) for label in labels]
    if len(labels) == 1:
        return Question(key, "choice", None, options=labels)
    if any(descriptions):
        field: dict[str, Any] = {"oneOf": [{"const": label, **({"description": d} if d else {})}
                                           for label, d in zip(labels, descriptions)]}
    else:
        field = {"enum": list(labels)}
    if instructions:
        field["description"] = instructions
    return Question(key, "choice", field, options=labels)


def _score(key: str, criteria: Any, instructions: str | None, loc: list[str | int]) -> Question:
    where = [*loc, "criteria"]
    if not isinstance(criteria, list):
        raise jev_validation_error([jev_item("list_type", where, "Input should be a valid list", criteria)])
    if not criteria:
        raise jev_validation_error([jev_item("too_short", where, "List should have at least 1 item after "
                                             "validation, not 0", criteria)])
    if len(criteria) > MAX_LEVELS:
        raise jev_error(400, f"Too many score levels. Must have at most {MAX_LEVELS} levels.")
    lines: dict[str, str] = {}
    for level, criterion in enumerate(criteria):
        if not isinstance(criterion, (str, dict, list)):
            raise jev_validation_error([jev_item("model_type", [*where, level], "Input should be a valid string, "
                                                 "dictionary or list", criterion)])
        text = _content(criterion, [*where, level])
        if not text:
            raise jev_usage_error(f"Score question {key!r} has an empty criterion at level {level}.")
        lines[str(level)] = text
    legend = {str(level): criterion for level, criterion in enumerate(criteria)}
    if len(criteria) == 1:
        return Question(key, "score", None, levels=1, extra={"legend": legend})
    field: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": len(criteria) - 1, "x-levels": lines}
    if instructions:
        field["description"] = instructions
    return Question(key, "score", field, levels=len(criteria), extra={"legend": legend})


# ---------------------------------------------------------------- response


def shape_systemone(translation: Translation, response: dict[str, Any] | None, model: str) -> dict[str, Any]:
    """The SystemOne body: `{model, answers (by id, request order), usage}`."""
    answers = {q.key: _answer(q, response) for q in translation.questions}
    usage = response["usage"] if response is not None else {"prompt_tokens": 0, "generated_tokens": 0}
    return {"model": model, "answers": answers,
            "usage": {"input_tokens": int(usage["prompt_tokens"]), "output_tokens": int(usage["generated_tokens"])}}


def _answer(question: Question, response: dict[str, Any] | None) -> dict[str, Any]:
    if question.field is None:
        return _certain(question)
    value, meta = field_result(response, question.key)
    if question.kind == "noul":
        return {"type": "noul", "noul": meta["probability"]}
    if question.kind == "choice":
        return {"type": "choice", "choice": value, "confidence": meta["confidence"],
                "probabilities": dict(zip(question.options, meta["probabilities"]))}
    if question.kind == "score":
        return {"type": "score", "score": meta["expected"], "confidence": meta["confidence"],
                "legend": question.extra["legend"],
                "probabilities": {str(level): p for level, p in enumerate(meta["probabilities"])}}
    return extract_answer(value, meta) if question.kind == "extract" else generate_answer(value, meta)


def _certain(question: Question) -> dict[str, Any]:
    """A one-label choice or one-level score: that outcome with probability 1, no model."""
    if question.kind == "choice":
        label = question.options[0]
        return {"type": "choice", "choice": label, "confidence": 1.0, "probabilities": {label: 1.0}}
    return {"type": "score", "score": 0.0, "confidence": 1.0, "legend": question.extra["legend"],
            "probabilities": {"0": 1.0}}
