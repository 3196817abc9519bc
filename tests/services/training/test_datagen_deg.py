"""datagen against deg's own core: every schema compiles to the modes datagen intends, every
typed gold span parses to its gold value with deg's parsers, and deg's candidate grammar
offers every typed gold span (contract 12.3: the runtime only scores those candidates)."""
from __future__ import annotations

import pytest

from services.training.datagen import DOMAINS, generate
from services.training.datagen.summary import schema_modes
from services.training.datagen.verify import _walk
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


def _known_date_overlap(context: str, span: tuple[int, int], candidates) -> bool:
    """deg's date scanner reads the cents of an amount at a line end plus the next line's
    `Month D` as a day-first date with a two-digit year (`380.24\\nAugust 28` -> 24 Aug 2028)
    and then misses the real date `August 28, 2024` that overlaps it. True when exactly that
    happened: a candidate starts right after `<digit>.` or `<digit>,`, runs over a newline and
    into the gold span."""
    s, _ = span
    return any(a < s < b and a >= 2 and context[a - 1] in ".," and context[a - 2].isdigit()
               and "\n" in context[a:s] for a, b in candidates)


def test_deg_candidates_offer_every_typed_gold_span(records):
    offered = missed = 0
    for r in records:
        cache: dict = {}
        for ptr, kind, _leaf, _gold, span in _typed_spans(r):
            if kind not in cache:
                cache[kind] = find_candidates(kind, r["context"])
            if span in set(cache[kind]):
                offered += 1
                continue
            assert kind == "date" and _known_date_overlap(r["context"], span, cache[kind]), (
                r["uid"], ptr, r["context"][span[0]:span[1]])
            missed += 1
    assert missed <= 0.01 * offered, (missed, offered)
    assert offered > 3000
