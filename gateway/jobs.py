"""Long fills as jobs: `POST /v1/fills` answers 202 at once, `GET /v1/fills/{id}` tells how it goes.

A job runs in the gateway process that accepted it, as an asyncio task making the same call
`/v1/fill` makes (`Gateway.fill_cached`: response cache, one gRPC `Fill`, `assemble`). No
separate queue or worker: the gateway already holds the inference channel and the assembly
code, the inference service already queues and admits work (its batcher), and a second queue
would only add a process that can fail. What a queue would add, surviving the process that
runs the job, is covered honestly instead: the owner refreshes a heartbeat while the job
runs, and a job whose owner stopped (crash, restart, SIGKILL) is marked `failed` by the
first read that finds its heartbeat older than `STALE_BEATS` beats, so no job stays
`running` forever.

A job record (JSON, under `<prefix>fill:<id>` in Redis with a TTL of `DEG_JOB_TTL_S`; in this
process's memory with the same TTL when the gateway runs without Redis, so a job is then
visible only on the gateway that took it):

    {"id", "status": "queued" | "running" | "done" | "failed" | "cancelled", "created_at", "updated_at",
     "heartbeat_at", "timeout_s",
     "progress": {"fields_total", "fields_done", "tokens_total", "tokens_read", "exact", "attempts",
                  "note"},
     "result": <the /v1/fill response body, when done>,
     "error": {"status", "type", "message"} (when failed)}

A job waits its turn: when the inference service refuses the fill as overloaded (429: queue
full, or the queue ahead outlasts the deadline), the job goes back to `queued`, waits the
`Retry-After` the service computed from its queue and asks again, for as long as its own
deadline (`timeout_s`, counted from submission) leaves room; only then does it fail with 429.
`progress.attempts` counts the inference calls made.

Stopping: a job's client may leave and come back, so a disconnect never stops a job;
`DELETE /v1/fills/{id}` does (`FillJobs.cancel`). On the gateway that runs the job its task is
cancelled at once, which cancels its inference call (the service drops the job at its next
round or window boundary) and stores the record as `cancelled`; a job running on another
gateway (records in Redis) gets a stop request (`<prefix>fill-cancel:<id>`), which its owner
reads at its next heartbeat.

Progress: the job's inference call is a `FillStream`: the inference service streams the
runtime's own progress while the fill runs (context tokens read of the context's total, each
token once however many windows hold it; leaf outcomes decided of those known so far, a total
that grows as array items are found) and the gateway stores each message in the record
(`exact` true: the figures are the runtime's, not estimates). Until the first message (the
job still queued, or its trunk's first window being read) the record holds the gateway's
estimate: plan items as `fields_total`, characters / 4 as `tokens_total`, `exact` false. When
the fill is done, `fields_done` and `tokens_read` are their totals (`tokens_total`, when the
service never reported, becomes the response's `usage.prompt_tokens`). A progress write is skipped
when the previous one is under `PROGRESS_EVERY_S` old; the heartbeat writes the latest.

A fill with media reads them first, in the job: `progress` then also holds `pages_read` and
`pages_total` (the media's pages, counted before the first is read), updated after every page
(`MediaProgress`), with a note saying which page is being read.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from redis.exceptions import RedisError

from gateway.errors import ApiError
from gateway.store import RedisStore

log = logging.getLogger("deg.gateway.jobs")

# A job's work: (seconds left of its deadline, an async progress sink) -> the /v1/fill body.
Work = Callable[[float, Callable[[Any], Awaitable[None]]], Awaitable[bytes]]
STALE_BEATS = 3  # heartbeats missed before a queued/running job is declared lost
LIVE = ("queued", "running")
PROGRESS_EVERY_S = 0.5  # at most one progress write per this many seconds (the heartbeat writes the rest)
PROGRESS_NOTE = ("estimated until the inference service reports: fields_total from the plan, tokens_total "
                 "from characters / 4; exact once reported")


@dataclass(frozen=True)
class MediaProgress:
    """Pages of a job's media read so far (the gateway's reader reports them, not the model)."""

    pages_read: int
    pages_total: int


class MemoryJobs:
    """Job records in this process, each dropped `ttl_s` after its last write."""

    def __init__(self) -> None:
        self._records: dict[str, tuple[float, str]] = {}

    async def put(self, job_id: str, text: str, ttl_s: int) -> bool:
        now = time.monotonic()
        self._records = {k: v for k, v in self._records.items() if v[0] > now}
        self._records[job_id] = (now + ttl_s, text)
        return True

    async def get(self, job_id: str) -> str | None:
        entry = self._records.get(job_id)
        return entry[1] if entry is not None and entry[0] > time.monotonic() else None

    async def request_cancel(self, job_id: str, ttl_s: int) -> None:
        await self.put(f"cancel:{job_id}", "1", ttl_s)

    async def cancel_requested(self, job_id: str) -> bool:
        return await self.get(f"cancel:{job_id}") is not None


class RedisJobs:
    """Job records in Redis; a failed write is reported (a job that cannot be stored is refused)."""

    def __init__(self, store: RedisStore) -> None:
        self.store = store

    async def put(self, job_id: str, text: str, ttl_s: int) -> bool:
        try:
            await self.store.durable.set(self.store.key("fill", job_id), text, ex=ttl_s)
            return True
        except (RedisError, OSError) as exc:
            log.warning("cannot store fill job %s in Redis: %s", job_id, exc)
            return False

    async def get(self, job_id: str) -> str | None:
        try:
            value = await self.store.durable.get(self.store.key("fill", job_id))
        except (RedisError, OSError) as exc:
            raise ApiError(503, "store_unavailable", f"fill jobs are kept in Redis, which does not answer: {exc}")
        return value.decode() if isinstance(value, bytes) else value

    async def request_cancel(self, job_id: str, ttl_s: int) -> None:
        try:
            await self.store.durable.set(self.store.key("fill-cancel", job_id), "1", ex=ttl_s)
        except (RedisError, OSError) as exc:
            raise ApiError(503, "store_unavailable", f"fill jobs are kept in Redis, which does not answer: {exc}")

    async def cancel_requested(self, job_id: str) -> bool:
        try:
            return bool(await self.store.durable.exists(self.store.key("fill-cancel", job_id)))
        except (RedisError, OSError):
            return False           # asked again at the next heartbeat


class FillJobs:
    """Create, run and read fill jobs (see the module docstring)."""

    def __init__(self, records: MemoryJobs | RedisJobs, ttl_s: int, heartbeat_s: float) -> None:
        self.records = records
        self.ttl_s = ttl_s
        self.heartbeat_s = heartbeat_s
        self.tasks: dict[str, asyncio.Task] = {}     # the jobs this gateway runs, by id
        self.stopping: set[str] = set()              # of those, the ones a DELETE stops

    async def _put(self, record: dict[str, Any]) -> bool:
        record["updated_at"] = time.time()
        return await self.records.put(record["id"], json.dumps(record, ensure_ascii=False), self.ttl_s)

    async def submit(self, work: Work, *, fields_total: int, tokens_total: int,
                     timeout_s: float, media: bool = False) -> dict[str, Any]:
        """Store a queued job, start its task, return the record (`media`: it reads media first)."""
        now = time.time()
        record: dict[str, Any] = {
            "id": uuid.uuid4().hex, "status": "queued", "created_at": now, "updated_at": now,
            "heartbeat_at": now, "timeout_s": timeout_s,
            "progress": {"fields_total": fields_total, "fields_done": 0, "tokens_total": tokens_total,
                         "tokens_read": 0, "exact": False, "attempts": 0, "note": PROGRESS_NOTE},
        }
        if media:
            record["progress"].update(pages_read=0, pages_total=0)
        if not await self._put(record):
            raise ApiError(503, "store_unavailable", "fill jobs are kept in Redis, which does not answer; retry later")
        job_id = record["id"]
        task = asyncio.create_task(self._run(record, work), name=f"deg-fill-{job_id}")
        self.tasks[job_id] = task
        task.add_done_callback(lambda _: self.tasks.pop(job_id, None))
        return record

    async def cancel(self, job_id: str) -> tuple[dict[str, Any] | None, bool]:
        """Stop a live job (module docstring, Stopping): its record afterwards (None when unknown)
        and whether this call stopped it here."""
        record = await self.get(job_id)
        if record is None or record["status"] not in LIVE:
            return record, False
        task = self.tasks.get(job_id)
        if task is None:               # another gateway runs it: its owner stops it at its next beat
            await self.records.request_cancel(job_id, self.ttl_s)
            return record, False
        self.stopping.add(job_id)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        record = await self.get(job_id)
        return record, record is not None and record["status"] == "cancelled"

    async def _beat(self, record: dict[str, Any]) -> None:
        while True:
            await asyncio.sleep(self.heartbeat_s)
            if await self.records.cancel_requested(record["id"]) and record["id"] in self.tasks:
                self.stopping.add(record["id"])          # a DELETE on another gateway
                self.tasks[record["id"]].cancel()
                return
            record["heartbeat_at"] = time.time()
            await self._put(record)

    async def _attempts(self, record: dict[str, Any], work: Work) -> bytes:
        """Run `work`; on overload go back to `queued`, wait the Retry-After and try again while
        the job's deadline leaves room for the wait."""
        while True:
            record["status"] = "running"
            record["progress"]["attempts"] += 1
            await self._put(record)
            try:  # each attempt gets what is left of the job's deadline
                return await work(record["timeout_s"] - (time.time() - record["created_at"]),
                                  lambda p: self._progress(record, p))
            except ApiError as exc:
                retry_after = float(exc.headers.get("Retry-After", "1")) if exc.status == 429 else None
                spent = time.time() - record["created_at"]
                if retry_after is None or spent + retry_after >= record["timeout_s"]:
                    raise
            record["status"] = "queued"
            await self._put(record)
            await asyncio.sleep(retry_after)

    async def _progress(self, record: dict[str, Any], p: Any) -> None:
        """Store a progress message: the media reader's (`MediaProgress`) or the inference
        service's (a `FillProgress`)."""
        progress = record["progress"]
        if isinstance(p, MediaProgress):
            progress.update(pages_read=p.pages_read, pages_total=p.pages_total,
                            note=f"reading the media: {p.pages_read} of {p.pages_total} page(s) read")
            if time.time() - record["updated_at"] >= PROGRESS_EVERY_S or p.pages_read == p.pages_total:
                await self._put(record)
            return
        progress.update(tokens_read=int(p.tokens_read), tokens_total=int(p.tokens_total),
                        fields_done=int(p.fields_done), fields_total=int(p.fields_total), exact=True,
                        note="reported by the inference service while the fill runs")
        if time.time() - record["updated_at"] >= PROGRESS_EVERY_S:
            await self._put(record)

    async def _run(self, record: dict[str, Any], work: Work) -> None:
        beat = asyncio.create_task(self._beat(record))
        try:
            body = json.loads(await self._attempts(record, work))
        except ApiError as exc:
            self._fail(record, exc.status, exc.kind, exc.message)
        except asyncio.CancelledError:
            if record["id"] in self.stopping:           # deleted: the job ends here, as asked
                self.stopping.discard(record["id"])
                record["status"] = "cancelled"
                return
            self._fail(record, 503, "job_lost", "the gateway running this fill shut down before it finished; "
                                                "submit it again")
            raise
        except Exception as exc:  # a fault of the gateway itself: logged, the job still ends
            log.error("fill job %s failed", record["id"], exc_info=exc)
            self._fail(record, 500, "internal_error", "internal error in the gateway; see its log")
        else:
            progress = record["progress"]
            tokens = (body.get("usage") or {}).get("prompt_tokens")
            if isinstance(tokens, int) and not progress["exact"]:
                progress["tokens_total"] = tokens
            progress.update(fields_done=progress["fields_total"], tokens_read=progress["tokens_total"], exact=True,
                            note="done")
            record.update(status="done", result=body)
        finally:
            beat.cancel()
            record["heartbeat_at"] = time.time()
            await asyncio.shield(self._put(record))

    @staticmethod
    def _fail(record: dict[str, Any], status: int, kind: str, message: str) -> None:
        record.update(status="failed", error={"status": status, "type": kind, "message": message})

    async def get(self, job_id: str) -> dict[str, Any] | None:
        """The job's record, or None. A live job whose heartbeat is stale is failed (and stored)."""
        text = await self.records.get(job_id)
        if text is None:
            return None
        record = json.loads(text)
        silent_s = time.time() - record["heartbeat_at"]
        if record["status"] in LIVE and silent_s > STALE_BEATS * self.heartbeat_s:
            self._fail(record, 503, "job_lost",
                       f"the gateway running this fill stopped (no heartbeat for {silent_s:.0f} s); submit it again")
            await self._put(record)
        return record

    async def close(self) -> None:
        """Cancel running jobs; each records itself `failed` before it ends."""
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)


def public(record: dict[str, Any]) -> dict[str, Any]:
    """What `GET /v1/fills/{id}` answers: the record without its bookkeeping."""
    return {k: v for k, v in record.items() if k != "heartbeat_at"}
