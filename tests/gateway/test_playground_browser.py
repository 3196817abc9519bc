"""The playground in a real headless browser (Debian's chromium through chromedriver, driven by
Selenium) against a real gateway and inference process (the rule-based test runtime) and the
real Redis, with API keys on, as a user would meet it.

The browser comes from the project's setup (`make sysdeps` installs `chromium` and
`chromium-driver`); without it these tests fail naming the install command, never skip.
A screenshot of the filled page is written to the test's tmp_path and to
`var/test-artifacts/playground.png`, and one of an opened image filled with its values' boxes
drawn to `var/test-artifacts/playground-media.png` (printed; `var/` is not tracked).
"""
from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path

import httpx
import pytest
import redis

from deg_service_procs import REDIS_URL, REPO, Processes, unique_prefix
from media_bytes import png, text_image
from pdf_bytes import text_pdf

pytestmark = pytest.mark.slow  # starts real inference / gateway processes and a browser

KEY = "playground-test-key"
ARTIFACTS = REPO / "var" / "test-artifacts"
WAIT_S = 90  # two shared cores: page load + plan + fill under load
INSTALL = "make sysdeps (as root: apt-get install -y chromium chromium-driver)"


def _binary(*names: str) -> str:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(f"{' / '.join(names)} not found: the playground browser test needs Debian's chromium and "
                f"its driver; install them with {INSTALL}")


@pytest.fixture(scope="module")
def stack():
    """A gateway (auth on, one key, the real Redis under a unique prefix) over one inference process."""
    prefix = unique_prefix()
    started = Processes()
    try:
        _, address = started.inference()
        _, url = started.gateway(DEG_INFERENCE=address, DEG_REDIS_URL=REDIS_URL, DEG_REDIS_PREFIX=prefix,
                                 DEG_AUTH="on", DEG_API_KEYS=KEY)
        yield url
    finally:
        started.stop_all()
        client = redis.Redis.from_url(REDIS_URL)
        keys = list(client.scan_iter(match=prefix + "*"))
        if keys:
            client.delete(*keys)
        client.close()


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = _binary("chromium", "chromium-browser")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--no-proxy-server", "--window-size=1500,1400", "--disable-extensions"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the page's console, read by tests
    # both paths given: Selenium Manager (which would download a driver) never runs
    driver = webdriver.Chrome(service=Service(executable_path=_binary("chromedriver")), options=options)
    driver.set_page_load_timeout(WAIT_S)
    try:
        yield driver
    finally:
        driver.quit()


def open_page(browser, url: str, key: str | None):
    browser.get(f"{url}/playground")
    wait_state(browser, {"idle"})
    wait_for(browser, lambda d: d.find_element("id", "example").get_attribute("length") not in (None, "1"))
    browser.execute_script("sessionStorage.clear()")
    field = browser.find_element("id", "api-key")
    field.clear()  # the page restores a key typed earlier in this tab
    if key is not None:
        field.send_keys(key)


def wait_for(browser, condition):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT_S).until(condition)


def wait_state(browser, states: set[str]) -> str:
    wait_for(browser, lambda d: d.execute_script("return document.body.dataset.state") in states)
    return browser.execute_script("return document.body.dataset.state")


def choose_example(browser, example_id: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element("id", "example")).select_by_value(example_id)


def click(browser, element_id: str) -> None:
    browser.find_element("id", element_id).click()


def code_points(text: str, start: int, end: int) -> str:
    return text[start:end]  # Python strings index by code point, as spans count


