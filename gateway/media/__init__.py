"""Media by OCR: images and PDFs in a request read to text with word boxes (DESIGN section 6).

The gateway owns this: no model is involved, and the text is filled like any context.

- `settings`: `MediaSettings` (`DEG_MEDIA_*`, part of `GatewaySettings`).
- `decode`: base64 / data URLs, type signatures, images opened and checked (pixels, EXIF).
- `ocr`: Tesseract with pinned settings -> words, boxes, confidences.
- `pdf`: page count, text layer with boxes (poppler), scanned pages rendered for OCR.
- `reader`: `MediaReader`, the async two-pass reader (count and check, then read with progress).
- `layout`: words -> the context text and the map from every character back to its box.
- `meta`: media meta (`media`, `page`, `box`, `ocr_confidence`) on copied values.
- `requests`: a fill's `media` to sources and to the context text, the compatibility APIs'
  data-URL parts to texts, and media errors as API errors.
- `route`: `POST /v1/media/text`, a file's text as a fill reads it (the playground's).
- `errors`: `MediaError` (413 `media_too_large`, 422 `invalid_media`, 503 `ocr_unavailable`).
"""
from gateway.media.errors import MediaError
from gateway.media.layout import MediaItem, MediaText, compose
from gateway.media.meta import locate_values
from gateway.media.reader import MediaReader, MediaSource, source_of
from gateway.media.settings import MediaSettings

__all__ = ["MediaError", "MediaItem", "MediaReader", "MediaSettings", "MediaSource", "MediaText", "compose",
           "locate_values", "source_of"]
