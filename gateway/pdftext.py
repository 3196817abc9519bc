"""A PDF's text layer as a fill context (`POST /v1/pdf/text`, used by the playground).

pypdf reads the text layer in-process: it is pure Python, so the gateway image needs no
system package (poppler lives only in the worker image, for the evaluation service's OCR
path). Pages are joined with a blank line, so a span in the filled context is an offset into
exactly the text this returns. A scanned page has no text layer; a PDF with no text at all is
a 422 that says so, rather than an empty context the model would fill with nulls.

Any failure of the parser on a hostile or broken file is the client's PDF, not a gateway
fault: it is a 422 naming the parser's complaint. The body size limit (`DEG_MAX_BODY_BYTES`)
bounds the work; `max_pages` bounds it further for PDFs of many tiny pages.
"""
from __future__ import annotations

import io
import logging
from dataclasses import dataclass

from pypdf import PdfReader

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

    def to_dict(self) -> dict[str, object]:
        return {"text": self.text, "pages": self.pages, "empty_pages": self.empty_pages,
                "chars": len(self.text)}


def pdf_text(data: bytes, max_pages: int) -> PdfText:
    """The text layer of the PDF in `data`, pages joined by PAGE_SEPARATOR."""
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
        pages = [(page.extract_text() or "").strip() for page in reader.pages]
    except PdfTextError:
        raise
    except Exception as exc:  # pypdf raises many kinds on broken files; all mean "unreadable PDF"
        log.info("unreadable PDF: %s: %s", type(exc).__name__, exc)
        raise PdfTextError(f"the PDF cannot be read: {type(exc).__name__}: {exc}") from None
    text = PAGE_SEPARATOR.join(page for page in pages if page)
    if not text:
        raise PdfTextError(f"the PDF has no text layer on any of its {count} page(s) "
                           "(a scanned document needs OCR first)")
    return PdfText(text=text, pages=count, empty_pages=sum(1 for page in pages if not page))
