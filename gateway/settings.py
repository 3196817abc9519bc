"""Settings of the gateway, read from the environment once at start-up.

| variable | default | meaning |
| --- | --- | --- |
| `DEG_HOST` | `127.0.0.1` | address to bind |
| `DEG_PORT` | `8790` | HTTP port |
| `DEG_INFERENCE` | `127.0.0.1:8791` | inference backends: `host:port[,host:port...]` (IP literals when several) or a gRPC target such as `dns:///inference:8791`; several backends are balanced `round_robin` |
| `DEG_REDIS_URL` | `""` | Redis for the response cache, rate limits and API keys; empty = off (logged as a warning at start-up) |
| `DEG_REDIS_PREFIX` | `deg:` | prefix of every Redis key this gateway writes |
| `DEG_CACHE_TTL_S` | `86400` | lifetime of a cached response; 0 = no response cache |
| `DEG_MAX_BODY_BYTES` | `4194304` | larger request bodies get 413 |
| `DEG_MAX_DECOMPRESSED_BYTES` | `16777216` | a `Content-Encoding: zstd` body that inflates past this gets 413 (a zstd bomb costs at most this much memory) |
| `DEG_MAX_JSON_DEPTH` | `64` | deeper JSON bodies get 400 |
| `DEG_MAX_QUESTIONS` | `400` | most questions in one `/v1/decisions` or `/v1/systemone` request; more get 400 |
| `DEG_REQUEST_TIMEOUT_S` | `60` | base of the deadline computed from the work for a fill without its own `timeout`: how long it may wait in the inference queue before it starts (a longer queue: 429 at once); it never cuts a fill that started |
| `DEG_TIMEOUT_PER_1K_TOKENS_S` | `15` | added to that computed deadline per 1,000 context tokens (estimated as characters / 4) |
| `DEG_TIMEOUT_PER_FIELD_S` | `2` | added to that computed deadline per leaf and array of the plan |
| `DEG_MAX_TIMEOUT_S` | `3600` | the longest any fill runs: the deadline of a fill without `timeout` (past it, 504), and the most a request's `timeout` may ask (more: 422) |
| `DEG_JOB_TTL_S` | `86400` | how long a `/v1/fills` job and its result are kept (Redis, else gateway memory) |
| `DEG_JOB_HEARTBEAT_S` | `5` | a running job's owner refreshes its heartbeat this often; a job silent for 3 beats is failed when read |
| `DEG_RATE_LIMIT_PER_MINUTE` | `0` | requests per key (API key, else client address) per minute on `/v1/*`; 0 = unlimited; needs Redis |
| `DEG_AUTH` | `off` | `on`: `/v1/*` needs `Authorization: Bearer <key>` or `X-API-Key` |
| `DEG_API_KEYS` | `""` | comma-separated accepted keys (Redis set `<prefix>apikeys` of sha256 hex digests adds more) |
| `DEG_PLAYGROUND` | `on` | `off`: no playground page at `/playground` (the API is unchanged) |
| `DEG_PDF_MAX_PAGES` | `500` | most pages `POST /v1/pdf/text` reads from one PDF; more get 422 |
| `DEG_SHUTDOWN_GRACE_S` | `10` | on SIGTERM: how long requests in flight get to finish before they are cancelled (their inference calls with them) and the gateway exits |
| `DEG_LOG_LEVEL` | `INFO` | logging level |

The media reader's variables (`DEG_MEDIA_*`: OCR languages, DPI, limits) are read into
`media`, a `gateway.media.settings.MediaSettings`, listed there.
"""
from __future__ import annotations

import ipaddress
import logging
import os
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from degcommon.settings import SettingsError, env_value
from gateway.media.settings import MediaSettings


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return False


