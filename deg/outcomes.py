"""Raw outcomes: what the runtime returns per leaf and per array, before assembly.

These are plain values (`to_dict` / `from_dict` round trip exactly through JSON, a span as a
2-item list; over gRPC they travel as deg.v1 messages). Pointers come in two forms:

- `pointer`: the concrete RFC 6901 pointer of this instance (`/items/0/price`, keys escaped
  `~0`/`~1`), the key of `meta`;
- `plan_pointer`: the plan's pointer of the leaf or array (`/items/*/price`).

Per mode (`FieldOutcome.mode` is the plan leaf's mode):

- `decide.choice`: `probabilities` in option order, `value` = the option at the first
  maximum, `probability` = its probability, `confidence` = the jev formula over all of
  `probabilities` (`confidence()` below). `found` is always True (a chosen `null` option is
  a decided value, not a miss).
- `decide.score`: the same over the levels in plan order, the null outcome last when the plan
  has one (`value` None when it wins); `expected` = the mean level under the probabilities
  renormalized over the levels (the null outcome's mass is left out: it has no level), None
  when all mass is on null.
- `decide.noul`: `probability` = p(true), `value` = `probability >= 0.5`.
- `extract.*`: `value` = the parsed value of the chosen span, `span` = its `[start, end)`
  code-point offsets in the rendered context, `confidence` = exp(log p_start + log p_end).
  When nothing valid is chosen: `found=False`, `value=None`, `span=None`, `confidence` = the
  null outcome's probability, and `null_reason` = `not_found`, `unparsable`, or the JSON
  Schema keyword the best span violated (`minimum`, `pattern`, `format`, `type` for a
  fractional number in an integer field, ...). `assumed_offset` marks a date-time whose offset
  came from `options.default_offset`.
  A scalar union leaf (`FieldPlan.branches`, an extract.span leaf) reads the span with the
  first branch that accepts it: a number branch parses it, a string branch keeps it verbatim.
- `generate`: `value` = the text, `generated_tokens` = tokens decoded (EOS included).
- `explain` (decide and extract leaves, only when the request sets `options.explain`): why the
  value won, a JSON object the runtime composes; assembly copies it into the leaf's meta.

`ArrayOutcome.items` is the number of items the runtime enumerated (indices `0..items-1` of
the concrete pointers below it); `dropped` counts items removed by `deg.response.apply_drops`.

The builders (`choice_outcome`, `score_outcome`, `noul_outcome`, `pick_extract`, ...) are the
one place these rules are written down, so the runtime and the tests cannot drift apart.
`read_span` parses a span's text by the leaf's mode and checks the leaf's constraints with the
same `jsonschema` machinery that final validation uses, so a span accepted here is never
rejected by `assemble`.
"""
from __future__ import annotations

import functools
import math
from dataclasses import asdict, dataclass, fields
from typing import Any, Iterable, Sequence

import jsonschema

from deg.parsers.dates import parse_date, parse_datetime
from deg.parsers.formats import FORMAT_CHECKER
from deg.parsers.numbers import parse_number
from deg.plan import EXTRACT_MODES, FieldPlan

__all__ = [
    "ArrayOutcome", "FieldOutcome", "RawFill", "SpanReading", "choice_outcome", "confidence",
    "expected_level", "first_argmax", "generate_outcome", "noul_outcome", "pick_extract",
    "read_span", "score_outcome",
]


