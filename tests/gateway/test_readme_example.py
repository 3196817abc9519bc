"""The README's own example, served for real: the embedded SmolLM2 with the shipped checkpoint
behind a real inference process and gateway, the request read from the README itself, and
every field of the answer the README shows checked."""
from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest

from deg_service_procs import EMBEDDED_RUNTIME_FACTORY, Processes

pytestmark = pytest.mark.slow  # the embedded model behind real processes

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")


def _block(marker: str) -> str:
    """The fenced block right after `<!-- marker -->` in the README."""
    match = re.search(rf"<!-- {marker} -->\s*```[a-z]*\n(.*?)```", README, re.S)
    assert match, f"the README has no block marked {marker}"
    return match.group(1)


def test_the_readme_example_answers_every_field_right():
    curl = _block("readme-example-request")
    body = json.loads(curl[curl.index("{"):curl.rindex("}") + 1])
    shown = json.loads(_block("readme-example-value"))
    checkpoint = re.search(r"checkpoints/(deg-smollm2-135m-[0-9.]+)/", README).group(1)
    started = Processes()
    try:
        _, address = started.inference(factory=EMBEDDED_RUNTIME_FACTORY, ready_timeout=600,
                                       DEG_CHECKPOINT=str(REPO / "checkpoints" / checkpoint))
        _, url = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="300")
        reply = httpx.post(url + "/v1/fill", json=body, timeout=300, trust_env=False)
    finally:
        started.stop_all()
    assert reply.status_code == 200, reply.text
    answer = reply.json()
    assert answer["model"] == checkpoint
    assert answer["value"] == shown
    assert shown == {"invoice_number": "INV-2041", "total": 1250.0, "due_date": "2026-12-15",
                     "currency": "EUR", "paid": False}
    # copied fields point at their text in the context
    context = body["context"]
    for pointer in ("/invoice_number", "/due_date"):
        start, end = answer["meta"][pointer]["span"]
        assert context[start:end] == shown[pointer[1:]]
