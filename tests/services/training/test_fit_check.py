"""`fit-check` (`services.training.fit_check`): every objective is fitted on all domains but one
and measured on that one, so every leaf is answered by a fit that never saw its domain."""
from __future__ import annotations

import pytest

from deg_model.checkpoint import CheckpointConfig, fresh_heads
from deg_model.runtime import Runtime
from deg_model.training.prior_fit import OBJECTIVES
from services.training.fit_check import HEADS_ALONE, check_objectives, fit_check
from tiny_llama import tiny_llama_backbone

SCHEMA = {"type": "object", "required": ["dept", "urgent", "order_id"], "properties": {
    "dept": {"enum": ["billing", "tech", "sales"]}, "urgent": {"type": "boolean"},
    "order_id": {"type": "string"}, "total": {"type": ["number", "null"]}}}


@pytest.fixture(scope="module")
def runtime() -> Runtime:
    backbone = tiny_llama_backbone()
    config = CheckpointConfig(model_id="t", backbone="t", hidden=backbone.spec.hidden_size, array_mode="anchor")
    return Runtime(backbone, fresh_heads(backbone.spec.hidden_size), config)


def _record(n: int) -> dict:
    urgent, dept = n % 2 == 0, ("billing", "tech", "sales")[n % 3]
    context = (f"Ticket for the {dept} team. Order A-{1000 + n}, total ${10 * n}.50. "
               + ("This is urgent." if urgent else "No rush."))
    return {"context": context, "schema": SCHEMA, "domain": f"d{n % 2}",
            "value": {"dept": dept, "urgent": urgent, "order_id": f"A-{1000 + n}", "total": 10 * n + 0.5}}


def test_each_domain_is_answered_by_a_fit_on_the_others(runtime):
    records = [_record(n) for n in range(4)]
    report = check_objectives(runtime, records)
    assert report["domains"] == ["d0", "d1"] and set(report["objectives"]) == {*OBJECTIVES, HEADS_ALONE}
    for objective, row in report["objectives"].items():
        assert set(row["folds"]) == {"d0", "d1"}, objective
        assert sum(m["leaves"] for m in row["modes"].values()) == report["leaves"]
        assert set(row["modes"]) >= {"decide.choice", "decide.noul", "extract.span"}
        assert 0.0 <= row["field_accuracy"] <= 1.0 and 0.0 <= row["decide_ece"] <= 1.0
        assert row["decide_questions"] == 8 and row["decide_nll"] > 0.0     # dept and urgent, 4 records
    alone = report["objectives"][HEADS_ALONE]["folds"]["d0"]
    assert all(alone[kind] == [1.0, 0.0] or alone[kind][1] == 0.0 for kind in ("choice", "noul", "extract"))
    with pytest.raises(ValueError, match="two domains"):
        check_objectives(runtime, records[:1])


def test_test_and_train_domains_are_refused():
    for split in ("test", "train"):
        with pytest.raises(ValueError, match="held-out validation"):
            fit_check("unused", split=split)
