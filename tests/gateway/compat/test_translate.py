"""Pure translation and shaping of the decision APIs: fixtures of raw request/response pairs
(exact JSON, key order included) and every refusal the translation makes, without any server."""
from __future__ import annotations

import asyncio
import copy
import json
import sys
from pathlib import Path

import pytest

import deg

sys.path.insert(0, str(Path(__file__).parent))

from compat_double import double_fill  # noqa: E402
from gateway.compat.decisions import shape_decisions, translate_decisions  # noqa: E402
from gateway.compat.errors import CompatError  # noqa: E402
from gateway.compat.systemone import shape_systemone, translate_systemone  # noqa: E402

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))
APIS = {"/v1/decisions": (translate_decisions, shape_decisions),
        "/v1/systemone": (translate_systemone, shape_systemone)}


def run_fixture(doc: dict):
    translate, shape = APIS[doc["route"]]
    translation = translate(copy.deepcopy(doc["request"]))
    plan = deg.compile_schema(translation.schema()) if translation.needs_model else None
    response = (asyncio.run(double_fill(translation.context, plan, translation.options,
                                        doc["response"]["model"])) if translation.needs_model else None)
    return translation, response, shape(translation, response, doc["response"]["model"])


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture_context_schema_and_answers_exact(path):
    doc = json.loads(path.read_text())
    translation, _, body = run_fixture(doc)
    assert translation.context == doc["context"]
    # Serialized comparison: equal values AND equal key order (answers in question order).
    assert json.dumps(translation.schema()) == json.dumps(doc["schema"])
    assert json.dumps(body) == json.dumps(doc["response"])


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_answers_are_the_fill_of_the_equivalent_schema_bit_for_bit(path):
    doc = json.loads(path.read_text())
    translation, response, body = run_fixture(doc)
    answers = body["answers"] if doc["route"] == "/v1/systemone" else dict(
        zip([q.key for q in translation.questions], body["answers"]))
    for question in translation.questions:
        answer = answers[question.key]
        if question.field is None:
            continue
        meta = response["meta"]["/" + question.key]
        if question.kind in ("predicate", "noul"):
            assert answer.get("probability", answer.get("noul")) == meta["probability"]
        elif question.kind in ("choice", "score"):
            probs = answer["probabilities"]
            got = list(probs.values()) if isinstance(probs, dict) else [p["probability"] for p in probs]
            assert got == meta["probabilities"]
            assert answer["confidence"] == meta["confidence"]
            if question.kind == "score":
                assert answer["score"] == meta["expected"]
        elif question.kind == "extract":
            assert answer["value"] == response["value"][question.key] and answer["span"] == meta["span"]


def test_single_user_message_reads_like_a_string_input():
    base = {"model": "gpt-6-luna", "questions": [{"type": "predicate", "instructions": "q"}]}
    as_text = translate_decisions({**base, "input": "Hello there"})
    as_message = translate_decisions({**base, "input": [{"role": "user", "content": [
        {"type": "input_text", "text": "Hello there"}]}]})
    assert as_text.context == as_message.context == "Hello there"
    assert as_text.schema() == as_message.schema()


def test_translation_is_deterministic_and_does_not_mutate_the_request():
    doc = json.loads((Path(__file__).parent / "fixtures" / "systemone_basic.json").read_text())
    request = copy.deepcopy(doc["request"])
    first, second = translate_systemone(request), translate_systemone(request)
    assert request == doc["request"]
    assert first.context == second.context and json.dumps(first.schema()) == json.dumps(second.schema())


def test_typed_choice_values_are_distinct_and_unnamed_keys_avoid_given_names():
    translation = translate_decisions({"model": "gpt-6-luna", "input": "x", "questions": [
        {"type": "predicate", "instructions": "a"},
        {"type": "predicate", "name": "question_0", "instructions": "b"},
        {"type": "choice", "instructions": "c", "choices": [{"value": "true"}, {"value": True}]}]})
    assert [q.key for q in translation.questions] == ["question_0_", "question_0", "question_2"]
    assert translation.schema()["properties"]["question_2"]["enum"] == ["true", True]


def question(**extra):
    return {"type": "predicate", "instructions": "Is it?", **extra}


def decisions(**changes):
    body = {"model": "gpt-6-luna", "input": "text", "questions": [question()]}
    body.update(changes)
    return {k: v for k, v in body.items() if v is not ...}


