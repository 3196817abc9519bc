"""Evaluation runs as rq jobs on Redis, beside the training service's jobs.

Kinds: `extractbench` (through a gateway), `datagen`, `baseline`, `determinism` (in-process
model). `enqueue(settings, kind, params)` checks the parameters and queues a job;
`run_worker` takes jobs until stopped (or until the queue is empty with `burst`).

- Parameters are the CLI's options of the same command (`python -m services.evaluation
  enqueue <kind> ...` builds them), plus `runtime_factory` (`module:callable`, called with
  the checkpoint path or None; default `deg_model.runtime:load_runtime`) for the in-process
  kinds, so a worker can be pointed at any runtime the inference service accepts.
- Reports go to `out`, default `<DEG_HOME>/evals/<job id>/`. The job's result is
  `{"summary": ..., "reports": {name: path}}`, the summary being what the CLI prints last.
- `job.meta`: `kind`, `status` (queued / running / finished / failed, with `error`),
  `done` / `total` (records or documents filled so far, updated every `META_EVERY` fills).
- Restart: a worker has a fixed name per slot (`deg-evaluation-<slot>`); at start it puts
  back at the front of the queue any job its dead predecessor left as started
  (`degcommon.jobs.recover_abandoned`, as the training worker does). An evaluation keeps no
  partial state, so the job simply reruns; its reports are written whole at the end, so a
  killed run leaves none half written.
- Jobs are not retried on an exception: a failing evaluation fails the same way again (a
  bad path, a refused schema); it is reported in meta and the failed registry.

Settings: `EvaluationSettings` (`settings.py`): Redis, queue, slot and `DEG_HOME` with the rest.
"""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Callable

from redis import Redis
from rq import get_current_job
from rq.job import Job

from degcommon import jobs
from degcommon.datagen_scoring import RuntimeFiller, evaluate_datagen
from degcommon.factory import resolve_factory
from degcommon.jobs import connect, queue, set_meta
from services.evaluation.dataset import find_documents
from services.evaluation.datagen_eval import GatewayFiller, load_records, write_datagen_reports
from services.evaluation.determinism import determinism_report, write_determinism_report
from services.evaluation.filler import HttpFiller
from services.evaluation.report import write_reports
from services.evaluation.runner import run_extractbench
from services.evaluation.settings import EvaluationSettings

KINDS = ("extractbench", "datagen", "baseline", "determinism")
META_EVERY = 1
JOB_TIMEOUT_S = 24 * 3600
DEFAULT_RUNTIME_FACTORY = "deg_model.runtime:load_runtime"

# Parameters per kind: name -> default (None: optional). Required ones are listed apart.
_MODEL_PARAMS = {"split": "test", "limit": 50, "seed": 0, "max_items": None, "threads": 1, "out": None}
PARAMS: dict[str, dict[str, Any]] = {
    "extractbench": {"dataset_dir": None, "out": None, "url": None, "model": None, "max_context_chars": None},
    "datagen": {**_MODEL_PARAMS, "checkpoint": None, "runtime_factory": DEFAULT_RUNTIME_FACTORY, "url": None},
    "baseline": {**_MODEL_PARAMS, "max_new_tokens": 512},
    "determinism": {**_MODEL_PARAMS, "limit": 3, "checkpoint": None, "runtime_factory": DEFAULT_RUNTIME_FACTORY,
                    "repeats": 10, "permutations": 5},
}
REQUIRED = {"extractbench": ("dataset_dir",)}


