#!/usr/bin/env bash
# Keep a run's latest step as weights alone, to resume it on another machine (`adapted.sh`
# starts from CARRY when its OUT holds no step): the deg checkpoint of the step (heads,
# adapters, deg.json) and trainer.json (step, settings, data fingerprint, loss history), without
# optimizer.safetensors. The previous carried step is replaced.
#   bash services/training/recipes/carry.sh [RUN_DIR] [CARRY]
set -euo pipefail
cd "$(dirname "$0")/../../.."
RUN=${1:-var/train-adapted/train}
CARRY=${2:-checkpoints/runs/adapted}
last=$(ls -d "$RUN"/step-* 2>/dev/null | tail -n 1 || true)
[ -n "$last" ] || { echo "carry.sh: no step-* checkpoint under $RUN" >&2; exit 2; }
mkdir -p "$CARRY"
tmp=$(mktemp -d "$CARRY/.carry.XXXXXX")
for f in "$last"/*; do
    [ "$(basename "$f")" = optimizer.safetensors ] || cp "$f" "$tmp/"
done
chmod 755 "$tmp"
rm -rf "$CARRY"/step-*
mv "$tmp" "$CARRY/$(basename "$last")"
cp "$RUN/log.jsonl" "$CARRY/log.jsonl" 2>/dev/null || true
echo "carried $(basename "$last") to $CARRY"
