"""`python -m services.suite` (what `make run` runs; also `deg serve`, whose `--port`,
`--inference-port`, `--checkpoint` and `--redis-url` set the variables below): the whole suite
as local processes.

It starts the inference service, waits until its gRPC health service says SERVING, starts the
gateway on `127.0.0.1:$DEG_PORT` pointed at it (and at Redis when there is one), waits until
`GET /health` answers 200, prints a `curl` example that works as printed, and then stays in
the foreground. Ctrl-C (SIGINT) or SIGTERM stops everything it started; if a child exits on
its own, the others are stopped too and the suite exits with status 1.

Stopping, whatever the children are doing: every child gets SIGTERM at once (the gateway
stops taking requests; the inference service refuses new jobs), and each is told, through
`DEG_SHUTDOWN_GRACE_S`, to be gone `CHILD_MARGIN_S` before the suite's `DEG_STOP_GRACE_S`
is over: requests in flight get that long to finish, then the inference service cancels its
jobs at their next round or window boundary and exits. A child still there when the grace
is over gets SIGKILL with everything else in its process group; the suite exits only once
every child is gone.

Settings (`SuiteSettings.from_env`, read once at start-up):

| variable | default | meaning |
| --- | --- | --- |
| `DEG_PORT` | `8790` | gateway port (always bound to 127.0.0.1 here; use compose or k8s to expose it) |
| `DEG_INFERENCE_PORT` | `8791` | inference gRPC port (127.0.0.1) |
| `DEG_REDIS_URL` | unset | unset: `redis://127.0.0.1:6379/0` when it answers, else off with a warning; empty: off; a URL: used as given |
| `DEG_CHECKPOINT` | `""` | checkpoint directory; empty: `$DEG_HOME/models/deg-latest` when it holds a checkpoint, else the embedded backbone with freshly initialised heads (loud warning) |
| `DEG_HOME` | `./var/deg` | checkpoints volume (see `deg_model.settings`) |
| `DEG_SUITE_READY_TIMEOUT_S` | `900` | longest wait for a child to become ready (the first start builds the embedded backbone cache) |
| `DEG_STOP_GRACE_S` | `10` | on stop: how long requests in flight get, from SIGTERM until every child is gone (SIGKILL for what is left); each child's own `DEG_SHUTDOWN_GRACE_S` is set to this less `CHILD_MARGIN_S` |

Every other `DEG_*` variable (batching, cache, limits, log level, runtime factory) reaches the
children unchanged, so each service reads its own settings as it would anywhere else.

How "leaving none behind" is made to hold:
- each child leads its own process group (`start_new_session`), so a terminal's Ctrl-C reaches
  the suite only, and the suite signals each child's whole group;
- a child's exit is observed with `waitid(..., WNOWAIT)`, which leaves the child a zombie, so
  its group id cannot be reused before the suite sends SIGKILL to whatever else is still in
  that group (grandchildren) and only then reaps it;
- on Linux every child also gets `PR_SET_PDEATHSIG = SIGTERM`, so even a suite killed with
  SIGKILL does not leave its children running.

Health probes for containers use the same code: `python -m services.suite --check-inference
HOST:PORT` and `--check-gateway URL` exit 0 when the service is serving, 1 otherwise.
"""
from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping

from degcommon.settings import SettingsError, env_value
from deg_model.settings import ModelSettings

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
LOOPBACK = "127.0.0.1"
INFERENCE_SERVICE = "deg.v1.Inference"
POLL_S = 0.2
CHILD_MARGIN_S = 1.0   # a child's own shutdown grace ends this much before the suite's


class SuiteError(RuntimeError):
    """The suite cannot start as configured; the message says which setting to change."""


@dataclass(frozen=True)
class SuiteSettings:
    port: int = 8790
    inference_port: int = 8791
    redis_url: str | None = None       # None: probe DEFAULT_REDIS_URL; "": off
    checkpoint: str = ""
    deg_home: Path = Path("var/deg")
    ready_timeout_s: float = 900.0
    stop_grace_s: float = 10.0

    def __post_init__(self) -> None:
        for name, port in (("DEG_PORT", self.port), ("DEG_INFERENCE_PORT", self.inference_port)):
            if not 1 <= port <= 65535:
                raise SuiteError(f"{name} must be in 1..65535, got {port}")
        if self.port == self.inference_port:
            raise SuiteError(f"DEG_PORT and DEG_INFERENCE_PORT are both {self.port}: give them different ports")
        if self.ready_timeout_s <= 0:
            raise SuiteError(f"DEG_SUITE_READY_TIMEOUT_S must be > 0, got {self.ready_timeout_s}")
        if self.stop_grace_s < 0:
            raise SuiteError(f"DEG_STOP_GRACE_S must be >= 0, got {self.stop_grace_s}")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "SuiteSettings":
        env = os.environ if env is None else env
        try:
            return cls(
                port=env_value(env, "DEG_PORT", cls.port, int),
                inference_port=env_value(env, "DEG_INFERENCE_PORT", cls.inference_port, int),
                redis_url=env.get("DEG_REDIS_URL"),
                checkpoint=env.get("DEG_CHECKPOINT", "").strip(),
                deg_home=ModelSettings.from_env(env).deg_home,
                ready_timeout_s=env_value(env, "DEG_SUITE_READY_TIMEOUT_S", cls.ready_timeout_s, float),
                stop_grace_s=env_value(env, "DEG_STOP_GRACE_S", cls.stop_grace_s, float),
            )
        except SettingsError as exc:  # the launcher reports every failure as its own error
            raise SuiteError(str(exc)) from None

    @property
    def child_grace_s(self) -> float:
        """Each child's own shutdown grace: gone before the suite's is over."""
        return max(0.0, self.stop_grace_s - CHILD_MARGIN_S)

    @property
    def gateway_url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def inference_address(self) -> str:
        return f"{LOOPBACK}:{self.inference_port}"


