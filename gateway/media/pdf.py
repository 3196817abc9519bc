"""PDF pages -> words with boxes: the text layer where there is one, OCR where there is not.

- `page_count(raw, where)`: pypdf reads the page tree's count without touching a page, so a
  PDF of 10,000 pages is refused (413) before any page is read. Encrypted or unreadable: 422.
- `text_layer(path, pages, ...)`: one `pdftotext -bbox-layout` (poppler) call for the read
  pages: per page its size and words with boxes in PDF points, grouped in poppler's blocks and
  lines, in its reading order. `layer_page` scales them to pixels at the item's resolution
  (`x * dpi / 72`, outward to whole pixels), so a PDF's boxes are pixels of its pages rendered
  at that resolution, whether a page was read from its text layer or by OCR.
- A page with fewer than `MIN_TEXT_CHARS` non-space characters in its text layer is a scan:
  `render_page` renders it with `pdftoppm -r dpi -gray` (its pixel count checked against
  `DEG_MEDIA_MAX_PIXELS` from the page size first) and `gateway.media.ocr` reads it.
- `scan_dpi`: a PDF with scanned pages is read at the resolution its scans were made at
  (`pdfimages -list`: the largest image of each scanned page, its lower ppi), at most
  `DEG_MEDIA_DPI`: resampling a scan above its own resolution blurs its noise into glyphs.
"""
from __future__ import annotations

import html
import io
import logging
import math
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from gateway.media.decode import check_pixels
from gateway.media.errors import invalid, unavailable
from gateway.media.layout import Page, Word
from gateway.media.ocr import run_tool

log = logging.getLogger("deg.gateway.media")

MIN_TEXT_CHARS = 8
MIN_SCAN_DPI = 72   # scans stated below this are read at it (Tesseract reads nothing smaller)
POINTS_PER_INCH = 72.0
_TAG = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">|<block |<line |'
                  r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*?)</word>')


@dataclass(frozen=True)
class LayerWord:
    text: str
    box_pt: tuple[float, float, float, float]   # x0, y0, x1, y1 in PDF points
    block: int
    line: int


@dataclass(frozen=True)
class LayerPage:
    width_pt: float
    height_pt: float
    words: tuple[LayerWord, ...]

    def has_text(self) -> bool:
        return sum(len(w.text.strip()) for w in self.words) >= MIN_TEXT_CHARS

    def words_at(self, dpi: int) -> tuple[Word, ...]:
        """The words with their boxes in pixels at `dpi` (outward to whole pixels)."""
        scale = dpi / POINTS_PER_INCH
        return tuple(Word(w.text, (math.floor(w.box_pt[0] * scale), math.floor(w.box_pt[1] * scale),
                                   math.ceil(w.box_pt[2] * scale), math.ceil(w.box_pt[3] * scale)),
                          1.0, w.block, w.line) for w in self.words)


def page_count(raw: bytes, where: str) -> int:
    try:
        reader = PdfReader(io.BytesIO(raw))
        if reader.is_encrypted and not reader.decrypt(""):
            raise invalid(f"{where} is a PDF encrypted with a password", where)
        count = len(reader.pages)
    except Exception as exc:  # pypdf raises many kinds on broken files; all mean "unreadable PDF"
        if hasattr(exc, "status"):
            raise
        log.info("unreadable PDF: %s: %s", type(exc).__name__, exc)
        raise invalid(f"{where} is a PDF that cannot be read: {type(exc).__name__}: {exc}", where) from None
    if count < 1:
        raise invalid(f"{where} is a PDF without pages", where)
    return count


def poppler_tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise unavailable(f"{name} is not installed on the gateway, so PDFs cannot be read: install the apt "
                          "package poppler-utils (make sysdeps)")
    return found


def text_layer(path: Path, pages: int, where: str, timeout_s: float) -> list[LayerPage]:
    """Pages 1..`pages` of the PDF at `path`: size and words' boxes in points."""
    xhtml = run_tool([poppler_tool("pdftotext"), "-bbox-layout", "-f", "1", "-l", str(pages), str(path), "-"],
                     where, timeout_s)
    out: list[LayerPage] = []
    size: tuple[float, float] | None = None
    words: list[LayerWord] = []
    block = line = -1
    for match in _TAG.finditer(str(xhtml)):
        token = match.group(0)
        if token.startswith("<page"):
            if size is not None:
                out.append(LayerPage(*size, tuple(words)))
            size, words, block, line = (float(match.group(1)), float(match.group(2))), [], -1, -1
        elif token == "<block ":
            block += 1
        elif token == "<line ":
            line += 1
        else:
            x0, y0, x1, y1 = (float(match.group(i)) for i in (3, 4, 5, 6))
            words.append(LayerWord(html.unescape(match.group(7)), (x0, y0, x1, y1), max(block, 0), max(line, 0)))
    if size is not None:
        out.append(LayerPage(*size, tuple(words)))
    if len(out) != pages:
        raise invalid(f"{where}: poppler read {len(out)} of the PDF's {pages} pages", where)
    return out


def scan_dpi(path: Path, scanned: set[int], cap: int, where: str, timeout_s: float) -> int:
    """The resolution to read the PDF at when pages `scanned` (1-based) hold no text: the highest
    of their scans' own resolutions, within MIN_SCAN_DPI..`cap`; `cap` where they hold no image."""
    listing = str(run_tool([poppler_tool("pdfimages"), "-list", str(path)], where, timeout_s))
    largest: dict[int, tuple[int, int]] = {}  # page -> (pixels, ppi) of its largest image
    for row in listing.splitlines()[2:]:
        cells = row.split()
        if len(cells) < 14 or not cells[0].isdigit() or int(cells[0]) not in scanned:
            continue
        try:
            pixels, ppi = int(cells[3]) * int(cells[4]), round(min(float(cells[12]), float(cells[13])))
        except ValueError:
            continue
        if pixels > largest.get(int(cells[0]), (0, 0))[0]:
            largest[int(cells[0])] = (pixels, ppi)
    if not largest:
        return cap
    return min(cap, max(MIN_SCAN_DPI, max(ppi for _, ppi in largest.values())))


def pixel_size(page: LayerPage, dpi: int) -> tuple[int, int]:
    scale = dpi / POINTS_PER_INCH  # rounded first: 792 pt at 300 dpi is 3300 px, not 3301
    return math.ceil(round(page.width_pt * scale, 6)), math.ceil(round(page.height_pt * scale, 6))


def layer_page(page: LayerPage, number: int, dpi: int) -> Page:
    width, height = pixel_size(page, dpi)
    return Page(number=number, width=width, height=height, read="text_layer", words=page.words_at(dpi))


def render_page(path: Path, page: LayerPage, number: int, dpi: int, where: str, max_pixels: int,
                timeout_s: float) -> Image.Image:
    """Page `number` rendered in grey at `dpi` (its size checked before rendering)."""
    width, height = pixel_size(page, dpi)
    check_pixels(width, height, f"{where} at {dpi} dpi", max_pixels)
    with tempfile.TemporaryDirectory(prefix="deg-media-") as tmp:
        prefix = Path(tmp) / "page"
        run_tool([poppler_tool("pdftoppm"), "-r", str(dpi), "-f", str(number), "-l", str(number), "-gray", "-png",
                  "-singlefile", str(path), str(prefix)], where, timeout_s)
        with Image.open(f"{prefix}.png") as image:
            image.load()
            return image.copy()