@dataclass(frozen=True)
class FieldOutcome:
    pointer: str                       # concrete RFC 6901, e.g. "/items/0/price"
    plan_pointer: str                  # the plan leaf, e.g. "/items/*/price"
    mode: str
    value: Any
    found: bool
    null_reason: str | None = None
    probability: float | None = None
    probabilities: list[float] | None = None
    confidence: float | None = None
    expected: float | None = None
    span: tuple[int, int] | None = None
    assumed_offset: bool = False
    generated_tokens: int | None = None
    # `options.explain`: the winner, the runner-up and each score term's part in both
    # (`deg_model.scoring.explain`); None unless asked for.
    explain: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["span"] = list(self.span) if self.span is not None else None
        out["probabilities"] = list(self.probabilities) if self.probabilities is not None else None
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "FieldOutcome":
        values = _known_keys(cls, data)
        span = values.get("span")
        if span is not None:
            if not (isinstance(span, (list, tuple)) and len(span) == 2):
                raise ValueError(
                    f"FieldOutcome {values.get('pointer')!r}: span must be [start, end]")
            values["span"] = (int(span[0]), int(span[1]))
        if values.get("probabilities") is not None:
            values["probabilities"] = [float(p) for p in values["probabilities"]]
        return cls(**values)


@dataclass(frozen=True)
class ArrayOutcome:
    pointer: str                       # concrete, e.g. "/orders/1/lines"
    plan_pointer: str                  # e.g. "/orders/*/lines"
    items: int
    dropped: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ArrayOutcome":
        return cls(**_known_keys(cls, data))


@dataclass(frozen=True)
class RawFill:
    fields: list[FieldOutcome]
    arrays: list[ArrayOutcome]
    prompt_tokens: int
    generated_tokens: int
    # Of prompt_tokens, how many were reused from a kept trunk instead of read again.
    cached_tokens: int = 0
    # Tokens of every fork row the runtime ran for this fill (questions and follow-up rows).
    fork_tokens: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "fields": [f.to_dict() for f in self.fields],
            "arrays": [a.to_dict() for a in self.arrays],
            "prompt_tokens": self.prompt_tokens,
            "generated_tokens": self.generated_tokens,
            "cached_tokens": self.cached_tokens,
            "fork_tokens": self.fork_tokens,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RawFill":
        values = _known_keys(cls, data)
        return cls(
            fields=[FieldOutcome.from_dict(f) for f in values["fields"]],
            arrays=[ArrayOutcome.from_dict(a) for a in values["arrays"]],
            prompt_tokens=int(values["prompt_tokens"]),
            generated_tokens=int(values["generated_tokens"]),
            cached_tokens=int(values.get("cached_tokens", 0)),
            fork_tokens=int(values.get("fork_tokens", 0)),
        )


def _known_keys(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__}.from_dict expects an object, got {type(data).__name__}")
    names = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise ValueError(f"{cls.__name__}: unknown keys {unknown}")
    return dict(data)


# ---------------------------------------------------------------- decide builders


def confidence(probabilities: Sequence[float]) -> float:
    """jev v1: `(count * peak - 1) / (count - 1)`; 1.0 for a single outcome."""
    count = len(probabilities)
    if count == 0:
        raise ValueError("confidence of an empty distribution")
    if count == 1:
        return 1.0
    peak = probabilities[first_argmax(probabilities)]
    return (count * peak - 1) / (count - 1)


def first_argmax(values: Sequence[float]) -> int:
    """Index of the first maximum (ties go to the earlier outcome)."""
    best = 0
    for index, value in enumerate(values):
        if value > values[best]:
            best = index
    return best


def expected_level(levels: Sequence[int], probabilities: Sequence[float]) -> float | None:
    """Mean level, renormalized over the levels (a trailing null outcome has no level)."""
    mass = sum(probabilities[: len(levels)])
    if mass <= 0:
        return None
    return sum(level * p for level, p in zip(levels, probabilities)) / mass


def _distribution(field: FieldPlan, probabilities: Sequence[float], expected: int) -> list[float]:
    values = [float(p) for p in probabilities]
    if len(values) != expected:
        raise ValueError(
            f"{field.pointer}: {len(values)} probabilities for {expected} outcomes"
        )
    if any(not math.isfinite(p) or p < 0 for p in values):
        raise ValueError(f"{field.pointer}: probabilities must be finite and >= 0")
    return values


