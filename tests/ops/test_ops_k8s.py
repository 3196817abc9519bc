"""k8s/, checked statically: every manifest parses, workloads run existing commands with
settings the code reads, probes hit real routes and ports, the checkpoints claim is the one
every pod mounts, and the inference Service is headless for client-side balancing."""
from __future__ import annotations

import pytest
import yaml
from starlette.routing import Match

from gateway.app import create_app
from gateway.settings import GatewaySettings, grpc_target
from opsfiles import (
    K8S, image_tag, k8s_documents, k8s_objects, module_exists, names_read, pod_spec, python_module_of,
    settings_factories,
)
from services.inference.server import SERVICE_NAME
from services.inference.settings import InferenceSettings

READERS = {  # container name -> settings objects its process builds
    "gateway": ["gateway"],
    "inference": ["inference", "model"],
    "training-worker": ["training", "model"],
    "evaluation-worker": ["evaluation", "model"],
    # the training Job, in order
    "datagen": ["model"],
    "features-train": ["training", "model"],
    "features-val": ["training", "model"],
    "train": ["training", "model"],
    "calibrate": ["training", "model"],
    # the evaluation Job
    "evaluation": ["evaluation", "model"],
}
COMMANDS = {  # container name -> `python -m MODULE SUBCOMMAND`
    "gateway": ["gateway"],
    "inference": ["services.inference"],
    "training-worker": ["services.training", "worker"],
    "evaluation-worker": ["services.evaluation", "worker"],
    "datagen": ["degdata"],
    "features-train": ["services.training", "features"],
    "features-val": ["services.training", "features"],
    "train": ["services.training", "train"],
    "calibrate": ["services.training", "calibrate"],
    "evaluation": ["services.evaluation", "datagen"],
}
DEG_HOME = "/var/lib/deg"


@pytest.fixture(scope="module")
def config() -> dict[str, str]:
    data = k8s_objects("ConfigMap")["deg-settings"]["data"]
    assert all(isinstance(v, str) for v in data.values()), "ConfigMap values must be strings"
    return data


def workloads() -> list[dict]:
    return [d for _, d in k8s_documents() if d["kind"] in ("Deployment", "StatefulSet", "Job")]


def all_containers(workload: dict) -> list[dict]:
    """Init containers (in their run order) then the containers of a workload's pod."""
    spec = pod_spec(workload)
    return [*spec.get("initContainers", []), *spec["containers"]]


def deg_containers() -> list[tuple[dict, dict]]:
    return [(w, c) for w in workloads() for c in all_containers(w) if c["name"] in READERS]


def pod_name(workload: dict, ordinal: int = 0) -> str:
    return f"{workload['metadata']['name']}-{ordinal}"


def container_env(container: dict, config: dict[str, str], pod: str = "pod-0") -> dict[str, str]:
    """The environment the kubelet gives the container in the pod named `pod`."""
    env: dict[str, str] = {}
    for source in container.get("envFrom", []):
        assert source["configMapRef"]["name"] == "deg-settings"
        env.update(config)
    for item in container.get("env", []):
        if "value" in item:
            env[item["name"]] = str(item["value"])
        elif item["valueFrom"].get("fieldRef", {}).get("fieldPath") == "metadata.name":
            env[item["name"]] = pod
    return env


def test_every_manifest_parses_and_names_its_kind():
    documents = k8s_documents()
    assert documents
    for path, document in documents:
        if path.name == "kustomization.yaml":
            continue
        assert {"apiVersion", "kind", "metadata"} <= set(document), path.name
        assert document["metadata"].get("name"), path.name


def test_the_kustomization_lists_every_long_running_manifest():
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    listed = set(kustomization["resources"])
    for path in K8S.glob("*.yaml"):
        if path.name == "kustomization.yaml":
            continue
        kinds = {d["kind"] for d in yaml.safe_load_all(path.read_text()) if d}
        assert (path.name in listed) == (kinds != {"Job"}), f"{path.name}: Jobs are created on demand, the rest applied"
        assert kinds, path.name
    for name in listed:
        assert (K8S / name).is_file(), name


