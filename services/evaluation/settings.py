"""The evaluation service's settings, read from the environment in one place, on demand.

| variable                     | meaning                                              | default      |
| ---------------------------- | ---------------------------------------------------- | ------------ |
| `DEG_EVAL_MAX_CONTEXT_CHARS` | documents whose text is longer are skipped (reported) | 200000       |
| `DEG_EVAL_OCR_DPI`           | render resolution of image-only pages for Tesseract  | 300          |
| `DEG_EVAL_OCR_LANG`          | Tesseract language                                   | eng          |
| `DEG_EVAL_URL`               | gateway base URL used by the CLI when `--url` is absent | none      |
| `DEG_EVAL_MODEL`             | model name sent to `/v1/fill`                        | deg-latest   |
| `DEG_EVAL_TIMEOUT_S`         | HTTP timeout per fill, seconds                       | 300          |

The budget is in characters of the rendered context (what the gateway reads), not tokens:
it needs no tokenizer and so is the same for every backbone.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass


class SettingsError(ValueError):
    """An environment variable with a value the service cannot use; names the variable."""


@dataclass(frozen=True)
class EvaluationSettings:
    max_context_chars: int = 200_000
    ocr_dpi: int = 300
    ocr_lang: str = "eng"
    url: str | None = None
    model: str = "deg-latest"
    timeout_s: float = 300.0

    def __post_init__(self) -> None:
        if self.max_context_chars < 1:
            raise SettingsError("max_context_chars must be >= 1")
        if not 50 <= self.ocr_dpi <= 1200:
            raise SettingsError("ocr_dpi must be in 50..1200")
        if self.timeout_s <= 0:
            raise SettingsError("timeout_s must be > 0")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "EvaluationSettings":
        env = os.environ if environ is None else environ

        def number(name: str, kind: type, default: float) -> float:
            raw = env.get(name)
            if raw is None or raw == "":
                return default
            try:
                return kind(raw)
            except ValueError:
                raise SettingsError(f"{name}={raw!r} is not a valid {kind.__name__}") from None

        return cls(
            max_context_chars=int(number("DEG_EVAL_MAX_CONTEXT_CHARS", int, cls.max_context_chars)),
            ocr_dpi=int(number("DEG_EVAL_OCR_DPI", int, cls.ocr_dpi)),
            ocr_lang=env.get("DEG_EVAL_OCR_LANG") or cls.ocr_lang,
            url=env.get("DEG_EVAL_URL") or None,
            model=env.get("DEG_EVAL_MODEL") or cls.model,
            timeout_s=float(number("DEG_EVAL_TIMEOUT_S", float, cls.timeout_s)),
        )
