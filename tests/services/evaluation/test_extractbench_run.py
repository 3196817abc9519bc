"""The fixture dataset end to end: PDF text, fill (injected fillers), scores, reports, CLI."""
import copy
from dataclasses import replace as dataclasses_replace
import json
from pathlib import Path

import httpx
import pytest

import services.evaluation.__main__ as cli
from services.evaluation.dataset import DatasetError, find_documents, load_schema, read_json
from services.evaluation.filler import FillerError, HttpFiller
from services.evaluation.pdftext import extract_text
from services.evaluation.report import write_reports
from services.evaluation.runner import run_extractbench
from degcommon.settings import SettingsError
from services.evaluation.settings import EvaluationSettings

FIXTURE = Path(__file__).parent / "fixtures" / "extractbench"
SETTINGS = EvaluationSettings(ocr_dpi=150)
MARKERS = {"INV-2026-0042": "inv-001", "Retrieval for Long": "paper-001", "Grace": "scan-001"}
GOLDS = {d.doc_id: read_json(d.gold_path) for d in find_documents(FIXTURE)}


def gold_of(context: str) -> dict:
    doc_id = next(doc for marker, doc in MARKERS.items() if marker in context)
    return copy.deepcopy(GOLDS[doc_id])


def gold_filler(context, schema):
    value = gold_of(context)
    value.pop("document_type", None)  # a const: deg is not asked for it, the runner restores it
    return {"value": value, "usage": {"prompt_tokens": 1, "generated_tokens": 0}}


def empty_filler(context, schema):
    return {"value": {}}


def perturbed_filler(context, schema):
    value = gold_filler(context, schema)["value"]
    if "line_items" in value:
        value["line_items"] = list(reversed(value["line_items"]))[:2]  # order-free, one row lost
        value["vendor"] = "Northwind Trader"
    if "authors" in value:
        value["venue"] = "Workshop on Document AI"  # case differs: case-insensitive metric passes
        value["year"] = "2025"
    if "email" in value:
        value["years_experience"] = 11
    return {"value": value}


@pytest.fixture(scope="module")
def runs():
    return {name: run_extractbench(FIXTURE, filler, SETTINGS, progress=False)
            for name, filler in [("gold", gold_filler), ("empty", empty_filler), ("perturbed", perturbed_filler)]}


def test_gold_prediction_scores_one(runs):
    summary = runs["gold"].summary()
    assert summary["documents"] == 3 and summary["scored"] == 3 and summary["skipped"] == 0
    assert summary["overall_score"] == 1.0 and summary["pass_rate"] == 1.0
    assert summary["valid_documents"] == 3
    assert set(summary["by_mode"]) >= {"array", "const", "extract.span", "extract.number", "extract.date",
                                       "decide.noul"}


def test_empty_prediction_is_the_floor(runs):
    empty, gold = runs["empty"].summary(), runs["gold"].summary()
    assert gold["floor_score"] == empty["floor_score"]
    # The floor is `{}` scored as is: only the gold-null `notes` of the invoice passes (both
    # absent), 1 of its 8 fields; the other two documents score 0.
    assert gold["floor_score"] == pytest.approx((1 / 8) / 3)
    # An empty fill still carries the restored const `document_type`: 2 of 8 invoice fields.
    assert empty["overall_score"] == pytest.approx((2 / 8) / 3)
    assert empty["valid_documents"] == 0  # required properties are missing


def test_perturbed_prediction_scores_between(runs):
    docs = {d["document"]: d for d in runs["perturbed"].documents}
    invoice = {f["path"]: f for f in docs["finance/invoice/inv-001"]["fields"]}
    rows = invoice["$.properties.line_items"]
    # 2 of 3 rows, both exact: precision 1, recall 2/3 -> F1 0.8; reversed order is not penalized
    assert rows["score"] == pytest.approx(0.8)
    assert invoice["$.properties.vendor"]["score"] == pytest.approx(1 - 1 / 17) and invoice["$.properties.vendor"]["passed"]
    paper = {f["path"]: f for f in docs["academic/paper/paper-001"]["fields"]}
    assert paper["$.properties.venue"]["passed"] and not paper["$.properties.year"]["passed"]
    summary = runs["perturbed"].summary()
    assert runs["empty"].summary()["overall_score"] < summary["overall_score"] < 1.0
    # inside the invoice rows: 3 gold rows, 2 aligned exactly, the third missed (scored 0)
    inside = summary["by_mode_in_arrays"]
    assert inside["extract.number"]["fields"] == 6 and inside["extract.number"]["passed"] == 4
    assert inside["extract.span"]["passed"] == 2 + 2 + 2 + 2  # descriptions, authors, keywords, skills


def test_page_methods_ocr_and_columns(runs):
    pages = {d["document"]: [p["method"] for p in d["pages"]] for d in runs["gold"].documents}
    assert pages == {"finance/invoice/inv-001": ["layout"], "academic/paper/paper-001": ["columns"],
                     "hiring/scan/scan-001": ["ocr"]}


