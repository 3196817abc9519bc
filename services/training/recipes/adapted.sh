#!/usr/bin/env bash
# The recipe of the context-adapted checkpoint on the embedded SmolLM2-135M (contract 12.4, 12.7
# `--lora-context`): LoRA adapters on every projection of the top layers read the context AND the
# fork rows, trained jointly with the heads; the layers below are frozen, so each record's trunk
# and fork rows entering the first adapted layer are computed once (as the run first reads the
# record) and kept under the run's directory.
#   1. datagen (seed 21, N records over the generator's domains, 5,200 unless N says, splits by
#      domain; the held-out domains' first records are the same at any N); train
#      contexts under MAXCHARS characters, or with WINDOWS=1 every train record,
#      the longer ones as windows of their context (`long_records.window_records`); with VIEWS=K each
#      train record is followed by K schema views of it (keys renamed, a title or description dropped,
#      properties shuffled: `schema_views`), and with LAYOUTS=P each view's arrays laid out again
#      in its context with probability P (bullets, blank lines, one line: `layout_views`), with PROSE=P
#      each view's arrays written inside running sentences with probability P (`prose_views`), and with
#      FLAGS=P each view's top-level choices asked again as true/false fields with probability P
#      (`option_flags`), and with SWAPS=P each train record followed with probability P by a copy
#      whose one decided field's evidence and answer are another same-domain record's
#      (`evidence_swaps`), for a new OUT;
#   2. the held-out validation domains' features (VAL records of val_heldout): the loss logged at
#      every checkpoint (`<OUT>/train/log.jsonl`, with tokens/s and every loss term);
#   3. one run: heads warm-started from the shipped checkpoint's, adapters (decide, extract,
#      context; rank RANK) on layers ADAPT_FROM..29, STEPS steps of 8 records, a checkpoint every
#      SAVE steps. Resumable exactly: run the same command again after a stop (SIGTERM/SIGINT
#      checkpoints the step under way and exits).
#   INIT: where the heads (and adapters, when it has some) start; with CONTEXT=hidden+embed+next,
#   heads reading hidden+embed start it exactly (the next token's columns at zero). A new OUT
#   with INIT at a carried step continues that run's weights on other data or features.
#   A run moves between machines as weights alone: `carry.sh` keeps its latest step (heads,
#   adapters, trainer.json; not the optimizer state) under CARRY, and on a machine whose OUT
#   holds no step yet, this recipe starts from that step (AdamW's moments restart there).
# Same command on a GPU machine (the backbone follows the device settings).
#   bash services/training/recipes/adapted.sh [STEPS]
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=${PY:-.venv/bin/python}
STEPS=${1:-760}
OUT=${OUT:-var/train-adapted}
SEED=21
N=${N:-5200}            # datagen records (a new OUT)
MAXCHARS=8000
ADAPT_FROM=${ADAPT_FROM:-22}
RANK=${RANK:-16}
VAL=${VAL:-40}
SAVE=${SAVE:-20}
THREADS=${THREADS:-2}
INIT=${INIT:-checkpoints/deg-smollm2-135m-0.5}
CARRY=${CARRY:-checkpoints/runs/adapted}
WINDOWS=${WINDOWS:-0}   # 1: long train records as windows (services/training/long_records.py), a new run's data
CONTEXT=${CONTEXT:-hidden+embed}  # the heads' context features; hidden+embed+next: also the next token's (a new OUT)
VIEWS=${VIEWS:-0}       # K: each train record followed by K schema views of it (services/training/schema_views.py), a new run's data
LAYOUTS=${LAYOUTS:-0}   # P: in each view, each array's items laid out again with probability P (services/training/layout_views.py), a new run's data
PROSE=${PROSE:-0}       # P: in each view, each array's items written inside running sentences with probability P (services/training/prose_views.py), a new run's data
FLAGS=${FLAGS:-0}       # P: in each view, each top-level choice asked again as a true/false field with probability P (services/training/option_flags.py), a new run's data
NEGATIONS=${NEGATIONS:-0}  # P: each train record followed by a negation view of it with probability P (services/training/negation_views.py), a new run's data
POLARITIES=${POLARITIES:-0}  # P: each train record followed by a polarity view of it (a flag asked as not_<key>) with probability P (services/training/polarity_views.py), a new run's data
SWAPS=${SWAPS:-0}       # P: each train record followed by an evidence swap of it with probability P (services/training/evidence_swaps.py), a new run's data
MARKS=${MARKS:-0}       # weight of the marks term (the anchor head's mark count against the item count), a new run's objective
EVIDENCE=${EVIDENCE:-0} # weight of the evidence term (the flag reader's pointer against decided fields' evidence), a new run's objective
ENDING=${ENDING:-0}     # weight of the ending term (the flag reader's pointer against the evidence's last token), a new run's objective
READS=${READS:-0}       # weight of the reads term (each true/false answered by the flag reader's read alone), a new run's objective
ONLY=${ONLY:-}          # reader: the run trains the flag reader and the true/false head alone; decide: every decided head and the decide adapter; spans: the span pointer and the null head; arrays: the anchor and count heads; the last two without an adapter (param_groups.TRAIN_ONLY)
OFFSETS=${OFFSETS:-}     # still: the heads' offsets (anchor bias, echo weight, span bias) kept as they start, a new run's objective
FORKS=${FORKS:-32}      # questions cached per record besides its arrays' anchor and count questions (0: the arrays' alone, for ONLY=arrays), a new run's data
POINTER=${POINTER:-0}   # 1: ... and the evidence pointer's keys read the hidden state alone too, a new run's objective
CONTEXTUAL=${CONTEXTUAL:-0}  # 1: the flag reader's values read the trunk's hidden state alone (trainer.restrict_flag_reads), a new run's objective
MOMENTS=${MOMENTS:-0}   # N: the first N steps only gather AdamW's moments (a continuation from a carried step's weights)
BALANCE=${BALANCE:-0}   # 1: true/false questions weighted by the inverse of their answer's rate in their field, a new run's objective
ORDER=${ORDER:-0}       # the train run's seed (record order, fork sampling): a continuation on the same records sees others first
LR=${LR:-3e-4}          # heads' peak learning rate (a continuation from a carried step may want less)
LORA_LR=${LORA_LR:-5e-4}  # adapters' peak learning rate
export OMP_NUM_THREADS=$THREADS
[ "$LAYOUTS" = 0 ] || [ "$VIEWS" != 0 ] || { echo "adapted.sh: LAYOUTS lays out the schema views again; set VIEWS too" >&2; exit 2; }
[ "$PROSE" = 0 ] || [ "$VIEWS" != 0 ] || { echo "adapted.sh: PROSE writes the schema views' arrays as prose; set VIEWS too" >&2; exit 2; }
[ "$FLAGS" = 0 ] || [ "$VIEWS" != 0 ] || { echo "adapted.sh: FLAGS asks the schema views' choices again; set VIEWS too" >&2; exit 2; }
mkdir -p "$OUT/train"
if ! ls -d "$OUT"/train/step-* >/dev/null 2>&1 && ls -d "$CARRY"/step-* >/dev/null 2>&1; then
    cp -r "$(ls -d "$CARRY"/step-* | tail -n 1)" "$OUT/train/"
    [ ! -f "$CARRY/log.jsonl" ] || cp "$CARRY/log.jsonl" "$OUT/train/log.jsonl"
