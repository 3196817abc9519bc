#!/usr/bin/env bash
# The recipe of the shipped default checkpoint (heads on the frozen embedded SmolLM2-135M).
# Every step is deterministic from its seed; the run writes var/train-default/ and copies the
# calibrated checkpoint to checkpoints/deg-smollm2-135m-0.1/.
#   bash services/training/recipes/default.sh [TRAIN_RECORDS] [STEPS] [TEST_RECORDS]
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=${PY:-.venv/bin/python}
TRAIN=${1:-300}
STEPS=${2:-1500}
TEST_LIMIT=${3:-200}
SEED=11
OUT=var/train-default
MAXCHARS=5000   # feature caching costs CPU time per context token; long documents are left out
mkdir -p "$OUT"
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}

$PY -m services.training.datagen --seed $SEED --n 1000 --out "$OUT/records.jsonl" --no-progress
# keep short contexts for train/val (the feature cache), every test record for the evaluation
$PY - "$OUT" $MAXCHARS <<'PYEOF'
import json, sys
out, maxchars = sys.argv[1], int(sys.argv[2])
recs = [json.loads(l) for l in open(f"{out}/records.jsonl")]
for split in ("train", "val", "test"):
    keep = [r for r in recs if r["split"] == split and (split == "test" or len(r["context"]) < maxchars)]
    with open(f"{out}/{split}.jsonl", "w") as fh:
        for r in keep:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(split, len(keep))
PYEOF
$PY -m services.training features --records "$OUT/train.jsonl" --split train --out "$OUT/features/train" --limit "$TRAIN" --seed 0
$PY -m services.training features --records "$OUT/val.jsonl" --split val --out "$OUT/features/val" --seed 0
$PY -m services.training train --out "$OUT/run" --features "$OUT/features/train" --steps "$STEPS" \
    --batch-records 8 --warmup 50 --save-every 500 --seed 0
LAST=$(ls -d "$OUT"/run/step-* | sort | tail -1)
$PY -m services.training calibrate --checkpoint "$LAST" --features "$OUT/features/val"
$PY -m services.training evaluate --checkpoint "$LAST" --records "$OUT/val.jsonl" --split val --limit 40 > "$OUT/eval-val.json"
$PY -m services.training evaluate --checkpoint "$LAST" --records "$OUT/test.jsonl" --split test --limit "$TEST_LIMIT" > "$OUT/eval-test.json"
echo "checkpoint: $LAST"
