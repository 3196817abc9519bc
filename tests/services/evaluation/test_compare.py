"""The compare harness: the everyday set is well-formed, the scorer's rules hold, and the
command runs deg through a real gateway (tiny random model) beside real baselines."""
from __future__ import annotations

import collections
import importlib.util
import json
import sys
from pathlib import Path

import pytest

from deg import compile_schema
from services.evaluation import compare as cmp
from services.evaluation.__main__ import main
from degcommon.datagen_scoring import schema_error

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[0] / "inference"))
sys.path.insert(0, str(HERE.parents[1] / "gateway"))
from tiny_runtime import smollm2_tokenizer, tiny_llama  # noqa: E402

DOCUMENTS = cmp.load_everyday()
BY_ID = {d.id: d for d in DOCUMENTS}
LLAMA_CPP_MISSING = importlib.util.find_spec("llama_cpp") is None


# ---------------------------------------------------------------------------- the set
def test_the_set_holds_two_documents_of_ten_everyday_kinds_and_the_readme_example():
    kinds = collections.Counter(d.kind for d in DOCUMENTS if d.id != "readme-example")
    assert len(kinds) == 10 and set(kinds.values()) == {2}, kinds
    assert len(DOCUMENTS) == 21 and len(BY_ID) == 21
    with_arrays = [d.id for d in DOCUMENTS if compile_schema(d.schema).arrays]
    assert len(with_arrays) == 10, with_arrays


def test_the_readme_example_is_the_one_make_run_prints():
    from services.suite import example_request

    example = example_request()
    doc = BY_ID["readme-example"]
    assert (doc.context, doc.schema) == (example["context"], example["schema"])
    assert doc.value == {"invoice_number": "INV-2041", "total": 1250.00, "due_date": "2026-12-15",
                         "currency": "EUR", "paid": False}


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda d: d.id)
def test_every_schema_compiles_and_its_gold_validates(doc):
    plan = compile_schema(doc.schema)
    assert schema_error(doc.schema, doc.value) is None
    if doc.id != "readme-example":
        assert 7 <= len(doc.schema["properties"]) <= 9
    for array in plan.arrays:
        assert array.max_items is not None and array.max_items <= 6, array.pointer
    # the gold scores perfectly against itself, so every rule accepts its own kind's values
    assert all(unit.correct for unit in cmp.score_document(plan, doc.value, doc.value))


def test_the_set_covers_every_field_kind_with_nulls_and_realistic_lengths():
    tokenizer = smollm2_tokenizer()
    kinds = collections.Counter()
    nulls = 0
    for doc in DOCUMENTS:
        units = cmp.score_document(compile_schema(doc.schema), doc.value, doc.value)
        kinds.update(u.kind for u in units)
        nulls += sum(u.gold is None for u in units)
        if doc.id != "readme-example":
            assert 150 <= len(tokenizer(doc.context)["input_ids"]) <= 500, doc.id
    assert set(kinds) == set(cmp.KINDS) and min(kinds.values()) >= 10, kinds
    assert nulls >= 8


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda d: d.id)
def test_every_gold_string_is_a_span_of_its_context(doc):
    for unit in cmp.score_document(compile_schema(doc.schema), doc.value, doc.value):
        if unit.rule == "string" and unit.gold is not None:
            assert unit.gold in doc.context, (unit.pointer, unit.gold)


