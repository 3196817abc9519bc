"""The one function that composes a round's scores (`deg_model.scoring.score_round`): its sums
are the terms' sums in their order, bitwise; `explain` reports each term's part in the winner
and the runner-up, costs nothing when off and changes nothing else."""
from __future__ import annotations

import dataclasses
import math
import re

import pytest
import torch

from deg import compile_schema
from deg.outcomes import pick_extract
from deg.request import FillOptions
from deg_model.runtime.decode import TokenMap
from deg_model.scoring import (DecideEvidence, ExtractEvidence, LeafEvidence, Mix, PriorSpan, ScoringSettings,
                               SpanEvidence, score_round)
from deg_model.scoring import explain as explain_module
from deg_model.scoring.compose import extract_scores

F64 = torch.float64
SCHEMA = {"type": "object", "properties": {
    "currency": {"enum": ["EUR", "USD", "GBP"]},
    "paid": {"type": "boolean"},
    "code": {"type": ["string", "null"], "description": "the access code"},
    "total": {"type": ["number", "null"]}}}
PLAN = compile_schema(SCHEMA)
FIELDS = {f.pointer: f for f in PLAN.fields}
TEXT = "Invoice in EUR, code KX-1 total 12.50\n\nEnd"
SHIPPED = ScoringSettings(choice=Mix(1.0, 0.0), score=Mix(1.5, 0.5), noul=Mix(0.0, 0.25), extract=Mix(0.25, 0.5),
                          verbatim_weight=4.0, noul_shift=-0.5, null_margin=1.5, relevance_weight=16.0,
                          closing_weight=4.0, layout_rows=True)


def tokens() -> TokenMap:
    return TokenMap([(m.start(), m.end()) for m in re.finditer(r"\S+|\s+", TEXT)])


def choice() -> LeafEvidence:
    return LeafEvidence(FIELDS["/currency"], "/currency", DecideEvidence(
        "choice", torch.tensor([0.2, 0.9, -0.4]), verbatim=torch.tensor([1.0, 0.0, 0.0], dtype=F64)))


def noul() -> LeafEvidence:
    lm = torch.log_softmax(torch.tensor([-0.3, 0.1], dtype=F64), -1)
    return LeafEvidence(FIELDS["/paid"], "/paid", DecideEvidence("noul", torch.tensor([0.7, 0.0]), prior=lm))


def extract(pointer="/code", candidates=None) -> LeafEvidence:
    t = len(tokens())
    gen = torch.Generator().manual_seed(3)
    start, end = torch.randn(t + 1, generator=gen), torch.randn(t + 1, generator=gen)
    ps = torch.log_softmax(torch.randn(t + 1, generator=gen, dtype=F64), -1)
    pe = torch.log_softmax(torch.randn(t, generator=gen, dtype=F64), -1)
    sentence = torch.tensor([0] * (t - 2) + [1, 1])
    spans = SpanEvidence(start=torch.linspace(0.0, 1.0, t, dtype=F64), end_ok=torch.ones(t, dtype=torch.bool),
                         sentence=sentence, closing=torch.tensor([False] * (t - 3) + [True, False, True]))
    return LeafEvidence(FIELDS[pointer], pointer, ExtractEvidence(
        start, end, TEXT, tokens(), prior=PriorSpan(ps, 24, (2, pe)), spans=spans, candidates=candidates))


def test_a_decide_leaf_is_the_softmax_of_its_terms_summed_in_order():
    (cur, paid) = score_round(SHIPPED, [choice(), noul()], FillOptions())
    logits = torch.tensor([0.2, 0.9, -0.4]).double() + 4.0 * torch.tensor([1.0, 0.0, 0.0], dtype=F64)
    assert cur.probabilities == torch.softmax(logits, -1).tolist() and cur.value == "EUR"
    lm = noul().evidence.prior
    total = lm * 0.25 + torch.tensor([-0.5, 0.0], dtype=F64)          # the head's weight is 0: no head term
    assert paid.probability == float(torch.softmax(total, -1)[0])


