"""Training and calibration as rq jobs on Redis.

- `enqueue_training(settings, out=..., train=TrainSettings(...), features=... | records=...)`
  queues a job; `training_job` runs it through `pipeline.run_training`, which resumes from the
  last checkpoint in `out`. Every job is therefore idempotent: running it again continues
  where the last run stopped and ends with the bytes an uninterrupted run would have.
- Progress goes to `job.meta`: `status` (queued / running / finished), `step`, `steps`,
  `loss`, `checkpoint`; written every `META_EVERY` steps and at the end.
- Restart: a worker has a fixed name per slot (`deg-training-<slot>`, one process per slot).
  When it starts, any job still listed as started by that name cannot be running (its worker
  is this process's dead predecessor), so it is put back at the front of the queue and
  resumes from its last checkpoint. Jobs are also queued with rq `Retry`, so a job that
  fails with an exception is retried a bounded number of times.
"""
from __future__ import annotations

import logging
from dataclasses import asdict
from pathlib import Path
from typing import Any

from redis import Redis
from rq import Queue, Retry, Worker, get_current_job
from rq.registry import StartedJobRegistry

from .settings import TrainingServiceSettings
from .trainer import TrainSettings

log = logging.getLogger("deg.training.jobs")

META_EVERY = 5
JOB_TIMEOUT_S = 24 * 3600
RETRIES = 3


def connect(settings: TrainingServiceSettings) -> Redis:
    return Redis.from_url(settings.redis_url)


def queue(settings: TrainingServiceSettings, connection: Redis | None = None) -> Queue:
    return Queue(settings.queue, connection=connection or connect(settings))


def enqueue_training(settings: TrainingServiceSettings, *, out: str | Path, train: TrainSettings,
                     features: str | Path | None = None, records: str | Path | None = None,
                     limit: int | None = None, connection: Redis | None = None) -> str:
    if features is None and records is None:
        raise ValueError("a training job needs records or a feature cache")
    params = {"out": str(out), "train": asdict(train), "features": str(features) if features else None,
              "records": str(records) if records else None, "limit": limit}
    job = queue(settings, connection).enqueue(
        training_job, params, job_timeout=JOB_TIMEOUT_S, retry=Retry(max=RETRIES),
        meta={"status": "queued", "kind": "training", "step": 0, "steps": train.steps})
    return job.id


def enqueue_calibration(settings: TrainingServiceSettings, *, checkpoint: str | Path,
                        features: str | Path | None = None, records: str | Path | None = None,
                        connection: Redis | None = None) -> str:
    params = {"checkpoint": str(checkpoint), "features": str(features) if features else None,
              "records": str(records) if records else None}
    job = queue(settings, connection).enqueue(
        calibration_job, params, job_timeout=JOB_TIMEOUT_S, retry=Retry(max=RETRIES),
        meta={"status": "queued", "kind": "calibration"})
    return job.id


def _set_meta(**values: Any) -> None:
    job = get_current_job()
    if job is not None:
        job.meta.update(values)
        job.save_meta()


def training_job(params: dict[str, Any]) -> dict[str, Any]:
    from .pipeline import run_training

    train = TrainSettings(**params["train"])
    _set_meta(status="running", steps=train.steps)

    def on_step(step: int, entry: dict) -> None:
        if step % META_EVERY == 0 or step == train.steps:
            _set_meta(step=step, loss=entry["total"])

    last = run_training(params["out"], train, features=params.get("features"), records=params.get("records"),
                        limit=params.get("limit"), on_step=on_step)
    _set_meta(status="finished", step=train.steps, checkpoint=str(last))
    return {"checkpoint": str(last)}


def calibration_job(params: dict[str, Any]) -> dict[str, Any]:
    from .pipeline import run_calibration

    _set_meta(status="running")
    report = run_calibration(params["checkpoint"], features=params.get("features"), records=params.get("records"))
    _set_meta(status="finished", report=report.as_dict())
    return report.as_dict()


def recover_abandoned(settings: TrainingServiceSettings, connection: Redis) -> list[str]:
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


def run_worker(settings: TrainingServiceSettings, *, burst: bool = False) -> None:
    connection = connect(settings)
    recovered = recover_abandoned(settings, connection)
    if recovered:
        log.info("requeued %d abandoned job(s): %s", len(recovered), ", ".join(recovered))
    worker = Worker([queue(settings, connection)], connection=connection, name=settings.worker_name)
    worker.work(burst=burst, with_scheduler=True)
