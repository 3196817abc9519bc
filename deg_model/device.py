"""Where the model runs: the `device` setting (`cpu`, `cuda`, `auto`) -> a torch device and the
kernels that serve on it, decided in this one place.

- `cpu`: the plain torch kernels (`kernels.reference`, `kernels.delta_rule`, the fixed-tile
  CPU GEMM of `kernels.tiles`): the CPU path, unchanged.
- `cuda`: weights and states on the first CUDA device; the kernels follow the tensors'
  device (`kernels.attention_kernels`, `delta_rule_kernels`, `tiles.linear`): the
  batch-invariant Triton fork GEMM and fork attention, and flash-linear-attention's gated
  delta rule where `fla` is installed. Asking for `cuda` where torch sees no CUDA device is
  a `DeviceError` naming what is missing, at start-up, not a silent CPU fallback.
- `auto`: `cuda` when torch sees a CUDA device, else `cpu`.
"""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass

import torch

from .errors import ModelError

__all__ = ["DEVICES", "DeviceChoice", "DeviceError", "choose_device"]

DEVICES = ("cpu", "cuda", "auto")


class DeviceError(ModelError):
    """The device setting names a device this host does not have, or is not a device name."""


@dataclass(frozen=True)
class DeviceChoice:
    device: torch.device
    attention: str        # fork / trunk attention kernels
    gemm: str             # fork projections
    delta_rule: str       # gated delta rule of hybrid families

    def describe(self) -> str:
        return (f"{self.device} (attention: {self.attention}, fork GEMM: {self.gemm}, "
                f"delta rule: {self.delta_rule})")


def choose_device(setting: str, *, cuda_available: bool | None = None, fla_installed: bool | None = None
                  ) -> DeviceChoice:
    """The device and kernels for a `device` setting. `cuda_available` / `fla_installed`
    default to what this host has (given explicitly by tests)."""
    name = (setting or "").strip().lower()
    if name not in DEVICES:
        raise DeviceError(f"device must be one of {', '.join(DEVICES)}, got {setting!r}")
    has_cuda = torch.cuda.is_available() if cuda_available is None else cuda_available
    if name == "cuda" and not has_cuda:
        built = torch.version.cuda
        why = (f"torch {torch.__version__} is built without CUDA" if built is None
               else f"torch (CUDA {built}) sees no CUDA device")
        raise DeviceError(f"device 'cuda' was asked for but {why}; use DEG_DEVICE=cpu or auto")
    if name == "cpu" or (name == "auto" and not has_cuda):
        return DeviceChoice(torch.device("cpu"), "torch reference", "fixed-tile CPU GEMM", "torch reference")
    has_fla = importlib.util.find_spec("fla") is not None if fla_installed is None else fla_installed
    return DeviceChoice(torch.device("cuda"), "Triton fork attention", "Triton batch-invariant GEMM",
                        "flash-linear-attention" if has_fla else "torch reference (fla not installed)")
