"""The evidence term: a decided field's evidence sentence as the flag reader's pointer target,
from a datagen record's `decide` to the objective and a run's settings; and that a true/false
answer said only at the evidence, never in the question's own state, is learnt through it."""
from __future__ import annotations

import json

import pytest
import torch

from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.training.features import FeatureQuestion, FeatureRecord
from deg_model.training.objective import TERMS, WEIGHTS, batch_loss, raw_logits, term_counts
from degdata import generate
from services.training.examples import ExampleBuilder, training_runtime
from services.training.run_state import settings_record
from services.training.trainer import TrainSettings, term_weights, train

from test_train_trainer import H, synthetic_records
from tiny_llama import tiny_llama_backbone


def test_decide_examples_point_at_the_text_their_record_names_as_evidence():
    builder = ExampleBuilder(training_runtime(tiny_llama_backbone()), seed=0)
    pointed = 0
    for record in generate(1, 14, split="train"):
        built = builder.build(record)
        ctx, offsets = record["context"], built.trunk.offsets
        for ex in built.examples:
            quote = (record.get("decide") or {}).get(ex.pointer, {}).get("evidence")
            if ex.kind not in ("choice", "score", "noul") or not quote:
                assert ex.evidence is None
                continue
            first, last = ex.evidence
            covered = ctx[int(offsets[first][0]):int(offsets[last][1])]
            assert quote in covered and len(covered) < len(quote) + 16
            pointed += 1
    assert pointed >= 5
    record = next(r for r in generate(1, 14, split="train") if r.get("decide"))
    pointer = next(iter(record["decide"]))
    lost = {**record, "decide": {pointer: {**record["decide"][pointer], "evidence": "text written nowhere in it"}}}
    assert all(ex.evidence is None for ex in builder.build(lost).examples if ex.pointer == pointer)


def _with_evidence(records: list[FeatureRecord]) -> list[FeatureRecord]:
    for k, rec in enumerate(records):
        for q in rec.questions:
            if q.kind in ("choice", "noul") and k % 3:
                q.evidence = (k % 10, min(9, k % 10 + 1))
    return records


def test_the_objective_logs_evidence_for_every_decide_question_that_has_some_and_weighs_it_as_asked():
    heads = fresh_heads(H, seed=3, context="hidden+embed")
    records = _with_evidence(synthetic_records(6, seed=5))
    named = sum(q.evidence is not None for r in records for q in r.questions)
    assert "evidence" in TERMS and WEIGHTS["evidence"] == 0.0
    assert term_counts(records)["evidence"] == named > 0
    with torch.no_grad():
        total, terms = batch_loss(heads, records)
        weighted, same = batch_loss(heads, records, weights={**WEIGHTS, "evidence": 0.5})
    assert float(terms["evidence"]) > 0
    assert float(total) == pytest.approx(sum(float(WEIGHTS[t] * terms[t]) for t in TERMS if t != "evidence"))
    assert float(weighted) == pytest.approx(float(total) + 0.5 * float(same["evidence"]))


def test_a_runs_evidence_weight_is_validated_and_recorded_only_when_set(tmp_path):
    with pytest.raises(ValueError, match="evidence_weight"):
        TrainSettings(steps=3, evidence_weight=-1.0)
    assert "evidence_weight" not in settings_record(TrainSettings(steps=3))
    s = TrainSettings(steps=4, batch_records=3, warmup=1, save_every=2, seed=2, evidence_weight=0.5)
    assert settings_record(s)["evidence_weight"] == 0.5 and term_weights(s)["evidence"] == 0.5
    last = train(s, _with_evidence(synthetic_records()), tmp_path)
    state = json.loads((last / "trainer.json").read_text())
    assert state["settings"]["evidence_weight"] == 0.5
    first = state["history"][0]
    assert first["total"] == pytest.approx(sum(term_weights(s)[t] * first[t] for t in TERMS), rel=1e-5)


def _flag_records(n: int, seed: int) -> list[FeatureRecord]:
    """True/false questions whose answer is said only at one context token: the question's own
    state `a` is noise, the evidence token carries a shared marker and the flag's sign."""
    g = torch.Generator().manual_seed(seed)
    marker, flag = torch.randn(2, H, generator=torch.Generator().manual_seed(99))
    out = []
    for k in range(n):
        ctx = torch.randn(12, H, generator=g)
        at, value = int(torch.randint(12, (1,), generator=g)), bool(torch.randint(2, (1,), generator=g))
        ctx[at] += 3 * marker + (3 if value else -3) * flag
        q = FeatureQuestion("noul", "/b", torch.randn(H, generator=g), target=0 if value else 1, evidence=(at, at))
        out.append(FeatureRecord(f"f{seed}-{k}", ctx, [q], ctx_emb=torch.randn(12, H, generator=g)))
    return out


def test_a_flag_said_only_at_its_evidence_is_read(tmp_path):
    s = TrainSettings(steps=120, batch_records=8, warmup=5, save_every=120, seed=1, lr=3e-3, evidence_weight=1.0)

    def accuracy(h, records):
        with torch.no_grad():
            return sum((float(raw_logits(h, r.questions[0], h.context_input(r.ctx, r.ctx_emb))[0]) > 0) ==
                       (r.questions[0].target == 0) for r in records) / len(records)

    unseen = _flag_records(200, seed=8)
    assert accuracy(fresh_heads(H, seed=s.seed, context=s.context), unseen) < 0.65
    _, heads, _ = load_checkpoint(train(s, _flag_records(240, seed=7), tmp_path))
    assert accuracy(heads, unseen) > 0.9
