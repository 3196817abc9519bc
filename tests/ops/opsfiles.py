"""Readers for the operations files (compose, Dockerfile, k8s, docs/settings.md) and for the
environment variables the code's settings objects read, shared by the static ops tests."""
from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

import yaml

REPO = Path(__file__).resolve().parents[2]
COMPOSE = REPO / "compose.yaml"
DOCKERFILE = REPO / "docker" / "Dockerfile"
DOCKERIGNORE = REPO / "docker" / "Dockerfile.dockerignore"
K8S = REPO / "k8s"
SETTINGS_DOC = REPO / "docs" / "settings.md"

INTERPOLATION = re.compile(r"\$\{([A-Z_][A-Z0-9_]*)(?::?-([^}]*))?\}")


# --- environment variables read by the code ------------------------------------------------

class RecordingEnv(dict):
    """A mapping that remembers every name looked up in it."""

    def __init__(self, values: Mapping[str, str] | None = None) -> None:
        super().__init__(values or {})
        self.read: list[str] = []

    def get(self, key, default=None):
        self.read.append(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.append(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.read.append(key)
        return super().__contains__(key)


def settings_factories() -> dict[str, Callable[[Mapping[str, str]], Any]]:
    """Service name (as in docs/settings.md) -> its settings object built from an environment."""
    from deg_model.settings import ModelSettings
    from gateway.settings import GatewaySettings
    from services.evaluation.settings import EvaluationSettings
    from services.inference.settings import InferenceSettings
    from services.suite import SuiteSettings
    from services.training.settings import TrainingServiceSettings

    return {
        "gateway": GatewaySettings.from_env,
        "inference": InferenceSettings.from_env,
        "evaluation": EvaluationSettings.from_env,
        "training": TrainingServiceSettings.from_env,
        "model": ModelSettings.from_env,
        "suite": SuiteSettings.from_env,
    }


def names_read(factory: Callable[[Mapping[str, str]], Any]) -> set[str]:
    env = RecordingEnv()
    factory(env)
    return set(env.read)


# --- compose -----------------------------------------------------------------------------

def interpolate(value: Any) -> Any:
    """Compose's `${NAME:-default}` with an empty shell environment: the default, or ""."""
    if isinstance(value, str):
        return INTERPOLATION.sub(lambda m: m.group(2) or "", value)
    if isinstance(value, list):
        return [interpolate(v) for v in value]
    if isinstance(value, dict):
        return {k: interpolate(v) for k, v in value.items()}
    return value


def load_compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def compose_env(service: dict) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)
    return {k: "" if v is None else str(v) for k, v in interpolate(env).items()}


# --- Dockerfile --------------------------------------------------------------------------

@dataclass
class Stage:
    name: str
    parent: str
    instructions: list[tuple[str, str]]  # (INSTRUCTION, arguments), continuation lines joined


def dockerfile_stages(text: str | None = None) -> dict[str, Stage]:
    text = DOCKERFILE.read_text() if text is None else text
    logical: list[str] = []
    pending = ""
    for line in text.splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.lstrip().startswith("#"):
            continue  # a comment inside a continued instruction
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        logical.append((pending + line).strip())
        pending = ""
    stages: dict[str, Stage] = {}
    current: Stage | None = None
    for line in logical:
        instruction, _, arguments = line.partition(" ")
        instruction = instruction.upper()
        if instruction == "FROM":
            match = re.fullmatch(r"(\S+)(?:\s+AS\s+(\S+))?", arguments.strip(), re.IGNORECASE)
            assert match, f"unreadable FROM line: {line}"
            current = Stage(match.group(2) or f"stage{len(stages)}", match.group(1), [])
            stages[current.name] = current
        elif current is not None:
            current.instructions.append((instruction, arguments.strip()))
    return stages


def stage_chain(stages: dict[str, Stage], name: str) -> list[Stage]:
    """The stage and its ancestors inside the file, nearest first."""
    chain = []
    while name in stages:
        chain.append(stages[name])
        name = stages[name].parent
    return chain


def stage_setting(stages: dict[str, Stage], name: str, instruction: str) -> list[str]:
    """Every argument of `instruction` in the stage and its ancestors (nearest first)."""
    return [args for stage in stage_chain(stages, name) for ins, args in reversed(stage.instructions)
            if ins == instruction]


def dockerfile_args(text: str) -> dict[str, str]:
    return dict(m.groups() for m in re.finditer(r"^ARG\s+(\w+)=(\S+)", text, re.MULTILINE))


# --- k8s ---------------------------------------------------------------------------------

def k8s_documents() -> list[tuple[Path, dict]]:
    documents = []
    for path in sorted(K8S.glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if document is not None:
                documents.append((path, document))
    return documents


def k8s_objects(kind: str) -> dict[str, dict]:
    return {d["metadata"]["name"]: d for _, d in k8s_documents() if d.get("kind") == kind}


def pod_spec(workload: dict) -> dict:
    return workload["spec"]["template"]["spec"]


# --- shared checks -----------------------------------------------------------------------

def python_module_of(command: list[str]) -> str:
    assert command[:2] == ["python", "-m"], f"command {command} is not `python -m MODULE ...`"
    return command[2]


def module_exists(module: str) -> bool:
    """True when `python -m module` would find it (the module, or a package's __main__)."""
    spec = importlib.util.find_spec(module)
    if spec is None:
        return False
    if spec.submodule_search_locations is not None:
        return importlib.util.find_spec(f"{module}.__main__") is not None
    return True


def image_tag(image: str) -> str | None:
    """The tag of an image reference (None when there is none); digests count as pinned."""
    if "@sha256:" in image:
        return "digest"
    last = image.rsplit("/", 1)[-1]
    return last.split(":", 1)[1] if ":" in last else None


def settings_doc_rows() -> list[dict[str, str]]:
    """The rows of the one table in docs/settings.md, keyed by its header cells."""
    lines = [line for line in SETTINGS_DOC.read_text().splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        assert len(cells) == len(header), f"docs/settings.md: row has {len(cells)} cells, not {len(header)}: {line}"
        rows.append(dict(zip(header, cells)))
    return rows
