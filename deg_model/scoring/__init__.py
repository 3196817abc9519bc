"""The one place a value's score is composed (docs/architecture.md: "Scoring").

- `settings`: `ScoringSettings`, the terms' weights and switches by name, as a checkpoint
  carries them (`deg.json["scoring"]`);
- `evidence`: the typed evidence of one leaf (its head's outputs, the LM prior's, what the
  rules read off the context), gathered by the runtime (`runtime.decide`);
- `terms`: one small function per named term; `shape`: the span shape rules;
- `compose`: `score_round`, a round's evidence -> its outcomes, the one function the
  one-trunk path and the windowed path call; `explain`: each term's part in a winner and its
  runner-up;
- `mark_count`: how many items an anchored array has under the anchor head's own token
  marks (the `expected` array decode, and the training term that teaches it).

Only this package imports `terms` and `shape` (tests/test_architecture.py checks it).
"""
from __future__ import annotations

from .compose import (ExtractScores, decide_scores, decide_terms, extract_outcome, extract_scores, score_leaf,
                      score_round)
from .evidence import DecideEvidence, ExtractEvidence, FlagRead, LeafEvidence, PriorSpan, SpanEvidence, as_read
from .explain import shift_spans
from .settings import LEGACY_BUFFERS, PRIOR_KINDS, Mix, ScoringSettings

__all__ = ["DecideEvidence", "ExtractEvidence", "ExtractScores", "FlagRead", "LEGACY_BUFFERS", "LeafEvidence", "Mix",
           "PRIOR_KINDS", "PriorSpan", "ScoringSettings", "SpanEvidence", "decide_scores", "decide_terms",
           "as_read", "extract_outcome", "extract_scores", "score_leaf", "score_round", "shift_spans"]
