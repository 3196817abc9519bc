"""The job routes of the gateway: `POST /v1/fills`, `GET /v1/fills/{id}`, `DELETE /v1/fills/{id}`
(a fill as a job, `gateway.jobs`), over the same fill path as `/v1/fill` (`Gateway.fill_cached`)."""
from __future__ import annotations

import json
from dataclasses import replace

from fastapi import Request
from fastapi.responses import Response

from gateway.cache import CacheControl
from gateway.errors import ApiError
from gateway.jobs import MediaProgress, public
from gateway.media import MediaText, locate_values
from gateway.service import JSON, Gateway, json_bytes


class JobRoutes:
    """The job routes' handlers, over one app's `Gateway`."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway

    async def submit(self, request: Request) -> Response:
        """`POST /v1/fills`: the `/v1/fill` body, run as a job; 202 with its id and Location. Media
        are read in the job (once, whatever the attempts), reporting pages as progress."""
        fill_request, plan, context, timeout, sources = await self.gateway.prepare_fill(request)
        control = CacheControl.of(request.headers.get("cache-control"))
        media: MediaText | None = None

        async def work(remaining_s: float, progress) -> bytes:  # each attempt: what is left of the deadline
            nonlocal media
            if sources and media is None:
                media = await self.gateway.read_media(context, sources,
                                                      lambda done, total: progress(MediaProgress(done, total)))
            text = media.text if media is not None else context
            deadline = self.gateway.deadline_for(text, plan, timeout)
            body_bytes, _, _ = await self.gateway.fill_cached(
                text, plan, fill_request.options, fill_request.model,
                deadline=replace(deadline, call_s=max(remaining_s, 0.001)), progress=progress, control=control)
            return body_bytes if media is None else json_bytes(locate_values(json.loads(body_bytes), media))

        record = await self.gateway.jobs.submit(work, fields_total=len(plan.fields) + len(plan.arrays),
                                                tokens_total=len(context) // 4,
                                                timeout_s=self.gateway.deadline_for(context, plan, timeout).call_s,
                                                media=bool(sources))
        location = f"/v1/fills/{record['id']}"
        return Response(json_bytes({"id": record["id"], "status": record["status"], "location": location}),
                        status_code=202, media_type=JSON, headers={"Location": location})

    async def get(self, request: Request) -> Response:
        """`GET /v1/fills/{id}`: status, progress, and the result or error."""
        await self.gateway.authorize(request)
        await self.gateway.limit(request)
        job_id = request.path_params["job_id"]
        record = await self.gateway.jobs.get(job_id)
        if record is None:
            raise ApiError(404, "not_found", f"no fill job {job_id!r} (unknown, or expired after "
                                             f"{self.gateway.settings.job_ttl_s} s)")
        return Response(json_bytes(public(record)), media_type=JSON)

    async def cancel(self, request: Request) -> Response:
        """`DELETE /v1/fills/{id}`: stop a queued or running job; the record as it now stands."""
        await self.gateway.guard(request)
        job_id = request.path_params["job_id"]
        record, stopped = await self.gateway.jobs.cancel(job_id)
        if record is None:
            raise ApiError(404, "not_found", f"no fill job {job_id!r} (unknown, or expired after "
                                             f"{self.gateway.settings.job_ttl_s} s)")
        if stopped:
            self.gateway.metrics.cancelled.labels("deleted").inc()
        asked = record["status"] in ("queued", "running")     # its owner, another gateway, stops it
        return Response(json_bytes(public(record)), status_code=202 if asked else 200, media_type=JSON)
