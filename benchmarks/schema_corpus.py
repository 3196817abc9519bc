"""The real-schema corpus: JSON Schemas people already have, by source, deduplicated.

    from schema_corpus import corpus
    for entry in corpus(): entry.source, entry.name, entry.schema

Sources (benchmarks/corpus/MANIFEST.md lists versions and licences):
- installed packages, read from their files at run time (nothing is imported from them):
  SchemaStore schemas vendored by `check-jsonschema`, Kubernetes 1.37 resource schemas of
  `kubernetes-validate`, AWS CloudFormation resource schemas of `cfn-lint`, the AWS SAM
  schema of `aws-sam-translator`, notebook schemas of `nbformat`, the OpenAPI document
  schemas of `openapi-spec-validator` and the meta-schemas of `jsonschema-specifications`.
  A source whose package is not installed is left out (`missing()` names it); `make setup`
  installs them (data only, `--no-deps`).
- stored here (benchmarks/corpus/, from npm packages): GitHub's webhook payload schemas
  (`@octokit/webhooks-schemas`) and the component schemas of GitHub's REST API OpenAPI
  document (`@octokit/openapi`), one entry per event / component, each with the definitions
  it reaches bundled in; and OpenAI structured-output / function-calling schemas written to
  OpenAI's strict subset (`openai-structured.json`).
- the 30 pydantic document models of `corpus_models.py`, as `model_json_schema()` gives them.

Schemas that refer outside their own document keep only the definitions they reach; a schema
whose canonical JSON equals an earlier one's is counted once (the first source keeps it).
"""
from __future__ import annotations

import copy
import gzip
import hashlib
import importlib.metadata
import json
import pathlib
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator

HERE = pathlib.Path(__file__).resolve().parent
STORED = HERE / "corpus"


@dataclass(frozen=True)
class Entry:
    source: str
    name: str
    schema: Any


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------- $ref bundling


