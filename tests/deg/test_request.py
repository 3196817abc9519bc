"""Request and option models (contract section 9)."""
from __future__ import annotations

import pytest

from deg.errors import RequestError
from deg.request import FillOptions, FillRequest, parse_fill_request, parse_options


def errors(data) -> list[dict]:
    with pytest.raises(RequestError) as info:
        parse_fill_request(data)
    return info.value.errors


def test_defaults():
    req = parse_fill_request({"context": "hello", "schema": {"type": "object"}})
    assert req.model == "deg-latest" and req.json_schema == {"type": "object"}
    o = req.options
    assert (o.max_new_tokens, o.max_items, o.date_order, o.default_offset, o.temperature,
            o.seed, o.array_decode, o.null_margin) == (256, None, None, "Z", 0, None,
                                                       None, None)    # array_decode None: the checkpoint's default


@pytest.mark.parametrize("context", ["text", {"a": [1]}, [1, "x"]])
def test_context_forms(context):
    assert parse_fill_request({"context": context, "schema": {}}).context == context


def test_unknown_fields_and_options_are_named():
    found = errors({"context": "x", "schema": {}, "extra": 1, "options": {"max_new_token": 3}})
    assert {"loc": ["extra"], "msg": "unknown field 'extra'"} in found
    assert {"loc": ["options", "max_new_token"], "msg": "unknown option 'max_new_token'"} in found


@pytest.mark.parametrize("options,loc", [
    ({"max_new_tokens": 0}, "max_new_tokens"), ({"max_new_tokens": 4097}, "max_new_tokens"),
    ({"max_new_tokens": True}, "max_new_tokens"), ({"max_new_tokens": "5"}, "max_new_tokens"),
    ({"max_items": -1}, "max_items"), ({"date_order": "YMD"}, "date_order"),
    ({"default_offset": "+24:00"}, "default_offset"), ({"default_offset": "0200"}, "default_offset"),
    ({"temperature": -0.1}, "temperature"), ({"array_decode": "peaks"}, "array_decode"),
    ({"null_margin": float("nan")}, "null_margin"), ({"null_margin": float("inf")}, "null_margin"),
    ({"seed": -1}, "seed"), ({"seed": 1.5}, "seed"),
])
def test_bad_options(options, loc):
    found = errors({"context": "x", "schema": {}, "options": options})
    assert [e["loc"] for e in found] == [["options", loc]]


def test_temperature_needs_seed():
    found = errors({"context": "x", "schema": {}, "options": {"temperature": 0.7}})
    assert found == [{"loc": ["options"], "msg": "temperature > 0 requires a seed, so sampled text is reproducible"}]
    assert parse_options({"temperature": 0.7, "seed": 3}).seed == 3


def test_good_option_values():
    o = parse_options({"max_new_tokens": 4096, "max_items": 0, "date_order": "DMY",
                       "default_offset": "-05:30", "temperature": 1, "seed": 0,
                       "array_decode": "hybrid", "null_margin": -1.5})
    assert (o.temperature, o.null_margin, o.default_offset) == (1.0, -1.5, "-05:30")


def test_bad_context_schema_and_body():
    found = errors({"context": 3, "schema": [], "model": ""})
    assert {"loc": ["context"], "msg": "context must be a string, a JSON object or a JSON array"} in found
    assert ["schema"] in [e["loc"] for e in found] and ["model"] in [e["loc"] for e in found]
    assert errors([1]) == [{"loc": [], "msg": "the request body must be a JSON object"}]
    assert [e["loc"] for e in errors({"schema": {}})] == [["context"]]


def test_canonical_options_json_is_stable():
    a = FillOptions()
    b = parse_options({"max_new_tokens": 256, "temperature": 0, "array_decode": None})
    assert a.canonical_json() == b.canonical_json()
    assert parse_options({"array_decode": "count_peaks"}).canonical_json() != a.canonical_json()
    assert a.canonical_json() == ('{"array_decode":null,"date_order":null,'
                                  '"default_offset":"Z","max_items":null,"max_new_tokens":256,'
                                  '"null_margin":null,"seed":null,"temperature":0.0}')
    assert parse_options({"max_items": 3}).canonical_json() != a.canonical_json()


def test_models_are_frozen():
    req = FillRequest.model_validate({"context": "x", "schema": {}})
    with pytest.raises(Exception):
        req.options.seed = 3  # type: ignore[misc]


def test_strict_schema_option_is_a_compile_option_outside_the_cache_key():
    strict = parse_fill_request({"context": "x", "schema": {}, "options": {"strict_schema": True}})
    loose = parse_fill_request({"context": "x", "schema": {}})
    assert strict.options.strict_schema is True and loose.options.strict_schema is False
    assert strict.options.canonical_json() == loose.options.canonical_json()
    assert "strict_schema" not in loose.options.canonical_json()
    assert {"loc": ["options", "strict_schema"], "msg": "Input should be a valid boolean"} in \
        errors({"context": "x", "schema": {}, "options": {"strict_schema": "yes"}})


def test_max_items_is_bounded_by_the_64_bit_counts_of_a_plan():
    base = {"context": "x", "schema": {"type": "object"}}
    assert parse_fill_request({**base, "options": {"max_items": 2**63 - 1}}).options.max_items == 2**63 - 1
    [problem] = errors({**base, "options": {"max_items": 2**63}})
    assert problem["loc"] == ["options", "max_items"] and "less than or equal to" in problem["msg"]


def test_media_parts_are_checked_and_make_the_context_optional():
    part = {"type": "image/png", "data": "iVBORw0KGgo="}
    request = parse_fill_request({"schema": {}, "media": [part]})
    assert request.context == "" and request.media[0].type == "image/png"
    assert parse_fill_request({"context": "note", "schema": {}, "media": [part]}).context == "note"
    assert parse_fill_request({"context": "x", "schema": {}, "media": None}).media is None
    cases = [
        ({"schema": {}}, ["context"]),                                              # no context, no media
        ({"schema": {}, "media": []}, ["media"]),                                   # an empty list is a mistake
        ({"schema": {}, "media": [{**part, "type": "image/gif"}]}, ["media", 0, "type"]),
        ({"schema": {}, "media": [{**part, "url": "https://example.org/a.png"}]}, ["media", 0, "url"]),
        ({"schema": {}, "media": [{"type": "image/png", "data": ""}]}, ["media", 0, "data"]),
    ]
    for body, loc in cases:
        with pytest.raises(RequestError) as caught:
            parse_fill_request(body)
        assert loc in [e["loc"] for e in caught.value.errors], (body, caught.value.errors)
