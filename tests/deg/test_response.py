"""deg.response.assemble: value, meta, usage and final validation (contract section 8)."""
from __future__ import annotations

import copy
import json
import random

import pytest

from deg.errors import FillError
from deg.outcomes import (ArrayOutcome, FieldOutcome, RawFill, choice_outcome, generate_outcome,
                          noul_outcome, score_outcome)
from deg.response import apply_drops, assemble
from deg.schema import compile_schema

TICKET = {
    "type": "object",
    "properties": {
        "department": {"enum": ["billing", "tech", "sales"]},
        "urgent": {"type": "boolean"},
        "anger": {"type": "integer", "minimum": 0, "maximum": 4},
        "order_id": {"type": "string", "pattern": "^[A-Z]{3}-\\d+$"},
        "due": {"type": "string", "format": "date"},
        "sent": {"type": ["string", "null"], "format": "date-time"},
        "line_items": {
            "type": "array",
            "items": {"type": "object",
                      "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"}},
                      "required": ["sku"]},
        },
        "reply": {"type": "string", "x-generate": True},
    },
    "required": ["department", "order_id", "line_items"],
}


def span_outcome(pointer, plan_pointer, mode, value, span, confidence=0.9, **kw):
    return FieldOutcome(pointer, plan_pointer, mode, value, True, confidence=confidence, span=span,
                        **kw)


def missing(pointer, plan_pointer, mode, reason="not_found", confidence=0.4):
    return FieldOutcome(pointer, plan_pointer, mode, None, False, null_reason=reason,
                        confidence=confidence)


def ticket_raw(plan) -> RawFill:
    leaf = {f.pointer: f for f in plan.fields}
    return RawFill(
        fields=[
            choice_outcome(leaf["/department"], "/department", [0.8, 0.15, 0.05]),
            noul_outcome(leaf["/urgent"], "/urgent", 0.91),
            score_outcome(leaf["/anger"], "/anger", [0, 0.1, 0.6, 0.3, 0]),
            span_outcome("/order_id", "/order_id", "extract.span", "ORD-123", (32, 39), 0.88),
            missing("/due", "/due", "extract.date"),
            span_outcome("/sent", "/sent", "extract.date", "2026-03-05T14:30:00Z", (50, 66), 0.7,
                         assumed_offset=True),
            span_outcome("/line_items/0/sku", "/line_items/*/sku", "extract.span", "A-1", (70, 73)),
            span_outcome("/line_items/0/qty", "/line_items/*/qty", "extract.number", 2, (75, 76)),
            span_outcome("/line_items/1/sku", "/line_items/*/sku", "extract.span", "B-2", (80, 83)),
            missing("/line_items/1/qty", "/line_items/*/qty", "extract.number", "unparsable"),
            generate_outcome(leaf["/reply"], "/reply", "We are on it.", 11),
        ],
        arrays=[ArrayOutcome("/line_items", "/line_items", 2)],
        prompt_tokens=42, generated_tokens=11,
    )


def test_full_response_matches_section_8():
    plan = compile_schema(TICKET)
    response = assemble(plan, ticket_raw(plan), model="deg-smollm2-135m-0.1")
    assert response == {
        "model": "deg-smollm2-135m-0.1",
        "value": {
            "department": "billing", "urgent": True, "anger": 2, "order_id": "ORD-123",
            "sent": "2026-03-05T14:30:00Z",
            "line_items": [{"sku": "A-1", "qty": 2}, {"sku": "B-2"}],
            "reply": "We are on it.",
        },
        "meta": {
            "/department": {"mode": "decide.choice", "probability": 0.8,
                            "confidence": pytest.approx(0.7), "probabilities": [0.8, 0.15, 0.05]},
            "/urgent": {"mode": "decide.noul", "probability": 0.91},
            "/anger": {"mode": "decide.score", "probability": 0.6, "confidence": 0.5,
                       "probabilities": [0, 0.1, 0.6, 0.3, 0], "expected": pytest.approx(2.2)},
            "/order_id": {"mode": "extract.span", "confidence": 0.88, "span": [32, 39]},
            "/due": {"mode": "extract.date", "confidence": 0.4, "span": None,
                     "null_reason": "not_found"},
            "/sent": {"mode": "extract.date", "confidence": 0.7, "span": [50, 66],
                      "assumed_offset": True},
            "/line_items": {"mode": "array", "items": 2},
            "/line_items/0/sku": {"mode": "extract.span", "confidence": 0.9, "span": [70, 73]},
            "/line_items/0/qty": {"mode": "extract.number", "confidence": 0.9, "span": [75, 76]},
            "/line_items/1/sku": {"mode": "extract.span", "confidence": 0.9, "span": [80, 83]},
            "/line_items/1/qty": {"mode": "extract.number", "confidence": 0.4, "span": None,
                                  "null_reason": "unparsable"},
            "/reply": {"mode": "generate", "generated_tokens": 11},
        },
        "usage": {"prompt_tokens": 42, "generated_tokens": 11, "cached_tokens": 0, "fork_tokens": 0},
        "plan": plan.fingerprint,
        "warnings": [],
    }
    assert list(response["value"]) == ["department", "urgent", "anger", "order_id", "sent",
                                       "line_items", "reply"]