def _refs(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        ref = value.get("$ref")
        if isinstance(ref, str):
            yield ref
        for child in value.values():
            yield from _refs(child)
    elif isinstance(value, list):
        for child in value:
            yield from _refs(child)


def _rewrite(value: Any, pattern: re.Pattern, target: str) -> Any:
    if isinstance(value, dict):
        out = {k: _rewrite(v, pattern, target) for k, v in value.items()}
        ref = out.get("$ref")
        if isinstance(ref, str):
            match = pattern.fullmatch(ref)
            if match:
                out["$ref"] = target + match.group(1)
        return out
    if isinstance(value, list):
        return [_rewrite(v, pattern, target) for v in value]
    return value


def bundle(root: Any, definitions: dict[str, Any], pattern: str, key: str = "$defs") -> Any:
    """`root` with every definition it reaches (refs matching `pattern`, group 1 the name)
    copied under `key`, and those refs rewritten to `#/<key>/<name>`."""
    regex = re.compile(pattern)
    reached: dict[str, Any] = {}
    todo = [root]
    while todo:
        for ref in _refs(todo.pop()):
            match = regex.fullmatch(ref)
            name = match.group(1) if match else None
            if name is not None and name not in reached and name in definitions:
                reached[name] = definitions[name]
                todo.append(definitions[name])
    out = _rewrite(copy.deepcopy(root), regex, f"#/{key}/")
    if reached:
        out = dict(out)
        out[key] = {**out.get(key, {}), **{n: _rewrite(d, regex, f"#/{key}/")
                                           for n, d in sorted(reached.items())}}
    return out


# ---------------------------------------------------------------- installed packages


def _package_dir(distribution: str) -> pathlib.Path | None:
    """The site-packages directory of an installed distribution, without importing it."""
    try:
        dist = importlib.metadata.distribution(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None
    return pathlib.Path(str(dist.locate_file("")))


def _json_files(base: pathlib.Path, pattern: str) -> list[pathlib.Path]:
    return sorted(p for p in base.glob(pattern) if p.is_file())


def _load(path: pathlib.Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def _schemastore(base: pathlib.Path) -> Iterator[tuple[str, Any]]:
    for path in _json_files(base, "check_jsonschema/builtin_schemas/vendor/*.json"):
        yield path.stem, _load(path)


K8S_VERSION = "v1.37.0-local-strict"


def _kubernetes(base: pathlib.Path) -> Iterator[tuple[str, Any]]:
    folder = base / "kubernetes_validate" / "kubernetes-json-schema" / K8S_VERSION
    definitions = _load(folder / "_definitions.json").get("$defs", {})
    for path in _json_files(folder, "*.json"):
        if path.name != "_definitions.json":
            yield path.stem, bundle(_load(path), definitions,
                                    r"(?:(?:/api/)?_definitions\.json)?#/\$defs/(.+)")


def _cloudformation(base: pathlib.Path) -> Iterator[tuple[str, Any]]:
    for path in _json_files(base, "cfnlint/data/schemas/resources/*.json"):
        schema = _load(path)
        yield schema.get("typeName", path.stem), schema


def _sam(base: pathlib.Path) -> Iterator[tuple[str, Any]]:
    for path in _json_files(base, "samtranslator/validator/sam_schema/schema*.json"):
        yield path.stem, _load(path)


def _nbformat(base: pathlib.Path) -> Iterator[tuple[str, Any]]:
    for path in _json_files(base, "nbformat/v*/nbformat.v*.schema.json"):
        yield path.name, _load(path)


def _openapi_documents(base: pathlib.Path) -> Iterator[tuple[str, Any]]:
    for path in _json_files(base, "openapi_spec_validator/resources/schemas/v*/schema.json"):
        yield path.parent.name, _load(path)


def _metaschemas(base: pathlib.Path) -> Iterator[tuple[str, Any]]:
    for path in _json_files(base, "jsonschema_specifications/schemas/*/metaschema.json"):
        yield path.parent.name, _load(path)


# (source, distribution, reader)
INSTALLED: tuple[tuple[str, str, Callable[[pathlib.Path], Iterator[tuple[str, Any]]]], ...] = (
    ("SchemaStore (check-jsonschema)", "check-jsonschema", _schemastore),
    ("Kubernetes 1.37 (kubernetes-validate)", "kubernetes-validate", _kubernetes),
    ("CloudFormation resources (cfn-lint)", "cfn-lint", _cloudformation),
    ("AWS SAM (aws-sam-translator)", "aws-sam-translator", _sam),
    ("notebooks (nbformat)", "nbformat", _nbformat),
    ("OpenAPI documents (openapi-spec-validator)", "openapi-spec-validator", _openapi_documents),
    ("meta-schemas (jsonschema-specifications)", "jsonschema-specifications", _metaschemas),
)


# ---------------------------------------------------------------- stored here


def _stored(name: str) -> Any:
    return json.loads(gzip.decompress((STORED / name).read_bytes()).decode("utf-8"))


def _github_webhooks() -> Iterator[tuple[str, Any]]:
    document = _stored("github-webhooks.json.gz")
    definitions = document["definitions"]
    for branch in document["oneOf"]:
        name = branch["$ref"].rsplit("/", 1)[1]
        root = {"$schema": document["$schema"], **definitions[name]}
        yield name, bundle(root, definitions, r"#/definitions/(.+)", key="definitions")


def _github_openapi() -> Iterator[tuple[str, Any]]:
    components = _stored("github-openapi-components.json.gz")["components"]["schemas"]
    for name, schema in components.items():
        yield name, bundle(schema, components, r"#/components/schemas/(.+)")


def _openai() -> Iterator[tuple[str, Any]]:
    for item in json.loads((STORED / "openai-structured.json").read_text("utf-8")):
        yield item["name"], item["schema"]


def _pydantic() -> Iterator[tuple[str, Any]]:
    import corpus_models  # noqa: PLC0415  (benchmarks/ is on sys.path when this runs)

    for model in corpus_models.MODELS:
        yield model.__name__, model.model_json_schema()


STORED_SOURCES: tuple[tuple[str, Callable[[], Iterator[tuple[str, Any]]]], ...] = (
    ("GitHub webhooks (@octokit/webhooks-schemas)", _github_webhooks),
    ("GitHub REST components (@octokit/openapi)", _github_openapi),
    ("OpenAI structured outputs (strict subset)", _openai),
    ("pydantic documents (30 models)", _pydantic),
)


def missing() -> list[str]:
    """The installed-package sources left out because their distribution is not installed."""
    return [f"{source}: pip install --no-deps {dist}" for source, dist, _ in INSTALLED
            if _package_dir(dist) is None]


def corpus(sources: set[str] | None = None) -> list[Entry]:
    """Every schema of the corpus, deduplicated by canonical JSON, source order."""
    import sys

    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    seen: set[str] = set()
    out: list[Entry] = []
    readers: list[tuple[str, Callable[[], Iterator[tuple[str, Any]]]]] = []
    for source, dist, reader in INSTALLED:
        base = _package_dir(dist)
        if base is not None:
            readers.append((source, lambda reader=reader, base=base: reader(base)))
    readers += list(STORED_SOURCES)
    for source, read in readers:
        if sources is not None and source not in sources:
            continue
        for name, schema in read():
            digest = hashlib.sha256(_canonical(schema).encode("utf-8")).hexdigest()
            if digest not in seen:
                seen.add(digest)
                out.append(Entry(source, name, schema))
    return out
