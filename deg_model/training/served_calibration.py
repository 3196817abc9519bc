"""Calibrating what is served: one temperature per decide kind, fitted on the composed score.

The heads' temperatures (`calibration.py`) are fitted on the raw head logits; the served
probability is the softmax of the score composed from every term the checkpoint weighs (the
head, the LM prior, verbatim option evidence, the true/false shift: `deg_model.scoring`). Every
decide term is its evidence times a weight of the scoring settings, so a kind's composed score
divided by T is the score composed with that kind's weights divided by T
(`SCALED_WEIGHTS`): the fitted temperature is folded into the settings, and the runtime serves
calibrated probabilities with no extra step. The argmax, and so every value, is unchanged.

The fit reads leaves recorded on held-out validation domains (`prior_fit.record_leaves`) and
their served scores (`calibration.served_scores`); the NLL of the gold option is minimized by
the same deterministic golden-section search the heads' calibration uses. Extract keeps its
weights: its composed score is capped (`scoring.terms.capped`), which a scale does not commute
with.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from degcommon.metrics import expected_calibration_error

from ..runtime.questions import decide_options
from ..scoring import Mix, ScoringSettings
from .calibration import KindData, confidences, fit_temperature, nll, served_scores
from .prior_fit import MISSING, Leaf, RecordedScoring

# Per decide kind, the settings' weights besides its mix that weigh one of its terms.
SCALED_WEIGHTS: dict[str, tuple[str, ...]] = {"choice": ("verbatim_weight",), "score": (), "noul": ("noul_shift",)}


def scaled(settings: ScoringSettings, kind: str, factor: float) -> ScoringSettings:
    """The settings with every weight of `kind`'s terms multiplied by `factor`."""
    mix = settings.mix(kind)
    return dataclasses.replace(settings.with_mix(**{kind: Mix(mix.head * factor, mix.prior * factor)}),
                               **{name: getattr(settings, name) * factor for name in SCALED_WEIGHTS[kind]})


def served_kind_data(runtime, leaves: "Sequence[Leaf] | RecordedScoring", settings: ScoringSettings) -> dict[str, KindData]:
    """Per decide kind: the composed logits of each leaf with a gold option, and its index."""
    data = {kind: KindData() for kind in SCALED_WEIGHTS}
    scoring = RecordedScoring.of(runtime, leaves)
    for leaf, logits in zip(scoring.leaves, served_scores(runtime, scoring, settings)):
        kind = leaf.question.head
        if kind not in data or leaf.gold is MISSING:
            continue
        options = decide_options(leaf.question.field)
        if leaf.gold in options:
            data[kind].logits.append(logits.double())
            data[kind].targets.append(options.index(leaf.gold))
    return data


def calibrate_served(runtime, leaves: "Sequence[Leaf] | RecordedScoring", settings: ScoringSettings) -> tuple[ScoringSettings, dict[str, Any]]:
    """-> (the settings with each decide kind's fitted temperature folded in, a report per kind
    and the pooled decide ECE before and after)."""
    data = served_kind_data(runtime, leaves, settings)
    out, report = settings, {}
    pooled: dict[str, tuple[list, list]] = {"before": ([], []), "after": ([], [])}
    for kind, d in data.items():
        if not d.logits:
            report[kind] = {"questions": 0}
            continue
        t = fit_temperature(kind, d)
        before, after = confidences(kind, d, 1.0), confidences(kind, d, t)
        for name, side in (("before", before), ("after", after)):
            pooled[name][0].extend(side[0])
            pooled[name][1].extend(side[1])
        out = scaled(out, kind, 1.0 / t)
        report[kind] = {"questions": len(d.logits), "temperature": t, "nll_before": nll(kind, d, 1.0),
                        "nll_after": nll(kind, d, t), "ece_before": expected_calibration_error(*before),
                        "ece_after": expected_calibration_error(*after)}
    for name, (conf, correct) in pooled.items():
        report[f"decide_ece_{name}"] = expected_calibration_error(conf, correct) if conf else None
    return out, report
