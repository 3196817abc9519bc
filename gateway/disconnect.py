"""Work nobody waits for is stopped: a fill whose HTTP client disconnects is cancelled.

`until_disconnected(request, work)` runs `work` (a fill: one gRPC call to the inference
service, then assembly) while watching the request's ASGI channel: once the body has been
read, the next message the server delivers is `http.disconnect`, sent when the client closes
its connection. If it comes first, the work is cancelled, which cancels its gRPC call; the
inference service then skips the job, or stops it at its next round or window boundary
(`services.inference.batcher`). `ClientGone` is raised for the route to end with, answered by
`client_gone_response` (status 499, which nobody reads) and counted in `/metrics`.

Jobs of `POST /v1/fills` do not run under it: their client is expected to leave and come
back; `DELETE /v1/fills/{id}` stops one (`gateway.jobs`).
"""
from __future__ import annotations

import asyncio
from typing import Awaitable, TypeVar

from fastapi import Request
from fastapi.responses import Response

__all__ = ["CLIENT_CLOSED", "ClientGone", "client_gone_response", "until_disconnected"]

CLIENT_CLOSED = 499       # the status proxies log for a request its client closed
T = TypeVar("T")


class ClientGone(Exception):
    """The HTTP client disconnected before its fill finished; the fill was cancelled."""


async def _disconnected(request: Request) -> None:
    """Return once the client has disconnected (the request's body must have been read)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def until_disconnected(request: Request, work: Awaitable[T]) -> T:
    """`work`'s result, or `ClientGone` after cancelling it when the client disconnects first."""
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
        if not task.done() and watcher.exception() is not None:   # the channel cannot be watched
            await task
    finally:
        watcher.cancel()
        if not task.done():
            task.cancel()
    if task.done() and not task.cancelled():
        return task.result()
    try:
        await task                 # the cancellation has reached the gRPC call when this returns
    except asyncio.CancelledError:
        pass
    raise ClientGone("the client disconnected before the fill finished; it was cancelled")


async def client_gone_response(request: Request, exc: ClientGone) -> Response:
    return Response(status_code=CLIENT_CLOSED)
