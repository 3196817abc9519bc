"""The gateway's Redis store: optimizations give up fast, key lookups and job records wait.

A slow Redis is played by a small RESP server on loopback that answers every data command
after a delay longer than the fast timeout and far shorter than the durable one.
"""
from __future__ import annotations

import asyncio

from gateway.keys import KeyChecker, digest
from gateway.store import DURABLE_TIMEOUT_S, SOCKET_TIMEOUT_S, RedisStore

SLOW_S = 1.5
assert SOCKET_TIMEOUT_S < SLOW_S < DURABLE_TIMEOUT_S / 2


async def read_command(reader: asyncio.StreamReader) -> list[bytes]:
    """One RESP array of bulk strings (what redis-py sends)."""
    header = await reader.readline()
    if not header:
        return []
    assert header.startswith(b"*"), header
    parts = []
    for _ in range(int(header[1:])):
        size = int((await reader.readline())[1:])
        parts.append((await reader.readexactly(size + 2))[:-2])
    return parts


async def slow_redis(members: set[bytes], seen: list[bytes]):
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while command := await read_command(reader):
            name = command[0].upper()
            seen.append(name)
            if name == b"HELLO":                    # a RESP2-only server: clients fall back to RESP2
                writer.write(b"-ERR unknown command 'HELLO'\r\n")
            elif name in (b"CLIENT", b"SELECT"):
                writer.write(b"+OK\r\n")            # connection setup answers at once
            else:
                await asyncio.sleep(SLOW_S)
                if name == b"SISMEMBER":
                    writer.write(b":1\r\n" if command[2] in members else b":0\r\n")
                elif name == b"GET":
                    writer.write(b"$-1\r\n")
                else:
                    writer.write(b"+OK\r\n")
            await writer.drain()
        writer.close()

    return await asyncio.start_server(serve, "127.0.0.1", 0)


def test_a_slow_redis_costs_a_cache_hit_but_never_refuses_a_valid_key():
    async def scenario():
        seen: list[bytes] = []
        server = await slow_redis({digest("deg-good").encode()}, seen)
        port = server.sockets[0].getsockname()[1]
        store = RedisStore(f"redis://127.0.0.1:{port}/0", "t:")
        try:
            cached = await store.call(lambda r: r.get(store.key("fill", "x")), "fallback", "cache read")
            fast_gave_up = not store.healthy
            checker = KeyChecker((), store)
            good, bad = await checker("deg-good"), await checker("deg-bad")
            return cached, fast_gave_up, good, bad, store.healthy, seen
        finally:
            await store.close()
            server.close()
            await server.wait_closed()

    cached, fast_gave_up, good, bad, healthy_after, seen = asyncio.run(scenario())
    assert cached == "fallback" and fast_gave_up          # the cache read gave up: a miss
    assert good is True and bad is False                   # the key lookups waited for Redis
    assert healthy_after                                   # and the answer marked Redis healthy
    assert seen.count(b"SISMEMBER") == 2
