"""The playground: a page at `GET /playground` to try a schema on a context in a browser.

Static files only (`static/`: one HTML page, one stylesheet, one script, the examples as
JSON), shipped as package data and read once at start-up: nothing to build, nothing fetched
from outside the machine. The page calls the public API from the browser, like any client:
`POST /v1/plan` to show the plan, `POST /v1/fill` to fill, and `POST /v1/media/text` for a
dropped image's or PDF's text (`gateway.media.route`; the fill then sends the file as `media`
and the page draws every copied value's box on it), with the API key typed into the page when
the gateway requires one. `POST /v1/pdf/text` (a PDF's text layer, OCR for scanned pages,
`gateway.pdftext`) is served here too. The page itself needs no key: it holds no data.

The page calls the API by relative URLs (`v1/fill` from `/playground`), so it works behind a
proxy that mounts the gateway under a path prefix; `/playground/` redirects to `/playground`
to keep those URLs resolving. A strict Content-Security-Policy allows only the page's own
files and the gateway itself.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any, Awaitable, Callable

from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse, Response

from gateway.errors import ApiError
from gateway.media import MediaError, MediaReader
from gateway.media.requests import api_error
from gateway.openapi_responses import ROUTES as RESPONSES_OF
from gateway.pdftext import PdfTextError, pdf_text_read

__all__ = ["install_playground", "PDF_TYPES"]

MEDIA_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
}
PAGE = "index.html"
PDF_TYPES = ("application/pdf", "application/octet-stream")
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}
PDF_BODY = {
    "requestBody": {"required": True, "content": {
        media: {"schema": {"type": "string", "format": "binary"}} for media in PDF_TYPES}},
    **RESPONSES_OF["pdf_text"],   # the text layer (PdfText) and every refusal, as documented
}


def load_assets() -> dict[str, tuple[bytes, str]]:
    """Every file of `static/` by name: (bytes, media type). Read once, so a request never
    touches the file system and no path from a URL ever reaches it."""
    assets = {}
    for entry in resources.files(__name__).joinpath("static").iterdir():
        suffix = "." + entry.name.rpartition(".")[2]
        if entry.is_file() and suffix in MEDIA_TYPES:
            assets[entry.name] = (entry.read_bytes(), MEDIA_TYPES[suffix])
    if PAGE not in assets:
        raise RuntimeError(f"the playground's {PAGE} is missing from the gateway package")
    return assets


def install_playground(app: FastAPI, guard: Callable[[Request], Awaitable[None]], max_pages: int,
                       reader: MediaReader, serve_page: bool = True) -> None:
    """Add `POST /v1/pdf/text` (always: it is API) and, with `serve_page`, the page routes.
    `guard` is the gateway's auth + rate limit, as on every `/v1` route."""

    async def pdf_to_text(request: Request) -> Response:
        await guard(request)
        media = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media not in PDF_TYPES:
            raise ApiError(415, "unsupported_media_type",
                           f"send the PDF's bytes as Content-Type: application/pdf, got {media or 'none'!r}")
        data = await request.body()
        try:
            text = await pdf_text_read(data, max_pages, reader)
        except PdfTextError as exc:
            raise ApiError(422, "invalid_pdf", str(exc),
                           errors=[{"loc": ["body"], "msg": str(exc)}]) from None
        except MediaError as exc:  # the scanned pages' OCR: over the media limits, or no OCR engine
            raise api_error(exc) from None
        return Response(_json(text.to_dict()), media_type="application/json")

    app.add_api_route("/v1/pdf/text", pdf_to_text, methods=["POST"], openapi_extra=PDF_BODY,
                      summary="A PDF's text layer, to use as a fill context", tags=["fill"])
    if not serve_page:
        return
    assets = load_assets()

    async def page(request: Request) -> Response:
        return _asset(assets, PAGE)

    async def asset(request: Request) -> Response:
        return _asset(assets, request.path_params["name"])

    async def slash(request: Request) -> Response:
        return RedirectResponse("../playground", status_code=308)

    app.add_api_route("/playground", page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/playground/", slash, methods=["GET"], include_in_schema=False)
    app.add_api_route("/playground/{name}", asset, methods=["GET"], include_in_schema=False)


def _asset(assets: dict[str, tuple[bytes, str]], name: str) -> Response:
    if name not in assets:
        raise ApiError(404, "not_found", f"the playground has no file {name!r}")
    body, media_type = assets[name]
    return Response(body, media_type=media_type, headers=HEADERS)


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
