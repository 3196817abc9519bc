"""Every fork row the runtime asks equals an independent full forward of trunk + that query,
and the token budget only changes how rows are grouped, never their numbers."""
from __future__ import annotations

import torch

from deg import compile_schema
from deg.request import FillOptions
from deg_model.runtime.jobs import JobRun
from deg_model.runtime.trunk import read_trunk
from runtime_fixtures import CONTEXT, make_runtime


def test_every_question_equals_a_plain_forward_of_trunk_plus_fork(runtime, plan, tiny_model):
    trunk_ids = runtime.layout.trunk(CONTEXT)
    state = runtime.backbone.prefill(trunk_ids.ids)
    trunk = read_trunk(runtime.backbone, runtime.heads, trunk_ids, state)
    questions = runtime.questions.questions(plan, (), trunk, FillOptions())
    assert {q.kind for q in questions} == {"leaf", "count", "anchor"}
    run = JobRun(None, None, None, state=state)
    answers = runtime.asker.ask([(run, q) for q in questions])
    assert run.stats["fork_rows"] == len(questions)
    for q, answer in zip(questions, answers):
        a, o = answer.a, answer.o
        ids = torch.cat([trunk_ids.ids, q.ids])[None]
        with torch.no_grad():
            ref = tiny_model.model(ids).last_hidden_state[0, trunk_ids.ids.shape[0]:]     # [n, H]
        assert (a - ref[q.answer]).abs().max() <= 1e-5, q.pointer
        if q.options:
            assert (o - ref[q.options]).abs().max() <= 1e-5, q.pointer


def test_token_budget_groups_rows_without_changing_them(tiny_backbone, plan):
    small = make_runtime(tiny_backbone, fork_token_budget=48)      # about one row per micro-batch
    big = make_runtime(tiny_backbone)
    assert small.fill(CONTEXT, plan, FillOptions()) == big.fill(CONTEXT, plan, FillOptions())


def test_fork_text_layout(runtime, plan):
    from deg_model.runtime import layout as L
    name = plan.field_at("/items/*/name")
    anchored = L.leaf_fork(name, "/items/*/name", (("/items", "- Widget, 2 x"),))
    assert anchored.lines[:2] == ("FIELD /items/*/name\n", 'ITEM /items AT: "- Widget, 2 x"\n')
    indexed = L.leaf_fork(plan.field_at("/tags/*"), "/tags/1", (("/tags", 1),))
    assert indexed.lines[1] == "ITEM 1 of /tags\n" and indexed.lines[-1] == "ANSWER:"
    assert [indexed.lines[i] for i in indexed.option_lines] == ['- "refund"\n', '- "damage"\n', '- "late"\n']
    anger = L.leaf_fork(plan.field_at("/anger"), "/anger")
    assert [anger.lines[i] for i in anger.option_lines] == ["- 1: calm\n", "- 2\n", "- 3\n", "- 4\n", "- 5: furious\n"]
    nullable = compile_schema({"type": "object", "properties": {
        "s": {"type": ["integer", "null"], "minimum": 0, "maximum": 2}}}).field_at("/s")
    lines = L.leaf_fork(nullable, "/s")
    assert lines.lines[lines.option_lines[-1]] == "- null\n"
    block = L.known_values_block([("/dept", "tech"), ("/items/0/price", None)])
    assert block == 'KNOWN VALUES:\n/dept = "tech"\n/items/0/price = null\n'
