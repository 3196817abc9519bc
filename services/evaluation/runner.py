"""An ExtractBench run: read, adapt, fill, score, aggregate.

For each schema: `adapt.adapt_schema` once, then `deg.compile_schema` of the adapted schema
(its plan gives every field's mode). A schema that cannot be adapted, or that deg rejects,
skips its documents with the reason. For each document:

1. PDF -> text (`pdftext.extract_text`), the method of every page kept;
2. a text longer than `settings.max_context_chars` is skipped, with its length (no limit by
   default: the model reads contexts of any length, windowed past its trained positions);
3. `filler(context, adapted_schema)` -> response; its `value` with the constants restored
   is the prediction. A filler that raises, or answers without a `value`, is recorded as
   that document's error and scored as an empty prediction (`{}`), so a failing service
   shows up as a low score, never as a smaller denominator;
4. validity: the prediction against the ORIGINAL schema (jsonschema, draft from `$schema`,
   2020-12 by default, with format checks; `evaluation_config` is an unknown keyword there
   and so ignored);
5. scores (`scoring.score_document`) of the prediction and of `{}` (the floor).

Run figures: `overall_score` and `floor_score` are means over scored documents of the
per-document ExtractBench `overall_score` (each document counts once, as ExtractBench's
leaderboards do); `pass_rate` is passed / evaluated over all field results of all scored
documents; `by_mode` groups field results by the plan mode of their node (`array` for a
whole-array result, `const` for a field deg was not asked, `unplanned` when no plan);
`by_mode_in_arrays` does the same for the fields inside array items (each gold item
against its aligned predicted item, a missed item scoring as missing), which is where most
ExtractBench fields live. Token usage is summed from the responses' `usage`.

Per document the record also holds what it cost: `seconds` (`text`: PDF to text, OCR
included; `fill`: the filler's call), `tokens` (the response's `usage.prompt_tokens`) and
`peak_rss_mib`, the peak resident memory of this process during the fill (`memory.PeakRss`):
the model's own when the filler runs in process, only the client's through a gateway. The
summary adds the totals and the largest peak.
"""
from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
from tqdm import tqdm

from services.evaluation.adapt import (
    AdaptError,
    Adaptation,
    adapt_schema,
    compile_adapted,
    plan_modes,
    restore_constants,
)
from services.evaluation.dataset import Document, find_documents, load_schema, read_json
from services.evaluation.fieldscore import EvaluationConfigError
from services.evaluation.memory import PeakRss
from services.evaluation.pdftext import PdfTextError, extract_text
from services.evaluation.scoring import SchemaWalkError, score_document
from services.evaluation.settings import EvaluationSettings

Filler = Callable[[str, dict[str, Any]], dict[str, Any]]


@dataclass
class SchemaInfo:
    name: str
    original: dict[str, Any]
    adaptation: Adaptation | None = None
    modes: dict[str, str] | None = None
    error: str | None = None      # not adaptable or rejected by deg: documents skipped
    plan_note: str | None = None  # plan unavailable: figures grouped as "unplanned"


@dataclass
class RunResult:
    dataset: str
    documents: list[dict[str, Any]] = field(default_factory=list)
    schemas: dict[str, dict[str, Any]] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        scored = [d for d in self.documents if d["status"] == "scored"]
        fields = [f for d in scored for f in d["fields"]]
        mean = lambda key: sum(d[key] for d in scored) / len(scored) if scored else 0.0  # noqa: E731
        usage = [d["usage"] for d in scored if isinstance(d.get("usage"), dict)]
        return {
            "dataset": self.dataset,
            "documents": len(self.documents),
            "scored": len(scored),
            "valid_documents": sum(1 for d in scored if d["valid"]),
            "skipped": sum(1 for d in self.documents if d["status"] == "skipped"),
            "filler_errors": sum(1 for d in scored if d.get("error")),
            "overall_score": mean("overall_score"),
            "floor_score": mean("floor_score"),
            "pass_rate": (sum(1 for f in fields if f["passed"]) / len(fields)) if fields else 0.0,
            "fields_evaluated": len(fields),
            "by_mode": _by_mode(fields),
            "by_mode_in_arrays": _by_mode([f for d in scored for f in d["item_fields"]]),
            "prompt_tokens": sum(u.get("prompt_tokens") or 0 for u in usage),
            "generated_tokens": sum(u.get("generated_tokens") or 0 for u in usage),
            "text_seconds": sum(d.get("seconds", {}).get("text", 0.0) for d in self.documents),
            "fill_seconds": sum(d.get("seconds", {}).get("fill", 0.0) for d in scored),
            "max_peak_rss_mib": max((d["peak_rss_mib"] for d in scored if d.get("peak_rss_mib")), default=None),
        }

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary(), "schemas": self.schemas, "documents": self.documents}