def choice_outcome(field: FieldPlan, pointer: str, probabilities: Sequence[float]) -> FieldOutcome:
    """A decide.choice outcome from probabilities in option order."""
    _expect_mode(field, "decide.choice")
    values = _distribution(field, probabilities, len(field.options or ()))
    best = first_argmax(values)
    return FieldOutcome(
        pointer=pointer, plan_pointer=field.pointer, mode=field.mode,
        value=field.options[best], found=True, probability=values[best],
        probabilities=values, confidence=confidence(values),
    )


def score_outcome(field: FieldPlan, pointer: str, probabilities: Sequence[float]) -> FieldOutcome:
    """A decide.score outcome from probabilities in level order, the null outcome last."""
    _expect_mode(field, "decide.score")
    levels = list(field.levels or ())
    values = _distribution(field, probabilities, len(levels) + (1 if field.null_outcome else 0))
    best = first_argmax(values)
    expected = expected_level(levels, values)
    return FieldOutcome(
        pointer=pointer, plan_pointer=field.pointer, mode=field.mode,
        value=levels[best] if best < len(levels) else None, found=True,
        probability=values[best], probabilities=values, confidence=confidence(values),
        expected=expected,
    )


def noul_outcome(field: FieldPlan, pointer: str, p_true: float) -> FieldOutcome:
    """A decide.noul outcome: value = p(true) >= 0.5."""
    _expect_mode(field, "decide.noul")
    p = float(p_true)
    if not (math.isfinite(p) and 0.0 <= p <= 1.0):
        raise ValueError(f"{field.pointer}: p(true) must be in [0, 1], got {p_true!r}")
    return FieldOutcome(
        pointer=pointer, plan_pointer=field.pointer, mode=field.mode, value=p >= 0.5,
        found=True, probability=p,
    )


def generate_outcome(
    field: FieldPlan, pointer: str, text: str, generated_tokens: int
) -> FieldOutcome:
    _expect_mode(field, "generate")
    return FieldOutcome(
        pointer=pointer, plan_pointer=field.pointer, mode=field.mode, value=text, found=True,
        generated_tokens=int(generated_tokens),
    )


def _expect_mode(field: FieldPlan, mode: str) -> None:
    if field.mode != mode:
        raise ValueError(f"{field.pointer}: leaf mode is {field.mode}, not {mode}")


# ---------------------------------------------------------------- extract


@dataclass(frozen=True)
class SpanReading:
    """A span's text read by a leaf: the value, or why it is not one."""

    value: Any = None
    null_reason: str | None = None     # None when `value` is valid
    assumed_offset: bool = False

    @property
    def valid(self) -> bool:
        return self.null_reason is None


def read_span(
    field: FieldPlan, text: str, *, date_order: str | None = None,
    default_offset: str | None = "Z",
) -> SpanReading:
    """Parse `text` by the leaf's mode, then check the leaf's type, format and constraints."""
    if field.mode not in EXTRACT_MODES:
        raise ValueError(f"{field.pointer}: read_span needs an extract leaf, not {field.mode}")
    if field.branches:
        return _read_union(field, text)
    assumed = False
    if field.mode == "extract.number":
        integer = "integer" in _types(field)
        value = parse_number(text, integer=integer)
        if value is None:
            # A number that is written but fractional fails the integer `type`.
            written = parse_number(text) is not None
            return SpanReading(null_reason="type" if written else "unparsable")
    elif field.mode == "extract.date":
        if field.format == "date-time":
            parsed = parse_datetime(text, date_order=date_order, default_offset=default_offset)
            if parsed is None:
                return SpanReading(null_reason="unparsable")
            value, assumed = parsed
        else:
            value = parse_date(text, date_order=date_order)
            if value is None:
                return SpanReading(null_reason="unparsable")
    else:
        value = text
    violated = _first_violation(_leaf_schema(_types(field), field.format, field.constraints), value)
    if violated is not None:
        return SpanReading(null_reason=violated)
    return SpanReading(value=value, assumed_offset=assumed)


