"""30 pydantic document models (benchmarks/corpus_models.py) filled through `/v1/fill` by the
real stack: an inference process serving the embedded SmolLM2 with the committed checkpoint
(`services.suite.REPOSITORY_CHECKPOINT`), a real uvicorn gateway, and `degsdk.Client`.

Each model's schema is what `model_json_schema()` gives, unions, maps, Decimal, time, tuples
and all. What is checked is the promise for any answer: the value is valid against the
model's JSON Schema (the SDK's `fill(context, Model)` returns a validated instance), or the
gateway answers a fill_error naming the field that has no valid value; never an invalid
value. Contexts are short, so the whole suite is one service and a few seconds a model.
"""
from __future__ import annotations

import importlib.util
import sys

import jsonschema
import pytest

from deg.parsers.formats import FORMAT_CHECKER
from deg_service_procs import EMBEDDED_RUNTIME_FACTORY, REPO, Processes
from degsdk import Client, DegError
from services.suite import REPOSITORY_CHECKPOINT

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

_PATH = REPO / "benchmarks" / "corpus_models.py"
_SPEC = importlib.util.spec_from_file_location("corpus_models", _PATH)
models = sys.modules.get("corpus_models") or importlib.util.module_from_spec(_SPEC)
if "corpus_models" not in sys.modules:
    sys.modules["corpus_models"] = models  # pydantic resolves forward names through it
    _SPEC.loader.exec_module(models)

CHECKPOINT = REPOSITORY_CHECKPOINT  # the checkpoint committed with the code


@pytest.fixture(scope="module")
def client():
    started = Processes()
    try:
        _, address = started.inference(factory=EMBEDDED_RUNTIME_FACTORY, ready_timeout=600,
                                       DEG_CHECKPOINT=str(CHECKPOINT))
        _, url = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="300")
        yield Client(url, timeout=300)
    finally:
        started.stop_all()


def test_the_suite_has_30_models_with_a_context_each():
    assert len(models.MODELS) == 30
    assert {model.__name__ for model in models.MODELS} == set(models.CONTEXTS)


@pytest.mark.parametrize("model", models.MODELS, ids=lambda m: m.__name__)
def test_model_fills_a_valid_value(client, model):
    schema = model.model_json_schema()
    context = models.CONTEXTS[model.__name__]
    try:
        result = client.fill(context, schema)
    except DegError as exc:  # a required value the model did not find: the error names it
        assert exc.type == "fill_error", exc.body
        assert exc.body["error"]["message"].removeprefix("fill failed: ").startswith("/"), exc.body
        return
    jsonschema.validators.validator_for(schema)(schema, format_checker=FORMAT_CHECKER).validate(
        result["value"])
    assert "|" not in "".join(result["meta"])          # union branches never show in pointers
    assert result["warnings"] == [w for w in result["warnings"] if w["pointer"].startswith("/")]


def test_the_sdk_returns_a_validated_instance(client):
    filled = client.fill(models.CONTEXTS["Payment"], models.Payment)
    assert isinstance(filled, models.Payment)
    assert filled.method.kind in ("card", "transfer")
    again = client.fill(models.CONTEXTS["Payment"], models.Payment)
    assert again == filled                              # deterministic through the stack
