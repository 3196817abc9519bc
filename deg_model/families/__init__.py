"""Registry of backbone families: `get_family(name)`; `family_for_model_type(model_type)` maps a
Hugging Face `config.json` `model_type` to the family that implements it."""
from __future__ import annotations

from .base import ATTENTION, STATE, BackboneSpec, Family, Weights
from .lfm2 import LFM2
from .llama import LLAMA
from .qwen35 import QWEN35

_FAMILIES: dict[str, Family] = {LLAMA.name: LLAMA, QWEN35.name: QWEN35, LFM2.name: LFM2}
# HF model_type -> family name; several HF types can share one family.
_MODEL_TYPES: dict[str, str] = {"llama": LLAMA.name, "qwen3_5_text": QWEN35.name, "qwen3_5": QWEN35.name,
                                "lfm2": LFM2.name}


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
