"""The gateway's compiled-plan cache: one compile per distinct schema, exact keys, bounded."""
from __future__ import annotations

import pytest

import deg
from deg.errors import SchemaError
from gateway.plans import PlanCache

SCHEMA = {"type": "object", "properties": {"a": {"type": "boolean"}, "b": {"enum": ["x", "y"]}}, "required": ["a"]}


def test_the_same_schema_is_compiled_once_and_gives_the_same_plan(monkeypatch):
    calls = []
    real = deg.compile_schema
    monkeypatch.setattr(deg, "compile_schema", lambda schema, strict=False: calls.append(strict) or real(schema, strict=strict))
    cache = PlanCache(8)
    first = cache.compile(SCHEMA)
    again = cache.compile({"type": "object", "properties": {"a": {"type": "boolean"}, "b": {"enum": ["x", "y"]}},
                           "required": ["a"]})
    assert again is first and calls == [False] and (cache.hits, cache.misses) == (1, 1)
    assert first == real(SCHEMA)                                 # the plan compile_schema gives
    cache.compile(SCHEMA, strict=True)                           # strict is part of the key
    assert calls == [False, True]


def test_keys_are_exact_json_in_the_schemas_own_order():
    cache = PlanCache(8)
    reordered = {"type": "object", "properties": {"b": {"enum": ["x", "y"]}, "a": {"type": "boolean"}}, "required": ["a"]}
    one, two = cache.compile(SCHEMA), cache.compile(reordered)
    assert [f.pointer for f in one.fields] == ["/a", "/b"] and [f.pointer for f in two.fields] == ["/b", "/a"]
    ints = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 5}}, "required": ["n"]}
    floats = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1.0, "maximum": 5}}, "required": ["n"]}
    cache.compile(ints), cache.compile(floats)
    assert len(cache) == 4


def test_the_cache_is_bounded_and_refusals_are_not_kept():
    cache = PlanCache(2)
    for name in "abc":
        cache.compile({"type": "object", "properties": {name: {"type": "boolean"}}})
    assert len(cache) == 2
    bad = {"type": "object", "properties": {"x": {"x-genrate": True, "type": "string"}}}
    for _ in range(2):
        with pytest.raises(SchemaError):
            cache.compile(bad)
    assert len(cache) == 2 and cache.misses == 3
    with pytest.raises(ValueError, match="max_entries"):
        PlanCache(-1)
    assert PlanCache(0).compile(SCHEMA) == deg.compile_schema(SCHEMA)
