"""Evaluation runs through the rq queue on the real Redis: a tiny datagen eval (tiny random
model runtime) enqueued from the CLI and run by a burst worker, with progress and status in
job meta and the report paths in the result; bad submissions and failing runs are named."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import redis
from rq import Queue
from rq.job import Job

from services.evaluation.__main__ import main
from degcommon.settings import SettingsError
from services.evaluation.jobs import enqueue, job_params
from services.evaluation.settings import EvaluationSettings

ROOT = Path(__file__).resolve().parents[3]
TINY = ROOT / "tests" / "services" / "inference"
REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.fixture()
def queue_settings():
    conn = redis.Redis.from_url(REDIS_URL)
    try:
        conn.ping()
    except redis.ConnectionError as exc:
        pytest.fail(f"the job tests need the Redis at {REDIS_URL}: {exc}")
    tag = uuid.uuid4().hex[:10]
    settings = EvaluationSettings(redis_url=REDIS_URL, queue=f"deg-eval-test-{tag}", slot=f"test-{tag}")
    yield settings, conn
    Queue(settings.queue, connection=conn).delete(delete_jobs=True)
    for key in conn.scan_iter(f"rq:*{tag}*"):
        conn.delete(key)


def _env(settings: EvaluationSettings) -> dict[str, str]:
    return {**os.environ, "DEG_REDIS_URL": settings.redis_url, "DEG_EVAL_QUEUE": settings.queue,
            "DEG_EVAL_SLOT": settings.slot, "PYTHONPATH": f"{ROOT}{os.pathsep}{TINY}", "OMP_NUM_THREADS": "1"}


def _burst_worker(settings: EvaluationSettings) -> None:
    proc = subprocess.run([sys.executable, "-m", "services.evaluation", "worker", "--burst"], cwd=ROOT,
                          env=_env(settings), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_settings_and_parameters_are_checked():
    s = EvaluationSettings.from_env({"DEG_EVAL_QUEUE": "q", "DEG_HOME": "/tmp/h"})
    assert s.queue == "q" and s.worker_name == "deg-evaluation-0" and s.evals_dir == Path("/tmp/h/evals")
    with pytest.raises(SettingsError, match="DEG_REDIS_URL"):
        EvaluationSettings.from_env({"DEG_REDIS_URL": "http://x"})
    assert job_params("datagen", {"limit": 2})["runtime_factory"] == "deg_model.runtime:load_runtime"
    with pytest.raises(ValueError, match="unknown evaluation kind 'bench'"):
        job_params("bench", {})
    with pytest.raises(ValueError, match="no parameter repeats"):
        job_params("datagen", {"repeats": 3})
    with pytest.raises(ValueError, match="extractbench jobs need dataset_dir"):
        job_params("extractbench", {})
    with pytest.raises(ValueError, match="limit must be a positive integer"):
        job_params("baseline", {"limit": 0})


def test_cli_enqueued_datagen_eval_runs_on_a_burst_worker(queue_settings, tmp_path, monkeypatch, capsys):
    settings, conn = queue_settings
    for key, value in _env(settings).items():
        if key.startswith("DEG_"):
            monkeypatch.setenv(key, value)
    out = tmp_path / "eval"
    assert main(["enqueue", "datagen", "--split", "test", "--limit", "2", "--max-items", "3", "--out", str(out),
                 "--runtime-factory", "tiny_runtime:load_tiny_runtime"]) == 0
    job_id = capsys.readouterr().out.strip()
    job = Job.fetch(job_id, connection=conn)
    assert job.meta == {"status": "queued", "kind": "datagen", "done": 0, "total": 2}
    assert job.args[1]["out"] == str(out) and job.args[1]["limit"] == 2

    _burst_worker(settings)
    job = Job.fetch(job_id, connection=conn)
    assert job.get_status() == "finished", job.meta
    assert job.meta["status"] == "finished" and job.meta["done"] == job.meta["total"] == 2
    result = job.return_value()
    summary = result["summary"]
    assert summary["records"] == 2 and summary["valid_rate"] == 1.0
    assert set(result["reports"]) >= {"json", "markdown", "accuracy_plot"}
    assert all(Path(p).is_file() and Path(p).parent == out for p in result["reports"].values())
    assert json.loads(Path(result["reports"]["json"]).read_text())["summary"]["records"] == 2
    assert main(["status", job_id]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["rq_status"] == "finished" and status["result"]["summary"] == summary


def test_a_failing_evaluation_is_failed_with_its_error_in_meta(queue_settings, tmp_path):
    settings, conn = queue_settings
    job_id = enqueue(settings, "datagen", {"limit": 1, "out": tmp_path, "runtime_factory": "no_such_module:load"},
                     connection=conn)
    _burst_worker(settings)
    job = Job.fetch(job_id, connection=conn)
    assert job.get_status() == "failed"
    assert job.meta["status"] == "failed" and "no_such_module" in job.meta["error"]
    assert not list(tmp_path.iterdir())           # no half-written report


def test_bad_submissions_are_refused_by_the_cli(capsys):
    assert main(["enqueue", "datagen", "--limit", "0"]) == 2
    assert "limit must be a positive integer" in capsys.readouterr().err


def test_the_in_process_datagen_command_fills_every_record(tmp_path, monkeypatch, capsys):
    """`python -m services.evaluation datagen` without --url: the runtime in this process (a
    tiny random one here) fills each record through the datagen scorer's filler."""
    import deg_model.runtime

    sys.path.insert(0, str(TINY))
    from tiny_runtime import load_tiny_runtime

    monkeypatch.setattr(deg_model.runtime, "load_runtime", lambda checkpoint=None: load_tiny_runtime())
    out = tmp_path / "eval"
    assert main(["datagen", "--split", "test", "--limit", "2", "--max-items", "3", "--no-progress",
                 "--out", str(out)]) == 0
    summary = json.loads((out / "report.json").read_text())["summary"]
    assert summary["records"] == 2 and summary["errors"] == 0 and summary["valid_rate"] == 1.0
