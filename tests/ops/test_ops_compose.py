"""compose.yaml, checked statically against the code: services, images, commands, ports,
environment, volumes, health checks and start order."""
from __future__ import annotations

import json
import re

import pytest

from gateway.settings import GatewaySettings, grpc_target
from opsfiles import (
    COMPOSE, INTERPOLATION, SETTINGS_DOC, compose_env, dockerfile_stages, image_tag, interpolate,
    load_compose, module_exists, names_read, python_module_of, settings_factories, stage_setting,
)
from services.inference.settings import InferenceSettings
from services.suite import main as suite_main

DEG_SERVICES = {"gateway", "inference", "training", "calibration", "evaluation"}
WORKERS = {"training", "calibration", "evaluation"}
# Which settings objects each compose service's process builds.
READERS = {
    "gateway": ["gateway"],
    "inference": ["inference", "model"],
    "training": ["training", "model"],
    "calibration": ["training", "model"],
    "evaluation": ["evaluation", "model"],
}
# The project's worker entry point of each queue, and the settings object naming its queue.
WORKER_COMMANDS = {
    "training": ["python", "-m", "services.training", "worker"],
    "calibration": ["python", "-m", "services.training", "worker"],
    "evaluation": ["python", "-m", "services.evaluation", "worker"],
}


@pytest.fixture(scope="module")
def compose():
    return load_compose()


@pytest.fixture(scope="module")
def services(compose):
    return compose["services"]


def command_of(service: dict, stages) -> list[str]:
    if "command" in service:
        return interpolate(service["command"])
    target = service["build"]["target"]
    return json.loads(stage_setting(stages, target, "CMD")[0])


def test_the_suite_has_every_service(services):
    assert set(services) == DEG_SERVICES | {"redis"}


def test_deg_services_build_an_existing_dockerfile_target_with_a_versioned_image(services):
    stages = dockerfile_stages()
    for name in DEG_SERVICES:
        build = services[name]["build"]
        assert (COMPOSE.parent / build["context"] / build["dockerfile"]).is_file(), name
        assert build["target"] in stages, f"{name}: no Dockerfile stage {build['target']!r}"
        tag = image_tag(services[name]["image"])
        assert tag not in (None, "latest"), f"{name}: image {services[name]['image']!r} needs a version tag"


def test_third_party_images_are_pinned(services):
    for name, service in services.items():
        if "build" not in service:
            tag = image_tag(service["image"])
            assert tag not in (None, "latest"), f"{name}: pin {service['image']!r} to a version"
            assert re.search(r"\d+\.\d+", tag), f"{name}: {service['image']!r} should name a version"


def test_commands_are_importable_modules(services):
    stages = dockerfile_stages()
    for name in DEG_SERVICES:
        module = python_module_of(command_of(services[name], stages))
        assert module_exists(module), f"{name}: `python -m {module}` does not exist"
    assert python_module_of(command_of(services["gateway"], stages)) == "gateway"
    assert python_module_of(command_of(services["inference"], stages)) == "services.inference"


def job_settings(name: str, service: dict):
    """The queue settings the worker process of a compose service builds from its environment."""
    from services.evaluation.settings import EvaluationSettings
    from services.training.settings import TrainingServiceSettings

    reader = {"training": TrainingServiceSettings, "evaluation": EvaluationSettings}
    [kind] = [r for r in READERS[name] if r in reader]
    return reader[kind].from_env(compose_env(service))


def test_workers_run_the_project_worker_entry_points(services):
    stages = dockerfile_stages()
    for name in WORKERS:
        assert command_of(services[name], stages) == WORKER_COMMANDS[name], name


def test_workers_consume_the_queues_their_jobs_are_sent_to(services):
    from services.evaluation.settings import EvaluationSettings
    from services.training.settings import TrainingServiceSettings

    # Training and calibration jobs are both queued on the training service's queue.
    for name in ("training", "calibration"):
        assert job_settings(name, services[name]).queue == TrainingServiceSettings.queue == "deg-training"
    assert job_settings("evaluation", services["evaluation"]).queue == EvaluationSettings.queue


def test_every_worker_has_its_own_fixed_name(services):
    # A starting worker takes over whatever its name's predecessor left started: one process
    # per name, so no two services may share one, and none may be scaled.
    names = [job_settings(name, services[name]).worker_name for name in sorted(WORKERS)]
    assert len(set(names)) == len(names), names
    assert all("deploy" not in services[name] for name in WORKERS)


def test_every_deg_variable_is_read_by_the_service_it_is_given_to(services):
    for name, readers in READERS.items():
        env = compose_env(services[name])
        known = set().union(*(names_read(settings_factories()[r]) for r in readers))
        unknown = set(env) - known
        assert not unknown, f"{name}: {sorted(unknown)} are read by none of {readers}"


