"""A real inference process and a real uvicorn gateway for the SDK and CLI tests."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "gateway"))

from deg_service_procs import Processes  # noqa: E402


@pytest.fixture(scope="module")
def gateway_url():
    started = Processes()
    try:
        _, address = started.inference()
        _, url = started.gateway(DEG_INFERENCE=address)
        yield url
    finally:
        started.stop_all()
