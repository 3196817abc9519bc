"""Constrained generation: never outside maxLength / minLength / pattern, EOS only when the
text is complete, and greedy output is the plain argmax whenever that token is admissible."""
from __future__ import annotations

import regex
import torch
from hypothesis import HealthCheck, given, settings, strategies as st

from deg import compile_schema
from deg.errors import FillError
from deg.request import FillOptions
from deg_model.runtime.constrain import TextLimits
from deg_model.runtime.generate import GenerateRow, _Decoder

PATTERNS = ["[a-z]+", "^[a-z ]+$", "\\d", "^x", "ab|cd", "^[A-Z][a-z]*$", "[0-9]{2}", "e$", "^.{2,}$"]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pattern=st.one_of(st.none(), st.sampled_from(PATTERNS)), min_len=st.integers(0, 4),
       extra=st.integers(0, 10), seed=st.one_of(st.none(), st.integers(0, 50)))
def test_generated_text_always_meets_its_limits(runtime, pattern, min_len, extra, seed):
    leaf = {"type": "string", "x-generate": True, "x-max-tokens": 24, "minLength": min_len,
            "maxLength": min_len + extra + 2}
    if pattern:
        leaf["pattern"] = pattern
    plan = compile_schema({"type": "object", "properties": {"g": leaf}})
    options = FillOptions() if seed is None else FillOptions(temperature=1.0, seed=seed)
    try:
        raw = runtime.fill("Some words 12 and more.", plan, options)
    except FillError as exc:
        # The only admissible failure: the token budget ran out before the pattern completed.
        assert "tokens were not enough" in str(exc)
        return
    text = raw.fields[0].value
    assert min_len <= len(text) <= min_len + extra + 2
    if pattern:
        assert regex.search(pattern, text), (pattern, text)
    assert raw.fields[0].generated_tokens <= 24


def test_limits_partial_and_complete():
    limits = TextLimits(min_length=2, max_length=5, pattern="^[a-z]+$")
    assert limits.viable("") and limits.viable("ab") and not limits.viable("aB") and not limits.viable("abcdef")
    assert not limits.complete("a") and limits.complete("abc")
    search = TextLimits(pattern="42")
    assert search.viable("x4") and search.complete("x42y") and not search.complete("x4")


class _Tok:
    """Decodes token i as chr(97 + i % 26); token 26 is EOS, 27 a markup token."""
    all_special_ids = [26, 27]

    def decode(self, ids, **_):
        return "".join("<|x|>" if i == 27 else "" if i == 26 else chr(97 + i % 26) for i in ids)


def _decoder(constraints, budget=8):
    leaf = compile_schema({"type": "object", "properties": {"g": {"type": "string", "x-generate": True,
                                                                    **constraints}}}).field_at("/g")
    return _Decoder(GenerateRow(leaf, "/g", torch.tensor([1]), budget), _Tok(), (26,), 0.0, None)


def test_greedy_is_the_argmax_whenever_admissible():
    gen = torch.Generator().manual_seed(0)
    dec = _decoder({"pattern": "^[a-m]+$", "maxLength": 6, "minLength": 1})
    for _ in range(40):
        logits = torch.randn(28, generator=gen)
        best = int(torch.argmax(logits))
        chosen = dec.choose(logits)
        if dec.admissible(best):
            assert chosen == best
        else:
            assert dec.admissible(chosen)
            better = [t for t in range(28) if logits[t] > logits[chosen]]
            assert not any(dec.admissible(t) for t in better)   # first admissible in logit order
    assert not dec.admissible(27)                                # markup is never text
    dec2 = _decoder({"minLength": 2})
    assert not dec2.admissible(26)                               # EOS waits for minLength
    dec2.push(0)
    dec2.push(1)
    assert dec2.admissible(26)


def test_viability_sees_the_room_left_by_max_length():
    limits = TextLimits(max_length=2, pattern="[a-z]+")
    assert limits.viable("#") and not limits.viable("#%") and limits.viable("#a")
    anchored = TextLimits(max_length=4, pattern="^[0-9]{3}$")
    assert anchored.viable("12") and not anchored.viable("a") and not anchored.viable("1234")
    # a pattern the DFA builder cannot read (a backreference) keeps plain partial matching
    from deg_model.runtime.constrain import _distance
    backref = TextLimits(max_length=3, pattern="(a)\\1")
    assert _distance("(a)\\1") is None
    assert backref.viable("xa") and backref.complete("xaa") and not backref.complete("xa")


def test_utf8_bookkeeping():
    from deg_model.runtime.tokenbytes import read_utf8, token_bytes
    assert read_utf8("é".encode()) == ("é", 0)
    assert read_utf8(b"a\xe4\xb8") == ("a", 3)
    assert read_utf8(b"\x80") is None and read_utf8(b"\xc3a") is None
    assert token_bytes(_Tok()) is None                       # not a byte-level vocabulary


def test_byte_level_table_round_trips(smollm2_tokenizer):
    from deg_model.runtime.tokenbytes import token_bytes
    table = token_bytes(smollm2_tokenizer)
    text = "héllo wörld 一 🙂"
    ids = smollm2_tokenizer(text, add_special_tokens=False)["input_ids"]
    assert b"".join(table[i] for i in ids).decode("utf-8") == text