def test_every_service_environment_builds_valid_settings(services):
    for name, readers in READERS.items():
        env = compose_env(services[name])
        for reader in readers:
            settings_factories()[reader](env)  # raises, naming the variable, on a bad value


def test_ports_and_addresses_agree_between_gateway_and_inference(services):
    inference = InferenceSettings.from_env(compose_env(services["inference"]))
    gateway = GatewaySettings.from_env(compose_env(services["gateway"]))
    assert inference.host == "0.0.0.0" and gateway.host == "0.0.0.0"
    assert inference.port == InferenceSettings.port
    assert gateway.port == GatewaySettings.port
    assert str(inference.port) in services["inference"]["expose"]
    assert gateway.grpc_target == grpc_target(f"inference:{inference.port}")
    published = [interpolate(p) for p in services["gateway"]["ports"]]
    assert published == [f"127.0.0.1:{gateway.port}:{gateway.port}"]


def test_redis_urls_point_at_the_redis_service(services):
    redis_port = 6379
    assert str(redis_port) in services["redis"]["healthcheck"]["test"]
    urls = [compose_env(services["gateway"])["DEG_REDIS_URL"]]
    urls += [compose_env(services[w])["DEG_REDIS_URL"] for w in WORKERS]
    urls += [job_settings(w, services[w]).redis_url for w in WORKERS]
    assert set(urls) == {f"redis://redis:{redis_port}/0"}


def test_evaluation_fills_through_the_gateway(services):
    gateway = GatewaySettings.from_env(compose_env(services["gateway"]))
    assert compose_env(services["evaluation"])["DEG_EVAL_URL"] == f"http://gateway:{gateway.port}"
    assert services["evaluation"]["depends_on"]["gateway"]["condition"] == "service_healthy"


def test_one_named_checkpoints_volume_at_deg_home_wherever_a_model_is_read(compose, services):
    assert "checkpoints" in compose["volumes"]
    for name, readers in READERS.items():
        env = compose_env(services[name])
        mounts = [m for m in services[name].get("volumes", []) if m.split(":")[0] == "checkpoints"]
        if "model" in readers:
            assert env["DEG_HOME"] == "/var/lib/deg", name
            assert mounts == [f"checkpoints:{env['DEG_HOME']}"], name
        else:
            assert mounts == [], f"{name} holds no model and should not mount the checkpoints"


def test_health_checks_use_the_real_probes_on_the_real_ports(services):
    gateway = GatewaySettings.from_env(compose_env(services["gateway"]))
    inference = InferenceSettings.from_env(compose_env(services["inference"]))
    expected = {
        "gateway": ["CMD", "python", "-m", "services.suite", "--check-gateway", f"http://127.0.0.1:{gateway.port}"],
        "inference": ["CMD", "python", "-m", "services.suite", "--check-inference", f"127.0.0.1:{inference.port}"],
    }
    for name, test in expected.items():
        assert services[name]["healthcheck"]["test"] == test
        with pytest.raises(SystemExit) as parsed:
            suite_main([*test[4:], "--help"])  # the flags exist
        assert parsed.value.code == 0


def test_start_order_waits_for_health(services):
    for name, service in services.items():
        for dependency, rule in (service.get("depends_on") or {}).items():
            assert dependency in services, f"{name} depends on unknown {dependency}"
            assert rule["condition"] == "service_healthy", f"{name} -> {dependency}"
            assert "healthcheck" in services[dependency], f"{dependency} has no health check to wait for"
    assert set(services["gateway"]["depends_on"]) == {"inference", "redis"}
    for worker in WORKERS:
        assert "redis" in services[worker]["depends_on"]


def test_variables_taken_from_the_shell_are_documented():
    documented = SETTINGS_DOC.read_text()
    for name, _default in INTERPOLATION.findall(COMPOSE.read_text()):
        assert f"`{name}`" in documented, f"compose.yaml reads ${{{name}}}, docs/settings.md does not mention it"


STOP_MARGIN_S = (2, 10)   # seconds compose waits past a service's own shutdown grace before it kills


@pytest.mark.parametrize("name, settings", [("inference", InferenceSettings), ("gateway", GatewaySettings)])
def test_stop_grace_period_leaves_the_service_its_own_shutdown_grace(services, name, settings):
    grace = settings.from_env(compose_env(services[name])).shutdown_grace_s
    period = services[name]["stop_grace_period"]
    assert re.fullmatch(r"\d+s", period), period
    assert STOP_MARGIN_S[0] <= int(period[:-1]) - grace <= STOP_MARGIN_S[1], (name, grace, period)