# ---------------------------------------------------------------------------- the scorer
RULE_CASES = [
    ("enum", "EUR", "EUR", True), ("enum", "EUR", "eur", False), ("enum", 1, True, False),
    ("enum", None, None, True), ("enum", "EUR", None, False),
    ("boolean", False, False, True), ("boolean", False, 0, False), ("boolean", True, None, False),
    ("boolean", None, False, False),
    ("score", 4, 4, True), ("score", 4, 4.0, True), ("score", 4, 3, False), ("score", 1, True, False),
    ("score", 4, "4", False),
    ("number", 2713.2, 2713.20, True), ("number", 48, 48.0, True), ("number", 1250, "1,250.00", True),
    ("number", 0.9412, 0.94, False), ("number", None, 0, False), ("number", None, None, True),
    ("date", "2026-11-04", "2026-11-04", True), ("date", "2026-11-04", "2026-11-18", False),
    ("date", None, "2026-11-04", False), ("date", "2026-11-04", "not a date", False),
    ("string", "Hartmann & Söhne Bäckerei GmbH", "  hartmann &  söhne bäckerei gmbh ", True),
    ("string", "INV-2041", "2041 from Acme GmbH", False), ("string", "INV-2041", "INV 2041", False),
    ("string", None, "", False), ("string", "12", 12, False),
]


@pytest.mark.parametrize("rule, gold, pred, expected", RULE_CASES)
def test_scoring_rules(rule, gold, pred, expected):
    assert cmp.values_match(rule, gold, pred) is expected


def test_an_unknown_rule_is_refused():
    with pytest.raises(ValueError, match="no scoring rule 'colour'"):
        cmp.values_match("colour", "red", "red")


ARRAY_SCHEMA = {
    "type": "object",
    "properties": {
        "total": {"type": "number"},
        "note": {"type": ["string", "null"]},
        "reply": {"type": "string", "x-generate": True, "maxLength": 20},
        "lines": {"type": "array", "maxItems": 6, "items": {
            "type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}},
            "required": ["sku", "qty"]}},
    },
    "required": ["total", "note", "reply", "lines"],
}


def test_items_are_matched_by_index_and_extra_items_cost_only_the_count():
    plan = compile_schema(ARRAY_SCHEMA)
    gold = {"total": 10, "note": None, "reply": "hi", "lines": [{"sku": "A", "qty": 1}, {"sku": "B", "qty": 2}]}
    pred = {"total": 10.0, "reply": "anything", "lines": [{"sku": "a", "qty": 1}, {"sku": "C", "qty": 2},
                                                          {"sku": "D", "qty": 9}]}
    units = {u.pointer: u for u in cmp.score_document(plan, gold, pred)}
    assert set(units) == {"/total", "/note", "/lines/0/sku", "/lines/0/qty", "/lines/1/sku", "/lines/1/qty",
                          "/lines"}                        # no unit for the generated reply, none for item 3
    assert units["/note"].correct                          # gold null vs an absent key
    assert units["/lines/0/sku"].correct and not units["/lines/1/sku"].correct
    assert units["/lines/1/qty"].kind == "array_item" and units["/lines/1/qty"].rule == "number"
    assert units["/lines"].kind == "array_count" and (units["/lines"].gold, units["/lines"].pred) == (2, 3)
    assert not units["/lines"].correct
    assert cmp.accuracy(list(units.values())) == pytest.approx(5 / 7)


def test_a_missing_answer_scores_every_gold_field_and_item_as_wrong():
    plan = compile_schema(ARRAY_SCHEMA)
    gold = {"total": 10, "note": "x", "reply": "hi", "lines": [{"sku": "A", "qty": 1}]}
    units = cmp.score_document(plan, gold, None)
    assert [u.pointer for u in units] == ["/total", "/note", "/lines/0/sku", "/lines/0/qty", "/lines"]
    assert not any(u.correct for u in units)


