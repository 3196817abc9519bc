"""Accuracy and calibration metrics (contract section 11): the one ECE and reliability diagram
that evaluation, training and calibration all report.

Every function takes parallel sequences (gold first, prediction second) and raises
`ValueError` naming the problem on mismatched lengths, empty input or out-of-range
probabilities. Undefined ratios (no predicted nulls for precision, ...) are `None`, never
a made-up 0 or 1.

Stated choices:
- span token F1: SQuAD-style bag of tokens after NFKC, casefold, punctuation -> space;
  no article removal (the datagen is multilingual);
- number exact match: both sides parsed to `Decimal` (ints, floats, or strings with an
  optional currency symbol / thousands separators `,`), then compared exactly;
- date exact match: both sides parsed to an ISO date (`date`, ISO strings, or any string
  `dateutil` reads with day-first off); a datetime compares as its full ISO value;
- null precision/recall: "positive" = null; precision = both null / predicted null,
  recall = both null / gold null;
- ECE: `ECE_BINS` = 10 equal-width bins over [0, 1] (the bin count of every published
  figure), bin i = [i/n, (i+1)/n), the last bin closed at 1.0; ECE = sum over bins of
  |bin| / N * |accuracy(bin) - mean confidence(bin)|; no confidence at all is an ECE of 0. For
  decide fields the confidence is the probability of the chosen outcome and "correct"
  is whether it equals the gold; for noul, `noul_confidence` gives max(p, 1 - p) and
  correctness of `p >= 0.5`. For extract fields it is `meta.confidence` vs exact match.
"""
from __future__ import annotations

import datetime as dt
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from dateutil import parser as date_parser


def _pairs(gold: Sequence[Any], pred: Sequence[Any], name: str) -> None:
    if len(gold) != len(pred):
        raise ValueError(f"{name}: {len(gold)} gold values but {len(pred)} predictions")
    if not gold:
        raise ValueError(f"{name}: no values")


def _mean(flags: Sequence[bool | float]) -> float:
    return sum(flags) / len(flags)


def choice_exact_match(gold: Sequence[Any], pred: Sequence[Any]) -> float:
    """Share of choices equal to gold (typed: `"1"` != `1`, `True` != `1`)."""
    _pairs(gold, pred, "choice_exact_match")
    return _mean([g == p and type(g) is type(p) for g, p in zip(gold, pred)])


def score_mae(gold: Sequence[float], pred: Sequence[float]) -> float:
    """Mean absolute error of score levels."""
    _pairs(gold, pred, "score_mae")
    return _mean([abs(float(g) - float(p)) for g, p in zip(gold, pred)])


def noul_accuracy(gold: Sequence[bool], pred: Sequence[bool]) -> float:
    _pairs(gold, pred, "noul_accuracy")
    for value in (*gold, *pred):
        if not isinstance(value, bool):
            raise ValueError(f"noul_accuracy: {value!r} is not a boolean")
    return _mean([g is p for g, p in zip(gold, pred)])


_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)


def _tokens(text: str) -> list[str]:
    return _PUNCT.sub(" ", unicodedata.normalize("NFKC", text).casefold()).split()


def span_exact_match(gold: Sequence[str | None], pred: Sequence[str | None]) -> float:
    """Share of spans identical to gold (verbatim: spans are copied, not normalized)."""
    _pairs(gold, pred, "span_exact_match")
    return _mean([g == p for g, p in zip(gold, pred)])


def token_f1(gold: str | None, pred: str | None) -> float:
    """SQuAD-style token F1 of one span; two empty/None sides agree (1.0)."""
    gold_tokens, pred_tokens = _tokens(gold or ""), _tokens(pred or "")
    if not gold_tokens or not pred_tokens:
        return float(gold_tokens == pred_tokens)
    remaining = list(pred_tokens)
    common = 0
    for token in gold_tokens:
        if token in remaining:
            remaining.remove(token)
            common += 1
    if not common:
        return 0.0
    precision, recall = common / len(pred_tokens), common / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def span_token_f1(gold: Sequence[str | None], pred: Sequence[str | None]) -> float:
    _pairs(gold, pred, "span_token_f1")
    return _mean([token_f1(g, p) for g, p in zip(gold, pred)])


def parse_number(value: Any) -> Decimal | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return Decimal(str(value)) if math.isfinite(value) else None
    if isinstance(value, str):
        text = re.sub(r"^[\s$€£¥]+|[\s$€£¥]+$", "", value).replace(",", "")
        try:
            number = Decimal(text)
        except InvalidOperation:
            return None
        return number if number.is_finite() else None
    return None


def parse_date(value: Any) -> str | None:
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        parsed = date_parser.isoparse(value)
    except ValueError:
        try:
            parsed = date_parser.parse(value, dayfirst=False, default=dt.datetime(1, 1, 1))
        except (ValueError, OverflowError):
            return None
        if parsed.time() == dt.time(0) and parsed.tzinfo is None:
            return parsed.date().isoformat()
    has_time = isinstance(value, str) and ("T" in value or ":" in value)
    return parsed.isoformat() if has_time else parsed.date().isoformat()


