"""The choice and score heads' option reader as served, on the tiny random llama: a trained one
moves the choice and score logits and nothing else; silent, the runtime reads no context for
it; its answers do not depend on the other fields asked; `options.explain` says what it read."""
from __future__ import annotations

import torch

from deg import compile_schema
from deg.request import FillOptions
from deg_model.runtime import Observer
from deg_model.runtime.trunk import read_trunk
from runtime_fixtures import CONTEXT, SCHEMA, make_runtime


def reading(rt, seed: int = 5):
    with torch.no_grad():
        rt.heads.option_value.weight.normal_(generator=torch.Generator().manual_seed(seed))
    return rt


def heads_of(rt, schema) -> dict:
    seen = Observer()
    rt.fill(CONTEXT, compile_schema(schema), observer=seen)
    return seen.last_heads


def alone(name: str) -> dict:
    return {"type": "object", "properties": {name: SCHEMA["properties"][name]}, "required": [name]}


def test_a_trained_option_reader_moves_the_choice_and_score_logits_only(tiny_backbone):
    silent, read = make_runtime(tiny_backbone), reading(make_runtime(tiny_backbone))
    assert not silent.heads.reads_context() and read.heads.has_option_reader() and not read.heads.has_reader()
    before, after = heads_of(silent, SCHEMA), heads_of(read, SCHEMA)
    assert before.keys() == after.keys()
    assert sorted(k for k in before if not torch.equal(before[k], after[k])) == ["leaf:/anger", "leaf:/dept"]


def test_the_trunk_reads_the_option_side_only_for_a_trained_reader(tiny_backbone):
    silent, read = make_runtime(tiny_backbone), reading(make_runtime(tiny_backbone))
    trunk = silent.layout.trunk(CONTEXT)
    state = tiny_backbone.prefill(trunk.ids)
    assert read_trunk(tiny_backbone, silent.heads, trunk, state).reader is None
    loud = read_trunk(tiny_backbone, read.heads, trunk, state).reader
    assert loud.options.shape == (len(trunk.context_index), read.heads.dim)


def test_read_options_are_the_same_alone_and_beside_other_fields(tiny_backbone):
    rt = reading(make_runtime(tiny_backbone))
    full = heads_of(rt, SCHEMA)
    for name in ("dept", "anger"):
        assert torch.equal(heads_of(rt, alone(name))[f"leaf:/{name}"], full[f"leaf:/{name}"])


def test_explain_says_what_a_trained_option_reader_read(tiny_backbone):
    rt = reading(make_runtime(tiny_backbone, anchor_bias=0.0))
    told = {f.pointer: f for f in rt.fill(CONTEXT, compile_schema(SCHEMA), FillOptions(explain=True)).fields}
    for pointer in ("/dept", "/anger"):
        a, b = told[pointer].explain["read"]["span"]
        assert 0 <= a < b <= len(CONTEXT) and told[pointer].explain["read"]["text"] == CONTEXT[a:b]
    assert "read" not in told["/urgent"].explain       # its flag reader is silent