def _say(message: str) -> None:
    print(f"[deg suite] {message}", file=sys.stderr, flush=True)


def _warn_loudly(lines: list[str]) -> None:
    bar = "!" * 78
    print("\n".join([bar, *(f"!! {line}" for line in lines), bar]), file=sys.stderr, flush=True)


# --- choices made before anything starts -------------------------------------------------

# The default checkpoint committed with the code (heads for the embedded backbone), used when
# neither DEG_CHECKPOINT nor $DEG_HOME/models/deg-latest names one.
REPOSITORY_CHECKPOINT = Path(__file__).resolve().parent.parent / "checkpoints" / "deg-smollm2-135m-0.10"


def _provenance_status(directory: Path) -> str:
    """The provenance file's own word on how good the checkpoint is (empty when it has none)."""
    try:
        return str(json.loads((directory / "provenance.json").read_text()).get("status", ""))
    except (OSError, ValueError):
        return ""


def choose_checkpoint(settings: SuiteSettings) -> str:
    """The checkpoint directory to serve, or "" for the embedded backbone with fresh heads."""
    if settings.checkpoint:
        path = Path(settings.checkpoint).expanduser()
        if not (path / "deg.json").is_file():
            raise SuiteError(f"DEG_CHECKPOINT={settings.checkpoint!r} is not a checkpoint directory (no deg.json)")
        return str(path)
    shipped = settings.deg_home / "models" / "deg-latest"
    if (shipped / "deg.json").is_file():
        return str(shipped)
    committed = REPOSITORY_CHECKPOINT
    if (committed / "deg.json").is_file():
        status = _provenance_status(committed)
        if status:
            _warn_loudly([f"Serving the checkpoint shipped in the repository, {committed}:", status])
        return str(committed)
    _warn_loudly([
        f"No checkpoint at {shipped} and DEG_CHECKPOINT is not set.",
        "Serving the embedded SmolLM2 backbone with FRESHLY INITIALISED heads:",
        "answers are well-formed but NOT TRAINED (decisions are close to random).",
    ])
    return ""


def redis_answers(url: str, timeout_s: float = 1.0) -> bool:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=timeout_s, socket_timeout=timeout_s)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()


def choose_redis(settings: SuiteSettings) -> str:
    """The Redis URL for the gateway, "" for none (the gateway then serves without cache and limits)."""
    if settings.redis_url is None:
        if redis_answers(DEFAULT_REDIS_URL):
            return DEFAULT_REDIS_URL
        _say(f"WARNING: no Redis answers at {DEFAULT_REDIS_URL}: response cache and rate limits are off "
             "(start redis-server or set DEG_REDIS_URL)")
        return ""
    if settings.redis_url == "":
        _say("DEG_REDIS_URL is empty: response cache and rate limits are off")
        return ""
    if not redis_answers(settings.redis_url):
        _say(f"WARNING: DEG_REDIS_URL={settings.redis_url} does not answer now; the gateway reports it in /health")
    return settings.redis_url


def ensure_port_free(port: int, setting: str) -> None:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((LOOPBACK, port))
        except OSError:
            raise SuiteError(f"port {port} on {LOOPBACK} is in use: stop what holds it or set {setting}") from None


# --- health ------------------------------------------------------------------------------

def inference_serving(address: str, timeout_s: float = 2.0) -> bool:
    """True when the inference service at `address` reports SERVING for deg.v1.Inference."""
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    with grpc.insecure_channel(address) as channel:
        try:
            reply = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=INFERENCE_SERVICE), timeout=timeout_s)
        except grpc.RpcError:
            return False
    return reply.status == health_pb2.HealthCheckResponse.SERVING


