"""The media reader the gateway owns: sources in, pages of words out, off the event loop.

`MediaReader(settings).read(sources, progress)` reads a request's media in two passes:

1. **Count** every item's pages (PDF page tree, TIFF frames, one per other image) and check
   every image's pixel count from its header: more than `DEG_MEDIA_MAX_PAGES` pages in all,
   or an image over `DEG_MEDIA_MAX_PIXELS`, is a 413 before any page is read.
2. **Read** page by page (`gateway.media.pdf` for PDFs, `gateway.media.ocr` for images and
   scanned pages), each page in a worker thread holding one of `DEG_MEDIA_WORKERS` slots, and
   `progress(pages_read, pages_total)` awaited after every page.

Items read before are served from an in-memory LRU (`DEG_MEDIA_CACHE` items) keyed by the
sha256 of their bytes, their type and the reading settings, so a page shown in the playground
and then filled is read once. A read is a pure function of those three, so the cache changes
no answer.
"""
from __future__ import annotations

import asyncio
import hashlib
import tempfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Awaitable, Callable

from PIL import Image

from gateway.media.decode import (PDF_TYPE, check_pixels, check_type, decode_base64, decode_frame, frame_count,
                                  open_image, stated_dpi)
from gateway.media.errors import too_large
from gateway.media.layout import MediaItem, Page
from gateway.media.ocr import ocr_image, tesseract_path
from gateway.media.pdf import layer_page, page_count, render_page, scan_dpi, text_layer
from gateway.media.settings import MediaSettings

Progress = Callable[[int, int], Awaitable[None]]


@dataclass(frozen=True)
class MediaSource:
    """One media item's bytes, its declared type and where the request holds it (`media[0]`)."""

    kind: str
    raw: bytes
    where: str


def source_of(kind: str, data: str, where: str, settings: MediaSettings) -> MediaSource:
    """A base64 item as sent: decoded, size-checked and its type checked against its bytes."""
    raw = decode_base64(data, f"{where}.data", settings.max_bytes)
    check_type(raw, kind, where)
    return MediaSource(kind, raw, where)


@dataclass
class _Counted:
    source: MediaSource
    key: str
    pages: int
    cached: MediaItem | None = None
    image: Image.Image | None = None


class MediaReader:
    def __init__(self, settings: MediaSettings) -> None:
        self.settings = settings
        self._cache: OrderedDict[str, MediaItem] = OrderedDict()
        self._slots: asyncio.Semaphore | None = None

    async def read(self, sources: list[MediaSource], progress: Progress | None = None) -> tuple[MediaItem, ...]:
        settings = self.settings
        if len(sources) > settings.max_items:
            raise too_large(f"the request has {len(sources)} media items; at most {settings.max_items} are read "
                            "(DEG_MEDIA_MAX_ITEMS)", "media")
        counted = [await self._count(source) for source in sources]
        total = sum(c.pages for c in counted)
        if total > settings.max_pages:
            detail = ", ".join(f"{c.source.where}: {c.pages}" for c in counted)
            raise too_large(f"the media have {total} pages ({detail}); at most {settings.max_pages} are read "
                            "(DEG_MEDIA_MAX_PAGES)", counted[0].source.where if len(counted) == 1 else "media")
        if any(c.cached is None and c.source.kind != PDF_TYPE for c in counted):
            tesseract_path()  # a missing OCR engine is said once, before any work
        done = 0

        async def page_done() -> None:
            nonlocal done
            done += 1
            if progress is not None:
                await progress(done, total)

        items = []
        for c in counted:
            if c.cached is not None:
                items.append(c.cached)
                for _ in range(c.pages):
                    await page_done()
                continue
            item = await (self._read_pdf(c, page_done) if c.source.kind == PDF_TYPE else self._read_image(c, page_done))
            self._remember(c.key, item)
            items.append(item)
        return tuple(items)

    def _key(self, source: MediaSource) -> str:
        digest = hashlib.sha256(source.raw).hexdigest()
        return f"{digest}|{source.kind}|{self.settings.fingerprint()}"

    async def _count(self, source: MediaSource) -> _Counted:
        key = self._key(source)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return _Counted(source, key, len(cached.pages), cached=cached)
        if source.kind == PDF_TYPE:
            return _Counted(source, key, await asyncio.to_thread(page_count, source.raw, source.where))
        image = await asyncio.to_thread(open_image, source.raw, source.kind, source.where)
        check_pixels(image.width, image.height, source.where, self.settings.max_pixels)
        return _Counted(source, key, await asyncio.to_thread(frame_count, image), image=image)

    async def _work(self, fn: Callable[..., Any], *args: Any) -> Any:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.settings.workers)
        async with self._slots:
            return await asyncio.to_thread(fn, *args)

    async def _read_image(self, c: _Counted, page_done: Callable[[], Awaitable[None]]) -> MediaItem:
        pages: list[Page] = []
        for frame in range(c.pages):
            where = c.source.where if c.pages == 1 else f"{c.source.where} page {frame + 1}"
            pages.append(await self._work(self._ocr_frame, c.image, frame, where))
            await page_done()
        return MediaItem(kind=c.source.kind, paged=c.pages > 1, pages=tuple(pages))

    def _ocr_frame(self, image: Image.Image, frame: int, where: str) -> Page:
        return ocr_image(decode_frame(image, frame, where, self.settings), frame + 1, where, self.settings,
                         stated_dpi(image))

    async def _read_pdf(self, c: _Counted, page_done: Callable[[], Awaitable[None]]) -> MediaItem:
        settings = self.settings
        with tempfile.TemporaryDirectory(prefix="deg-media-") as tmp:
            path = Path(tmp) / "document.pdf"
            path.write_bytes(c.source.raw)
            where, timeout_s = c.source.where, settings.ocr_timeout_s
            layer = await self._work(text_layer, path, c.pages, where, timeout_s)
            scanned = {index + 1 for index, found in enumerate(layer) if not found.has_text()}
            # every page's boxes in pixels of the one resolution the item states
            dpi = await self._work(scan_dpi, path, scanned, settings.dpi, where, timeout_s) if scanned else settings.dpi
            pages: list[Page] = []
            for index, found in enumerate(layer):
                number = index + 1
                if found.has_text():
                    pages.append(layer_page(found, number, dpi))
                else:
                    pages.append(await self._work(self._ocr_pdf_page, path, found, number, dpi, f"{where} page {number}"))
                await page_done()
        return MediaItem(kind=c.source.kind, paged=True, pages=tuple(pages), dpi=dpi)

    def _ocr_pdf_page(self, path: Path, found: Any, number: int, dpi: int, where: str) -> Page:
        settings = self.settings
        image = render_page(path, found, number, dpi, where, settings.max_pixels, settings.ocr_timeout_s)
        return ocr_image(image, number, where, settings, dpi)

    def _remember(self, key: str, item: MediaItem) -> None:
        if self.settings.cache == 0:
            return
        self._cache[key] = item
        self._cache.move_to_end(key)
        while len(self._cache) > self.settings.cache:
            self._cache.popitem(last=False)
