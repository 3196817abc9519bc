"""The weights and switches of the score terms, by name: one typed record a checkpoint carries.

A checkpoint writes them to `deg.json["scoring"]`:

    "scoring": {"choice": {"head": 1.0, "prior": 0.0}, "score": {"head": 1.5, "prior": 0.5},
                "noul": {...}, "extract": {...}, "verbatim_weight": 4.0, "noul_shift": -0.5,
                "null_margin": 1.5, "relevance_weight": 16.0, "closing_weight": 4.0,
                "layout_rows": true}

- `<kind>.head`, `<kind>.prior`: the weights of the `head` and `prior` terms of a head kind
  (`w_head * head + w_prior * prior`, the LM-prior mix); a kind whose prior weight is 0 runs
  no prior row.
- `verbatim_weight`: the `verbatim` term of a choice, and the `layout_cell` term of a table
  row's decide leaf; `noul_shift`: the `noul_shift` term of a true/false leaf;
  `relevance_weight` / `closing_weight`: the `relevance` (or a row's `layout_cell`) and
  `closing` terms of an extract's spans; `null_margin`: the `null_margin` term (the margin a
  span must beat the null by) when a request sets none.
- `layout_rows`: an anchored array laid out as a table or list takes its rows as its items.
- `anchor_shift`: added to the anchor head's logits before an anchored array is sized: the
  mark threshold, fitted on held-out validation domains with the decode mode (`choose-decode`);
  a calibration of the anchor head, not a rule, so `adjustments_off` keeps it.

Every default is "off": the heads alone, no rule. Checkpoints saved before this record kept
these numbers as float buffers in `heads.safetensors` (`prior_mix` [6, 2] over the head
kinds, one scalar per weight, `layout_rows` as 1.0 / 0.0); `from_legacy_tensors` reads them
to the same numbers (float32 values, exactly).
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, Mapping

import torch

__all__ = ["LEGACY_BUFFERS", "Mix", "PRIOR_KINDS", "ScoringSettings"]

PRIOR_KINDS = ("choice", "score", "noul", "extract")
# The head kinds of a legacy `prior_mix` buffer, in its row order.
_LEGACY_KINDS = ("choice", "score", "noul", "extract", "count", "anchor")
_WEIGHTS = ("verbatim_weight", "noul_shift", "null_margin", "relevance_weight", "closing_weight")
LEGACY_BUFFERS = ("prior_mix", *_WEIGHTS, "layout_rows")


@dataclass(frozen=True)
class Mix:
    """The weights of a head kind's `head` and `prior` terms."""
    head: float = 1.0
    prior: float = 0.0


@dataclass(frozen=True)
class ScoringSettings:
    choice: Mix = Mix()
    score: Mix = Mix()
    noul: Mix = Mix()
    extract: Mix = Mix()
    verbatim_weight: float = 0.0
    noul_shift: float = 0.0
    null_margin: float = 0.0
    relevance_weight: float = 0.0
    closing_weight: float = 0.0
    layout_rows: bool = False
    anchor_shift: float = 0.0

    def mix(self, kind: str) -> Mix:
        """The head kind's mix; kinds without a prior (count, anchor) are their head alone."""
        return getattr(self, kind) if kind in PRIOR_KINDS else Mix()

    def uses_prior(self, kind: str) -> bool:
        return kind in PRIOR_KINDS and self.mix(kind).prior != 0.0

    def reads_verbatim(self) -> bool:
        """Whether a decide leaf's rule evidence (verbatim option, a row's own cell) is read."""
        return self.verbatim_weight != 0.0

    def reads_spans(self) -> bool:
        """Whether an extract leaf's span evidence (relevance, a row's cells, closing) is read."""
        return (self.relevance_weight, self.closing_weight) != (0.0, 0.0)

    def with_mix(self, **mixes: Mix) -> "ScoringSettings":
        return dataclasses.replace(self, **mixes)

    def adjustments_off(self) -> "ScoringSettings":
        """The same mix with every rule's weight at 0 (layout rows as they are)."""
        return dataclasses.replace(self, **{name: 0.0 for name in _WEIGHTS})

    @classmethod
    def heads_only(cls) -> "ScoringSettings":
        return cls()

    @classmethod
    def prior_only(cls) -> "ScoringSettings":
        """The LM prior alone where a kind has one (what untrained heads serve with)."""
        return cls(**{kind: Mix(0.0, 1.0) for kind in PRIOR_KINDS})

    @classmethod
    def all_on(cls) -> "ScoringSettings":
        """Heads and prior both at 1 (every prior row runs: what recording leaves needs)."""
        return cls(**{kind: Mix(1.0, 1.0) for kind in PRIOR_KINDS})

    # ------------------------------------------------------------------ deg.json
    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ScoringSettings":
        """From `deg.json["scoring"]`; a ValueError names an unknown key or a wrong value."""
        if not isinstance(data, Mapping):
            raise ValueError(f"scoring must be an object, got {type(data).__name__}")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"scoring: unknown keys {unknown}")
        values: dict[str, Any] = {}
        for kind in PRIOR_KINDS:
            if kind in data:
                mix = data[kind]
                if not isinstance(mix, Mapping) or set(mix) - {"head", "prior"}:
                    raise ValueError(f"scoring.{kind} must be {{\"head\": w, \"prior\": w}}, got {mix!r}")
                values[kind] = Mix(**{k: _number(f"scoring.{kind}.{k}", v) for k, v in mix.items()})
        for name in _WEIGHTS:
            if name in data:
                values[name] = _number(f"scoring.{name}", data[name])
        if "anchor_shift" in data:
            values["anchor_shift"] = _number("scoring.anchor_shift", data["anchor_shift"])
        if "layout_rows" in data:
            if not isinstance(data["layout_rows"], bool):
                raise ValueError(f"scoring.layout_rows must be true or false, got {data['layout_rows']!r}")
            values["layout_rows"] = data["layout_rows"]
        return cls(**values)

    # ------------------------------------------------------------------ heads.safetensors of old
    @classmethod
    def from_legacy_tensors(cls, tensors: Mapping[str, torch.Tensor]) -> "ScoringSettings":
        """The numbers a head set saved before this record kept as buffers; a buffer it lacks
        (saved before that buffer existed) is off, as it loaded then."""
        values: dict[str, Any] = {}
        mix = tensors.get("prior_mix")
        if mix is not None:
            for row, kind in enumerate(_LEGACY_KINDS):
                if kind in PRIOR_KINDS:
                    values[kind] = Mix(float(mix[row, 0]), float(mix[row, 1]))
        for name in _WEIGHTS:
            if name in tensors:
                values[name] = float(tensors[name])
        if "layout_rows" in tensors:
            values["layout_rows"] = float(tensors["layout_rows"]) != 0.0
        return cls(**values)


def _number(where: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{where} must be a finite number, got {value!r}")
    return float(value)
