"""TEST DOUBLE (tests only): a gateway app serving the decision routes over an in-process fill.

`double_fill` stands in for the gateway's inference path: for the plan the routes compiled, it
computes a `RawFill` deterministically from the plan and the context (the first option / the highest
level wins, with hash-derived probabilities so every number depends on the context and the
field; the first candidate span; a fixed generated text) and assembles it with the real
`deg.assemble`. Everything around it is real: the compat router, the zstd middleware, the
gateway's body limit, API keys checked by `gateway.keys.KeyChecker`, rate limits counted by
the gateway's `RateLimiter` in the real Redis, and image parts read by the gateway's media reader.

`create_app()` reads its configuration from the environment (the test starts it as a uvicorn
process): COMPAT_KEYS (comma-separated accepted keys; empty = auth off), COMPAT_REDIS_URL and
COMPAT_REDIS_PREFIX, COMPAT_LIMITED_KEY (a key allowed 2 requests per minute), COMPAT_MAX_BODY.
"""
from __future__ import annotations

import hashlib
import os
import struct
from typing import Any

from fastapi import FastAPI, Request

import deg
from deg.candidates import find_candidates
from deg.outcomes import (ArrayOutcome, RawFill, choice_outcome, generate_outcome, noul_outcome, pick_extract,
                          score_outcome)
from deg.request import FillOptions
from gateway.body import BodyLimitMiddleware
from gateway.compat import ServedModel, build_compat_router, compat_error_response
from gateway.compat.openapi_bodies import COMPONENTS
from gateway.keys import KeyChecker
from gateway.media import MediaReader, MediaSettings
from gateway.media.requests import read_texts
from gateway.openapi import install_openapi
from gateway.ratelimit import RateLimiter
from gateway.store import RedisStore
from gateway.zstd import ZstdRequestMiddleware

MODEL_ID = "deg-double-0.1"
SERVED = ServedModel(MODEL_ID, ("deg-latest",), created=1767225600)
GENERATED = "generated text"


def _unit(context: str, fingerprint: str, index: int) -> float:
    """A number in (0, 1) fixed by the context, the field and the outcome index."""
    digest = hashlib.sha256(f"{fingerprint}|{index}|{context}".encode("utf-8", "surrogatepass")).digest()
    return (struct.unpack(">Q", digest[:8])[0] + 1) / (2**64 + 2)


def _peaked(context: str, fingerprint: str, count: int, winner: int) -> list[float]:
    weights = [_unit(context, fingerprint, i) for i in range(count)]
    weights[winner] += 1.0
    total = sum(weights)
    return [w / total for w in weights]


def _spans(field: Any, context: str) -> list[tuple[int, int]]:
    kind = {"extract.number": "number", "extract.date": field.format}.get(field.mode, field.format)
    if kind is not None:
        return find_candidates(kind, context)
    spans, start = [], None
    for i, ch in enumerate(context + " "):
        if ch.isspace():
            if start is not None:
                spans.append((start, i))
            start = None
        elif start is None:
            start = i
    return spans


def double_raw(plan: Any, context: str, options: FillOptions) -> RawFill:
    fields = []
    for field in plan.fields:
        p, fp = field.pointer, field.fingerprint
        if field.mode == "decide.choice":
            fields.append(choice_outcome(field, p, _peaked(context, fp, len(field.options), 0)))
        elif field.mode == "decide.score":
            count = len(field.levels) + (1 if field.null_outcome else 0)
            fields.append(score_outcome(field, p, _peaked(context, fp, count, len(field.levels) - 1)))
        elif field.mode == "decide.noul":
            fields.append(noul_outcome(field, p, 0.5 + _unit(context, fp, 0) / 2))
        elif field.mode == "generate":
            limit = field.constraint("maxLength")
            text = GENERATED[:limit] if limit is not None else GENERATED
            fields.append(generate_outcome(field, p, text, len(text.split()) + 1))
        else:
            scored = [(span, -1.0 - rank) for rank, span in enumerate(_spans(field, context))]
            fields.append(pick_extract(field, p, context, scored, -50.0, date_order=options.date_order,
                                       default_offset=options.default_offset))
    arrays = [ArrayOutcome(a.pointer, a.pointer, 0) for a in plan.arrays]
    generated = sum(f.generated_tokens or 0 for f in fields)
    return RawFill(fields=fields, arrays=arrays, prompt_tokens=len(context.split()) + 1, generated_tokens=generated)


async def double_fill(context: str, plan: Any, options: FillOptions, model: str) -> dict[str, Any]:
    return deg.assemble(plan, double_raw(plan, context, options), model=model)


async def served_model() -> ServedModel:
    return SERVED


def create_app() -> FastAPI:
    keys = tuple(k for k in os.environ.get("COMPAT_KEYS", "").split(",") if k)
    redis_url = os.environ.get("COMPAT_REDIS_URL", "")
    prefix = os.environ.get("COMPAT_REDIS_PREFIX", "deg-test:")
    limited_key = os.environ.get("COMPAT_LIMITED_KEY", "")
    max_body = int(os.environ.get("COMPAT_MAX_BODY", str(4 * 1024 * 1024)))
    store = RedisStore(redis_url, prefix) if redis_url else None
    limiter = RateLimiter(store, 2) if store is not None else None

    async def limit(request: Request) -> None:
        from gateway.errors import ApiError

        key = request.headers.get("authorization", "")[7:]
        if limiter is not None and key == limited_key:
            decision = await limiter.check("key:" + key)
            if not decision.allowed:
                raise ApiError(429, "rate_limited", f"rate limit of {decision.limit} requests per minute reached",
                               headers={"Retry-After": str(decision.retry_after_s)})

    media = MediaSettings()
    reader = MediaReader(media)  # the gateway's own media reader: images are read as the gateway reads them

    async def read_parts(parts: list[tuple[str, str, str]]) -> list[str]:
        return await read_texts(reader, media, parts)

    app = FastAPI()
    app.include_router(build_compat_router(double_fill, served_model,
                                           check_key=KeyChecker(keys, store) if (keys or store) else None,
                                           limit=limit, serve_models=True, read_parts=read_parts))

    install_openapi(app, COMPONENTS)

    @app.get("/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    app.add_middleware(ZstdRequestMiddleware, max_decompressed_bytes=max_body, error_response=compat_error_response)
    app.add_middleware(BodyLimitMiddleware, max_body_bytes=max_body)
    return app
