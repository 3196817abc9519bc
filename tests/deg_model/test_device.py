"""The device setting (`deg_model.device`): which device and kernels each of cpu / cuda / auto
gives with and without a CUDA device (the host's own answer passed explicitly), a clear error
when cuda is asked for and absent, and the CPU path the runtime loads on this host."""
from __future__ import annotations

import pytest
import torch

from deg_model.device import DeviceError, choose_device
from deg_model.kernels import attention_kernels, delta_rule_kernels, reference


@pytest.mark.parametrize("setting, cuda, device, attention", [
    ("cpu", False, "cpu", "torch reference"),
    ("cpu", True, "cpu", "torch reference"),           # cpu is cpu even beside a GPU
    ("auto", False, "cpu", "torch reference"),
    ("auto", True, "cuda", "Triton fork attention"),
    ("cuda", True, "cuda", "Triton fork attention"),
    (" CUDA ", True, "cuda", "Triton fork attention"),
])
def test_each_setting_chooses_a_device_and_its_kernels(setting, cuda, device, attention):
    choice = choose_device(setting, cuda_available=cuda, fla_installed=True)
    assert choice.device == torch.device(device) and choice.attention == attention
    assert (choice.delta_rule == "flash-linear-attention") == (device == "cuda")
    assert device in choice.describe()


def test_cuda_without_fla_keeps_the_torch_delta_rule():
    choice = choose_device("cuda", cuda_available=True, fla_installed=False)
    assert choice.gemm == "Triton batch-invariant GEMM" and "fla not installed" in choice.delta_rule


def test_cuda_asked_and_absent_is_a_clear_error():
    with pytest.raises(DeviceError, match="device 'cuda' was asked for but .*DEG_DEVICE=cpu or auto"):
        choose_device("cuda", cuda_available=False)


def test_an_unknown_device_name_is_refused():
    with pytest.raises(DeviceError, match="one of cpu, cuda, auto, got 'tpu'"):
        choose_device("tpu")


def test_this_host_serves_the_cpu_kernels():
    choice = choose_device("auto")
    if torch.cuda.is_available():
        pytest.skip("this host has a CUDA device; the CPU-only answer is covered above")
    assert choice.device.type == "cpu"
    kernels = attention_kernels(choice.device)
    assert kernels.rows is reference.rows_attention and kernels.trunk is reference.trunk_attention
    assert delta_rule_kernels(choice.device).name == "reference"
