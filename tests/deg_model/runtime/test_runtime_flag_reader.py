"""The true/false head's flag reader as served, on the tiny random llama: a trained reader moves
the true/false logits and nothing else; silent, the runtime skips it and answers as a head set
saved without it; its answers do not depend on the other fields asked; a kept trunk counts it;
`options.explain` says what it read, in the whole context's code points on the windowed path too."""
from __future__ import annotations

import pytest
import torch

from deg import compile_schema, render_context
from deg.request import FillOptions
from deg_model.runtime import Observer
from deg_model.runtime.trunk import read_trunk
from deg_model.runtime.trunk_cache import trunk_bytes
from runtime_fixtures import CONTEXT, SCHEMA, make_runtime


def reading(rt, seed: int = 4):
    with torch.no_grad():
        rt.heads.flag_value.weight.normal_(generator=torch.Generator().manual_seed(seed))
    return rt


def heads_of(rt, schema) -> dict:
    seen = Observer()
    rt.fill(CONTEXT, compile_schema(schema), observer=seen)
    return seen.last_heads


def test_a_trained_reader_moves_the_true_false_logits_only(tiny_backbone):
    silent = make_runtime(tiny_backbone)
    assert not silent.heads.has_reader()
    read = reading(make_runtime(tiny_backbone))
    assert read.heads.has_reader()
    before, after = heads_of(silent, SCHEMA), heads_of(read, SCHEMA)
    assert before.keys() == after.keys()
    moved = [k for k in before if not torch.equal(before[k], after[k])]
    assert moved == ["leaf:/urgent"]


def test_a_silent_reader_answers_as_a_head_set_saved_without_one(tiny_backbone):
    from deg_model.heads import READER_KEYS, Heads
    rt = make_runtime(tiny_backbone)
    old = {k: v for k, v in rt.heads.state_dict().items() if k not in READER_KEYS}
    loaded = make_runtime(tiny_backbone)
    loaded.heads.load_state_dict(Heads.completed(old, rt.heads.hidden, rt.heads.dim))
    a, b = heads_of(rt, SCHEMA), heads_of(loaded, SCHEMA)
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


def test_a_read_flag_is_the_same_alone_and_beside_other_fields(tiny_backbone):
    rt = reading(make_runtime(tiny_backbone))
    alone = {"type": "object", "properties": {"urgent": SCHEMA["properties"]["urgent"]}, "required": ["urgent"]}
    assert torch.equal(heads_of(rt, alone)["leaf:/urgent"], heads_of(rt, SCHEMA)["leaf:/urgent"])


def test_a_kept_trunk_counts_the_readers_tensors(tiny_backbone):
    silent, read = make_runtime(tiny_backbone), reading(make_runtime(tiny_backbone))
    trunk = silent.layout.trunk(CONTEXT)
    state = tiny_backbone.prefill(trunk.ids)
    quiet, loud = read_trunk(tiny_backbone, silent.heads, trunk, state), read_trunk(tiny_backbone, read.heads, trunk, state)
    assert quiet.reader is None and loud.reader is not None
    assert loud.reader.values.shape == (len(trunk.context_index), read.heads.dim)
    assert trunk_bytes(state, loud) - trunk_bytes(state, quiet) == sum(t.untyped_storage().nbytes() for t in loud.reader if t is not None)


def test_flag_read_grows_from_the_heaviest_token_until_it_holds_half_the_weight():
    from deg_model.runtime.decide import flag_read
    offsets = [(0, 4), (4, 8), (8, 12), (12, 16), (16, 20)]
    text = "aaaabbbbccccddddeeee"
    got = flag_read(torch.tensor([0.05, 0.1, 0.3, 0.25, 0.3]), offsets, text)
    # ties go to the earliest token; then the heavier neighbour, 0.25 on the right
    assert (got.start, got.end, got.text) == (8, 16, "ccccdddd") and got.weight == pytest.approx(0.55)
    alone = flag_read(torch.tensor([0.0, 0.9, 0.1]), offsets[:3], text)
    assert (alone.start, alone.end, alone.weight) == (4, 8, pytest.approx(0.9))


@pytest.mark.parametrize("windowed", [False, True])
def test_explain_says_what_a_trained_reader_read(tiny_backbone, windowed):
    rt = reading(make_runtime(tiny_backbone, anchor_bias=0.0))
    context = CONTEXT
    if windowed:
        rt.windowing = type(rt.windowing)(rt.windowing.max_context_tokens, 64, None)
        context = render_context(CONTEXT + "\n" + "Routine notes about parking and lunch menus. " * 12 + "\n" + CONTEXT)
    plan = compile_schema(SCHEMA)
    told = {f.pointer: f for f in rt.fill(context, plan, FillOptions(explain=True)).fields}
    read = told["/urgent"].explain["read"]
    a, b = read["span"]
    assert 0 <= a < b <= len(context) and read["text"] == context[a:b] and read["text"].strip()
    assert 0.0 < read["weight"] <= 1.0
    assert all("read" not in f.explain for p, f in told.items() if p != "/urgent" and f.explain is not None)
    quiet = make_runtime(tiny_backbone, anchor_bias=0.0)
    if windowed:
        quiet.windowing = rt.windowing
    assert "read" not in {f.pointer: f for f in quiet.fill(context, plan, FillOptions(explain=True)).fields}[
        "/urgent"].explain
