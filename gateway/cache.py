"""Response cache in Redis: a fill is deterministic, so its exact response bytes can be reused.

The key is sha256 over (model id, plan fingerprint, sha256 of the rendered context, canonical
options JSON): the plan fingerprint already identifies everything in the schema that
affects outcomes (contract 6), and the rendered context is what the model reads. The value is
the response body exactly as first sent, so a hit returns a byte-identical body.
"""
from __future__ import annotations

import hashlib
import json

from gateway.store import RedisStore


def cache_key(model_id: str, plan_fingerprint: str, context: str, options_json: str) -> str:
    context_hash = hashlib.sha256(context.encode("utf-8", "surrogatepass")).hexdigest()
    material = json.dumps([model_id, plan_fingerprint, context_hash, options_json], separators=(",", ":"))
    return hashlib.sha256(material.encode()).hexdigest()


class ResponseCache:
    def __init__(self, store: RedisStore, ttl_s: int) -> None:
        self.store = store
        self.ttl_s = ttl_s

    async def get(self, key: str) -> bytes | None:
        return await self.store.call(lambda r: r.get(self.store.key("fill", key)), None, "cache read")

    async def put(self, key: str, body: bytes) -> None:
        await self.store.call(lambda r: r.set(self.store.key("fill", key), body, ex=self.ttl_s), None, "cache write")
