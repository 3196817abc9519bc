"""PDF -> text, page by page, with the method used for each page.

Tools: poppler (`pdfinfo`, `pdftotext`, `pdftoppm`; apt poppler-utils) and Tesseract
(`tesseract`; apt tesseract-ocr), called as processes.

Per page:
1. `pdftotext -bbox` gives the words with their boxes. A page with fewer than
   `min_text_chars` non-space characters is image-only: it is rendered with `pdftoppm`
   at `ocr_dpi` and read by `tesseract` -> method `ocr`.
2. A page whose words form two columns (see `split_columns`) is read left column then
   right column, full-width lines (titles, footers) kept in place -> method `columns`.
3. Any other page is `pdftotext -layout`, which keeps table rows on one line with their
   cells aligned -> method `layout`.

Two-column detection (stated heuristic): words are grouped into lines by their vertical
centre; the gutter is the widest vertical band in the middle half of the text width that
no word crosses on the lines that have words on both sides. The page is two-column when at
least `min_split_lines` lines are split by a gap of at least `min_gutter_pt` points at that
band and both sides average at least 3 words per line segment (prose). One-sided lines
between the first and last split line belong to their column; above or below that block
they are full-width lines kept in place. A table also has
vertical gaps, but several of them and few words per cell, so it stays `layout`.

Pages are joined with a form feed (`\\f`), as `pdftotext` does for a whole document.
"""
from __future__ import annotations

import html
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

MIN_TEXT_CHARS = 8
MIN_GUTTER_PT = 12.0
MIN_SPLIT_LINES = 3


class PdfTextError(RuntimeError):
    """A PDF that could not be read; says which tool failed and why."""


@dataclass(frozen=True)
class Word:
    x0: float
    y0: float
    x1: float
    y1: float
    text: str


@dataclass(frozen=True)
class PageText:
    number: int     # 1-based
    method: str     # "layout" | "columns" | "ocr"
    text: str

    def to_dict(self) -> dict[str, object]:
        return {"page": self.number, "method": self.method, "chars": len(self.text)}


@dataclass(frozen=True)
class DocumentText:
    pages: tuple[PageText, ...]

    @property
    def text(self) -> str:
        return "\f".join(page.text for page in self.pages)


def _run(args: list[str], what: str) -> str:
    tool = args[0]
    if shutil.which(tool) is None:
        package = "tesseract-ocr" if tool == "tesseract" else "poppler-utils"
        raise PdfTextError(f"{tool} not found: install the apt package {package}")
    completed = subprocess.run(args, capture_output=True, text=True, check=False)
    if completed.returncode != 0:
        raise PdfTextError(f"{tool} failed on {what}: {completed.stderr.strip() or completed.returncode}")
    return completed.stdout


def page_count(pdf: Path) -> int:
    info = _run(["pdfinfo", str(pdf)], str(pdf))
    match = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    if not match:
        raise PdfTextError(f"pdfinfo gave no page count for {pdf}")
    return int(match.group(1))


_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def page_words(pdf: Path, number: int) -> list[Word]:
    xhtml = _run(["pdftotext", "-bbox", "-f", str(number), "-l", str(number), str(pdf), "-"],
                 f"{pdf} page {number}")
    return [Word(float(a), float(b), float(c), float(d), html.unescape(t))
            for a, b, c, d, t in _WORD.findall(xhtml)]


def group_lines(words: list[Word]) -> list[list[Word]]:
    """Words -> lines (top to bottom), each line left to right."""
    lines: list[list[Word]] = []
    for word in sorted(words, key=lambda w: ((w.y0 + w.y1) / 2, w.x0)):
        centre = (word.y0 + word.y1) / 2
        if lines:
            last = lines[-1]
            last_centre = sum((w.y0 + w.y1) / 2 for w in last) / len(last)
            height = max(w.y1 - w.y0 for w in last)
            if abs(centre - last_centre) <= 0.5 * height:
                last.append(word)
                continue
        lines.append([word])
    return [sorted(line, key=lambda w: w.x0) for line in lines]