fi

[ -s "$OUT/records.jsonl" ] || $PY -m degdata --seed $SEED --n $N --out "$OUT/records.jsonl" --no-progress
$PY -m services.training splits --records "$OUT/records.jsonl" --out "$OUT" --max-chars $MAXCHARS \
    $([ "$WINDOWS" = 1 ] && echo --windows) $([ "$VIEWS" = 0 ] || echo --views "$VIEWS" --views-seed $SEED --layouts "$LAYOUTS" --option-flags "$FLAGS" $([ "$PROSE" = 0 ] || echo --prose "$PROSE")) \
    $([ "$SWAPS" = 0 ] || echo --evidence-swaps "$SWAPS") $([ "$NEGATIONS" = 0 ] || echo --negations "$NEGATIONS") \
    $([ "$POLARITIES" = 0 ] || echo --polarities "$POLARITIES")
FEAT="--array-mode anchor --adapt-from $ADAPT_FROM --adapt-context --max-forks $FORKS"
[ -s "$OUT/features/val_heldout/index.json" ] || $PY -m services.training features --records "$OUT/val_heldout.jsonl" \
    --split val_heldout --limit $VAL --out "$OUT/features/val_heldout" $FEAT --seed 0
$PY -m services.training train --out "$OUT/train" --records "$OUT/train.jsonl" $FEAT --seed "$ORDER" --steps "$STEPS" \
    --batch-records 8 --warmup 20 --save-every $SAVE --lr $LR --lora-rank $RANK --lora-alpha $((2 * RANK)) \
    --lora-lr $LORA_LR --init-from "$INIT" --threads $THREADS --val-features "$OUT/features/val_heldout" \
    --context "$CONTEXT" --marks-weight "$MARKS" --evidence-weight "$EVIDENCE" --reads-weight "$READS" --ending-weight "$ENDING" --moment-steps "$MOMENTS" $([ "$BALANCE" = 1 ] && echo --balance-booleans) \
    $([ "$CONTEXTUAL" = 1 ] && echo --contextual-reads) $([ "$POINTER" = 1 ] && echo --contextual-pointer) $([ -z "$ONLY" ] || echo --train-only "$ONLY") $([ "$OFFSETS" = still ] && echo --offsets-still)
