"""Settings of the inference service, read from the environment once at start-up.

| variable | default | meaning |
| --- | --- | --- |
| `DEG_INFERENCE_HOST` | `127.0.0.1` | address to bind (`0.0.0.0` / `[::]` to listen on every interface) |
| `DEG_INFERENCE_PORT` | `8791` | gRPC port |
| `DEG_CHECKPOINT` | `""` | checkpoint directory or model id handed to the runtime factory (`""` = its default) |
| `DEG_BATCH_WINDOW_MS` | `5` | the longest the first queued job waits for companions; the batcher adapts the window to load under it (`batcher.py`) |
| `DEG_MAX_BATCH` | `16` | most jobs in one runtime call |
| `DEG_MAX_PENDING` | `64` | most jobs waiting for a batch; beyond it, RESOURCE_EXHAUSTED |
| `DEG_RUNTIME_FACTORY` | `deg_model.runtime:load_runtime` | `module:callable` taking these settings, returning a Runner |
| `DEG_TRUNK_CACHE_BYTES` | `1073741824` | bytes of trunks (K/V, layer states, hidden states) kept across fills, LRU; `0` keeps none (`deg_model.runtime.trunk_cache`) |
| `DEG_DEVICE` | `auto` | `cpu`, `cuda` or `auto` (CUDA when present): where the model runs and so which kernels serve (`deg_model.device`); `cuda` on a host without one fails at start-up |
| `DEG_RUNTIME_THREADS` | `0` | torch threads of the runtime (`0`: torch's default, one per core) |
| `DEG_RUNTIME_WORKERS` | `1` | runtime replicas taking batches at once, each in its own thread (shared weights and trunk cache); on a CPU under load, workers x threads = the cores (e.g. `2` x `1` on 2 cores) uses every core (`batcher.py`) |
| `DEG_SHUTDOWN_GRACE_S` | `10` | on SIGTERM/SIGINT: the most time until the service has exited; accepted jobs get it less a quarter (at most 2 s) to finish, then the rest are cancelled at their next round or window boundary (`server.py`) |
| `DEG_LOG_LEVEL` | `INFO` | logging level |

Command-line flags of `python -m services.inference` override the environment.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, replace
from typing import Any, Mapping

from degcommon.settings import SettingsError, env_value
from deg_model.device import DEVICES
from deg_model.runtime.trunk_cache import DEFAULT_TRUNK_CACHE_BYTES


DEFAULT_RUNTIME_FACTORY = "deg_model.runtime:load_runtime"


def byte_count(raw: str) -> int:
    """A byte count: digits with optional `_` separators."""
    return int(raw.strip().replace("_", ""))


@dataclass(frozen=True)
class InferenceSettings:
    host: str = "127.0.0.1"
    port: int = 8791
    checkpoint: str = ""
    batch_window_ms: float = 5.0
    max_batch: int = 16
    max_pending: int = 64
    runtime_factory: str = DEFAULT_RUNTIME_FACTORY
    shutdown_grace_s: float = 10.0
    log_level: str = "INFO"
    trunk_cache_bytes: int = DEFAULT_TRUNK_CACHE_BYTES
    device: str = "auto"
    runtime_threads: int = 0
    runtime_workers: int = 1

    def __post_init__(self) -> None:
        if self.trunk_cache_bytes < 0:
            raise SettingsError(f"DEG_TRUNK_CACHE_BYTES must be >= 0 bytes, got {self.trunk_cache_bytes}")
        if self.device not in DEVICES:
            raise SettingsError(f"DEG_DEVICE must be one of {', '.join(DEVICES)}, got {self.device!r}")
        if self.runtime_threads < 0:
            raise SettingsError(f"DEG_RUNTIME_THREADS must be >= 0, got {self.runtime_threads}")
        if self.runtime_workers < 1:
            raise SettingsError(f"DEG_RUNTIME_WORKERS must be >= 1, got {self.runtime_workers}")
        if not 0 <= self.port <= 65535:
            raise SettingsError(f"port must be in 0..65535, got {self.port}")
        if self.batch_window_ms < 0:
            raise SettingsError(f"batch window must be >= 0 ms, got {self.batch_window_ms}")
        if self.max_batch < 1:
            raise SettingsError(f"max batch must be >= 1, got {self.max_batch}")
        if self.max_pending < 1:
            raise SettingsError(f"max pending must be >= 1, got {self.max_pending}")
        if ":" not in self.runtime_factory:
            raise SettingsError(
                f"runtime factory must look like 'package.module:callable', got {self.runtime_factory!r}"
            )
        if self.shutdown_grace_s < 0:
            raise SettingsError(f"shutdown grace must be >= 0 s, got {self.shutdown_grace_s}")
        if not isinstance(logging.getLevelName(self.log_level.upper()), int):
            raise SettingsError(f"unknown log level {self.log_level!r}")

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host and not self.host.startswith("[") else self.host
        return f"{host}:{self.port}"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> "InferenceSettings":
        """Settings from `env` (default: os.environ); non-None `overrides` (flags) win."""
        env = os.environ if env is None else env
        base = cls(
            host=env_value(env, "DEG_INFERENCE_HOST", cls.host, str),
            port=env_value(env, "DEG_INFERENCE_PORT", cls.port, int),
            checkpoint=env_value(env, "DEG_CHECKPOINT", cls.checkpoint, str),
            batch_window_ms=env_value(env, "DEG_BATCH_WINDOW_MS", cls.batch_window_ms, float),
            max_batch=env_value(env, "DEG_MAX_BATCH", cls.max_batch, int),
            max_pending=env_value(env, "DEG_MAX_PENDING", cls.max_pending, int),
            runtime_factory=env_value(env, "DEG_RUNTIME_FACTORY", cls.runtime_factory, str),
            shutdown_grace_s=env_value(env, "DEG_SHUTDOWN_GRACE_S", cls.shutdown_grace_s, float),
            log_level=env_value(env, "DEG_LOG_LEVEL", cls.log_level, str),
            trunk_cache_bytes=env_value(env, "DEG_TRUNK_CACHE_BYTES", cls.trunk_cache_bytes, byte_count),
            device=env_value(env, "DEG_DEVICE", cls.device, str).strip().lower(),
            runtime_threads=env_value(env, "DEG_RUNTIME_THREADS", cls.runtime_threads, int),
            runtime_workers=env_value(env, "DEG_RUNTIME_WORKERS", cls.runtime_workers, int),
        )
        return replace(base, **{k: v for k, v in overrides.items() if v is not None})
