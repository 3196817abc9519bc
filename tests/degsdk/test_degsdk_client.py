"""The SDK client and the `fill` CLI subcommand against a real gateway."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from degsdk import Client, DegError
from degsdk.cli import main, register_fill
from deg_service_procs import REPO, base_env, free_port

pytestmark = pytest.mark.slow  # starts real inference / gateway processes

SCHEMA = {
    "type": "object",
    "properties": {"department": {"enum": ["billing", "other"]}, "order_id": {"type": ["string", "null"]}},
    "required": ["department"],
}


def test_client_covers_every_route(gateway_url):
    with Client(gateway_url) as client:
        result = client.fill("order_id: Z-9", SCHEMA, options={"date_order": "DMY"}, model="deg-latest")
        assert result["value"] == {"department": "billing", "order_id": "Z-9"}
        assert result["model"] == "deg-test-0.1"
        assert client.plan(SCHEMA)["fingerprint"] == result["plan"]
        models = client.models()
        assert models["served"] == "deg-test-0.1" and models["aliases"] == ["deg-latest"]
        assert [entry["id"] for entry in models["data"]][:2] == ["deg-test-0.1", "deg-latest"]
        assert client.health()["inference"]["status"] == "ok"


def test_client_raises_typed_errors(gateway_url):
    with Client(gateway_url) as client:
        with pytest.raises(DegError) as info:
            client.fill("x", SCHEMA, options={"colour": "red"})
    assert info.value.status == 422 and info.value.type == "validation_error"
    assert "options/colour: unknown option 'colour'" in str(info.value)
    with Client(f"http://127.0.0.1:{free_port()}", timeout=2) as client:
        with pytest.raises(DegError) as info:
            client.models()
    assert info.value.status == 0 and "cannot reach" in str(info.value)


def test_cli_fill_prints_the_response(gateway_url, tmp_path, capsys):
    schema_file = tmp_path / "s.json"
    schema_file.write_text(json.dumps(SCHEMA))
    context_file = tmp_path / "doc.txt"
    context_file.write_text("order_id: Q-1\n")
    code = main(["fill", "--schema", str(schema_file), "--context", str(context_file), "--url", gateway_url,
                 "--options", '{"max_items": 3}'])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["value"] == {"department": "billing", "order_id": "Q-1"}


def test_cli_reports_bad_input_and_gateway_errors(gateway_url, tmp_path, capsys):
    schema_file = tmp_path / "s.json"
    schema_file.write_text("{not json")
    assert main(["fill", "--schema", str(schema_file), "--context", str(schema_file), "--url", gateway_url]) == 2
    assert "is not valid JSON" in capsys.readouterr().err
    schema_file.write_text(json.dumps({"type": "object", "properties": {"a": {"type": "integer", "x-generate": True}}}))
    assert main(["fill", "--schema", str(schema_file), "--context", str(schema_file), "--url", gateway_url]) == 1
    assert "422" in capsys.readouterr().err


def test_cli_runs_as_a_module_and_registers_into_a_dispatcher(gateway_url, tmp_path):
    schema_file = tmp_path / "s.json"
    schema_file.write_text(json.dumps(SCHEMA))
    done = subprocess.run(
        [sys.executable, "-m", "degsdk", "fill", "--schema", str(schema_file), "--context", "-", "--value-only",
         "--url", gateway_url],
        input="order_id: M-5", capture_output=True, text=True, cwd=REPO, env=base_env(), timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"department": "billing", "order_id": "M-5"}
    # The shape of the `deg` dispatcher (deg.cli): it creates the subparser and calls the hook.
    parser = argparse.ArgumentParser(prog="deg")
    register_fill(parser.add_subparsers(dest="command").add_parser("fill"))
    args = parser.parse_args(["fill", "--schema", "s.json", "--context", "doc.txt"])
    assert args.run.__name__ == "run_fill" and args.url is None


def test_fill_through_the_deg_dispatcher(gateway_url, tmp_path, capsys, monkeypatch):
    import deg.cli

    monkeypatch.setitem(deg.cli.SUBCOMMANDS, "fill", ("fill through a gateway", "degsdk.cli:register_fill"))
    schema_file = tmp_path / "s.json"
    schema_file.write_text(json.dumps(SCHEMA))
    context_file = tmp_path / "doc.txt"
    context_file.write_text("order_id: D-4\n")
    code = deg.cli.main(["fill", "--schema", str(schema_file), "--context", str(context_file),
                         "--url", gateway_url, "--value-only"])
    assert code == 0
    assert json.loads(capsys.readouterr().out) == {"department": "billing", "order_id": "D-4"}


def test_a_long_context_fills_through_the_job_api_with_progress(gateway_url):
    long_context = "order_id: L-1\n" + "filler line of a long document\n" * 40
    seen = []
    with Client(gateway_url, job_threshold_chars=500) as client:
        assert client.is_long(long_context) and not client.is_long("order_id: S-1")
        result = client.fill(long_context, SCHEMA, progress=seen.append)
        direct = client.fill(long_context, SCHEMA, job=False)
        forced = client.fill("#sleep=600\norder_id: F-2", SCHEMA, job=True, timeout=30, progress=seen.append)
    assert result == direct and result["value"] == {"department": "billing", "order_id": "L-1"}
    assert forced["value"]["order_id"] == "F-2"
    assert seen[-1]["status"] == "done" and seen[-1]["progress"]["fields_done"] == 2
    assert any(record["status"] in ("queued", "running") for record in seen)  # the 600 ms job was polled live
    assert all(record["progress"]["fields_total"] == 2 for record in seen)


def test_a_failed_job_raises_the_error_fill_would_have_answered(gateway_url):
    with Client(gateway_url) as client:
        with pytest.raises(DegError) as info:
            client.fill("#raise=ContextTooLong", SCHEMA, job=True)
    assert info.value.status == 413 and info.value.type == "context_too_long"
    assert "14425" in str(info.value)


def test_cli_shows_a_progress_bar_for_a_job(gateway_url, tmp_path):
    schema_file = tmp_path / "s.json"
    schema_file.write_text(json.dumps(SCHEMA))
    done = subprocess.run(
        [sys.executable, "-m", "degsdk", "fill", "--schema", str(schema_file), "--context", "-", "--value-only",
         "--url", gateway_url, "--job", "always", "--timeout", "30"],
        input="#sleep=800\norder_id: P-3", capture_output=True, text=True, cwd=REPO, env=base_env(), timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"department": "billing", "order_id": "P-3"}
    assert "fill" in done.stderr and "2/2" in done.stderr and "status=done" in done.stderr
