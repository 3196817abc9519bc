"""Fills with media through real processes: a gateway (Tesseract, poppler) over an inference
process running the rule-based test runtime (it copies the value after `<key>: `), so every
answer is predictable and what is checked is the media path: the text read, the span, the box
on the page, the job's page progress, and the refusals of bad files."""
from __future__ import annotations

import base64
import sys
import time
from pathlib import Path

import httpx
import jsonschema
import pytest

from deg_service_procs import Processes
from media_bytes import blank_png, page_bomb_pdf, png, scanned_pdf, text_image

sys.path.insert(0, str(Path(__file__).parents[1] / "compat"))
from schema_strategy import inline_refs  # noqa: E402

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

SCHEMA = {"type": "object", "properties": {"order_id": {"type": ["string", "null"]},
                                           "total": {"type": ["number", "null"]}},
          "required": ["order_id", "total"]}
LINES = ["Refund request", "order_id: A-1042", "total: 12.50"]
POLL_LIMIT = 2000


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def iou(a, b):
    ix = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


@pytest.fixture(scope="module")
def url():
    started = Processes()
    try:
        _, address = started.inference()
        _, gateway = started.gateway(DEG_INFERENCE=address, DEG_MAX_BODY_BYTES=str(32 * 2**20),
                                     DEG_JOB_HEARTBEAT_S="0.5", DEG_MEDIA_MAX_PIXELS="60000000")
        yield gateway
    finally:
        started.stop_all()


def post(url: str, path: str, body: dict, **kwargs) -> httpx.Response:
    return httpx.post(url + path, json=body, timeout=300, trust_env=False, **kwargs)


def documented(url: str, path: str, method: str = "post", status: str = "200") -> dict:
    """The body schema `/openapi.json` gives for an answer of a route."""
    document = httpx.get(url + "/openapi.json", timeout=30, trust_env=False).json()
    answer = inline_refs(document["paths"][path][method]["responses"][status], document)
    return answer["content"]["application/json"]["schema"]


def test_a_value_copied_from_an_image_has_its_box_on_the_image(url):
    image, drawn = text_image(LINES)
    reply = post(url, "/v1/fill", {"media": [{"type": "image/png", "data": b64(png(image))}], "schema": SCHEMA})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["value"] == {"order_id": "A-1042", "total": 12.5}
    meta = body["meta"]["/order_id"]
    assert meta["media"] == "m0" and "page" not in meta and 0.5 < meta["ocr_confidence"] <= 1
    assert iou(meta["box"], drawn["A-1042"]) >= 0.5, (meta["box"], drawn["A-1042"])
    assert iou(body["meta"]["/total"]["box"], drawn["12.50"]) >= 0.5
    (item,) = body["media"]
    assert item["id"] == "m0" and item["type"] == "image/png" and item["span"][0] == 0
    assert item["pages"][0]["read"] == "ocr" and (item["pages"][0]["width"], item["pages"][0]["height"]) == image.size
    # the span still indexes the context the model read: the media's text, read again by /v1/media/text
    text = httpx.post(url + "/v1/media/text", content=png(image), headers={"Content-Type": "image/png"},
                      timeout=300, trust_env=False).json()["text"]
    start, end = meta["span"]
    assert text[start:end] == "A-1042" and text.splitlines() == LINES
    jsonschema.validate(body, documented(url, "/v1/fill"))  # media keys and summary as the OpenAPI says


def test_text_context_comes_first_and_is_not_located(url):
    image, _ = text_image(LINES[2:])
    reply = post(url, "/v1/fill", {"context": "order_id: Z-9", "schema": SCHEMA,
                                   "media": [{"type": "image/png", "data": b64(png(image))}]})
    body = reply.json()
    assert body["value"] == {"order_id": "Z-9", "total": 12.5}
    assert "media" not in body["meta"]["/order_id"] and body["meta"]["/order_id"]["span"] == [10, 13]
    assert body["meta"]["/total"]["media"] == "m0" and body["media"][0]["span"][0] == len("order_id: Z-9\n\n")


def test_the_same_bytes_give_the_same_response_bitwise(url):
    image, _ = text_image(LINES)
    raw = png(image.rotate(2, expand=True, fillcolor=255))
    request = {"media": [{"type": "image/png", "data": b64(raw)}], "schema": SCHEMA}
    first = post(url, "/v1/fill", request, headers={"Cache-Control": "no-cache, no-store"})
    again = post(url, "/v1/fill", request, headers={"Cache-Control": "no-cache, no-store"})
    assert first.status_code == 200 and first.content == again.content


