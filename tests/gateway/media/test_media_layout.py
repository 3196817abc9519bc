"""Words on pages -> context text and the map back to boxes (`gateway.media.layout`), pure."""
from __future__ import annotations

import asyncio
import re

import pytest

from degcommon.settings import SettingsError
from gateway.media.layout import MediaItem, Page, Word, compose
from gateway.media.requests import read_context
from gateway.media.settings import MediaSettings
from media_bytes import font


def word(text, x0, line, block=0, y0=None, confidence=0.9):
    y0 = 10 + 40 * line if y0 is None else y0
    return Word(text, (x0, y0, x0 + 10 * len(text), y0 + 30), confidence, block, line)


IMAGE = MediaItem("image/png", False, (Page(1, 800, 400, "ocr", (
    word("Invoice", 10, 0), word("INV-7", 90, 0),
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
        {"media": "m0", "box": [10, 10, 140, 40], "ocr_confidence": 0.9}


def test_a_value_over_two_lines_gets_one_box_per_line_and_their_union():
    media = compose("", [IMAGE])
    start = media.text.index("INV-7")
    end = media.text.index("Total:") + len("Total:")
    located = media.locate(start, end)
    assert located["boxes"] == [[90, 10, 140, 40], [10, 50, 70, 80]]
    assert located["box"] == [10, 10, 140, 80]


def test_part_of_a_word_gets_its_share_of_the_box():
    media = compose("", [IMAGE])
    start = media.text.index("INV-7") + 4  # "7" of "INV-7": the last fifth of [90, 140)
    assert media.locate(start, start + 1)["box"] == [130, 10, 140, 40]


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


# ---------------------------------------------------------------- column gaps

TABLE = ["Item                 Estimated cost",
         None,                                  # the ruled line: no words (OCR reads none)
         "Sofa                 3938.29",
         "Ceiling plaster      1284.97",
         "Carpet, living room  983.08"]
FORM = ["Claim number:   CLM-6403130",
        "Policy holder:  Dana Reyes, 14 Harbour Road",
        "Qty  Price  Total"]
CELLS = re.compile(r"\t+| {2,}")  # how the table reader splits a line into cells


def typed_page(lines, char=10, left=50, pitch=40):
    """The words of typed lines where a fixed-pitch font puts them: every character `char` wide."""
    words = []
    for number, line in enumerate(lines):
        y0 = 20 + pitch * number
        for found in re.finditer(r"\S+", line or ""):
            box = (left + char * found.start(), y0, left + char * found.end(), y0 + 30)
            words.append(Word(found.group(), box, 0.9, 0, number))
    return MediaItem("image/png", False, (Page(1, 800, 400, "ocr", tuple(words)),))


def test_gaps_that_set_columns_apart_read_as_the_typed_spaces():
    media = compose("", [typed_page(TABLE)])
    assert media.text == "\n".join(line or "" for line in TABLE)  # the ruled line: a blank line
    rows = [CELLS.split(line) for line in media.text.split("\n") if line]
    assert rows == [["Item", "Estimated cost"], ["Sofa", "3938.29"], ["Ceiling plaster", "1284.97"],
                    ["Carpet, living room", "983.08"]]
    assert compose("", [typed_page(FORM)]).text == "\n".join(FORM)
    for placed in media.placed:  # the added spaces belong to no word
        assert media.text[placed.start:placed.end] == placed.word.text


def test_a_value_in_the_second_column_gets_its_words_box():
    media = compose("", [typed_page(TABLE)])
    start = media.text.index("1284.97")
    assert media.locate(start, start + 7) == {"media": "m0", "box": [260, 140, 330, 170], "ocr_confidence": 0.9}
    row = media.text.index("Ceiling")
    assert media.locate(row, start + 7)["box"] == [50, 140, 330, 170]   # the row: both columns' words
    assert media.locate(start - 3, start + 7)["box"] == [260, 140, 330, 170]  # spaces before it add nothing
    assert media.locate(start - 5, start - 1) is None                   # the column gap alone


def test_proportional_gaps_break_columns_by_their_width_not_their_characters():
    # Spaces narrower than characters: a usual gap of 6 px where characters are 10 px wide.
    words = (Word("Total", (0, 0, 50, 30), 0.9, 0, 0), Word("due:", (56, 0, 96, 30), 0.9, 0, 0),
             Word("12.50", (109, 0, 159, 30), 0.9, 0, 0),               # 13 px: a column break
             Word("paid", (0, 40, 40, 70), 0.9, 0, 1), Word("late", (48, 40, 88, 70), 0.9, 0, 1),  # 8 px: a space
             Word("by", (94, 40, 114, 70), 0.9, 0, 1), Word("Ann", (140, 40, 170, 70), 0.9, 0, 1))  # 26 px
    text = compose("", [MediaItem("image/png", False, (Page(1, 400, 100, "ocr", words),))]).text
    assert text == "Total due:  12.50\npaid late by   Ann"


def test_a_page_of_one_word_cells_still_has_columns():
    # Every gap is a column gap, so the page's median gap is one: the usual gap is capped at
    # USUAL_CHARS characters, and the cells stay apart (by fewer spaces than were typed).
    page = typed_page(["Qty   Price   Total", "2     4.50    9.00", "10    1.25    12.50"])
    text = compose("", [page]).text
    assert [CELLS.split(line) for line in text.split("\n")] == \
        [["Qty", "Price", "Total"], ["2", "4.50", "9.00"], ["10", "1.25", "12.50"]]


def test_column_gaps_off_is_one_space_as_before():
    assert compose("", [typed_page(TABLE)], column_gaps=False).text == \
        "Item Estimated cost\n\nSofa 3938.29\nCeiling plaster 1284.97\nCarpet, living room 983.08"
    assert compose("", [typed_page(FORM)], column_gaps=False).text == \
        "Claim number: CLM-6403130\nPolicy holder: Dana Reyes, 14 Harbour Road\nQty Price Total"
    media = compose("Note", [IMAGE, PDF, typed_page(TABLE)], column_gaps=False)
    assert media.text == ("Note\n\nInvoice INV-7\nTotal: 12.50\n\nPaid\n\nfirst\n\nthird page\n\n"
                          "Item Estimated cost\n\nSofa 3938.29\nCeiling plaster 1284.97\nCarpet, living room 983.08")
    start = media.text.index("1284.97")
    assert media.locate(start, start + 7)["box"] == [260, 140, 330, 170]


def test_the_same_words_give_the_same_text():
    items = [IMAGE, typed_page(TABLE), typed_page(FORM)]
    first, again = compose("x", items), compose("x", list(items))
    assert first.text == again.text
    assert [(p.start, p.end) for p in first.placed] == [(p.start, p.end) for p in again.placed]


def test_a_page_without_measures_joins_by_one_space():
    one = MediaItem("image/png", False, (Page(1, 400, 100, "ocr", (
        Word("a", (0, 0, 10, 30), 0.9, 0, 0), Word("b", (200, 0, 210, 30), 0.9, 0, 0))),))  # no word of 3+
    assert compose("", [one]).text == "a b"


def test_the_setting_reads_on_and_off_and_reaches_the_composed_context():
    assert MediaSettings().column_gaps is True
    assert MediaSettings.from_env({"DEG_MEDIA_COLUMN_GAPS": "off"}).column_gaps is False
    assert MediaSettings.from_env({"DEG_MEDIA_COLUMN_GAPS": "1"}).column_gaps is True
    with pytest.raises(SettingsError):
        MediaSettings.from_env({"DEG_MEDIA_COLUMN_GAPS": "sometimes"})

    class Reader:  # what `read_context` needs of the media reader
        def __init__(self, settings):
            self.settings = settings

        async def read(self, sources, progress=None):
            return (typed_page(TABLE),)

    for on in (True, False):
        media = asyncio.run(read_context(Reader(MediaSettings(column_gaps=on)), "", ()))
        assert media.text == compose("", [typed_page(TABLE)], column_gaps=on).text


# Fixed-pitch pages (`gateway.media.pitch`): 16.2 px cells, each glyph's ink inset by its side
# bearings, so the boxes' gaps say less than the cells do.
BEARINGS = {".": 0.4, ":": 0.4, "|": 0.45, "/": 0.15}  # share of a cell left blank each side; letters 0.1
MONO_LINES = ["Box office: tickets@hoevel.de | https://www.walter.de",
              "Date:    10 January 2025, 15:30",
              "Item             Estimated cost",
              "Sofa             3938.29",
              "Ceiling plaster  1284.97",
              "A burst pipe flooded the ground floor of our house on a Sunday night.",
              "The plumber came at noon; the water had reached the kitchen by then.",
              "Thank you for choosing Acme Insurance; we look forward to working with you."]
PROSE = MONO_LINES[5:] + ["Our adjuster will call you within two working days to arrange a visit."]


def mono_words(pieces_by_line, pitch=16.2, left=103.0):
    """Words as OCR splits them: (text, cell) per piece; boxes the pieces' ink."""
    words = []
    for number, pieces in enumerate(pieces_by_line):
        y0 = 20 + 40 * number
        for text, cell in pieces:
            x0 = left + pitch * (cell + BEARINGS.get(text[0], 0.1))
            x1 = left + pitch * (cell + len(text) - BEARINGS.get(text[-1], 0.1))
            words.append(Word(text, (round(x0), y0, round(x1), y0 + 30), 0.9, 0, number))
    return MediaItem("image/png", False, (Page(1, 1700, 400, "ocr", tuple(words)),))


def typed_pieces(line):
    return [(found.group(), found.start()) for found in re.finditer(r"\S+", line)]


def test_a_fixed_pitch_page_reads_as_many_spaces_as_its_cells_hold_and_joins_a_split_run():
    pieces = [typed_pieces(line) for line in MONO_LINES]
    url = MONO_LINES[0].index("https")
    pieces[0] = [p for p in pieces[0] if p[1] != url] + [("https:", url), ("//www.walter.", url + 6), ("de", url + 19)]
    item = mono_words(pieces)
    words = item.pages[0].words
    media = compose("", [item])
    assert media.text == "\n".join(MONO_LINES)
    start = media.text.index("https://www.walter.de")
    assert media.locate(start, start + 21)["box"][0] == words[[w.text for w in words].index("https:")].box[0]
    for placed in media.placed:
        assert media.text[placed.start:placed.end] == placed.word.text
    assert "https: //www.walter. de" in compose("", [item], column_gaps=False).text  # off: one space, as before


def test_the_grid_is_found_whatever_the_pages_offset_and_a_proportional_page_has_none():
    from gateway.media.pitch import find_grid
    from gateway.media.layout import word_measures

    for left in (57.0, 103.3, 211.9):
        words = mono_words([typed_pieces(line) for line in MONO_LINES], left=left).pages[0].words
        grid = find_grid(words, word_measures(words)[0])
        assert grid is not None and abs(grid.pitch - 16.2) < 0.05
    face = font()  # DejaVu Sans: each word where a proportional font's advances put it
    proportional = []
    for number, line in enumerate(PROSE):
        x = 60.0
        for text in line.split(" "):
            proportional.append(Word(text, (round(x), 40 * number, round(x + face.getlength(text)), 40 * number + 30),
                                     0.9, 0, number))
            x += face.getlength(text + " ")
    assert find_grid(proportional, word_measures(proportional)[0]) is None
    assert compose("", [MediaItem("image/png", False, (Page(1, 1200, 200, "ocr", tuple(proportional)),))]).text == \
        "\n".join(PROSE)


def test_where_ocr_reads_more_characters_than_the_cells_hold_the_gap_decides():
    pieces = [typed_pieces(line) for line in MONO_LINES]
    pieces[3] = [("Soofa", 0), ("3938.29", 17)]  # one character too many, read into "Sofa"
    text = compose("", [mono_words(pieces)]).text
    assert text.split("\n")[3].startswith("Soofa ") and text.split("\n")[3].endswith(" 3938.29")
