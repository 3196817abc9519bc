"""The gateway's Redis connection, shared by the cache, the rate limit and API keys.

Redis is an optimization, never a dependency of serving: every operation goes through
`call`, which gives up quickly (short socket timeouts) and returns a fallback when Redis is
unreachable, so a Redis outage costs cache hits and rate limiting but no requests. Outages
are logged once when they start and once when Redis answers again, not once per request.

Two records are not optimizations: an API key lookup (a lookup that gives up refuses a valid
key) and a fill job (a write that gives up refuses the job). Those go through `durable`, a
second connection pool with patient timeouts, so a busy Redis or a loaded host delays them
instead of failing them; an unreachable Redis still fails them within `DURABLE_TIMEOUT_S`.
"""
from __future__ import annotations

import logging
from typing import Any, Awaitable, Callable, TypeVar

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger("deg.gateway.redis")
T = TypeVar("T")

SOCKET_TIMEOUT_S = 0.5  # a cache lookup slower than this is worth less than a fill
DURABLE_TIMEOUT_S = 5.0  # keys and jobs: slower is better than a wrong refusal


class RedisStore:
    def __init__(self, url: str, prefix: str) -> None:
        self.url = url
        self.prefix = prefix
        self.client = aioredis.Redis.from_url(
            url, socket_timeout=SOCKET_TIMEOUT_S, socket_connect_timeout=SOCKET_TIMEOUT_S
        )
        self.durable = aioredis.Redis.from_url(
            url, socket_timeout=DURABLE_TIMEOUT_S, socket_connect_timeout=DURABLE_TIMEOUT_S
        )
        self.healthy = True

    def key(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    async def call(self, operation: Callable[[aioredis.Redis], Awaitable[T]], fallback: T, what: str,
                   durable: bool = False) -> T:
        try:
            result = await operation(self.durable if durable else self.client)
        except (RedisError, OSError) as exc:
            if self.healthy:
                log.warning("Redis unreachable during %s (%s); serving without it until it answers", what, exc)
            self.healthy = False
            return fallback
        if not self.healthy:
            log.warning("Redis answers again; cache and rate limits are back")
            self.healthy = True
        return result

    async def ping(self) -> bool:
        return await self.call(lambda r: r.ping(), False, "health check")

    async def close(self) -> None:
        await self.client.aclose()
        await self.durable.aclose()
