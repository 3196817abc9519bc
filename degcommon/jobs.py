"""The Redis queue helpers every rq worker of the suite shares.

A service's settings object names its queue (`QueueSettings`: `redis_url`, `queue`,
`worker_name`); the helpers below connect to it, write progress into the current job's meta,
and run a worker with a fixed name per slot.

Restart: when a worker starts, any job still listed as started under its fixed name cannot
be running (its worker is this process's dead predecessor), so `recover_abandoned` puts it
back at the front of the queue (meta `status: requeued`) and forgets the stale worker
registration. What a requeued job does next is the job's own business (training resumes
from its last checkpoint; an evaluation reruns from scratch).
"""
from __future__ import annotations

import logging
from typing import Any, Protocol

from redis import Redis
from rq import Queue, Worker, get_current_job
from rq.registry import StartedJobRegistry

log = logging.getLogger("deg.jobs")


class QueueSettings(Protocol):
    """What the helpers read of a service's settings."""

    redis_url: str
    queue: str

    @property
    def worker_name(self) -> str: ...


def connect(settings: QueueSettings) -> Redis:
    return Redis.from_url(settings.redis_url)


def queue(settings: QueueSettings, connection: Redis | None = None) -> Queue:
    return Queue(settings.queue, connection=connection or connect(settings))


def set_meta(**values: Any) -> None:
    """Merge `values` into the running job's meta (a no-op outside a job, e.g. in tests)."""
    job = get_current_job()
    if job is not None:
        job.meta.update(values)
        job.save_meta()


def recover_abandoned(settings: QueueSettings, connection: Redis) -> list[str]:
    """Requeue (at the front) the jobs a dead worker of this slot left as started."""
    q = queue(settings, connection)
    registry = StartedJobRegistry(queue=q)
    recovered = []
    for job_id in registry.get_job_ids(cleanup=False):
        job = q.fetch_job(job_id)
        if job is None or job.worker_name != settings.worker_name:
            continue
        registry.remove_executions(job)
        job.meta["status"] = "requeued"
        job.save_meta()
        q.enqueue_job(job, at_front=True)
        recovered.append(job_id)
    # The predecessor's registration may still be live in Redis (it never wrote its death).
    stale = Worker.find_by_key(Worker.redis_worker_namespace_prefix + settings.worker_name, connection=connection)
    if stale is not None:
        connection.delete(stale.key)
        connection.srem(Worker.redis_workers_keys, stale.key)
        connection.srem(f"rq:workers:{settings.queue}", stale.key)
    return recovered


def run_worker(settings: QueueSettings, *, burst: bool = False, with_scheduler: bool = False) -> None:
    """Recover the slot's abandoned jobs, then take jobs until stopped (or the queue is empty
    with `burst`). `with_scheduler` runs rq's scheduler too (needed by jobs queued with `Retry`)."""
    connection = connect(settings)
    recovered = recover_abandoned(settings, connection)
    if recovered:
        log.info("%s: requeued %d abandoned job(s): %s", settings.queue, len(recovered), ", ".join(recovered))
    worker = Worker([queue(settings, connection)], connection=connection, name=settings.worker_name)
    worker.work(burst=burst, with_scheduler=with_scheduler)
