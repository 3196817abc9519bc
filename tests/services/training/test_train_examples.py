"""Record -> fork questions + targets, and the frozen-backbone feature cache, on a tiny random
llama with the real SmolLM2 tokenizer (the layout is the tokenizer's; the weights don't matter)."""
from __future__ import annotations

import json

import pytest
import torch

from deg.schema import compile_schema
from deg_model.backbone import Backbone
from degdata import generate
from services.training import examples as examples_module
from services.training.examples import ExampleBuilder, char_to_token_span, training_runtime
from services.training.evaluate import evaluate
from deg_model.training.features import attach_embeddings, load_cache
from services.training.features import build_cache, record_features

from tiny_llama import tiny_llama_backbone


@pytest.fixture(scope="module")
def backbone() -> Backbone:
    return tiny_llama_backbone()


@pytest.fixture(scope="module")
def records():
    return list(generate(1, 14, split="train"))


def _resolve(value, pointer):
    for seg in pointer.split("/")[1:]:
        value = value[int(seg)] if isinstance(value, list) else value.get(seg, None) if value is not None else None
    return value


def test_char_to_token_span():
    offsets = torch.tensor([[0, 3], [3, 4], [4, 9], [9, 10]])
    assert char_to_token_span(offsets, 4, 9) == (2, 2)
    assert char_to_token_span(offsets, 1, 5) == (0, 2)
    assert char_to_token_span(offsets, 9, 10) == (3, 3)
    assert char_to_token_span(offsets, 10, 12) is None
    assert char_to_token_span(offsets, 5, 5) is None


def test_targets_match_the_gold_value(backbone, records):
    builder = ExampleBuilder(training_runtime(backbone), seed=0)
    tok = backbone.tokenizer
    kinds = set()
    for record in records:
        built = builder.build(record)
        ctx, offsets = record["context"], built.trunk.offsets
        for ex in built.examples:
            kinds.add(ex.kind)
            gold = _resolve(record["value"], ex.pointer)
            text = tok.decode(ex.ids)
            assert text.startswith(f"FIELD {ex.pointer}\n") or text.startswith(f"ARRAY {ex.pointer}\n")
            if ex.kind == "extract":
                if gold is None:
                    assert ex.spans == ()
                for s, e in ex.spans:
                    covered = ctx[int(offsets[s][0]):int(offsets[e][1])]
                    spans = [record["spans"].get(ex.pointer)] + record["span_alternatives"].get(ex.pointer, [])
                    assert any(sp and ctx[sp[0]:sp[1]] in covered for sp in spans)
            elif ex.kind == "choice":
                line_end = ex.options[ex.target]
                line_start = ex.options[ex.target - 1] + 1 if ex.target else None
                shown = tok.decode(ex.ids[line_start:line_end + 1]) if line_start is not None else None
                if shown is not None:
                    assert shown.startswith("- " + json.dumps(gold, ensure_ascii=False, separators=(", ", ": ")))
            elif ex.kind == "noul":
                assert ex.target == (0 if gold is True else 1)
            elif ex.kind == "count":
                assert ex.target == min(len(gold or []), ex.bounds[1])   # capped: "at least"
    assert {"extract", "choice", "noul", "count"} <= kinds


def test_choice_shuffle_is_about_half_and_deterministic(backbone, records, monkeypatch):
    rt = training_runtime(backbone)
    a = [ExampleBuilder(rt, seed=3).build(r) for r in records]
    b = [ExampleBuilder(rt, seed=3).build(r) for r in records]
    for x, y in zip(a, b):
        assert [(e.pointer, e.ids.tolist(), e.target, e.spans) for e in x.examples] == \
               [(e.pointer, e.ids.tolist(), e.target, e.spans) for e in y.examples]
    monkeypatch.setattr(examples_module, "SHUFFLE_P", 0.0)
    plain = [ExampleBuilder(rt, seed=3).build(r) for r in records]
    shuffled = total = 0
    for x, y in zip(a, plain):
        for e, f in zip(x.examples, y.examples):
            assert e.pointer == f.pointer
            if e.kind == "choice":
                total += 1
                if e.ids.tolist() != f.ids.tolist():
                    shuffled += 1
                    # the same option text, now at the permuted target position
                    tok = backbone.tokenizer
                    def line(ex, i):
                        return tok.decode(ex.ids[:ex.options[i] + 1]).splitlines()[-1]
                    assert line(e, e.target) == line(f, f.target)
            else:
                assert e.ids.tolist() == f.ids.tolist()
    assert total >= 6 and 0 < shuffled < total


