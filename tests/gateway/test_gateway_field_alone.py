"""A field's outcome is the same, bit for bit, whatever other fields the schema holds (contract
section 10), on the embedded SmolLM2 with the shipped checkpoint, through the served path.

Every decided or copied leaf kind alone against the same leaf in the full schema, and a generate
field alone against it beside another generate field (its text reads the parallel outcomes it is
given, so it is independent of the other generate fields, not of the decided ones): through `/v1/fill` (one worker,
default threads; and two runtime workers of one thread each reading a long context as windows),
through `/v1/decisions` with one question, and through the `openai` client's
`chat.completions.parse` with a one-field model. The tiny-model determinism tests compare
subsets too, but a one-field schema's fork pass is a single GEMM tile, and a batch of one tile
took the BLAS's one-problem path: that only shows on real weights, whole-model shapes and the
served thread settings, so this is checked here, on them."""
from __future__ import annotations

import json
from typing import Literal, Optional

import httpx
import openai
import pytest
from pydantic import BaseModel

from deg_service_procs import EMBEDDED_RUNTIME_FACTORY, REPO, Processes

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]  # the embedded model in real processes

CHECKPOINT = REPO / "checkpoints" / "deg-smollm2-135m-0.5"
CONTEXT = ("Invoice INV-2041 from Acme GmbH, issued 2026-11-20. Total due: 1,250.00 EUR by 2026-12-15.\n"
           "Lines: SKU CB-7 qty 2; SKU DX-9 qty 1. Status: unpaid. Questions: billing@acme.example")
EVERY_KIND = {
    "type": "object",
    "properties": {
        "currency": {"enum": ["EUR", "USD", "GBP"]},                                        # decide.choice
        "urgency": {"type": "integer", "minimum": 1, "maximum": 5},                          # decide.score
        "paid": {"type": "boolean"},                                                         # decide.noul
        "invoice_number": {"type": ["string", "null"]},                                      # extract.span
        "total": {"type": ["number", "null"]},                                               # extract.number
        "due_date": {"type": ["string", "null"], "format": "date"},                          # extract.date
        "contact": {"type": ["string", "null"], "format": "email"},                          # extract.span, email
        "lines": {"type": "array", "maxItems": 3, "items": {                                  # anchored array
            "type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": ["integer", "null"]}},
            "required": ["sku"]}},
        "payment": {"oneOf": [                                                               # union
            {"type": "object", "properties": {"card_last4": {"type": ["string", "null"]}}, "required": ["card_last4"]},
            {"type": "object", "properties": {"iban": {"type": ["string", "null"]}}, "required": ["iban"]}]},
        "summary": {"type": "string", "x-generate": True, "x-max-tokens": 4},                # generate
    },
    "required": ["currency", "urgency", "paid", "invoice_number", "total", "due_date", "contact", "lines",
                 "payment", "summary"],
}
OTHER_GENERATE = {"type": "string", "x-generate": True, "x-max-tokens": 3}
PARALLEL = [n for n in EVERY_KIND["properties"] if n != "summary"]
# A context of ~480 tokens, read as windows of at most 192 tokens (`DEG_WINDOW_TOKENS`).
LONG_CONTEXT = "\n".join([f"Note {i}: the warehouse in Lyon reported a routine stock count with no issue."
                          for i in range(18)] + [CONTEXT])
WINDOWED_FIELDS = ("paid", "total", "lines")


def alone(name: str) -> dict:
    return {"type": "object", "properties": {name: EVERY_KIND["properties"][name]}, "required": [name]}


def fill(url: str, context: str, schema: dict) -> dict:
    response = httpx.post(url + "/v1/fill", json={"context": context, "schema": schema}, timeout=600,
                          headers={"Cache-Control": "no-cache"}, trust_env=False)
    assert response.status_code == 200, response.text
    return response.json()


def with_another_generate_field(name: str) -> dict:
    schema = alone(name)
    return {**schema, "properties": {**schema["properties"], "title": OTHER_GENERATE}, "required": [name, "title"]}


def owned(body: dict, name: str) -> tuple:
    """The field's value and every meta entry at or under its pointer."""
    pointer = "/" + name
    return body["value"][name], {p: m for p, m in body["meta"].items() if p == pointer or p.startswith(pointer + "/")}


