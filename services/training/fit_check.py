"""`python -m services.training fit-check`: which fit objective carries to domains it was not fit on.

    python -m services.training fit-check --checkpoint DIR [--seed 11] [--split val_heldout] [--limit 40]

The validation records are recorded once (`prior_fit.record_leaves`). Then, for each fit
objective (`prior_fit.OBJECTIVES`), the mix, the rules' weights and the served temperatures are
fitted on every domain but one and measured on that one (leave one domain out), so every leaf
is answered by a fit that never saw its domain, as a finished checkpoint answers a test
domain. Reported per objective, and for the heads alone (only the temperatures fitted), over
the left-out domains together: accuracy per leaf mode, the decide leaves' gold NLL and their
pooled ECE, and each fold's fitted mix.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any, Sequence

from tqdm import tqdm

from degcommon.datagen_scoring import leaf_correct
from degcommon.metrics import expected_calibration_error
from degdata import generate
from deg_model.runtime import load_runtime
from deg_model.runtime.questions import decide_options
from deg_model.scoring import PRIOR_KINDS, ScoringSettings
from deg_model.training.prior_fit import (MISSING, OBJECTIVES, RecordedScoring, fit_adjustments, fit_mix,
                                          option_probabilities, record_leaves)
from deg_model.training.served_calibration import calibrate_served

HEADS_ALONE = "heads_alone"     # the baseline: no mix, no rule, only the served temperatures fitted


def _measure(scoring: RecordedScoring, settings, tally: dict[str, Any]) -> None:
    for i, leaf in enumerate(scoring.leaves):
        if not scoring.scored(i):
            continue
        field, gold = leaf.question.field, None if leaf.gold is MISSING else leaf.gold
        out = scoring.outcome(i, settings)
        ok = bool(leaf_correct(field.mode, gold, out.value if out.found else None))
        row = tally["modes"].setdefault(field.mode, [0, 0])
        row[0], row[1] = row[0] + ok, row[1] + 1
        probs = option_probabilities(out, field)
        options = decide_options(field) if probs is not None else []
        if probs is not None and gold in options:
            tally["nll"].append(-math.log(max(probs[options.index(gold)], 1e-12)))
            tally["confidence"].append(max(probs))
            tally["correct"].append(probs.index(max(probs)) == options.index(gold))


def fit_check(checkpoint: str, *, seed: int = 11, split: str = "val_heldout", limit: int = 40,
              progress: bool = True) -> dict[str, Any]:
    if split in ("train", "test"):
        raise ValueError(f"the fit is checked on held-out validation domains, not {split!r}")
    records = list(generate(seed, limit, split=split))
    return {"seed": seed, "split": split, **check_objectives(load_runtime(checkpoint), records, progress=progress)}


def check_objectives(runtime, records: Sequence[dict[str, Any]], progress: bool = False) -> dict[str, Any]:
    """Leave one domain out (`record["domain"]`), per objective: see the module's docstring."""
    domains: list[str] = []
    leaves = []
    for record in tqdm(records, desc="fit-check", disable=not progress):
        mine = record_leaves(runtime, [record])
        leaves += mine
        domains += [record["domain"]] * len(mine)
    if len(set(domains)) < 2:
        raise ValueError("leaving one domain out needs records of at least two domains")
    scoring = RecordedScoring(runtime, leaves)
    report: dict[str, Any] = {"records": len(records), "leaves": len(leaves), "domains": sorted(set(domains)),
                              "objectives": {}}
    for objective in (*OBJECTIVES, HEADS_ALONE):
        tally: dict[str, Any] = {"modes": {}, "nll": [], "confidence": [], "correct": []}
        folds = {}
        for held in sorted(set(domains)):
            fit_on = scoring.subset([i for i, d in enumerate(domains) if d != held])
            if objective == HEADS_ALONE:
                mix, adjust = ScoringSettings(), {}
            else:
                mix, _ = fit_mix(runtime, fit_on, objective=objective)
                adjust, _ = fit_adjustments(runtime, fit_on, mix, objective=objective)
            served, _ = calibrate_served(runtime, fit_on, dataclasses.replace(mix, **adjust))
            _measure(scoring.subset([i for i, d in enumerate(domains) if d == held]), served, tally)
            folds[held] = {kind: [served.mix(kind).head, served.mix(kind).prior] for kind in PRIOR_KINDS} | adjust
        modes = {mode: {"accuracy": c / n, "leaves": n} for mode, (c, n) in sorted(tally["modes"].items())}
        correct, scored = (sum(v[i] for v in tally["modes"].values()) for i in (0, 1))
        report["objectives"][objective] = {
            "field_accuracy": correct / max(scored, 1), "modes": modes,
            "decide_nll": sum(tally["nll"]) / max(len(tally["nll"]), 1),
            "decide_ece": expected_calibration_error(tally["confidence"], tally["correct"]),
            "decide_questions": len(tally["nll"]), "folds": folds}
    return report