def test_the_suite_has_its_workloads():
    assert {"deg-gateway", "deg-inference"} <= set(k8s_objects("Deployment"))
    assert {"deg-redis", "deg-training-worker", "deg-evaluation-worker"} <= set(k8s_objects("StatefulSet"))
    assert {"deg-training", "deg-evaluation"} <= set(k8s_objects("Job"))
    assert {"deg-gateway", "deg-inference", "deg-redis"} <= set(k8s_objects("Service"))
    assert "deg-checkpoints" in k8s_objects("PersistentVolumeClaim")
    assert {c["name"] for _, c in deg_containers()} == set(READERS)


def test_commands_are_existing_modules():
    for _, container in deg_containers():
        command = container["command"]
        module = python_module_of(command)
        expected = COMMANDS[container["name"]]
        assert command[2:2 + len(expected)] == expected, container["name"]
        assert module_exists(module), module


def test_images_are_versioned():
    for workload in workloads():
        for container in all_containers(workload):
            tag = image_tag(container["image"])
            assert tag not in (None, "latest"), f"{workload['metadata']['name']}: pin {container['image']!r}"


def test_every_container_requests_resources():
    for workload in workloads():
        for container in all_containers(workload):
            requests = container.get("resources", {}).get("requests", {})
            assert {"cpu", "memory"} <= set(requests), f"{workload['metadata']['name']}/{container['name']}"
            assert "memory" in container["resources"].get("limits", {}), container["name"]


def test_configmap_holds_only_variables_the_services_read(config):
    known = set().union(*(names_read(f) for f in settings_factories().values()))
    assert set(config) - known == set()


def test_every_container_environment_is_read_and_valid(config):
    for workload, container in deg_containers():
        env = container_env(container, config, pod_name(workload))
        readers = READERS[container["name"]]
        for reader in readers:
            settings_factories()[reader](env)  # raises on a bad value, naming the variable
        secret_env = {i["name"] for i in container.get("env", []) if "valueFrom" in i}
        known = set().union(*(names_read(settings_factories()[r]) for r in readers))
        assert secret_env <= known, secret_env - known


def test_gateway_reaches_inference_through_the_headless_service(config):
    service = k8s_objects("Service")["deg-inference"]
    deployment = k8s_objects("Deployment")["deg-inference"]
    assert service["spec"]["clusterIP"] == "None", "headless: DNS returns every pod for gRPC round_robin"
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    inference = InferenceSettings.from_env({**config, "DEG_INFERENCE_HOST": "0.0.0.0"})
    [port] = service["spec"]["ports"]
    container = pod_spec(deployment)["containers"][0]
    named = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert port["port"] == inference.port == named[port["targetPort"]]
    gateway = GatewaySettings.from_env(config)
    assert gateway.grpc_target == grpc_target(f"dns:///deg-inference:{inference.port}")


def test_gateway_service_and_redis_urls_match_their_targets(config):
    gateway = GatewaySettings.from_env(config)
    service = k8s_objects("Service")["deg-gateway"]
    container = pod_spec(k8s_objects("Deployment")["deg-gateway"])["containers"][0]
    named = {p["name"]: p["containerPort"] for p in container["ports"]}
    [port] = service["spec"]["ports"]
    assert port["port"] == gateway.port == named[port["targetPort"]]
    assert config["DEG_EVAL_URL"] == f"http://deg-gateway:{port['port']}"
    [redis_port] = k8s_objects("Service")["deg-redis"]["spec"]["ports"]
    assert gateway.redis_url == f"redis://deg-redis:{redis_port['port']}/0"


def serves_get(app, path: str) -> bool:
    """True when one of the app's routes answers GET `path` (what the kubelet sends)."""
    scope = {"type": "http", "path": path, "method": "GET", "root_path": ""}
    return any(route.matches(scope)[0] == Match.FULL for route in app.router.routes)


