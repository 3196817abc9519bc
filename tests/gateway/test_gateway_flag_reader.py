"""A true/false field read by a trained flag reader (checkpoint 0.6, whose true/false head points
into the context) answers the same, bit for bit, alone and beside every other kind of field, on
the embedded SmolLM2 through the served path: one worker on one trunk, and two workers of one
thread each reading a long context as windows. With `options.explain` it says what it read,
in the whole context's characters."""
from __future__ import annotations

import httpx
import pytest

from deg_model.checkpoint import load_checkpoint
from deg_service_procs import EMBEDDED_RUNTIME_FACTORY, REPO, Processes
from test_gateway_field_alone import CONTEXT, EVERY_KIND, LONG_CONTEXT, WINDOWED_FIELDS, alone, fill, owned

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]  # the embedded model in real processes

CHECKPOINT = REPO / "checkpoints" / "deg-smollm2-135m-0.6"


def test_the_checkpoint_has_a_trained_reader():
    assert load_checkpoint(CHECKPOINT)[1].has_reader()


@pytest.fixture(scope="module")
def served():
    started = Processes()
    try:
        _, one = started.inference(factory=EMBEDDED_RUNTIME_FACTORY, ready_timeout=600, DEG_CHECKPOINT=str(CHECKPOINT))
        _, two = started.inference(factory=EMBEDDED_RUNTIME_FACTORY, ready_timeout=600, DEG_CHECKPOINT=str(CHECKPOINT),
                                   DEG_RUNTIME_WORKERS="2", OMP_NUM_THREADS="1", DEG_WINDOW_TOKENS="192")
        _, url = started.gateway(DEG_INFERENCE=one, DEG_REQUEST_TIMEOUT_S="600")
        _, windowed = started.gateway(DEG_INFERENCE=two, DEG_REQUEST_TIMEOUT_S="600")
        yield {"plain": (url, CONTEXT, EVERY_KIND),
               "windowed": (windowed, LONG_CONTEXT, {**EVERY_KIND, "required": list(WINDOWED_FIELDS), "properties": {
                   n: EVERY_KIND["properties"][n] for n in WINDOWED_FIELDS}})}
    finally:
        started.stop_all()


@pytest.mark.parametrize("path", ["plain", "windowed"])
def test_a_read_flag_alone_equals_it_in_the_full_schema_and_says_what_it_read(served, path):
    url, context, schema = served[path]
    full = fill(url, context, schema)
    assert full["meta"]["/paid"]["mode"] == "decide.noul"
    assert owned(fill(url, context, alone("paid")), "paid") == owned(full, "paid")
    told = httpx.post(url + "/v1/fill", json={"context": context, "schema": alone("paid"),
                                              "options": {"explain": True}},
                      timeout=600, headers={"Cache-Control": "no-cache"}, trust_env=False).json()
    assert told["value"] == {"paid": full["value"]["paid"]}
    read = told["meta"]["/paid"]["explain"]["read"]
    a, b = read["span"]
    assert 0 <= a < b <= len(context) and read["text"] == context[a:b]
    assert 0.0 < read["weight"] <= 1.0
