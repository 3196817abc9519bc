"""Start real service processes on loopback ports for tests, and always stop them.

`Processes` owns every process a test starts; its `stop_all()` (run by a fixture finalizer)
terminates them, then kills whatever did not exit, so no process outlives its test.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import grpc
import httpx
from grpc_health.v1 import health_pb2, health_pb2_grpc

REPO = Path(__file__).resolve().parents[2]
RUNTIME_DIR = REPO / "tests" / "services" / "inference"
RUNTIME_FACTORY = "inference_test_runtime:load_runtime"   # rule-based stand-in, predictable answers
TINY_RUNTIME_FACTORY = "tiny_runtime:load_tiny_runtime"    # the real runtime over tiny random weights
EMBEDDED_RUNTIME_FACTORY = "deg_model.runtime:load_runtime"  # the real runtime on embedded SmolLM2
REDIS_URL = "redis://127.0.0.1:6379/0"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def unique_prefix() -> str:
    return f"deg-test:{uuid.uuid4().hex[:12]}:"


def base_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEG_")}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(RUNTIME_DIR)])
    env["PYTHONUNBUFFERED"] = "1"
    env.update({k: str(v) for k, v in extra.items()})
    return env


class Process:
    def __init__(self, name: str, args: list[str], env: dict[str, str]) -> None:
        self.name = name
        self.log = tempfile.NamedTemporaryFile(prefix=f"deg-{name}-", suffix=".log", delete=False)
        self.popen = subprocess.Popen(args, cwd=REPO, env=env, stdout=self.log, stderr=subprocess.STDOUT)

    def output(self) -> str:
        return Path(self.log.name).read_text(errors="replace")[-4000:]

    def alive(self) -> bool:
        return self.popen.poll() is None

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15) -> int:
        if self.alive():
            self.popen.send_signal(sig)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(5)
        return self.popen.returncode

    def kill(self) -> None:
        self.stop(signal.SIGKILL)


class Processes:
    def __init__(self) -> None:
        self.started: list[Process] = []

    def _start(self, name: str, args: list[str], env: dict[str, str]) -> Process:
        process = Process(name, args, env)
        self.started.append(process)
        return process

    def inference(self, port: int | None = None, *, factory: str = RUNTIME_FACTORY, ready_timeout: float = 60,
                  **env: str) -> tuple[Process, str]:
        port = port or free_port()
        process = self._start(
            "inference",
            [sys.executable, "-m", "services.inference", "--port", str(port), "--runtime-factory", factory],
            base_env(DEG_LOG_LEVEL="WARNING", **env),
        )
        address = f"127.0.0.1:{port}"
        wait_grpc_serving(process, address, timeout=ready_timeout)
        return process, address

    def gateway(self, port: int | None = None, **env: str) -> tuple[Process, str]:
        port = port or free_port()
        process = self._start(
            "gateway", [sys.executable, "-m", "gateway", "--port", str(port)],
            base_env(DEG_LOG_LEVEL="WARNING", **env),
        )
        url = f"http://127.0.0.1:{port}"
        wait_http(process, url)
        return process, url

    def redis(self) -> tuple[Process, str]:
        port = free_port()
        process = self._start(
            "redis",
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            base_env(),
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    return process, f"redis://127.0.0.1:{port}/0"
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start:\n{process.output()}")

    def stop_all(self) -> None:
        for process in reversed(self.started):
            process.stop()


def wait_grpc_serving(process: Process, address: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(address, options=[("grpc.enable_http_proxy", 0)]) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            if not process.alive():
                raise RuntimeError(f"{process.name} exited with {process.popen.returncode}:\n{process.output()}")
            try:
                reply = stub.Check(health_pb2.HealthCheckRequest(service="deg.v1.Inference"), timeout=1)
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.1)
    raise RuntimeError(f"{process.name} not serving on {address} after {timeout} s:\n{process.output()}")


def wait_http(process: Process, url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not process.alive():
            raise RuntimeError(f"{process.name} exited with {process.popen.returncode}:\n{process.output()}")
        try:
            httpx.get(url + "/health", timeout=2, trust_env=False)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError(f"{process.name} not answering at {url} after {timeout} s:\n{process.output()}")