def _split(line: list[Word], gutter: float, min_gap: float) -> tuple[list[Word], list[Word]] | None:
    """The line's left and right segments when a gap >= min_gap spans x = gutter."""
    left = [w for w in line if w.x1 <= gutter]
    right = [w for w in line if w.x0 >= gutter]
    if len(left) + len(right) != len(line) or not left or not right:
        return None
    if right[0].x0 - left[-1].x1 < min_gap:
        return None
    return left, right


def split_columns(words: list[Word], min_gutter_pt: float = MIN_GUTTER_PT,
                  min_split_lines: int = MIN_SPLIT_LINES) -> list[str] | None:
    """Reading-order lines of a two-column page, or None when the page is not two-column."""
    if not words:
        return None
    lines = group_lines(words)
    x_min = min(w.x0 for w in words)
    x_max = max(w.x1 for w in words)
    width = x_max - x_min
    best: tuple[int, float] | None = None
    # Candidate gutters every point across the middle half of the text block.
    for step in range(int(width / 2) + 1):
        gutter = x_min + width / 4 + step
        splits = [s for s in (_split(line, gutter, min_gutter_pt) for line in lines) if s]
        if best is None or len(splits) > best[0]:
            best = (len(splits), gutter)
    if best is None or best[0] < min_split_lines:
        return None
    gutter = best[1]
    split_lines = [s for s in (_split(line, gutter, min_gutter_pt) for line in lines) if s]
    left_words = sum(len(l) for l, _ in split_lines) / len(split_lines)
    right_words = sum(len(r) for _, r in split_lines) / len(split_lines)
    if left_words < 3 or right_words < 3:
        return None
    ordered: list[str] = []
    left_col: list[str] = []
    right_col: list[str] = []

    def flush() -> None:
        ordered.extend(left_col)
        ordered.extend(right_col)
        left_col.clear()
        right_col.clear()

    # One-sided lines belong to a column only inside the block of split lines; above or
    # below it (titles, footers) they are full-width lines.
    split_at = [i for i, line in enumerate(lines) if _split(line, gutter, min_gutter_pt)]
    first, last = split_at[0], split_at[-1]
    for index, line in enumerate(lines):
        if not first <= index <= last:
            flush()
            ordered.append(_join(line))
        elif all(w.x1 <= gutter for w in line):
            left_col.append(_join(line))
        elif all(w.x0 >= gutter for w in line):
            right_col.append(_join(line))
        elif (parts := _split(line, gutter, min_gutter_pt)) is not None:
            left_col.append(_join(parts[0]))
            right_col.append(_join(parts[1]))
        else:  # a full-width line ends the column block above it
            flush()
            ordered.append(_join(line))
    flush()
    return ordered


def _join(line: list[Word]) -> str:
    return " ".join(w.text for w in line)


def ocr_page(pdf: Path, number: int, dpi: int, lang: str) -> str:
    with tempfile.TemporaryDirectory(prefix="deg-ocr-") as tmp:
        prefix = Path(tmp) / "page"
        _run(["pdftoppm", "-r", str(dpi), "-f", str(number), "-l", str(number), "-png",
              "-singlefile", str(pdf), str(prefix)], f"{pdf} page {number}")
        return _run(["tesseract", f"{prefix}.png", "stdout", "-l", lang, "--psm", "3"],
                    f"{pdf} page {number}").strip()


def extract_text(pdf: Path, *, ocr_dpi: int = 300, ocr_lang: str = "eng",
                 min_text_chars: int = MIN_TEXT_CHARS) -> DocumentText:
    """Every page of `pdf` as text, with the method used for each."""
    pdf = Path(pdf)
    if not pdf.is_file():
        raise PdfTextError(f"no such PDF: {pdf}")
    pages = []
    for number in range(1, page_count(pdf) + 1):
        words = page_words(pdf, number)
        if sum(len(w.text.strip()) for w in words) < min_text_chars:
            pages.append(PageText(number, "ocr", ocr_page(pdf, number, ocr_dpi, ocr_lang)))
            continue
        columns = split_columns(words)
        if columns is not None:
            pages.append(PageText(number, "columns", "\n".join(columns)))
            continue
        layout = _run(["pdftotext", "-layout", "-f", str(number), "-l", str(number), str(pdf), "-"],
                      f"{pdf} page {number}")
        pages.append(PageText(number, "layout", layout.rstrip("\f").rstrip()))
    return DocumentText(tuple(pages))
