"""`fill_many` runs the rows of all its jobs in shared fork micro-batches and shared decode
steps, yet every job's raw outcomes and raw head outputs are bitwise those of `fill` alone
(greedy and sampled generation included); failures stay with the job that causes them."""
from __future__ import annotations

import copy
import dataclasses

import pytest
import torch

from deg import compile_schema, render_context
from deg.errors import FillError
from deg.request import FillOptions
from deg_model.errors import ContextTooLong
from deg_model.runtime import FillJob, Observer
from runtime_fixtures import CONTEXT, SCHEMA, make_runtime

GEN = {"type": "string", "x-generate": True, "x-max-tokens": 5}


def _schema(names, extra=None):
    props = {n: copy.deepcopy(SCHEMA["properties"][n]) for n in names}
    props.update(extra or {})
    return {"type": "object", "properties": props,
            "required": [n for n in SCHEMA["required"] if n in props]}


JOBS = [
    (CONTEXT, _schema(list(SCHEMA["properties"])), FillOptions()),
    ("Invoice 12 due 2026-01-02, amount 99.", _schema(["total", "due"], {"note": GEN}), FillOptions()),
    (CONTEXT, _schema(["dept", "urgent", "reply"]), FillOptions(temperature=1.3, seed=5)),
    ("Short.", _schema(["urgent"]), FillOptions()),
    (CONTEXT, _schema(["items", "tags"]), FillOptions(array_decode="hybrid")),
    ("Call 555-0100 about order 7.", _schema(["order_id", "anger"], {"why": GEN}),
     FillOptions(temperature=0.9, seed=2)),
    (CONTEXT, _schema(["tags", "email"]), FillOptions(array_decode="threshold")),
    ("Nothing here at all", _schema(["total"], {"gist": GEN}), FillOptions(null_margin=1.5)),
]


@pytest.fixture(scope="module")
def recorded(tiny_backbone):
    return make_runtime(tiny_backbone, fork_token_budget=256)   # several micro-batches per round


def test_fill_many_of_eight_jobs_equals_each_fill_alone(recorded):
    jobs = [FillJob(c, compile_schema(s), o) for c, s, o in JOBS]
    seen = Observer()
    together = recorded.fill_many(jobs, observer=seen)
    heads_together, stats_together = seen.heads, seen.stats
    assert len(together) == len(heads_together) == len(stats_together) == 8
    for k, job in enumerate(jobs):
        assert not isinstance(together[k], Exception), together[k]
        one = Observer()
        alone = recorded.fill(job.context, job.plan, job.options, observer=one)
        assert together[k] == alone, k
        assert recorded.last_stats == stats_together[k] == one.stats[0]
        assert heads_together[k].keys() == one.last_heads.keys() and heads_together[k], k
        assert all(torch.equal(v, one.last_heads[key]) for key, v in heads_together[k].items()), k
    assert sum(s["generated_tokens"] > 0 for s in stats_together) == 5       # five jobs generate


def test_failures_stay_with_their_job(recorded, monkeypatch):
    # No room kept for fork rows: the long trunk below is read as one window, so its fork rows
    # (not its trunk) pass the model's positions.
    monkeypatch.setattr(recorded, "windowing", dataclasses.replace(recorded.windowing, fork_room=0))
    plan = compile_schema(_schema(["dept"], {"note": GEN}))
    # Generation that cannot meet its limits (5 tokens for 40+ characters): FillError while
    # the other jobs' rows keep decoding in the same steps.
    impossible = compile_schema(_schema(["dept"], {"long": {**GEN, "minLength": 40}}))
    # A trunk whose fork rows would pass the model's 2048 positions: the backbone fails on the
    # shared micro-batch, which is re-run job by job.
    too_long = render_context("word " * 2010)
    jobs = [FillJob(CONTEXT, plan, FillOptions()), FillJob(CONTEXT, impossible, FillOptions()),
            FillJob(too_long, plan, FillOptions()), FillJob("Short.", plan, FillOptions(temperature=1.0, seed=3))]
    results = recorded.fill_many(jobs)
    assert isinstance(results[1], FillError) and "/long" in str(results[1])
    assert isinstance(results[2], ContextTooLong)
    for k in (0, 3):
        assert results[k] == recorded.fill(jobs[k].context, jobs[k].plan, jobs[k].options)
    with pytest.raises(ContextTooLong):
        recorded.fill(too_long, plan, FillOptions())
