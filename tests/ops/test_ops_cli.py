"""The one `deg` command: `serve`, `eval ...` and `train ...` are the suite's and the services'
own commands (same options, same summaries), each with `--help`, registered lazily.

The real run: `deg eval datagen --split test --limit 5 --url URL` as a process, filling
through a real gateway over a real inference process (the real runtime over tiny random
weights), prints its JSON summary as stdout's last line. `deg serve` starting the suite is
tested with the suite's other process tests (tests/ops/test_ops_suite.py).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from deg import cli

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gateway"))

from deg_service_procs import REPO, TINY_RUNTIME_FACTORY, Processes, base_env  # noqa: E402

COMMANDS = {  # deg subcommand -> (the module whose commands it is, a few of its subcommands)
    "eval": ("services.evaluation", ["datagen", "extractbench", "baseline", "compare", "determinism",
                                     "bench", "enqueue", "worker", "status"]),
    "train": ("services.training", ["train", "calibrate", "features", "evaluate", "fit-prior", "worker",
                                    "enqueue-train", "enqueue-calibrate"]),
}


def help_of(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exited:
        cli.main([*argv, "--help"])
    assert exited.value.code == 0
    return capsys.readouterr().out


def test_every_command_is_listed_and_each_has_help(capsys):
    listed = help_of([], capsys)
    for name in ("plan", "fill", "keys", "serve", "eval", "train"):
        assert f"    {name} " in listed, listed
    serve = help_of(["serve"], capsys)
    assert "make run" in serve and "--port" in serve and "--checkpoint" in serve
    for name, (_, subcommands) in COMMANDS.items():
        text = help_of([name], capsys)
        assert all(sub in text for sub in subcommands), text
        for sub in subcommands:
            assert help_of([name, sub], capsys).startswith(f"usage: deg {name} {sub}")


@pytest.mark.parametrize("name", COMMANDS)
def test_eval_and_train_take_exactly_the_service_commands_options(name, capsys):
    module, subcommands = COMMANDS[name]
    for sub in subcommands:
        ours = help_of([name, sub], capsys).split("\n\n", 1)[1]
        with pytest.raises(SystemExit):
            __import__(f"{module}.__main__", fromlist=["main"]).main([sub, "--help"])
        theirs = capsys.readouterr().out.split("\n\n", 1)[1]
        assert ours.split() == theirs.split()  # below the usage line (its program name), word for word


def test_no_service_module_loads_before_its_command_runs():
    probe = ("import sys; from deg import cli; cli.build_parser('plan'); "
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('services', 'torch', 'gateway')))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_enqueued_evaluation_carries_only_its_own_parameters(monkeypatch, capsys):
    import services.evaluation.__main__ as evaluation

    sent = []
    monkeypatch.setattr(evaluation, "enqueue", lambda settings, kind, params: sent.append((kind, params)) or "job-1")
    assert cli.main(["eval", "enqueue", "datagen", "--limit", "2", "--no-progress"]) == 0
    assert capsys.readouterr().out == "job-1\n"
    [(kind, params)] = sent
    assert kind == "datagen" and params["limit"] == 2
    assert not {"run", "argv", "command", "kind"} & set(params)   # nothing of the dispatcher's


@pytest.fixture(scope="module")
def gateway_url():
    started = Processes()
    try:
        _, address = started.inference(factory=TINY_RUNTIME_FACTORY, ready_timeout=300)
        _, url = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="120")
        yield url
    finally:
        started.stop_all()


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_eval_datagen_prints_its_json_summary_last(gateway_url, tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "deg.cli", "eval", "datagen", "--split", "test", "--limit", "5",
         "--url", gateway_url, "--out", str(tmp_path / "report")],
        cwd=REPO, env=base_env(OMP_NUM_THREADS="1"), capture_output=True, text=True, timeout=540)
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["records"] == 5 and 0.0 <= summary["valid_rate"] <= 1.0, summary
    assert "5/5" in done.stderr                                           # the progress bar ran to the end
    assert json.loads((tmp_path / "report" / "report.json").read_text())["summary"] == summary
