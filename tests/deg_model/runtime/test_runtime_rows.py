"""One FillJob type across the runtime, and fork rows that are not plan questions: any
`forks.Row` runs beside the questions and reads back exactly the backbone's hidden states."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import torch

import deg_model
import deg_model.runtime as runtime_pkg
from deg.request import FillOptions
from deg_model.runtime import fill as fill_module
from deg_model.runtime import jobs as jobs_module
from deg_model.runtime.forks import Row, run_rows
from deg_model.runtime.trunk import read_trunk
from runtime_fixtures import CONTEXT


def test_fill_job_is_one_class():
    assert runtime_pkg.FillJob is jobs_module.FillJob is fill_module.FillJob
    assert [f.name for f in dataclasses.fields(runtime_pkg.FillJob)] == ["context", "plan", "options", "no_cache", "no_store",
                                                                    "progress", "cancelled"]
    defined = []
    for path in Path(deg_model.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.name == "FillJob":
                defined.append(path.name)
    assert defined == ["jobs.py"]


def test_something_that_is_not_a_job_fails_only_itself(runtime, plan):
    job = runtime_pkg.FillJob(CONTEXT, plan, FillOptions())
    results = runtime.fill_many([job, {"context": CONTEXT}, job])
    assert isinstance(results[1], TypeError) and "FillJob" in str(results[1])
    assert results[0] == results[2] == runtime.fill(CONTEXT, plan, FillOptions())


def test_rows_read_the_backbone_hidden_states_in_any_batch(tiny_backbone):
    gen = torch.Generator().manual_seed(3)
    states = [tiny_backbone.prefill(torch.randint(0, 1000, (n,), generator=gen)) for n in (30, 9)]
    rows = [Row(torch.randint(0, 1000, (n,), generator=gen), read) for n, read in
            [(5, (4, 0, 2)), (20, (19,)), (1, (0,)), (33, tuple(range(33)))]]
    entries = [(states[0], rows[0]), (states[1], rows[1]), (states[0], rows[2]), (states[1], rows[3])]
    together = run_rows(tiny_backbone, entries)
    one_by_one = run_rows(tiny_backbone, entries, token_budget=1)
    for (state, row), a, b in zip(entries, together, one_by_one):
        ref = tiny_backbone.fork(state, [row.ids]).normed[0, list(row.read)].to(torch.float32)
        assert a.shape == (len(row.read), tiny_backbone.spec.hidden_size)
        assert torch.equal(a, ref) and torch.equal(b, ref)


def test_a_question_carries_extra_rows_without_changing_its_answer(runtime, plan):
    trunk_ids = runtime.layout.trunk(CONTEXT)
    state = runtime.backbone.prefill(trunk_ids.ids)
    trunk = read_trunk(runtime.backbone, runtime.heads, trunk_ids, state)
    questions = runtime.questions.questions(plan, (), trunk, FillOptions())[:4]
    extra = Row(questions[0].ids, tuple(range(int(questions[0].ids.shape[0]))))
    carrying = [dataclasses.replace(q, extra_rows=(extra,)) for q in questions]
    run = jobs_module.JobRun(None, None, None, state=state)
    plain = runtime.asker.ask([(run, q) for q in questions])
    answers = runtime.asker.ask([(run, q) for q in carrying])
    assert run.stats["fork_rows"] == len(questions) * 3
    (alone,) = run_rows(runtime.backbone, [(state, extra)])
    for q, p, a in zip(questions, plain, answers):
        assert torch.equal(p.a, a.a) and (q.options == [] or torch.equal(p.o, a.o))
        assert len(a.extra) == 1 and torch.equal(a.extra[0], alone)
