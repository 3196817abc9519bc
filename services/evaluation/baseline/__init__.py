"""The constrained-decoding baseline of contract section 11 and the equal array caps.

- `generator`  `GrammarBaseline`: the same base model writing the whole JSON under an
  XGrammar grammar derived from the JSON Schema, greedy, from the same prompt
- `caps`       `cap_arrays` / `cap_value`: one `maxItems` for both systems, gold cut to match
"""
from degcommon.caps import cap_arrays, cap_value
from services.evaluation.baseline.generator import BaselineError, BaselineFill, GrammarBaseline

__all__ = ["BaselineError", "BaselineFill", "GrammarBaseline", "cap_arrays", "cap_value"]
