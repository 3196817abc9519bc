"""The contract core stays pure: importing it never pulls in torch or transformers."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import importlib, pkgutil, sys
import deg
names = ["deg"] + [m.name for m in pkgutil.walk_packages(deg.__path__, "deg.")]
for name in names:
    importlib.import_module(name)
for public in deg.__all__:
    try:
        getattr(deg, public)
    except (ImportError, AttributeError):
        pass  # a module still being written elsewhere; the import check above covers it
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("torch", "transformers", "gguf"))
print(len(names), heavy)
"""


def test_core_imports_without_torch():
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    count, heavy = done.stdout.split(" ", 1)
    assert int(count) >= 7  # deg, cli, errors, plan, request, schema and its modules
    assert heavy.strip() == "[]"
