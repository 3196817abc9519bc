"""The import rules of the layout (docs/architecture.md), checked on every project module.

Every module of the project packages is parsed with `ast`; every import it holds (at module
level and inside functions) is resolved to an absolute module name and held against RULES.
The rules are data: tightening one (e.g. dropping an allowance once its move has landed) is
an edit of this table.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROJECT = ("deg", "deg_model", "degcommon", "degdata", "degproto", "degsdk", "gateway", "services")
PACKAGES = tuple(p for p in PROJECT if (REPO / p / "__init__.py").is_file())


@dataclass(frozen=True)
class Rule:
    """Modules named `scope` (a package prefix, or a callable on the module name) may not
    import `forbidden` prefixes, except the `allowed` prefixes."""
    name: str
    scope: str
    forbidden: tuple[str, ...]
    allowed: tuple[str, ...] = field(default=())


RULES = (
    Rule("deg imports nothing of the project", "deg",
         tuple(p for p in PROJECT if p != "deg")),
    Rule("gateway imports no torch and no services", "gateway", ("torch", "services", "deg_model")),
    Rule("degcommon imports no torch and no service", "degcommon",
         ("torch", "services", "gateway", "deg_model")),
    Rule("the model library imports no service", "deg_model", ("services", "gateway")),
    Rule("degdata imports no torch and no service", "degdata", ("torch", "services", "gateway", "deg_model")),
    Rule("degproto imports no torch and no service", "degproto", ("torch", "services", "gateway", "deg_model")),
)
# services/<a>/ may import services.<a> only; what two services share lives in a library
# both import (degcommon, degproto, degdata, deg_model). Exceptions would be listed here.
SERVICE_ALLOWED: dict[str, tuple[str, ...]] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in `source`, at any depth (functions too).
    `from x import y` yields `x.y` (a submodule or a name of x: either way a tie to x.y)."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".") if package else []
                base_parts = base_parts[:len(base_parts) - (node.level - 1)] if node.level > 1 else base_parts
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names = [alias.name for alias in node.names if alias.name != "*"]
            found += [(node.lineno, f"{base}.{name}") for name in names] or [(node.lineno, base)]
    return found


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def violations(module: str, source: str, is_package: bool = False) -> list[str]:
    """Every rule `module` (with this source) breaks, one line each."""
    out = []
    imported = imports_of(source, module, is_package)
    for rule in RULES:
        if not _under(module, rule.scope):
            continue
        for line, name in imported:
            if any(_under(name, f) for f in rule.forbidden) and not any(_under(name, a) for a in rule.allowed):
                out.append(f"{module}:{line} imports {name} ({rule.name})")
    parts = module.split(".")
    if parts[0] == "services" and len(parts) >= 3 or (parts[0] == "services" and len(parts) == 2 and is_package):
        own = parts[1]
        allowed = SERVICE_ALLOWED.get(own, ())
        for line, name in imported:
            other = name.split(".")
            if (other[0] == "services" and len(other) >= 2 and other[1] != own
                    and not any(_under(name, a) for a in allowed)):
                out.append(f"{module}:{line} imports {name} (a service imports no other service's modules)")
    return out


def project_modules() -> list[tuple[str, Path]]:
    out = []
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            out.append((module_name(path), path))
    return out


def test_every_project_module_keeps_the_import_rules():
    modules = project_modules()
    assert len(modules) > 100                       # the walk found the project
    broken = [v for name, path in modules
              for v in violations(name, path.read_text(encoding="utf-8"), path.name == "__init__.py")]
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("module,source,expected", [
    ("deg.plan", "import services.inference\n", "deg.plan:1 imports services.inference"),
    ("deg.schema.refs", "def f():\n    from ..outcomes import x\n    from deg_model import y\n",
     "deg.schema.refs:3 imports deg_model"),
    ("gateway.app", "def f():\n    import torch\n", "gateway.app:2 imports torch"),
    ("gateway.app", "from services.inference import servicer\n", "gateway.app:1 imports services.inference"),
    ("services.training.pipeline", "from services.calibration.fit import x\n",
     "services.training.pipeline:1 imports services.calibration"),
    ("services.evaluation.jobs", "def g():\n    from services.inference.runner import resolve_factory\n",
     "services.evaluation.jobs:2 imports services.inference.runner"),
    ("services.calibration", "from services.training import losses\n",
     "services.calibration:1 imports services.training"),
    ("degcommon.metrics", "import torch.nn\n", "degcommon.metrics:1 imports torch.nn"),
    ("degcommon.jobs", "from services import suite\n", "degcommon.jobs:1 imports services"),
])
def test_a_violation_is_reported(module, source, expected):
    found = violations(module, source, is_package=module == "services.calibration")
    assert any(v.startswith(expected) for v in found), found


@pytest.mark.parametrize("module,source", [
    ("deg.schema.refs", "from ..pointer import split\nfrom . import errors\nimport json\n"),
    ("gateway.inference", "from degproto import load_stubs\n"),
    ("services.training.pipeline", "from .trainer import train\nfrom deg_model.training import losses\n"),
    ("services.suite", "from services.inference.__main__ import main\n"),   # the launcher starts services
    ("degcommon.datagen_scoring", "from deg import compile_schema\nfrom degcommon import metrics\n"),
])
def test_allowed_imports_are_not_reported(module, source):
    assert violations(module, source) == []


def test_relative_imports_resolve_against_the_module():
    assert (3, "deg.outcomes.RawFill") in imports_of("\n\nfrom ..outcomes import RawFill\n", "deg.schema.refs")
    assert (1, "deg.schema.refs.resolve") in imports_of("from .refs import resolve\n", "deg.schema", is_package=True)
    assert (1, "services.proto") in imports_of("from services import proto\n", "gateway.inference")


# ---------------------------------------------------------------- the one place a score is composed
SCORING = "deg_model.scoring"
# The term functions and span shape rules: only the scoring package itself imports them.
TERM_MODULES = ("deg_model.scoring.terms", "deg_model.scoring.shape")
# What turns scores into an outcome (`deg.outcomes` defines them, the scoring package calls them).
OUTCOME_BUILDERS = {"pick_extract", "choice_outcome", "score_outcome", "noul_outcome"}
# Normalising scores: besides the scoring package, only the LM prior's own distributions
# (its evidence), sampling, the attention kernels, the anchor head's own attention over its
# region (`heads.sibling_likeness`: a feature of the head, before any score is composed) and
# the training losses and fits do it.
NORMALISERS = {"softmax", "log_softmax", "logsumexp"}
NORMALISING = ("deg_model.runtime.prior", "deg_model.runtime.copy_prior", "deg_model.runtime.generate",
               "deg_model.kernels", "deg_model.heads", "deg_model.training")
# The score terms' weights (`ScoringSettings`): arithmetic on them is composing a score.
WEIGHTS = {"verbatim_weight", "noul_shift", "null_margin", "relevance_weight", "closing_weight"}
LINE_LIMIT = 350
LIMITED = ("deg_model/runtime", "deg_model/scoring")


def _called_name(node: ast.Call) -> str | None:
    fn = node.func
    return fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else None


def _named(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        node = node.args[0] if _called_name(node) == "float" and node.args else node
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None


def score_arithmetic(module: str, source: str) -> list[str]:
    """Where a module outside the scoring package composes a score: imports a term function,
    builds an outcome from scores, normalises scores, or does arithmetic on a term's weight."""
    if _under(module, SCORING):
        return []
    out = []
    for line, name in imports_of(source, module):
        if any(_under(name, t) for t in TERM_MODULES):
            out.append(f"{module}:{line} imports {name}")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            called = _called_name(node)
            if called in OUTCOME_BUILDERS and module != "deg.outcomes":
                out.append(f"{module}:{node.lineno} calls {called}")
            if (called in NORMALISERS and _under(module, "deg_model")
                    and not any(_under(module, m) for m in NORMALISING)):
                out.append(f"{module}:{node.lineno} calls {called}")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
            weight = next((n for n in (_named(node.left), _named(node.right)) if n in WEIGHTS), None)
            if weight is not None:
                out.append(f"{module}:{node.lineno} composes a score with {weight}")
    return out


