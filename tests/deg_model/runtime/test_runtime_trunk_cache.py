"""Trunks kept across fills (`deg_model.runtime.trunk_cache`) on the tiny random llama with the
real SmolLM2 tokenizer: a second schema over a context already read prefills nothing and gives
bitwise the outcomes (and raw head outputs) of a cold fill, with `cached_tokens` = the trunk;
a generate phase never changes a kept trunk; `no_cache` / `no_store` are obeyed; the cache
stays under its byte bound, oldest-used first out; two jobs of one batch over one context
read it once; windowed trunks are kept whole."""
from __future__ import annotations

import pytest
import torch

from deg import compile_schema, render_context
from deg.request import FillOptions
from deg_model.runtime import FillJob, Observer
from deg_model.runtime.trunk_cache import TrunkCache, private_state, trunk_bytes
from runtime_fixtures import CONTEXT, SCHEMA, make_runtime

SECOND = {"type": "object", "properties": {
    "order_id": {"type": "string"}, "urgent": {"type": "boolean"},
    "lines": {"type": "array", "maxItems": 2, "items": {"type": "object", "properties": {
        "name": {"type": "string"}, "price": {"type": ["number", "null"]}}}},
    "summary": {"type": "string", "x-generate": True, "x-max-tokens": 4}}}
OTHER = render_context("Invoice 99 from Acme Corp, due 2026-04-01, amount $12.00. Contact bob@acme.test.")


def runtime_with(backbone, cache: TrunkCache | None, **kw):
    rt = make_runtime(backbone, **kw)
    rt.trunk_cache = cache
    return rt


def counted(backbone, monkeypatch) -> list:
    calls = []
    original = backbone.prefill
    monkeypatch.setattr(backbone, "prefill", lambda ids, **kw: calls.append(int(ids.shape[0])) or original(ids, **kw))
    return calls


