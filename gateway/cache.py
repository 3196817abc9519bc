"""Response cache in Redis: a fill is deterministic, so its exact response bytes can be reused.

The key is sha256 over (model id, plan fingerprint, sha256 of the rendered context, canonical
options JSON): the plan fingerprint already identifies everything in the schema that
affects outcomes (contract 6), and the rendered context is what the model reads. The value is
the response body exactly as first sent, so a hit returns a byte-identical body.

A request's `Cache-Control` is honoured (`CacheControl.of`): `no-cache` does not read this
cache (the fill runs), `no-store` does not write it; both travel on to the inference
service, whose trunk cache obeys them the same way (a kept trunk is not reused / this fill's
trunk is not kept), so `Cache-Control: no-cache, no-store` times a cold fill end to end.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from gateway.store import RedisStore


def cache_key(model_id: str, plan_fingerprint: str, context: str, options_json: str) -> str:
    context_hash = hashlib.sha256(context.encode("utf-8", "surrogatepass")).hexdigest()
    material = json.dumps([model_id, plan_fingerprint, context_hash, options_json], separators=(",", ":"))
    return hashlib.sha256(material.encode()).hexdigest()


@dataclass(frozen=True)
class CacheControl:
    no_cache: bool = False        # do not read a cached response (or a kept trunk)
    no_store: bool = False        # do not store this response (or keep its trunk)

    @classmethod
    def of(cls, header: str | None) -> "CacheControl":
        """The directives of a `Cache-Control` header (case-insensitive, arguments ignored);
        directives other than no-cache and no-store do not apply to a fill and are ignored."""
        names = {part.split("=", 1)[0].strip().lower() for part in (header or "").split(",")}
        return cls(no_cache="no-cache" in names, no_store="no-store" in names)


class ResponseCache:
    def __init__(self, store: RedisStore, ttl_s: int) -> None:
        self.store = store
        self.ttl_s = ttl_s

    async def get(self, key: str) -> bytes | None:
        return await self.store.call(lambda r: r.get(self.store.key("fill", key)), None, "cache read")

    async def put(self, key: str, body: bytes) -> None:
        await self.store.call(lambda r: r.set(self.store.key("fill", key), body, ex=self.ttl_s), None, "cache write")
