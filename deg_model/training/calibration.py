"""Temperature calibration of deg's heads (contract 12.3): what the calibration service runs.

One temperature per head kind (`choice`, `score`, `noul`, `extract`), each fit by
minimizing the mean NLL of the gold outcome over the val questions of that kind, with the
logits divided by T. `count` and `anchor` keep T = 1 (the contract does not fit them).

The fit is a golden-section search over log T in [log 0.05, log 20] (the NLL of a
temperature-scaled softmax is unimodal in log T for a fixed set of logits), run to a fixed
number of iterations in float64 so it is deterministic. A kind with no val question keeps
its temperature (reported as `questions: 0`).

Targets: decide heads fit the one-hot gold value (`--target hard` of the contract); extract
fits the marginal over every gold span alternative (null when absent), the training loss.
ECE (`degcommon.metrics`, `ECE_BINS` equal-width confidence bins) is reported before and after: for decide the top
outcome's probability vs whether it is the gold one; for extract the top start x top end
pair's probability vs whether that pair is a gold pair (null-null when the value is absent).

`calibrate_checkpoint` calibrates a checkpoint in place: load, fit on val features, save
atomically. The checkpoint's `deg.json` provenance gets a `calibration` entry (the report, the
record count); `heads.safetensors` gets the fitted temperatures buffer. The reliability
diagram and the report are written beside it (`reliability.png`, `calibration.json`).

Heads trained as a residual on the LM prior (`--prior-residual`) are served beside it with
weights 1 and 1: on a val cache that keeps the prior, each question's NLL and confidence are
those of that composed score (the temperature scales the head's logits, as served).

Which records: the caller passes val features. Test records and ExtractBench must never be
used to fit; `calibrate` refuses records whose uid is marked as test.

The score served is more than a head's logits (the LM prior, the rules: `deg_model.scoring`).
`served_scores` reads, for leaves recorded through a runtime (`prior_fit.record_leaves`),
the composed score exactly as the server composes it (`scoring.decide_scores`,
`scoring.extract_scores`: the one scoring function the fill runtime calls), so a fit of what
is served can read the same numbers.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import torch

from degcommon.metrics import expected_calibration_error, reliability_bins, reliability_diagram
from deg_model.checkpoint import load_checkpoint, save_checkpoint
from deg_model.heads import HEAD_KINDS, Heads
from deg_model.loading import load_backbone
from deg_model.lora import LoraConfig, load_adapters

from . import losses
from .adapted import adapted_record
from .features import FeatureRecord, attach_embeddings, load_cache, needs_embeddings, record_context
from .objective import raw_logits

FIT_KINDS = ("choice", "score", "noul", "extract")
LOG_T_RANGE = (math.log(0.05), math.log(20.0))
GOLDEN_ITERATIONS = 80


@dataclass
class KindData:
    """Uncalibrated (T = 1) logits of every val question of one head kind, float64."""
    logits: list = field(default_factory=list)     # decide: [n]; extract: (start [T+1], end [T+1])
    targets: list = field(default_factory=list)    # decide: int; extract: tuple of (s, e)
    priors: list = field(default_factory=list)     # per question its cached LM prior or None (may be empty)

    def with_priors(self):
        """(logits, target, prior) per question; no priors kept: None each."""
        priors = self.priors if len(self.priors) == len(self.logits) else [None] * len(self.logits)
        return zip(self.logits, self.targets, priors)


def at_temperature(z: torch.Tensor, prior: torch.Tensor | None, temperature: float) -> torch.Tensor:
    """Logits [n] at `temperature`; beside the cached LM prior (a head trained as its residual),
    the score served with head and prior at weights 1 and 1 (`losses.with_prior`)."""
    return z / temperature if prior is None else losses.with_prior(z / temperature, prior)


def collect(heads: Heads, records: Sequence[FeatureRecord]) -> dict[str, KindData]:
    data = {k: KindData() for k in FIT_KINDS}
    with torch.no_grad():
        for rec in records:
            ctx = record_context(heads, rec)
            keys = heads.span_keys(ctx)
            for q in rec.questions:
                if q.kind not in data:
                    continue
                out = raw_logits(heads, q, ctx, keys)
                if q.kind == "extract":
                    data[q.kind].logits.append((out[0].double(), out[1].double()))
                    data[q.kind].targets.append(q.spans)
                else:
                    data[q.kind].logits.append(out.double())
                    data[q.kind].targets.append(q.target)
                data[q.kind].priors.append(q.prior)
    return data


def nll(kind: str, d: KindData, temperature: float) -> float:
    total = 0.0
    for z, t, prior in d.with_priors():
        if kind == "extract":
            total += float(losses.extract_loss(at_temperature(z[0], prior, temperature), z[1] / temperature, t))
        else:
            total += float(-torch.log_softmax(at_temperature(z, prior, temperature), -1)[t])
    return total / max(1, len(d.logits))


def confidences(kind: str, d: KindData, temperature: float) -> tuple[list[float], list[bool]]:
    conf, correct = [], []
    for z, t, prior in d.with_priors():
        if kind == "extract":
            ps = torch.softmax(at_temperature(z[0], prior, temperature), -1)
            pe = torch.softmax(z[1] / temperature, -1)
            s, e = int(ps.argmax()), int(pe.argmax())
            null = ps.shape[0] - 1
            gold = set(t) if t else {(null, null)}
            conf.append(float(ps[s] * pe[e]))
            correct.append((s, e) in gold)
        else:
            p = torch.softmax(at_temperature(z, prior, temperature), -1)
            conf.append(float(p.max()))
            correct.append(int(p.argmax()) == t)
    return conf, correct


def fit_temperature(kind: str, d: KindData) -> float:
    """argmin_T NLL by golden-section search over log T (deterministic, fixed iterations)."""
    a, b = LOG_T_RANGE
    ratio = (math.sqrt(5) - 1) / 2
    c, e = b - ratio * (b - a), a + ratio * (b - a)
    fc, fe = nll(kind, d, math.exp(c)), nll(kind, d, math.exp(e))
    for _ in range(GOLDEN_ITERATIONS):
        if fc <= fe:
            b, e, fe = e, c, fc
            c = b - ratio * (b - a)
            fc = nll(kind, d, math.exp(c))
        else:
            a, c, fc = c, e, fe
            e = a + ratio * (b - a)
            fe = nll(kind, d, math.exp(e))
    return math.exp((a + b) / 2)


@dataclass
class CalibrationReport:
    temperatures: dict[str, float]
    per_kind: dict[str, dict[str, float]]
    decide_ece_before: float
    decide_ece_after: float

    def as_dict(self) -> dict:
        return {"temperatures": self.temperatures, "per_kind": self.per_kind,
                "decide_ece_before": self.decide_ece_before, "decide_ece_after": self.decide_ece_after}


def calibrate(heads: Heads, records: Sequence[FeatureRecord], *, test_uids: set[str] | None = None,
              plot: str | Path | None = None) -> CalibrationReport:
    """Fit every head kind's temperature on `records` (val) and store it in `heads.temperatures`."""
    if test_uids:
        leaked = sorted(r.uid for r in records if r.uid in test_uids)
        if leaked:
            raise ValueError(f"calibration must not see test records: {leaked[:5]}")
    data = collect(heads, records)
    temps, per_kind = {}, {}
    decide_before: tuple[list, list] = ([], [])
    decide_after: tuple[list, list] = ([], [])
    curves = {}
    for kind in FIT_KINDS:
        d = data[kind]
        current = float(heads.temperatures[HEAD_KINDS.index(kind)])
        t = fit_temperature(kind, d) if d.logits else current
        t = float(torch.tensor(t, dtype=torch.float32))     # the value the fp32 buffer stores
        before, after = confidences(kind, d, 1.0), confidences(kind, d, t)
        temps[kind] = t
        per_kind[kind] = {"questions": len(d.logits), "temperature": t,
                          "nll_before": nll(kind, d, 1.0), "nll_after": nll(kind, d, t),
                          "ece_before": expected_calibration_error(*before),
                          "ece_after": expected_calibration_error(*after),
                          "accuracy": (sum(after[1]) / len(after[1])) if after[1] else 0.0}
        curves[kind] = (before, after)
        if kind != "extract":
            for acc, src in ((decide_before, before), (decide_after, after)):
                acc[0].extend(src[0])
                acc[1].extend(src[1])
    with torch.no_grad():
        for kind, t in temps.items():
            heads.temperatures[HEAD_KINDS.index(kind)] = t
    report = CalibrationReport(temps, per_kind, expected_calibration_error(*decide_before),
                               expected_calibration_error(*decide_after))
    if plot is not None:
        curves["decide"] = (decide_before, decide_after)
        reliability_png(curves, Path(plot))
    return report


