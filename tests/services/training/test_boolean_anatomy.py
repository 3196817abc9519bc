"""Whether the true/false head reads the flag (`services.training.booleans`)."""
from __future__ import annotations

import pytest
import torch

from deg_model.checkpoint import fresh_heads
from deg_model.training.features import record_context
from deg_model.training.objective import raw_logits
from services.training.booleans import boolean_anatomy, domain_of, summary

from test_train_trainer import H, synthetic_records


def test_an_answer_that_ignores_the_document_has_balanced_accuracy_one_half():
    always_true = [(True, 0.9)] * 8 + [(False, 0.8)] * 2
    row = summary(always_true)
    assert row["accuracy"] == 0.8 and row["balanced_accuracy"] == 0.5
    assert row["gold_true"] == 0.8 and row["answered_true"] == 1.0
    reads = summary([(True, 0.9), (True, 0.4), (False, 0.2), (False, 0.1)])
    assert reads["accuracy"] == 0.75 and reads["balanced_accuracy"] == 0.75
    assert reads["nll"] == pytest.approx(-(torch.tensor([0.9, 0.4, 0.8, 0.9]).log().mean().item()), abs=1e-4)
    assert summary([]) == {"questions": 0}


def test_domains_come_from_uids_and_every_true_false_question_is_counted():
    assert domain_of("bug_report-1f2e3d~v1") == "bug_report" and domain_of("car_listing-00") == "car_listing"
    heads = fresh_heads(H, seed=4)
    records = synthetic_records(6, seed=1)
    for k, rec in enumerate(records):
        rec.uid = f"{'ab'[k % 2]}_dom-{k:04x}"
    out = boolean_anatomy(heads, records)
    nouls = [(rec, q) for rec in records for q in rec.questions if q.kind == "noul"]
    assert out["questions"] == len(nouls) == 6
    assert set(out["by_domain"]) == {"a_dom", "b_dom"} and out["by_domain"]["a_dom"]["questions"] == 3
    with torch.no_grad():
        right = sum((float(torch.softmax(raw_logits(heads, q, record_context(heads, rec)), -1)[0]) > 0.5)
                    == (q.target == 0) for rec, q in nouls)
    assert out["accuracy"] == round(right / 6, 4)


def test_the_pointer_is_scored_on_the_decide_questions_whose_evidence_is_named():
    from services.training.booleans import pointer_hit
    p = torch.tensor([0.1, 0.6, 0.2, 0.1])
    assert pointer_hit(p, 1, 2) == (True, pytest.approx(0.8)) and pointer_hit(p, 2, 3) == (False, pytest.approx(0.3))
    heads = fresh_heads(H, seed=4)
    records = synthetic_records(4, seed=1)
    assert boolean_anatomy(heads, records)["pointer"] == {"questions": 0}
    for rec in records:
        for q in rec.questions:
            if q.kind in ("choice", "noul"):
                q.evidence = (2, 3)
    pointer = boolean_anatomy(heads, records)["pointer"]
    assert pointer["questions"] == 8 and 0.0 < pointer["weight_on_evidence"] < 1.0
