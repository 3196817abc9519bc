"""Per-key request limit over fixed one-minute windows, counted in Redis.

Fixed windows (one counter per key and minute, INCR + EXPIRE in one round trip) are exact,
cheap and shared by every gateway replica; the price is that a client may burst up to twice
the limit across a window boundary, which is acceptable for a per-minute quota. When Redis
is unreachable requests are allowed (fail open): the limit protects capacity, and refusing
all traffic because the limiter is down would be the larger outage.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from gateway.store import RedisStore

WINDOW_S = 60


@dataclass(frozen=True)
class Decision:
    allowed: bool
    limit: int
    remaining: int
    retry_after_s: int     # seconds until the current window ends


class RateLimiter:
    def __init__(self, store: RedisStore, per_minute: int, clock=time.time) -> None:
        self.store = store
        self.per_minute = per_minute
        self.clock = clock

    async def check(self, key: str) -> Decision:
        now = self.clock()
        window = int(now // WINDOW_S)
        retry_after = max(1, int((window + 1) * WINDOW_S - now + 0.999))
        redis_key = self.store.key("rl", key, str(window))

        async def count(r) -> int:
            async with r.pipeline(transaction=True) as pipe:
                pipe.incr(redis_key)
                pipe.expire(redis_key, WINDOW_S + 5)
                used, _ = await pipe.execute()
            return int(used)

        used = await self.store.call(count, 0, "rate limit")
        return Decision(
            allowed=used <= self.per_minute,
            limit=self.per_minute,
            remaining=max(0, self.per_minute - used),
            retry_after_s=retry_after,
        )
