"""`python -m services.training splits`: the one split step every recipe runs."""
from __future__ import annotations

import json

from degdata import generate
from services.training.__main__ import main
from services.training.long_records import window_records
from services.training.splits import write_splits


def records_file(tmp_path):
    recs = list(generate(3, 80))
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
    return path, recs


def read(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_each_split_keeps_its_records_in_order_and_short_splits_drop_long_contexts(tmp_path):
    path, recs = records_file(tmp_path)
    limit = sorted(len(r["context"]) for r in recs)[len(recs) // 2]  # about half the records are longer
    counts = write_splits(path, tmp_path / "out", ["train", "val", "test"], short=["train"], max_chars=limit)
    for split in ("train", "val", "test"):
        mine = [r for r in recs if r["split"] == split]
        want = [r for r in mine if split != "train" or len(r["context"]) < limit]
        assert read(tmp_path / "out" / f"{split}.jsonl") == want and counts[split] == len(want)
    assert counts["train"] < sum(r["split"] == "train" for r in recs)
    assert not (tmp_path / "out" / "val_heldout.jsonl").exists()


def test_windows_keep_every_train_record_long_ones_as_windows(tmp_path, capsys):
    path, recs = records_file(tmp_path)
    limit = 1300  # windows overlap by 600, so they are over 1,200 wide
    assert any(r["split"] == "train" and len(r["context"]) >= limit for r in recs)
    assert main(["splits", "--records", str(path), "--out", str(tmp_path / "w"), "--splits", "train",
                 "--max-chars", str(limit), "--windows"]) == 0
    want = [w for r in recs if r["split"] == "train" for w in window_records(r, limit - 1, 600)]
    got = read(tmp_path / "w" / "train.jsonl")
    assert got == json.loads(json.dumps(want)) and len(got) > sum(r["split"] == "train" for r in recs)
    assert all(len(r["context"]) < limit for r in got)
    assert capsys.readouterr().out.split() == ["train", str(len(got))]
