"""The training service's settings, read from the environment in one place, on demand.

| variable            | meaning                                               | default                    |
| ------------------- | ----------------------------------------------------- | -------------------------- |
| `DEG_REDIS_URL`     | Redis the job queue lives in                          | redis://127.0.0.1:6379/0   |
| `DEG_TRAIN_QUEUE`   | queue name of training and calibration jobs           | deg-training               |
| `DEG_TRAIN_SLOT`    | worker slot: the worker's fixed name is `deg-training-<slot>`; one process per slot | 0 |
| `DEG_HOME`          | checkpoints volume; job output defaults below `<DEG_HOME>/runs/` | ./var/deg        |
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from deg_model.settings import ModelSettings


class SettingsError(ValueError):
    """An environment variable with a value the service cannot use; names the variable."""


@dataclass(frozen=True)
class TrainingServiceSettings:
    redis_url: str = "redis://127.0.0.1:6379/0"
    queue: str = "deg-training"
    slot: str = "0"
    deg_home: Path = Path("var/deg")

    def __post_init__(self):
        if not self.redis_url.startswith(("redis://", "rediss://", "unix://")):
            raise SettingsError(f"DEG_REDIS_URL={self.redis_url!r} is not a redis:// URL")
        if not self.queue or not self.slot:
            raise SettingsError("DEG_TRAIN_QUEUE and DEG_TRAIN_SLOT must not be empty")

    @property
    def worker_name(self) -> str:
        return f"deg-training-{self.slot}"

    @property
    def runs_dir(self) -> Path:
        return self.deg_home / "runs"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "TrainingServiceSettings":
        env = os.environ if environ is None else environ
        return cls(
            redis_url=env.get("DEG_REDIS_URL") or cls.redis_url,
            queue=env.get("DEG_TRAIN_QUEUE") or cls.queue,
            slot=env.get("DEG_TRAIN_SLOT") or cls.slot,
            deg_home=ModelSettings.from_env(dict(env)).deg_home,
        )
