"""The media reader on real files: Pillow decoding, Tesseract and poppler as the gateway runs them.

Images are drawn in a Debian font with every word's box known, so the boxes Tesseract reports
are checked against where the words really are (IoU), not against a recorded answer."""
from __future__ import annotations

import asyncio
import base64
import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader, PdfWriter

from gateway.media import MediaError, MediaReader, MediaSettings, MediaSource, compose, source_of
from gateway.media.decode import stated_dpi
from media_bytes import blank_png, encode, page_bomb_pdf, png, scanned_pdf, text_image
from pdf_bytes import text_pdf

LINES = ["Invoice number: INV-2041", "Date: 12 March 2026", "Total due: 1,279.30 EUR"]


def pypdf_merge(*pdfs: bytes) -> bytes:
    """The pages of `pdfs`, in order, as one PDF."""
    writer = PdfWriter()
    for pdf in pdfs:
        for page in PdfReader(io.BytesIO(pdf)).pages:
            writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def read(*sources, settings=None, progress=None):
    return asyncio.run(MediaReader(settings or MediaSettings()).read(list(sources), progress))


def iou(a, b):
    ix = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def boxes_of(item):
    return {w.text: w.box for page in item.pages for w in page.words}


def test_an_image_is_read_in_lines_with_the_words_boxes():
    image, drawn = text_image(LINES)
    (item,) = read(MediaSource("image/png", png(image), "media[0]"))
    assert compose("", [item]).text.splitlines() == LINES
    (page,) = item.pages
    assert (page.width, page.height, page.read, item.paged) == (image.width, image.height, "ocr", False)
    found = boxes_of(item)
    for text in ("INV-2041", "March", "1,279.30"):
        assert iou(found[text], drawn[text]) >= 0.7, (text, found[text], drawn[text])
    assert all(0.5 < w.confidence <= 1.0 for w in page.words)


@pytest.mark.parametrize("fmt,kind", [("JPEG", "image/jpeg"), ("WEBP", "image/webp"), ("TIFF", "image/tiff")])
def test_jpeg_webp_and_tiff_read_like_png(fmt, kind):
    image, _ = text_image(LINES[:1])
    params = {"quality": 95} if fmt in ("JPEG", "WEBP") else {}
    (item,) = read(MediaSource(kind, encode(image.convert("RGB"), fmt, **params), "media[0]"))
    assert compose("", [item]).text == LINES[0]


def test_exif_orientation_is_applied_and_boxes_are_upright_pixels():
    image, drawn = text_image(LINES[:2])
    stored = image.rotate(90, expand=True)  # a camera stores it sideways and says so in EXIF
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 CW to display
    (item,) = read(MediaSource("image/jpeg", encode(stored.convert("RGB"), "JPEG", quality=95, exif=exif),
                               "media[0]"))
    assert compose("", [item]).text.splitlines() == LINES[:2]
    assert (item.pages[0].width, item.pages[0].height) == image.size
    assert iou(boxes_of(item)["INV-2041"], drawn["INV-2041"]) >= 0.7


def test_a_page_skewed_a_few_degrees_is_read():
    image, _ = text_image(LINES)
    skewed = image.rotate(3, expand=True, fillcolor=255, resample=Image.BICUBIC)
    (item,) = read(MediaSource("image/png", png(skewed), "media[0]"))
    assert compose("", [item]).text.splitlines() == LINES


def test_a_multi_page_tiff_is_paged():
    first, _ = text_image(["Page one text"])
    second, _ = text_image(["Page two text"])
    raw = encode(first, "TIFF", save_all=True, append_images=[second])
    (item,) = read(MediaSource("image/tiff", raw, "media[0]"))
    assert item.paged and [p.number for p in item.pages] == [1, 2]
    assert compose("", [item]).text == "Page one text\n\nPage two text"