def test_ocr_reads_the_image_only_page():
    text = extract_text(FIXTURE / "dataset/hiring/scan/pdf+gold/scan-001.pdf", ocr_dpi=150).text
    assert "Grace Hopper" in text and "grace@example.com" in text


def test_two_column_reading_order():
    text = extract_text(FIXTURE / "dataset/academic/paper/pdf+gold/paper-001.pdf").text
    lines = text.splitlines()
    # left column entirely before the right one, the title first and the footer last
    assert lines[0] == "Retrieval for Long Documents" and lines[-1] == "Page 1 of 1"
    left_end = lines.index("and report the mean over seeds.")
    right_start = lines.index("Dense encoders close the gap only")
    assert lines.index("Sparse retrieval remains a strong") < left_end < right_start


def test_table_rows_stay_aligned():
    text = extract_text(FIXTURE / "dataset/finance/invoice/pdf+gold/inv-001.pdf").text
    row = next(line for line in text.splitlines() if line.startswith("Hex bolts M8"))
    assert row.split() == ["Hex", "bolts", "M8", "500", "310.50"]


def test_long_document_is_skipped_with_reason():
    result = run_extractbench(FIXTURE, gold_filler, EvaluationSettings(max_context_chars=300, ocr_dpi=150),
                              progress=False)
    skipped = [d for d in result.documents if d["status"] == "skipped"]
    assert [d["document"] for d in skipped] == ["academic/paper/paper-001", "finance/invoice/inv-001"]
    assert all("exceeds the budget of 300" in d["reason"] for d in skipped)
    assert result.summary()["skipped"] == 2 and result.summary()["documents"] == 3


def test_filler_failure_is_recorded_and_scored_as_empty():
    def broken(context, schema):
        raise RuntimeError("gateway down")

    result = run_extractbench(FIXTURE, broken, SETTINGS, progress=False)
    summary = result.summary()
    assert summary["filler_errors"] == 3 and summary["valid_documents"] == 0
    assert summary["overall_score"] == summary["floor_score"]
    assert all(d["error"] == "RuntimeError: gateway down" for d in result.documents)


