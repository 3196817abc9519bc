"""`options.explain` on the real model: the embedded SmolLM2 with the shipped checkpoint fills
the README's example request; the explanation names the terms the checkpoint weighs, adds up
to each outcome's score, and changes no value and no other meta key, bit for bit."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from deg import assemble, compile_schema, render_context
from deg.request import FillOptions
from deg_model.checkpoint import load_checkpoint
from deg_model.runtime import Runtime

pytestmark = pytest.mark.slow  # the embedded SmolLM2

REPO = Path(__file__).resolve().parents[3]
SHIPPED = REPO / "checkpoints" / "deg-smollm2-135m-0.5"


def readme_request() -> dict:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- readme-example-request -->\s*```[a-z]*\n(.*?)```", text, re.S).group(1)
    return json.loads(block[block.index("{"):block.rindex("}") + 1])


@pytest.fixture(scope="module")
def filled(smollm2):
    config, heads, _ = load_checkpoint(SHIPPED)
    rt = Runtime(smollm2, heads, config)
    body = readme_request()
    plan, context = compile_schema(body["schema"]), render_context(body["context"])
    return plan, context, rt.fill(context, plan, FillOptions()), rt.fill(context, plan, FillOptions(explain=True))


def test_the_readme_example_is_explained_without_changing_anything_else(filled):
    plan, _, plain, told = filled
    for mine, theirs in zip(told.fields, plain.fields):
        assert mine.explain is not None and theirs.explain is None, mine.pointer
        assert dataclasses.replace(mine, explain=None) == theirs, mine.pointer
    shown, bare = assemble(plan, told, model="m"), assemble(plan, plain, model="m")
    assert shown["value"] == bare["value"] == {"invoice_number": "INV-2041", "total": 1250.0,
                                               "due_date": "2026-12-15", "currency": "EUR", "paid": False}
    assert {p: {k: v for k, v in m.items() if k != "explain"} for p, m in shown["meta"].items()} == bare["meta"]
    assert json.dumps(shown["meta"]["/currency"]["explain"])            # plain JSON, ready for the wire


def test_each_leaf_names_the_terms_its_checkpoint_weighs(filled):
    _, context, _, told = filled
    by = {f.pointer: f for f in told.fields}
    names = {p: [t["name"] for t in f.explain["terms"]] for p, f in by.items()}
    assert names["/currency"] == ["head", "verbatim"]                   # choice: heads alone + the word EUR
    assert names["/paid"] == ["prior", "noul_shift"]                     # true/false: the prior alone, shifted
    for pointer in ("/invoice_number", "/total", "/due_date"):
        assert names[pointer][:4] == ["head", "prior", "relevance", "closing"], pointer
        assert names[pointer][-1] == "null_margin", pointer
    currency = by["/currency"].explain
    assert currency["winner"]["value"] == "EUR" and currency["terms"][1]["winner"] == 4.0
    assert currency["terms"][1]["runner_up"] == 0.0                      # USD is not in the text
    code = by["/invoice_number"]
    assert code.explain["winner"]["span"] == list(code.span) and code.explain["winner"]["text"] == "INV-2041"
    assert context[slice(*code.span)] == "INV-2041"
    for f in told.fields:
        for side in ("winner", "runner_up"):
            entry = f.explain[side]
            if entry is not None:
                assert sum(t[side] for t in f.explain["terms"]) == pytest.approx(entry["score"], abs=1e-9)
