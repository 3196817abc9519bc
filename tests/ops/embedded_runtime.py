"""The real fill runtime on the embedded SmolLM2, built from the inference service's settings.

Selected with `DEG_RUNTIME_FACTORY=embedded_runtime:load` (this directory on PYTHONPATH). The
inference service calls its factory with its settings object, while
`deg_model.runtime.load_runtime` takes the checkpoint path; this adapter passes
`settings.checkpoint` (empty: the embedded backbone with freshly initialised heads).
"""
from __future__ import annotations

from deg_model.runtime import load_runtime


def load(settings):
    return load_runtime(settings.checkpoint or None)
