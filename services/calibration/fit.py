"""Temperature calibration of deg's heads (contract 12.3).

One temperature per head kind (`choice`, `score`, `noul`, `extract`), each fit by
minimizing the mean NLL of the gold outcome over the val questions of that kind, with the
logits divided by T. `count` and `anchor` keep T = 1 (the contract does not fit them).

The fit is a golden-section search over log T in [log 0.05, log 20] (the NLL of a
temperature-scaled softmax is unimodal in log T for a fixed set of logits), run to a fixed
number of iterations in float64 so it is deterministic. A kind with no val question keeps
its temperature (reported as `questions: 0`).

Targets: decide heads fit the one-hot gold value (`--target hard` of the contract); extract
fits the marginal over every gold span alternative (null when absent), the training loss.
ECE (15 equal-width confidence bins) is reported before and after: for decide the top
outcome's probability vs whether it is the gold one; for extract the top start x top end
pair's probability vs whether that pair is a gold pair (null-null when the value is absent).

Which records: the caller passes val features. Test records and ExtractBench must never be
used to fit; `calibrate` refuses records whose uid is marked as test.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import torch

from deg_model.heads import HEAD_KINDS, Heads
from services.training import losses
from services.training.features import FeatureRecord, record_context
from services.training.objective import raw_logits

FIT_KINDS = ("choice", "score", "noul", "extract")
LOG_T_RANGE = (math.log(0.05), math.log(20.0))
GOLDEN_ITERATIONS = 80
ECE_BINS = 15


@dataclass
class KindData:
    """Uncalibrated (T = 1) logits of every val question of one head kind, float64."""
    logits: list = field(default_factory=list)     # decide: [n]; extract: (start [T+1], end [T+1])
    targets: list = field(default_factory=list)    # decide: int; extract: tuple of (s, e)


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
    return data


def nll(kind: str, d: KindData, temperature: float) -> float:
    total = 0.0
    for z, t in zip(d.logits, d.targets):
        if kind == "extract":
            total += float(losses.extract_loss(z[0] / temperature, z[1] / temperature, t))
        else:
            total += float(-torch.log_softmax(z / temperature, -1)[t])
    return total / max(1, len(d.logits))


def confidences(kind: str, d: KindData, temperature: float) -> tuple[list[float], list[bool]]:
    conf, correct = [], []
    for z, t in zip(d.logits, d.targets):
        if kind == "extract":
            ps, pe = torch.softmax(z[0] / temperature, -1), torch.softmax(z[1] / temperature, -1)
            s, e = int(ps.argmax()), int(pe.argmax())
            null = ps.shape[0] - 1
            gold = set(t) if t else {(null, null)}
            conf.append(float(ps[s] * pe[e]))
            correct.append((s, e) in gold)
        else:
            p = torch.softmax(z / temperature, -1)
            conf.append(float(p.max()))
            correct.append(int(p.argmax()) == t)
    return conf, correct


def ece(conf: Sequence[float], correct: Sequence[bool], bins: int = ECE_BINS) -> float:
    """Expected calibration error: sum_b |B|/n * |accuracy(B) - mean confidence(B)|."""
    if len(conf) != len(correct):
        raise ValueError("confidences and outcomes differ in length")
    if not conf:
        return 0.0
    total = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        members = [i for i, c in enumerate(conf) if (lo < c <= hi) or (b == 0 and c == 0.0)]
        if members:
            acc = sum(correct[i] for i in members) / len(members)
            mean_c = sum(conf[i] for i in members) / len(members)
            total += len(members) / len(conf) * abs(acc - mean_c)
    return total


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
                          "ece_before": ece(*before), "ece_after": ece(*after),
                          "accuracy": (sum(after[1]) / len(after[1])) if after[1] else 0.0}
        curves[kind] = (before, after)
        if kind != "extract":
            for acc, src in ((decide_before, before), (decide_after, after)):
                acc[0].extend(src[0])
                acc[1].extend(src[1])
    with torch.no_grad():
        for kind, t in temps.items():
            heads.temperatures[HEAD_KINDS.index(kind)] = t
    report = CalibrationReport(temps, per_kind, ece(*decide_before), ece(*decide_after))
    if plot is not None:
        curves["decide"] = (decide_before, decide_after)
        reliability_png(curves, Path(plot))
    return report


def _bins(conf, correct, bins=ECE_BINS):
    xs, ys, ns = [], [], []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        m = [i for i, c in enumerate(conf) if (lo < c <= hi) or (b == 0 and c == 0.0)]
        if m:
            xs.append(sum(conf[i] for i in m) / len(m))
            ys.append(sum(correct[i] for i in m) / len(m))
            ns.append(len(m))
    return xs, ys, ns


def reliability_png(curves: dict[str, tuple[tuple[list, list], tuple[list, list]]], path: Path) -> None:
    """Reliability diagram per kind: accuracy vs mean confidence per bin, before and after."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    kinds = [k for k in ("decide", *FIT_KINDS) if k in curves]
    fig, axes = plt.subplots(1, len(kinds), figsize=(3.2 * len(kinds), 3.4), squeeze=False)
    for ax, kind in zip(axes[0], kinds):
        (cb, ob), (ca, oa) = curves[kind]
        ax.plot([0, 1], [0, 1], color="grey", linewidth=0.8, linestyle="--")
        for (conf, correct), label in (((cb, ob), "before"), ((ca, oa), "after")):
            xs, ys, _ = _bins(conf, correct)
            ax.plot(xs, ys, marker="o", markersize=3, label=f"{label} ECE {ece(conf, correct):.3f}")
        ax.set_title(f"{kind} (n={len(cb)})")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_xlabel("confidence")
        ax.legend(fontsize=7, loc="upper left")
    axes[0][0].set_ylabel("accuracy")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp.png")
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    tmp.replace(path)
