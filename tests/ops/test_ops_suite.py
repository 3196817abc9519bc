"""`python -m services.suite` as a real process: it serves, it stops, and it leaves nothing behind.

Most tests run the suite on the deterministic rule runtime of the inference tests (a runtime
setting every child inherits), with the real gateway and the real Redis on 127.0.0.1:6379
(under a unique key prefix), on free loopback ports; one runs it on the embedded SmolLM2.
"""
from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import httpx
import psutil
import pytest

from services.suite import (
    DEFAULT_REDIS_URL, SuiteError, SuiteSettings, choose_checkpoint, curl_example, ensure_port_free,
    example_request, redis_answers,
)

REPO = Path(__file__).resolve().parents[2]
RUNTIME_DIR = REPO / "tests" / "services" / "inference"

pytestmark = pytest.mark.timeout(180)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


SUITE = [sys.executable, "-m", "services.suite"]   # what `make run` runs


class RunningSuite:
    def __init__(self, tmp_path: Path, command: list[str] = SUITE, **extra: str) -> None:
        self.port = free_port()
        self.prefix = f"deg-test:{uuid.uuid4().hex[:12]}:"
        env = {k: v for k, v in os.environ.items() if not k.startswith("DEG_")}
        env.update({
            "PYTHONPATH": os.pathsep.join([str(REPO), str(RUNTIME_DIR)]),
            "DEG_PORT": str(self.port),
            "DEG_INFERENCE_PORT": str(free_port()),
            "DEG_HOME": str(tmp_path / "home"),
            "DEG_RUNTIME_FACTORY": "inference_test_runtime:load_runtime",
            "DEG_REDIS_PREFIX": self.prefix,
            "DEG_LOG_LEVEL": "WARNING",
            "DEG_SUITE_READY_TIMEOUT_S": "90",
            "DEG_STOP_GRACE_S": "10",
        })
        env.update(extra)
        self.log = tempfile.NamedTemporaryFile(prefix="deg-suite-", suffix=".log", delete=False)
        self.popen = subprocess.Popen(command, cwd=REPO, env=env,
                                      stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        return Path(self.log.name).read_text(errors="replace")

    def wait_ready(self, timeout_s: float = 120) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            assert self.popen.poll() is None, f"suite exited early:\n{self.output()}"
            if "Stop: Ctrl-C" in self.output():
                return
            time.sleep(0.2)
        raise AssertionError(f"suite not ready in {timeout_s} s:\n{self.output()}")

    def descendants(self) -> list[psutil.Process]:
        return psutil.Process(self.popen.pid).children(recursive=True)

    def survivors(self) -> list[psutil.Process]:
        """Every running process that inherited this suite's environment (the suite included)."""
        found = []
        for process in psutil.process_iter():
            try:
                if process.environ().get("DEG_REDIS_PREFIX") == self.prefix:
                    found.append(process)
            except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
                continue
        return found

    def close(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(10)
        for process in self.survivors():
            process.kill()


@pytest.fixture
def start_suite(tmp_path):
    started: list[RunningSuite] = []

    def start(command: list[str] = SUITE, **extra: str) -> RunningSuite:
        suite = RunningSuite(tmp_path, command, **extra)
        started.append(suite)
        return suite

    yield start
    for suite in started:
        suite.close()


def gone(processes: list[psutil.Process], timeout_s: float = 5) -> list[psutil.Process]:
    """The processes still running after `timeout_s` (a zombie counts as gone only once reaped)."""
    _, alive = psutil.wait_procs(processes, timeout=timeout_s)
    return alive


@pytest.mark.slow
@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_suite_serves_and_stops_every_process_it_started(start_suite, stop_signal):
    suite = start_suite()
    suite.wait_ready()
    children = suite.descendants()
    names = sorted(" ".join(p.cmdline()[1:3]) for p in children)
    assert names == ["-m gateway", "-m services.inference"], names

    health = httpx.get(f"{suite.url}/health", timeout=10)
    assert health.status_code == 200
    assert health.json()["inference"]["status"] == "ok"
    expected_redis = "ok" if redis_answers(DEFAULT_REDIS_URL) else "off"
    assert health.json()["redis"]["status"] == expected_redis

    # The printed example is the request the tests send, and it succeeds.
    printed = suite.output().split("Try:\n\n", 1)[1].split("\n\nAPI docs", 1)[0]
    assert printed == curl_example(suite.url)
    fill = httpx.post(f"{suite.url}/v1/fill", json=example_request(), timeout=30)
    assert fill.status_code == 200, fill.text
    assert fill.json()["value"]["currency"] in {"EUR", "USD", "GBP"}
    # ... and run exactly as printed, in a POSIX shell, it gets the same bytes (fills are deterministic).
    curl = subprocess.run(["sh", "-c", printed], capture_output=True, timeout=30, check=True)
    assert curl.stdout == fill.content
    # The printed playground address serves the page.
    assert f"Playground: {suite.url}/playground" in suite.output()
    page = httpx.get(f"{suite.url}/playground", timeout=10)
    assert page.status_code == 200 and "deg playground" in page.text

    suite.popen.send_signal(stop_signal)
    assert suite.popen.wait(40) == 0, suite.output()
    assert gone(children) == []
    assert suite.survivors() == []
    with pytest.raises(httpx.TransportError):
        httpx.get(f"{suite.url}/health", timeout=2)


def port_free(port: int) -> bool:
    """Whether a server could listen on `port` now (what the suite checks before it starts)."""
    try:
        ensure_port_free(port, "DEG_PORT")
    except SuiteError:
        return False
    return True


@pytest.mark.slow
def test_sigterm_with_a_long_fill_in_flight_stops_every_process_within_the_grace(start_suite):
    """A fill of ten minutes runs when the suite gets SIGTERM: the inference service cancels it
    at a round boundary of the runtime and exits by itself within its grace (not killed), the
    gateway answers the client, and nothing of the suite is left, its ports free."""
    grace = 4
    suite = start_suite(DEG_STOP_GRACE_S=str(grace), DEG_REDIS_URL="")
    suite.wait_ready()
    children = suite.descendants()
    inference_port = int(next(p for p in children if "services.inference" in p.cmdline()).environ()["DEG_INFERENCE_PORT"])
    answer: dict = {}

    def client() -> None:
        body = {"context": "#sleep=600000 order_id: A-1", "schema": example_request()["schema"]}
        try:
            answer["status"] = httpx.post(f"{suite.url}/v1/fill", json=body, timeout=120, trust_env=False).status_code
        except httpx.TransportError as exc:
            answer["error"] = exc

    in_flight = threading.Thread(target=client, daemon=True)
    in_flight.start()
    for _ in range(600):                      # until the fill runs in the runtime
        inference = httpx.get(f"{suite.url}/health", timeout=10, trust_env=False).json()["inference"]
        if inference.get("jobs_running") == 1:
            break
        time.sleep(0.05)
    else:
        raise AssertionError(f"the fill never started:\n{suite.output()}")

    suite.popen.send_signal(signal.SIGTERM)
    assert suite.popen.wait(grace + 60) == 0, suite.output()    # a hang guard, not a timing bound
    in_flight.join(60)
    output = suite.output()
    assert "inference stopped (exit status 0)" in output, output   # it ended on its own, within its grace
    assert "killing" not in output
    assert answer.get("status") == 503 or "error" in answer, answer
    assert gone(children) == [] and suite.survivors() == []
    assert port_free(suite.port) and port_free(inference_port)


@pytest.mark.slow
def test_deg_serve_starts_the_suite_with_its_options(start_suite):
    """`deg serve --port P` is `make run` on port P: the same children, banner and stop."""
    port = free_port()
    suite = start_suite([sys.executable, "-m", "deg.cli", "serve", "--port", str(port), "--redis-url", ""])
    suite.url = f"http://127.0.0.1:{port}"
    suite.wait_ready()
    children = suite.descendants()
    assert sorted(" ".join(p.cmdline()[1:3]) for p in children) == ["-m gateway", "-m services.inference"]
    assert all(p.environ()["DEG_PORT"] == str(port) for p in children if "gateway" in p.cmdline())
    assert f"deg is serving deg-test-0.1 at {suite.url}" in suite.output()
    health = httpx.get(f"{suite.url}/health", timeout=10).json()
    assert (health["status"], health["redis"]["status"]) == ("ok", "off")
    fill = httpx.post(f"{suite.url}/v1/fill", json=example_request(), timeout=30)
    assert fill.status_code == 200, fill.text
    suite.popen.send_signal(signal.SIGINT)
    assert suite.popen.wait(40) == 0, suite.output()
    assert gone(children) == [] and suite.survivors() == []


@pytest.mark.slow
def test_a_dying_child_stops_the_rest_and_fails_the_suite(start_suite):
    suite = start_suite()
    suite.wait_ready()
    children = suite.descendants()
    inference = next(p for p in children if "services.inference" in p.cmdline())
    inference.kill()
    assert suite.popen.wait(40) == 1, suite.output()
    assert "inference exited unexpectedly" in suite.output()
    assert gone(children) == []
    assert suite.survivors() == []


@pytest.mark.slow
def test_children_stop_even_when_the_suite_is_killed_outright(start_suite):
    suite = start_suite()
    suite.wait_ready()
    children = suite.descendants()
    suite.popen.kill()  # SIGKILL: no handler runs; the kernel's parent-death signal must do it
    suite.popen.wait(10)
    assert gone(children, timeout_s=30) == []


@pytest.mark.slow
def test_a_child_that_never_becomes_ready_stops_the_suite(start_suite):
    suite = start_suite(DEG_RUNTIME_FACTORY="no_such_module:load")
    assert suite.popen.wait(90) == 1, suite.output()
    assert "inference exited before it was ready" in suite.output()
    assert "no_such_module" in suite.output()
    assert suite.survivors() == []


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_suite_serves_the_embedded_model_deterministically(start_suite):
    # The developer's own DEG_HOME, as `make run` uses it: its backbone cache is built once.
    import services.suite as suite_module

    home = REPO / "var" / "deg"
    suite = start_suite(DEG_RUNTIME_FACTORY="deg_model.runtime:load_runtime", DEG_REDIS_URL="",
                        DEG_HOME=str(home), DEG_SUITE_READY_TIMEOUT_S="500")
    suite.wait_ready(timeout_s=540)
    # Which checkpoint it serves, in the suite's order of preference, and what it says about it.
    fresh, committed = "FRESHLY INITIALISED", "Serving the checkpoint shipped in the repository"
    from deg_model.runtime import DEFAULT_MODEL_ID

    def model_id(checkpoint: Path) -> str:
        return json.loads((checkpoint / "deg.json").read_text())["model_id"]

    if (home / "models" / "deg-latest" / "deg.json").is_file():
        assert fresh not in suite.output() and committed not in suite.output()
        served = model_id(home / "models" / "deg-latest")
    elif (suite_module.REPOSITORY_CHECKPOINT / "deg.json").is_file():
        assert fresh not in suite.output()
        if (suite_module.REPOSITORY_CHECKPOINT / "provenance.json").is_file():
            assert committed in suite.output()
        served = model_id(suite_module.REPOSITORY_CHECKPOINT)
    else:
        assert fresh in suite.output()
        served = DEFAULT_MODEL_ID
    first = httpx.post(f"{suite.url}/v1/fill", json=example_request(), timeout=120)
    assert first.status_code == 200, first.text
    body = first.json()
    assert body["model"] == served
    assert body["value"]["currency"] in {"EUR", "USD", "GBP"} and isinstance(body["value"]["paid"], bool)
    assert set(body["value"]) <= set(example_request()["schema"]["properties"])
    # Redis is off; the second fill reads the kept trunk, so only usage.cached_tokens may differ.
    again = httpx.post(f"{suite.url}/v1/fill", json=example_request(), timeout=120)
    warm = again.json()
    assert warm["usage"]["cached_tokens"] == body["usage"]["prompt_tokens"]
    assert {**warm, "usage": {**warm["usage"], "cached_tokens": 0}} == {**body, "usage": {**body["usage"], "cached_tokens": 0}}
    cold = httpx.post(f"{suite.url}/v1/fill", json=example_request(), timeout=120,
                      headers={"Cache-Control": "no-cache"})
    assert cold.content == first.content                      # a cold fill again: byte for byte
    children = suite.descendants()
    suite.popen.send_signal(signal.SIGINT)
    assert suite.popen.wait(60) == 0, suite.output()
    assert gone(children) == [] and suite.survivors() == []


def test_a_port_in_use_is_refused_by_name(start_suite):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        suite = start_suite(DEG_PORT=str(busy.getsockname()[1]))
        assert suite.popen.wait(30) == 2
    assert "is in use" in suite.output() and "DEG_PORT" in suite.output()


def test_settings_read_from_the_environment_name_the_bad_variable(tmp_path):
    settings = SuiteSettings.from_env({"DEG_PORT": "9000", "DEG_HOME": str(tmp_path)})
    assert (settings.port, settings.inference_port, settings.redis_url) == (9000, 8791, None)
    assert settings.deg_home == tmp_path
    assert SuiteSettings.from_env({"DEG_REDIS_URL": ""}).redis_url == ""
    with pytest.raises(SuiteError, match="DEG_PORT='http'"):
        SuiteSettings.from_env({"DEG_PORT": "http"})
    with pytest.raises(SuiteError, match="DEG_INFERENCE_PORT must be in 1..65535"):
        SuiteSettings.from_env({"DEG_INFERENCE_PORT": "70000"})
    with pytest.raises(SuiteError, match="different ports"):
        SuiteSettings.from_env({"DEG_PORT": "8791"})


def test_checkpoint_choice_prefers_the_setting_then_the_shipped_one(tmp_path, capsys, monkeypatch):
    import services.suite as suite

    home = tmp_path / "home"
    committed = tmp_path / "repo-checkpoint"
    monkeypatch.setattr(suite, "REPOSITORY_CHECKPOINT", committed)
    assert choose_checkpoint(SuiteSettings(deg_home=home)) == ""
    assert "FRESHLY INITIALISED" in capsys.readouterr().err

    # The checkpoint committed with the code, with its provenance's own status said aloud.
    committed.mkdir()
    (committed / "deg.json").write_text("{}")
    (committed / "provenance.json").write_text(json.dumps({"status": "smoke-scale heads"}))
    assert choose_checkpoint(SuiteSettings(deg_home=home)) == str(committed)
    assert "smoke-scale heads" in capsys.readouterr().err

    shipped = home / "models" / "deg-latest"
    shipped.mkdir(parents=True)
    (shipped / "deg.json").write_text("{}")
    assert choose_checkpoint(SuiteSettings(deg_home=home)) == str(shipped)

    with pytest.raises(SuiteError, match="DEG_CHECKPOINT='.*nowhere' is not a checkpoint directory"):
        choose_checkpoint(SuiteSettings(deg_home=home, checkpoint=str(tmp_path / "nowhere")))


def test_curl_example_is_valid_shell_for_the_example_body():
    command = curl_example("http://127.0.0.1:8790")
    # POSIX shell reading of the two printed lines (a backslash-newline joins them).
    words = shlex.split(command.replace("\\\n", " "))
    assert words[:3] == ["curl", "-s", "http://127.0.0.1:8790/v1/fill"]
    assert json.loads(words[words.index("-d") + 1]) == example_request()
