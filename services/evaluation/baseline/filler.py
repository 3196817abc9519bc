"""The baseline as a datagen-eval filler: `(context, schema, options) -> FillResult`."""
from __future__ import annotations

from typing import Any

from deg import render_context
from services.evaluation.baseline.generator import GrammarBaseline
from degcommon.datagen_scoring import FillResult


class BaselineFiller:
    """Renders the context as deg does, then asks the grammar baseline for the whole object.

    Fill options are deg's (dates, null margins, ...) and have no baseline meaning, so they
    are ignored; the token budget is the baseline's own `max_new_tokens`.
    """

    def __init__(self, baseline: GrammarBaseline):
        self.baseline = baseline

    def __call__(self, context: Any, schema: dict[str, Any], options: dict[str, Any]) -> FillResult:
        fill = self.baseline.fill(render_context(context), schema)
        return FillResult(value=fill.value, meta={}, prompt_tokens=fill.prompt_tokens,
                          generated_tokens=fill.generated_tokens, error=fill.error,
                          extra={"hit_budget": fill.hit_budget})
