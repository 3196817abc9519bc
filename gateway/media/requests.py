"""The media of a request, from its body to the context text, and their errors as API errors.

- `sources_of(parts, settings)`: a `/v1/fill` body's `media` list (`deg.request.MediaPart`) as
  decoded sources, `media[i]` naming each; decoding and type checks happen here, at once, so a
  job is refused at submission for a file that is not what it says.
- `read_context(reader, context, sources, progress)`: the media read and composed after the
  rendered `context` text (`gateway.media.layout.compose`); media with no readable text at
  all, and no text context, are a 422 rather than an empty context the model would fill with
  nulls.
- `read_texts(reader, settings, parts)`: the data-URL items of a compatibility request, read
  together (the request's item and page limits hold), each as its own text.
- `api_error(exc)`: a `MediaError` as the gateway's `ApiError` (`loc` from `media[i].data`).
"""
from __future__ import annotations

import re
from typing import Any

from gateway.errors import ApiError
from gateway.media.errors import MediaError, invalid
from gateway.media.layout import MediaText, compose
from gateway.media.reader import MediaReader, MediaSource, Progress, source_of
from gateway.media.settings import MediaSettings

_WHERE = re.compile(r"^(\w+)\[(\d+)\](?:\.(\w+))?")


def sources_of(parts: Any, settings: MediaSettings) -> tuple[MediaSource, ...]:
    if not parts:
        return ()
    return tuple(source_of(part.type, part.data, f"media[{index}]", settings) for index, part in enumerate(parts))


async def read_context(reader: MediaReader, context: str, sources: tuple[MediaSource, ...],
                       progress: Progress | None = None) -> MediaText:
    items = await reader.read(list(sources), progress)
    media = compose(context, items, column_gaps=reader.settings.column_gaps)
    if not media.text.strip():
        pages = sum(len(item.pages) for item in items)
        raise invalid(f"no text could be read from the media ({len(items)} item(s), {pages} page(s)) and the "
                      "context is empty", "media")
    return media


async def read_texts(reader: MediaReader, settings: MediaSettings, parts: list[tuple[str, str, str]]) -> list[str]:
    """Each `(kind, base64, where)` item's text; an item with no readable text is a 422."""
    items = await reader.read([source_of(kind, data, where, settings) for kind, data, where in parts])
    texts = []
    for (_, _, where), item in zip(parts, items):
        text = compose("", [item], column_gaps=settings.column_gaps).text
        if not text.strip():
            raise invalid(f"no text could be read from {where}", where)
        texts.append(text)
    return texts


def loc_of(where: str) -> list[str | int]:
    match = _WHERE.match(where)
    if match is None:
        return [where]
    field, index, sub = match.groups()
    return [field, int(index)] + ([sub] if sub else [])


def api_error(exc: MediaError) -> ApiError:
    return ApiError(exc.status, exc.kind, exc.message, errors=[{"loc": loc_of(exc.where), "msg": exc.message}])
