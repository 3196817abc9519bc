"""Training and calibration as rq jobs on Redis.

- `enqueue_training(settings, out=..., train=TrainSettings(...), features=... | records=...)`
  queues a job; `training_job` runs it through `pipeline.run_training`, which resumes from the
  last checkpoint in `out`. Every job is therefore idempotent: running it again continues
  where the last run stopped and ends with the bytes an uninterrupted run would have.
- Progress goes to `job.meta`: `status` (queued / running / finished), `step`, `steps`,
  `loss`, `checkpoint`; written every `META_EVERY` steps and at the end.
- Restart: a worker has a fixed name per slot (`deg-training-<slot>`, one process per slot).
  When it starts, the jobs its dead predecessor left as started go back to the front of the
  queue (`degcommon.jobs.recover_abandoned`) and resume from their last checkpoint. Jobs are
  also queued with rq `Retry`, so a job that fails with an exception is retried a bounded
  number of times.
"""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

from redis import Redis
from rq import Retry

from degcommon import jobs
from degcommon.jobs import queue, set_meta

from .pipeline import run_calibration, run_training
from .settings import TrainingServiceSettings
from .schedule import TrainSettings

META_EVERY = 5
JOB_TIMEOUT_S = 24 * 3600
RETRIES = 3


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


def training_job(params: dict[str, Any]) -> dict[str, Any]:
    train = TrainSettings(**params["train"])
    set_meta(status="running", steps=train.steps)

    def on_step(step: int, entry: dict) -> None:
        if step % META_EVERY == 0 or step == train.steps:
            set_meta(step=step, loss=entry["total"])

    last = run_training(params["out"], train, features=params.get("features"), records=params.get("records"),
                        limit=params.get("limit"), on_step=on_step)
    set_meta(status="finished", step=train.steps, checkpoint=str(last))
    return {"checkpoint": str(last)}


def calibration_job(params: dict[str, Any]) -> dict[str, Any]:
    set_meta(status="running")
    report = run_calibration(params["checkpoint"], features=params.get("features"), records=params.get("records"))
    set_meta(status="finished", report=report.as_dict())
    return report.as_dict()


def run_worker(settings: TrainingServiceSettings, *, burst: bool = False) -> None:
    # rq's scheduler runs the retries of jobs queued with `Retry`
    jobs.run_worker(settings, burst=burst, with_scheduler=True)