def same_heads(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


def test_second_schema_reuses_the_trunk_bitwise(tiny_backbone, monkeypatch):
    first, second = compile_schema(SCHEMA), compile_schema(SECOND)
    cold = runtime_with(tiny_backbone, None)
    seen = Observer()
    expected = cold.fill(CONTEXT, second, observer=seen)
    expected_heads, expected_stats = seen.last_heads, cold.last_stats
    rt = runtime_with(tiny_backbone, TrunkCache(1 << 30))
    calls = counted(tiny_backbone, monkeypatch)
    rt.fill(CONTEXT, first)
    assert len(calls) == 1 and rt.last_stats["cached_tokens"] == 0 and len(rt.trunk_cache) == 1
    seen = Observer()
    warm = rt.fill(CONTEXT, second, observer=seen)
    assert len(calls) == 1                                       # nothing read again
    assert warm.fields == expected.fields and warm.arrays == expected.arrays
    assert same_heads(seen.last_heads, expected_heads)
    assert warm.cached_tokens == warm.prompt_tokens == expected.prompt_tokens > 0
    assert expected.cached_tokens == 0
    assert warm.fork_tokens == expected.fork_tokens == expected_stats["fork_tokens"] > 0
    assert rt.trunk_cache.hits == 1


def test_generate_phase_never_changes_a_kept_trunk(tiny_backbone):
    second = compile_schema(SECOND)
    rt = runtime_with(tiny_backbone, TrunkCache(1 << 30))
    first = rt.fill(CONTEXT, second)
    (kept,) = rt.trunk_cache._kept.values()
    length = kept.state.length
    keys = [b.keys.clone() for b in kept.state.kv if b is not None]
    again = rt.fill(CONTEXT, second)
    assert kept.state.length == length == kept.tokens
    assert all(torch.equal(k, b.keys) for k, b in zip(keys, [b for b in kept.state.kv if b is not None]))
    assert again.fields == first.fields and again.generated_tokens == first.generated_tokens > 0


def test_private_state_is_a_full_copy_at_the_same_capacity(tiny_backbone):
    state = tiny_backbone.prefill(torch.arange(5, 40))
    copy = private_state(state)
    for a, b in zip(state.kv, copy.kv):
        assert a.k.data.shape == b.k.data.shape and torch.equal(a.keys, b.keys)
        assert a.k.data.data_ptr() != b.k.data.data_ptr()
    tiny_backbone.extend(copy, torch.arange(3, 9))
    assert copy.length == state.length + 6 and state.kv[0].keys.shape[1] == state.length


def test_no_cache_reads_again_and_no_store_keeps_nothing(tiny_backbone, monkeypatch):
    plan = compile_schema(SECOND)
    rt = runtime_with(tiny_backbone, TrunkCache(1 << 30))
    calls = counted(tiny_backbone, monkeypatch)
    options = FillOptions()
    (stored,) = rt.fill_many([FillJob(CONTEXT, plan, options, no_store=True)])
    assert len(calls) == 1 and len(rt.trunk_cache) == 0
    rt.fill(CONTEXT, plan)                                       # kept now
    (cold,) = rt.fill_many([FillJob(CONTEXT, plan, options, no_cache=True)])
    assert len(calls) == 3 and cold.cached_tokens == 0
    assert cold.fields == stored.fields
    (warm,) = rt.fill_many([FillJob(CONTEXT, plan, options)])
    assert len(calls) == 3 and warm.cached_tokens == warm.prompt_tokens


def test_cache_stays_under_its_bound_oldest_used_first_out(tiny_backbone):
    plan = compile_schema(SECOND)
    probe = runtime_with(tiny_backbone, TrunkCache(1 << 30))
    probe.fill(CONTEXT, plan)
    probe.fill(OTHER, plan)
    sizes = [kept.nbytes for kept in probe.trunk_cache._kept.values()]
    assert probe.trunk_cache.bytes == sum(sizes)
    rt = runtime_with(tiny_backbone, TrunkCache(max(sizes) + min(sizes) - 1))     # room for one
    rt.fill(CONTEXT, plan)
    rt.fill(OTHER, plan)
    assert len(rt.trunk_cache) == 1 and rt.trunk_cache.evictions == 1
    assert rt.trunk_cache.bytes <= rt.trunk_cache.max_bytes
    assert rt.fill(OTHER, plan).cached_tokens > 0 and rt.fill(CONTEXT, plan).cached_tokens == 0
    tiny = runtime_with(tiny_backbone, TrunkCache(min(sizes) - 1))                # room for none
    tiny.fill(OTHER, plan)
    assert len(tiny.trunk_cache) == 0 and tiny.trunk_cache.bytes == 0


def test_trunk_bytes_counts_each_storage_once(tiny_backbone):
    rt = runtime_with(tiny_backbone, TrunkCache(1 << 30))
    rt.fill(CONTEXT, compile_schema(SECOND))
    (kept,) = rt.trunk_cache._kept.values()
    spec = tiny_backbone.spec
    kv = sum(2 * b.k.data.numel() * b.k.data.element_size() for b in kept.state.kv if b is not None)
    assert kept.nbytes > kv >= 2 * spec.num_kv_heads * spec.head_dim * 4 * kept.tokens * sum(
        b is not None for b in kept.state.kv)
    assert trunk_bytes(kept.state, kept.trunk) == kept.nbytes


def test_jobs_of_one_batch_over_one_context_read_it_once(tiny_backbone, monkeypatch):
    first, second = compile_schema(SCHEMA), compile_schema(SECOND)
    cold = runtime_with(tiny_backbone, None)
    expected = cold.fill_many([FillJob(CONTEXT, first, FillOptions()), FillJob(CONTEXT, second, FillOptions())])
    rt = runtime_with(tiny_backbone, TrunkCache(1 << 30))
    calls = counted(tiny_backbone, monkeypatch)
    got = rt.fill_many([FillJob(CONTEXT, first, FillOptions()), FillJob(CONTEXT, second, FillOptions())])
    assert len(calls) == 1
    assert [g.fields for g in got] == [e.fields for e in expected]
    assert [g.cached_tokens for g in got] == [0, got[1].prompt_tokens]


def test_windowed_trunks_are_kept_whole(tiny_backbone, monkeypatch):
    plan = compile_schema(SECOND)
    long = render_context(CONTEXT + "\n" + "Routine notes about parking and lunch menus. " * 12 + "\n" + CONTEXT)

    def windowed(cache):
        rt = runtime_with(tiny_backbone, cache)
        rt.windowing = type(rt.windowing)(rt.windowing.max_context_tokens, 64, None)
        return rt

    cold, cold_seen = windowed(None), Observer()
    expected = cold.fill(long, plan, observer=cold_seen)
    assert cold.last_stats["windows"] >= 3
    rt = windowed(TrunkCache(1 << 30))
    rt.fill(long, compile_schema(SCHEMA))
    calls = counted(tiny_backbone, monkeypatch)
    seen = Observer()
    warm = rt.fill(long, plan, observer=seen)
    assert calls == [] and rt.last_stats["windows"] == cold.last_stats["windows"]
    assert warm.fields == expected.fields and warm.arrays == expected.arrays
    assert same_heads(seen.last_heads, cold_seen.last_heads)
    assert warm.cached_tokens == warm.prompt_tokens == expected.prompt_tokens


def test_identity_separates_runtimes_that_cut_contexts_differently(tiny_backbone):
    a = runtime_with(tiny_backbone, None)
    b = runtime_with(tiny_backbone, None)
    b.windowing = type(b.windowing)(b.windowing.max_context_tokens, 64, None)
    assert TrunkCache.key(a.trunk_identity, CONTEXT) != TrunkCache.key(b.trunk_identity, CONTEXT)
    assert TrunkCache.key(a.trunk_identity, CONTEXT) != TrunkCache.key(a.trunk_identity, OTHER)
    with pytest.raises(ValueError, match="bound"):
        TrunkCache(-1)
