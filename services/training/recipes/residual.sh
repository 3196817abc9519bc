#!/usr/bin/env bash
# The recipe of heads trained as a residual on the LM prior (`--prior-residual`) on the embedded
# SmolLM2-135M: the base model's own zero-shot answer (its prior rows, run on the frozen base
# weights, so computed once per record and cached with the features) is a fixed term of every
# decide / extract loss, and the heads learn only what it gets wrong; the checkpoints are served
# with head and prior at weight 1 each.
#   1. datagen (seed 21, 5,200 records over the generator's domains, splits by domain, as
#      `adapted.sh`); train contexts under MAXCHARS characters;
#   2. the held-out validation domains' features with their priors (VAL records of val_heldout):
#      the loss logged at every checkpoint (`<OUT>/train/log.jsonl`);
#   3. one run over the first LIMIT train records (each record's features and priors computed as
#      the run first reads it): heads warm-started from INIT, STEPS steps of 8 records, a
#      checkpoint every SAVE steps; resumable exactly (run the same command again after a stop).
# Then `finish.sh` on a step (rule ablation, served calibration, test figures).
#   bash services/training/recipes/residual.sh [STEPS] [LIMIT]
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=${PY:-.venv/bin/python}
STEPS=${1:-400}
LIMIT=${2:-800}
OUT=${OUT:-var/train-residual}
SEED=21
MAXCHARS=8000
VAL=${VAL:-40}
SAVE=${SAVE:-25}
LR=${LR:-5e-4}
THREADS=${THREADS:-2}
INIT=${INIT:-checkpoints/deg-smollm2-135m-0.5}
export OMP_NUM_THREADS=$THREADS
mkdir -p "$OUT/train"

[ -s "$OUT/records.jsonl" ] || $PY -m degdata --seed $SEED --n 5200 --out "$OUT/records.jsonl" --no-progress
$PY -m services.training splits --records "$OUT/records.jsonl" --out "$OUT" --max-chars $MAXCHARS
FEAT="--array-mode anchor --max-forks 32 --seed 0 --prior-residual"
[ -s "$OUT/features/val_heldout/index.json" ] || $PY -m services.training features --records "$OUT/val_heldout.jsonl" \
    --split val_heldout --limit $VAL --out "$OUT/features/val_heldout" $FEAT
$PY -m services.training train --out "$OUT/train" --records "$OUT/train.jsonl" --limit "$LIMIT" $FEAT \
    --steps "$STEPS" --batch-records 8 --warmup 20 --save-every $SAVE --lr $LR --init-from "$INIT" \
    --threads $THREADS --val-features "$OUT/features/val_heldout"
