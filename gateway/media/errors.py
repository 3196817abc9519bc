"""The one error of the media reader: a status, a kind and a message naming the item and problem.

| kind | status | when |
| --- | --- | --- |
| `media_too_large` | 413 | an item over `DEG_MEDIA_MAX_BYTES`, an image or page over `DEG_MEDIA_MAX_PIXELS`, more pages than `DEG_MEDIA_MAX_PAGES` or items than `DEG_MEDIA_MAX_ITEMS` |
| `invalid_media` | 422 | not base64, not the declared type, truncated or undecodable, encrypted PDF, no text at all, a page that took longer than `DEG_MEDIA_OCR_TIMEOUT_S` |
| `ocr_unavailable` | 503 | Tesseract, a language of it or poppler is not installed on the gateway |
"""
from __future__ import annotations


class MediaError(Exception):
    """A media item that cannot be read; `where` names it as the request does (`media[0]`)."""

    def __init__(self, status: int, kind: str, message: str, where: str = "media") -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.where = where


def too_large(message: str, where: str) -> MediaError:
    return MediaError(413, "media_too_large", message, where)


def invalid(message: str, where: str) -> MediaError:
    return MediaError(422, "invalid_media", message, where)


def unavailable(message: str) -> MediaError:
    return MediaError(503, "ocr_unavailable", message)