def test_anchor_mode_gold_anchors_and_locators(backbone, records):
    builder = ExampleBuilder(training_runtime(backbone, array_mode="anchor"), seed=0)
    seen = 0
    for record in records:
        built = builder.build(record)
        for ex in built.examples:
            if ex.kind == "anchor":
                seen += 1
                n = len(_resolve(record["value"], ex.pointer) or [])
                assert len(ex.starts) == n and len(set(ex.starts)) == n
                assert all(ex.region[0] <= s < ex.region[1] for s in ex.starts)
            if ex.item_anchor is not None:
                text = backbone.tokenizer.decode(ex.ids)
                assert " AT: " in text and "/*" in text.splitlines()[0]
    assert seen >= 3


def test_features_equal_a_lone_fork_row_and_cache_round_trips(backbone, records, tmp_path):
    builder = ExampleBuilder(training_runtime(backbone), seed=0)
    record = min(records[:6], key=lambda r: len(r["context"]))
    feats = record_features(backbone, builder, record)
    built = builder.build(record)
    state = backbone.prefill(built.trunk.ids)
    for ex, q in list(zip(built.examples, feats.questions))[:4]:
        alone = backbone.fork(state, [ex.ids]).normed[0]
        assert torch.equal(q.a, alone[ex.answer].float())
        if ex.options:
            assert torch.equal(q.o, alone[ex.options].float())
    assert feats.ctx.shape == (built.trunk.context_index.shape[0], backbone.spec.hidden_size)
    build_cache(tmp_path / "c", backbone, builder, [record])
    [loaded] = load_cache(tmp_path / "c")
    assert torch.equal(loaded.ctx, feats.ctx) and len(loaded.questions) == len(feats.questions)
    assert all(torch.equal(x.a, y.a) for x, y in zip(loaded.questions, feats.questions))
    other = ExampleBuilder(training_runtime(backbone, array_mode="anchor"), seed=0)
    with pytest.raises(ValueError, match="feature cache was built for"):
        build_cache(tmp_path / "c", backbone, other, [record])


def test_a_trained_checkpoint_fills_through_the_runtime(backbone, records, tmp_path):
    """Features -> trainer -> checkpoint -> Runtime.fill: the pieces fit together."""
    from deg.request import FillOptions
    from deg_model.checkpoint import load_checkpoint
    from deg_model.runtime.fill import Runtime
    from services.training.trainer import TrainSettings, train

    builder = ExampleBuilder(training_runtime(backbone), seed=0)
    short = sorted(records, key=lambda r: len(r["context"]))[:2]
    build_cache(tmp_path / "f", backbone, builder, short)
    cached = load_cache(tmp_path / "f")
    attach_embeddings(cached, backbone.weights["embed"])
    last = train(TrainSettings(steps=4, batch_records=2, warmup=1, save_every=4), cached, tmp_path / "run")
    cfg, heads, _ = load_checkpoint(last)
    assert cfg.array_mode == "index" and cfg.hidden == backbone.spec.hidden_size
    runtime = Runtime(backbone, heads, cfg)
    raw = runtime.fill(short[0]["context"], compile_schema(short[0]["schema"]), FillOptions())
    assert raw.fields and runtime.last_stats["fork_rows"] > 0
    report = evaluate(runtime, short)
    assert report["records"] == 2 and report["extract_fields"] > 0
    for key in ("valid_rate", "decide_accuracy", "extract_em", "count_accuracy"):
        assert report[key] is None or 0.0 <= report[key] <= 1.0


def test_evaluate_scores_against_the_gold_value():
    """A runtime that returns the gold value scores 1.0; one that nulls every extract scores
    exactly the share of absent gold values."""
    from deg.outcomes import ArrayOutcome, FieldOutcome, RawFill

    record = {"uid": "u", "context": "Total 12.50 paid", "options": {},
              "schema": {"type": "object", "properties": {
                  "total": {"type": "number"}, "note": {"type": ["string", "null"]},
                  "paid": {"type": "boolean"}}, "required": ["total", "note", "paid"]},
              "value": {"total": 12.5, "note": None, "paid": True}}

    class Fake:
        model_id = "fake"

        def __init__(self, good):
            self.good = good

        def fill(self, context, plan, options):
            fields = []
            for f in plan.fields:
                gold = record["value"][f.pointer[1:]]
                value = gold if self.good or f.mode.startswith("decide.") else None
                fields.append(FieldOutcome(pointer=f.pointer, plan_pointer=f.pointer, mode=f.mode, value=value,
                                           found=value is not None, probability=0.9 if f.mode.startswith("decide.") else None))
            return RawFill(fields=fields, arrays=[], prompt_tokens=1, generated_tokens=0)

    good = evaluate(Fake(True), [record])
    assert good["extract_em"] == 1.0 and good["decide_accuracy"] == 1.0 and good["valid_rate"] == 1.0
    assert evaluate(Fake(False), [record])["extract_em"] == 0.5
