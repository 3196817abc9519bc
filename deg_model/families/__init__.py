"""Registry of backbone families: `get_family(name)`; `family_for_model_type(model_type)` maps a
Hugging Face `config.json` `model_type` to the family that implements it."""
from __future__ import annotations

from .base import ATTENTION, STATE, BackboneSpec, Family, Weights
from .llama import LLAMA

_FAMILIES: dict[str, Family] = {LLAMA.name: LLAMA}
# HF model_type -> family name; several HF types can share one family.
_MODEL_TYPES: dict[str, str] = {"llama": LLAMA.name}


def get_family(name: str) -> Family:
    try:
        return _FAMILIES[name]
    except KeyError:
        raise KeyError(f"unknown backbone family {name!r}; known: {sorted(_FAMILIES)}") from None


def family_for_model_type(model_type: str) -> Family:
    try:
        return _FAMILIES[_MODEL_TYPES[model_type]]
    except KeyError:
        raise KeyError(
            f"no backbone family implements model_type {model_type!r}; supported: {sorted(_MODEL_TYPES)}"
        ) from None


__all__ = ["ATTENTION", "STATE", "BackboneSpec", "Family", "Weights", "get_family", "family_for_model_type"]
