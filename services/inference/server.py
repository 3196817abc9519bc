"""The gRPC server process: load the runtime, serve `deg.v1.Inference` and gRPC health.

The port opens only after the runtime has loaded, so "port open" means "ready"; the standard
`grpc.health.v1.Health` service reports SERVING for `""` and `deg.v1.Inference` from then on.

Shutdown (SIGTERM / SIGINT): health turns NOT_SERVING (balancers stop routing here), the
server stops taking new calls and gives calls in flight up to `shutdown_grace_s` to finish
while the batcher keeps running, then the batcher stops.
"""
from __future__ import annotations

import asyncio
import logging
import signal
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1.health import aio as health_aio

import degproto
from services.inference.batcher import Batcher
from services.inference.runner import Runner, load_runners
from services.inference.servicer import InferenceServicer
from services.inference.settings import InferenceSettings

log = logging.getLogger("deg.inference")

SERVICE_NAME = "deg.v1.Inference"
MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # a long context plus a large plan still fits


async def serve(
    settings: InferenceSettings,
    runner: Runner | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve until `stop` is set (default: until SIGTERM or SIGINT)."""
    stubs = degproto.load()
    if runner is None:
        log.info("loading runtime %s (checkpoint %r, %d workers)", settings.runtime_factory,
                 settings.checkpoint or "default", settings.runtime_workers)
        runners = await asyncio.to_thread(load_runners, settings)
    else:
        runners = [runner]
    runner = runners[0]
    batcher = Batcher(
        runners,
        window_s=settings.batch_window_ms / 1000.0,
        max_batch=settings.max_batch,
        max_pending=settings.max_pending,
    )
    await batcher.start()
    servicer = InferenceServicer(stubs.pb2, runner, batcher)

    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
        ]
    )
    stubs.grpc.add_InferenceServicer_to_server(servicer, server)
    health = health_aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    try:
        server.add_insecure_port(settings.address)
    except RuntimeError as exc:
        raise OSError(f"cannot listen on {settings.address}: {exc}") from None
    await server.start()
    for name in ("", SERVICE_NAME):
        await health.set(name, health_pb2.HealthCheckResponse.SERVING)
    log.info(
        "serving %s (aliases %s) on %s; window %.1f ms, max batch %d, max pending %d",
        runner.model_id, ", ".join(runner.aliases) or "none", settings.address,
        settings.batch_window_ms, settings.max_batch, settings.max_pending,
    )

    if stop is None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()

    log.info("shutting down: finishing calls in flight (up to %.1f s)", settings.shutdown_grace_s)
    servicer.draining = True
    await health.enter_graceful_shutdown()
    await server.stop(settings.shutdown_grace_s)
    await batcher.close(timeout_s=settings.shutdown_grace_s)
    log.info("stopped")