def test_on_null_branches():
    plan = compile_schema(TICKET)
    raw = ticket_raw(plan)
    # nullable -> null with a reason; optional -> omitted (meta kept); required -> FillError
    fields = [missing("/sent", "/sent", "extract.date", "format") if f.pointer == "/sent" else f
              for f in raw.fields]
    response = assemble(plan, RawFill(fields, raw.arrays, 1, 0), model="m")
    assert response["value"]["sent"] is None
    assert response["meta"]["/sent"]["null_reason"] == "format"
    assert "due" not in response["value"] and response["meta"]["/due"]["span"] is None
    fields = [missing("/order_id", "/order_id", "extract.span") if f.pointer == "/order_id" else f
              for f in raw.fields]
    with pytest.raises(FillError, match="/order_id: required field has no valid value"):
        assemble(plan, RawFill(fields, raw.arrays, 1, 0), model="m")


def test_decided_null_and_empty_optional_array():
    schema = {"type": "object", "properties": {
        "mood": {"enum": ["calm", None]},
        "level": {"type": ["integer", "null"], "minimum": 1, "maximum": 3},
        "tags": {"type": "array", "items": {"type": "string"}},
    }}
    plan = compile_schema(schema)
    leaf = {f.pointer: f for f in plan.fields}
    raw = RawFill([choice_outcome(leaf["/mood"], "/mood", [0.3, 0.7]),
                   score_outcome(leaf["/level"], "/level", [0.1, 0.1, 0.1, 0.7])],
                  [ArrayOutcome("/tags", "/tags", 0)], 5, 0)
    response = assemble(plan, raw, model="m")
    assert response["value"] == {"mood": None, "level": None, "tags": []}
    assert response["meta"]["/level"]["probabilities"] == [0.1, 0.1, 0.1, 0.7]
    assert response["meta"]["/tags"] == {"mode": "array", "items": 0}
    assert response["usage"] == {"prompt_tokens": 5, "generated_tokens": 0, "cached_tokens": 0, "fork_tokens": 0}


def test_meta_pointers_escape_tilde_and_slash():
    schema = {"type": "object", "properties": {
        "a/b": {"type": "array", "items": {"type": "object", "properties": {
            "m~n": {"type": ["number", "null"]}}}},
        "~/": {"type": "boolean"},
    }}
    plan = compile_schema(schema)
    assert [f.pointer for f in plan.fields] == ["/a~1b/*/m~0n", "/~0~1"]
    leaf = {f.pointer: f for f in plan.fields}
    raw = RawFill(
        [span_outcome("/a~1b/0/m~0n", "/a~1b/*/m~0n", "extract.number", 1.5, (0, 3)),
         noul_outcome(leaf["/~0~1"], "/~0~1", 0.2)],
        [ArrayOutcome("/a~1b", "/a~1b", 1)], 3, 0)
    response = assemble(plan, raw, model="m")
    assert response["value"] == {"a/b": [{"m~n": 1.5}], "~/": False}
    assert list(response["meta"]) == ["/a~1b", "/a~1b/0/m~0n", "/~0~1"]


def test_generated_tokens_sum_over_generate_items():
    schema = {"type": "object", "properties": {
        "notes": {"type": "array", "items": {"type": "string"}, "x-generate": True},
        "title": {"type": "string", "x-generate": True, "maxLength": 20}}}
    plan = compile_schema(schema)
    leaf = {f.pointer: f for f in plan.fields}
    raw = RawFill([generate_outcome(leaf["/notes/*"], "/notes/0", "one", 2),
                   generate_outcome(leaf["/notes/*"], "/notes/1", "two", 3),
                   generate_outcome(leaf["/title"], "/title", "Title", 4)],
                  [ArrayOutcome("/notes", "/notes", 2)], 9, 999)
    response = assemble(plan, raw, model="m")
    assert response["value"] == {"notes": ["one", "two"], "title": "Title"}
    assert response["usage"]["generated_tokens"] == 9
    assert response["meta"]["/notes/1"] == {"mode": "generate", "generated_tokens": 3}


@pytest.mark.parametrize(
    "schema,outcome,match",
    [
        ({"type": "number", "maximum": 10},
         span_outcome("/v", "/v", "extract.number", 11, (0, 2)), "/v: value fails 'maximum'"),
        ({"type": "string", "format": "email"},
         span_outcome("/v", "/v", "extract.span", "not-an-email", (0, 3)),
         "/v: value fails 'format'"),
        ({"type": "string", "format": "date"},
         span_outcome("/v", "/v", "extract.date", "2026-02-30", (0, 3)),
         "/v: value fails 'format'"),
        ({"type": "string", "x-generate": True, "pattern": "^[a-z]+$"},
         FieldOutcome("/v", "/v", "generate", "ABC", True, generated_tokens=2),
         "/v: value fails 'pattern'"),
        ({"type": "integer"},
         span_outcome("/v", "/v", "extract.number", 1.5, (0, 3)), "/v: value fails 'type'"),
    ],
)
def test_final_validation_raises(schema, outcome, match):
    plan = compile_schema({"type": "object", "properties": {"v": schema}})
    with pytest.raises(FillError, match=match):
        assemble(plan, RawFill([outcome], [], 1, 0), model="m")