def test_summary_and_error_list_name_each_wrong_field_with_every_systems_value():
    docs = [BY_ID["readme-example"], BY_ID["invoice-02"]]
    gold_of = {d.context: d.value for d in docs}

    def exact(context, schema):
        return gold_of[context], None, 0, 0

    def wrong_currency(context, schema):
        value = dict(gold_of[context])
        if "currency" in value:
            value["currency"] = "GBP"
        return value, None, 0, 3

    result = cmp.compare(docs, [cmp.System("a", exact), cmp.System("b", wrong_currency)],
                         set_name="everyday", progress=False)
    summary = result.summary()
    assert summary["systems"]["a"]["field_accuracy"] == 1.0 and summary["systems"]["a"]["valid_rate"] == 1.0
    assert summary["systems"]["b"]["field_accuracy"] == pytest.approx(12 / 13)
    assert summary["systems"]["b"]["by_kind"]["enum"] == {"fields": 2, "accuracy": 0.5}
    assert summary["systems"]["b"]["generated_tokens_mean"] == 3
    assert result.errors() == [{"document": "readme-example", "pointer": "/currency", "kind": "enum", "gold": "EUR",
                                "values": {"a": "EUR", "b": "GBP"}, "correct": {"a": True, "b": False}}]
    assert "| readme-example | /currency | enum | \"EUR\" | \"EUR\" | ✗ \"GBP\" |" in cmp.markdown(result)


def test_a_failing_system_is_invalid_and_scored_against_no_value():
    def broken(context, schema):
        raise RuntimeError("backend down")

    result = cmp.compare([BY_ID["readme-example"]], [cmp.System("x", broken)], set_name="everyday", progress=False)
    answer = result.rows[0].answers["x"]
    assert not answer.valid and answer.error == "RuntimeError: backend down" and answer.value is None
    assert result.summary()["systems"]["x"]["field_accuracy"] == 0.0


# ---------------------------------------------------------------------------- the command
def test_the_command_names_what_is_missing(capsys):
    assert main(["compare", "--baselines", "none"]) == 2
    assert "--url GATEWAY, --in-process" in capsys.readouterr().err
    assert main(["compare", "--skip-deg", "--baselines", "gpt"]) == 2
    assert "unknown baseline gpt" in capsys.readouterr().err
    assert main(["compare", "--skip-deg", "--baselines", "none"]) == 2
    assert "nothing to compare" in capsys.readouterr().err
    assert main(["compare", "--url", "http://127.0.0.1:9", "--checkpoint", "x"]) == 2
    assert "--checkpoint applies only with --in-process" in capsys.readouterr().err


def test_a_missing_llama_cpp_names_the_install_command(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "llama_cpp", None)      # what an environment without the extra sees
    assert main(["compare", "--skip-deg", "--baselines", "llamacpp", "--limit", "1"]) == 2
    err = capsys.readouterr().err
    assert 'pip install "deg[baseline]"' in err and "llama-cpp-python==0.3.16" in err


@pytest.fixture(scope="module")
def gateway():
    from deg_service_procs import TINY_RUNTIME_FACTORY, Processes

    started = Processes()
    try:
        _, address = started.inference(factory=TINY_RUNTIME_FACTORY, ready_timeout=180)
        _, url = started.gateway(DEG_INFERENCE=address, DEG_REQUEST_TIMEOUT_S="120")
        yield url
    finally:
        started.stop_all()