def gateway_health(url: str, timeout_s: float = 2.0) -> dict | None:
    """The gateway's `/health` body when it answers 200 (fills can be served), else None."""
    try:
        with urllib.request.urlopen(f"{url.rstrip('/')}/health", timeout=timeout_s) as reply:
            return json.loads(reply.read())
    except (urllib.error.URLError, OSError, ValueError):
        return None


# --- the example printed for the user (and run by the tests) ------------------------------

def example_request() -> dict:
    """A small context and schema: decided fields always answer; extracted ones may be absent."""
    return {
        "context": "Invoice INV-2041 from Acme GmbH, dated 2026-11-02. "
                   "Total due: 1250.00 EUR, payable by 2026-12-15. Status: unpaid.",
        "schema": {
            "type": "object",
            "properties": {
                "invoice_number": {"type": "string", "description": "the invoice number"},
                "total": {"type": "number", "description": "the amount due"},
                "due_date": {"type": "string", "format": "date"},
                "currency": {"enum": ["EUR", "USD", "GBP"]},
                "paid": {"type": "boolean", "description": "has the invoice been paid?"},
            },
            "required": ["currency", "paid"],
        },
    }


def curl_example(url: str) -> str:
    body = json.dumps(example_request(), separators=(",", ":"))
    return (f"curl -s {url}/v1/fill -H 'content-type: application/json' \\\n"
            f"  -d {shlex.quote(body)}")


# --- child processes ---------------------------------------------------------------------

def _parent_death_signal() -> Callable[[], None] | None:
    """A pre-exec hook that makes the kernel SIGTERM the child if the suite dies (Linux only).

    libc is resolved here, before forking, so the hook itself only makes one system call.
    """
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    prctl = libc.prctl
    pr_set_pdeathsig = 1

    def hook() -> None:
        prctl(pr_set_pdeathsig, int(signal.SIGTERM), 0, 0, 0)

    return hook


