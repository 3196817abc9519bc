"""ExtractBench's per-field metrics (ContextualAI/extract-bench, `src/extract_bench/evaluation`).

A schema node says how it is scored with `evaluation_config`: a preset name
(`"string_fuzzy"`) or `{"metrics": [{"metric_id": ..., "params": {...}}]}`. Without one,
ExtractBench's type defaults apply (`schema_config_helpers.get_default_evaluation_config`):
string -> `string_semantic`, integer -> `integer_exact`, number -> `number_tolerance`,
boolean -> `boolean_exact`, array -> `array_llm`, object/null -> `skip`. A `string_exact`
on a `format: uri|url|iri` string becomes `string_url` (`_apply_format_override`).

Each metric returns `MetricResult(metric_id, score, passed, details)`; `details["reason"]`
uses ExtractBench's reason names (`both_missing`, `gold_null`, `extracted_missing`, ...),
as read by its `reporting/outcome_stats.py`.

Reproduced exactly (deterministic in ExtractBench too):
- `string_exact`            case-sensitive equality
- `string_case_insensitive` equality after casefold
- `string_url`              equality after lowercasing and stripping scheme, `www.` and a
                            trailing slash (its `TestUrlNormalizedStringMatch`)
- `number_exact`            numeric equality
- `integer_exact`           integer equality
- `number_tolerance`        |gold - pred| <= tolerance, an ABSOLUTE tolerance (its test:
                            tolerance 0.1 passes 3.5 vs 3.55, fails 3.5 vs 3.7)
- `boolean_exact`           boolean equality
- `string_fuzzy`            Levenshtein similarity, case-insensitive by default, passed when
                            similarity >= threshold

Parameters the public sources do not pin down (stated choices):
- `string_fuzzy`: similarity = 1 - levenshtein / max(len); default threshold 0.8.
- `number_tolerance`: default tolerance 0.01 (absolute).

Replaced (ExtractBench asks an LLM judge; deg's evaluation must be deterministic):
- `string_semantic`, `string_llm`: normalize both sides (NFKC, casefold, punctuation to
  spaces, whitespace collapsed); score = max(token F1, Levenshtein similarity) of the
  normalized strings; passed when score >= 0.8 (param `threshold`).
- `array_llm`: see `scoring.score_array` (optimal item alignment, soft precision/recall/F1).

Pitfalls handled the way ExtractBench's missing/null policy does: absent = key missing,
`null`, or `[]` for arrays; both absent -> 1.0 passed; one side absent -> 0.0 failed.
A value of the wrong JSON type (a string for a number, `true` for an integer) scores 0.0
with reason `type_mismatch`, never an exception: models do emit such values.
"""
from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

PRESETS = (
    "string_exact",
    "string_case_insensitive",
    "string_fuzzy",
    "string_semantic",
    "string_url",
    "string_llm",
    "number_exact",
    "number_tolerance",
    "integer_exact",
    "boolean_exact",
    "array_llm",
)
SKIP = "skip"
LLM_METRICS = frozenset({"string_semantic", "string_llm", "array_llm"})
DEFAULT_BY_TYPE = {
    "string": "string_semantic",
    "integer": "integer_exact",
    "number": "number_tolerance",
    "boolean": "boolean_exact",
    "array": "array_llm",
}
URL_FORMATS = frozenset({"uri", "url", "iri"})

FUZZY_THRESHOLD = 0.8
SEMANTIC_THRESHOLD = 0.8
NUMBER_TOLERANCE = 0.01


class EvaluationConfigError(ValueError):
    """An `evaluation_config` that names no known metric or has malformed params."""


@dataclass(frozen=True)
class MetricSpec:
    metric_id: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class MetricResult:
    metric_id: str
    score: float
    passed: bool
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"metric_id": self.metric_id, "score": self.score, "passed": self.passed,
                "details": self.details}