def test_reports_are_written(runs, tmp_path):
    paths = write_reports(runs["perturbed"], tmp_path)
    report = json.loads(paths["json"].read_text())
    assert report["summary"] == json.loads(json.dumps(runs["perturbed"].summary()))
    markdown = paths["markdown"].read_text()
    assert "| academic/paper/paper-001 | scored | 1:columns |" in markdown
    assert "`/properties/document_type` | `const`" in markdown
    assert paths["plot"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


COSTS = ("seconds", "peak_rss_mib", "text_seconds", "fill_seconds", "max_peak_rss_mib")


def _outcome(run) -> dict:
    """A run's report without what it cost (seconds and memory are measured, not computed)."""
    report = run.to_dict()
    report["summary"] = {k: v for k, v in report["summary"].items() if k not in COSTS}
    report["documents"] = [{k: v for k, v in d.items() if k not in COSTS} for d in report["documents"]]
    return report


def test_run_is_deterministic(runs):
    again = run_extractbench(FIXTURE, perturbed_filler, SETTINGS, progress=False)
    assert _outcome(again) == _outcome(runs["perturbed"])
    # the per-document figures are reported (their values belong to benchmarks, not tests)
    assert all(set(d["seconds"]) >= {"text", "fill"} and isinstance(d["seconds"]["text"], float) for d in again.documents)


def _gateway(request: httpx.Request) -> httpx.Response:
    body = json.loads(request.content)
    assert request.url.path == "/v1/fill" and body["model"] == "deg-latest"
    assert "evaluation_config" not in json.dumps(body["schema"])  # deg gets the adapted schema
    return httpx.Response(200, json=gold_filler(body["context"], body["schema"]))


def test_cli_prints_the_summary_last(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(cli, "HttpFiller", lambda url, model, timeout: HttpFiller(
        url, model, timeout, transport=httpx.MockTransport(_gateway)))
    monkeypatch.setenv("DEG_EVAL_OCR_DPI", "150")
    assert cli.main(["extractbench", str(FIXTURE), "--out", str(tmp_path), "--url", "http://gw",
                     "--no-progress"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["documents"] == 3 and summary["overall_score"] == 1.0 and summary["valid_documents"] == 3
    assert (tmp_path / "report.md").is_file()


def test_http_filler_errors_are_clear():
    filler = HttpFiller("http://gw", transport=httpx.MockTransport(lambda r: httpx.Response(422, text="bad schema")))
    with pytest.raises(FillerError, match="HTTP 422: bad schema"):
        filler("ctx", {"type": "object"})


def test_settings_from_env():
    settings = EvaluationSettings.from_env({"DEG_EVAL_MAX_CONTEXT_CHARS": "1000", "DEG_EVAL_URL": "http://x"})
    assert settings.max_context_chars == 1000 and settings.url == "http://x"
    with pytest.raises(SettingsError, match="DEG_EVAL_OCR_DPI='high' is not a valid int"):
        EvaluationSettings.from_env({"DEG_EVAL_OCR_DPI": "high"})


def test_wrapped_schema_file_is_unwrapped(tmp_path):
    path = tmp_path / "resume-schema.json"
    path.write_text(json.dumps({"name": "Resume", "description": "d", "schema_definition": {"type": "object"}}))
    assert load_schema(path) == ({"type": "object"}, "unwrapped from {name, description, schema_definition}")
    path.write_text("[1]")
    with pytest.raises(DatasetError, match="must hold a JSON object"):
        load_schema(path)


def test_dataset_layout_errors_are_clear(tmp_path):
    with pytest.raises(DatasetError, match="no dataset folder"):
        find_documents(tmp_path / "nowhere")
    (tmp_path / "dataset" / "d" / "n" / "pdf+gold").mkdir(parents=True)
    (tmp_path / "dataset" / "d" / "n" / "n-schema.json").write_text("{}")
    with pytest.raises(DatasetError, match="no <domain>/<name>/<name>-schema.json"):
        find_documents(tmp_path)
    (tmp_path / "dataset" / "d" / "n" / "pdf+gold" / "x.gold.json").write_text("{}")
    assert find_documents(tmp_path)[0].pdf is None  # listed, so the run reports "pdf missing"


def test_bad_scoring_annotation_skips_with_reason(tmp_path):
    folder = tmp_path / "dataset" / "finance" / "invoice"
    (folder / "pdf+gold").mkdir(parents=True)
    source = FIXTURE / "dataset" / "finance" / "invoice"
    schema = read_json(source / "invoice-schema.json")
    schema["properties"]["vendor"]["evaluation_config"] = "string_fuzy"
    (folder / "invoice-schema.json").write_text(json.dumps(schema))
    for name in ("inv-001.pdf", "inv-001.gold.json"):
        (folder / "pdf+gold" / name).write_bytes((source / "pdf+gold" / name).read_bytes())
    result = run_extractbench(tmp_path, gold_filler, SETTINGS, progress=False)
    (doc,) = result.documents
    assert doc["status"] == "skipped"
    assert doc["reason"] == "schema not scorable: $.properties.vendor: unknown evaluation_config preset 'string_fuzy'"


def test_a_generated_200_page_contract_is_read_and_filled_end_to_end(tmp_path):
    """Long PDFs end to end: 200 generated pages (one of them a scan) -> text with every fact,
    no context limit by default, a windowed fill by the real runtime over a tiny random model,
    and the document's time, tokens and peak memory in its record and the reports."""
    import sys
    from services.evaluation import contract_pdf
    from services.evaluation.filler import RuntimeFiller

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "inference"))
    from tiny_runtime import load_tiny_runtime

    contract_pdf.write_dataset(tmp_path, pages=200)
    runtime = load_tiny_runtime()
    seen = []
    inner = RuntimeFiller(runtime)

    def filler(context, schema):
        seen.append(context)
        return inner(context, schema)

    settings = EvaluationSettings.from_env({})
    assert settings.max_context_chars is None
    result = run_extractbench(tmp_path, filler, dataclasses_replace(settings, ocr_dpi=150), progress=False)
    (doc,) = result.documents
    assert doc["status"] == "scored" and "error" not in doc, doc.get("error")
    methods = [p["method"] for p in doc["pages"]]
    assert len(methods) == 200 and methods.count("ocr") == 1 and methods[int(0.6 * 200)] == "ocr"
    (context,) = seen
    for fact in ("Halvorsen Maritime Systems AS", "Quillfeather Logistics GmbH", "15 March 2026", "laws of Norway",
                 "90 days of written notice"):
        assert fact in " ".join(context.split())
    assert runtime.last_stats["windows"] > 10 and doc["tokens"] == runtime.last_stats["prompt_tokens"] > 100_000
    assert all(isinstance(doc["seconds"][k], float) for k in ("text", "fill"))     # reported, not judged
    assert isinstance(doc["peak_rss_mib"], (int, float)) and doc["peak_rss_mib"] > 0
    for value in doc["prediction"].values():                 # spans read from the whole document
        if isinstance(value, str) and value:
            assert " ".join(value.split()) in " ".join(context.split())
    summary = result.summary()
    assert summary["fill_seconds"] == doc["seconds"]["fill"] and summary["max_peak_rss_mib"] == doc["peak_rss_mib"]
    paths = write_reports(result, tmp_path / "report")
    assert "| 200 (layout 199, ocr 1) |" in paths["markdown"].read_text()
