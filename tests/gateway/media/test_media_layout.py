"""Words on pages -> context text and the map back to boxes (`gateway.media.layout`), pure."""
from __future__ import annotations

from gateway.media.layout import MediaItem, Page, Word, compose


def word(text, x0, line, block=0, y0=None, confidence=0.9):
    y0 = 10 + 40 * line if y0 is None else y0
    return Word(text, (x0, y0, x0 + 10 * len(text), y0 + 30), confidence, block, line)


IMAGE = MediaItem("image/png", False, (Page(1, 800, 400, "ocr", (
    word("Invoice", 10, 0), word("INV-7", 100, 0),
    word("Total:", 10, 1), word("12.50", 80, 1, confidence=0.6),
    word("Paid", 10, 2, block=1, y0=170),  # a blank line's height below the line before
)),))
PDF = MediaItem("application/pdf", True, (
    Page(1, 2550, 3300, "text_layer", (word("first", 10, 0, confidence=1.0),)),
    Page(2, 2550, 3300, "ocr", ()),
    Page(3, 2550, 3300, "ocr", (word("third", 10, 0), word("page", 70, 0))),
), dpi=300)


def test_words_join_by_line_block_page_and_item():
    media = compose("Note", [IMAGE, PDF])
    assert media.text == "Note\n\nInvoice INV-7\nTotal: 12.50\n\nPaid\n\nfirst\n\nthird page"
    assert [p.word.text for p in media.placed] == ["Invoice", "INV-7", "Total:", "12.50", "Paid", "first", "third",
                                                   "page"]
    for placed in media.placed:  # every word's characters are the word
        assert media.text[placed.start:placed.end] == placed.word.text
    summary = media.summary()
    assert [s["id"] for s in summary] == ["m0", "m1"]
    assert media.text[slice(*summary[0]["span"])] == "Invoice INV-7\nTotal: 12.50\n\nPaid"
    assert [p["span"] for p in summary[1]["pages"]][1] == [summary[1]["pages"][0]["span"][1]] * 2  # empty page
    assert summary[1]["dpi"] == 300 and "dpi" not in summary[0]


def test_no_context_text_starts_with_the_first_word():
    assert compose("", [IMAGE]).text.startswith("Invoice INV-7")


def test_a_value_gets_its_words_box_and_least_confidence():
    media = compose("", [IMAGE])
    start = media.text.index("12.50")
    assert media.locate(start, start + 5) == {"media": "m0", "box": [80, 50, 130, 80], "ocr_confidence": 0.6}
    start = media.text.index("Invoice")
    assert media.locate(start, start + len("Invoice INV-7")) == \
        {"media": "m0", "box": [10, 10, 150, 40], "ocr_confidence": 0.9}


def test_a_value_over_two_lines_gets_one_box_per_line_and_their_union():
    media = compose("", [IMAGE])
    start = media.text.index("INV-7")
    end = media.text.index("Total:") + len("Total:")
    located = media.locate(start, end)
    assert located["boxes"] == [[100, 10, 150, 40], [10, 50, 70, 80]]
    assert located["box"] == [10, 10, 150, 80]


def test_part_of_a_word_gets_its_share_of_the_box():
    media = compose("", [IMAGE])
    start = media.text.index("INV-7") + 4  # "7" of "INV-7": the last fifth of [100, 150)
    assert media.locate(start, start + 1)["box"] == [140, 10, 150, 40]


def test_paged_items_name_the_page_and_plain_text_is_not_located():
    media = compose("Note", [IMAGE, PDF])
    start = media.text.index("third")
    assert media.locate(start, start + len("third page")) == \
        {"media": "m1", "page": 3, "box": [10, 10, 110, 40], "ocr_confidence": 0.9}
    assert media.locate(0, 4) is None                                   # the text context
    assert media.locate(0, media.text.index("INV-7")) is None           # starts in the text context
    assert media.locate(media.text.index("Paid"), media.text.index("first") + 5) is None  # two items
    assert media.locate(3, 3) is None


def test_separators_alone_are_not_located():
    media = compose("", [IMAGE])
    gap = media.text.index(" INV-7")
    assert media.locate(gap, gap + 1) is None


def test_blank_lines_follow_the_page_not_the_engines_blocks():
    lines = (word("Name:", 10, 0), word("Ann", 80, 0), word("Age:", 10, 1, block=1), word("41", 70, 1, block=1),
             word("City:", 10, 2, block=2), word("Oslo", 80, 2, block=2),
             word("Notes", 10, 3, y0=250),                           # after a blank line's gap
             word("right", 400, 4, block=3, y0=10))                  # a second column, back at the top
    page = MediaItem("image/png", False, (Page(1, 800, 400, "ocr", lines),))
    assert compose("", [page]).text == "Name: Ann\nAge: 41\nCity: Oslo\n\nNotes\n\nright"
