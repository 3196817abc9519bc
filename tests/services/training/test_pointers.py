"""Where the extract pointer goes wrong (`services.training.pointers`): start and end NLL and hits."""
from __future__ import annotations

import math

import torch

from deg_model.checkpoint import fresh_heads
from services.training.pointers import best_span, pointer_anatomy, question_anatomy

from test_train_trainer import H, synthetic_records


def logits(peaks, t=8, null=-5.0):
    out = torch.full((t + 1,), -5.0)
    for i, v in peaks.items():
        out[i] = v
    out[t] = null
    return out


def test_a_peaked_start_and_end_make_the_best_span_and_its_hits():
    start, end = logits({2: 5.0}), logits({4: 5.0})
    assert best_span(start, end) == (2, 4)
    row = question_anatomy(start, end, [(2, 4)])
    assert row["start_hit"] and row["end_hit"] and row["span_hit"] and not row["null"]
    assert row["start_nll"] < 0.01 and row["end_nll"] < 0.01
    # the end past the gold's: the start is right, the end carries the loss
    wrong = question_anatomy(start, logits({6: 5.0}), [(2, 4)])
    assert wrong["start_hit"] and not wrong["end_hit"] and not wrong["span_hit"]
    assert wrong["end_nll"] > 9 and wrong["start_nll"] < 0.01


def test_an_end_before_every_start_is_no_span_and_the_null_wins_when_it_is_the_best():
    assert best_span(logits({5: 5.0}), logits({2: 5.0})) != (5, 2)
    start, end = logits({}, null=5.0), logits({}, null=5.0)
    assert best_span(start, end) is None
    row = question_anatomy(start, end, [])
    assert row["null"] and row["null_hit"] and row["null_nll"] < 0.01


def test_the_means_over_a_caches_extract_questions():
    heads = fresh_heads(H, seed=2)
    records = synthetic_records(4, seed=5)
    out = pointer_anatomy(heads, records)
    extract = [q for r in records for q in r.questions if q.kind == "extract"]
    assert out["questions"] + out["null_questions"] == len(extract) > 0
    for key in ("start_nll", "end_nll", "start_hit", "end_hit", "span_hit", "null_nll", "null_hit"):
        assert out[key] is None or math.isfinite(out[key])


def test_top_level_and_item_fields_are_split_by_whether_the_question_sits_in_an_item():
    heads = fresh_heads(H, seed=2)
    records = synthetic_records(4, seed=5)
    extract = [q for r in records for q in r.questions if q.kind == "extract"]
    for i, q in enumerate(extract):
        q.item_anchor = (0, 3) if i % 2 else None
    out = pointer_anatomy(heads, records)
    for part, want in (("top", [q for q in extract if q.item_anchor is None]),
                       ("items", [q for q in extract if q.item_anchor is not None])):
        assert out[part]["questions"] + out[part]["null_questions"] == len(want) > 0
    assert out["top"]["questions"] + out["items"]["questions"] == out["questions"]