def resolve_config(config: Any, json_type: str | None, fmt: str | None, where: str) -> list[MetricSpec]:
    """The metrics a node is scored with; `[]` means skip. `where` names the node in errors."""
    if config is None:
        preset = DEFAULT_BY_TYPE.get(json_type or "", SKIP)
        specs = [] if preset == SKIP else [MetricSpec(preset)]
    elif isinstance(config, str):
        if config == SKIP:
            return []
        if config not in PRESETS:
            raise EvaluationConfigError(f"{where}: unknown evaluation_config preset {config!r}")
        specs = [MetricSpec(config)]
    elif isinstance(config, dict):
        metrics = config.get("metrics")
        if not isinstance(metrics, list):
            raise EvaluationConfigError(f"{where}: evaluation_config needs a 'metrics' list")
        specs = []
        for entry in metrics:
            if not isinstance(entry, dict) or entry.get("metric_id") not in PRESETS:
                raise EvaluationConfigError(f"{where}: unknown metric in evaluation_config: {entry!r}")
            params = entry.get("params") or {}
            if not isinstance(params, dict):
                raise EvaluationConfigError(f"{where}: params of {entry['metric_id']} must be an object")
            specs.append(MetricSpec(entry["metric_id"], dict(params)))
    else:
        raise EvaluationConfigError(f"{where}: evaluation_config must be a preset name or an object")
    if fmt in URL_FORMATS and len(specs) == 1 and specs[0].metric_id == "string_exact":
        specs = [MetricSpec("string_url")]
    return specs


# ---------------------------------------------------------------- string helpers

def levenshtein(a: str, b: str) -> int:
    """Edit distance (insert, delete, substitute: cost 1 each)."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1,
                               previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def similarity(a: str, b: str) -> float:
    """1 - levenshtein / max(len); two empty strings are identical (1.0)."""
    longest = max(len(a), len(b))
    return 1.0 if longest == 0 else 1.0 - levenshtein(a, b) / longest


_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)


def normalize_text(text: str) -> str:
    """NFKC, casefold, punctuation to spaces, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_PUNCT.sub(" ", text).split())


def token_f1(gold: str, pred: str) -> float:
    """Bag-of-tokens F1 of two normalized strings (SQuAD style, no article removal)."""
    gold_tokens, pred_tokens = gold.split(), pred.split()
    if not gold_tokens and not pred_tokens:
        return 1.0
    if not gold_tokens or not pred_tokens:
        return 0.0
    remaining = list(pred_tokens)
    common = 0
    for token in gold_tokens:
        if token in remaining:
            remaining.remove(token)
            common += 1
    if common == 0:
        return 0.0
    precision, recall = common / len(pred_tokens), common / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def normalize_url(text: str) -> str:
    text = text.strip().lower()
    text = re.sub(r"^[a-z][a-z0-9+.-]*://", "", text)
    if text.startswith("www."):
        text = text[4:]
    return text.rstrip("/")


# ---------------------------------------------------------------- value helpers

def is_absent(value: Any) -> bool:
    return value is None or value == [] or value is MISSING


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()  # a key that is not in the object at all


def absence_reason(gold: Any, pred: Any) -> str | None:
    """ExtractBench's reason when either side is absent, else None."""
    def kind(value: Any) -> str:
        if value is MISSING:
            return "missing"
        if value is None:
            return "null"
        return "empty_array"

    gold_absent, pred_absent = is_absent(gold), is_absent(pred)
    if gold_absent and pred_absent:
        same = kind(gold) == kind(pred)
        return f"both_{kind(gold)}" if same else "both_absent"
    if gold_absent:
        return f"gold_{kind(gold)}"
    if pred_absent:
        return f"extracted_{kind(pred)}"
    return None


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _as_text(value: Any) -> str | None:
    """Strings as they are; numbers as written (ExtractBench's `anyOf [integer, string]`)."""
    if isinstance(value, str):
        return value
    if _is_number(value):
        return str(value)
    return None


# ---------------------------------------------------------------- the leaf metrics

def score_leaf(spec: MetricSpec, gold: Any, pred: Any) -> MetricResult:
    """One metric on one leaf value pair (arrays go through `scoring.score_array`)."""
    details: dict[str, Any] = {"gold": _plain(gold), "extracted": _plain(pred)}
    reason = absence_reason(gold, pred)
    if reason is not None:
        both = reason.startswith("both")
        return MetricResult(spec.metric_id, 1.0 if both else 0.0, both, {**details, "reason": reason})
    metric = _LEAF_METRICS.get(spec.metric_id)
    if metric is None:
        raise EvaluationConfigError(f"{spec.metric_id} is not a leaf metric")
    outcome = metric(gold, pred, spec.params)
    if outcome is None:
        return MetricResult(spec.metric_id, 0.0, False, {**details, "reason": "type_mismatch"})
    score, passed, extra = outcome
    return MetricResult(spec.metric_id, float(score), bool(passed), {**details, **extra})


