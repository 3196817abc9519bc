"""Kernels, chosen in ONE place per kind (`attention_kernels(device)`, `delta_rule_kernels(device)`).

Attention: the plain torch reference (`reference.py`) on the CPU; on CUDA the Triton kernels of
`triton_attention.py` (tested against the reference under Triton's CPU interpreter). The fork
GEMM (`tiles.linear`) likewise switches to `triton_gemm.bi_linear` for CUDA tensors only.

Gated delta rule (Qwen3.5's DeltaNet layers): the plain torch reference (`delta_rule.py`,
recurrent for forks and decoding, chunked for prefill) everywhere except on a CUDA device with
`flash-linear-attention` installed, where `fla.py` wraps its fused-recurrent and chunk kernels.
`fla` (and through it Triton) is imported only on that path: never for CPU serving.
"""
from __future__ import annotations

import functools
import importlib.util
from types import SimpleNamespace

import torch

from . import delta_rule, reference


def attention_kernels(device: torch.device) -> SimpleNamespace:
    if torch.device(device).type == "cuda" and torch.cuda.is_available():
        # The fork attention kernel: one program per (row, head, query block), prefix keys read
        # in place, a fixed block order — batch-invariant by construction (contract 12.2).
        from . import triton_attention
        return SimpleNamespace(trunk=triton_attention.trunk_attention, rows=triton_attention.rows_attention)
    return SimpleNamespace(trunk=reference.trunk_attention, rows=reference.rows_attention)


@functools.lru_cache(maxsize=None)
def _delta_rule_kernels(device_type: str) -> SimpleNamespace:
    if device_type == "cuda" and torch.cuda.is_available() and importlib.util.find_spec("fla") is not None:
        from . import fla
        return SimpleNamespace(recurrent=fla.recurrent_gated_delta_rule, chunked=fla.chunked_gated_delta_rule,
                               name="fla")
    return SimpleNamespace(recurrent=delta_rule.recurrent_gated_delta_rule,
                           chunked=delta_rule.chunked_gated_delta_rule, name="reference")


def delta_rule_kernels(device: torch.device) -> SimpleNamespace:
    return _delta_rule_kernels(torch.device(device).type)


__all__ = ["attention_kernels", "delta_rule_kernels", "delta_rule", "reference"]
