"""Recorded leaves scored under any settings (`prior_fit.RecordedScoring`): each leaf's evidence
is read once, and every outcome is exactly what a reader under those settings composes (the
fits of the prior mix, the rules' weights, the rule ablation and the served calibration all
score this way, over and over)."""
from __future__ import annotations

import dataclasses

import pytest
import torch

from deg_model.runtime.decide import LeafReader
from deg_model.scoring import Mix, ScoringSettings
from deg_model.training.prior_fit import RecordedScoring, recording_prior, record_leaves, scorer

from runtime_fixtures import CONTEXT, SCHEMA, make_runtime

GOLD = {"dept": "tech", "urgent": True, "anger": 4, "order_id": "A-1234", "total": 1234.5, "due": None,
        "email": "jane.doe@example.com", "items": [{"name": "Widget", "price": 10.0}], "tags": ["refund"]}
RULES = ScoringSettings(choice=Mix(1.0, 0.5), score=Mix(1.5, 0.5), noul=Mix(0.5, 1.0), extract=Mix(1.0, 0.25),
                        verbatim_weight=2.0, noul_shift=-0.5, null_margin=1.5, relevance_weight=8.0,
                        closing_weight=2.0)
VARIANTS = [RULES, ScoringSettings.heads_only(), ScoringSettings.prior_only(), RULES.adjustments_off(),
            dataclasses.replace(RULES, relevance_weight=0.0, closing_weight=0.0),
            dataclasses.replace(RULES, verbatim_weight=0.0), dataclasses.replace(RULES, null_margin=-2.0),
            dataclasses.replace(RULES, relevance_weight=0.0)]


@pytest.fixture(scope="module")
def recorded(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    records = [{"context": CONTEXT + f"\nNote {i}.", "schema": SCHEMA, "value": GOLD} for i in range(2)]
    return rt, record_leaves(rt, records)


def test_every_outcome_is_what_a_reader_under_the_settings_composes(recorded):
    rt, leaves = recorded
    assert {leaf.question.head for leaf in leaves} >= {"choice", "score", "noul", "extract"}
    scoring = RecordedScoring(rt, leaves)
    for settings in VARIANTS + VARIANTS[::-1]:          # and again, from the kept spans
        reader = scorer(rt, recording_prior(rt), settings)
        for i, leaf in enumerate(leaves):
            with torch.inference_mode():
                expected = reader.leaves([(leaf.question, leaf.answer)], leaf.trunk, leaf.options)[0]
            assert scoring.outcome(i, settings) == expected, (settings, leaf.question.pointer)


def test_each_leaf_is_read_once_however_many_settings_are_scored(recorded, monkeypatch):
    rt, leaves = recorded
    reads = []
    original = LeafReader.evidence
    monkeypatch.setattr(LeafReader, "evidence", lambda self, *a, **k: reads.append(1) or original(self, *a, **k))
    scoring = RecordedScoring(rt, leaves)
    for settings in VARIANTS:
        for i in range(len(leaves)):
            scoring.outcome(i, settings)
    assert len(reads) == len(leaves)
    assert RecordedScoring.of(rt, scoring) is scoring
