"""Verbatim option evidence: which options of a choice the context states word for word.

A 135M backbone often knows which currency an invoice is in only as well as it knows the
currencies; the context saying `EUR` in so many words is evidence no head should have to
learn per option. `option_evidence` is 1.0 for every string option whose words (case-folded
letters and digits, so `credit_card` matches "credit card") occur as a run of words in the
context, else 0.0; options without a letter (numbers, codes like `1`) and the null outcome
get 0.0, since digits occur everywhere. The `verbatim` score term is `verbatim_weight` times
this vector (`deg_model.scoring`); the weight is fitted on held-out domains with the LM-prior mix
(`deg_model.training.prior_fit`), and 0.0 (the default) leaves the heads' answer bitwise as is.
"""
from __future__ import annotations

from typing import Any, Sequence

import regex
import torch

from .memo import memoized

# A word: a run of letters or digits (no underscore), the unit both the option evidence and
# the relevance gain (`relevance.py`) count in.
WORD = regex.compile(r"[^\W_]+", regex.VERSION0)
_LETTER = regex.compile(r"[^\W\d_]", regex.VERSION0)
_MEMO_KEY = "verbatim:words"

__all__ = ["WORD", "option_evidence"]


def _words(text: str) -> str:
    """` w1 w2 ... ` : the case-folded words of a text, space separated and padded."""
    return " " + " ".join(m.group(0) for m in WORD.finditer(text.casefold())) + " "


def option_evidence(options: Sequence[Any], width: int, text: str, memo: dict | None = None) -> torch.Tensor:
    """[width] float64: 1.0 where option k (k < len(options)) is stated verbatim in `text`.
    `width` covers a nullable choice's extra null outcome (always 0.0). `memo` (a trunk's)
    keeps the context's words for the other choices of the request."""
    words = memoized(memo, _MEMO_KEY, lambda: _words(text))
    out = torch.zeros(width, dtype=torch.float64)
    for k, option in enumerate(options[:width]):
        if isinstance(option, str) and _LETTER.search(option):
            phrase = _words(option)
            if phrase.strip() and phrase in words:
                out[k] = 1.0
    return out