def job_params(kind: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """`params` completed with the kind's defaults; unknown kinds, unknown or missing
    parameters are refused by name. Paths become strings (the job goes through JSON)."""
    if kind not in PARAMS:
        raise ValueError(f"unknown evaluation kind {kind!r}: expected one of {', '.join(KINDS)}")
    unknown = sorted(set(params) - set(PARAMS[kind]))
    if unknown:
        raise ValueError(f"{kind} jobs take no parameter {', '.join(unknown)} (known: {', '.join(PARAMS[kind])})")
    out = {k: (str(v) if isinstance(v, Path) else v) for k, v in {**PARAMS[kind], **params}.items()}
    missing = [k for k in REQUIRED.get(kind, ()) if out.get(k) in (None, "")]
    if missing:
        raise ValueError(f"{kind} jobs need {', '.join(missing)}")
    if "limit" in out and (not isinstance(out["limit"], int) or out["limit"] < 1):
        raise ValueError(f"limit must be a positive integer, got {out['limit']!r}")
    return out


def enqueue(settings: EvaluationSettings, kind: str, params: Mapping[str, Any], *,
            connection: Redis | None = None) -> str:
    """Queue an evaluation; returns the job id."""
    full = job_params(kind, params)
    job = queue(settings, connection).enqueue(
        evaluation_job, kind, full, str(settings.evals_dir), job_timeout=JOB_TIMEOUT_S,
        meta={"status": "queued", "kind": kind, "done": 0, "total": full.get("limit")})
    return job.id


# ---------------------------------------------------------------------- running a job
class _Counting:
    """Wraps a filler (any callable) and reports every `META_EVERY` calls as progress."""

    def __init__(self, filler: Callable, total: int):
        self.filler, self.total, self.done = filler, total, 0

    def __call__(self, *args, **kwargs):
        try:
            return self.filler(*args, **kwargs)
        finally:
            self.done += 1
            if self.done % META_EVERY == 0 or self.done == self.total:
                set_meta(done=min(self.done, self.total), total=self.total)

    def close(self) -> None:
        close = getattr(self.filler, "close", None)
        if close is not None:
            close()


def _load_runtime(factory: str, checkpoint: str | None):
    return resolve_factory(factory)(checkpoint)


def evaluation_job(kind: str, params: dict[str, Any], evals_dir: str) -> dict[str, Any]:
    job = get_current_job()
    out = Path(params.get("out") or Path(evals_dir) / (job.id if job is not None else kind))
    set_meta(status="running", out=str(out))
    try:
        summary, reports = RUNNERS[kind](params, out)
    except BaseException as exc:
        set_meta(status="failed", error=f"{type(exc).__name__}: {exc}")
        raise
    result = {"summary": summary, "reports": {k: str(v) for k, v in reports.items()}}
    set_meta(status="finished", summary=summary)
    return result


def _records(params):
    # torch (and the model stack) load in the worker's jobs only: the `enqueue` / `status`
    # client imports this module and needs neither
    import torch
    torch.set_num_threads(params["threads"])
    return load_records(params["split"], params["limit"], seed=params["seed"])


def _run_datagen(params, out: Path):
    records = _records(params)
    if params["url"]:
        settings = EvaluationSettings.from_env()
        base = GatewayFiller(params["url"], settings.model, settings.timeout_s)
    else:
        base = RuntimeFiller(_load_runtime(params["runtime_factory"], params["checkpoint"]))
    filler = _Counting(base, len(records))
    try:
        result = evaluate_datagen(records, filler, split=params["split"], max_items=params["max_items"],
                                     progress=False)
    finally:
        filler.close()
    return result.summary(), write_datagen_reports(result, out)


def _run_baseline(params, out: Path):
    # the baseline decodes with the model stack (torch): loaded by the job that runs it only
    from services.evaluation.baseline import GrammarBaseline
    from services.evaluation.baseline.filler import BaselineFiller

    records = _records(params)
    baseline = GrammarBaseline.embedded(max_new_tokens=params["max_new_tokens"])
    result = evaluate_datagen(records, _Counting(BaselineFiller(baseline), len(records)), system="baseline",
                              split=params["split"], max_items=params["max_items"], progress=False)
    return result.summary(), write_datagen_reports(result, out)


def _run_determinism(params, out: Path):
    records = _records(params)
    runtime = _load_runtime(params["runtime_factory"], params["checkpoint"])
    set_meta(total=len(records))
    report = determinism_report(runtime, records, repeats=params["repeats"], permutations=params["permutations"],
                                seed=params["seed"], max_items=params["max_items"], progress=False)
    set_meta(done=len(records))
    return report.summary(), write_determinism_report(report, out)


def _run_extractbench(params, out: Path):
    settings = EvaluationSettings.from_env()
    overrides = {k: params[k] for k in ("url", "model", "max_context_chars") if params.get(k) is not None}
    settings = dataclasses.replace(settings, **overrides)
    if not settings.url:
        raise ValueError("an extractbench job needs a gateway: give url or set DEG_EVAL_URL on the worker")
    total = len(find_documents(Path(params["dataset_dir"])))
    filler = _Counting(HttpFiller(settings.url, settings.model, settings.timeout_s), total)
    try:
        result = run_extractbench(Path(params["dataset_dir"]), filler, settings, progress=False)
    finally:
        filler.close()
    return result.summary(), write_reports(result, out)


RUNNERS = {"extractbench": _run_extractbench, "datagen": _run_datagen, "baseline": _run_baseline,
           "determinism": _run_determinism}


# ---------------------------------------------------------------------- the worker
def run_worker(settings: EvaluationSettings, *, burst: bool = False) -> None:
    jobs.run_worker(settings, burst=burst)


def describe(job_id: str, settings: EvaluationSettings, connection: Redis | None = None) -> str:
    """One JSON line: the job's rq status, meta and result (for `status JOB_ID`)."""
    job = Job.fetch(job_id, connection=connection or connect(settings))
    return json.dumps({"id": job.id, "rq_status": getattr(job.get_status(), "value", job.get_status()), "meta": job.meta,
                       "result": job.return_value()}, sort_keys=True, default=str)
