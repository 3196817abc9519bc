"""Calibrating what is served (`deg_model.training.served_calibration`): a decide kind's
weights scaled by 1/T compose its score divided by T, so the fitted temperatures fold into the
scoring settings; values stay, probabilities move to the fit, and the NLL of the gold falls."""
from __future__ import annotations

import dataclasses

import pytest
import torch

from deg import compile_schema
from deg.request import FillOptions
from deg_model.scoring import Mix, ScoringSettings
from deg_model.training.calibration import served_scores
from deg_model.training.prior_fit import leaf_accuracy, record_leaves
from deg_model.training.served_calibration import SCALED_WEIGHTS, calibrate_served, scaled

from runtime_fixtures import CONTEXT, SCHEMA, make_runtime

DECIDE = {**SCHEMA, "properties": {k: SCHEMA["properties"][k] for k in ("dept", "urgent", "anger", "tags")},
          "required": ["dept", "urgent", "anger"]}
SETTINGS = ScoringSettings(choice=Mix(1.0, 0.5), score=Mix(1.5, 0.5), noul=Mix(0.5, 1.0),
                           verbatim_weight=4.0, noul_shift=-0.5)
GOLDS = [{"dept": "tech", "urgent": True, "anger": 4, "tags": ["refund"]},
         {"dept": "billing", "urgent": False, "anger": 2, "tags": ["late", "damage"]},
         {"dept": "sales", "urgent": True, "anger": 1, "tags": []}]


@pytest.fixture(scope="module")
def recorded(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    records = [{"context": CONTEXT + f"\nNote {i}.", "schema": DECIDE, "value": gold} for i, gold in enumerate(GOLDS)]
    return rt, record_leaves(rt, records)


def test_scaling_a_kind_scales_its_composed_score_and_nothing_else(recorded):
    rt, leaves = recorded
    base = served_scores(rt, leaves, SETTINGS)
    for kind in SCALED_WEIGHTS:
        moved = served_scores(rt, leaves, scaled(SETTINGS, kind, 0.25))
        for leaf, a, b in zip(leaves, base, moved):
            factor = 0.25 if leaf.question.head == kind else 1.0
            assert torch.allclose(b, a * factor, rtol=1e-12, atol=1e-12), (kind, leaf.question.pointer)


def test_the_fitted_temperatures_fold_into_the_settings(recorded):
    rt, leaves = recorded
    served, report = calibrate_served(rt, leaves, SETTINGS)
    assert rt.scoring != served                                     # the runtime is left as found
    fitted = [k for k in SCALED_WEIGHTS if report[k].get("questions")]
    assert {"choice", "noul", "score"} == set(fitted)
    for kind in fitted:
        t = report[kind]["temperature"]
        assert served.mix(kind).head == pytest.approx(SETTINGS.mix(kind).head / t)
        assert report[kind]["nll_after"] <= report[kind]["nll_before"] + 1e-12
    assert served.noul_shift == pytest.approx(SETTINGS.noul_shift / report["noul"]["temperature"])
    assert served.extract == SETTINGS.extract and served.null_margin == SETTINGS.null_margin
    assert leaf_accuracy(rt, leaves, served) == leaf_accuracy(rt, leaves, SETTINGS)   # values unchanged
    # served, the runtime's probabilities are the calibrated ones
    rt.set_scoring(served)
    try:
        raw = rt.fill(CONTEXT + "\nNote 0.", compile_schema(DECIDE), FillOptions())
    finally:
        rt.set_scoring(ScoringSettings())
    dept = next(o for o in raw.fields if o.pointer == "/dept")
    logits = served_scores(rt, [l for l in leaves if l.question.pointer == "/dept"][:1], served)[0]
    assert dept.probabilities == torch.softmax(logits, -1).tolist()
    assert dataclasses.replace(served, choice=SETTINGS.choice, score=SETTINGS.score, noul=SETTINGS.noul,
                               verbatim_weight=4.0, noul_shift=-0.5) == SETTINGS
