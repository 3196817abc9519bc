"""Settings of the model library, read from the environment in one place (`ModelSettings.from_env`).

Nothing reads the environment at import time: services build one `ModelSettings` at start-up
and pass it down, tests build their own.

- `DEG_HOME`: the checkpoints directory. Default `./var/deg` when the working directory is
  writable, else `~/.cache/deg`. Backbone caches live in `DEG_HOME/backbones/<name>/`.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def _default_home() -> Path:
    cwd = Path.cwd()
    if os.access(cwd, os.W_OK):
        return cwd / "var" / "deg"
    return Path.home() / ".cache" / "deg"


@dataclass(frozen=True)
class ModelSettings:
    deg_home: Path

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "ModelSettings":
        env = os.environ if environ is None else environ
        home = env.get("DEG_HOME", "").strip()
        return cls(deg_home=Path(home).expanduser() if home else _default_home())

    @property
    def backbones_dir(self) -> Path:
        return self.deg_home / "backbones"
