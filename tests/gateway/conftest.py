"""Fixtures of the gateway tests: real inference processes (the rule-based test runtime) and
the real Redis at 127.0.0.1:6379 under a unique key prefix that is deleted afterwards."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
import redis

sys.path.insert(0, str(Path(__file__).parent))

from deg_service_procs import REDIS_URL, Processes, unique_prefix  # noqa: E402


@pytest.fixture
def processes():
    started = Processes()
    yield started
    started.stop_all()


@pytest.fixture(scope="module")
def inference_address():
    """One inference process shared by a test module."""
    started = Processes()
    try:
        _, address = started.inference()
        yield address
    finally:
        started.stop_all()


@pytest.fixture
def redis_prefix():
    prefix = unique_prefix()
    yield prefix
    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=prefix + "*"))
    if keys:
        client.delete(*keys)
    client.close()
