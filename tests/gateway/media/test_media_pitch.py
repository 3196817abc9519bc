"""A page typed in a fixed-pitch font reads back with the spaces that were typed
(`gateway.media.pitch`), on real Tesseract reads of pages drawn in a Debian font."""
from __future__ import annotations

from gateway.media import MediaSettings, compose
from gateway.media.layout import MediaItem, word_measures
from gateway.media.ocr import ocr_image
from gateway.media.pitch import find_grid
from media_bytes import MONO, text_image

LINES = ["Box office: tickets@hoevel.de | https://www.walter.de/events",
         "Date:    10 January 2025, 15:30 (doors 15:00)",
         "Item                 Estimated cost",
         "Sofa                 3938.29",
         "Ceiling plaster      1284.97",
         "Carpet, living room  983.08",
         "A burst pipe flooded the ground floor of our house on a Sunday night.",
         "The plumber came at noon; the water had reached the kitchen by then."]


def test_a_fixed_pitch_page_reads_back_as_typed():
    image, _ = text_image(LINES, width=1500, path=MONO)
    page = ocr_image(image, 1, "media[0]", MediaSettings())
    grid = find_grid(page.words, word_measures(page.words)[0])
    assert grid is not None
    assert compose("", [MediaItem("image/png", False, (page,))]).text == "\n".join(LINES)


def test_a_proportional_page_has_no_grid():
    image, _ = text_image(LINES[6:] * 3, width=1500)
    page = ocr_image(image, 1, "media[0]", MediaSettings())
    assert find_grid(page.words, word_measures(page.words)[0]) is None