def served_scores(runtime, leaves, settings=None) -> list:
    """Per recorded leaf (`prior_fit.Leaf`), its score composed as the server composes it
    under `settings` (default: the runtime's own): a decide leaf's composed logits [n] in head
    order (their softmax is the served distribution), an extract leaf's `scoring.ExtractScores`
    (its spans best first and the null). The runtime's settings are left as found."""
    from deg_model.training.prior_fit import RecordedScoring

    settings = settings if settings is not None else runtime.scoring
    scoring = RecordedScoring.of(runtime, leaves)
    with torch.inference_mode():
        return [scoring.composed(i, settings) for i in range(len(scoring.leaves))]


def reliability_png(curves: dict[str, tuple[tuple[list, list], tuple[list, list]]], path: Path) -> None:
    """Reliability diagram per kind: accuracy vs mean confidence per bin, before and after."""
    kinds = [k for k in ("decide", *FIT_KINDS) if k in curves]
    panels = {kind: {label: reliability_bins(*side) for label, side in zip(("before", "after"), curves[kind])}
              for kind in kinds}
    reliability_diagram(panels, path, title="Temperature calibration")


def calibrate_checkpoint(checkpoint: str | Path, val_features: str | Path) -> CalibrationReport:
    checkpoint = Path(checkpoint)
    config, heads, adapter_tensors = load_checkpoint(checkpoint)
    records = load_cache(val_features)
    if not records:
        raise ValueError(f"{val_features}: no val records to calibrate on")
    residual = "prior_residual" in config.provenance
    if residual != any(q.prior is not None for r in records for q in r.questions):
        raise ValueError(f"{val_features}: a checkpoint {'' if residual else 'not '}trained as a residual on the "
                         f"LM prior calibrates on val features {'with' if residual else 'without'} the prior "
                         f"(features --prior-residual)")
    adapters = None
    embed = heads.context != "hidden" and needs_embeddings(records)
    if embed or adapter_tensors is not None:
        backbone = load_backbone(config.backbone)
        if embed:
            attach_embeddings(records, backbone.weights["embed"])
        if adapter_tensors is not None:
            # the heads read the adapted fork rows: re-read the cached rows with the adapters
            adapters = load_adapters(adapter_tensors, LoraConfig.from_dict(config.lora))
            with torch.no_grad():
                records = [adapted_record(backbone, adapters, rec, grad=False) for rec in records]
    report = calibrate(heads, records, plot=checkpoint / "reliability.png")
    config.provenance = {**config.provenance,
                         "calibration": {**report.as_dict(), "records": len(records), "source": "datagen-val"}}
    extra = {p.name: p.read_bytes() for p in checkpoint.iterdir()
             if p.is_file() and p.name not in ("deg.json", "heads.safetensors", "adapters.safetensors")}
    save_checkpoint(checkpoint, config, heads, adapters)
    for name, data in extra.items():          # keep trainer state, plots, provenance files
        (checkpoint / name).write_bytes(data)
    (checkpoint / "calibration.json").write_text(json.dumps(report.as_dict(), indent=1, sort_keys=True) + "\n")
    return report
