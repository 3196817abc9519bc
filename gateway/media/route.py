"""`POST /v1/media/text`: an image's or PDF's text as the media reader reads it (the playground's).

The body is the file's bytes with its media type as `Content-Type` (PNG, JPEG, TIFF, WebP,
PDF; else 415). The answer is the text a `/v1/fill` with this one media item and no `context`
reads, and per page its size, how it was read and its text's span: the same reader, settings
and cache as the fill, so the text is the fill's context exactly. `?preview=true` adds, for a
PDF or a TIFF (which browsers do not draw), each page (at most `PREVIEW_PAGES`) as a small PNG
data URL, for a page to show the boxes on (other images the browser shows itself).
"""
from __future__ import annotations

import asyncio
import base64
import io
import json
import tempfile
from pathlib import Path
from typing import Any, Awaitable, Callable

from fastapi import FastAPI, Request
from fastapi.responses import Response

from gateway.errors import ApiError
from gateway.media.decode import MEDIA_TYPES, PDF_TYPE, check_type, decode_frame, open_image
from gateway.media.errors import MediaError, too_large
from gateway.media.layout import compose
from gateway.media.ocr import run_tool
from gateway.media.pdf import poppler_tool
from gateway.media.reader import MediaReader, MediaSource
from gateway.media.requests import api_error

PREVIEW_DPI = 50
PREVIEW_PAGES = 20
PREVIEW_WIDTH = 1000  # px of a TIFF page's preview
WHERE = "the body"


def pdf_previews(raw: bytes, pages: int, timeout_s: float) -> list[str]:
    """The first `pages` pages as small grey PNGs, as data URLs."""
    with tempfile.TemporaryDirectory(prefix="deg-media-") as tmp:
        path = Path(tmp) / "document.pdf"
        path.write_bytes(raw)
        run_tool([poppler_tool("pdftoppm"), "-r", str(PREVIEW_DPI), "-f", "1", "-l", str(pages), "-gray", "-png",
                  str(path), str(Path(tmp) / "page")], WHERE, timeout_s)
        files = sorted(Path(tmp).glob("page-*.png"))  # pdftoppm pads the numbers: name order is page order
        return ["data:image/png;base64," + base64.b64encode(f.read_bytes()).decode("ascii") for f in files]


def tiff_previews(raw: bytes, pages: int, settings: Any) -> list[str]:
    image = open_image(raw, "image/tiff", WHERE)
    out = []
    for frame in range(pages):
        page = decode_frame(image, frame, WHERE, settings)
        page.thumbnail((PREVIEW_WIDTH, PREVIEW_WIDTH * 4))
        buffer = io.BytesIO()
        page.save(buffer, format="PNG")
        out.append("data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii"))
    return out


async def read_body(reader: MediaReader, kind: str, data: bytes, preview: bool) -> dict[str, Any]:
    settings = reader.settings
    if len(data) > settings.max_bytes:
        raise too_large(f"{WHERE} is {len(data)} bytes; at most {settings.max_bytes} are read (DEG_MEDIA_MAX_BYTES)",
                        WHERE)
    check_type(data, kind, WHERE)
    items = await reader.read([MediaSource(kind, data, WHERE)])
    media = compose("", items, column_gaps=settings.column_gaps)
    (summary,) = media.summary()
    body: dict[str, Any] = {"type": kind, "text": media.text, "chars": len(media.text), "pages": summary["pages"]}
    if "dpi" in summary:
        body["dpi"] = summary["dpi"]
    if preview and kind in (PDF_TYPE, "image/tiff"):
        count = min(len(summary["pages"]), PREVIEW_PAGES)
        images = await (asyncio.to_thread(pdf_previews, data, count, settings.ocr_timeout_s) if kind == PDF_TYPE
                        else asyncio.to_thread(tiff_previews, data, count, settings))
        for page, image in zip(body["pages"], images):
            page["preview"] = image
    return body


def install_media_text(app: FastAPI, guard: Callable[[Request], Awaitable[None]], reader: MediaReader,
                       openapi_extra: dict[str, Any]) -> None:
    async def media_text(request: Request) -> Response:
        await guard(request)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind not in MEDIA_TYPES:
            raise ApiError(415, "unsupported_media_type", f"send the file's bytes with its media type as Content-Type "
                                                          f"({', '.join(MEDIA_TYPES)}), got {kind or 'none'!r}")
        preview = request.query_params.get("preview", "false").lower() in ("1", "true", "yes", "on")
        try:
            body = await read_body(reader, kind, await request.body(), preview)
        except MediaError as exc:
            raise api_error(exc) from None
        return Response(_json(body), media_type="application/json")

    app.add_api_route("/v1/media/text", media_text, methods=["POST"], openapi_extra=openapi_extra,
                      summary="An image's or PDF's text as a fill reads it (OCR, PDF text layer)", tags=["fill"])


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
