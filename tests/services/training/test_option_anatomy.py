"""The choice and score heads with and without the option reader (`services.training.option_anatomy`)."""
from __future__ import annotations

import dataclasses

import torch

from deg_model.checkpoint import fresh_heads
from deg_model.training.features import record_context
from services.training.option_anatomy import option_anatomy

from test_train_trainer import H, synthetic_records


def _records():
    records = synthetic_records(6, seed=2)
    for k, rec in enumerate(records):
        rec.uid = f"{'ab'[k % 2]}_dom-{k:04x}"
        choice = next(q for q in rec.questions if q.kind == "choice")
        rec.questions.append(dataclasses.replace(choice, kind="score", pointer="/s", target=(k + 1) % 3))
    return records


def _right(heads, records, kind, reads):
    right = 0
    with torch.no_grad():
        for rec in records:
            reader = heads.reader_keys(record_context(heads, rec), options=True) if reads else None
            for q in rec.questions:
                if q.kind == kind:
                    head = heads.choice if kind == "choice" else heads.score
                    right += int(heads.option_scores(head, q.a, q.o, reader).argmax()) == q.target
    return right


def test_a_silent_reader_reads_as_the_head_alone_and_every_question_counts():
    heads = fresh_heads(H, seed=4)
    out = option_anatomy(heads, _records())
    for kind in ("choice", "score"):
        assert out[kind]["questions"] == 6 and out[kind]["read"] == out[kind]["alone"]
        assert set(out[kind]["by_domain"]) == {"a_dom", "b_dom"}
        assert out[kind]["by_domain"]["a_dom"]["questions"] == 3
        assert "with_prior" not in out[kind] and "pointer" not in out[kind]


def test_a_trained_reader_is_measured_apart_from_the_head():
    heads = fresh_heads(H, seed=4)
    with torch.no_grad():
        heads.option_value.weight.copy_(torch.randn(heads.option_value.weight.shape,
                                                    generator=torch.Generator().manual_seed(9)) * 3)
    records = _records()
    out = option_anatomy(heads, records)
    for kind in ("choice", "score"):
        assert out[kind]["read"] == round(_right(heads, records, kind, True) / 6, 4)
        assert out[kind]["alone"] == round(_right(heads, records, kind, False) / 6, 4)


def test_the_prior_and_the_pointer_are_scored_where_the_cache_holds_them():
    heads = fresh_heads(H, seed=4)
    records = _records()
    for rec in records:
        for q in rec.questions:
            if q.kind == "score":
                q.prior = torch.full((q.o.shape[0],), -50.0, dtype=torch.float64)
                q.prior[q.target] = 0.0          # a prior that knows the answer outweighs the head
                q.evidence = (1, 2)
    out = option_anatomy(heads, records)["score"]
    assert out["with_prior"] == 1.0
    assert out["pointer"]["questions"] == 6 and 0.0 < out["pointer"]["weight_on_evidence"] < 1.0
    assert "with_prior" not in option_anatomy(heads, records)["choice"]
