"""Bounds arithmetic for numeric leaves: which integers a schema admits, and whether a number
schema admits any value at all.

`multipleOf` follows `jsonschema`'s own test (float division, exact fractions on overflow), so
a level the compiler admits is a level final validation accepts. Draft-04's boolean
`exclusiveMinimum`/`exclusiveMaximum` are normalized to the numeric form of later drafts.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

# Ranges up to this many integers are enumerated exactly; wider ones are counted arithmetically.
ENUMERATE_LIMIT = 100_000


@dataclass(frozen=True)
class Bounds:
    low: float | int | None = None
    low_exclusive: bool = False
    high: float | int | None = None
    high_exclusive: bool = False


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def normalized_constraints(schema: dict[str, Any], draft4: bool) -> dict[str, Any]:
    """Numeric constraints in the draft-06+ form (draft-04 exclusive booleans folded in)."""
    out = {k: schema[k] for k in ("minimum", "maximum", "multipleOf") if k in schema}
    for bound, exclusive in (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")):
        if exclusive not in schema:
            continue
        value = schema[exclusive]
        if draft4:
            if value is True and bound in out:
                out[exclusive] = out.pop(bound)
        else:
            out[exclusive] = value
    return out


def bounds_of(constraints: dict[str, Any]) -> Bounds:
    """The tightest lower and upper bound of normalized constraints."""
    low, low_ex, high, high_ex = None, False, None, False
    for value, exclusive in ((constraints.get("minimum"), False),
                             (constraints.get("exclusiveMinimum"), True)):
        if _is_number(value) and (low is None or value > low or (value == low and exclusive)):
            low, low_ex = value, exclusive
    for value, exclusive in ((constraints.get("maximum"), False),
                             (constraints.get("exclusiveMaximum"), True)):
        if _is_number(value) and (high is None or value < high or (value == high and exclusive)):
            high, high_ex = value, exclusive
    return Bounds(low, low_ex, high, high_ex)


def is_multiple(value: int, step: int | float) -> bool:
    """`jsonschema`'s multipleOf test, so compile-time levels agree with final validation."""
    if isinstance(step, float):
        try:
            quotient = value / step
            return int(quotient) == quotient
        except OverflowError:
            return (Fraction(value) / Fraction(step)).denominator == 1
    return value % step == 0


def admissible_integers(constraints: dict[str, Any], stop_after: int) -> list[int] | None:
    """The admitted integers in order, or None when a bound is missing.

    Stops after `stop_after` values: callers only need to know "none", "one", "a scale of up
    to N" or "more than that".
    """
    bounds = bounds_of(constraints)
    if bounds.low is None or bounds.high is None:
        return None
    low = math.floor(bounds.low) + 1 if bounds.low_exclusive else math.ceil(bounds.low)
    high = math.ceil(bounds.high) - 1 if bounds.high_exclusive else math.floor(bounds.high)
    step = constraints.get("multipleOf")
    if high < low:
        return []
    if high - low < ENUMERATE_LIMIT:
        found = []
        for value in range(low, high + 1):
            if step is None or is_multiple(value, step):
                found.append(value)
                if len(found) >= stop_after:
                    break
        return found
    # A wide range: with an integral step the admitted values are an arithmetic sequence; a
    # fractional step admits the multiples of its numerator.
    whole = 1 if step is None else abs(Fraction(step).numerator)
    first = -(-low // whole) * whole
    return list(range(first, high + 1, whole)[:stop_after])


def number_admits_some(constraints: dict[str, Any]) -> bool:
    """Whether any number satisfies the bounds (and multipleOf, exactly in fractions)."""
    bounds = bounds_of(constraints)
    step = constraints.get("multipleOf")
    if bounds.low is None or bounds.high is None:
        return True
    low, high = Fraction(bounds.low), Fraction(bounds.high)
    if low > high or (low == high and (bounds.low_exclusive or bounds.high_exclusive)):
        return False
    if step is None:
        return True
    unit = Fraction(step)
    k = math.ceil(low / unit)
    if bounds.low_exclusive and k * unit == low:
        k += 1
    candidate = k * unit
    return candidate < high or (candidate == high and not bounds.high_exclusive)