def number_exact_match(gold: Sequence[Any], pred: Sequence[Any]) -> float:
    _pairs(gold, pred, "number_exact_match")
    return _mean([(g := parse_number(a)) is not None and g == parse_number(b) for a, b in zip(gold, pred)])


def date_exact_match(gold: Sequence[Any], pred: Sequence[Any]) -> float:
    _pairs(gold, pred, "date_exact_match")
    return _mean([(g := parse_date(a)) is not None and g == parse_date(b) for a, b in zip(gold, pred)])


@dataclass(frozen=True)
class NullScores:
    precision: float | None
    recall: float | None
    both_null: int
    predicted_null: int
    gold_null: int


def null_precision_recall(gold: Sequence[Any], pred: Sequence[Any]) -> NullScores:
    _pairs(gold, pred, "null_precision_recall")
    both = sum(1 for g, p in zip(gold, pred) if g is None and p is None)
    predicted = sum(1 for p in pred if p is None)
    gold_null = sum(1 for g in gold if g is None)
    return NullScores(both / predicted if predicted else None, both / gold_null if gold_null else None,
                      both, predicted, gold_null)


def validity_rate(valid: Sequence[bool]) -> float:
    if not valid:
        raise ValueError("validity_rate: no values")
    return _mean([bool(v) for v in valid])


def count_accuracy(gold: Sequence[int], pred: Sequence[int]) -> float:
    """Share of arrays whose predicted item count equals gold."""
    _pairs(gold, pred, "count_accuracy")
    return _mean([int(g) == int(p) for g, p in zip(gold, pred)])


def noul_confidence(p_true: float, gold: bool) -> tuple[float, bool]:
    """(confidence of the decided value, whether it is correct) for one noul probability."""
    _check_probability(p_true, "noul_confidence")
    decided = p_true >= 0.5
    return max(p_true, 1.0 - p_true), decided is gold


def _check_probability(value: float, name: str) -> None:
    if not (isinstance(value, (int, float)) and 0.0 <= value <= 1.0):
        raise ValueError(f"{name}: {value!r} is not a probability in [0, 1]")


ECE_BINS = 10


@dataclass(frozen=True)
class ReliabilityBin:
    lower: float
    upper: float
    count: int
    accuracy: float | None
    confidence: float | None


def reliability_bins(confidences: Sequence[float], correct: Sequence[bool],
                     n_bins: int = ECE_BINS) -> list[ReliabilityBin]:
    if len(confidences) != len(correct):
        raise ValueError(f"reliability_bins: confidences and outcomes differ in length "
                         f"({len(confidences)} vs {len(correct)})")
    if n_bins < 1:
        raise ValueError("reliability_bins: n_bins must be >= 1")
    members: list[list[int]] = [[] for _ in range(n_bins)]
    for i, value in enumerate(confidences):
        _check_probability(value, "reliability_bins")
        members[min(int(value * n_bins), n_bins - 1)].append(i)
    bins = []
    for b, idx in enumerate(members):
        accuracy = _mean([bool(correct[i]) for i in idx]) if idx else None
        confidence = _mean([float(confidences[i]) for i in idx]) if idx else None
        bins.append(ReliabilityBin(b / n_bins, (b + 1) / n_bins, len(idx), accuracy, confidence))
    return bins


def bins_ece(bins: Sequence[ReliabilityBin]) -> float:
    """The ECE of already binned outcomes (0 when no bin holds any)."""
    total = sum(b.count for b in bins)
    return sum(b.count / total * abs(b.accuracy - b.confidence) for b in bins if b.count) if total else 0.0


def expected_calibration_error(confidences: Sequence[float], correct: Sequence[bool],
                               n_bins: int = ECE_BINS) -> float:
    return bins_ece(reliability_bins(confidences, correct, n_bins))


def reliability_diagram(panels: Mapping[str, Mapping[str, Sequence[ReliabilityBin]]], path: Path,
                        title: str = "Reliability") -> Path:
    """A PNG: one panel per entry of `panels` (panel title -> {series label -> bins}); each
    series is its accuracy per filled bin at the bin's mean confidence, labelled with its ECE
    and size, against the diagonal. Written atomically (a reader never sees half a file)."""
    # matplotlib is a plotting extra of the services, loaded only when a diagram is drawn
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(panels)
    fig, axes = plt.subplots(1, max(1, len(names)), figsize=(3.4 * max(1, len(names)), 3.6), squeeze=False)
    for ax, name in zip(axes[0], names):
        ax.plot([0, 1], [0, 1], color="grey", linewidth=0.8, linestyle="--")
        size = 0
        for label, bins in panels[name].items():
            filled = [b for b in bins if b.count]
            size = max(size, sum(b.count for b in filled))
            ax.plot([b.confidence for b in filled], [b.accuracy for b in filled], marker="o", markersize=3,
                    label=f"{label} ECE {bins_ece(bins):.3f}")
        ax.set_title(f"{name} (n={size})", fontsize=9)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.05)
        ax.set_xlabel("confidence")
        ax.legend(fontsize=7, loc="upper left")
    axes[0][0].set_ylabel("accuracy")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp.png")
    fig.savefig(tmp, dpi=100, metadata={"Software": None})
    plt.close(fig)
    tmp.replace(path)
    return path
