"""services/training/array_anatomy.py: an array's count and item starts, by decode mode."""
from __future__ import annotations

import torch

from deg_model.checkpoint import fresh_heads
from deg_model.training.features import FeatureQuestion, FeatureRecord
from services.training.array_anatomy import anchored_row, anchors_match, array_anatomy

from test_train_trainer import H, synthetic_records


def peaks(at, r=30, low=-6.0, high=6.0):
    out = torch.full((r,), low)
    for t in at:
        out[t] = high
    return out


def count_logits(n, size=65):
    out = torch.zeros(size)
    out[n] = 5.0
    return out


def test_anchors_match_counts_exact_and_near():
    assert anchors_match([3, 10], [10, 3]) == {"count": True, "exact": True, "near": True}
    assert anchors_match([4, 12], [3, 10]) == {"count": True, "exact": False, "near": True}
    assert anchors_match([3, 20], [3, 10]) == {"count": True, "exact": False, "near": False}
    assert anchors_match([3], [3, 10]) == {"count": False, "exact": False, "near": False}


def test_clear_peaks_and_the_right_count_are_right_in_every_mode():
    q = FeatureQuestion("count", "/a", torch.zeros(H), target=3, bounds=(0, 64))
    row = anchored_row(peaks([2, 11, 20]), count_logits(3), q, [2, 11, 20])
    assert row["items"] == 3
    for mode in ("count_peaks", "threshold", "hybrid", "oracle"):
        assert row[f"{mode}_exact"] and row[f"{mode}_near"], mode


def test_a_wrong_count_fails_count_peaks_while_the_threshold_reads_the_peaks():
    q = FeatureQuestion("count", "/a", torch.zeros(H), target=3, bounds=(0, 64))
    row = anchored_row(peaks([2, 11, 20]), count_logits(2), q, [2, 11, 20])
    assert not row["count_peaks_count"] and not row["count_peaks_exact"]
    assert row["threshold_exact"] and row["hybrid_exact"] and row["oracle_exact"]
    # no token over p 0.5: the threshold finds no item, hybrid falls back to the count's peaks
    soft = peaks([2, 11, 20], high=-1.0)
    row = anchored_row(soft, count_logits(3), q, [2, 11, 20])
    assert not row["threshold_count"] and row["hybrid_exact"] and row["count_peaks_exact"]


def test_an_empty_gold_array_and_no_count_question():
    row = anchored_row(peaks([]), None, None, [])
    assert row["threshold_exact"] and row["oracle_exact"] and "count_peaks_exact" not in row


def test_the_means_over_a_caches_arrays_pair_each_anchor_with_its_count():
    heads = fresh_heads(H, seed=2)
    records = synthetic_records(4, seed=5)
    out = array_anatomy(heads, records)
    anchored = [q for r in records for q in r.questions if q.kind == "anchor"]
    assert out["anchored_arrays"] == len(anchored) > 0
    assert out["index_arrays"] == 0          # every count question here belongs to an anchored array
    for key in ("count_peaks_count", "threshold_exact", "hybrid_near", "oracle_exact"):
        assert 0.0 <= out[key] <= 1.0
    # a count question without an anchor question is an index-mode array, read alone
    a = torch.zeros(H)
    extra = FeatureRecord(uid="x", ctx=records[0].ctx, ctx_ids=records[0].ctx_ids, ctx_emb=records[0].ctx_emb,
                          questions=[FeatureQuestion("count", "/other", a, target=0, bounds=(0, 4))])
    out = array_anatomy(heads, [*records, extra])
    assert out["index_arrays"] == 1 and out["index_count_hit"] in (0.0, 1.0)


def test_choose_decode_records_the_best_measured_mode_in_the_checkpoint(tmp_path):
    from deg_model.checkpoint import CheckpointConfig, load_checkpoint, save_checkpoint
    from deg_model.training.features import save_cache
    from services.training.array_anatomy import MODES
    from services.training.pipeline import choose_array_decode

    heads = fresh_heads(H, seed=2, context="hidden")
    path = save_checkpoint(tmp_path / "ckpt", CheckpointConfig(model_id="m", backbone="b", hidden=H), heads)
    save_cache(tmp_path / "val", synthetic_records(6, seed=5), identity={"synthetic": True})
    report = choose_array_decode(path, tmp_path / "val")
    near, by_shift = report["near"], report["near_by_shift"]
    assert set(near) == set(MODES) and report["anchored_arrays"] > 0
    assert set(by_shift) == set(MODES) and all(by_shift[m]["0.0"] == near[m] for m in MODES)
    best = max(v for rates in by_shift.values() for v in rates.values())
    # ties: the shift nearest 0, then the earlier mode
    expected = max(((m, float(s)) for m in MODES for s, v in by_shift[m].items() if v == best),
                   key=lambda ms: (-abs(ms[1]), -MODES.index(ms[0])))
    assert (report["chosen"], report["anchor_shift"]) == expected        # the fresh heads' temperature is 1
    config, loaded, _ = load_checkpoint(path)
    assert config.array_decode == report["chosen"] and config.scoring.anchor_shift == report["anchor_shift"]
    assert all(torch.equal(v, loaded.state_dict()[k]) for k, v in heads.state_dict().items())


def test_a_shift_that_lifts_weak_marks_over_the_threshold_counts_them():
    """Item starts the head ranks first but scores under p 0.5: the threshold misses them at
    shift 0 and finds them once the shift lifts them; the oracle is the unshifted ranking."""
    weak = peaks([2, 11, 20], high=-0.8)
    row0 = anchored_row(weak, None, None, [2, 11, 20])
    row1 = anchored_row(weak, None, None, [2, 11, 20], shift=1.0)
    assert not row0["threshold_count"] and row1["threshold_exact"] and row0["oracle_exact"] and row1["oracle_exact"]


def test_near_by_shift_measures_each_mode_at_each_shift():
    heads = fresh_heads(H, seed=2)
    records = synthetic_records(4, seed=5)
    out = array_anatomy(heads, records, shifts=(-1.0, 0.0, 2.0))
    assert set(out["near_by_shift"]) == {"count_peaks", "threshold", "hybrid", "expected"}
    for mode, rates in out["near_by_shift"].items():
        assert set(rates) == {-1.0, 0.0, 2.0} and rates[0.0] == out[f"{mode}_near"]
        if mode == "count_peaks":            # the count head sizes it; a shift keeps the peaks' order
            assert len(set(rates.values())) == 1
    assert "near_by_shift" not in array_anatomy(heads, records)
