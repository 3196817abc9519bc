"""The training recipes' shell steps: `carry.sh` keeps a run's latest step as weights alone (no
optimizer state) and replaces the step it carried before; `adapted.sh` starts from what was
carried when its run directory holds no step (checked on its text: the recipe itself trains), and
passes its data options to the split step (run with `PY=echo`)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
CARRY = REPO / "services" / "training" / "recipes" / "carry.sh"


def make_step(run: Path, step: int) -> Path:
    d = run / f"step-{step:06d}"
    d.mkdir(parents=True)
    for name in ("deg.json", "heads.safetensors", "adapters.safetensors", "trainer.json", "optimizer.safetensors"):
        (d / name).write_text(f"{name} of {step}")
    return d


def test_carry_keeps_the_latest_step_without_its_optimizer_state(tmp_path):
    run, carried = tmp_path / "run", tmp_path / "carried"
    make_step(run, 20)
    make_step(run, 40)
    (run / "log.jsonl").write_text('{"step": 40}\n')
    subprocess.run(["bash", str(CARRY), str(run), str(carried)], check=True, capture_output=True)
    assert sorted(p.name for p in carried.iterdir()) == ["log.jsonl", "step-000040"]
    kept = carried / "step-000040"
    assert sorted(p.name for p in kept.iterdir()) == ["adapters.safetensors", "deg.json", "heads.safetensors",
                                                      "trainer.json"]
    assert (kept / "trainer.json").read_text() == "trainer.json of 40"
    make_step(run, 60)
    subprocess.run(["bash", str(CARRY), str(run), str(carried)], check=True, capture_output=True)
    assert sorted(p.name for p in carried.iterdir()) == ["log.jsonl", "step-000060"]


def test_carry_without_a_step_says_so(tmp_path):
    done = subprocess.run(["bash", str(CARRY), str(tmp_path / "empty"), str(tmp_path / "c")], capture_output=True,
                          text=True)
    assert done.returncode == 2 and "no step-* checkpoint" in done.stderr


def test_the_adapted_recipe_starts_from_a_carried_step():
    text = (REPO / "services" / "training" / "recipes" / "adapted.sh").read_text()
    assert 'CARRY=${CARRY:-checkpoints/runs/adapted}' in text
    assert 'cp -r "$(ls -d "$CARRY"/step-* | tail -n 1)" "$OUT/train/"' in text



def recipe_commands(tmp_path: Path, **env: str) -> list[str]:
    """The Python commands `adapted.sh` runs, with `PY=echo` standing in for Python (nothing is
    generated or trained)."""
    done = subprocess.run(["bash", str(REPO / "services" / "training" / "recipes" / "adapted.sh"), "5"],
                          env={**os.environ, "PY": "echo", "OUT": str(tmp_path / "out"),
                               "CARRY": str(tmp_path / "nothing-carried"), **env},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line.startswith("-m ")]


def test_schema_views_reach_the_split_step_only_when_asked(tmp_path):
    plain = recipe_commands(tmp_path)
    assert [line.split()[1:3] for line in plain] == [["degdata", "--seed"], ["services.training", "splits"],
                                                     ["services.training", "features"],
                                                     ["services.training", "train"]]
    assert not any("--views" in line for line in plain)
    assert "--seed 0 --steps 5" in plain[3] and plain[3].endswith(
        "--context hidden+embed --marks-weight 0 --evidence-weight 0 --reads-weight 0 --ending-weight 0 --moment-steps 0")
    assert "--seed 0" in plain[2] and "--seed 3 --steps 5" in recipe_commands(tmp_path, ORDER="3")[3]
    assert "--context hidden+embed+next " in recipe_commands(tmp_path, CONTEXT="hidden+embed+next")[3]
    assert recipe_commands(tmp_path, MARKS="0.5")[3].endswith(
        "--marks-weight 0.5 --evidence-weight 0 --reads-weight 0 --ending-weight 0 --moment-steps 0")
    assert recipe_commands(tmp_path, EVIDENCE="1")[3].endswith("--evidence-weight 1 --reads-weight 0 --ending-weight 0 --moment-steps 0")
    assert recipe_commands(tmp_path, READS="0.5")[3].endswith("--reads-weight 0.5 --ending-weight 0 --moment-steps 0")
    assert recipe_commands(tmp_path, ENDING="1")[3].endswith("--ending-weight 1 --moment-steps 0")
    assert recipe_commands(tmp_path, CONTEXTUAL="1", POINTER="1", ONLY="reader")[3].endswith(
        "--moment-steps 0 --contextual-reads --contextual-pointer --train-only reader")
    assert not any(flag in plain[3] for flag in ("--contextual", "--train-only"))
    assert recipe_commands(tmp_path, MOMENTS="10")[3].endswith("--moment-steps 10")
    (splits,) = [line for line in recipe_commands(tmp_path, VIEWS="2") if " splits " in line]
    assert "--views 2 --views-seed 21" in splits
    (splits,) = [line for line in recipe_commands(tmp_path, NEGATIONS="1") if " splits " in line]
    assert splits.endswith("--negations 1") and "--negations" not in plain[1]
    (splits,) = [line for line in recipe_commands(tmp_path, POLARITIES="0.5") if " splits " in line]
    assert splits.endswith("--polarities 0.5") and "--polarities" not in plain[1]


def test_layout_views_reach_the_split_step_with_the_schema_views(tmp_path):
    (splits,) = [line for line in recipe_commands(tmp_path, VIEWS="2", LAYOUTS="0.5") if " splits " in line]
    assert splits.endswith("--views 2 --views-seed 21 --layouts 0.5 --option-flags 0")
    (splits,) = [line for line in recipe_commands(tmp_path, VIEWS="2") if " splits " in line]
    assert splits.endswith("--layouts 0 --option-flags 0")
    (splits,) = [line for line in recipe_commands(tmp_path, VIEWS="2", FLAGS="1") if " splits " in line]
    assert splits.endswith("--layouts 0 --option-flags 1")


@pytest.mark.parametrize("name", ["LAYOUTS", "FLAGS"])
def test_layouts_or_flags_without_views_is_refused(tmp_path, name):
    done = subprocess.run(["bash", str(REPO / "services" / "training" / "recipes" / "adapted.sh"), "5"],
                          env={**os.environ, "PY": "echo", "OUT": str(tmp_path / "out"), name: "0.5",
                               "CARRY": str(tmp_path / "nothing-carried")},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "set VIEWS too" in done.stderr


def test_finish_chooses_the_array_decode_on_a_copy_before_the_ablation(tmp_path):
    step = make_step(tmp_path / "run", 96)
    out = tmp_path / "finished"
    done = subprocess.run(["bash", str(REPO / "services" / "training" / "recipes" / "finish.sh"), str(step), str(out)],
                          env={**os.environ, "PY": "echo", "FEATURES": "run/features/val_heldout"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    decode = (out / "array-decode.json").read_text()
    assert decode.split() == ["-m", "services.training", "choose-decode", "--features", "run/features/val_heldout",
                              str(out)]
    ablation = (out / "rule-ablation.json").read_text().split()
    assert ablation[ablation.index("--checkpoint") + 1] == str(out)      # the copy, its decode chosen
    assert sorted(p.name for p in out.iterdir()) == ["adapters.safetensors", "array-decode.json", "deg.json", "eval",
                                                    "heads.safetensors", "rule-ablation.json"]
    assert (step / "deg.json").read_text() == "deg.json of 96"           # the run's step is left as it was
