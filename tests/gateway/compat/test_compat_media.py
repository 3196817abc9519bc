"""Images and PDFs in the OpenAI-shaped requests, sent by the unchanged `openai` client to a real
gateway (its media reader: Tesseract, poppler) over the rule-based test runtime, which copies the
value after `<key>: `; so the answer shows the image was read into the context."""
from __future__ import annotations

import base64
import sys
from pathlib import Path
from typing import Literal, Optional

import httpx
import openai
import pytest
from pydantic import BaseModel

sys.path.insert(0, str(Path(__file__).parents[1]))

from deg_service_procs import Processes  # noqa: E402
from media_bytes import png, scanned_pdf, text_image  # noqa: E402

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

LINES = ["Refund request", "order_id: A-1042", "total: 12.50"]


class Refund(BaseModel):
    order_id: Optional[str]
    total: Optional[float]


def data_url(kind: str, raw: bytes) -> str:
    return f"data:{kind};base64," + base64.b64encode(raw).decode()


@pytest.fixture(scope="module")
def url():
    started = Processes()
    try:
        _, address = started.inference()
        _, gateway = started.gateway(DEG_INFERENCE=address)
        yield gateway
    finally:
        started.stop_all()


@pytest.fixture(scope="module")
def image_png():
    return png(text_image(LINES)[0])


@pytest.fixture
def oa(url):
    return openai.OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0, timeout=300,
                         _strict_response_validation=True)


def test_chat_completions_parse_reads_an_image_url_part(oa, image_png):
    completion = oa.chat.completions.parse(model="deg-latest", response_format=Refund, messages=[
        {"role": "user", "content": [{"type": "text", "text": "Fill the refund form."},
                                     {"type": "image_url", "image_url": {"url": data_url("image/png", image_png),
                                                                         "detail": "high"}}]}])
    assert completion.choices[0].message.parsed == Refund(order_id="A-1042", total=12.5)


def test_responses_parse_reads_input_image_and_input_file(oa, image_png):
    response = oa.responses.parse(model="deg-latest", text_format=Refund, input=[
        {"role": "user", "content": [{"type": "input_image", "image_url": data_url("image/png", image_png),
                                      "detail": "auto"}]}])
    assert response.output_parsed == Refund(order_id="A-1042", total=12.5)
    pdf = scanned_pdf([text_image(LINES)[0]])
    response = oa.responses.parse(model="deg-latest", text_format=Refund, input=[
        {"role": "user", "content": [{"type": "input_file", "filename": "refund.pdf",
                                      "file_data": data_url("application/pdf", pdf)}]}])
    assert response.output_parsed == Refund(order_id="A-1042", total=12.5)


def test_decisions_answer_with_an_input_image_part(oa, url):
    urgent = png(text_image(["Refund request", "Urgent: yes", "order_id: A-1042"])[0])
    calm = png(text_image(["Refund request", "Urgent: no", "order_id: A-1042"])[0])

    def ask(image: bytes):
        return oa.decisions.create(model="gpt-6-luna", input=[{"role": "user", "content": [
            {"type": "input_text", "text": "A customer wrote:"},
            {"type": "input_image", "image_url": data_url("image/png", image)}]}],
            questions=[{"type": "predicate", "name": "urgent", "instructions": "Is it urgent?"}])

    # the rule-based runtime says p(true) = 0.9 when the context holds "yes": only the image has it
    assert (ask(urgent).answers[0].name, ask(urgent).answers[0].probability) == ("urgent", 0.9)
    assert ask(calm).answers[0].probability == 0.2
    extract = httpx.post(url + "/v1/decisions", json={"model": "gpt-6-luna", "input": [{"role": "user", "content": [
        {"type": "input_image", "image_url": data_url("image/png", urgent)}]}], "questions": [
        {"type": "extract", "name": "order_id", "instructions": "The order id."}]}, timeout=300, trust_env=False)
    assert extract.status_code == 200 and extract.json()["answers"][0]["value"] == "A-1042", extract.text


def test_unreadable_or_remote_images_are_400_naming_the_part(oa, image_png, url):
    with pytest.raises(openai.BadRequestError) as caught:
        oa.chat.completions.parse(model="deg-latest", response_format=Refund, messages=[{"role": "user", "content": [
            {"type": "image_url", "image_url": {"url": "https://example.org/scan.png"}}]}])
    assert "deg fetches nothing" in caught.value.message and caught.value.body["param"] == "messages[0].content[0]"
    with pytest.raises(openai.BadRequestError) as caught:
        oa.responses.parse(model="deg-latest", text_format=Refund, input=[{"role": "user", "content": [
            {"type": "input_image", "image_url": data_url("image/png", image_png[:300])}]}])
    assert "cannot be decoded as a PNG" in caught.value.message and caught.value.body["code"] == "invalid_media"
    assert caught.value.body["param"] == "input[0].content[0]"
    with pytest.raises(openai.BadRequestError) as caught:
        oa.responses.parse(model="deg-latest", text_format=Refund, input=[{"role": "user", "content": [
            {"type": "input_image", "file_id": "file-123"}]}])
    assert "file_id" in caught.value.message
    with pytest.raises(openai.BadRequestError) as caught:  # declared PNG, holds text
        oa.chat.completions.parse(model="deg-latest", response_format=Refund, messages=[{"role": "user", "content": [
            {"type": "image_url", "image_url": {"url": data_url("image/png", b"order_id: A-1")}}]}])
    assert "not an image or PDF" in caught.value.message
    many = [{"type": "image_url", "image_url": {"url": data_url("image/png", image_png)}}] * 17
    with pytest.raises(openai.APIStatusError) as caught:  # the request's media limits hold as on /v1/fill
        oa.chat.completions.parse(model="deg-latest", response_format=Refund,
                                  messages=[{"role": "user", "content": many}])
    assert caught.value.status_code == 413 and "DEG_MEDIA_MAX_ITEMS" in caught.value.message
    assert httpx.get(url + "/health", timeout=30, trust_env=False).status_code == 200
