"""Runs the Triton kernel tests in a fresh process under Triton's CPU interpreter when this
pytest process cannot interpret.

Triton decides between its interpreter and its compiler when its own modules are first
imported (its `@jit` library functions are wrapped then), and torch / transformers import it
early whenever it is installed. So in a plain `pytest` run on a machine without CUDA the kernel
tests cannot execute in-process: their classes are not collected there (`RUNNABLE_HERE` is
false) and the test below runs those files in a child pytest whose environment has
`TRITON_INTERPRET=1` from the start. With CUDA, or when pytest itself was started with
`TRITON_INTERPRET=1`, the kernel tests run in-process and this test is not collected.
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
HERE = Path(__file__).resolve()
REPO = HERE.parents[3]
KERNEL_TESTS = sorted(p for p in HERE.parent.glob("test_triton_*.py") if p != HERE)


def test_kernel_tests_pass_under_the_interpreter_in_a_fresh_process():
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    # --noconftest: the kernel tests use no fixtures of tests/deg_model/conftest.py, and skipping
    # it keeps transformers (and its model registry) out of the child's start-up.
    cmd = [sys.executable, "-m", "pytest", "-q", "--noconftest", "-p", "no:cacheprovider",
           *(str(p.relative_to(REPO)) for p in KERNEL_TESTS)]
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    report = (done.stdout + done.stderr)[-6000:]
    assert done.returncode == 0, f"kernel tests failed under the interpreter:\n{report}"
    assert " passed" in report and "skipped" not in report, report


test_kernel_tests_pass_under_the_interpreter_in_a_fresh_process.__test__ = not RUNNABLE_HERE
