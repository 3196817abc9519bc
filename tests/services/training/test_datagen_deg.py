"""datagen against deg's own core: every schema compiles to the modes datagen intends, every
typed gold span parses to its gold value with deg's parsers, and deg's candidate grammar
offers every typed gold span (contract 12.3: the runtime only scores those candidates)."""
from __future__ import annotations

import pytest

from degdata import DOMAINS, generate
from degdata.summary import schema_modes
from degdata.verify import _walk
from deg.candidates import find_candidates
from deg.parsers.dates import parse_date
from deg.parsers.formats import check_format
from deg.parsers.numbers import parse_number
from deg.schema import compile_schema

ROUNDS = 20


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return list(generate(1, ROUNDS * len(DOMAINS)))


def _typed_spans(record: dict):
    """(pointer, kind, leaf schema, gold, (start, end)) of every number/date/email/uri span."""
    leaves: dict = {}
    _walk(record["schema"], record["value"], "", leaves)
    for ptr, span in record["spans"].items():
        leaf, gold = leaves[ptr]
        types = leaf.get("type")
        types = set(types) if isinstance(types, list) else {types}
        if types & {"number", "integer"}:
            yield ptr, "number", leaf, gold, tuple(span)
        elif leaf.get("format") in ("date", "email", "uri"):
            yield ptr, leaf["format"], leaf, gold, tuple(span)


def test_every_schema_compiles_to_the_intended_modes(records):
    for r in records:
        plan = compile_schema(r["schema"])
        assert [(f.pointer, f.mode) for f in plan.fields] == schema_modes(r["schema"]), r["uid"]


def test_every_typed_span_parses_to_its_gold_value_with_deg(records):
    checked = 0
    for r in records:
        order = r["options"].get("date_order")
        for ptr, kind, leaf, gold, (s, e) in _typed_spans(r):
            text = r["context"][s:e]
            if kind == "number":
                integer = "integer" in (leaf["type"] if isinstance(leaf["type"], list)
                                        else [leaf["type"]])
                assert parse_number(text, integer=integer) == gold, (r["uid"], ptr, text)
            elif kind == "date":
                assert parse_date(text, date_order=order) == gold, (r["uid"], ptr, text, order)
            else:
                assert check_format(kind, text), (r["uid"], ptr, text)
            checked += 1
    assert checked > 3000


def test_deg_candidates_offer_every_typed_gold_span(records):
    offered = 0
    for r in records:
        cache: dict = {}
        for ptr, kind, _leaf, _gold, span in _typed_spans(r):
            if kind not in cache:
                cache[kind] = set(find_candidates(kind, r["context"]))
            assert span in cache[kind], (r["uid"], ptr, kind, r["context"][span[0]:span[1]])
            offered += 1
    assert offered > 3000
