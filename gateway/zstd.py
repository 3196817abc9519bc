"""Request bodies sent with `Content-Encoding: zstd`, decompressed before any route sees them.

The TypeSafe SDK compresses every request body of 1 KiB or more with zstd when it can, so the
gateway must read such bodies. Decompression is streamed and stops as soon as the output
passes `max_decompressed_bytes`: a small "zstd bomb" (a few KiB that expand to gigabytes) costs
at most that many bytes of memory and is refused with 413, never a crash.

Statuses: 413 when the decompressed body is over the limit (or the compressed one is), 400 when
the body is not a valid zstd frame (or is truncated), 415 for any other content coding
(`identity` is accepted as no coding). After decompression the `Content-Encoding` header is
removed and `Content-Length` set to the decompressed size, so the route reads a plain body.

Place it inside the body-size middleware (which bounds the compressed bytes) and outside
everything that reads the body. Refusals use `error_response(path, status, kind, message)`,
by default the gateway's own error shape; the decision APIs pass one that answers in their
clients' shapes.
"""
from __future__ import annotations

from typing import Any, Callable

import zstandard
from starlette.responses import Response

from gateway.errors import ApiError, error_response as gateway_error_response

__all__ = ["ZstdRequestMiddleware", "decompress_limited", "DecompressionError"]

ErrorResponder = Callable[[str, int, str, str], Response]
READ_CHUNK = 64 * 1024


class DecompressionError(ValueError):
    """The body cannot be decompressed; `status` and `kind` say how to refuse it."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind


def decompress_limited(data: bytes, limit: int) -> bytes:
    """Decompress a zstd body (one or more frames), refusing more than `limit` output bytes."""
    try:
        reader = zstandard.ZstdDecompressor().stream_reader(data, read_across_frames=True)
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = reader.read(READ_CHUNK)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise DecompressionError(413, "payload_too_large",
                                         f"decompressed request body is larger than the {limit}-byte limit")
            chunks.append(chunk)
    except zstandard.ZstdError as exc:
        raise DecompressionError(400, "invalid_encoding", f"request body is not valid zstd data: {exc}") from None
    # The streaming reader stops quietly at a truncated frame; now that the output is known to
    # be within the limit, a second pass frame by frame checks that every frame is complete.
    remaining = data
    while remaining:
        frame = zstandard.ZstdDecompressor().decompressobj()
        try:
            frame.decompress(remaining)
        except zstandard.ZstdError as exc:
            raise DecompressionError(400, "invalid_encoding", f"request body is not valid zstd data: {exc}") from None
        if not frame.eof:
            raise DecompressionError(400, "invalid_encoding", "request body is truncated zstd data (incomplete frame)")
        remaining = frame.unused_data
    return b"".join(chunks)


def _default_error(path: str, status: int, kind: str, message: str) -> Response:
    return gateway_error_response(ApiError(status, kind, message))


class ZstdRequestMiddleware:
    def __init__(self, app: Any, max_decompressed_bytes: int, error_response: ErrorResponder | None = None) -> None:
        if max_decompressed_bytes < 1:
            raise ValueError(f"max_decompressed_bytes must be >= 1, got {max_decompressed_bytes}")
        self.app = app
        self.limit = max_decompressed_bytes
        self.error_response = error_response or _default_error

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = [(k, v) for k, v in scope["headers"]]
        codings = [v.decode("latin-1").strip().lower() for k, v in headers if k == b"content-encoding"]
        codings = [c for part in codings for c in part.split(",") if c.strip() and c.strip() != "identity"]
        if not codings:
            await self.app(scope, receive, send)
            return

        async def refuse(status: int, kind: str, message: str) -> None:
            await self.error_response(scope.get("path", ""), status, kind, message)(scope, receive, send)

        if [c.strip() for c in codings] != ["zstd"]:
            await refuse(415, "unsupported_encoding",
                         f"Content-Encoding {', '.join(codings)!r} is not supported; send zstd or no encoding")
            return
        compressed = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            compressed += message.get("body", b"")
            if len(compressed) > self.limit:
                await refuse(413, "payload_too_large", f"request body is larger than the {self.limit}-byte limit")
                return
            if not message.get("more_body", False):
                break
        try:
            body = decompress_limited(bytes(compressed), self.limit)
        except DecompressionError as exc:
            await refuse(exc.status, exc.kind, str(exc))
            return
        rewritten = [(k, v) for k, v in headers if k not in (b"content-encoding", b"content-length")]
        rewritten.append((b"content-length", str(len(body)).encode()))
        replayed = False

        async def replay() -> dict:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        # The scope is updated in place, not copied: what the router records in it (the matched
        # route) must stay visible to the middleware outside this one (metrics labels).
        scope["headers"] = rewritten
        await self.app(scope, replay, send)