def test_unique_items_checked():
    schema = {"type": "object", "properties": {
        "ids": {"type": "array", "uniqueItems": True, "items": {"type": "string"}}}}
    plan = compile_schema(schema)
    raw = RawFill([span_outcome("/ids/0", "/ids/*", "extract.span", "A", (0, 1)),
                   span_outcome("/ids/1", "/ids/*", "extract.span", "A", (5, 6))],
                  [ArrayOutcome("/ids", "/ids", 2)], 1, 0)
    with pytest.raises(FillError, match="/ids: value fails 'uniqueItems'"):
        assemble(plan, raw, model="m")


def test_schema_draft_is_respected():
    schema = {
        "$schema": "http://json-schema.org/draft-04/schema#",
        "type": "object",
        "definitions": {"amount": {"type": "number", "maximum": 10, "exclusiveMaximum": True}},
        "properties": {"total": {"$ref": "#/definitions/amount"}},
        "required": ["total"],
    }
    plan = compile_schema(schema)
    ok = RawFill([span_outcome("/total", "/total", "extract.number", 9.5, (0, 3))], [], 1, 0)
    assert assemble(plan, ok, model="m")["value"] == {"total": 9.5}
    bad = RawFill([span_outcome("/total", "/total", "extract.number", 10, (0, 2))], [], 1, 0)
    with pytest.raises(FillError, match="/total: value fails 'maximum'"):
        assemble(plan, bad, model="m")


def test_outcomes_must_match_the_plan():
    plan = compile_schema(TICKET)
    raw = ticket_raw(plan)
    without_reply = [f for f in raw.fields if f.pointer != "/reply"]
    with pytest.raises(FillError, match="/reply: no outcome for leaf /reply"):
        assemble(plan, RawFill(without_reply, raw.arrays, 1, 0), model="m")
    extra = raw.fields + [span_outcome("/line_items/5/sku", "/line_items/*/sku", "extract.span",
                                       "Z", (0, 1))]
    with pytest.raises(FillError, match="/line_items/5/sku: item /line_items/5 was not counted"):
        assemble(plan, RawFill(extra, raw.arrays, 1, 0), model="m")
    twice = raw.fields + [raw.fields[0]]
    with pytest.raises(FillError, match="/department: two leaf outcomes"):
        assemble(plan, RawFill(twice, raw.arrays, 1, 0), model="m")
    wrong = [FieldOutcome("/department", "/department", "decide.choice", "tech", True,
                          probability=0.8, probabilities=[0.8, 0.15, 0.05], confidence=0.7)
             if f.pointer == "/department" else f for f in raw.fields]
    with pytest.raises(FillError, match="not the most probable 'billing'"):
        assemble(plan, RawFill(wrong, raw.arrays, 1, 0), model="m")
    stray = raw.fields + [span_outcome("/nope", "/nope", "extract.span", "x", (0, 1))]
    with pytest.raises(FillError, match="plan has no leaf /nope"):
        assemble(plan, RawFill(stray, raw.arrays, 1, 0), model="m")
    bad_index = raw.fields + [span_outcome("/line_items/01/sku", "/line_items/*/sku",
                                           "extract.span", "Z", (0, 1))]
    with pytest.raises(FillError, match="'01' is not an array index"):
        assemble(plan, RawFill(bad_index, raw.arrays, 1, 0), model="m")


def test_deterministic_bytes_and_independent_of_outcome_order():
    plan = compile_schema(TICKET)
    raw = ticket_raw(plan)
    reference = json.dumps(assemble(plan, raw, model="m")).encode()
    rng = random.Random(7)
    for _ in range(5):
        fields = list(raw.fields)
        rng.shuffle(fields)
        shuffled = RawFill(fields, list(raw.arrays), raw.prompt_tokens, raw.generated_tokens)
        assert json.dumps(assemble(plan, shuffled, model="m")).encode() == reference
    wire = RawFill.from_dict(json.loads(json.dumps(raw.to_dict())))
    assert json.dumps(assemble(plan, wire, model="m")).encode() == reference


def test_assemble_is_idempotent_over_apply_drops_and_pure():
    plan = compile_schema(TICKET)
    raw = ticket_raw(plan)
    before = copy.deepcopy(raw.to_dict())
    once = assemble(plan, raw, model="m")
    assert assemble(plan, apply_drops(plan, raw), model="m") == once
    assert raw.to_dict() == before
