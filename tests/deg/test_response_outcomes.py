"""deg.outcomes: decide builders, extract decoding, JSON round trips; deg.response.confidence."""
from __future__ import annotations

import json
import math

import pytest

from deg.outcomes import (ArrayOutcome, FieldOutcome, RawFill, choice_outcome, generate_outcome,
                          noul_outcome, pick_extract, read_span, score_outcome)
from deg.plan import FieldPlan
from deg.response import confidence


def leaf(pointer="/x", mode="extract.span", json_type="string", **kw) -> FieldPlan:
    path = tuple(pointer.split("/")[1:])
    on_null = "forbid" if mode.startswith("extract") else None
    defaults = dict(required=True, nullable=False, on_null=on_null)
    defaults.update(kw)
    return FieldPlan(pointer=pointer, path=path, mode=mode, json_type=json_type, **defaults)


@pytest.mark.parametrize(
    "probabilities,expected",
    [
        ([0.8, 0.15, 0.05], (3 * 0.8 - 1) / 2),
        ([0, 0.1, 0.6, 0.3, 0], 0.5),
        ([0.5, 0.5], 0.0),
        ([0.25] * 4, 0.0),
        ([1.0, 0.0], 1.0),
        ([1.0], 1.0),
    ],
)
def test_confidence_formula(probabilities, expected):
    assert confidence(probabilities) == pytest.approx(expected, abs=1e-12)


def test_confidence_of_nothing_is_an_error():
    with pytest.raises(ValueError):
        confidence([])


def test_choice_takes_first_maximum_on_ties():
    field = leaf("/dept", "decide.choice", "string", options=("billing", "tech", "sales"))
    outcome = choice_outcome(field, "/dept", [0.4, 0.4, 0.2])
    assert (outcome.value, outcome.probability, outcome.found) == ("billing", 0.4, True)
    assert outcome.probabilities == [0.4, 0.4, 0.2]
    assert outcome.confidence == pytest.approx(0.1)
    with pytest.raises(ValueError, match="2 probabilities for 3 outcomes"):
        choice_outcome(field, "/dept", [0.5, 0.5])
    with pytest.raises(ValueError, match="finite"):
        choice_outcome(field, "/dept", [math.nan, 0.5, 0.5])


def test_score_with_null_outcome_last():
    field = leaf("/s", "decide.score", "integer", levels=(1, 2, 3), null_outcome=True)
    outcome = score_outcome(field, "/s", [0.1, 0.2, 0.3, 0.4])
    assert outcome.value is None and outcome.found
    assert outcome.probability == 0.4
    # expected level renormalized over the levels: (0.1 + 0.4 + 0.9) / 0.6
    assert outcome.expected == pytest.approx(1.4 / 0.6)
    level = score_outcome(field, "/s", [0.1, 0.5, 0.3, 0.1])
    assert level.value == 2
    assert score_outcome(field, "/s", [0, 0, 0, 1.0]).expected is None


def test_noul_threshold():
    field = leaf("/u", "decide.noul", "boolean")
    assert noul_outcome(field, "/u", 0.5).value is True
    assert noul_outcome(field, "/u", 0.4999).value is False
    with pytest.raises(ValueError):
        noul_outcome(field, "/u", 1.5)
    with pytest.raises(ValueError, match="not decide.choice"):
        choice_outcome(field, "/u", [1.0])


def test_round_trip_through_json():
    raw = RawFill(
        fields=[
            FieldOutcome("/a", "/a", "extract.date", "2026-03-05T10:00:00Z", True, confidence=0.5,
                         span=(3, 20), assumed_offset=True),
            FieldOutcome("/b/0", "/b/*", "decide.choice", "x", True, probability=0.6,
                         probabilities=[0.6, 0.4], confidence=0.2),
            generate_outcome(leaf("/c", "generate"), "/c", "hi", 3),
        ],
        arrays=[ArrayOutcome("/b", "/b", 1, dropped=2)],
        prompt_tokens=10, generated_tokens=3,
    )
    wire = json.dumps(raw.to_dict())
    back = RawFill.from_dict(json.loads(wire))
    assert back == raw
    assert back.fields[0].span == (3, 20)
    with pytest.raises(ValueError, match="unknown keys"):
        FieldOutcome.from_dict({**raw.fields[0].to_dict(), "bogus": 1})
    with pytest.raises(ValueError, match="span must be"):
        FieldOutcome.from_dict({**raw.fields[0].to_dict(), "span": [1]})


