"""What the inference service needs from a model runtime, and how it finds one.

The service talks to the model through `Runner` only: a model id, its aliases, and
`fill_many(jobs) -> list[RawFill | Exception]`, where slot i answers jobs[i] and a job that
failed holds its exception instead of an outcome (so one bad job never fails its batch).
`fill_many` is called from one worker thread at a time, never concurrently. A service with
several workers (`DEG_RUNTIME_WORKERS`) asks the runner for `replica()`s, one per further
worker, each called from its own thread; a runner without `replica` serves one worker only.

The runtime is named by a setting (`module:callable`, called with the service settings),
so the real runtime (`deg_model.runtime:load_runtime`) and any other implementation plug in
without changing the service. A job is the runtime's own `deg_model.runtime.FillJob`
(context, plan, options: already decoded and checked by `services.inference.codec`).
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence, runtime_checkable

from degcommon.factory import FactoryError, resolve_factory

from deg_model.runtime import FillJob


@runtime_checkable
class Runner(Protocol):
    model_id: str
    aliases: list[str]

    def fill_many(self, jobs: list[FillJob]) -> Sequence[Any]:  # RawFill | Exception per job
        ...


class RunnerLoadError(RuntimeError):
    """The configured runtime factory could not be imported or returned something unusable."""


def load_runner(settings: Any) -> Runner:
    """Call the factory named by `settings.runtime_factory` with the settings and check the result."""
    try:
        factory = resolve_factory(settings.runtime_factory)
    except FactoryError as exc:
        raise RunnerLoadError(str(exc)) from exc
    runner = factory(settings)
    missing = [name for name in ("model_id", "aliases", "fill_many") if not hasattr(runner, name)]
    if missing:
        raise RunnerLoadError(
            f"runtime from {settings.runtime_factory!r} lacks {', '.join(missing)} (see services.inference.runner.Runner)"
        )
    if not isinstance(runner.model_id, str) or not runner.model_id:
        raise RunnerLoadError(f"runtime model_id must be a non-empty string, got {runner.model_id!r}")
    return runner


def load_runners(settings: Any) -> list[Runner]:
    """One runner per worker (`settings.runtime_workers`): the factory's, then its replicas."""
    runner = load_runner(settings)
    workers = int(getattr(settings, "runtime_workers", 1) or 1)
    if workers > 1 and not callable(getattr(runner, "replica", None)):
        raise RunnerLoadError(f"runtime from {settings.runtime_factory!r} has no replica(), so it serves one "
                              f"worker; DEG_RUNTIME_WORKERS is {workers}")
    return [runner] + [runner.replica() for _ in range(workers - 1)]
