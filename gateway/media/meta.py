"""Where each copied value sits on the page: media meta added to an assembled fill response.

The value and the rest of meta are the text fill's, unchanged (the model reads the media's
text like any context). For every meta entry with a text `span` that lies wholly inside one
media item's text (`gateway.media.layout.MediaText.locate`), the entry gains, after its own
keys:

    "media": "m0",                 # the item, by its index in the request's media
    "page": 2,                     # PDFs and multi-page TIFFs only, 1-based
    "box": [x0, y0, x1, y1],       # the union of the value's words' boxes, source pixels
    "boxes": [[...], [...]],       # only when the words sit on more than one line: one per line
    "ocr_confidence": 0.93         # the least confident of those words (0..1; 1.0 for a PDF text layer)

and the response gains `"media"`: per item its id, type, its text's span in the context, and
per page its size in pixels, how it was read (`ocr` / `text_layer`), its word count and its
text's span; PDFs add the `dpi` their pixels are at. Added after the response cache: the cache
holds the text fill (a function of the text alone), the boxes come from this request's media.
"""
from __future__ import annotations

from typing import Any

from gateway.media.layout import MediaText


def locate_values(response: dict[str, Any], media: MediaText) -> dict[str, Any]:
    """`response` with media meta on every located span and the `media` summary (a new dict)."""
    meta = {}
    for pointer, entry in response.get("meta", {}).items():
        span = entry.get("span") if isinstance(entry, dict) else None
        where = media.locate(span[0], span[1]) if isinstance(span, list) and len(span) == 2 else None
        meta[pointer] = {**entry, **where} if where else entry
    return {**response, "meta": meta, "media": media.summary()}
