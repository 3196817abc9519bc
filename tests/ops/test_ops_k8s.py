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
    "datagen": ["model"],
    "evaluation": ["evaluation", "model"],
}
DEG_HOME = "/var/lib/deg"


@pytest.fixture(scope="module")
def config() -> dict[str, str]:
    data = k8s_objects("ConfigMap")["deg-settings"]["data"]
    assert all(isinstance(v, str) for v in data.values()), "ConfigMap values must be strings"
    return data


def workloads() -> list[dict]:
    return [d for _, d in k8s_documents() if d["kind"] in ("Deployment", "StatefulSet", "Job")]


def deg_containers() -> list[tuple[dict, dict]]:
    return [(w, c) for w in workloads() for c in pod_spec(w)["containers"] if c["name"] in READERS]


def container_env(container: dict, config: dict[str, str]) -> dict[str, str]:
    env: dict[str, str] = {}
    for source in container.get("envFrom", []):
        assert source["configMapRef"]["name"] == "deg-settings"
        env.update(config)
    for item in container.get("env", []):
        if "value" in item:
            env[item["name"]] = str(item["value"])
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
    assert {"deg-training", "deg-evaluation"} <= set(k8s_objects("Job"))
    assert {"deg-gateway", "deg-inference", "deg-redis"} <= set(k8s_objects("Service"))
    assert "deg-checkpoints" in k8s_objects("PersistentVolumeClaim")


def test_commands_are_existing_modules():
    expected = {"gateway": "gateway", "inference": "services.inference",
                "datagen": "services.training.datagen", "evaluation": "services.evaluation"}
    for _, container in deg_containers():
        module = python_module_of(container["command"])
        assert module == expected[container["name"]]
        assert module_exists(module), module


def test_images_are_versioned():
    for workload in workloads():
        for container in pod_spec(workload)["containers"]:
            tag = image_tag(container["image"])
            assert tag not in (None, "latest"), f"{workload['metadata']['name']}: pin {container['image']!r}"


def test_every_container_requests_resources():
    for workload in workloads():
        for container in pod_spec(workload)["containers"]:
            requests = container.get("resources", {}).get("requests", {})
            assert {"cpu", "memory"} <= set(requests), f"{workload['metadata']['name']}/{container['name']}"
            assert "memory" in container["resources"].get("limits", {}), container["name"]


def test_configmap_holds_only_variables_the_services_read(config):
    known = set().union(*(names_read(f) for f in settings_factories().values()))
    assert set(config) - known == set()


def test_every_container_environment_is_read_and_valid(config):
    for workload, container in deg_containers():
        env = container_env(container, config)
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