def grpc_target(spec: str) -> str:
    """The gRPC channel target for `DEG_INFERENCE`.

    One `host:port` becomes `dns:///host:port` (every address the name resolves to is used);
    several become an `ipv4:`/`ipv6:` address list, which gRPC balances itself; a value that
    already names a scheme (`dns:///`, `ipv4:`, `unix:`) is used as given.
    """
    spec = spec.strip()
    if not spec:
        raise SettingsError("DEG_INFERENCE is empty: name at least one inference address")
    if spec.startswith(("dns:", "ipv4:", "ipv6:", "unix:")):
        return spec
    addresses = [part.strip() for part in spec.split(",") if part.strip()]
    for address in addresses:
        host, sep, port = address.rpartition(":")
        if not sep or not host or not port.isdigit():
            raise SettingsError(f"inference address {address!r} is not host:port")
    if len(addresses) == 1:
        return f"dns:///{addresses[0]}"
    hosts = [a.rpartition(":")[0] for a in addresses]
    if not all(_is_ip(h) for h in hosts):
        raise SettingsError(
            f"several inference addresses must be IP literals ({spec!r}); for names use one dns:///name:port target"
        )
    scheme = "ipv6" if any(":" in h.strip("[]") for h in hosts) else "ipv4"
    return f"{scheme}:{','.join(addresses)}"


