"""`python -m services.training rule-ablation`: which score terms still earn their place.

    python -m services.training rule-ablation --checkpoint DIR [--seed 11] [--split val_heldout]
        [--limit 40] [--threshold 0.01] [--out DIR]

On held-out validation domains (never train or test domains): every leaf is recorded once with
every prior row on (`prior_fit.record_leaves`), and the LM-prior mix and the rules' weights are
fitted on those leaves (`fit_mix`, `fit_adjustments`, on `--objective`: accuracy, the decide
kinds' gold likelihood, or accuracy won by more than chance: `prior_fit.OBJECTIVES`), so each
term starts at its best weight.
Then terms are retired by backward elimination: each kept term is switched off in turn, and
the one whose absence costs least is retired while that cost is under `threshold` of field
accuracy (correct leaves over scored leaves); retiring stops when every kept term is worth at
least that. The leaf terms are scored offline exactly as served (`prior_fit.leaf_accuracy`);
`layout_rows`, which decides which items an array has, is measured by whole fills of the same
records, with and without it, under the leaf terms kept.

Last, what is served is calibrated: a temperature per decide kind fitted on the score composed
from the kept terms, on the same leaves, and folded into their weights
(`deg_model.training.served_calibration`; values do not change, probabilities do).

With `--out` the checkpoint is copied there with those settings as its scoring settings
(`deg.json["scoring"]`) and the report in its provenance (`rule_ablation`).
"""
from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any, Callable

from tqdm import tqdm

from degcommon.datagen_scoring import RuntimeFiller, evaluate_datagen
from degdata import generate
from deg_model.checkpoint import load_checkpoint, save_checkpoint
from deg_model.runtime import load_runtime
from deg_model.scoring import PRIOR_KINDS, Mix, ScoringSettings
from deg_model.training.prior_fit import RecordedScoring, fit_adjustments, fit_mix, leaf_accuracy, record_leaves
from deg_model.training.served_calibration import calibrate_served


def _prior_off(s: ScoringSettings) -> ScoringSettings:
    return s.with_mix(**{k: Mix(s.mix(k).head or 1.0, 0.0) for k in PRIOR_KINDS})


# The leaf terms, each with the settings that switch it off.
LEAF_TERMS: dict[str, Callable[[ScoringSettings], ScoringSettings]] = {
    "prior_mix": _prior_off,
    "verbatim": lambda s: dataclasses.replace(s, verbatim_weight=0.0),
    "noul_shift": lambda s: dataclasses.replace(s, noul_shift=0.0),
    "relevance": lambda s: dataclasses.replace(s, relevance_weight=0.0),
    "closing": lambda s: dataclasses.replace(s, closing_weight=0.0),
    "null_margin": lambda s: dataclasses.replace(s, null_margin=0.0),
}


def is_on(name: str, s: ScoringSettings) -> bool:
    return LEAF_TERMS[name](s) != s


def eliminate(accuracy: Callable[[ScoringSettings], float], start: ScoringSettings,
              threshold: float) -> tuple[ScoringSettings, list[dict[str, Any]]]:
    """Backward elimination from `start`: -> (the settings kept, one entry per round with every
    kept term's cost and what was retired)."""
    current, rounds = start, []
    while True:
        base = accuracy(current)
        costs = {name: base - accuracy(off(current)) for name, off in LEAF_TERMS.items() if is_on(name, current)}
        if not costs:
            break
        cheapest = min(costs, key=lambda n: (costs[n], n))
        retire = costs[cheapest] < threshold
        rounds.append({"accuracy": base, "cost_of_removing": costs, "retired": cheapest if retire else None})
        if not retire:
            break
        current = LEAF_TERMS[cheapest](current)
    return current, rounds


def whole_fill_accuracy(runtime, records, settings: ScoringSettings) -> float:
    """Correct leaves over scored leaves of whole fills under `settings` (arrays included)."""
    saved = runtime.scoring
    runtime.set_scoring(settings)
    try:
        result = evaluate_datagen(records, RuntimeFiller(runtime), progress=False)
    finally:
        runtime.set_scoring(saved)
    scored = [leaf.correct for row in result.rows for leaf in row.leaves if leaf.correct is not None]
    return sum(scored) / max(len(scored), 1)


