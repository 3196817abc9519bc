"""The gRPC server process: load the runtime, serve `deg.v1.Inference` and gRPC health.

The port opens only after the runtime has loaded, so "port open" means "ready"; the standard
`grpc.health.v1.Health` service reports SERVING for `""` and `deg.v1.Inference` from then on.

Shutdown (SIGTERM / SIGINT) ends within `shutdown_grace_s`: health turns NOT_SERVING
(balancers stop routing here) and the server stops taking new calls; accepted jobs get the
grace less a cancellation allowance (a quarter of it, at most `CANCEL_WAIT_S`) to finish; then
the jobs still queued fail (UNAVAILABLE) and the running ones are cancelled, each ending at its
next round or window boundary, for which the allowance is left. `serve` returns False when a
runtime step was still in progress at the end: the process then exits without waiting for it
(`__main__`), since nobody waits for its result.
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
from services.inference.batcher import CANCEL_WAIT_S, Batcher
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
) -> bool:
    """Serve until `stop` is set (default: until SIGTERM or SIGINT); False when the stop left a
    runtime step running (module docstring)."""
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

    grace = settings.shutdown_grace_s
    drain = grace - min(CANCEL_WAIT_S, grace / 4)
    log.info("shutting down: accepted jobs get %.1f s to finish, then the rest are cancelled", drain)
    servicer.draining = True
    await health.enter_graceful_shutdown()
    stopping = asyncio.ensure_future(server.stop(grace))   # no new calls; calls left at the grace are aborted
    await batcher.close(timeout_s=drain, cancel_wait_s=grace - drain)
    await stopping
    log.info("stopped%s", " (a runtime step still running was abandoned)" if batcher.abandoned else "")
    return not batcher.abandoned
