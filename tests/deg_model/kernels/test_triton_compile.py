"""The Triton kernels compile for real NVIDIA targets, without a GPU.

The interpreter runs a kernel's Python, not its compiled form: type errors in the lowering,
unsupported dot shapes or a TF32 dot sneaking into the fp32 path would only show on a GPU. Triton
ships ptxas, so `triton.compile` can build PTX and a cubin for a given architecture here:
sm_89 (L4) and sm_90 (H100/H200), fp32 and bf16, with the launch options the wrappers use.

Compiling needs Triton in compiler mode. In a process whose kernels were decorated under the
interpreter, the class is not collected and `test_in_a_fresh_compiler_process` reruns this file
in a child pytest with `TRITON_INTERPRET=0`.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

triton = pytest.importorskip("triton", reason="triton (the GPU extra) is not installed")
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402
from triton.runtime.jit import JITFunction  # noqa: E402

from deg_model.kernels import triton_attention, triton_gemm  # noqa: E402

COMPILABLE_HERE = isinstance(triton_gemm._gemm_kernel, JITFunction)
REPO = Path(__file__).resolve().parents[3]
PTR = {"fp32": "*fp32", "bf16": "*bf16"}


def _compile(kernel, types: dict, constexprs: dict, arch: int, num_warps: int, num_stages: int):
    """Compile `kernel` with every runtime argument typed in `types` and every constexpr given."""
    names = kernel.arg_names
    missing = set(names) - set(types) - set(constexprs)
    assert not missing, f"untyped arguments: {missing}"
    signature = {n: ("constexpr" if n in constexprs else types[n]) for n in names}
    src = ASTSource(fn=kernel, signature=signature,
                    constexprs={(names.index(n),): v for n, v in constexprs.items()})
    return triton.compile(src, target=GPUTarget("cuda", arch, 32),
                          options={"num_warps": num_warps, "num_stages": num_stages,
                                   "enable_fp_fusion": triton_gemm.FP_FUSION})


def _ints(*names):
    return {n: "i32" for n in names}


class TestAheadOfTimeCompile:
    __test__ = COMPILABLE_HERE

    @pytest.mark.parametrize("dtype,arch", [("fp32", 89), ("bf16", 90)])
    def test_bi_linear_kernel(self, dtype, arch):
        t = triton_gemm.GEMM_TILE
        types = {"x_ptr": PTR[dtype], "w_ptr": PTR[dtype], "bias_ptr": PTR[dtype], "out_ptr": PTR[dtype],
                 **_ints("M", "N", "K", "stride_xm", "stride_xk", "stride_wn", "stride_wk", "stride_om", "stride_on")}
        compiled = _compile(triton_gemm._gemm_kernel, types,
                            dict(HAS_BIAS=True, IEEE=dtype == "fp32", UPCAST=False,
                                 BLOCK_M=t.block_m, BLOCK_N=t.block_n, BLOCK_K=t.block_k),
                            arch, t.num_warps, 2 if dtype == "fp32" else 3)
        ptx = compiled.asm["ptx"]
        assert compiled.asm["cubin"]
        if dtype == "fp32":
            assert "tf32" not in ptx, "the fp32 GEMM must use IEEE fp32 products, not TF32"
        else:
            assert "mma" in ptx, "the bf16 GEMM should run on tensor cores"

    def test_split_k_kernels(self):
        t = triton_gemm.SMALL_TILE
        partial = _compile(triton_gemm._split_k_partial_kernel,
                           {"x_ptr": "*bf16", "w_ptr": "*bf16", "part_ptr": "*fp32",
                            **_ints("M", "N", "K", "K_PER_SPLIT", "stride_xm", "stride_xk", "stride_wn", "stride_wk")},
                           dict(IEEE=False, UPCAST=False, BLOCK_M=t.block_m, BLOCK_N=t.block_n, BLOCK_K=t.block_k),
                           89, t.num_warps, 3)
        total = _compile(triton_gemm._split_k_sum_kernel,
                         {"part_ptr": "*fp32", "bias_ptr": "*bf16", "out_ptr": "*bf16",
                          **_ints("M", "N", "stride_om", "stride_on")},
                         dict(SPLIT=3, HAS_BIAS=True, BLOCK=1024), 89, 4, 1)
        assert partial.asm["cubin"] and total.asm["cubin"]

    @pytest.mark.parametrize("dtype,arch,head_dim", [("fp32", 89, 64), ("bf16", 90, 256)])
    def test_fork_attention_kernel(self, dtype, arch, head_dim):
        tile = triton_attention.attention_tile(head_dim)
        strides = [f"s{p}_{a}" for p, axes in (("q", "rthd"), ("pk", "hpd"), ("pv", "hpd"), ("ok", "rhtd"),
                                               ("ov", "rhtd"), ("o", "rthd")) for a in axes]
        types = {**{n: PTR[dtype] for n in ("q_ptr", "pk_ptr", "pv_ptr", "ok_ptr", "ov_ptr", "out_ptr")},
                 "len_ptr": "*i64", "start_ptr": "*i64", "scale": "fp32",
                 **_ints("n_queries", "P", "W", *strides)}
        compiled = _compile(triton_attention._fork_attention_kernel, types,
                            dict(HQ=8, GROUP=4, D=head_dim, BLOCK_D=head_dim, BLOCK_Q=tile.block_q,
                                 BLOCK_KV=tile.block_kv, IEEE=dtype == "fp32", UPCAST=False),
                            arch, tile.num_warps, 2)
        assert compiled.asm["cubin"]
        if dtype == "fp32":
            assert "tf32" not in compiled.asm["ptx"]


def test_in_a_fresh_compiler_process():
    env = {**os.environ, "TRITON_INTERPRET": "0"}
    cmd = [sys.executable, "-m", "pytest", "-q", "--noconftest", "-p", "no:cacheprovider",
           str(Path(__file__).resolve().relative_to(REPO))]
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    report = (done.stdout + done.stderr)[-6000:]
    assert done.returncode == 0, f"ahead-of-time compile failed:\n{report}"
    assert " passed" in report and "skipped" not in report, report


test_in_a_fresh_compiler_process.__test__ = not COMPILABLE_HERE