def test_fill_shows_value_plan_highlighted_spans_and_bars(stack, browser, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains

    open_page(browser, stack, KEY)
    browser.get_log("browser")  # drain: only what this fill logs counts below
    choose_example(browser, "ticket")
    context = browser.find_element("id", "context").get_property("value")
    schema = json.loads(browser.find_element("id", "schema").get_property("value"))
    click(browser, "fill-button")
    assert wait_state(browser, {"filled", "error"}) == "filled", browser.find_element("id", "error").text

    # what the page shows is what the API answers for the same request
    expected = httpx.post(f"{stack}/v1/fill", json={"context": context, "schema": schema}, timeout=60,
                          headers={"Authorization": f"Bearer {KEY}"}, trust_env=False).json()
    assert json.loads(browser.find_element("id", "value-view").text) == expected["value"]

    plan_rows = browser.find_elements("css selector", "#plan-table tbody tr")
    assert [row.find_element("css selector", "td.pointer").text for row in plan_rows] == \
        [field["pointer"] for field in _plan(stack, schema)["fields"]]

    # every copied span is marked, over exactly the text the span names
    spans = {p: m["span"] for p, m in expected["meta"].items() if isinstance(m.get("span"), list)}
    assert spans, "the example must copy at least one span"
    marks = browser.find_elements("css selector", "#context-view mark.span")
    assert marks
    marked = {pointer: mark.text for mark in marks for pointer in mark.get_attribute("data-pointers").split()}
    assert set(marked) == set(spans)
    for pointer, (start, end) in spans.items():
        assert marked[pointer] == code_points(context, start, end), pointer

    # one bar per option of every decided field, the value's option drawn as chosen
    decided = {p: m for p, m in expected["meta"].items() if m["mode"].startswith("decide.")}
    assert decided
    for pointer, meta in decided.items():
        row = browser.find_element("css selector", f'tr.field-row[data-pointer="{pointer}"]')
        bars = row.find_elements("css selector", ".bars .bar-track")
        assert len(bars) == (2 if meta["mode"] == "decide.noul" else len(meta["probabilities"])), pointer
        assert len(row.find_elements("css selector", ".bar-track.chosen")) == 1, pointer

    # hovering a field lights up its span
    pointer = next(iter(spans))
    row = browser.find_element("css selector", f'tr.field-row[data-pointer="{pointer}"]')
    ActionChains(browser).move_to_element(row).perform()
    active = browser.find_elements("css selector", "#context-view mark.span.active")
    assert active and all(pointer in mark.get_attribute("data-pointers").split() for mark in active)
    assert "active" in row.get_attribute("class")

    # no script error and no failed request (a missing file, a refused call) on the way
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []

    shot = tmp_path / "playground.png"
    assert browser.save_screenshot(str(shot))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    kept = ARTIFACTS / "playground.png"
    shutil.copyfile(shot, kept)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    print(f"playground screenshot: {shot} (kept at {kept})")


def test_explain_shows_each_terms_part_in_the_winner_and_the_runner_up(stack, browser):
    open_page(browser, stack, KEY)
    browser.get_log("browser")  # drain: only what these fills log counts below
    choose_example(browser, "ticket")
    context = browser.find_element("id", "context").get_property("value")
    schema = json.loads(browser.find_element("id", "schema").get_property("value"))
    click(browser, "explain")
    click(browser, "fill-button")
    assert wait_state(browser, {"filled", "error"}) == "filled", browser.find_element("id", "error").text
    expected = httpx.post(f"{stack}/v1/fill", json={"context": context, "schema": schema, "options": {"explain": True}},
                          timeout=60, headers={"Authorization": f"Bearer {KEY}"}, trust_env=False).json()
    shown = json.loads(browser.find_element("id", "response-view").get_property("textContent"))  # folded away
    assert shown["meta"] == expected["meta"]
    explained = {p: m["explain"] for p, m in expected["meta"].items() if "explain" in m}
    scored = {p for p, m in expected["meta"].items() if m["mode"].startswith(("decide.", "extract."))}
    assert explained and set(explained) == scored
    for pointer, explain in explained.items():
        row = browser.find_element("css selector", f'tr.field-row[data-pointer="{pointer}"]')
        box = row.find_element("css selector", "details.explain")
        box.find_element("tag name", "summary").click()                      # open it, as a user would
        terms = box.find_elements("css selector", "tr.term")
        assert [t.get_attribute("data-term") for t in terms] == [t["name"] for t in explain["terms"]], pointer
        cells = [c.text for c in terms[0].find_elements("tag name", "td")]
        assert cells[0] == explain["terms"][0]["name"] and cells[1] == f'{explain["terms"][0]["winner"]:.3f}', pointer
        heading = box.find_element("css selector", "th.winner").text
        winner = explain["winner"]
        assert heading == ("null" if winner.get("null") else json.dumps(winner["text"]) if "text" in winner
                           else winner["value"] if isinstance(winner["value"], str) else json.dumps(winner["value"]))
    # without the box ticked the page asks for no explanation, and shows none
    click(browser, "explain")
    click(browser, "fill-button")
    assert wait_state(browser, {"filled", "error"}) == "filled"
    assert browser.find_elements("css selector", "details.explain") == []
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []


def test_spans_count_code_points_past_astral_characters(stack, browser):
    """Spans are code-point offsets; a JavaScript string indexes UTF-16 units, so an emoji
    before a span would shift a highlight built by plain string slicing."""
    open_page(browser, stack, KEY)
    context = "🎉🎉 party order 😀\norder_id: Z-9\nnote: thanks 👍"
    schema = {"type": "object", "properties": {"order_id": {"type": ["string", "null"]}}, "required": ["order_id"]}
    # chromedriver types only BMP characters, so the values are set as a paste would set them
    browser.execute_script("document.getElementById('context').value = arguments[0];"
                           "document.getElementById('schema').value = arguments[1];", context, json.dumps(schema))
    click(browser, "fill-button")
    assert wait_state(browser, {"filled", "error"}) == "filled", browser.find_element("id", "error").text
    marks = browser.find_elements("css selector", "#context-view mark.span")
    assert [mark.text for mark in marks] == ["Z-9"]
    assert browser.find_element("id", "context-view").text == context


def test_errors_are_shown_with_the_gateways_message(stack, browser):
    open_page(browser, stack, key=None)  # no key: the gateway's 401 must reach the user
    choose_example(browser, "ticket")
    click(browser, "plan-button")
    assert wait_state(browser, {"planned", "error"}) == "error"
    error = browser.find_element("id", "error")
    assert error.is_displayed() and error.text.startswith("401 unauthorized: missing API key")

    browser.find_element("id", "api-key").send_keys(KEY)
    schema = browser.find_element("id", "schema")
    schema.clear()
    schema.send_keys(json.dumps({"type": "object", "properties": {"a": {"type": "decimal"}}}))
    click(browser, "fill-button")
    assert wait_state(browser, {"filled", "error"}) == "error"
    text = browser.find_element("id", "error").text
    assert text.startswith("422 schema_error: the schema cannot be filled") and "properties.a.type" in text, text

    schema.clear()
    schema.send_keys("{not json")
    click(browser, "plan-button")
    assert wait_state(browser, {"planned", "error"}) == "error"
    assert "the schema is not valid JSON" in browser.find_element("id", "error").text


def test_an_opened_pdf_becomes_the_context(stack, browser, tmp_path):
    pdf = tmp_path / "letter.pdf"
    pdf.write_bytes(text_pdf([["Dear customer,", "your order A-77 ships today."], ["Kind regards"]]))
    open_page(browser, stack, KEY)
    browser.find_element("id", "file").send_keys(str(pdf))
    wait_for(browser, lambda d: "text layer of 2 page(s)" in d.find_element("id", "context-info").text)
    assert browser.find_element("id", "context").get_property("value") == \
        "Dear customer,\nyour order A-77 ships today.\n\nKind regards"


MEDIA_SCHEMA = {"type": "object", "properties": {
    "order_id": {"type": ["string", "null"]}, "total": {"type": ["number", "null"]},
    "customer": {"type": ["string", "null"]}, "urgent": {"type": "boolean"}},
    "required": ["order_id", "total", "customer", "urgent"]}


def _percent(style: str, name: str) -> float:
    value = next(part.split(":")[1].strip() for part in style.split(";") if part.strip().startswith(name + ":"))
    assert value.endswith("%"), style
    return float(value[:-1])


def test_an_opened_image_is_filled_with_every_copied_values_box_drawn(stack, browser, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains

    image, _ = text_image(["Refund request", "order_id: A-1042", "total: 12.50", "customer: Jane Smith"])
    path = tmp_path / "refund.png"
    path.write_bytes(png(image))
    open_page(browser, stack, KEY)
    browser.get_log("browser")
    browser.find_element("id", "file").send_keys(str(path))
    wait_for(browser, lambda d: "OCR of 1 page(s)" in d.find_element("id", "context-info").text)
    browser.execute_script("document.getElementById('schema').value = arguments[0];", json.dumps(MEDIA_SCHEMA))
    click(browser, "fill-button")
    assert wait_state(browser, {"filled", "error"}) == "filled", browser.find_element("id", "error").text

    media = [{"type": "image/png", "data": base64.b64encode(path.read_bytes()).decode()}]
    expected = httpx.post(f"{stack}/v1/fill", json={"media": media, "schema": MEDIA_SCHEMA}, timeout=120,
                          headers={"Authorization": f"Bearer {KEY}"}, trust_env=False).json()
    assert json.loads(browser.find_element("id", "value-view").text) == expected["value"]
    copied = {p: m for p, m in expected["meta"].items() if isinstance(m.get("span"), list)}
    assert set(copied) == {"/order_id", "/total", "/customer"}
    page = expected["media"][0]["pages"][0]

    # every copied value's box is drawn, where meta says, over the image
    picture = browser.find_element("css selector", "#media-view .media-sheet img")
    assert picture.is_displayed() and browser.execute_script("return arguments[0].naturalWidth", picture) == image.width
    scale = picture.rect["width"] / page["width"]
    for pointer, meta in copied.items():
        boxes = meta.get("boxes") or [meta["box"]]
        marks = browser.find_elements("css selector", f'#media-view .media-box[data-pointer="{pointer}"]')
        assert len(marks) == len(boxes), pointer
        for mark, box in zip(marks, boxes):
            assert mark.is_displayed()
            style = mark.get_attribute("style")
            assert abs(_percent(style, "left") - 100 * box[0] / page["width"]) < 1e-3
            assert abs(_percent(style, "width") - 100 * (box[2] - box[0]) / page["width"]) < 1e-3
            assert abs(mark.rect["x"] - picture.rect["x"] - box[0] * scale) <= 2, (pointer, mark.rect, box)
            assert abs(mark.rect["y"] - picture.rect["y"] - box[1] * scale) <= 2
    assert len(browser.find_elements("css selector", "#media-view .media-box")) == \
        sum(len(m.get("boxes") or [m["box"]]) for m in copied.values())

    # hovering a field lights its box; hovering a box lights its field
    row = browser.find_element("css selector", 'tr.field-row[data-pointer="/order_id"]')
    ActionChains(browser).move_to_element(row).perform()
    assert "active" in browser.find_element("css selector", '.media-box[data-pointer="/order_id"]').get_attribute("class")
    ActionChains(browser).move_to_element(
        browser.find_element("css selector", '.media-box[data-pointer="/total"]')).perform()
    assert "active" in browser.find_element("css selector", 'tr.field-row[data-pointer="/total"]').get_attribute("class")
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []

    browser.execute_script("document.getElementById('media-section').scrollIntoView()")
    shot = tmp_path / "playground-media.png"
    assert browser.save_screenshot(str(shot))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    kept = ARTIFACTS / "playground-media.png"
    shutil.copyfile(shot, kept)
    print(f"playground media screenshot: {shot} (kept at {kept})")


def _plan(url: str, schema: dict) -> dict:
    response = httpx.post(f"{url}/v1/plan", json={"schema": schema}, timeout=30,
                          headers={"Authorization": f"Bearer {KEY}"}, trust_env=False)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_dropped_text_file_becomes_the_context(stack, browser):
    open_page(browser, stack, KEY)
    # the drop event a file dragged from the desktop fires, with a real File in its DataTransfer
    browser.execute_script("""
        const data = new DataTransfer();
        data.items.add(new File([arguments[0]], "note.txt", {type: "text/plain"}));
        const zone = document.getElementById("drop-zone");
        zone.dispatchEvent(new DragEvent("dragover", {dataTransfer: data, bubbles: true, cancelable: true}));
        zone.dispatchEvent(new DragEvent("drop", {dataTransfer: data, bubbles: true, cancelable: true}));
    """, "order_id: B-12\nplease hurry")
    wait_for(browser, lambda d: d.find_element("id", "context-info").text == "note.txt: 27 characters")
    assert browser.find_element("id", "context").get_property("value") == "order_id: B-12\nplease hurry"