@dataclass(frozen=True)
class GatewaySettings:
    host: str = "127.0.0.1"
    port: int = 8790
    inference: str = "127.0.0.1:8791"
    redis_url: str = ""
    redis_prefix: str = "deg:"
    cache_ttl_s: int = 86400
    max_body_bytes: int = 4 * 1024 * 1024
    max_decompressed_bytes: int = 16 * 1024 * 1024
    max_json_depth: int = 64
    plan_cache: int = 256              # compiled plans kept by schema (0: compile every request)
    max_questions: int = 400
    request_timeout_s: float = 60.0
    timeout_per_1k_tokens_s: float = 15.0
    timeout_per_field_s: float = 2.0
    max_timeout_s: float = 3600.0
    job_ttl_s: int = 86400
    job_heartbeat_s: float = 5.0
    rate_limit_per_minute: int = 0
    auth: bool = False
    api_keys: tuple[str, ...] = field(default=(), repr=False)
    playground: bool = True
    pdf_max_pages: int = 500
    shutdown_grace_s: float = 10.0
    log_level: str = "INFO"
    media: MediaSettings = field(default_factory=MediaSettings)

    def __post_init__(self) -> None:
        grpc_target(self.inference)  # raises with a clear message
        checks = [
            (0 <= self.port <= 65535, f"port must be in 0..65535, got {self.port}"),
            (self.cache_ttl_s >= 0, f"cache TTL must be >= 0 s, got {self.cache_ttl_s}"),
            (self.max_body_bytes >= 1, f"max body bytes must be >= 1, got {self.max_body_bytes}"),
            (self.max_decompressed_bytes >= 1,
             f"max decompressed bytes must be >= 1, got {self.max_decompressed_bytes}"),
            (self.max_json_depth >= 2, f"max JSON depth must be >= 2, got {self.max_json_depth}"),
            (self.plan_cache >= 0, f"DEG_PLAN_CACHE must be >= 0 plans, got {self.plan_cache}"),
            (self.max_questions >= 1, f"max questions must be >= 1, got {self.max_questions}"),
            (self.request_timeout_s > 0, f"request timeout must be > 0 s, got {self.request_timeout_s}"),
            (self.timeout_per_1k_tokens_s >= 0 and self.timeout_per_field_s >= 0,
             "per-token and per-field timeout allowances must be >= 0 s"),
            (self.max_timeout_s >= self.request_timeout_s,
             f"max timeout ({self.max_timeout_s} s) must be >= the base request timeout ({self.request_timeout_s} s)"),
            (self.job_ttl_s >= 1, f"job TTL must be >= 1 s, got {self.job_ttl_s}"),
            (self.job_heartbeat_s > 0, f"job heartbeat must be > 0 s, got {self.job_heartbeat_s}"),
            (self.rate_limit_per_minute >= 0, f"rate limit must be >= 0, got {self.rate_limit_per_minute}"),
            (self.pdf_max_pages >= 1, f"DEG_PDF_MAX_PAGES must be >= 1, got {self.pdf_max_pages}"),
            (self.shutdown_grace_s >= 0, f"DEG_SHUTDOWN_GRACE_S must be >= 0 s, got {self.shutdown_grace_s}"),
            (isinstance(logging.getLevelName(self.log_level.upper()), int), f"unknown log level {self.log_level!r}"),
            (not (self.rate_limit_per_minute and not self.redis_url),
             "DEG_RATE_LIMIT_PER_MINUTE needs DEG_REDIS_URL (limits are shared through Redis)"),
            (not (self.auth and not self.api_keys and not self.redis_url),
             "DEG_AUTH=on needs DEG_API_KEYS or DEG_REDIS_URL (where keys are kept)"),
        ]
        for ok, message in checks:
            if not ok:
                raise SettingsError(message)

    def fill_deadline_s(self, context_chars: int, plan_items: int) -> float:
        """A fill's deadline computed from its work: the base, plus an allowance per 1,000
        context tokens (characters / 4, the gateway has no tokenizer) and per plan item,
        bounded by `max_timeout_s`."""
        tokens_k = context_chars / 4000.0
        work = self.request_timeout_s + self.timeout_per_1k_tokens_s * tokens_k + self.timeout_per_field_s * plan_items
        return min(self.max_timeout_s, work)

    @property
    def grpc_target(self) -> str:
        return grpc_target(self.inference)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> "GatewaySettings":
        """Settings from `env` (default: os.environ); non-None `overrides` win. An empty
        string is kept as a value (`DEG_REDIS_URL=""` is "no Redis")."""
        env = os.environ if env is None else env
        keys = tuple(k.strip() for k in env_value(env, "DEG_API_KEYS", "").split(",") if k.strip())
        base = cls(
            host=env_value(env, "DEG_HOST", cls.host, str, keep_empty=True),
            port=env_value(env, "DEG_PORT", cls.port, int),
            inference=env_value(env, "DEG_INFERENCE", cls.inference, str, keep_empty=True),
            redis_url=env_value(env, "DEG_REDIS_URL", cls.redis_url, str, keep_empty=True),
            redis_prefix=env_value(env, "DEG_REDIS_PREFIX", cls.redis_prefix, str, keep_empty=True),
            cache_ttl_s=env_value(env, "DEG_CACHE_TTL_S", cls.cache_ttl_s, int),
            max_body_bytes=env_value(env, "DEG_MAX_BODY_BYTES", cls.max_body_bytes, int),
            max_decompressed_bytes=env_value(env, "DEG_MAX_DECOMPRESSED_BYTES", cls.max_decompressed_bytes, int),
            max_json_depth=env_value(env, "DEG_MAX_JSON_DEPTH", cls.max_json_depth, int),
            plan_cache=env_value(env, "DEG_PLAN_CACHE", cls.plan_cache, int),
            max_questions=env_value(env, "DEG_MAX_QUESTIONS", cls.max_questions, int),
            request_timeout_s=env_value(env, "DEG_REQUEST_TIMEOUT_S", cls.request_timeout_s, float),
            timeout_per_1k_tokens_s=env_value(env, "DEG_TIMEOUT_PER_1K_TOKENS_S", cls.timeout_per_1k_tokens_s, float),
            timeout_per_field_s=env_value(env, "DEG_TIMEOUT_PER_FIELD_S", cls.timeout_per_field_s, float),
            max_timeout_s=env_value(env, "DEG_MAX_TIMEOUT_S", cls.max_timeout_s, float),
            job_ttl_s=env_value(env, "DEG_JOB_TTL_S", cls.job_ttl_s, int),
            job_heartbeat_s=env_value(env, "DEG_JOB_HEARTBEAT_S", cls.job_heartbeat_s, float),
            rate_limit_per_minute=env_value(env, "DEG_RATE_LIMIT_PER_MINUTE", cls.rate_limit_per_minute, int),
            auth=env_value(env, "DEG_AUTH", cls.auth, bool),
            api_keys=keys,
            playground=env_value(env, "DEG_PLAYGROUND", cls.playground, bool),
            pdf_max_pages=env_value(env, "DEG_PDF_MAX_PAGES", cls.pdf_max_pages, int),
            shutdown_grace_s=env_value(env, "DEG_SHUTDOWN_GRACE_S", cls.shutdown_grace_s, float),
            log_level=env_value(env, "DEG_LOG_LEVEL", cls.log_level, str, keep_empty=True),
            media=MediaSettings.from_env(env),
        )
        return replace(base, **{k: v for k, v in overrides.items() if v is not None})
