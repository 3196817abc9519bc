"""Each named score term (`deg_model.scoring.terms`) and span shape rule (`scoring.shape`) on
its own: what it adds, to which outcome, with which weight."""
from __future__ import annotations

import math
import re

import torch

from deg_model.runtime.decode import TokenMap
from deg_model.scoring import PriorSpan, SpanEvidence, terms
from deg_model.scoring.shape import abbreviation_dot, bracket_opened, no_blank_line, trim_span

F64 = torch.float64


def test_head_alone_is_its_logits_and_beside_a_prior_its_weighted_log_probabilities():
    logits = torch.tensor([2.0, -1.0, 0.5])
    alone = terms.head(logits)
    assert alone.name == "head" and alone.values.dtype == F64 and torch.equal(alone.values, logits.double())
    mixed = terms.head(logits, 1.5)
    assert torch.equal(mixed.values, torch.log_softmax(logits.double(), -1) * 1.5)


def test_prior_is_its_weight_times_the_lm_log_probabilities():
    lm = torch.log_softmax(torch.tensor([0.3, 0.1], dtype=F64), -1)
    got = terms.prior(lm, 0.25)
    assert got.name == "prior" and torch.equal(got.values, lm * 0.25)


def test_verbatim_gains_its_weight_on_the_options_stated_word_for_word():
    stated = torch.tensor([1.0, 0.0, 1.0, 0.0], dtype=F64)
    got = terms.verbatim(stated, 4.0)
    assert got.name == "verbatim" and got.values.tolist() == [4.0, 0.0, 4.0, 0.0]


def test_noul_shift_moves_true_only():
    got = terms.noul_shift(-0.5)
    assert got.name == "noul_shift" and got.values.tolist() == [-0.5, 0.0] and got.values.dtype == F64


def test_layout_cell_is_the_weight_times_what_the_cell_says():
    said = torch.tensor([0.0, 0.0, 0.0, 1.0, 0.0], dtype=F64)
    got = terms.layout_cell(said, 4.0)
    assert got.name == "layout_cell" and got.values.tolist() == [0.0, 0.0, 0.0, 4.0, 0.0]


def test_head_span_is_the_pointers_log_probabilities_with_the_null_on_both():
    start = torch.tensor([1.0, 0.0, -1.0, 0.5])          # 3 tokens + null
    end = torch.tensor([0.0, 2.0, 0.0, 0.5])
    alone = terms.head_span(start, end)
    ls, le = torch.log_softmax(start.double(), -1), torch.log_softmax(end.double(), -1)
    assert torch.equal(alone.start, ls) and torch.equal(alone.end, le) and alone.follow is None
    assert float(alone.null) == float(ls[-1] + le[-1])
    mixed = terms.head_span(start, end, 0.25)
    assert torch.equal(mixed.start, ls * 0.25) and torch.equal(mixed.follow, le[:3] * 0.25)
    # beside a prior the null's part passes a float32 scalar, as it has always been served
    assert float(mixed.null) == float(torch.tensor(float(ls[-1] + le[-1])).double() * 0.25)


def test_prior_span_ends_uniformly_except_where_its_own_copy_closed():
    ps = torch.log_softmax(torch.tensor([0.0, 3.0, 1.0, -2.0], dtype=F64), -1)
    pe = torch.log_softmax(torch.tensor([-1.0, 0.0, 2.0], dtype=F64), -1)
    got = terms.prior_span(PriorSpan(ps, 24, (1, pe)), 0.5)
    assert got.name == "prior" and torch.equal(got.start, ps * 0.5) and float(got.null) == float(ps[-1] * 0.5)
    assert got.end.tolist() == [-math.log(24) * 0.5] * 4
    assert torch.equal(got.follow, pe * 0.5)
    assert terms.prior_span(PriorSpan(ps, 24), 0.5).follow is None


def _evidence() -> SpanEvidence:
    # two sentences of 3 tokens: relevance 0.8 where a value may start in the first, none in the second
    return SpanEvidence(start=torch.tensor([0.0, 0.8, 0.8, 0.0, 0.0, 0.0], dtype=F64),
                        end_ok=torch.tensor([True, True, True, True, False, True]),
                        sentence=torch.tensor([0, 0, 0, 1, 1, 1]),
                        closing=torch.tensor([False, False, True, False, False, True]))


def test_span_relevance_reads_one_sentence_from_an_admissible_start_to_a_word_end():
    ev = _evidence()
    rel = lambda i, j: float(terms.span_relevance(ev, torch.tensor(i), torch.tensor(j)))   # noqa: E731
    assert rel(1, 2) == 0.8 and rel(1, 1) == 0.8
    assert rel(0, 2) == 0.0                 # not after the label
    assert rel(2, 3) == 0.0                 # crosses into the next sentence
    assert rel(3, 4) == 0.0                 # ends inside a word


def test_relevance_and_closing_are_weights_on_the_span_relevance():
    ev = _evidence()
    rel = terms.relevance(16.0)
    assert rel.name == "relevance" and rel.factor(torch.tensor(2)) == 16.0
    assert terms.relevance(16.0, row=True).name == "layout_cell"
    closing = terms.closing(ev, 4.0)
    assert closing.name == "closing"
    assert float(closing.factor(torch.tensor(2))) == 4.0 and float(closing.factor(torch.tensor(1))) == 0.0


def test_capped_is_the_excess_of_the_mass_over_one():
    assert terms.capped([math.log(0.25), math.log(0.25)], math.log(0.25)) == 0.0
    excess = terms.capped([0.0, 0.0], 0.0)                         # mass 3
    assert math.isclose(excess, math.log(3.0), rel_tol=1e-15)


def test_null_margin_is_the_request_s_else_the_default_plus_the_fitted():
    assert terms.null_margin(None, 0.5, 1.5) == 2.0
    assert terms.null_margin(-1.0, 0.5, 1.5) == -1.0
    assert terms.null_margin(0.0, 0.5, 1.5) == 0.0


def _tokens(text: str) -> TokenMap:
    return TokenMap([(m.start(), m.end()) for m in re.finditer(r"\S+|\s+", text)])


def test_no_blank_line_keeps_spans_inside_one_paragraph():
    text = "Dr Farah\nSiddiqui\n\nReferral"
    tokens = _tokens(text)
    words = [text[a:b] for a, b in tokens.offsets]
    t = len(words)
    ends = (torch.arange(t).unsqueeze(1) + torch.arange(t).unsqueeze(0)).clamp(max=t - 1)
    within = no_blank_line(tokens, text, ends)
    dr, siddiqui, referral = words.index("Dr"), words.index("Siddiqui"), words.index("Referral")
    assert bool(within[dr, siddiqui - dr])                   # a single newline stays inside
    assert not bool(within[dr, referral - dr])               # a blank line does not


def test_an_abbreviation_keeps_its_dot_and_a_bracket_it_opened_stays():
    assert abbreviation_dot("Acme Inc.", 0, 8) and abbreviation_dot("J.", 0, 1)
    assert not abbreviation_dot("the end.", 0, 7)
    assert bracket_opened("jacket (M)", 0, 9) and not bracket_opened("code KX-1)", 0, 9)
    assert not bracket_opened("jacket", 0, 5)
    cut = lambda text: text[slice(*trim_span(text, 0, len(text)))]    # noqa: E731
    assert cut(" Acme Inc., ") == "Acme Inc." and cut("the end.") == "the end"
    assert cut(" Trailhead jacket (M) |") == "Trailhead jacket (M)" and cut("(the Supplier)") == "the Supplier"
