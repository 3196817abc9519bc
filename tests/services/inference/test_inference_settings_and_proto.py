"""Inference settings from the environment, runtime loading, and stub generation."""
from __future__ import annotations

import shutil
import types

import pytest

import degproto
from services.inference.runner import RunnerLoadError, load_runner
from degcommon.settings import SettingsError
from services.inference.settings import InferenceSettings


def test_settings_defaults_environment_and_flag_overrides():
    assert InferenceSettings.from_env({}) == InferenceSettings()
    defaults = InferenceSettings()
    assert (defaults.batch_window_ms, defaults.max_batch, defaults.max_pending) == (5.0, 16, 64)
    assert defaults.runtime_factory == "deg_model.runtime:load_runtime"
    env = {"DEG_INFERENCE_PORT": "9000", "DEG_MAX_BATCH": "4", "DEG_BATCH_WINDOW_MS": "2.5", "DEG_CHECKPOINT": "/ck"}
    settings = InferenceSettings.from_env(env, port=9100, max_pending=None)
    assert (settings.port, settings.max_batch, settings.batch_window_ms, settings.checkpoint) == (9100, 4, 2.5, "/ck")
    assert settings.address == "127.0.0.1:9100"
    assert InferenceSettings(host="::1", port=1).address == "[::1]:1"
    assert (defaults.trunk_cache_bytes, defaults.device, defaults.runtime_threads) == (1 << 30, "auto", 0)
    tuned = InferenceSettings.from_env({"DEG_TRUNK_CACHE_BYTES": "268_435_456", "DEG_DEVICE": "CPU",
                                        "DEG_RUNTIME_THREADS": "2"})
    assert (tuned.trunk_cache_bytes, tuned.device, tuned.runtime_threads) == (1 << 28, "cpu", 2)


@pytest.mark.parametrize("env, message", [
    ({"DEG_MAX_BATCH": "0"}, "max batch must be >= 1"),
    ({"DEG_MAX_PENDING": "many"}, "DEG_MAX_PENDING='many' is not a valid int"),
    ({"DEG_BATCH_WINDOW_MS": "-1"}, "batch window must be >= 0"),
    ({"DEG_RUNTIME_FACTORY": "no_colon"}, "package.module:callable"),
    ({"DEG_LOG_LEVEL": "LOUD"}, "unknown log level"),
    ({"DEG_TRUNK_CACHE_BYTES": "-5"}, "DEG_TRUNK_CACHE_BYTES must be >= 0"),
    ({"DEG_TRUNK_CACHE_BYTES": "lots"}, "DEG_TRUNK_CACHE_BYTES='lots' is not a valid byte_count"),
    ({"DEG_DEVICE": "tpu"}, "DEG_DEVICE must be one of cpu, cuda, auto"),
    ({"DEG_RUNTIME_THREADS": "-1"}, "DEG_RUNTIME_THREADS must be >= 0"),
])
def test_settings_refuse_bad_values_by_name(env, message):
    with pytest.raises(SettingsError, match=message):
        InferenceSettings.from_env(env)


def test_load_runner_reports_what_is_wrong():
    with pytest.raises(RunnerLoadError, match="cannot import runtime module 'no_such_module'"):
        load_runner(InferenceSettings(runtime_factory="no_such_module:load"))
    with pytest.raises(RunnerLoadError, match="has no attribute 'missing'"):
        load_runner(InferenceSettings(runtime_factory="inference_test_runtime:missing"))
    runner = load_runner(InferenceSettings(runtime_factory="inference_test_runtime:load_runtime"))
    assert runner.model_id == "deg-test-0.1"


def test_load_runner_checks_the_runner_shape(monkeypatch):
    module = types.ModuleType("shapeless_runtime")
    module.load = lambda settings: object()
    monkeypatch.setitem(__import__("sys").modules, "shapeless_runtime", module)
    with pytest.raises(RunnerLoadError, match="lacks model_id, aliases, fill_many"):
        load_runner(InferenceSettings(runtime_factory="shapeless_runtime:load"))


def test_stubs_are_generated_when_missing_and_regenerated_when_the_contract_changes(tmp_path):
    root = tmp_path / "proto" / "deg"
    shutil.copytree(degproto.PROTO_ROOT, root)
    out = tmp_path / "gen"
    first = degproto.generate(out, root)
    assert (first / "degproto" / "v1" / "inference_pb2.py").exists()
    assert degproto.generate(out, root) == first  # up to date: reused, not regenerated
    contract = root / "v1" / "inference.proto"
    contract.write_text(contract.read_text() + "\nmessage Appended { string note = 1; }\n")
    second = degproto.generate(out, root)
    assert second != first and "_APPENDED" in (second / "degproto" / "v1" / "inference_pb2.py").read_text()
    assert sorted(p.name for p in out.iterdir()) == sorted([first.name, second.name])  # no staging leftovers


def test_a_broken_contract_fails_loudly(tmp_path):
    root = tmp_path / "deg"
    (root / "v1").mkdir(parents=True)
    (root / "v1" / "broken.proto").write_text('syntax = "proto3"; message A { strin x = 1; }')
    with pytest.raises(degproto.ProtoGenerationError, match="protoc failed"):
        degproto.generate(tmp_path / "gen", root)
    assert not any((tmp_path / "gen").iterdir())


def test_loaded_stubs_carry_the_versioned_service():
    stubs = degproto.load()
    service = stubs.pb2.DESCRIPTOR.services_by_name["Inference"]
    assert service.full_name == "deg.v1.Inference"
    assert [m.name for m in service.methods] == ["Fill", "FillBatch", "ListModels", "Health", "FillStream"]
    assert stubs.pb2.JobStatus.Name(0) == "JOB_STATUS_UNSPECIFIED"
    assert stubs.pb2.ServingStatus.Name(0) == "SERVING_STATUS_UNSPECIFIED"
