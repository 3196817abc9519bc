"""The playground's routes in-process: the static page and its files, and `POST /v1/pdf/text`.

No inference process is needed: none of these routes fills. (The page driven in a real
browser against real processes is `test_playground_browser.py`.)
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings, strategies as st

import deg
from deg_service_procs import free_port
from gateway.app import create_app
from gateway.pdftext import PdfTextError, pdf_text
from gateway.settings import GatewaySettings
from pdf_bytes import image_only_pdf, text_pdf

STATIC = Path(__file__).resolve().parents[2] / "gateway" / "playground" / "static"


def client_for(**settings) -> TestClient:
    return TestClient(create_app(GatewaySettings(inference=f"127.0.0.1:{free_port()}", **settings)))


@pytest.fixture(scope="module")
def client():
    with client_for() as started:
        yield started


def test_page_is_served_with_its_files_by_relative_urls(client):
    page = client.get("/playground")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert "script-src 'self'" in page.headers["content-security-policy"]
    html = page.text
    for name, media in (("playground.js", "text/javascript"), ("playground.css", "text/css")):
        assert f'"playground/{name}"' in html  # relative: resolves under any path prefix
        asset = client.get(f"/playground/{name}")
        assert asset.status_code == 200 and asset.headers["content-type"].startswith(media)
        assert asset.content == (STATIC / name).read_bytes()
    # nothing is loaded from another host: the page must work with no network beyond the gateway
    for name in ("index.html", "playground.js", "playground.css"):
        text = (STATIC / name).read_text()
        assert "http://" not in text and "https://" not in text, name


def test_unknown_file_is_404_and_no_path_reaches_the_file_system(client):
    missing = client.get("/playground/nope.js")
    assert missing.status_code == 404
    assert missing.json()["error"] == {"type": "not_found", "message": "the playground has no file 'nope.js'"}
    for path in ("/playground/..%2F__init__.py", "/playground/%2E%2E", "/playground/static", "/playground/a/b"):
        assert client.get(path).status_code == 404, path


def test_trailing_slash_redirects_to_the_page(client):
    response = client.get("/playground/", follow_redirects=False)
    assert response.status_code == 308
    assert client.get("/playground/").url.path == "/playground"


def test_every_example_compiles_and_fills_nothing_it_does_not_declare(client):
    examples = client.get("/playground/examples.json").json()
    assert len(examples) >= 3 and len({e["id"] for e in examples}) == len(examples)
    for example in examples:
        assert isinstance(example["context"], str) and example["context"].strip()
        plan = client.post("/v1/plan", json={"schema": example["schema"]})
        assert plan.status_code == 200, (example["id"], plan.text)
        assert plan.json()["warnings"] == [], example["id"]
        modes = {field.mode.split(".")[0] for field in deg.compile_schema(example["schema"]).fields}
        assert {"decide", "extract"} <= modes, example["id"]  # each shows bars and spans


def test_pdf_text_layer_is_returned_pages_joined(client):
    pdf = text_pdf([["Invoice number: INV-7", "Total due: 279.30"], [], ["Paid (thank you)"]])
    response = client.post("/v1/pdf/text", content=pdf, headers={"Content-Type": "application/pdf"})
    assert response.status_code == 200, response.text
    assert response.json() == {
        "text": "Invoice number: INV-7\nTotal due: 279.30\n\nPaid (thank you)",
        "pages": 3, "empty_pages": 1, "ocr_pages": 0, "chars": 57,
    }


@pytest.mark.parametrize("body, fragment", [
    (b"just some text", "not a PDF"),
    (text_pdf([["cut short"]])[:120], "cannot be read"),
    (image_only_pdf(), "no text layer"),
    (text_pdf([["a"], ["b"], ["c"]]), "has 3 pages; at most 2"),
])
def test_unreadable_pdfs_are_422_saying_why(body, fragment):
    with client_for(pdf_max_pages=2) as client:
        response = client.post("/v1/pdf/text", content=body, headers={"Content-Type": "application/pdf"})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["type"] == "invalid_pdf" and fragment in error["message"], error


def test_pdf_route_refuses_other_media_types_with_415(client):
    response = client.post("/v1/pdf/text", content=json.dumps({"pdf": "x"}), headers={"Content-Type": "application/json"})
    assert response.status_code == 415
    assert "application/pdf" in response.json()["error"]["message"]


def test_pdf_route_needs_the_key_but_the_page_does_not():
    with client_for(auth=True, api_keys=("k-1",)) as client:
        assert client.get("/playground").status_code == 200
        pdf = text_pdf([["hello"]])
        refused = client.post("/v1/pdf/text", content=pdf, headers={"Content-Type": "application/pdf"})
        assert refused.status_code == 401
        accepted = client.post("/v1/pdf/text", content=pdf,
                               headers={"Content-Type": "application/pdf", "Authorization": "Bearer k-1"})
        assert accepted.status_code == 200 and accepted.json()["text"] == "hello"


def test_playground_off_serves_no_page_but_keeps_the_api():
    with client_for(playground=False) as client:
        assert client.get("/playground").status_code == 404
        pdf = client.post("/v1/pdf/text", content=text_pdf([["hi"]]), headers={"Content-Type": "application/pdf"})
        assert pdf.status_code == 200


def test_openapi_documents_the_pdf_route_and_not_the_page(client):
    document = client.get("/openapi.json").json()
    route = document["paths"]["/v1/pdf/text"]["post"]
    assert set(route["requestBody"]["content"]) == {"application/pdf", "application/octet-stream"}
    assert not any(path.startswith("/playground") for path in document["paths"])


def test_settings_read_the_playground_variables():
    settings = GatewaySettings.from_env({"DEG_PLAYGROUND": "off", "DEG_PDF_MAX_PAGES": "7"})
    assert settings.playground is False and settings.pdf_max_pages == 7
    assert GatewaySettings.from_env({}).playground is True


VALID_PDF = text_pdf([["Order A-77 ships today."], ["Total 12.50"]])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    st.binary(max_size=600).map(lambda tail: b"%PDF-1.4\n" + tail),
    st.lists(st.tuples(st.integers(0, len(VALID_PDF) - 1), st.integers(0, 255)), min_size=1, max_size=8).map(
        lambda edits: bytes(_edit(VALID_PDF, edits))),
))
def test_any_pdf_like_bytes_give_text_or_a_pdf_error_never_another_exception(data):
    try:
        result = pdf_text(data, max_pages=50)
    except PdfTextError as exc:
        assert str(exc)
    else:
        assert result.text and result.pages >= 1


def _edit(data: bytes, edits: list[tuple[int, int]]) -> bytearray:
    out = bytearray(data)
    for index, value in edits:
        out[index] = value
    return out
