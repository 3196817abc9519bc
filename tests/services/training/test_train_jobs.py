"""Training jobs on the real Redis through rq: progress in job meta, and a worker killed in the
middle of a job resumes it from the last checkpoint after a restart, ending with the same
checkpoint bytes as an uninterrupted run."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis
from rq import Queue
from rq.job import Job

from deg_model.training.features import save_cache
from services.training.jobs import enqueue_training
from degcommon.settings import SettingsError
from services.training.settings import TrainingServiceSettings
from services.training.trainer import TrainSettings, latest_checkpoint, train
from test_train_trainer import synthetic_records

ROOT = Path(__file__).resolve().parents[3]
REDIS_URL = "redis://127.0.0.1:6379/0"


def _redis():
    conn = redis.Redis.from_url(REDIS_URL)
    try:
        conn.ping()
    except redis.ConnectionError as exc:
        pytest.fail(f"the job tests need the Redis at {REDIS_URL}: {exc}")
    return conn


def _worker(settings: TrainingServiceSettings, *extra: str) -> subprocess.Popen:
    env = {**os.environ, "DEG_REDIS_URL": settings.redis_url, "DEG_TRAIN_QUEUE": settings.queue,
           "DEG_TRAIN_SLOT": settings.slot, "PYTHONPATH": str(ROOT), "OMP_NUM_THREADS": "1"}
    return subprocess.Popen([sys.executable, "-m", "services.training", "worker", *extra], cwd=ROOT, env=env,
                            start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_settings_from_env_and_bad_values():
    s = TrainingServiceSettings.from_env({"DEG_TRAIN_QUEUE": "q1", "DEG_HOME": "/tmp/h"})
    assert s.queue == "q1" and s.worker_name == "deg-training-0" and s.runs_dir == Path("/tmp/h/runs")
    with pytest.raises(SettingsError, match="DEG_REDIS_URL"):
        TrainingServiceSettings.from_env({"DEG_REDIS_URL": "http://x"})


@pytest.mark.slow
def test_killed_worker_resumes_the_job_with_identical_bytes(tmp_path):
    conn = _redis()
    tag = uuid.uuid4().hex[:10]
    settings = TrainingServiceSettings(redis_url=REDIS_URL, queue=f"deg-test-{tag}", slot=f"test-{tag}")
    records = synthetic_records()
    train_settings = TrainSettings(steps=60, batch_records=3, warmup=5, save_every=5, seed=4)
    straight = train(train_settings, records, tmp_path / "straight")
    save_cache(tmp_path / "features", records, identity={"synthetic": True})
    out = tmp_path / "job"
    job_id = enqueue_training(settings, out=out, train=train_settings, features=tmp_path / "features", connection=conn)
    worker = _worker(settings)
    try:
        deadline = time.monotonic() + 120
        while True:
            job = Job.fetch(job_id, connection=conn)
            if job.meta.get("step", 0) >= 10 and latest_checkpoint(out) is not None:
                break
            assert worker.poll() is None, worker.stderr.read().decode()[-2000:]
            assert time.monotonic() < deadline, "the worker made no progress"
            time.sleep(0.05)
        os.killpg(worker.pid, signal.SIGKILL)       # the worker and its work horse
        worker.wait()
        job = Job.fetch(job_id, connection=conn)
        assert job.meta["status"] == "running" and job.get_status() != "finished"
        killed_at = job.meta["step"]
        assert killed_at < train_settings.steps

        worker = _worker(settings, "--burst")
        assert worker.wait(timeout=180) == 0, worker.stderr.read().decode()[-2000:]
        job = Job.fetch(job_id, connection=conn)
        assert job.get_status() == "finished", job.get_status()
        assert job.meta["status"] == "finished" and job.meta["step"] == 60
        final = Path(job.return_value()["checkpoint"])
        assert final.name == straight.name == "step-000060"
        assert {p.name: p.read_bytes() for p in final.iterdir()} == \
               {p.name: p.read_bytes() for p in straight.iterdir()}
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
        q = Queue(settings.queue, connection=conn)
        q.delete(delete_jobs=True)
        for key in conn.scan_iter(f"rq:*{tag}*"):
            conn.delete(key)