def test_only_the_scoring_package_composes_a_score():
    modules = project_modules()
    found = [v for name, path in modules for v in score_arithmetic(name, path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("module,source,expected", [
    ("deg_model.runtime.windows", "from ..scoring.terms import verbatim\n", "imports deg_model.scoring.terms"),
    ("deg_model.runtime.decide", "def f():\n    from deg_model.scoring import shape\n", "imports deg_model.scoring.shape"),
    ("deg_model.runtime.windows", "out = pick_extract(f, p, t, s, n)\n", "calls pick_extract"),
    ("deg_model.runtime.decide", "p = torch.softmax(logits.double(), -1)\n", "calls softmax"),
    ("deg_model.runtime.arrays", "z = logits + settings.verbatim_weight * ev\n", "with verbatim_weight"),
    ("services.training.prior_mix", "m = default + float(heads.null_margin)\n", "with null_margin"),
])
def test_score_arithmetic_outside_the_scoring_package_is_reported(module, source, expected):
    assert any(expected in v for v in score_arithmetic(module, source))


@pytest.mark.parametrize("module,source", [
    ("deg_model.scoring.compose", "from . import terms as T\nx = T.verbatim(e, s.verbatim_weight) + y\n"),
    ("deg_model.runtime.prior", "lp = torch.log_softmax(logits, -1)\n"),
    ("deg_model.runtime.decide", "w = settings.verbatim_weight\nif w != 0.0:\n    pass\n"),
    ("services.training.prior_mix", "from deg_model.scoring import ScoringSettings\n"),
])
def test_the_scoring_package_and_evidence_reading_are_not_reported(module, source):
    assert score_arithmetic(module, source) == []


def test_runtime_and_scoring_modules_stay_short():
    long = {str(p.relative_to(REPO)): n for d in LIMITED for p in sorted((REPO / d).glob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > LINE_LIMIT}
    assert not long, f"over {LINE_LIMIT} lines: {long}"