@pytest.mark.parametrize(
    "field,text,value,reason",
    [
        (leaf(mode="extract.number", json_type="integer"), "1,234", 1234, None),
        (leaf(mode="extract.number", json_type="integer"), "12.5", None, "type"),
        (leaf(mode="extract.number", json_type="integer"), "12.0", 12, None),
        (leaf(mode="extract.number", json_type="number"), "twelve", None, "unparsable"),
        (leaf(mode="extract.number", json_type=["number", "null"], constraints=(("minimum", 0),)),
         "-5", None, "minimum"),
        (leaf(mode="extract.number", json_type="number", constraints=(("exclusiveMaximum", 10),)),
         "10", None, "exclusiveMaximum"),
        (leaf(mode="extract.number", json_type="number", constraints=(("multipleOf", 0.5),)),
         "$2.50", 2.5, None),
        (leaf(mode="extract.date", format="date"), "March 5, 2026", "2026-03-05", None),
        (leaf(mode="extract.date", format="date"), "03/05/2026", None, "unparsable"),
        (leaf(mode="extract.span", constraints=(("maxLength", 3),)), "ABCD", None, "maxLength"),
        (leaf(mode="extract.span", constraints=(("pattern", "^[A-Z]+-\\d+$"),)), "INV-42",
         "INV-42", None),
        (leaf(mode="extract.span", constraints=(("pattern", "\\d"),)), "none", None, "pattern"),
        (leaf(mode="extract.span", format="email"), "bob@example", None, "format"),
        (leaf(mode="extract.span", format="uuid"), "123e4567-e89b-12d3-a456-426614174000",
         "123e4567-e89b-12d3-a456-426614174000", None),
    ],
)
def test_read_span(field, text, value, reason):
    reading = read_span(field, text)
    assert (reading.value, reading.null_reason) == (value, reason)
    assert type(reading.value) is type(value)


def test_read_span_date_time_and_options():
    field = leaf(mode="extract.date", format="date-time")
    reading = read_span(field, "03/05/2026 14:30", date_order="DMY", default_offset="+01:00")
    assert (reading.value, reading.assumed_offset) == ("2026-05-03T14:30:00+01:00", True)
    assert read_span(field, "2026-05-03", date_order="DMY").null_reason == "unparsable"
    with pytest.raises(ValueError, match="extract leaf"):
        read_span(leaf(mode="generate"), "x")


def test_pick_extract_ranks_parses_and_respects_null():
    context = "Total: twelve or $12.50 or 7"
    field = leaf("/t", "extract.number", "number", on_null="null", nullable=True)
    twelve, amount, seven = (7, 13), (17, 23), (27, 28)
    scored = [(seven, -3.0), (twelve, -0.5), (amount, -1.0)]
    best = pick_extract(field, "/t", context, scored, null_logprob=-2.0)
    assert (best.value, best.span, best.found) == (12.5, amount, True)
    assert best.confidence == pytest.approx(math.exp(-1.0))
    # A margin makes null win over a span that is only slightly better.
    missed = pick_extract(field, "/t", context, scored, null_logprob=-2.0, null_margin=1.5)
    assert (missed.found, missed.value, missed.span, missed.null_reason) == (
        False, None, None, "unparsable")     # the top span outranked null and did not parse
    assert missed.confidence == pytest.approx(math.exp(-2.0))
    assert pick_extract(field, "/t", context, scored, null_logprob=0.0).null_reason == "not_found"
    assert pick_extract(field, "/t", context, [], null_logprob=-1.0).null_reason == "not_found"


def test_pick_extract_forbid_ignores_null_and_ties_go_to_earlier_span():
    context = "7 and 8"
    field = leaf("/n", "extract.number", "integer", on_null="forbid")
    outcome = pick_extract(field, "/n", context, [((6, 7), -5.0), ((0, 1), -5.0)], null_logprob=0.0)
    assert (outcome.value, outcome.span) == (7, (0, 1))
    bounded = leaf("/n", "extract.number", "integer", on_null="forbid",
                   constraints=(("minimum", 100),))
    none = pick_extract(bounded, "/n", context, [((0, 1), -1.0), ((6, 7), -2.0)], null_logprob=0.0)
    assert (none.found, none.null_reason) == (False, "minimum")
