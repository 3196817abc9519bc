"""API keys in the real Redis (`deg keys` commands and the serving-side check) and the zstd
request-body decompression limits."""
from __future__ import annotations

import asyncio

import pytest
import redis
import zstandard

from gateway.keys import KeyChecker, main as keys_main
from gateway.store import RedisStore
from gateway.zstd import DecompressionError, decompress_limited

REDIS_URL = "redis://127.0.0.1:6379/0"


def run_keys(capsys, prefix, *argv):
    status = keys_main(["--redis-url", REDIS_URL, "--prefix", prefix, *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_add_list_revoke_and_the_gateway_check(capsys, redis_prefix):
    status, out, _ = run_keys(capsys, redis_prefix, "add", "ci-bot")
    key = out.strip()
    assert status == 0 and key.startswith("deg-") and len(key) == 47
    assert run_keys(capsys, redis_prefix, "add", "ci-bot")[0] == 2          # names are unique
    assert run_keys(capsys, redis_prefix, "add", "bad name!")[0] == 2
    status, out, _ = run_keys(capsys, redis_prefix, "list")
    assert status == 0 and out.startswith("ci-bot\t") and key not in out and key[:8] in out

    async def accepted(candidate: str) -> bool:
        store = RedisStore(REDIS_URL, redis_prefix)
        try:
            return await KeyChecker(("static-key",), store)(candidate)
        finally:
            await store.close()

    assert asyncio.run(accepted(key)) and asyncio.run(accepted("static-key"))
    assert not asyncio.run(accepted("deg-unknown"))
    assert run_keys(capsys, redis_prefix, "revoke", "ci-bot")[0] == 0
    assert not asyncio.run(accepted(key))
    assert run_keys(capsys, redis_prefix, "revoke", "ci-bot")[0] == 2
    client = redis.Redis.from_url(REDIS_URL)
    assert client.scard(redis_prefix + "apikeys") == 0
    client.close()


def test_revoke_by_the_key_itself(capsys, redis_prefix):
    key = run_keys(capsys, redis_prefix, "add", "k1")[1].strip()
    assert run_keys(capsys, redis_prefix, "revoke", key)[0] == 0
    assert run_keys(capsys, redis_prefix, "list")[1] == ""


def test_unreachable_redis_is_a_clear_failure(capsys):
    status = keys_main(["--redis-url", "redis://127.0.0.1:1/0", "list"])
    assert status == 1 and "Redis at redis://127.0.0.1:1/0 failed" in capsys.readouterr().err


def test_zstd_round_trip_multi_frame_and_limits():
    frame = zstandard.ZstdCompressor().compress(b'{"a": 1}')
    assert decompress_limited(frame + frame, 100) == b'{"a": 1}{"a": 1}'
    assert decompress_limited(frame, 8) == b'{"a": 1}'
    with pytest.raises(DecompressionError) as caught:
        decompress_limited(frame, 7)
    assert caught.value.status == 413
    bomb = zstandard.ZstdCompressor(level=19).compress(b"\0" * (256 * 1024 * 1024))
    assert len(bomb) < 64 * 1024
    with pytest.raises(DecompressionError) as caught:
        decompress_limited(bomb, 1024 * 1024)
    assert caught.value.status == 413
    for broken in (b"garbage", frame[:-2], frame + b"tail"):
        with pytest.raises(DecompressionError) as caught:
            decompress_limited(broken, 100)
        assert caught.value.status == 400