def rule_ablation(checkpoint: str, *, seed: int = 11, split: str = "val_heldout", limit: int = 40,
                  threshold: float = 0.01, objective: str = "accuracy", out: str | None = None,
                  progress: bool = True) -> dict[str, Any]:
    if split in ("train", "test"):
        raise ValueError(f"rule ablation fits on held-out validation domains, not {split!r}")
    runtime = load_runtime(checkpoint)
    records = list(generate(seed, limit, split=split))
    seconds: dict[str, float] = {}
    clock = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        seconds[name], clock = round(now - clock, 1), now

    bar = tqdm(total=len(records), desc="rule-ablation", disable=not progress)
    leaves = record_leaves(runtime, records, progress=lambda n: bar.update(1))
    bar.close()
    leaves = RecordedScoring(runtime, leaves)         # each leaf's evidence read once for every fit below
    lap("record")
    mix, _ = fit_mix(runtime, leaves, objective=objective)
    adjust, _ = fit_adjustments(runtime, leaves, mix, objective=objective)
    # the mark threshold was fitted with the decode mode (`choose-decode`); it stays as it is
    fitted = dataclasses.replace(mix, **adjust, layout_rows=True, anchor_shift=runtime.scoring.anchor_shift)
    lap("fit")

    def accuracy(settings: ScoringSettings) -> float:
        return leaf_accuracy(runtime, leaves, settings)["all"]["accuracy"]

    kept, rounds = eliminate(accuracy, fitted, threshold)
    lap("eliminate")
    with_rows = whole_fill_accuracy(runtime, records, kept)
    without_rows = whole_fill_accuracy(runtime, records, dataclasses.replace(kept, layout_rows=False))
    keep_rows = with_rows - without_rows >= threshold
    kept = dataclasses.replace(kept, layout_rows=keep_rows)
    lap("layout_rows")
    served, calibration = calibrate_served(runtime, leaves, kept)
    lap("calibrate")
    report = {"records": len(records), "seed": seed, "split": split, "threshold": threshold, "objective": objective,
              "leaves": len(leaves.leaves), "fitted": fitted.to_dict(), "rounds": rounds,
              "layout_rows": {"with": with_rows, "without": without_rows, "kept": keep_rows},
              "kept": sorted([n for n in LEAF_TERMS if is_on(n, kept)] + (["layout_rows"] if keep_rows else [])),
              "retired": sorted([n for n in LEAF_TERMS if is_on(n, fitted) and not is_on(n, kept)]
                                + ([] if keep_rows else ["layout_rows"])),
              "calibration": calibration, "field_accuracy": accuracy(served), "scoring": served.to_dict(),
              "seconds": seconds}
    if out is not None:
        report["out"] = _write(checkpoint, out, served, "rule_ablation", report)
    return report


def _write(checkpoint: str, out: str, served: ScoringSettings, key: str, report: dict[str, Any]) -> str:
    """`checkpoint` copied to `out` serving `served`, with `report` in its provenance under `key`."""
    config, heads, adapters = load_checkpoint(Path(checkpoint))
    config = dataclasses.replace(config, scoring=served, provenance={**config.provenance, key: dict(report)})
    save_checkpoint(out, config, heads, adapters)
    return str(out)


def recalibrate(checkpoint: str, *, seed: int = 11, split: str = "val_heldout", limit: int = 40,
                out: str | None = None, progress: bool = True) -> dict[str, Any]:
    """What is served calibrated again with the kept terms as they are (`calibrate-served`):
    after a fit moved a head's logits (`fit-options`), the temperatures folded into its weights
    were fitted on other logits. Each decide kind's fitted temperature multiplies the one
    already folded in; values do not change, probabilities do."""
    if split in ("train", "test"):
        raise ValueError(f"served calibration fits on held-out validation domains, not {split!r}")
    runtime = load_runtime(checkpoint)
    records = list(generate(seed, limit, split=split))
    bar = tqdm(total=len(records), desc="calibrate-served", disable=not progress)
    leaves = RecordedScoring(runtime, record_leaves(runtime, records, progress=lambda n: bar.update(1)))
    bar.close()
    served, calibration = calibrate_served(runtime, leaves, runtime.scoring)
    report = {"records": len(records), "seed": seed, "split": split, "leaves": len(leaves.leaves),
              "calibration": calibration, "field_accuracy": leaf_accuracy(runtime, leaves, served)["all"]["accuracy"],
              "scoring": served.to_dict()}
    if out is not None:
        report["out"] = _write(checkpoint, out, served, "served_calibration", report)
    return report