def test_pdf_pages_use_the_text_layer_or_ocr_and_report_progress():
    image, drawn = text_image(LINES)
    scan = scanned_pdf([image], resolution=150)  # 1200 px wide at 150 dpi: 8 inches
    typed = text_pdf([["Dear customer,", "your order A-77 ships today."], ["Kind regards"]])
    seen = []

    async def progress(done, total):
        seen.append((done, total))

    scan_item, typed_item = read(MediaSource("application/pdf", scan, "media[0]"),
                                 MediaSource("application/pdf", typed, "media[1]"), progress=progress)
    assert seen == [(1, 3), (2, 3), (3, 3)]
    # read at the scan's own 150 dpi (under DEG_MEDIA_DPI 300): its pixels are the drawing's
    assert [p.read for p in scan_item.pages] == ["ocr"] and scan_item.dpi == 150
    assert compose("", [scan_item]).text.splitlines() == LINES
    assert (scan_item.pages[0].width, scan_item.pages[0].height) == (image.width, image.height)
    assert iou(boxes_of(scan_item)["INV-2041"], drawn["INV-2041"]) >= 0.6
    assert [p.read for p in typed_item.pages] == ["text_layer", "text_layer"]
    assert compose("", [typed_item]).text == "Dear customer,\nyour order A-77 ships today.\n\nKind regards"
    assert (typed_item.pages[0].width, typed_item.pages[0].height) == (2550, 3300)


def test_a_scan_is_read_at_its_own_resolution_up_to_the_setting_and_text_pages_follow_it(monkeypatch):
    import gateway.media.pdf as pdf

    tools = []
    real_run_tool = pdf.run_tool

    def counted(args, *rest, **kwargs):
        tools.append(Path(args[0]).name)
        return real_run_tool(args, *rest, **kwargs)

    monkeypatch.setattr(pdf, "run_tool", counted)
    image, drawn = text_image(LINES)
    fine = scanned_pdf([image], resolution=400)  # 3 inches wide: read at the 300 dpi cap
    (item,) = read(MediaSource("application/pdf", fine, "media[0]"))
    assert item.dpi == 300 and item.pages[0].width == round(image.width * 300 / 400)
    assert compose("", [item]).text.splitlines() == LINES
    assert iou(boxes_of(item)["INV-2041"], tuple(v * 300 / 400 for v in drawn["INV-2041"])) >= 0.6
    typed = pypdf_merge(text_pdf([["Dear customer,", "your order A-77 ships today."]]), scanned_pdf([image], 100))
    (mixed,) = read(MediaSource("application/pdf", typed, "media[0]"))
    assert mixed.dpi == 100 and [p.read for p in mixed.pages] == ["text_layer", "ocr"]
    assert (mixed.pages[0].width, mixed.pages[0].height) == (850, 1100)  # US letter at 100 dpi
    assert (mixed.pages[1].width, mixed.pages[1].height) == (image.width, image.height)
    words = mixed.pages[0].words  # the text layer's boxes scaled to 100 dpi: "Dear" starts an inch in
    assert words[0].text == "Dear" and 95 <= words[0].box[0] <= 105
    assert tools.count("pdftotext") == 2  # one text-layer read per PDF, whatever resolution it is read at


def test_an_image_is_read_at_the_resolution_its_header_states():
    image, _ = text_image(LINES)
    assert stated_dpi(Image.open(io.BytesIO(encode(image, "PNG", dpi=(200, 200))))) == 200
    assert stated_dpi(Image.open(io.BytesIO(encode(image, "JPEG", dpi=(72, 72))))) == 72
    assert stated_dpi(Image.open(io.BytesIO(encode(image, "PNG")))) is None
    assert stated_dpi(Image.open(io.BytesIO(encode(image, "PNG", dpi=(5000, 5000))))) is None
    (item,) = read(MediaSource("image/png", encode(image, "PNG", dpi=(150, 150)), "media[0]"))
    assert compose("", [item]).text.splitlines() == LINES


def test_the_same_bytes_give_the_same_words_and_boxes_exactly():
    image, _ = text_image(LINES)
    raw = png(image.rotate(2, expand=True, fillcolor=255, resample=Image.BICUBIC))
    first = read(MediaSource("image/png", raw, "media[0]"))
    again = read(MediaSource("image/png", raw, "media[0]"))  # a new reader: no cache between them
    assert first == again and compose("x", first).text == compose("x", again).text


