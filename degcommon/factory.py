"""Factories named by a setting: `package.module:callable` (dots after the colon walk attributes).

The inference service's runtime factory (`DEG_RUNTIME_FACTORY`) and the evaluation jobs'
`runtime_factory` parameter both name the model runtime this way, so any implementation plugs
in without either service importing the other.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable


class FactoryError(RuntimeError):
    """The named factory could not be imported or is not callable; the message says which."""


def resolve_factory(path: str) -> Callable[..., Any]:
    module_name, sep, attribute = path.partition(":")
    if not sep or not module_name or not attribute:
        raise FactoryError(f"runtime factory must be 'module:callable', got {path!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise FactoryError(f"cannot import runtime module {module_name!r}: {exc}") from exc
    factory = module
    for part in attribute.split("."):
        factory = getattr(factory, part, None)
        if factory is None:
            raise FactoryError(f"{module_name!r} has no attribute {attribute!r}")
    if not callable(factory):
        raise FactoryError(f"runtime factory {path!r} is not callable")
    return factory