def _by_mode(fields: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in fields:
        groups[f["mode"]].append(f)
    return {mode: {"fields": len(items), "passed": sum(1 for f in items if f["passed"]),
                   "mean_score": sum(f["score"] for f in items) / len(items)}
            for mode, items in sorted(groups.items())}


def prepare_schema(name: str, original: dict[str, Any]) -> SchemaInfo:
    """Adapt a schema and compile it with deg; never raises for a bad schema."""
    info = SchemaInfo(name, original)
    try:
        _validator_class(original).check_schema(original)
    except jsonschema.SchemaError as error:
        info.error = f"not a valid JSON Schema: {error.message}"
        return info
    try:
        info.adaptation = adapt_schema(original)
    except AdaptError as error:
        info.error = f"schema not adaptable: {error}"
        return info
    try:
        plan = compile_adapted(info.adaptation.schema)
    except (ImportError, AttributeError) as error:  # the pure core is not installed
        info.plan_note = f"deg.compile_schema unavailable ({error}); modes not known"
        return info
    except Exception as error:  # deg.SchemaError carries every problem in .errors
        problems = getattr(error, "errors", None) or [str(error)]
        info.error = f"adapted schema rejected by deg: {problems}"
        return info
    info.modes = plan_modes(plan)
    return info


def _validator_class(schema: dict[str, Any]) -> type:
    return jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)


def _validator(schema: dict[str, Any]) -> jsonschema.protocols.Validator:
    cls = _validator_class(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def _mode(field_result: dict[str, Any], info: SchemaInfo) -> str:
    if field_result["kind"] == "array":
        return "array"
    if info.adaptation and field_result["pointer"] in info.adaptation.constants:
        return "const"
    if info.modes is None:
        return "unplanned"
    return info.modes.get(field_result["pointer"], "unplanned")


def run_document(doc: Document, info: SchemaInfo, filler: Filler,
                 settings: EvaluationSettings) -> dict[str, Any]:
    record: dict[str, Any] = {"document": doc.key, "schema": doc.name}
    if info.error:
        return {**record, "status": "skipped", "reason": info.error}
    if doc.pdf is None:
        return {**record, "status": "skipped", "reason": "pdf missing"}
    started = time.perf_counter()
    try:
        text = extract_text(doc.pdf, ocr_dpi=settings.ocr_dpi, ocr_lang=settings.ocr_lang)
    except PdfTextError as error:
        return {**record, "status": "skipped", "reason": f"pdf unreadable: {error}"}
    record["seconds"] = {"text": time.perf_counter() - started}
    record["pages"] = [page.to_dict() for page in text.pages]
    context = text.text
    record["context_chars"] = len(context)
    if settings.max_context_chars is not None and len(context) > settings.max_context_chars:
        return {**record, "status": "skipped",
                "reason": f"context of {len(context)} chars exceeds the budget of {settings.max_context_chars}"}
    gold = read_json(doc.gold_path)
    assert info.adaptation is not None
    prediction: Any = {}
    started = time.perf_counter()
    try:
        with PeakRss() as peak:
            response = filler(context, info.adaptation.schema)
        if not isinstance(response, dict) or "value" not in response:
            raise ValueError("response has no 'value'")
        prediction = restore_constants(response["value"], info.adaptation.constants)
        record["usage"] = response.get("usage")
        record["tokens"] = (response.get("usage") or {}).get("prompt_tokens")
    except Exception as error:  # any filler failure is this document's error, not the run's
        record["error"] = f"{type(error).__name__}: {error}"
    record["seconds"]["fill"] = time.perf_counter() - started
    record["peak_rss_mib"] = peak.mib
    validator = _validator(info.original)
    errors = sorted(validator.iter_errors(prediction), key=lambda e: list(e.absolute_path))
    try:
        scored = score_document(info.original, gold, prediction)
        floor = score_document(info.original, gold, {})
    except (SchemaWalkError, EvaluationConfigError) as error:
        return {**record, "status": "skipped", "reason": f"schema not scorable: {error}"}
    fields = [f.to_dict() for f in scored.fields]
    for f in fields:
        f["mode"] = _mode(f, info)
    item_fields = [{"path": f.path, "pointer": f.pointer, "kind": f.kind, "metric_id": f.result.metric_id,
                    "score": f.result.score, "passed": f.result.passed} for f in scored.item_fields()]
    for f in item_fields:
        f["mode"] = _mode(f, info)
    return {**record, "status": "scored", "valid": not errors and "error" not in record,
            "validation_errors": [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:20]],
            "prediction": prediction, "overall_score": scored.overall_score,
            "pass_rate": scored.pass_rate, "floor_score": floor.overall_score, "fields": fields,
            "item_fields": item_fields}


def run_extractbench(dataset_dir: Path, filler: Filler, settings: EvaluationSettings | None = None,
                     progress: bool = True) -> RunResult:
    settings = settings or EvaluationSettings.from_env()
    documents = find_documents(dataset_dir)
    result = RunResult(dataset=str(dataset_dir))
    infos: dict[Path, SchemaInfo] = {}
    bar: Iterable[Document] = tqdm(documents, desc="extractbench", unit="doc", disable=not progress)
    for doc in bar:
        if doc.schema_path not in infos:
            schema, wrapper_note = load_schema(doc.schema_path)
            info = infos[doc.schema_path] = prepare_schema(doc.name, schema)
            result.schemas[doc.name] = {
                "file": wrapper_note, "error": info.error, "plan_note": info.plan_note,
                "rewrites": [r.to_dict() for r in info.adaptation.rewrites] if info.adaptation else [],
                "constants": info.adaptation.constants if info.adaptation else {},
                "modes": info.modes,
            }
        result.documents.append(run_document(doc, infos[doc.schema_path], filler, settings))
    return result
