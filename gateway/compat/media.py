"""Images and PDFs in the OpenAI-shaped requests, read to text before the request is translated.

`read_media_parts(path, body, read)` walks the parts where OpenAI puts images and files and
replaces each by a text part holding what the media reader read from it, so the pure
translations (`gateway.compat.render`) then read the request as text, unchanged:

- `/v1/chat/completions`: `{"type": "image_url", "image_url": {"url": "data:image/png;base64,..."}}`
  in a user, system or developer message's content -> `{"type": "text", "text": <read text>}`;
- `/v1/responses` and `/v1/decisions`: `{"type": "input_image", "image_url": "data:..."}` and
  `{"type": "input_file", "file_data": "data:application/pdf;base64,..."}` in the content of an
  input message (not the assistant's) -> `{"type": "input_text", "text": <read text>}`.

`read([(kind, base64, where), ...])` is the gateway's media reader (`Gateway.read_parts`): all
parts of a request are read together, so the request's media limits (items, pages) hold as on
`/v1/fill`; `where` is the part's own param (`messages[0].content[1]`), which errors name. Only
data URLs are read: an
`http(s)` URL or a `file_id` is refused (deg fetches nothing and stores no files). `detail` is
accepted and has no effect (the whole image is read). Parts anywhere else (function outputs,
question instructions, assistant messages) stay images and are refused by the translation.
The request is not changed in place.
"""
from __future__ import annotations

from typing import Any, Awaitable, Callable

from gateway.compat.errors import CHAT_PATH
from gateway.media.decode import parse_data_url
from gateway.media.errors import invalid

ReadParts = Callable[[list[tuple[str, str, str]]], Awaitable[list[str]]]
READ_ROLES = ("user", "system", "developer")
CHAT_IMAGE_FIELDS = {"type", "image_url"}
IMAGE_FIELDS = {"type", "image_url", "file_id", "detail", "prompt_cache_breakpoint"}
FILE_FIELDS = {"type", "file_data", "filename", "file_id", "file_url", "prompt_cache_breakpoint"}


async def read_media_parts(path: str, body: Any, read: ReadParts) -> Any:
    """`body` with every readable image or file part replaced by its text (module docstring)."""
    chat = path == CHAT_PATH
    key = "messages" if chat else "input"
    if not isinstance(body, dict) or not isinstance(body.get(key), list):
        return body
    found: dict[tuple[int, int], tuple[str, str, str]] = {}   # (message, part) -> (kind, data, where)
    for index, message in enumerate(body[key]):
        content = message.get("content") if isinstance(message, dict) else None
        if not (isinstance(content, list) and message.get("role") in READ_ROLES
                and message.get("type", "message") == "message"):
            continue
        for k, part in enumerate(content):
            if _is_media(part, chat):
                where = f"{key}[{index}].content[{k}]"
                found[(index, k)] = (*parse_data_url(_data_url(part, chat, where), where), where)
    if not found:
        return body
    texts = dict(zip(found, await read(list(found.values()))))
    text_part = "text" if chat else "input_text"
    messages = [message if not any((index, k) in texts for k in range(len(message.get("content") or [])))
                else {**message, "content": [{"type": text_part, "text": texts[(index, k)]} if (index, k) in texts
                                             else part for k, part in enumerate(message["content"])]}
                for index, message in enumerate(body[key])]
    return {**body, key: messages}


def _is_media(part: Any, chat: bool) -> bool:
    kinds = ("image_url",) if chat else ("input_image", "input_file")
    return isinstance(part, dict) and part.get("type") in kinds


def _data_url(part: dict[str, Any], chat: bool, where: str) -> str:
    """The part's data URL, its fields checked."""
    if chat:
        _known(part, CHAT_IMAGE_FIELDS, where)
        image = part.get("image_url")
        url = image.get("url") if isinstance(image, dict) else image
        _known(image if isinstance(image, dict) else {}, {"url", "detail"}, f"{where}.image_url")
    elif part["type"] == "input_image":
        _known(part, IMAGE_FIELDS, where)
        if part.get("file_id") is not None:
            raise invalid(f"{where} names a file_id; files are not stored here: send the image as a data URL "
                          "in image_url", where)
        url = part.get("image_url")
    else:
        _known(part, FILE_FIELDS, where)
        if part.get("file_id") is not None or part.get("file_url") is not None:
            raise invalid(f"{where} names a stored or remote file; send its bytes as a data URL in file_data", where)
        url = part.get("file_data")
    if not isinstance(url, str):
        raise invalid(f"{where} has no data URL (data:<type>;base64,<bytes>) to read", where)
    return url


def _known(part: dict[str, Any], fields: set[str], where: str) -> None:
    for name in sorted(set(part) - fields):
        raise invalid(f"{where} has unknown field {name!r}", f"{where}.{name}")
