"""The fit's objective (`prior_fit.OBJECTIVES`): on accuracy the most correct leaves win; on
likelihood a decide kind's mix is the one whose gold options are most probable (a proper score),
while extract is still fitted on accuracy (`fit-check`, which measures each objective on domains
its fit never saw: `tests/services/training/test_fit_check.py`)."""
from __future__ import annotations

import itertools

import pytest

from deg_model.scoring import Mix, ScoringSettings
from deg_model.training.prior_fit import (GRID, OBJECTIVES, RecordedScoring, _judged, _rank, _score, all_on,
                                          beats_default, fit_adjustments, fit_mix, record_leaves)

from runtime_fixtures import CONTEXT, SCHEMA, make_runtime

GOLD = {"dept": "tech", "urgent": True, "anger": 4, "order_id": "A-1234", "total": 1234.5, "due": None,
        "email": "jane.doe@example.com"}


@pytest.fixture(scope="module")
def recorded(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    schema = {**SCHEMA, "properties": {k: v for k, v in SCHEMA["properties"].items() if k in GOLD},
              "required": ["dept", "urgent", "email"]}
    contexts = [CONTEXT, CONTEXT + "\nNot urgent after all.", "Routed to billing. " + CONTEXT]
    golds = [GOLD, {**GOLD, "urgent": False}, {**GOLD, "dept": "billing"}]
    records = [{"context": c, "schema": schema, "value": g, "domain": f"d{n % 2}"}
               for n, (c, g) in enumerate(zip(contexts, golds))]
    return rt, records, RecordedScoring(rt, record_leaves(rt, records))


def test_the_ranks_order_correct_leaves_and_gold_likelihood():
    more_correct, more_likely = (3, -2.0), (2, -0.5)
    assert max([more_correct, more_likely], key=_rank("noul", "accuracy")) == more_correct
    assert max([more_correct, more_likely], key=_rank("noul", "likelihood")) == more_likely
    assert max([more_correct, more_likely], key=_rank("choice", "likelihood")) == more_likely
    assert max([more_correct, more_likely], key=_rank("extract", "likelihood")) == more_correct
    with pytest.raises(ValueError, match="objective"):
        _rank("noul", "loss")


def test_a_likelihood_fit_picks_the_mix_with_the_most_probable_gold(recorded):
    rt, _, scoring = recorded
    _, by_accuracy = fit_mix(rt, scoring, objective="accuracy")
    mix, report = fit_mix(rt, scoring, objective="likelihood")
    base = all_on(ScoringSettings())
    for kind in ("choice", "noul", "score"):
        mine = [i for i, leaf in enumerate(scoring.leaves) if leaf.question.head == kind]
        if not mine:
            continue
        scored = {w: _score(scoring, mine, base.with_mix(**{kind: Mix(*w)}))
                  for w in itertools.product(GRID, GRID) if w != (0.0, 0.0)}
        best_lp = max(lp for _, lp in scored.values())
        assert scored[tuple(report[kind]["mix"])][1] == best_lp, kind
        best_correct = max(c for c, _ in scored.values())
        assert scored[tuple(by_accuracy[kind]["mix"])][0] == best_correct, kind
    assert report["extract"]["mix"] == by_accuracy["extract"]["mix"]      # extract: accuracy either way
    values, groups = fit_adjustments(rt, scoring, mix, objective="likelihood")
    assert set(values) >= {"noul_shift", "null_margin"} and all(g["with"] >= 0 for g in groups.values())


def test_a_significant_fit_keeps_the_heads_alone_unless_a_mix_wins_by_more_than_chance(recorded):
    rt, _, scoring = recorded
    _, report = fit_mix(rt, scoring, objective="significant")
    base = all_on(ScoringSettings())
    for kind, row in report.items():
        mine = [i for i, leaf in enumerate(scoring.leaves) if leaf.question.head == kind]
        chosen = tuple(row["mix"])
        heads = [ok for ok, _ in _judged(scoring, mine, base.with_mix(**{kind: Mix(1.0, 0.0)}))]
        mixed = [ok for ok, _ in _judged(scoring, mine, base.with_mix(**{kind: Mix(*chosen)}))]
        assert chosen == (1.0, 0.0) or beats_default(mixed, heads), kind
        if len(mine) <= 4:      # w - l <= w <= 2 sqrt(w) for w <= 4: too few leaves to win
            assert chosen == (1.0, 0.0), kind
    values, _ = fit_adjustments(rt, scoring, ScoringSettings().with_mix(), objective="significant")
    assert set(values) >= {"noul_shift", "null_margin"}


def test_a_fitted_value_must_win_more_leaves_than_chance_would():
    assert not beats_default([True, True, False], [False, False, False])        # 2 wins: noise
    assert not beats_default([True] * 10 + [False] * 6, [False] * 10 + [True] * 6)   # 10 to 6
    assert beats_default([True] * 10 + [True] * 20, [False] * 10 + [True] * 20)    # 10 to 0
    assert not beats_default([True] * 4, [True] * 4)                             # no leaf differs
    assert beats_default([True] * 6, [False] * 6, z=2.0) and not beats_default([True] * 4, [False] * 4, z=2.0)
