"""API keys kept in Redis, and the `deg keys add|list|revoke` command that manages them.

Layout (under the gateway's `DEG_REDIS_PREFIX`, default `deg:`):
- `<prefix>apikeys`: a set of sha256 hex digests of the accepted keys; the gateway's auth
  check (`Gateway.authorize`) and `KeyChecker` both read this set, so a key added here is
  accepted at once and a revoked one refused at once, on every replica;
- `<prefix>apikeys:meta`: a hash digest -> JSON `{"name", "created", "hint"}`, what
  `deg keys list` shows. Keys themselves are never stored: `add` prints the key once.

Keys look like `deg-<43 url-safe characters>` (256 random bits). Names are unique labels
(letters, digits, `.`, `_`, `-`, 1..64 characters) so `revoke NAME` is unambiguous;
`revoke` also takes the key itself.

Auth can be switched off (`DEG_AUTH=off`, the default for local use); then no key is checked.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import secrets
import sys
import time
from dataclasses import dataclass
from typing import Any

import redis

from degcommon.settings import SettingsError
from gateway.settings import GatewaySettings

__all__ = ["ApiKeyRecord", "KeyChecker", "KeyStore", "digest", "new_key", "register_keys", "main"]

KEY_PREFIX = "deg-"
NAME = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


@dataclass(frozen=True)
class ApiKeyRecord:
    name: str
    created: int        # unix seconds
    hint: str           # the first characters of the key, to recognize it
    digest: str


class KeyProblem(ValueError):
    """A key operation that cannot be done (duplicate name, unknown key); the message says why."""


class KeyStore:
    """Synchronous key management over one Redis connection (the CLI's side)."""

    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.client = client
        self.keys_set = prefix + "apikeys"
        self.meta_hash = prefix + "apikeys:meta"

    def records(self) -> list[ApiKeyRecord]:
        """Every key's record, oldest first (digests in the set without a record are listed unnamed)."""
        meta = {k.decode(): json.loads(v) for k, v in self.client.hgetall(self.meta_hash).items()}
        digests = {d.decode() for d in self.client.smembers(self.keys_set)}
        rows = [ApiKeyRecord(m.get("name", ""), int(m.get("created", 0)), m.get("hint", ""), d)
                for d, m in meta.items() if d in digests]
        rows += [ApiKeyRecord("", 0, "", d) for d in digests - set(meta)]
        return sorted(rows, key=lambda r: (r.created, r.name, r.digest))

    def add(self, name: str) -> tuple[str, ApiKeyRecord]:
        if not NAME.match(name):
            raise KeyProblem(f"key name {name!r} must be 1-64 letters, digits, '.', '_' or '-'")
        if any(r.name == name for r in self.records()):
            raise KeyProblem(f"a key named {name!r} already exists; revoke it first or pick another name")
        key = new_key()
        record = ApiKeyRecord(name, int(time.time()), key[:len(KEY_PREFIX) + 4], digest(key))
        with self.client.pipeline(transaction=True) as pipe:
            pipe.sadd(self.keys_set, record.digest)
            pipe.hset(self.meta_hash, record.digest,
                      json.dumps({"name": record.name, "created": record.created, "hint": record.hint}))
            pipe.execute()
        return key, record

    def revoke(self, name_or_key: str) -> ApiKeyRecord:
        wanted = digest(name_or_key)
        for record in self.records():
            if record.name == name_or_key or record.digest == wanted:
                with self.client.pipeline(transaction=True) as pipe:
                    pipe.srem(self.keys_set, record.digest)
                    pipe.hdel(self.meta_hash, record.digest)
                    pipe.execute()
                return record
        raise KeyProblem(f"no key named {name_or_key!r} (and it is not a known key)")


class KeyChecker:
    """The serving side: is this bearer key accepted? Static keys first, then the Redis set.

    `store` is the gateway's `RedisStore`; when Redis is unreachable only static keys are
    accepted (a lookup that cannot be made is a refusal, never a free pass).
    """

    def __init__(self, static_keys: tuple[str, ...] = (), store: Any = None) -> None:
        self.static = frozenset(static_keys)
        self.store = store

    async def __call__(self, key: str) -> bool:
        if key in self.static:
            return True
        if self.store is None:
            return False
        found = await self.store.call(lambda r: r.sismember(self.store.key("apikeys"), digest(key)), False,
                                      "API key lookup", durable=True)
        return bool(found)


# ---------------------------------------------------------------- `deg keys`


def register_keys(parser: argparse.ArgumentParser) -> None:
    """`deg keys`: registered in `deg.cli.SUBCOMMANDS` as `"gateway.keys:register_keys"`."""
    parser.add_argument("--redis-url", help="Redis URL (default: DEG_REDIS_URL)")
    parser.add_argument("--prefix", help="Redis key prefix (default: DEG_REDIS_PREFIX or deg:)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="create a key and print it (once)")
    add.add_argument("name", help="a unique label for the key")
    actions.add_parser("list", help="list keys (names, creation times, hints; never the keys)")
    revoke = actions.add_parser("revoke", help="revoke a key by name or by the key itself")
    revoke.add_argument("name_or_key")
    parser.set_defaults(run=run_keys)


def run_keys(args: argparse.Namespace) -> int:
    try:
        settings = GatewaySettings.from_env()
    except SettingsError as exc:
        print(f"deg keys: {exc}", file=sys.stderr)
        return 2
    url = args.redis_url or settings.redis_url
    if not url:
        print("deg keys: no Redis: set DEG_REDIS_URL or pass --redis-url", file=sys.stderr)
        return 2
    client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
    store = KeyStore(client, args.prefix if args.prefix is not None else settings.redis_prefix)
    try:
        if args.action == "add":
            key, record = store.add(args.name)
            print(key)
            print(f"added key {record.name!r}; it is shown only now", file=sys.stderr)
        elif args.action == "list":
            for record in store.records():
                created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(record.created)) if record.created else "-"
                print(f"{record.name or '(unnamed)'}\t{created}\t{record.hint or '-'}...\t{record.digest[:12]}")
        else:
            record = store.revoke(args.name_or_key)
            print(f"revoked key {record.name or record.digest[:12]!r}", file=sys.stderr)
    except KeyProblem as exc:
        print(f"deg keys: {exc}", file=sys.stderr)
        return 2
    except redis.RedisError as exc:
        print(f"deg keys: Redis at {url} failed: {exc}", file=sys.stderr)
        return 1
    finally:
        client.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="deg keys", description="Manage the gateway's API keys in Redis.")
    register_keys(parser)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
