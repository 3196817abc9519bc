"""`python -m gateway [--host H] [--port P]`: serve the gateway with uvicorn.

Settings come from DEG_* variables (see `gateway.settings`); the flags override host and port.
"""
from __future__ import annotations

import argparse
import logging
import sys

import uvicorn

from gateway.app import create_app
from degcommon.settings import SettingsError
from gateway.settings import GatewaySettings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gateway", description="Serve the deg HTTP gateway.")
    parser.add_argument("--host", help="address to bind (DEG_HOST, default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="HTTP port (DEG_PORT, default 8790)")
    parser.add_argument("--inference", help="inference target (DEG_INFERENCE)")
    args = parser.parse_args(argv)
    try:
        settings = GatewaySettings.from_env(host=args.host, port=args.port, inference=args.inference)
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port,
                log_level=settings.log_level.lower(),
                timeout_graceful_shutdown=settings.shutdown_grace_s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