def test_an_extract_leaf_composes_pointers_first_then_gains_then_the_cap():
    leaf = extract()
    ev = leaf.evidence
    (got,) = score_round(SHIPPED, [leaf], FillOptions())
    ls, le = torch.log_softmax(ev.start.double(), -1), torch.log_softmax(ev.end.double(), -1)
    start = ls * 0.25 + ev.prior.start * 0.5
    end = le * 0.25 + torch.full_like(ls, -math.log(24)) * 0.5
    follow = le[:-1] * 0.25 + ev.prior.follow[1] * 0.5
    scores = extract_scores(SHIPPED, ev)
    for (a, b), score, (i, j) in scores.spans[:5]:
        last = follow[j] if i == 2 else end[j]
        inside = bool(ev.spans.sentence[i] == ev.spans.sentence[j])
        gain = float(ev.spans.start[i]) * (16.0 + 4.0 * float(ev.spans.closing[j])) if inside else 0.0
        assert score == float(start[i] + last) + gain - scores.excess
    null = float(torch.tensor(float(ls[-1] + le[-1])).double() * 0.25 + ev.prior.start[-1] * 0.5) - scores.excess
    assert scores.null == null
    assert got == pick_extract(leaf.field, "/code", TEXT, [(s, v) for s, v, _ in scores.spans], null,
                               null_margin=1.5)


def typed() -> LeafEvidence:
    at = TEXT.index("12.50")
    return extract("/total", [(at, at + 5)])


@pytest.mark.parametrize("make", [choice, noul, extract, typed], ids=["choice", "noul", "extract", "typed"])
def test_explain_adds_only_the_explanation(make):
    plain = score_round(SHIPPED, [make()], FillOptions())[0]
    told = score_round(SHIPPED, [make()], FillOptions(explain=True))[0]
    assert plain.explain is None and told.explain is not None
    assert dataclasses.replace(told, explain=None) == plain


def test_explain_off_computes_no_explanation(monkeypatch):
    calls = []
    monkeypatch.setattr("deg_model.scoring.compose.explain_decide", lambda *a: calls.append(a))
    monkeypatch.setattr("deg_model.scoring.compose.explain_extract", lambda *a: calls.append(a))
    score_round(SHIPPED, [choice(), noul(), extract()], FillOptions())
    assert calls == []


def test_a_decide_explanation_names_each_term_for_the_winner_and_the_runner_up():
    got = score_round(SHIPPED, [choice()], FillOptions(explain=True))[0].explain
    assert got["winner"]["value"] == "EUR" and got["runner_up"]["value"] == "USD"
    assert [t["name"] for t in got["terms"]] == ["head", "verbatim"]
    assert got["terms"][1] == {"name": "verbatim", "winner": 4.0, "runner_up": 0.0}
    for side in ("winner", "runner_up"):
        assert math.isclose(sum(t[side] for t in got["terms"]), got[side]["score"], abs_tol=1e-12)
    assert math.isclose(got["winner"]["probability"], max(score_round(SHIPPED, [choice()], FillOptions())[0]
                                                          .probabilities))
    paid = score_round(SHIPPED, [noul()], FillOptions(explain=True))[0]
    assert [t["name"] for t in paid.explain["terms"]] == ["prior", "noul_shift"]
    assert paid.explain["winner"]["value"] is paid.value


def test_an_extract_explanation_sums_to_each_outcome_s_score():
    leaf = extract()
    got = score_round(SHIPPED, [leaf], FillOptions(explain=True))[0]
    ex = got.explain
    names = [t["name"] for t in ex["terms"]]
    assert names[:4] == ["head", "prior", "relevance", "closing"] and names[-1] == "null_margin"
    for side in ("winner", "runner_up"):
        if ex[side] is not None:
            assert math.isclose(sum(t[side] for t in ex["terms"]), ex[side]["score"], abs_tol=1e-9), side
    if got.found:
        assert ex["winner"]["span"] == list(got.span) and ex["winner"]["value"] == got.value
        assert ex["winner"]["text"] == TEXT[slice(*got.span)]
    else:
        assert ex["winner"]["null"] is True
    null_side = "winner" if not got.found else "runner_up"
    if ex[null_side] is not None and ex[null_side].get("null"):
        assert next(t for t in ex["terms"] if t["name"] == "null_margin")[null_side] == 1.5


def test_a_row_s_cell_gain_is_named_layout_cell():
    leaf = extract()
    row = dataclasses.replace(leaf, evidence=dataclasses.replace(leaf.evidence, row=True))
    names = [t["name"] for t in score_round(SHIPPED, [row], FillOptions(explain=True))[0].explain["terms"]]
    assert "layout_cell" in names and "relevance" not in names


def test_spans_of_an_explanation_shift_into_the_whole_context():
    ex = {"winner": {"span": [3, 5], "score": -1.0}, "runner_up": {"value": None, "null": True, "score": -2.0},
          "terms": []}
    moved = explain_module.shift_spans(ex, 100)
    assert moved["winner"]["span"] == [103, 105] and moved["runner_up"] == ex["runner_up"]
    assert ex["winner"]["span"] == [3, 5]                              # the window's own is untouched
