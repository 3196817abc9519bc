"""Tesseract on one page image -> its words with boxes and confidences, in reading order.

Run as a process (`tesseract page.png stdout -l <languages> --oem <oem> --psm <psm> --dpi <dpi>
tsv`) with `OMP_THREAD_LIMIT=1`: one thread, pinned settings, the same image -> the same TSV.
Tesseract finds lines on pages skewed by a few degrees itself and reports the boxes in the
pixels of the image it was given.

TSV rows of level 5 are words (`left top width height conf text`); a word's block is its
Tesseract paragraph `(block_num, par_num)` and its line `(block_num, par_num, line_num)`,
both numbered in order of appearance on the page. Confidence is Tesseract's 0-100 over 100,
rounded to 4 decimals.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from PIL import Image

from gateway.media.errors import invalid, unavailable
from gateway.media.layout import Page, Word
from gateway.media.rules import Ink, Measures, erase_rules, find_rules, with_rules
from gateway.media.settings import MediaSettings

INSTALL = "install the apt packages tesseract-ocr and tesseract-ocr-<language> (make sysdeps)"


def tesseract_path() -> str:
    found = shutil.which("tesseract")
    if found is None:
        raise unavailable(f"tesseract is not installed on the gateway, so images and scanned pages cannot be "
                          f"read: {INSTALL}")
    return found


def run_tool(args: list[str], where: str, timeout_s: float, *, text: bool = True) -> str | bytes:
    """Run a reading tool; a tool that fails on the input is the input's 422, a missing one a 503."""
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    try:
        done = subprocess.run(args, capture_output=True, check=False, timeout=timeout_s, env=env)
    except FileNotFoundError:
        package = "tesseract-ocr" if args[0].endswith("tesseract") else "poppler-utils"
        raise unavailable(f"{Path(args[0]).name} is not installed on the gateway: install the apt package "
                          f"{package} (make sysdeps)") from None
    except subprocess.TimeoutExpired:
        raise invalid(f"{where} took longer than {timeout_s:g} s to read (DEG_MEDIA_OCR_TIMEOUT_S)", where) from None
    stderr = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode != 0:
        if "Failed loading language" in stderr or "Error opening data file" in stderr:
            raise unavailable(f"Tesseract cannot load its language data ({stderr.splitlines()[-1]}): {INSTALL}")
        raise invalid(f"{where} cannot be read: {Path(args[0]).name} says {stderr[-300:] or done.returncode}",
                      where)
    return done.stdout.decode("utf-8", "replace") if text else done.stdout


def ocr_image(image: Image.Image, number: int, where: str, settings: MediaSettings, dpi: int | None = None) -> Page:
    """The words of one upright page image, read by Tesseract; `dpi`: the image's own resolution
    where it states one (Tesseract sizes its expectations of the text by it), else the setting.
    With `rules` on, a page with rules drawn on it is read a second time without them
    (`gateway.media.rules`), and its rules join its words as lines of dashes."""
    words = tesseract_words(image, where, settings, dpi or settings.dpi)
    m = Measures.of(words) if settings.rules else None
    if m is not None:
        ink = Ink(image, m.slope)
        rules = find_rules(ink, words, m)
        if rules:
            clean = tesseract_words(erase_rules(image, ink, rules, m), where, settings, dpi or settings.dpi)
            words = with_rules(clean, rules, m, image.width)
    return Page(number=number, width=image.width, height=image.height, read="ocr", words=words)


def tesseract_words(image: Image.Image, where: str, settings: MediaSettings, dpi: int) -> tuple[Word, ...]:
    binary = tesseract_path()
    with tempfile.TemporaryDirectory(prefix="deg-media-") as tmp:
        path = Path(tmp) / "page.png"
        image.save(path, format="PNG")
        tsv = run_tool([binary, str(path), "stdout", "-l", settings.languages, "--oem", str(settings.ocr_oem),
                        "--psm", str(settings.ocr_psm), "--dpi", str(dpi), "tsv"],
                       where, settings.ocr_timeout_s)
    return parse_tsv(str(tsv))


def parse_tsv(tsv: str) -> tuple[Word, ...]:
    """Tesseract's TSV -> words in its reading order (module docstring)."""
    blocks: dict[tuple[int, int], int] = {}
    lines: dict[tuple[int, int, int], int] = {}
    words = []
    for row in tsv.splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) != 12 or cells[0] != "5":
            continue
        text = cells[11].strip()
        if not text:
            continue
        block_key = (int(cells[2]), int(cells[3]))
        line_key = (*block_key, int(cells[4]))
        block = blocks.setdefault(block_key, len(blocks))
        line = lines.setdefault(line_key, len(lines))
        left, top, width, height = (int(cells[i]) for i in (6, 7, 8, 9))
        confidence = round(max(float(cells[10]), 0.0) / 100.0, 4)
        words.append(Word(text, (left, top, left + width, top + height), confidence, block, line))
    return tuple(words)
