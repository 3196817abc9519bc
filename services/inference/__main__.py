"""`python -m services.inference [--port N ...]`: run the inference gRPC server."""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys

from services.inference.runner import RunnerLoadError
from services.inference.server import serve
from degcommon.settings import SettingsError
from services.inference.settings import InferenceSettings


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m services.inference",
        description="Serve the deg model over gRPC (deg.v1.Inference). Flags override DEG_* variables.",
    )
    parser.add_argument("--host", help="address to bind (DEG_INFERENCE_HOST, default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="gRPC port (DEG_INFERENCE_PORT, default 8791)")
    parser.add_argument("--checkpoint", help="checkpoint directory or model id (DEG_CHECKPOINT)")
    parser.add_argument("--batch-window-ms", type=float, help="batch window (DEG_BATCH_WINDOW_MS, default 5)")
    parser.add_argument("--max-batch", type=int, help="jobs per runtime call (DEG_MAX_BATCH, default 16)")
    parser.add_argument("--max-pending", type=int, help="queued jobs before refusing (DEG_MAX_PENDING, default 64)")
    parser.add_argument("--runtime-factory", help="module:callable returning the runtime (DEG_RUNTIME_FACTORY)")
    parser.add_argument("--log-level", help="logging level (DEG_LOG_LEVEL, default INFO)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        settings = InferenceSettings.from_env(**vars(args))
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        clean = asyncio.run(serve(settings))
    except (RunnerLoadError, OSError) as exc:
        logging.getLogger("deg.inference").error("%s", exc)
        return 1
    if not clean:
        # A runtime step still computes for a job nobody waits for; the interpreter would join
        # its thread at exit, so the process leaves without it (the stop stays within the grace).
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