def test_a_second_read_of_the_same_bytes_comes_from_the_cache():
    image, _ = text_image(LINES[:1])
    reader = MediaReader(MediaSettings(cache=1))
    source = MediaSource("image/png", png(image), "media[0]")
    first = asyncio.run(reader.read([source]))
    again = asyncio.run(reader.read([source]))
    assert again[0] is first[0]


# -- bad input: the right status and a message naming the problem ----------------------------------

def refused(*sources, settings=None) -> MediaError:
    with pytest.raises(MediaError) as caught:
        read(*sources, settings=settings)
    return caught.value


def test_a_truncated_png_is_422():
    image, _ = text_image(LINES)
    raw = png(image)
    error = refused(MediaSource("image/png", raw[: len(raw) // 2], "media[0]"))
    assert (error.status, error.kind) == (422, "invalid_media")
    assert "media[0]" in error.message and "truncated" in error.message


def test_a_text_file_named_png_is_422_saying_what_it_is():
    data = base64.b64encode(b"order A-77, total 12.50\n").decode()
    with pytest.raises(MediaError) as caught:
        source_of("image/png", data, "media[0]", MediaSettings())
    assert caught.value.status == 422
    assert caught.value.message == ("media[0] is declared image/png but its bytes are not an image or PDF "
                                    "(it starts like text: 'order A-77, total 12.50\\n')")


def test_a_100_megapixel_image_is_413_before_decoding():
    error = refused(MediaSource("image/png", blank_png(10_000, 10_000), "media[0]"))
    assert (error.status, error.kind) == (413, "media_too_large")
    assert "10000 x 10000 = 100000000 pixels" in error.message and "DEG_MEDIA_MAX_PIXELS" in error.message


def test_a_pdf_of_10000_pages_is_413_before_any_page_is_read():
    raw = page_bomb_pdf()
    assert len(raw) < 2000
    error = refused(MediaSource("application/pdf", raw, "media[0]"))
    assert error.status == 413 and "10000 pages" in error.message and "DEG_MEDIA_MAX_PAGES" in error.message


def test_too_many_pages_across_items_and_too_many_items_are_413():
    image, _ = text_image(["x"])
    source = MediaSource("image/png", png(image), "media[0]")
    error = refused(source, source, source, settings=MediaSettings(max_pages=2))
    assert error.status == 413 and "3 pages" in error.message
    error = refused(source, source, settings=MediaSettings(max_items=1))
    assert error.status == 413 and "2 media items" in error.message and "DEG_MEDIA_MAX_ITEMS" in error.message


def test_a_scanned_page_over_the_pixel_limit_is_413_naming_the_page():
    image, _ = text_image(["x"])
    error = refused(MediaSource("application/pdf", scanned_pdf([image]), "media[0]"),
                    settings=MediaSettings(max_pixels=100_000))
    assert error.status == 413 and "media[0] page 1 at 150 dpi" in error.message


def test_base64_problems_and_size_limits():
    settings = MediaSettings(max_bytes=100)
    with pytest.raises(MediaError) as caught:
        source_of("image/png", "not base64!", "media[0]", settings)
    assert caught.value.status == 422 and "media[0].data is not valid base64" in caught.value.message
    with pytest.raises(MediaError) as caught:
        source_of("image/png", base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(200)).decode(), "media[0]", settings)
    assert caught.value.status == 413 and "DEG_MEDIA_MAX_BYTES" in caught.value.message
    with pytest.raises(MediaError) as caught:
        source_of("image/gif", base64.b64encode(b"GIF89a").decode(), "media[0]", MediaSettings())
    assert caught.value.status == 422 and "image/gif" in caught.value.message


def test_a_broken_pdf_is_422():
    error = refused(MediaSource("application/pdf", text_pdf([["cut short"]])[:120], "media[0]"))
    assert error.status == 422 and "media[0] is a PDF that cannot be read" in error.message


def test_without_tesseract_the_error_names_the_package(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no tesseract (nor anything else) on the PATH
    image, _ = text_image(["x"])
    error = refused(MediaSource("image/png", png(image), "media[0]"))
    assert (error.status, error.kind) == (503, "ocr_unavailable") and "tesseract-ocr" in error.message
