"""Attention kernels, chosen in ONE place (`attention_kernels(device)`).

Today every device runs the plain torch reference (`reference.py`): on CUDA, SDPA already
dispatches to fused kernels for the trunk. A dedicated CUDA fork kernel belongs in a
`cuda.py` beside it, imported from here only when `torch.cuda.is_available()` and the
device is CUDA, and tested against the reference.
"""
from __future__ import annotations

from types import SimpleNamespace

import torch

from . import reference


def attention_kernels(device: torch.device) -> SimpleNamespace:
    return SimpleNamespace(trunk=reference.trunk_attention, rows=reference.rows_attention)


__all__ = ["attention_kernels", "reference"]
