"""`python -m services.training`: train and calibrate from feature caches; clear errors."""
from __future__ import annotations

import json

from deg_model.checkpoint import load_checkpoint
from deg_model.heads import HEAD_KINDS
from services.training.__main__ import main
from deg_model.training.features import save_cache
from services.training.pipeline import read_records
from test_train_trainer import synthetic_records

import pytest


def test_train_then_calibrate_from_feature_caches(tmp_path, capsys):
    save_cache(tmp_path / "train", synthetic_records(8, seed=1), identity={"synthetic": True})
    save_cache(tmp_path / "val", synthetic_records(6, seed=2), identity={"synthetic": True})
    out = tmp_path / "run"
    assert main(["train", "--out", str(out), "--features", str(tmp_path / "train"), "--steps", "6",
                 "--save-every", "3", "--batch-records", "2", "--warmup", "2"]) == 0
    last = out / "step-000006"
    assert capsys.readouterr().out.strip().endswith(str(last))
    assert main(["calibrate", "--checkpoint", str(last), "--features", str(tmp_path / "val")]) == 0
    report = json.loads(capsys.readouterr().out)
    cfg, heads, _ = load_checkpoint(last)
    assert float(heads.temperatures[HEAD_KINDS.index("choice")]) == report["temperatures"]["choice"]
    assert cfg.provenance["step"] == 6 and cfg.provenance["calibration"]["records"] == 6
    assert (last / "optimizer.safetensors").is_file() and (out / "loss.png").is_file()


def test_errors_are_reported_plainly(tmp_path, capsys):
    assert main(["train", "--out", str(tmp_path), "--features", str(tmp_path / "none"), "--steps", "2"]) == 2
    assert "no feature cache" in capsys.readouterr().err
    assert main(["train", "--out", str(tmp_path), "--features", str(tmp_path), "--steps", "0"]) == 2
    assert "steps must be >= 1" in capsys.readouterr().err


def test_records_are_read_by_split_and_extractbench_is_refused(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"uid": "a", "split": "train"}\n{"uid": "b", "split": "test"}\n\n{"uid": "c", "split": "val"}\n')
    assert [r["uid"] for r in read_records(path, "train")] == ["a"]
    assert [r["uid"] for r in read_records(path, "val")] == ["c"]
    bench = tmp_path / "extractbench.jsonl"
    bench.write_text("")
    with pytest.raises(ValueError, match="ExtractBench"):
        list(read_records(bench, "train"))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{nope\n")
    with pytest.raises(ValueError, match="bad.jsonl:1: not JSON"):
        list(read_records(bad, "train"))


def test_every_train_only_group_is_a_choice_of_the_command_line():
    """What a run may train (`param_groups.TRAIN_ONLY`) and what `--train-only` accepts agree."""
    from services.training.__main__ import _parser, _train_settings
    from services.training.param_groups import TRAIN_ONLY
    for group in (g for g in TRAIN_ONLY if g):
        args = _parser().parse_args(["train", "--out", "o", "--features", "f", "--steps", "1", "--train-only", group])
        assert _train_settings(args).train_only == group


def test_every_fit_command_parses_with_its_held_out_defaults():
    """The fit commands (`fit_commands.py`) are subcommands of the same command line; the ones
    that fit on records default to the held-out validation domains (seed 11)."""
    from services.training.__main__ import _parser
    from services.training.fit_commands import FIT_COMMANDS
    for command in FIT_COMMANDS:
        args = {"choose-decode": ["--features", "f", "c"],
                "fit-options": ["--features", "a", "--features", "b", "--val-features", "v", "--out", "o", "c"],
                "fit-anchors": ["--features", "a", "--features", "b", "--val-features", "v", "--out", "o", "c"],
                }.get(command, ["--checkpoint", "c"])
        parsed = _parser().parse_args([command, *args])
        assert parsed.command == command
        if command in ("fit-options", "fit-anchors"):    # fit on train caches, kept by a validation cache
            assert parsed.features == ["a", "b"] and parsed.val_features == "v" and parsed.reads is None
            assert (parsed.passes, parsed.lr, parsed.seed) == ((30, 1e-3, 0) if command == "fit-options" else (12, 3e-4, 0))
        elif command != "choose-decode":
            assert parsed.seed == 11
            assert parsed.split == ("test" if command == "prior-ablation" else "val_heldout")