@pytest.fixture(scope="module")
def served():
    started = Processes()
    try:
        _, one = started.inference(factory=EMBEDDED_RUNTIME_FACTORY, ready_timeout=600, DEG_CHECKPOINT=str(CHECKPOINT))
        _, two = started.inference(factory=EMBEDDED_RUNTIME_FACTORY, ready_timeout=600, DEG_CHECKPOINT=str(CHECKPOINT),
                                   DEG_RUNTIME_WORKERS="2", OMP_NUM_THREADS="1", DEG_WINDOW_TOKENS="192")
        _, url = started.gateway(DEG_INFERENCE=one, DEG_REQUEST_TIMEOUT_S="600")
        _, windowed = started.gateway(DEG_INFERENCE=two, DEG_REQUEST_TIMEOUT_S="600")
        yield {"plain": url, "windowed": windowed}
    finally:
        started.stop_all()


def test_every_leaf_kind_alone_equals_it_in_the_full_schema(served):
    full = fill(served["plain"], CONTEXT, EVERY_KIND)
    modes = {m["mode"] for m in full["meta"].values()}
    assert {"decide.choice", "decide.score", "decide.noul", "extract.span", "extract.number", "extract.date",
            "generate"} <= modes, modes
    for name in PARALLEL:
        assert owned(fill(served["plain"], CONTEXT, alone(name)), name) == owned(full, name), name
    assert owned(fill(served["plain"], CONTEXT, alone("summary")), "summary") == \
        owned(fill(served["plain"], CONTEXT, with_another_generate_field("summary")), "summary")


def test_two_workers_reading_windows_answer_a_field_alone_as_in_the_full_schema(served):
    schema = {**EVERY_KIND, "properties": {n: EVERY_KIND["properties"][n] for n in WINDOWED_FIELDS},
              "required": list(WINDOWED_FIELDS)}
    full = fill(served["windowed"], LONG_CONTEXT, schema)
    assert full["usage"]["prompt_tokens"] > 2 * 192                    # at least three windows were read
    for name in WINDOWED_FIELDS:
        assert owned(fill(served["windowed"], LONG_CONTEXT, alone(name)), name) == owned(full, name), name
    assert owned(fill(served["windowed"], LONG_CONTEXT, alone("summary")), "summary") == \
        owned(fill(served["windowed"], LONG_CONTEXT, with_another_generate_field("summary")), "summary")


QUESTIONS = [
    {"type": "predicate", "name": "paid", "instructions": "Has the invoice been paid?"},
    {"type": "choice", "name": "currency", "instructions": "Which currency?",
     "choices": [{"value": "EUR"}, {"value": "USD"}, {"value": "GBP"}]},
    {"type": "score", "name": "urgency", "instructions": "How urgent is payment?",
     "levels": [{"label": "relaxed"}, {"label": "soon"}, {"label": "overdue"}]},
]


def test_a_decision_with_one_question_equals_it_among_several(served):
    client = openai.OpenAI(base_url=served["plain"] + "/v1", api_key="unused", max_retries=0, timeout=600)

    def decide(questions):
        return json.loads(client.decisions.with_raw_response.create(
            model="deg-latest", input=[{"role": "user", "content": CONTEXT}], questions=questions).http_response.content)

    together = {a["name"]: a for a in decide(QUESTIONS)["answers"]}
    for question in QUESTIONS:
        (answer,) = decide([question])["answers"]
        assert answer == together[question["name"]], question["name"]


class Invoice(BaseModel):
    currency: Literal["EUR", "USD", "GBP"]
    paid: bool
    invoice_number: Optional[str]
    total: Optional[float]


class Currency(BaseModel):
    currency: Literal["EUR", "USD", "GBP"]


class Total(BaseModel):
    total: Optional[float]


def test_a_one_field_model_parses_as_that_field_of_a_bigger_model(served):
    client = openai.OpenAI(base_url=served["plain"] + "/v1", api_key="unused", max_retries=0, timeout=600)

    def parse(model):
        return client.chat.completions.parse(model="deg-latest", messages=[{"role": "user", "content": CONTEXT}],
                                             response_format=model).choices[0].message
    whole = parse(Invoice)
    assert parse(Currency).parsed.currency == whole.parsed.currency
    assert parse(Total).parsed.total == whole.parsed.total
    # the fill behind the route: the same field's meta, bitwise
    from openai.lib._pydantic import to_strict_json_schema
    big, small = fill(served["plain"], CONTEXT, to_strict_json_schema(Invoice)), \
        fill(served["plain"], CONTEXT, to_strict_json_schema(Total))
    assert owned(small, "total") == owned(big, "total")
