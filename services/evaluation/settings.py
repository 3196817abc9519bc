"""The evaluation service's settings, read from the environment in one place, on demand.

One object for every command of `python -m services.evaluation`: the runs (ExtractBench,
datagen, determinism, bench), the queue worker and its client (`worker`, `enqueue`, `status`).

| variable                     | meaning                                              | default      |
| ---------------------------- | ---------------------------------------------------- | ------------ |
| `DEG_EVAL_MAX_CONTEXT_CHARS` | documents whose text is longer are skipped (reported) | 200000       |
| `DEG_EVAL_OCR_DPI`           | render resolution of image-only pages for Tesseract  | 300          |
| `DEG_EVAL_OCR_LANG`          | Tesseract language                                   | eng          |
| `DEG_EVAL_URL`               | gateway base URL used by the CLI when `--url` is absent | none      |
| `DEG_EVAL_MODEL`             | model name sent to `/v1/fill`                        | deg-latest   |
| `DEG_EVAL_TIMEOUT_S`         | HTTP timeout per fill, seconds                       | 300          |
| `DEG_REDIS_URL`              | Redis the job queue lives in                         | redis://127.0.0.1:6379/0 |
| `DEG_EVAL_QUEUE`             | queue name of evaluation jobs                        | deg-evaluation |
| `DEG_EVAL_SLOT`              | worker slot (fixed worker name per slot)             | 0            |
| `DEG_HOME`                   | checkpoints volume; default reports below `<DEG_HOME>/evals/` | ./var/deg |

The budget is in characters of the rendered context (what the gateway reads), not tokens:
it needs no tokenizer and so is the same for every backbone.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from degcommon.settings import SettingsError, env_value
from deg_model.settings import ModelSettings


@dataclass(frozen=True)
class EvaluationSettings:
    max_context_chars: int | None = None   # None: no limit
    ocr_dpi: int = 300
    ocr_lang: str = "eng"
    url: str | None = None
    model: str = "deg-latest"
    timeout_s: float = 300.0
    redis_url: str = "redis://127.0.0.1:6379/0"
    queue: str = "deg-evaluation"
    slot: str = "0"
    deg_home: Path = Path("var/deg")

    def __post_init__(self) -> None:
        if self.max_context_chars is not None and self.max_context_chars < 1:
            raise SettingsError("max_context_chars must be >= 1")
        if not 50 <= self.ocr_dpi <= 1200:
            raise SettingsError("ocr_dpi must be in 50..1200")
        if self.timeout_s <= 0:
            raise SettingsError("timeout_s must be > 0")
        if not self.redis_url.startswith(("redis://", "rediss://", "unix://")):
            raise SettingsError(f"DEG_REDIS_URL={self.redis_url!r} is not a redis:// URL")
        if not self.queue or not self.slot:
            raise SettingsError("DEG_EVAL_QUEUE and DEG_EVAL_SLOT must not be empty")

    @property
    def worker_name(self) -> str:
        return f"deg-evaluation-{self.slot}"

    @property
    def evals_dir(self) -> Path:
        return self.deg_home / "evals"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "EvaluationSettings":
        env = os.environ if environ is None else environ
        return cls(
            max_context_chars=env_value(env, "DEG_EVAL_MAX_CONTEXT_CHARS", cls.max_context_chars, int),
            ocr_dpi=env_value(env, "DEG_EVAL_OCR_DPI", cls.ocr_dpi, int),
            ocr_lang=env_value(env, "DEG_EVAL_OCR_LANG", cls.ocr_lang),
            url=env_value(env, "DEG_EVAL_URL", None),
            model=env_value(env, "DEG_EVAL_MODEL", cls.model),
            timeout_s=env_value(env, "DEG_EVAL_TIMEOUT_S", cls.timeout_s, float),
            redis_url=env_value(env, "DEG_REDIS_URL", cls.redis_url),
            queue=env_value(env, "DEG_EVAL_QUEUE", cls.queue),
            slot=env_value(env, "DEG_EVAL_SLOT", cls.slot),
            deg_home=ModelSettings.from_env(dict(env)).deg_home,
        )
