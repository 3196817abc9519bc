"""The training service's settings, read from the environment in one place, on demand.

| variable            | meaning                                               | default                    |
| ------------------- | ----------------------------------------------------- | -------------------------- |
| `DEG_REDIS_URL`     | Redis the job queue lives in                          | redis://127.0.0.1:6379/0   |
| `DEG_TRAIN_QUEUE`   | queue name of training and calibration jobs           | deg-training               |
| `DEG_TRAIN_SLOT`    | worker slot: the worker's fixed name is `deg-training-<slot>`; one process per slot | 0 |
| `DEG_HOME`          | checkpoints volume; job output defaults below `<DEG_HOME>/runs/` | ./var/deg        |
| `RANK`, `WORLD_SIZE`| this process's rank and the number of processes (set by `torchrun`) | 0, 1      |
| `MASTER_ADDR`, `MASTER_PORT` | the rendezvous of the process group (set by `torchrun`) | 127.0.0.1, 29500 |
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from degcommon.settings import SettingsError, env_value
from deg_model.settings import ModelSettings



@dataclass(frozen=True)
class TrainingServiceSettings:
    redis_url: str = "redis://127.0.0.1:6379/0"
    queue: str = "deg-training"
    slot: str = "0"
    deg_home: Path = Path("var/deg")
    rank: int = 0
    world_size: int = 1
    master_addr: str = "127.0.0.1"
    master_port: int = 29500

    def __post_init__(self):
        if self.world_size < 1 or not 0 <= self.rank < self.world_size:
            raise SettingsError(f"RANK={self.rank} WORLD_SIZE={self.world_size}: need 0 <= RANK < WORLD_SIZE")
        if not 0 < self.master_port < 65536:
            raise SettingsError(f"MASTER_PORT={self.master_port} is not a TCP port")
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
            redis_url=env_value(env, "DEG_REDIS_URL", cls.redis_url),
            queue=env_value(env, "DEG_TRAIN_QUEUE", cls.queue),
            slot=env_value(env, "DEG_TRAIN_SLOT", cls.slot),
            deg_home=ModelSettings.from_env(dict(env)).deg_home,
            rank=env_value(env, "RANK", cls.rank, int),
            world_size=env_value(env, "WORLD_SIZE", cls.world_size, int),
            master_addr=env_value(env, "MASTER_ADDR", cls.master_addr),
            master_port=env_value(env, "MASTER_PORT", cls.master_port, int),
        )