@pytest.mark.slow
def test_compare_fills_deg_through_a_real_gateway_and_writes_the_reports(gateway, tmp_path, capsys):
    assert main(["compare", "--url", gateway, "--baselines", "none", "--limit", "3", "--out", str(tmp_path),
                 "--no-progress"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(out[-1])
    deg = summary["systems"]["deg"]
    assert summary["documents"] == 3 and summary["set"] == "everyday" and summary["max_items"] == 6
    assert deg["fields"] == sum(len(cmp.score_document(compile_schema(d.schema), d.value, d.value))
                                for d in DOCUMENTS[:3])
    assert 0.0 <= deg["field_accuracy"] <= 1.0 and deg["prompt_tokens_mean"] > 100
    assert deg["generated_tokens_mean"] == 0                  # no x-generate field in the set
    assert out[0].startswith("# Field accuracy: deg (everyday, 3 documents")
    report = json.loads((tmp_path / "compare-everyday.json").read_text())
    assert report["summary"] == summary
    assert [d["id"] for d in report["documents"]] == [d.id for d in DOCUMENTS[:3]]
    wrong = 0                                                 # recomputed from the stored answers
    for doc, row in zip(DOCUMENTS[:3], report["documents"]):
        units = cmp.score_document(compile_schema(doc.schema), doc.value, row["answers"]["deg"]["value"])
        wrong += sum(not u.correct for u in units)
    assert len(report["errors"]) == wrong
    assert "## By field kind" in (tmp_path / "compare-everyday.md").read_text()


@pytest.mark.slow
def test_the_xgrammar_baseline_runs_for_real_beside_deg(gateway):
    from services.evaluation.baseline import GrammarBaseline

    doc = BY_ID["readme-example"]
    baseline = GrammarBaseline(tiny_llama(), smollm2_tokenizer(), max_new_tokens=96)
    systems = [cmp.deg_over_http(gateway), cmp.grammar_baseline("xgrammar", baseline)]
    try:
        result = cmp.compare([doc], systems, set_name="everyday", progress=False)
    finally:
        for system in systems:
            system.close()
    answers = result.rows[0].answers
    assert answers["deg"].valid, answers["deg"].error
    # a random model under the grammar either closes a schema-valid object or runs out of budget
    xgr = answers["xgrammar"]
    assert xgr.valid or xgr.error == "token budget exhausted before the JSON object closed"
    assert 1 <= xgr.generated_tokens <= 96 and xgr.prompt_tokens > 100
    assert [len(result.rows[0].scores[n]) for n in ("deg", "xgrammar")] == [5, 5]


def test_both_baselines_send_the_same_prompt():
    from services.evaluation.baseline import GrammarBaseline
    from services.evaluation.baseline.llamacpp import prompt_messages

    tokenizer = smollm2_tokenizer()
    doc = BY_ID["invoice-02"]
    baseline = GrammarBaseline(tiny_llama(), tokenizer, max_new_tokens=8)
    ids = tokenizer.apply_chat_template(prompt_messages(doc.context, doc.schema), add_generation_prompt=True,
                                        return_tensors="pt", return_dict=True)["input_ids"]
    assert ids.tolist() == baseline.prompt_ids(doc.context, doc.schema).tolist()


@pytest.mark.slow
@pytest.mark.skipif(LLAMA_CPP_MISSING, reason='llama-cpp-python is not installed: pip install "deg[baseline]" '
                                              "(llama-cpp-python==0.3.16)")
def test_the_llama_cpp_baseline_answers_the_readme_example_under_its_grammar():
    from services.evaluation.baseline.llamacpp import LlamaCppBaseline

    doc = BY_ID["readme-example"]
    baseline = LlamaCppBaseline.embedded(n_threads=1, n_ctx=2048, max_new_tokens=128)
    result = cmp.compare([doc], [cmp.grammar_baseline("llamacpp", baseline)], set_name="everyday", progress=False)
    answer = result.rows[0].answers["llamacpp"]
    assert answer.valid, answer.error
    assert set(answer.value) >= {"currency", "paid"} and answer.generated_tokens >= 5
    again = cmp.compare([doc], [cmp.grammar_baseline("llamacpp", baseline)], set_name="everyday", progress=False)
    assert again.rows[0].answers["llamacpp"].value == answer.value        # greedy: the same answer twice


def test_the_datagen_test_set_is_the_held_out_domains_with_their_gold():
    from degdata import SPLITS

    docs = cmp.load_set("datagen-test", 3)
    assert len(docs) == 3 and "test" in SPLITS
    for doc in docs:
        assert schema_error(doc.schema, doc.value) is None
    from degdata import TEST_DOMAINS, VAL_DOMAINS

    assert {doc.kind for doc in docs} <= set(TEST_DOMAINS)
    val = cmp.load_set("datagen-val", 4)  # new records of the domains trained on
    assert len(val) == 4 and not {doc.kind for doc in val} & (set(TEST_DOMAINS) | set(VAL_DOMAINS))
    with pytest.raises(ValueError, match="unknown set 'train'"):
        cmp.load_set("train", 3)
    with pytest.raises(ValueError, match="limit must be >= 1"):
        cmp.load_set("everyday", 0)
