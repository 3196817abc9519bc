"""Settings of the media reader, read from the environment once (part of `GatewaySettings`).

| variable | default | meaning |
| --- | --- | --- |
| `DEG_MEDIA_LANGUAGES` | `eng+fra+deu+spa+ita` | Tesseract languages, `+`-joined (each needs its `tesseract-ocr-<lang>` package); the default reads the accents of Western European text, which `eng` alone reads as plain letters |
| `DEG_MEDIA_DPI` | `300` | highest resolution a PDF page without a text layer is rendered at for OCR: such a page is rendered at its scan's own resolution up to this (`gateway.media.pdf.scan_dpi`), and a PDF's boxes are pixels at the resolution its item states (`dpi`); the resolution Tesseract is told for an image that states none |
| `DEG_MEDIA_MAX_BYTES` | `20971520` | largest media item (decoded bytes); larger: 413 |
| `DEG_MEDIA_MAX_PIXELS` | `40000000` | largest image or rendered page (width x height); larger: 413, checked before any pixel is decoded |
| `DEG_MEDIA_MAX_PAGES` | `50` | most pages (PDF pages, TIFF frames, images) one request reads; more: 413, counted before any page is read |
| `DEG_MEDIA_MAX_ITEMS` | `16` | most media items in one request; more: 413 |
| `DEG_MEDIA_OCR_OEM` | `1` | Tesseract engine mode (1: the LSTM engine) |
| `DEG_MEDIA_OCR_PSM` | `3` | Tesseract page segmentation mode (3: automatic, no orientation detection) |
| `DEG_MEDIA_OCR_TIMEOUT_S` | `120` | longest one page may take to read (render + OCR); longer: 422 naming the page |
| `DEG_MEDIA_WORKERS` | `2` | OCR processes one gateway runs at once (each single-threaded) |
| `DEG_MEDIA_CACHE` | `32` | media reads kept in memory by content hash (0: none), so the same bytes are read once |
| `DEG_MEDIA_RULES` | `on` | horizontal rules drawn on a scanned page or image (the line under a table's header) are erased before a second read and join the text as a line of dashes; off: as Tesseract reads them (`gateway.media.rules`) |
| `DEG_MEDIA_COLUMN_GAPS` | `on` | words of one line whose boxes stand a column break apart are joined by a run of spaces as wide as the gap (2 or more), as a typed table's columns are; off: one space (`gateway.media.layout`) |

Tesseract always runs with `OMP_THREAD_LIMIT=1`: one thread gives the same words and boxes
for the same bytes on every run and machine load.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from degcommon.settings import SettingsError, env_value

_LANGUAGES = re.compile(r"^[A-Za-z_]+(\+[A-Za-z_]+)*$")


@dataclass(frozen=True)
class MediaSettings:
    languages: str = "eng+fra+deu+spa+ita"
    dpi: int = 300
    max_bytes: int = 20 * 1024 * 1024
    max_pixels: int = 40_000_000
    max_pages: int = 50
    max_items: int = 16
    ocr_oem: int = 1
    ocr_psm: int = 3
    ocr_timeout_s: float = 120.0
    workers: int = 2
    cache: int = 32
    column_gaps: bool = True
    rules: bool = True

    def __post_init__(self) -> None:
        checks = [
            (bool(_LANGUAGES.match(self.languages)),
             f"DEG_MEDIA_LANGUAGES must be Tesseract language codes joined by '+', got {self.languages!r}"),
            (36 <= self.dpi <= 1200, f"DEG_MEDIA_DPI must be in 36..1200, got {self.dpi}"),
            (self.max_bytes >= 1, f"DEG_MEDIA_MAX_BYTES must be >= 1, got {self.max_bytes}"),
            (self.max_pixels >= 1, f"DEG_MEDIA_MAX_PIXELS must be >= 1, got {self.max_pixels}"),
            (self.max_pages >= 1, f"DEG_MEDIA_MAX_PAGES must be >= 1, got {self.max_pages}"),
            (self.max_items >= 1, f"DEG_MEDIA_MAX_ITEMS must be >= 1, got {self.max_items}"),
            (self.ocr_oem in (0, 1, 2, 3), f"DEG_MEDIA_OCR_OEM must be 0..3, got {self.ocr_oem}"),
            (0 <= self.ocr_psm <= 13 and self.ocr_psm != 2, f"DEG_MEDIA_OCR_PSM must be 0..13 but not 2, "
                                                            f"got {self.ocr_psm}"),
            (self.ocr_timeout_s > 0, f"DEG_MEDIA_OCR_TIMEOUT_S must be > 0, got {self.ocr_timeout_s}"),
            (self.workers >= 1, f"DEG_MEDIA_WORKERS must be >= 1, got {self.workers}"),
            (self.cache >= 0, f"DEG_MEDIA_CACHE must be >= 0, got {self.cache}"),
        ]
        for ok, message in checks:
            if not ok:
                raise SettingsError(message)

    @classmethod
    def from_env(cls, env: Mapping[str, str], **overrides: Any) -> "MediaSettings":
        values = dict(
            languages=env_value(env, "DEG_MEDIA_LANGUAGES", cls.languages),
            dpi=env_value(env, "DEG_MEDIA_DPI", cls.dpi, int),
            max_bytes=env_value(env, "DEG_MEDIA_MAX_BYTES", cls.max_bytes, int),
            max_pixels=env_value(env, "DEG_MEDIA_MAX_PIXELS", cls.max_pixels, int),
            max_pages=env_value(env, "DEG_MEDIA_MAX_PAGES", cls.max_pages, int),
            max_items=env_value(env, "DEG_MEDIA_MAX_ITEMS", cls.max_items, int),
            ocr_oem=env_value(env, "DEG_MEDIA_OCR_OEM", cls.ocr_oem, int),
            ocr_psm=env_value(env, "DEG_MEDIA_OCR_PSM", cls.ocr_psm, int),
            ocr_timeout_s=env_value(env, "DEG_MEDIA_OCR_TIMEOUT_S", cls.ocr_timeout_s, float),
            workers=env_value(env, "DEG_MEDIA_WORKERS", cls.workers, int),
            cache=env_value(env, "DEG_MEDIA_CACHE", cls.cache, int),
            column_gaps=env_value(env, "DEG_MEDIA_COLUMN_GAPS", cls.column_gaps, bool),
            rules=env_value(env, "DEG_MEDIA_RULES", cls.rules, bool),
        )
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    def fingerprint(self) -> str:
        """What changes the words read from given bytes: part of the read cache's key. The cache
        holds words, which are joined into text after it on every request, so how they are
        joined (`column_gaps`) is no part of it; a fill's cache key holds the joined text."""
        return f"{self.languages}|{self.dpi}|{self.ocr_oem}|{self.ocr_psm}|{int(self.rules)}"