def _plain(value: Any) -> Any:
    return None if value is MISSING else value


def _exact(gold: Any, pred: Any, params: dict) -> tuple | None:
    if not isinstance(gold, str) or not isinstance(pred, str):
        return None if isinstance(gold, str) != isinstance(pred, str) else _equal(gold, pred)
    return _equal(gold, pred)


def _equal(gold: Any, pred: Any) -> tuple:
    same = gold == pred and type(gold) is type(pred)
    return (1.0 if same else 0.0), same, {"reason": "match" if same else "mismatch"}


def _case_insensitive(gold: Any, pred: Any, params: dict) -> tuple | None:
    gold_text, pred_text = _as_text(gold), _as_text(pred)
    if gold_text is None or pred_text is None:
        return None
    return _equal(gold_text.casefold(), pred_text.casefold())


def _fuzzy(gold: Any, pred: Any, params: dict) -> tuple | None:
    gold_text, pred_text = _as_text(gold), _as_text(pred)
    if gold_text is None or pred_text is None:
        return None
    threshold = float(params.get("threshold", FUZZY_THRESHOLD))
    if not params.get("case_sensitive", False):
        gold_text, pred_text = gold_text.casefold(), pred_text.casefold()
    score = similarity(gold_text, pred_text)
    return score, score >= threshold, {"threshold": threshold}


def _semantic(gold: Any, pred: Any, params: dict) -> tuple | None:
    gold_text, pred_text = _as_text(gold), _as_text(pred)
    if gold_text is None or pred_text is None:
        return None
    threshold = float(params.get("threshold", SEMANTIC_THRESHOLD))
    gold_norm, pred_norm = normalize_text(gold_text), normalize_text(pred_text)
    score = max(token_f1(gold_norm, pred_norm), similarity(gold_norm, pred_norm))
    return score, score >= threshold, {"threshold": threshold, "judge": "deterministic"}


def _url(gold: Any, pred: Any, params: dict) -> tuple | None:
    if not isinstance(gold, str) or not isinstance(pred, str):
        return None
    gold_norm, pred_norm = normalize_url(gold), normalize_url(pred)
    score, passed, extra = _equal(gold_norm, pred_norm)
    return score, passed, {**extra, "gold_normalized": gold_norm, "extracted_normalized": pred_norm}


def _number_exact(gold: Any, pred: Any, params: dict) -> tuple | None:
    if not _is_number(gold) or not _is_number(pred):
        return None
    same = gold == pred
    return (1.0 if same else 0.0), same, {"reason": "match" if same else "numeric_mismatch"}


def _integer_exact(gold: Any, pred: Any, params: dict) -> tuple | None:
    def as_int(value: Any) -> int | None:
        if _is_number(value) and float(value).is_integer():
            return int(value)
        return None

    gold_int, pred_int = as_int(gold), as_int(pred)
    if gold_int is None or pred_int is None:
        return None
    same = gold_int == pred_int
    return (1.0 if same else 0.0), same, {"reason": "match" if same else "numeric_mismatch"}


def _number_tolerance(gold: Any, pred: Any, params: dict) -> tuple | None:
    if not _is_number(gold) or not _is_number(pred):
        return None
    tolerance = float(params.get("tolerance", NUMBER_TOLERANCE))
    within = abs(gold - pred) <= tolerance + 1e-12 * max(abs(gold), abs(pred), 1.0)
    return (1.0 if within else 0.0), within, {"tolerance": tolerance,
                                              "difference": abs(gold - pred)}


def _boolean(gold: Any, pred: Any, params: dict) -> tuple | None:
    if not isinstance(gold, bool) or not isinstance(pred, bool):
        return None
    return _equal(gold, pred)


_LEAF_METRICS = {
    "string_exact": _exact,
    "string_case_insensitive": _case_insensitive,
    "string_fuzzy": _fuzzy,
    "string_semantic": _semantic,
    "string_llm": _semantic,
    "string_url": _url,
    "number_exact": _number_exact,
    "integer_exact": _integer_exact,
    "number_tolerance": _number_tolerance,
    "boolean_exact": _boolean,
}
