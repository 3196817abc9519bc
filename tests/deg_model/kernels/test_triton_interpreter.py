"""Where the Triton kernel tests run, shared by the `test_triton_*.py` files of this folder.

Triton decides between its CPU interpreter and its compiler when its own modules are first
imported (its `@jit` library functions are wrapped then), and torch / transformers import it
early whenever it is installed. So:

- with CUDA, the kernel tests run natively, in-process;
- without CUDA, in a pytest process that started with `TRITON_INTERPRET=1` (or whose first
  triton import came after this module set it), they run in-process under the interpreter;
- otherwise (a plain `pytest` on a CPU machine) they cannot run in-process: their classes are
  not collected (`RUNNABLE_HERE` is false) and each file's `fresh_interpreter_test` runs that
  file again in a child pytest whose environment has `TRITON_INTERPRET=1` from the start.

This module holds no test of its own.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

if not torch.cuda.is_available():
    os.environ["TRITON_INTERPRET"] = "1"        # effective when this is the first triton import
triton = pytest.importorskip("triton", reason="triton (the GPU extra) is not installed")
from triton.runtime.interpreter import InterpretedFunction  # noqa: E402

RUNNABLE_HERE = torch.cuda.is_available() or isinstance(triton.language.standard.zeros, InterpretedFunction)
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
REPO = Path(__file__).resolve().parents[3]


def fresh_interpreter_test(test_file: str):
    """A test that runs `test_file` in a child pytest under the interpreter; collected only
    where the file's own tests cannot run in this process."""
    path = Path(test_file).resolve()

    def test_in_a_fresh_interpreter_process():
        # The interpreter computes tl.dot with numpy's OpenBLAS, whose per-row bits depend on
        # the CPU's sgemm micro-kernel: on Haswell/Zen kernels a row at a tile's tail rounds
        # differently from the same row at its head, which the GPU kernel never does. Pinning
        # a kernel without that tail path keeps the bitwise tests about the kernel's logic.
        env = {**os.environ, "TRITON_INTERPRET": "1", "OPENBLAS_CORETYPE": "Sandybridge"}
        # --noconftest: the kernel tests use no shared fixtures, and skipping the folder's
        # conftest keeps transformers out of the child's start-up.
        cmd = [sys.executable, "-m", "pytest", "-q", "--noconftest", "-p", "no:cacheprovider",
               str(path.relative_to(REPO))]
        done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
        report = (done.stdout + done.stderr)[-6000:]
        assert done.returncode == 0, f"{path.name} failed under the interpreter:\n{report}"
        assert " passed" in report and "skipped" not in report, report

    test_in_a_fresh_interpreter_process.__test__ = not RUNNABLE_HERE
    return test_in_a_fresh_interpreter_process
