"""Plain-span candidates (`deg_model.scoring.compose.plain_spans`): a span never crosses a
paragraph break (a blank line, `scoring.shape.no_blank_line`)."""
from __future__ import annotations

import re

import torch

from deg_model.runtime.decode import TokenMap
from deg_model.scoring.compose import plain_spans

TEXT = "Clinician: Dr Farah Siddiqui\n\nYour referral is routine.\n \t\nEnd of letter"


def _tokens(text: str) -> TokenMap:
    return TokenMap([(m.start(), m.end()) for m in re.finditer(r"\S+|\s+", text)])


def _scores(start_word: str, end_word: str):
    tokens = _tokens(TEXT)
    words = [TEXT[a:b] for a, b in tokens.offsets]
    ls = torch.full((len(words) + 1,), -20.0, dtype=torch.float64)
    le = ls.clone()
    ls[words.index(start_word)] = 0.0
    le[words.index(end_word)] = 0.0
    return [TEXT[a:b] for (a, b), _, _ in plain_spans(ls, le, tokens, TEXT)]


def test_a_span_that_would_cross_a_blank_line_is_never_a_candidate():
    spans = _scores("Dr", "referral")
    assert spans and not any("Siddiqui" in s and "referral" in s for s in spans)
    assert not any("routine" in s and "End" in s for s in spans)     # a blank line of spaces and tabs
    assert spans[0] in ("Dr", "referral")        # the best start and the best end, each in its own block


def test_spans_inside_one_paragraph_and_across_single_newlines_stay():
    text = "Address: 418 Birchwood Lane,\nColumbus, OH 43221\n\nThanks"
    tokens = _tokens(text)
    words = [text[a:b] for a, b in tokens.offsets]
    ls = torch.full((len(words) + 1,), -20.0, dtype=torch.float64)
    le = ls.clone()
    ls[words.index("418")] = 0.0
    le[words.index("43221")] = 0.0
    best = plain_spans(ls, le, tokens, text)[0]
    assert text[best[0][0]:best[0][1]] == "418 Birchwood Lane,\nColumbus, OH 43221"


def test_paragraph_ids_of_whitespace_tokens_never_make_a_trimmed_span_cross():
    tokens = _tokens(TEXT)
    first, last = tokens.paragraphs(TEXT)
    words = [TEXT[a:b] for a, b in tokens.offsets]
    k = words.index("\n\n")
    assert (int(last[k - 1]), int(first[k]), int(last[k]), int(first[k + 1])) == (0, 1, 0, 1)
