"""`options.explain` through the runtime (tiny random llama, real SmolLM2 tokenizer): the one-trunk
path and the windowed path explain every decided and copied leaf, change nothing else, and a
window's spans point into the whole context."""
from __future__ import annotations

import dataclasses

import pytest

from deg import assemble, compile_schema, render_context
from deg.request import FillOptions
from deg_model.scoring import Mix, ScoringSettings

from runtime_fixtures import CONTEXT, SCHEMA, make_runtime

SETTINGS = ScoringSettings(choice=Mix(1.0, 0.0), score=Mix(1.5, 0.5), noul=Mix(0.0, 0.25), extract=Mix(0.25, 0.5),
                           verbatim_weight=4.0, noul_shift=-0.5, null_margin=1.5, relevance_weight=16.0,
                           closing_weight=4.0, layout_rows=True)
PROPS = {k: v for k, v in SCHEMA["properties"].items() if k != "reply"}
PLAN = compile_schema({**SCHEMA, "properties": PROPS})
LONG = render_context(CONTEXT + "\n" + "Routine notes about parking and lunch menus. " * 12 + "\n" + CONTEXT)


@pytest.fixture(scope="module")
def runtimes(tiny_backbone):
    one = make_runtime(tiny_backbone, anchor_bias=0.0)
    windowed = make_runtime(tiny_backbone, anchor_bias=0.0)
    windowed.windowing = type(windowed.windowing)(windowed.windowing.max_context_tokens, 64, None)
    for rt in (one, windowed):
        rt.set_scoring(SETTINGS)
    return {"one-trunk": (one, CONTEXT), "windowed": (windowed, LONG)}


@pytest.mark.parametrize("path", ["one-trunk", "windowed"])
def test_explain_changes_nothing_but_adds_the_explanation(runtimes, path):
    rt, context = runtimes[path]
    plain = rt.fill(context, PLAN, FillOptions())
    told = rt.fill(context, PLAN, FillOptions(explain=True))
    assert (path == "windowed") == ("windows" in rt.last_stats)
    assert told.arrays == plain.arrays and len(told.fields) == len(plain.fields)
    for mine, theirs in zip(told.fields, plain.fields):
        assert theirs.explain is None
        assert dataclasses.replace(mine, explain=None) == theirs, mine.pointer
        assert (mine.explain is not None) == (mine.mode != "generate"), mine.pointer
    shown, bare = assemble(PLAN, told, model="t"), assemble(PLAN, plain, model="t")
    assert shown["value"] == bare["value"]
    assert {p: {k: v for k, v in m.items() if k != "explain"} for p, m in shown["meta"].items()} == bare["meta"]


@pytest.mark.parametrize("path", ["one-trunk", "windowed"])
def test_the_winner_is_the_value_and_its_span_points_into_the_whole_context(runtimes, path):
    rt, context = runtimes[path]
    for f in rt.fill(context, PLAN, FillOptions(explain=True)).fields:
        winner = f.explain["winner"]
        if f.mode.startswith("decide."):
            assert winner["value"] == f.value and winner["probability"] == pytest.approx(
                f.probability if f.mode == "decide.noul" and f.value else
                1 - f.probability if f.mode == "decide.noul" else max(f.probabilities)), f.pointer
            names = [t["name"] for t in f.explain["terms"]]
            assert names[:2] == {"decide.choice": ["head", "verbatim"], "decide.score": ["head", "prior"],
                                 "decide.noul": ["prior", "noul_shift"]}[f.mode], f.pointer
        elif f.found:
            assert winner["span"] == list(f.span) and winner["value"] == f.value, f.pointer
            assert winner["text"] == context[f.span[0]:f.span[1]], f.pointer
        else:
            assert winner["null"] is True, f.pointer
        for side in ("winner", "runner_up"):
            entry = f.explain[side]
            if entry is not None and entry["score"] is not None:
                total = sum(t[side] for t in f.explain["terms"])
                assert total == pytest.approx(entry["score"], abs=1e-9), (f.pointer, side)
