"""deg.render: the one text the model reads, and the offsets into it."""
from __future__ import annotations

import json
import math

import pytest

from deg.errors import RequestError
from deg.render import ContextError, render_context


def test_string_is_verbatim():
    text = "  Invoice #12\r\n\tTotal: 5 € \u200b"
    assert render_context(text) is text
    assert render_context("") == ""


def test_json_separators_key_order_and_unicode():
    context = {"zeta": 1, "alpha": [1, 2.5, None, True, False], "name": "Zoë 日本", "n": {}}
    assert render_context(context) == (
        '{"zeta": 1, "alpha": [1, 2.5, null, true, false], "name": "Zoë 日本", "n": {}}'
    )
    assert render_context([{"b": 1, "a": 2}]) == '[{"b": 1, "a": 2}]'


@pytest.mark.parametrize("scalar,text", [(5, "5"), (-0.5, "-0.5"), (True, "true"), (None, "null"),
                                         (10**30, str(10**30))])
def test_json_scalars(scalar, text):
    assert render_context(scalar) == text


def test_offsets_are_code_points():
    context = {"emoji": "🙂", "city": "Zürich", "total": "€1.234,50"}
    text = render_context(context)
    for value in ("🙂", "Zürich", "€1.234,50"):
        start = text.index(value)
        assert text[start:start + len(value)] == value
    # One code point per character: the astral emoji counts once, unlike UTF-16.
    assert text.index("Zürich") == len('{"emoji": "🙂", "city": "')


def test_escapes_follow_json():
    text = render_context({"q": 'say "hi"\n'})
    assert text == '{"q": "say \\"hi\\"\\n"}'
    assert json.loads(text) == {"q": 'say "hi"\n'}


@pytest.mark.parametrize(
    "context,loc,fragment",
    [
        ({"a": [1, math.nan]}, ["context", "a", 1], "nan is not a JSON number"),
        ({"a": math.inf}, ["context", "a"], "inf is not a JSON number"),
        ({1: "x"}, ["context"], "object key 1 is not a string"),
        ({"a": (1, 2)}, ["context", "a"], "tuple is not a JSON value"),
        ({"a": {"b": {1, 2}}}, ["context", "a", "b"], "set is not a JSON value"),
        (b"bytes", ["context"], "bytes is not a JSON value"),
        ("bad \ud800 text", ["context"], "lone surrogate U+D800 at offset 4"),
        ({"k\udc00": 1}, ["context"], "lone surrogate U+DC00"),
    ],
)
def test_bad_contexts_are_refused_with_their_location(context, loc, fragment):
    with pytest.raises(ContextError) as info:
        render_context(context)
    assert isinstance(info.value, RequestError)
    (problem,) = info.value.errors
    assert problem["loc"] == loc
    assert fragment in problem["msg"]


def test_deep_nesting_is_an_error_not_a_crash():
    context: list = []
    for _ in range(100_000):
        context = [context]
    with pytest.raises(ContextError, match="too deep"):
        render_context(context)


def test_deterministic():
    context = {"b": [1, {"c": "ü"}], "a": 0.1}
    assert len({render_context(context) for _ in range(5)}) == 1