def test_gateway_probes_hit_real_routes_on_its_port(config):
    app = create_app(GatewaySettings())
    assert not serves_get(app, "/no-such-route")
    container = pod_spec(k8s_objects("Deployment")["deg-gateway"])["containers"][0]
    named = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert container["readinessProbe"]["httpGet"]["path"] == "/health"
    for probe in ("readinessProbe", "livenessProbe"):
        http = container[probe]["httpGet"]
        assert serves_get(app, http["path"]), f"{probe}: no GET route {http['path']}"
        assert named.get(http["port"], http["port"]) == GatewaySettings.from_env(config).port


def test_inference_probes_use_the_grpc_health_service_on_its_port(config):
    container = pod_spec(k8s_objects("Deployment")["deg-inference"])["containers"][0]
    port = InferenceSettings.from_env(config).port
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        grpc = container[probe]["grpc"]
        assert grpc["port"] == port, probe
        assert grpc["service"] in ("", SERVICE_NAME), probe
    assert container["readinessProbe"]["grpc"]["service"] == SERVICE_NAME


def test_the_checkpoints_claim_is_mounted_at_deg_home_by_every_model_process(config):
    assert config["DEG_HOME"] == DEG_HOME
    claims = set(k8s_objects("PersistentVolumeClaim"))
    for workload, container in deg_containers():
        volumes = {v["name"]: v for v in pod_spec(workload).get("volumes", [])}
        mounts = {m["name"]: m["mountPath"] for m in container.get("volumeMounts", [])}
        for name, volume in volumes.items():
            if "persistentVolumeClaim" in volume:
                assert volume["persistentVolumeClaim"]["claimName"] in claims, name
        if "model" in READERS[container["name"]]:
            [volume] = [v for v in volumes.values()
                        if v.get("persistentVolumeClaim", {}).get("claimName") == "deg-checkpoints"]
            assert mounts[volume["name"]] == DEG_HOME, workload["metadata"]["name"]
        else:
            assert not mounts, f"{container['name']} holds no model and mounts nothing"
    assert k8s_objects("PersistentVolumeClaim")["deg-checkpoints"]["spec"]["accessModes"] == ["ReadWriteMany"]


def test_pods_run_as_the_image_user():
    for workload, container in deg_containers():
        security = pod_spec(workload)["securityContext"]
        assert security["runAsNonRoot"] is True and security["runAsUser"] == 10001, workload["metadata"]["name"]
    from opsfiles import DOCKERFILE
    assert "useradd --system --uid 10001" in DOCKERFILE.read_text()


# --- the commands, run through the real command lines with the work itself recorded -------

