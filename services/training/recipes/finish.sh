#!/usr/bin/env bash
# From a run's step to a served checkpoint (after `adapted.sh`): the score terms that still earn
# their place on held-out validation domains are kept and what is served is calibrated
# (`rule-ablation`, its report in the checkpoint's provenance); then the checkpoint is measured
# on the held-out test domains and the everyday set, deg alone, in process (the served path
# answers bitwise alike). With FEATURES (the run's held-out validation feature cache) the array
# decode is chosen first (`choose-decode`, on a copy of the step): a step keeps the training
# default, `count_peaks`, which decodes more items and makes the ablation's recording larger.
#   [FEATURES=RUN/features/val_heldout] bash services/training/recipes/finish.sh STEP_DIR OUT [TEST_LIMIT]
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=${PY:-.venv/bin/python}
STEP=${1:?a run step directory, e.g. var/train-adapted/train/step-000760}
OUT=${2:?the checkpoint to write, e.g. checkpoints/deg-smollm2-135m-0.8}
LIMIT=${3:-60}
THREADS=${THREADS:-2}
OBJECTIVE=${OBJECTIVE:-accuracy}   # accuracy, likelihood or significant (prior_fit.OBJECTIVES; `fit-check` compares them)
FIT=${FIT:-40}                     # held-out validation records the fit and the ablation read (more: a fit that can beat chance)
FEATURES=${FEATURES:-}             # the run's val_heldout feature cache: choose the array decode on it first
export OMP_NUM_THREADS=$THREADS
if [ -n "$FEATURES" ]; then
    mkdir -p "$OUT"
    for f in deg.json heads.safetensors adapters.safetensors; do [ ! -f "$STEP/$f" ] || cp "$STEP/$f" "$OUT/"; done
    $PY -m services.training choose-decode --features "$FEATURES" "$OUT" > "$OUT.decode.json"
    STEP=$OUT
fi
$PY -m services.training rule-ablation --checkpoint "$STEP" --split val_heldout --limit "$FIT" --objective "$OBJECTIVE" --out "$OUT" \
    > "$OUT.rule-ablation.json"
mv "$OUT.rule-ablation.json" "$OUT/rule-ablation.json"
[ ! -f "$OUT.decode.json" ] || mv "$OUT.decode.json" "$OUT/array-decode.json"
mkdir -p "$OUT/eval"
$PY -m services.evaluation compare --in-process --checkpoint "$OUT" --set datagen-test --limit "$LIMIT" \
    --baselines none --threads "$THREADS" --out "$OUT/eval" --no-progress
$PY -m services.evaluation compare --in-process --checkpoint "$OUT" --set everyday \
    --baselines none --threads "$THREADS" --out "$OUT/eval" --no-progress
