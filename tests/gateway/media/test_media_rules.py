"""Rules drawn on a page read as lines of dashes (`gateway.media.rules`), on real Tesseract reads
of pages drawn in a Debian font: a typed table's rule keeps its header above its rows."""
from __future__ import annotations

from PIL import Image

from gateway.media import MediaSettings, compose
from gateway.media.layout import MediaItem
from gateway.media.ocr import ocr_image
from gateway.media.rules import page_slope
from media_bytes import text_image

SIMPLE = ["Claim CLM-6403130", "", "Item                 Estimated cost", "-------------------  --------------",
          "Sofa                 3938.29", "Ceiling plaster      1284.97", "Laptop               433.70"]
GRID = ["+-----------------+----------+", "| Item            | Cost     |", "+=================+==========+",
        "| Sofa            | 3938.29  |", "| Ceiling plaster | 1284.97  |", "+-----------------+----------+"]
PROSE = ["A burst pipe flooded the ground floor of our house.", "The police were not called.",
         "Thank you for choosing Acme Insurance; we look forward to", "working with you again."]


def text_of(image: Image.Image, rules: bool = True) -> list[str]:
    page = ocr_image(image, 1, "media[0]", MediaSettings(rules=rules))
    return compose("", [MediaItem("image/png", False, (page,))]).text.splitlines()


def is_rule(line: str) -> bool:
    return bool(line.strip()) and set(line) <= {"-", " "}


def test_a_simple_tables_rule_reads_as_dashes_between_its_header_and_rows():
    image, _ = text_image(SIMPLE)
    lines = text_of(image)
    header = next(i for i, line in enumerate(lines) if line.startswith("Item"))
    assert is_rule(lines[header + 1]) and len(lines[header + 1].split()) == 2   # one run of dashes per column
    assert [line.split()[0] for line in lines[header + 2:]] == ["Sofa", "Ceiling", "Laptop"]
    assert sum(is_rule(line) for line in lines) == 1


def test_a_grid_tables_rules_read_as_dashes_and_their_joints_are_dropped():
    image, _ = text_image(GRID, width=900)
    lines = text_of(image)
    assert [is_rule(line) for line in lines] == [True, False, True, False, False, True], lines
    assert all("+" not in line and "=" not in line for line in lines)
    assert lines[1].replace(" ", "").startswith("|Item|Cost|")
    plain = text_of(image, rules=False)      # as Tesseract reads them, the rules are lost or garbled
    assert sum(is_rule(line) for line in plain) < 3


def test_prose_has_no_rules():
    image, _ = text_image(PROSE)
    assert text_of(image) == text_of(image, rules=False)


def test_a_rule_on_a_page_skewed_two_degrees_is_found_level():
    image, _ = text_image(SIMPLE)
    skewed = image.rotate(2.0, resample=Image.BICUBIC, expand=True, fillcolor=255)
    page = ocr_image(skewed, 1, "media[0]", MediaSettings(rules=False))
    assert abs(abs(page_slope(page.words)) - 0.0349) < 0.01    # tan(2 degrees)
    lines = text_of(skewed)
    header = next(i for i, line in enumerate(lines) if line.startswith("Item"))
    assert is_rule(lines[header + 1]) and lines[header + 2].startswith("Sofa")


def test_a_rules_word_boxes_lie_on_it_and_the_same_pixels_give_the_same_words():
    image, _ = text_image(SIMPLE)
    page = ocr_image(image, 1, "media[0]", MediaSettings())
    (first, second) = [w for w in page.words if w.rule]
    y = 60 + 3 * 44 + 14                                       # media_bytes: MARGIN + row * LINE, mid-line
    assert abs((first.box[1] + first.box[3]) / 2 - y) <= 6 and first.line == second.line
    assert first.box[0] < 100 and second.box[0] > first.box[2]
    assert ocr_image(image.copy(), 1, "media[0]", MediaSettings()) == page
