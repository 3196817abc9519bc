"""`GET /openapi.json`: a valid OpenAPI 3.1 document whose every `$ref` resolves, and whose
request bodies say what the routes accept: real requests validate against them and are served
(200), and bodies generated from them are answered without a 5xx."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from openapi_spec_validator import validate

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))

from gateway.app import create_app  # noqa: E402
from gateway.settings import GatewaySettings  # noqa: E402
from schema_strategy import from_schema, inline_refs  # noqa: E402

POSTS = ["/v1/fill", "/v1/plan", "/v1/decisions", "/v1/systemone", "/v1/chat/completions", "/v1/responses"]
SCHEMA = {"type": "object", "properties": {"urgent": {"type": "boolean"}, "team": {"enum": ["billing", "other"]},
                                           "order_id": {"type": ["string", "null"]}},
          "required": ["urgent", "team", "order_id"], "additionalProperties": False}
OUTPUT = {"name": "Ticket", "schema": SCHEMA, "strict": True}
CONTEXT = "order_id: A-1042\nurgent? yes"
EXAMPLES = {
    "/v1/fill": {"context": CONTEXT, "schema": SCHEMA, "options": {"date_order": "DMY", "seed": 3}},
    "/v1/plan": {"schema": SCHEMA},
    "/v1/decisions": {"model": "gpt-6-luna", "input": [
        {"role": "system", "content": "Support desk."},
        {"role": "user", "content": [{"type": "input_text", "text": CONTEXT},
                                     {"type": "input_json", "data": {"a": 1}}]},
        {"type": "function_call", "call_id": "c1", "name": "lookup", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "found"}],
        "questions": [{"type": "predicate", "name": "urgent", "instructions": "Urgent?"},
                      {"type": "choice", "instructions": "Team?", "choices": [{"value": "billing"}, {"value": True}]},
                      {"type": "score", "instructions": "Anger", "levels": [{"label": "calm"}, {"label": "angry"}]},
                      {"type": "extract", "name": "order", "instructions": "Order id", "value_type": "string"}]},
    "/v1/systemone": {"state": {"body": CONTEXT}, "model": "jev-latest", "questions": {
        "billing": {"type": "noul", "instructions": "About billing?", "criteria": {"true": "payments", "false": None}},
        "tone": {"type": "choice", "criteria": {"calm": None, "angry": "caps"}},
        "urgency": {"type": "score", "criteria": ["later", {"when": "today"}]}}},
    "/v1/chat/completions": {"model": "deg-latest", "messages": [
        {"role": "system", "content": "Extract the ticket."},
        {"role": "user", "content": [{"type": "text", "text": CONTEXT}]}],
        "response_format": {"type": "json_schema", "json_schema": OUTPUT}, "seed": 7, "stream": False},
    "/v1/responses": {"model": "deg-latest", "input": CONTEXT, "instructions": "Extract the ticket.",
                      "text": {"format": {"type": "json_schema", **OUTPUT}}, "max_output_tokens": 64},
}


@pytest.fixture(scope="module")
def document():
    response = TestClient(create_app(GatewaySettings())).get("/openapi.json")   # no backend needed
    assert response.status_code == 200
    return response.json()


def body_schema(document, path):
    body = document["paths"][path]["post"]["requestBody"]
    assert body["required"] is True
    return inline_refs(body["content"]["application/json"]["schema"], document)


def refs_of(node):
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from refs_of(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs_of(value)


def test_the_document_is_valid_openapi_and_every_ref_resolves(document):
    validate(document)
    refs = set(refs_of(document))
    assert "#/components/schemas/FillOptions" in refs and all(ref.startswith("#/components/schemas/") for ref in refs)
    for ref in refs:
        assert ref.removeprefix("#/components/schemas/") in document["components"]["schemas"], ref
    assert "$defs" not in json.dumps(document)


def test_every_route_documents_its_answers_and_its_refusals(document):
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            success = [status for status in responses if status.startswith("2")]
            assert success and set(responses) - set(success), (method, path, list(responses))   # refusals too
            for status, answer in responses.items():
                for media_type, content in answer["content"].items():
                    schema = content["schema"]
                    assert schema, f"{method} {path} {status} {media_type}: an empty schema says nothing"
                    jsonschema.Draft202012Validator.check_schema(inline_refs(schema, document))
            json_answer = responses[success[0]]["content"]["application/json"]["schema"]
            assert json_answer["$ref"].startswith("#/components/schemas/"), (method, path)


@pytest.mark.parametrize("path,answer,status", [
    ("/v1/fill", "FillResponse", "200"), ("/v1/plan", "PlanResponse", "200"),
    ("/v1/decisions", "Decision", "200"), ("/v1/systemone", "SystemOneResponse", "200"),
    ("/v1/chat/completions", "ChatCompletion", "200"), ("/v1/responses", "Response", "200"),
])
def test_success_and_error_bodies_by_route(document, path, answer, status):
    responses = document["paths"][path]["post"]["responses"]
    assert responses[status]["content"]["application/json"]["schema"] == {"$ref": f"#/components/schemas/{answer}"}
    error = {"/v1/fill": "GatewayError", "/v1/plan": "GatewayError", "/v1/systemone": "SystemOneError"}.get(
        path, "OpenAIError")
    assert responses["400"]["content"]["application/json"]["schema"] == {"$ref": f"#/components/schemas/{error}"}


@pytest.mark.parametrize("path", POSTS)
def test_each_body_is_a_json_schema_that_a_real_request_satisfies(document, path):
    schema = body_schema(document, path)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(EXAMPLES[path], schema)
    assert schema["type"] == "object" and schema["additionalProperties"] is False


@pytest.mark.parametrize("path,refused", [
    ("/v1/fill", {"context": "x", "schema": SCHEMA, "colour": 1}),
    ("/v1/decisions", {"model": "gpt-6-luna", "input": "x", "questions": []}),
    ("/v1/systemone", {"state": "x", "questions": {}}),
    ("/v1/chat/completions", {"model": "deg-latest", "messages": [{"role": "user", "content": "x"}],
                              "response_format": {"type": "json_object"}}),
    ("/v1/responses", {"model": "deg-latest", "input": "x", "text": {"format": {"type": "json_object"}}}),
])
def test_bodies_the_routes_refuse_are_outside_the_documented_schema(document, path, refused):
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(refused, body_schema(document, path))


@pytest.fixture(scope="module")
def served(inference_address):
    """The gateway in-process over a real inference process (the rule-based test runtime)."""
    with TestClient(create_app(GatewaySettings(inference=inference_address))) as client:
        yield client


@pytest.mark.slow
@pytest.mark.parametrize("path", POSTS)
def test_the_documented_example_is_served(served, document, path):
    response = served.post(path, json=EXAMPLES[path])
    assert response.status_code == 200, response.text
    documented = document["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    jsonschema.validate(response.json(), inline_refs(documented, document))   # the answer, as documented
    refused = served.post(path, content=b"{not json")
    documented = document["paths"][path]["post"]["responses"][str(refused.status_code)]
    jsonschema.validate(refused.json(), inline_refs(documented["content"]["application/json"]["schema"], document))


def fill_error(response) -> bool:
    """The contract's one 5xx for a request: the fill could not produce a valid value (FillError),
    e.g. generated text that cannot meet a generated `min_length` or `pattern` within its token
    budget (the test runtime writes `"<key> text"` whatever the limits say)."""
    body = response.json()
    message = (body["error"].get("code") or body["error"].get("type")) if "error" in body else body.get("detail")
    return response.status_code == 500 and ("fill_error" in str(message) or "fill failed" in str(message))


@pytest.fixture
def drawn_from_this_test_alone(monkeypatch):
    """Hypothesis mixes constants found in every loaded local module into what it draws, so the
    same derandomized test would draw other bodies after other tests had imported more modules;
    with that pool empty the 25 bodies depend on this test alone, in any suite order."""
    from hypothesis.internal.cache import LRUCache
    from hypothesis.internal.conjecture import providers
    monkeypatch.setattr(providers, "_get_local_constants", providers.Constants)
    monkeypatch.setattr(providers, "CONSTANTS_CACHE", LRUCache(1024))


@pytest.mark.slow
@pytest.mark.parametrize("path", POSTS)
def test_generated_bodies_are_answered_without_a_server_error(served, document, path, drawn_from_this_test_alone):
    answers: list[tuple[int, str]] = []

    @settings(max_examples=25, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(from_schema(body_schema(document, path)))
    def post(body):
        if "model" in body and len(answers) % 2 == 0:
            body["model"] = "deg-latest"           # half of them ask for a served model by name
        response = served.post(path, json=body)
        answers.append((response.status_code, response.text[:300]))
        if response.headers.get("content-type", "").startswith("text/event-stream"):
            # a streamed answer (`stream: true`): server-sent events to the end of the fill
            assert response.status_code == 200 and body.get("stream") is True
            assert response.text.rstrip().endswith(("data: [DONE]", "}")), response.text[-300:]
            return
        assert response.json()                  # every answer, refusals included, is a JSON body
        assert response.status_code < 500 or fill_error(response), (body, response.text)

    post()
    statuses = [status for status, _ in answers]
    assert len(statuses) == 25
    assert set(statuses) <= {200, 400, 404, 422, 500}, answers
    assert 200 in statuses, answers          # the documented body describes requests the route serves
