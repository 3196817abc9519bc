"""fill_many isolates failures per job; bad input gets an error naming the problem."""
from __future__ import annotations

import pytest

from deg import compile_schema
from deg.errors import FillError
from deg.request import FillOptions
from deg_model.runtime import FillJob
from runtime_fixtures import CONTEXT, SCHEMA


def test_a_failing_job_fails_only_itself(runtime, plan):
    needs_mail = compile_schema({"type": "object", "required": ["mail"],
                                 "properties": {"mail": {"type": "string", "format": "email"}}})
    small = compile_schema({"type": "object", "properties": {"dept": SCHEMA["properties"]["dept"]}})
    jobs = [FillJob(CONTEXT, small, FillOptions()),
            FillJob("no address in here", needs_mail, FillOptions()),       # FillError: forbid, none valid
            FillJob(CONTEXT, "not a plan", FillOptions()),                   # TypeError
            FillJob(CONTEXT, small, FillOptions())]
    results = runtime.fill_many(jobs)
    assert isinstance(results[1], FillError) and "/mail" in str(results[1])
    assert isinstance(results[2], TypeError) and "FillPlan" in str(results[2])
    assert results[0] == results[3] == runtime.fill(CONTEXT, small, FillOptions())
    assert runtime.fill_many([]) == []


def test_bad_input_names_the_problem(runtime, plan):
    with pytest.raises(TypeError, match="rendered context string"):
        runtime.fill({"a": 1}, plan)
    with pytest.raises(TypeError, match="FillOptions"):
        runtime.fill(CONTEXT, plan, {"temperature": 0})


def test_null_margin_only_moves_nullable_extract_leaves(runtime):
    schema = {"type": "object", "required": ["email"], "properties": {
        "total": {"type": ["number", "null"]}, "email": {"type": "string", "format": "email"},
        "dept": SCHEMA["properties"]["dept"]}}
    plan = compile_schema(schema)
    base = {o.pointer: o for o in runtime.fill(CONTEXT, plan, FillOptions()).fields}
    shy = {o.pointer: o for o in runtime.fill(CONTEXT, plan, FillOptions(null_margin=1e6)).fields}
    eager = {o.pointer: o for o in runtime.fill(CONTEXT, plan, FillOptions(null_margin=-1e6)).fields}
    assert shy["/total"].value is None and shy["/total"].null_reason == "not_found"
    assert eager["/total"].found
    assert shy["/email"] == base["/email"] == eager["/email"]          # forbid ignores the margin
    assert shy["/dept"] == base["/dept"] == eager["/dept"]             # decide fields untouched