class Recorded:
    """What a command line asked for: the entry point reached and its arguments."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def __call__(self, name: str, result=None):
        def record(*args, **kwargs):
            self.calls.append((name, (args, kwargs)))
            return result
        return record


class _Report:
    def as_dict(self) -> dict:
        return {}


def run_command(container: dict, env: dict[str, str], monkeypatch) -> tuple[str, tuple]:
    """Parse the container's command with the project's own CLI in the container's
    environment; return the one entry point it reached and what it was called with."""
    import importlib

    for name, value in env.items():
        monkeypatch.setenv(name, value)
    module, argv = container["command"][2], container["command"][3:]
    recorded = Recorded()
    if module == "degdata":
        from degdata.__main__ import parse_settings
        return "datagen", ((parse_settings(argv),), {})
    if module == "services.training":
        cli = importlib.import_module("services.training.__main__")
        monkeypatch.setattr(cli, "_run_train", recorded("train"))
        monkeypatch.setattr(cli, "cache_features", recorded("features"))
        monkeypatch.setattr(cli, "run_calibration", recorded("calibrate", _Report()))
        monkeypatch.setattr(cli, "run_worker", recorded("worker"))
    elif module == "services.evaluation":
        cli = importlib.import_module("services.evaluation.__main__")
        monkeypatch.setattr(cli, "_run_model_command", recorded("model-command", 0))
        monkeypatch.setattr(cli, "run_worker", recorded("worker"))
    else:
        raise AssertionError(f"no recorder for {module}")
    assert cli.main(argv) == 0, container["command"]
    [call] = recorded.calls
    return call


def job_containers(name: str) -> dict[str, dict]:
    return {c["name"]: c for c in all_containers(k8s_objects("Job")[name])}


def test_the_training_job_chains_datagen_features_train_calibrate_on_the_volume(config, monkeypatch):
    from services.training.trainer import STEP_DIR

    containers = job_containers("deg-training")
    spec = pod_spec(k8s_objects("Job")["deg-training"])
    assert [c["name"] for c in spec["initContainers"]] == ["datagen", "features-train", "features-val", "train"]
    assert [c["name"] for c in spec["containers"]] == ["calibrate"]
    calls = {name: run_command(c, container_env(c, config), monkeypatch) for name, c in containers.items()}

    (datagen,), _ = calls["datagen"][1]
    records = str(datagen.out)
    assert records.startswith(DEG_HOME + "/") and datagen.n > 0
    caches = {}
    for split in ("train", "val"):
        name, ((path, record_split, cache), options) = calls[f"features-{split}"]
        assert name == "features" and (str(path), record_split) == (records, split)
        caches[split] = str(cache)
    name, ((train,), _) = calls["train"]
    assert name == "train" and train.features == caches["train"] and train.out.startswith(DEG_HOME + "/")
    assert train.world_size is None  # single process: the run is the recipe's, bit for bit
    name, ((checkpoint,), options) = calls["calibrate"]
    final = f"{train.out}/{STEP_DIR.format(train.steps)}"  # the trainer always saves the last step
    assert name == "calibrate" and checkpoint == final and options["features"] == caches["val"]


def test_the_evaluation_job_measures_the_trained_checkpoint(config, monkeypatch):
    from services.training.trainer import STEP_DIR

    train = job_containers("deg-training")["train"]["command"]
    trained = f"{train[train.index('--out') + 1]}/{STEP_DIR.format(int(train[train.index('--steps') + 1]))}"
    [container] = job_containers("deg-evaluation").values()
    name, ((args,), _) = run_command(container, container_env(container, config), monkeypatch)
    assert name == "model-command" and args.command == "datagen" and args.url is None
    assert str(args.checkpoint) == trained
    assert args.split == "test" and str(args.out).startswith(DEG_HOME + "/")


def test_workers_consume_the_queues_jobs_are_sent_to_under_one_name_per_pod(config, monkeypatch):
    from services.evaluation.settings import EvaluationSettings
    from services.training.settings import TrainingServiceSettings

    # What `enqueue-train` / `enqueue-calibrate` / `enqueue` in any deg pod send jobs to.
    sent_to = {"training-worker": TrainingServiceSettings.from_env(config).queue,
               "evaluation-worker": EvaluationSettings.from_env(config).queue}
    [redis_port] = k8s_objects("Service")["deg-redis"]["spec"]["ports"]
    names = []
    for worker in ("deg-training-worker", "deg-evaluation-worker"):
        statefulset = k8s_objects("StatefulSet")[worker]
        assert statefulset["spec"]["serviceName"] in k8s_objects("Service")
        [container] = pod_spec(statefulset)["containers"]
        for ordinal in (0, 1):
            env = container_env(container, config, pod_name(statefulset, ordinal))
            name, ((settings,), _) = run_command(container, env, monkeypatch)
            assert name == "worker"
            assert settings.queue == sent_to[container["name"]]
            assert settings.redis_url == f"redis://deg-redis:{redis_port['port']}/0"
            names.append(settings.worker_name)
    # A starting worker takes over its name's started jobs: every pod needs its own name.
    assert len(set(names)) == len(names), names


STOP_MARGIN_S = (2, 10)   # seconds Kubernetes waits past a service's own shutdown grace before it kills


@pytest.mark.parametrize("name, settings", [("deg-inference", InferenceSettings), ("deg-gateway", GatewaySettings)])
def test_termination_grace_leaves_the_service_its_own_shutdown_grace(config, name, settings):
    workload = k8s_objects("Deployment")[name]
    (container,) = pod_spec(workload)["containers"]
    grace = settings.from_env(container_env(container, config)).shutdown_grace_s
    period = pod_spec(workload)["terminationGracePeriodSeconds"]
    assert STOP_MARGIN_S[0] <= period - grace <= STOP_MARGIN_S[1], (name, grace, period)
