"""The ExtractBench dataset layout (ContextualAI/extract-bench, `dataset/`).

    dataset/<domain>/<name>/<name>-schema.json
    dataset/<domain>/<name>/pdf+gold/<doc>.pdf
    dataset/<domain>/<name>/pdf+gold/<doc>.gold.json

A document is one gold file; its PDF may be missing (the public repository stores some
PDFs outside git): such a document is listed with `pdf=None` so the runner reports it as
skipped instead of losing it. `find_documents` accepts the repository root (holding
`dataset/`) or the `dataset/` folder itself.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GOLD_SUFFIX = ".gold.json"


class DatasetError(ValueError):
    """A dataset folder that does not have the ExtractBench layout; says what is wrong."""


@dataclass(frozen=True)
class Document:
    domain: str
    name: str          # the schema's name (`<name>-schema.json`)
    doc_id: str        # the file stem before `.gold.json`
    schema_path: Path
    gold_path: Path
    pdf: Path | None

    @property
    def key(self) -> str:
        return f"{self.domain}/{self.name}/{self.doc_id}"


def dataset_root(path: Path) -> Path:
    path = Path(path)
    if (path / "dataset").is_dir():
        path = path / "dataset"
    if not path.is_dir():
        raise DatasetError(f"no dataset folder at {path}")
    return path


def find_documents(path: Path) -> list[Document]:
    """Every document of the dataset, sorted by domain, schema name and document id."""
    root = dataset_root(path)
    documents = []
    for schema_path in sorted(root.glob("*/*/*-schema.json")):
        folder = schema_path.parent
        name = schema_path.name[: -len("-schema.json")]
        if name != folder.name:
            raise DatasetError(f"{schema_path}: schema file must be named {folder.name}-schema.json")
        for gold_path in sorted((folder / "pdf+gold").glob(f"*{GOLD_SUFFIX}")):
            doc_id = gold_path.name[: -len(GOLD_SUFFIX)]
            pdf = gold_path.with_name(doc_id + ".pdf")
            documents.append(Document(folder.parent.name, name, doc_id, schema_path, gold_path,
                                      pdf if pdf.is_file() else None))
    if not documents:
        raise DatasetError(f"no <domain>/<name>/<name>-schema.json with pdf+gold/*{GOLD_SUFFIX} under {root}")
    return documents


def load_schema(path: Path) -> tuple[dict[str, Any], str | None]:
    """The JSON Schema of a `<name>-schema.json`, and a note when it had to be unwrapped.

    Some ExtractBench schema files are `{"name", "description", "schema_definition": {...}}`
    (the hiring/resume schema); the schema is the `schema_definition`.
    """
    data = read_json(path)
    if not isinstance(data, dict):
        raise DatasetError(f"{path}: a schema file must hold a JSON object")
    if "schema_definition" in data and "type" not in data:
        inner = data["schema_definition"]
        if not isinstance(inner, dict):
            raise DatasetError(f"{path}: schema_definition must be a JSON object")
        return inner, "unwrapped from {name, description, schema_definition}"
    return data, None


def read_json(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise DatasetError(f"{path}: not valid JSON ({error})") from None