IMAGE = {"type": "input_image", "image_url": "data:image/png;base64,AAAA"}
DECISION_ERRORS = [
    (decisions(model=...), "model", "Missing required parameter"),
    (decisions(extra=1), "extra", "Unrecognized request argument supplied: extra"),
    (decisions(questions=[]), "questions", "1 to 400"),
    (decisions(questions=[question()] * 401), "questions", "got 401"),
    (decisions(input=[{"role": "user", "content": [IMAGE]}]), "input[0].content[0]", "image"),
    (decisions(input=[{"type": "function_call_output", "call_id": "c", "output": [IMAGE]}]), "input[0].output[0]",
     "image"),
    (decisions(questions=[question(instructions=[IMAGE])]), "questions[0].instructions[0]", "image"),
    (decisions(input=[{"role": "robot", "content": "x"}]), "input[0].role", "role must be one of"),
    (decisions(input=[]), "input", "empty"),
    (decisions(input=5), "input", "string or a list"),
    (decisions(questions=[question(name="a"), question(name="a")]), "questions[1].name", "used twice"),
    (decisions(questions=[{"type": "choice", "instructions": "c", "choices": [{"value": "a"}, {"value": "a"}]}]),
     "questions[0].choices[1].value", "listed twice"),
    (decisions(questions=[{"type": "choice", "instructions": "c", "choices": [{"value": 1}]}]),
     "questions[0].choices[0].value", "string or a boolean"),
    (decisions(questions=[{"type": "choice", "instructions": "c", "choices": [{"value": str(i)} for i in range(256)]}]),
     "questions[0].choices", "at most 255"),
    (decisions(questions=[{"type": "score", "instructions": "s", "levels": [{"label": str(i)} for i in range(12)]}]),
     "questions[0].levels", "at most 11"),
    (decisions(questions=[{"type": "box", "instructions": "b"}]), "questions[0].type", "must be one of"),
    (decisions(questions=[question(colour="red")]), "questions[0].colour", "Unrecognized"),
    (decisions(questions=[{"type": "extract", "instructions": "e", "value_type": "money"}]),
     "questions[0].value_type", "value_type must be one of"),
    (decisions(options={"temperature": 0.5}), "options", "seed"),
    (decisions(safety_identifier="x" * 65), "safety_identifier", "longer than 64"),
]


@pytest.mark.parametrize("body,param,text", DECISION_ERRORS)
def test_decisions_refusals_name_the_problem(body, param, text):
    with pytest.raises(CompatError) as caught:
        translate_decisions(body)
    error = caught.value
    assert error.status == 400
    assert list(error.body["error"]) == ["message", "type", "param", "code"]
    assert error.body["error"]["type"] == "invalid_request_error"
    assert error.body["error"]["param"] == param
    assert text in error.body["error"]["message"]


def systemone(**changes):
    body = {"model": "jev-latest", "state": "text", "questions": {"q": {"type": "noul", "instructions": "Is it?"}}}
    body.update(changes)
    return {k: v for k, v in body.items() if v is not ...}


SYSTEMONE_ERRORS = [
    (systemone(state=...), 422, [{"type": "missing", "loc": ["body", "state"], "msg": "Field required"}]),
    (systemone(questions={}), 422, [{"type": "too_short", "loc": ["body", "questions"]}]),
    (systemone(questions={"q": {"instructions": "x"}}), 422, [{"type": "union_tag_not_found"}]),
    (systemone(questions={"q": {"type": "choice"}}), 422, [{"type": "missing",
                                                            "loc": ["body", "questions", "q", "choice", "criteria"]}]),
    (systemone(questions={"q": {"type": "score", "criteria": []}}), 422, [{"type": "too_short"}]),
    (systemone(state=3), 422, [{"type": "model_type", "loc": ["body", "state"]}]),
    (systemone(questions={"q": {"type": "box"}}), 400, {"error_type": "api_usage_error"}),
    (systemone(questions={"q": {"type": "rank"}}), 400, {"error_type": "api_usage_error"}),
    (systemone(stream=True), 400, {"error_type": "api_usage_error"}),
    (systemone(assets={"a": {"type": "image", "part": "asset-0"}}), 400, {"error_type": "api_usage_error"}),
    (systemone(questions={"q": {"type": "choice", "criteria": {str(i): None for i in range(256)}}}), 400,
     "Too many choices. Must have at most 255 choices."),
    (systemone(questions={"q": {"type": "score", "criteria": [str(i) for i in range(11)]}}), 400,
     "Too many score levels. Must have at most 10 levels."),
    (systemone(questions={str(i): {"type": "noul", "instructions": "x"} for i in range(10_000)}), 400,
     "Too many questions. Must have at most 400 questions."),
    (systemone(questions={"q": {"type": "noul"}}), 400, {"error_type": "api_usage_error"}),
]


@pytest.mark.parametrize("body,status,detail", SYSTEMONE_ERRORS)
def test_systemone_refusals_follow_live_jev(body, status, detail):
    with pytest.raises(CompatError) as caught:
        translate_systemone(body)
    error = caught.value
    assert error.status == status
    got = error.body["detail"]
    if isinstance(detail, list):
        assert isinstance(got, list) and len(got) == len(detail)
        for item, expected in zip(got, detail):
            assert list(item) == ["type", "loc", "msg", "input"]
            assert {k: item[k] for k in expected} == expected
    elif isinstance(detail, dict):
        assert got["error_type"] == "api_usage_error" and got["message"].startswith("Invalid request. ")
        assert len(got["message"]) > len("Invalid request. ")
    else:
        assert got == detail


def test_unknown_question_keys_are_ignored_and_one_option_needs_no_model():
    translation = translate_systemone(systemone(questions={
        "only": {"type": "choice", "criteria": {"yes": None}, "whatever": [1]}}))
    assert not translation.needs_model
    body = shape_systemone(translation, None, "deg-x")
    assert body == {"model": "deg-x", "answers": {"only": {"type": "choice", "choice": "yes", "confidence": 1.0,
                                                            "probabilities": {"yes": 1.0}}},
                    "usage": {"input_tokens": 0, "output_tokens": 0}}