def test_a_twenty_page_scanned_pdf_fills_as_a_job_with_page_progress(url):
    pages = [text_image([f"Page {n} of 20", "Nothing to see on this page."])[0] for n in range(1, 21)]
    pages[2], drawn = text_image(["Page 3 of 20", "order_id: A-77"])
    pages[16] = text_image(["Page 17 of 20", "total: 99.00"])[0]
    pdf = scanned_pdf(pages, resolution=150)
    accepted = post(url, "/v1/fills", {"media": [{"type": "application/pdf", "data": b64(pdf)}], "schema": SCHEMA})
    assert accepted.status_code == 202, accepted.text
    seen = []
    for _ in range(POLL_LIMIT):
        record = httpx.get(url + accepted.headers["location"], timeout=30, trust_env=False).json()
        seen.append(record["progress"])
        if record["status"] in ("done", "failed"):
            break
        time.sleep(0.05)
    assert record["status"] == "done", record
    read = [p["pages_read"] for p in seen]
    assert read == sorted(read) and read[-1] == 20 and seen[-1]["pages_total"] == 20
    assert any(0 < p["pages_read"] < 20 and "reading the media" in p["note"] for p in seen), seen
    result = record["result"]
    assert result["value"] == {"order_id": "A-77", "total": 99.0}
    assert (result["meta"]["/order_id"]["page"], result["meta"]["/total"]["page"]) == (3, 17)
    # scanned at 150 dpi, read at its own resolution: boxes in the drawing's pixels
    assert iou(result["meta"]["/order_id"]["box"], list(drawn["A-77"])) >= 0.5
    assert [p["read"] for p in result["media"][0]["pages"]] == ["ocr"] * 20 and result["media"][0]["dpi"] == 150
    job_schema = documented(url, "/v1/fills/{job_id}", "get")
    for progress in seen:
        jsonschema.validate({**record, "progress": progress}, job_schema)


def test_a_scanned_pdf_is_read_by_ocr_on_the_pdf_route(url):
    image, _ = text_image(LINES)
    reply = httpx.post(url + "/v1/pdf/text", content=scanned_pdf([image]), headers={"Content-Type": "application/pdf"},
                       timeout=300, trust_env=False)
    assert reply.status_code == 200, reply.text
    assert reply.json()["text"].splitlines() == LINES
    assert (reply.json()["empty_pages"], reply.json()["ocr_pages"]) == (1, 1)


def test_media_text_previews_pdf_pages(url):
    image, _ = text_image(LINES)
    reply = httpx.post(url + "/v1/media/text?preview=true", content=scanned_pdf([image, image]),
                       headers={"Content-Type": "application/pdf"}, timeout=300, trust_env=False)
    body = reply.json()
    assert [p["page"] for p in body["pages"]] == [1, 2] and body["dpi"] == 150
    assert all(p["preview"].startswith("data:image/png;base64,") for p in body["pages"])
    jsonschema.validate(body, documented(url, "/v1/media/text"))


# -- bad input: 413 / 422 naming the problem, and the gateway keeps serving ---------------------------

def refusal(url: str, kind: str, raw: bytes) -> dict:
    reply = post(url, "/v1/fill", {"media": [{"type": kind, "data": b64(raw)}], "schema": SCHEMA})
    return {"status": reply.status_code, **reply.json()["error"]}


def test_bad_files_are_refused_naming_the_problem(url):
    image, _ = text_image(LINES)
    whole = png(image)
    truncated = refusal(url, "image/png", whole[: len(whole) // 2])
    assert (truncated["status"], truncated["type"]) == (422, "invalid_media")
    assert "media[0] cannot be decoded as a PNG" in truncated["message"] and "truncated" in truncated["message"]
    assert truncated["errors"][0]["loc"] == ["media", 0]

    text = refusal(url, "image/png", b"order_id: A-1042\n")
    assert (text["status"], text["type"]) == (422, "invalid_media")
    assert "declared image/png but its bytes are not an image or PDF (it starts like text" in text["message"]

    huge = refusal(url, "image/png", blank_png(10_000, 10_000))
    assert (huge["status"], huge["type"]) == (413, "media_too_large")
    assert "100000000 pixels" in huge["message"] and "DEG_MEDIA_MAX_PIXELS" in huge["message"]

    bomb = refusal(url, "application/pdf", page_bomb_pdf())
    assert (bomb["status"], bomb["type"]) == (413, "media_too_large")
    assert "10000 pages" in bomb["message"] and "DEG_MEDIA_MAX_PAGES" in bomb["message"]

    job = post(url, "/v1/fills", {"media": [{"type": "image/png", "data": b64(b"not a png")}], "schema": SCHEMA})
    assert job.status_code == 422 and job.json()["error"]["type"] == "invalid_media"  # refused at submission

    for error in (truncated, huge):
        jsonschema.validate({"error": {k: v for k, v in error.items() if k != "status"}},
                            documented(url, "/v1/fill", status=str(error["status"])))
    blank = refusal(url, "image/png", blank_png(200, 100))
    assert blank["status"] == 422 and "no text could be read from the media" in blank["message"]
    assert httpx.get(url + "/health", timeout=30, trust_env=False).status_code == 200