def _read_union(field: FieldPlan, text: str) -> SpanReading:
    """A scalar union leaf: the value of the first branch that accepts the text (a number
    branch parses it as a number, a string branch takes it verbatim), each checked against
    its own constraints; else why the first branch refused it."""
    first_failure = None
    for json_type, constraints in field.branches or ():
        if json_type in ("integer", "number"):
            value = parse_number(text, integer=json_type == "integer")
            if value is None:
                first_failure = first_failure or (
                    "type" if parse_number(text) is not None else "unparsable")
                continue
        else:
            value = text
        violated = _first_violation(_leaf_schema((json_type,), None, constraints), value)
        if violated is None:
            return SpanReading(value=value)
        first_failure = first_failure or violated
    return SpanReading(null_reason=first_failure or "unparsable")


def pick_extract(
    field: FieldPlan, pointer: str, context: str,
    scored: Iterable[tuple[tuple[int, int], float]], null_logprob: float, *,
    null_margin: float = 0.0, date_order: str | None = None, default_offset: str | None = "Z",
) -> FieldOutcome:
    """Decode an extract leaf from scored spans (contract 12.3).

    `scored` holds `((start, end), log p_start + log p_end)` pairs; they are ranked by
    log-prob, ties by span order. The best span that `read_span` accepts wins unless
    `log p(best) < null_logprob + null_margin` (a `forbid` leaf, `on_null == "forbid"`,
    ignores null and the margin). With no winner the outcome is not found: its
    `null_reason` is the failure of the top-ranked span when that span outranked null
    (`unparsable`, a keyword), else `not_found`.
    """
    ranked = sorted(scored, key=lambda item: (-item[1], item[0]))
    forbid = field.on_null == "forbid"
    null_threshold = null_logprob + (null_margin or 0.0)
    first_failure: str | None = None
    for rank, ((start, end), logprob) in enumerate(ranked):
        if not forbid and logprob < null_threshold:
            break
        reading = read_span(field, context[start:end], date_order=date_order,
                            default_offset=default_offset)
        if reading.valid:
            return FieldOutcome(
                pointer=pointer, plan_pointer=field.pointer, mode=field.mode, value=reading.value,
                found=True, confidence=math.exp(logprob), span=(start, end),
                assumed_offset=reading.assumed_offset,
            )
        if rank == 0:
            first_failure = reading.null_reason
    return FieldOutcome(
        pointer=pointer, plan_pointer=field.pointer, mode=field.mode, value=None, found=False,
        null_reason=first_failure or "not_found", confidence=math.exp(null_logprob),
    )


def _types(field: FieldPlan) -> tuple[str, ...]:
    json_type = field.json_type
    if isinstance(json_type, str):
        return (json_type,)
    return tuple(t for t in json_type if isinstance(t, str))


@functools.lru_cache(maxsize=4096)
def _leaf_schema(
    types: tuple[str, ...], fmt: str | None, constraints: tuple[tuple[str, Any], ...]
) -> jsonschema.protocols.Validator:
    schema: dict[str, Any] = {"type": [t for t in types if t != "null"] or list(types)}
    if fmt is not None:
        schema["format"] = fmt
    schema.update(dict(constraints))
    return jsonschema.Draft202012Validator(schema, format_checker=FORMAT_CHECKER)


def _first_violation(validator: jsonschema.protocols.Validator, value: Any) -> str | None:
    """The keyword of the first violated check, in a fixed order: type, format, then the rest."""
    errors = sorted(validator.iter_errors(value),
                    key=lambda e: (_KEYWORD_ORDER.get(e.validator, 9), str(e.validator)))
    return str(errors[0].validator) if errors else None


_KEYWORD_ORDER = {"type": 0, "format": 1}
