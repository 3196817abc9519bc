"""Settings of the model library, read from the environment in one place (`ModelSettings.from_env`).

Nothing reads the environment at import time: services build one `ModelSettings` at start-up
and pass it down, tests build their own.

- `DEG_HOME`: the checkpoints directory. Default `./var/deg` when the working directory is
  writable, else `~/.cache/deg`. Backbone caches live in `DEG_HOME/backbones/<name>/`.
- `DEG_MAX_CONTEXT_TOKENS`: the memory budget of one request's context, in context tokens
  (default 262,144). A longer context is refused with `ContextTooLarge` before any of it is
  read. Memory grows linearly with the context (windowed trunk, `runtime/windows.py`): for
  SmolLM2-135M in fp32 about 55 KB of K/V and hidden state per token, so the default budget is
  about 15 GiB; lower it on smaller hosts.
- `DEG_WINDOW_TOKENS`: the most context tokens one window of a long context reads (default:
  as many as the backbone's positions allow, less the room kept for fork rows). Narrower
  windows keep less K/V resident per window at the cost of more windows; at least 2.
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


DEFAULT_MAX_CONTEXT_TOKENS = 262_144


def _positive_int(env: dict[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw.replace("_", ""))
    except ValueError:
        raise ValueError(f"{name} must be a whole number of tokens, got {raw!r}") from None
    if value < 1:
        raise ValueError(f"{name} must be at least 1 token, got {value}")
    return value


@dataclass(frozen=True)
class ModelSettings:
    deg_home: Path
    max_context_tokens: int = DEFAULT_MAX_CONTEXT_TOKENS
    window_tokens: int | None = None

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "ModelSettings":
        env = os.environ if environ is None else environ
        home = env.get("DEG_HOME", "").strip()
        window = _positive_int(env, "DEG_WINDOW_TOKENS", 0) if env.get("DEG_WINDOW_TOKENS", "").strip() else None
        if window is not None and window < 2:
            raise ValueError(f"DEG_WINDOW_TOKENS must be at least 2 tokens, got {window}")
        return cls(deg_home=Path(home).expanduser() if home else _default_home(),
                   max_context_tokens=_positive_int(env, "DEG_MAX_CONTEXT_TOKENS", DEFAULT_MAX_CONTEXT_TOKENS),
                   window_tokens=window)

    @property
    def backbones_dir(self) -> Path:
        return self.deg_home / "backbones"