class Child:
    """One service process, leader of its own process group."""

    def __init__(self, name: str, args: list[str], env: dict[str, str]) -> None:
        self.name = name
        self.popen = subprocess.Popen(args, env=env, start_new_session=True, preexec_fn=_parent_death_signal())
        self.pid = self.popen.pid  # also its process group id

    def exited(self) -> bool:
        """True once the process has exited; it stays a zombie (not reaped) until `reap`."""
        if self.popen.returncode is not None:
            return True
        try:
            info = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        return info is not None and info.si_pid == self.pid

    def signal_group(self, sig: int) -> None:
        try:
            os.killpg(self.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass

    def reap(self) -> int:
        """Kill whatever is left of the group (the zombie leader keeps its id reserved), then reap."""
        self.signal_group(signal.SIGKILL)
        return self.popen.wait()


class Suite:
    def __init__(self, settings: SuiteSettings) -> None:
        self.settings = settings
        self.children: list[Child] = []
        self.stop_requested: int | None = None

    def _request_stop(self, signum: int, _frame) -> None:
        self.stop_requested = signum

    def _child_env(self, **values: str) -> dict[str, str]:
        env = dict(os.environ)
        env.update(values)
        env["DEG_SHUTDOWN_GRACE_S"] = f"{self.settings.child_grace_s:g}"
        env.setdefault("PYTHONUNBUFFERED", "1")
        return env

    def _start(self, name: str, module: str, env: dict[str, str]) -> Child:
        child = Child(name, [sys.executable, "-m", module], env)
        self.children.append(child)
        _say(f"started {name} (pid {child.pid})")
        return child

    def _wait_ready(self, child: Child, ready: Callable[[], bool], what: str) -> bool:
        deadline = time.monotonic() + self.settings.ready_timeout_s
        while time.monotonic() < deadline:
            if self.stop_requested is not None:
                return False
            if child.exited():
                _say(f"{child.name} exited before it was ready (its output is above)")
                return False
            if ready():
                return True
            time.sleep(POLL_S)
        _say(f"{what} not ready after {self.settings.ready_timeout_s:.0f} s (DEG_SUITE_READY_TIMEOUT_S)")
        return False

    def stop_all(self) -> None:
        """SIGTERM to every child at once, SIGKILL to what is left after the grace, then reap all."""
        grace = self.settings.stop_grace_s
        for child in self.children:
            if not child.exited():
                child.signal_group(signal.SIGTERM)
        deadline = time.monotonic() + grace
        while any(not c.exited() for c in self.children) and time.monotonic() < deadline:
            time.sleep(0.05)
        for child in reversed(self.children):
            if not child.exited():
                _say(f"{child.name} did not stop within {grace:g} s (DEG_STOP_GRACE_S): killing it")
            code = child.reap()
            _say(f"{child.name} stopped (exit status {code})")
        self.children.clear()

    def run(self) -> int:
        s = self.settings
        ensure_port_free(s.inference_port, "DEG_INFERENCE_PORT")
        ensure_port_free(s.port, "DEG_PORT")
        checkpoint = choose_checkpoint(s)
        redis_url = choose_redis(s)
        previous = {sig: signal.signal(sig, self._request_stop) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            return self._run(checkpoint, redis_url)
        finally:
            self.stop_all()
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _run(self, checkpoint: str, redis_url: str) -> int:
        s = self.settings
        inference = self._start("inference", "services.inference", self._child_env(
            DEG_INFERENCE_HOST=LOOPBACK, DEG_INFERENCE_PORT=str(s.inference_port),
            DEG_CHECKPOINT=checkpoint, DEG_HOME=str(s.deg_home)))
        _say(f"waiting for inference on {s.inference_address} (the first start builds the backbone cache)")
        if not self._wait_ready(inference, lambda: inference_serving(s.inference_address), "inference"):
            return self._finish()
        gateway = self._start("gateway", "gateway", self._child_env(
            DEG_HOST=LOOPBACK, DEG_PORT=str(s.port), DEG_INFERENCE=s.inference_address,
            DEG_REDIS_URL=redis_url, DEG_HOME=str(s.deg_home)))
        health: dict = {}

        def gateway_ready() -> bool:
            nonlocal health
            health = gateway_health(s.gateway_url) or {}
            return bool(health)

        if not self._wait_ready(gateway, gateway_ready, "gateway"):
            return self._finish()
        model = health.get("inference", {}).get("model_id", "?")
        print(f"\ndeg is serving {model} at {s.gateway_url} (health: {health.get('status')}; "
              f"redis: {health.get('redis', {}).get('status')}). Try:\n\n{curl_example(s.gateway_url)}\n\n"
              f"API docs: {s.gateway_url}/docs   Playground: {s.gateway_url}/playground   Stop: Ctrl-C\n",
              flush=True)
        while self.stop_requested is None:
            for child in self.children:
                if child.exited():
                    _say(f"{child.name} exited unexpectedly: stopping the suite")
                    return 1
            time.sleep(POLL_S)
        return self._finish()

    def _finish(self) -> int:
        if self.stop_requested is not None:
            _say(f"{signal.Signals(self.stop_requested).name}: stopping")
            return 0
        return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m services.suite", description=__doc__.split("\n\n")[0])
    probes = parser.add_mutually_exclusive_group()
    probes.add_argument("--check-inference", metavar="HOST:PORT",
                        help="exit 0 when the inference service there reports SERVING (container health check)")
    probes.add_argument("--check-gateway", metavar="URL",
                        help="exit 0 when URL/health answers 200 (container health check)")
    args = parser.parse_args(argv)
    if args.check_inference:
        return 0 if inference_serving(args.check_inference) else 1
    if args.check_gateway:
        return 0 if gateway_health(args.check_gateway) is not None else 1
    return serve()


def serve(env: Mapping[str, str] | None = None) -> int:
    """Run the suite in the foreground until Ctrl-C/SIGTERM; the exit status of `make run`."""
    try:
        return Suite(SuiteSettings.from_env(env)).run()
    except SuiteError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C before any process was started
        return 130


# `deg serve` options: each sets the variable of the same meaning (table above), so the
# suite and both services read one set of settings whichever way they were given.
SERVE_OPTIONS = (
    ("--port", "DEG_PORT", int, "gateway port on 127.0.0.1 (default $DEG_PORT, else 8790)"),
    ("--inference-port", "DEG_INFERENCE_PORT", int, "inference gRPC port on 127.0.0.1 (default 8791)"),
    ("--checkpoint", "DEG_CHECKPOINT", str, "checkpoint directory to serve (default: $DEG_HOME/models/"
                                            "deg-latest, else the checkpoint shipped with deg)"),
    ("--redis-url", "DEG_REDIS_URL", str, "Redis for the response cache and rate limits (\"\": none; "
                                          "default: redis://127.0.0.1:6379/0 when it answers)"),
)


def register_serve(parser: argparse.ArgumentParser) -> None:
    """`deg serve`: this module's suite, with the main settings as options."""
    parser.description = ("Start the inference service and the gateway on this machine, wait until both "
                          "serve, print an example request, and stay in the foreground (Ctrl-C stops "
                          "both). Same as `make run`; every DEG_* variable applies.")
    for flag, variable, kind, help_text in SERVE_OPTIONS:
        parser.add_argument(flag, type=kind, metavar=variable, help=help_text)
    parser.set_defaults(run=_run_serve)


def _run_serve(args: argparse.Namespace) -> int:
    for flag, variable, _, _ in SERVE_OPTIONS:
        value = getattr(args, flag.lstrip("-").replace("-", "_"))
        if value is not None:
            os.environ[variable] = str(value)   # the children inherit it, as with `make run`
    return serve()


if __name__ == "__main__":
    sys.exit(main())
