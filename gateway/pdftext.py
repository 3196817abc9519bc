"""A PDF's text as a fill context (`POST /v1/pdf/text`, used by the playground).

pypdf reads the text layer in-process. Pages are joined with a blank line, so a span in the
filled context is an offset into exactly the text this returns. A scanned page has no text
layer: `pdf_text_read` then has the gateway's media reader (`gateway.media`, Tesseract) read
the PDF and takes the text of those pages from it (`ocr_pages` counts them); the whole PDF is
then read under the media limits (`DEG_MEDIA_MAX_PAGES`, `DEG_MEDIA_MAX_PIXELS`). A PDF with
no text at all, even by OCR, is a 422 that says so, rather than an empty context the model
would fill with nulls.

Any failure of the parser on a hostile or broken file is the client's PDF, not a gateway
fault: it is a 422 naming the parser's complaint. The body size limit (`DEG_MAX_BODY_BYTES`)
bounds the work; `max_pages` bounds it further for PDFs of many tiny pages.
"""
from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass

from pypdf import PdfReader

from gateway.media import MediaReader, MediaSource, compose
from gateway.media.decode import PDF_TYPE
from gateway.media.layout import MediaItem

log = logging.getLogger("deg.gateway")

PAGE_SEPARATOR = "\n\n"
PDF_MAGIC = b"%PDF-"


class PdfTextError(ValueError):
    """A PDF whose text cannot be read; the message says why, for the 422."""


@dataclass(frozen=True)
class PdfText:
    text: str
    pages: int            # pages in the document
    empty_pages: int      # pages without a text layer (scans, figures)
    ocr_pages: int = 0    # of those, pages whose text OCR read

    def to_dict(self) -> dict[str, object]:
        return {"text": self.text, "pages": self.pages, "empty_pages": self.empty_pages,
                "ocr_pages": self.ocr_pages, "chars": len(self.text)}


def pdf_pages(data: bytes, max_pages: int) -> list[str]:
    """The text layer of every page of the PDF in `data` (`""` for a page without one)."""
    # The header may follow a little junk (the PDF specification lets readers search the
    # first KiB); anything else is not a PDF, and saying so beats a parser's stack message.
    if PDF_MAGIC not in data[:1024]:
        raise PdfTextError("the body is not a PDF (no %PDF- header in its first 1024 bytes)")
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise PdfTextError("the PDF is encrypted with a password")
        count = len(reader.pages)
        if count > max_pages:
            raise PdfTextError(f"the PDF has {count} pages; at most {max_pages} are read")
        return [(page.extract_text() or "").strip() for page in reader.pages]
    except PdfTextError:
        raise
    except Exception as exc:  # pypdf raises many kinds on broken files; all mean "unreadable PDF"
        log.info("unreadable PDF: %s: %s", type(exc).__name__, exc)
        raise PdfTextError(f"the PDF cannot be read: {type(exc).__name__}: {exc}") from None


def _joined(pages: list[str], empty: int, ocr: int) -> PdfText:
    text = PAGE_SEPARATOR.join(page for page in pages if page)
    if not text:
        how = ", and OCR read no text on them" if ocr >= 0 else " (a scanned document needs OCR first)"
        raise PdfTextError(f"the PDF has no text layer on any of its {len(pages)} page(s){how}")
    return PdfText(text=text, pages=len(pages), empty_pages=empty, ocr_pages=max(ocr, 0))


def pdf_text(data: bytes, max_pages: int) -> PdfText:
    """The text layer of the PDF in `data`, pages joined by PAGE_SEPARATOR (no OCR)."""
    pages = pdf_pages(data, max_pages)
    return _joined(pages, sum(1 for page in pages if not page), -1)


async def pdf_text_read(data: bytes, max_pages: int, reader: MediaReader) -> PdfText:
    """The text layer, and OCR's text for pages without one (module docstring). A `MediaError`
    (limits, OCR engine missing) is raised as it is."""
    pages = await asyncio.to_thread(pdf_pages, data, max_pages)  # CPU work: off the event loop
    empty = [index for index, page in enumerate(pages) if not page]
    ocr = 0
    if empty:
        (item,) = await reader.read([MediaSource(PDF_TYPE, data, "the PDF")])
        for index in empty:
            page = item.pages[index] if index < len(item.pages) else None
            text = (compose("", [MediaItem(PDF_TYPE, True, (page,))], column_gaps=reader.settings.column_gaps).text
                    if page is not None else "")
            if text:  # poppler may read a layer pypdf did not; either way the page has text now
                pages[index] = text
                ocr += page.read == "ocr"
    return _joined(pages, len(empty), ocr)
