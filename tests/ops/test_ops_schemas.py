"""The operations files against their published schemas, offline, and what they serve.

- compose.yaml against the Compose Specification's JSON Schema (the copy vendored in
  `check-jsonschema`, pinned in the test extra);
- every Kubernetes object under k8s/ against the Kubernetes JSON schemas of a pinned API
  version (`kubernetes-validate`, pinned; its strict schemas refuse unknown fields), except the
  kustomization, which is kustomize's own file, not an API object;
- the inference image, compose and the k8s ConfigMap all serve the checkpoint `make run`
  serves (the one the suite falls back to), which the image carries.
"""
from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path

import jsonschema
import kubernetes_validate
import pytest

from opsfiles import (
    COMPOSE, REPO, compose_env, dockerfile_stages, k8s_documents, k8s_objects, load_compose, stage_setting,
)
from services.suite import REPOSITORY_CHECKPOINT

KUBERNETES_VERSION = "1.33"     # the oldest API version the manifests are held to
NOT_API_OBJECTS = {"Kustomization"}
IMAGE_ROOT = Path("/app")       # WORKDIR of the images: the repository's layout under it


def compose_schema() -> dict:
    vendored = resources.files("check_jsonschema.builtin_schemas.vendor").joinpath("compose-spec.json")
    return json.loads(vendored.read_text(encoding="utf-8"))


def compose_errors(document: dict) -> list[str]:
    validator = jsonschema.Draft202012Validator(compose_schema(), format_checker=jsonschema.FormatChecker())
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)]


def test_compose_follows_the_compose_specification():
    assert compose_errors(load_compose()) == []


def test_the_compose_check_refuses_what_the_specification_refuses():
    broken = copy.deepcopy(load_compose())
    broken["services"]["gateway"]["restart_policy"] = "always"          # not a service key
    broken["services"]["gateway"]["depends_on"]["redis"]["condition"] = "service_ready"  # not a condition
    errors = compose_errors(broken)
    assert any(e.startswith("services/gateway") and "restart_policy" in e for e in errors), errors
    assert any(e.startswith("services/gateway/depends_on") and "service_ready" in e for e in errors), errors


def api_objects() -> list[tuple[Path, dict]]:
    return [(path, d) for path, d in k8s_documents() if d["kind"] not in NOT_API_OBJECTS]


@pytest.mark.parametrize("path,document", api_objects(),
                         ids=[f"{p.name}:{d['kind']}/{d['metadata']['name']}" for p, d in api_objects()])
def test_every_manifest_follows_the_kubernetes_schema(path, document):
    try:
        kubernetes_validate.validate(document, KUBERNETES_VERSION, strict=True)
    except kubernetes_validate.ValidationError as error:
        where = ".".join(str(p) for p in error.path)
        pytest.fail(f"{path.name}: {document['kind']}/{document['metadata']['name']}: {where}: {error.message}")


def test_the_kubernetes_check_refuses_unknown_fields_and_wrong_types():
    deployment = copy.deepcopy(k8s_objects("Deployment")["deg-gateway"])
    deployment["spec"]["template"]["spec"]["containers"][0]["imagePullPolcy"] = "Always"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSION, strict=True)
    deployment = copy.deepcopy(k8s_objects("Deployment")["deg-gateway"])
    deployment["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSION, strict=True)


def test_every_kubernetes_object_is_checked():
    kinds = {d["kind"] for _, d in api_objects()}
    assert {"Deployment", "Service", "ConfigMap", "PersistentVolumeClaim", "Job"} <= kinds, kinds
    assert {d["kind"] for _, d in k8s_documents()} - kinds == NOT_API_OBJECTS


# --- what operators serve ------------------------------------------------------------------

def shipped_in_image() -> str:
    return str(IMAGE_ROOT / REPOSITORY_CHECKPOINT.relative_to(REPO))


def test_the_inference_image_carries_the_shipped_checkpoint_and_serves_it():
    stages = dockerfile_stages()
    relative = str(REPOSITORY_CHECKPOINT.relative_to(REPO))
    copied = [args.split() for ins, args in stages["inference"].instructions if ins == "COPY"]
    assert [relative, shipped_in_image()] in copied, copied
    assert (REPOSITORY_CHECKPOINT / "deg.json").is_file() and (REPOSITORY_CHECKPOINT / "heads.safetensors").is_file()
    env = " ".join(stage_setting(stages, "inference", "ENV"))
    assert f"DEG_CHECKPOINT={shipped_in_image()}" in env.split(), env
    assert "DEG_CHECKPOINT" not in " ".join(stage_setting(stages, "gateway", "ENV"))   # no model there


def test_compose_and_k8s_serve_the_checkpoint_the_image_carries():
    assert compose_env(load_compose()["services"]["inference"])["DEG_CHECKPOINT"] == shipped_in_image()
    assert "${DEG_CHECKPOINT:-" in COMPOSE.read_text()            # still chosen from the shell
    assert k8s_objects("ConfigMap")["deg-settings"]["data"]["DEG_CHECKPOINT"] == shipped_in_image()


def test_the_served_model_id_is_the_checkpoint_directory_name():
    declared = json.loads((REPOSITORY_CHECKPOINT / "deg.json").read_text())["model_id"]
    assert declared == REPOSITORY_CHECKPOINT.name


def test_what_make_run_says_of_the_shipped_checkpoint_speaks_of_the_product():
    import re

    from services.suite import _provenance_status

    status = _provenance_status(REPOSITORY_CHECKPOINT)
    assert status, "the shipped checkpoint says how good it is"
    assert not re.search(r"\bissues?\b|#\d+|\bsession|\bagent|\bhelper", status, re.IGNORECASE), status
