"""`python -m services.training`: train, calibrate, cache features, run a queue worker.

    python -m services.training train --out DIR (--records PATH | --features DIR) --steps N
        [--batch-records 8] [--lr 1e-3] [--warmup 20] [--seed 0] [--save-every 100]
        [--array-mode index|anchor] [--limit N] [--world-size N] [--prior-residual] [--marks-weight W] [--evidence-weight W] [--reads-weight W] [--ending-weight W] [--moment-steps N] [--contextual-reads] [--contextual-pointer] [--train-only reader|decide|spans|arrays] [--offsets-still]
    torchrun --nproc-per-node N -m services.training train ...   (data-parallel, gloo)
    python -m services.training calibrate --checkpoint DIR (--records PATH | --features DIR)
    python -m services.training splits --records PATH --out DIR [--splits train,val,val_heldout,test]
        [--short train] [--max-chars 8000] [--windows] [--views N] [--views-seed S] [--layouts P] [--prose P] [--option-flags P] [--evidence-swaps P] [--negations P]
        [--polarities P]
    python -m services.training features --records PATH --split train|val --out DIR [--prior-residual]
    python -m services.training validate --features DIR [--pointers] [--arrays] [--booleans] [--options] CHECKPOINT...
    python -m services.training average --out DIR STEP STEP...   (the uniform mean of a run's steps)
    python -m services.training graft --group arrays --step STEP --out DIR BASE   (BASE with a group's heads from STEP)
    python -m services.training evaluate --checkpoint DIR --records PATH --split val|val_heldout|test [--limit N]
    python -m services.training choose-decode | fit-prior | prior-ablation | rule-ablation | fit-check | fit-options |
        fit-anchors | calibrate-served ...
        (what a trained checkpoint is served with, fitted on held-out domains: services/training/fit_commands.py)
    python -m services.training worker [--burst]          (settings from DEG_REDIS_URL, ...)
    python -m services.training enqueue-train ... / enqueue-calibrate ...  (same options)

The backbone's layers below the adapted ones stay frozen (their features are cached); LoRA
adapters on the top layers (`--lora-rank`, `--adapt-from`, `--adapt-context`) train with the heads.
`--prior-residual` trains the heads as a residual on the LM prior they are served beside: the
features keep each question's prior, the loss reads head + prior, and the checkpoints are
served with head and prior both at weight 1.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

import torch.distributed as dist

from deg_model.heads import CONTEXT_MODES
from deg_model.runtime import load_runtime

from .averaging import average_checkpoints
from .graft import graft_heads
from .distributed import init_process_group, run_data_parallel_training, spawn_training
from .evaluate import evaluate
from .jobs import enqueue_calibration, enqueue_training, run_worker
from .fit_commands import FIT_COMMANDS, add_fit_commands, run_fit_command
from .param_groups import TRAIN_ONLY
from .pipeline import cache_features, read_records, run_calibration, run_training, validation_loss
from .settings import TrainingServiceSettings
from .splits import write_splits
from .schedule import TrainSettings

PRIOR_RESIDUAL_HELP = ("train the heads as a residual on the LM prior (features with the prior; checkpoints "
                       "served with head 1, prior 1); a --features cache must be built with --prior-residual")


def _train_settings(args) -> TrainSettings:
    return TrainSettings(steps=args.steps, batch_records=args.batch_records, lr=args.lr, warmup=args.warmup,
                         seed=args.seed, save_every=args.save_every, array_mode=args.array_mode,
                         context=args.context, lora_rank=args.lora_rank, lora_alpha=args.lora_alpha,
                         lora_lr=args.lora_lr, lora_from=args.lora_from, init_from=args.init_from,
                         val_features=args.val_features, threads=args.threads, prior_residual=args.prior_residual,
                         marks_weight=args.marks_weight, balance_booleans=args.balance_booleans,
                         evidence_weight=args.evidence_weight, reads_weight=args.reads_weight,
                         ending_weight=args.ending_weight,
                         moment_steps=args.moment_steps, contextual_reads=args.contextual_reads,
                         contextual_pointer=args.contextual_pointer,
                         train_only=args.train_only, offsets_still=args.offsets_still)


def _add_train_args(p):
    p.add_argument("--out", required=True)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--records", help="datagen JSONL; its split == 'train' records are used")
    src.add_argument("--features", help="a feature cache directory built by `features`")
    p.add_argument("--steps", type=int, required=True)
    p.add_argument("--batch-records", type=int, default=8)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--warmup", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--save-every", type=int, default=100)
    p.add_argument("--array-mode", choices=("index", "anchor"), default="index")
    p.add_argument("--limit", type=int, default=None, help="use at most this many records")
    p.add_argument("--context", choices=tuple(CONTEXT_MODES), default="hidden+embed",
                   help="the heads' context features (hidden+embed+next: also the next token's embedding)")
    p.add_argument("--lora-rank", type=int, default=0, help="LoRA adapters on the fork rows (0 = heads only)")
    p.add_argument("--lora-alpha", type=float, default=16.0)
    p.add_argument("--lora-lr", type=float, default=5e-4)
    p.add_argument("--lora-from", type=int, default=None,
                   help="first adapted layer (default: the feature cache's --adapt-from)")
    p.add_argument("--init-from", default=None, help="start the heads from this checkpoint's heads")
    p.add_argument("--adapt-from", type=int, default=None,
                   help="with --records and --adapt-context: the first adapted layer")
    p.add_argument("--adapt-context", action="store_true",
                   help="adapters read the context too; features are computed as the run first reads each record")
    p.add_argument("--max-forks", type=int, default=None, help="at most this many questions per record")
    p.add_argument("--threads", type=int, default=1,
                   help="torch CPU threads of the run (its bytes are reproducible at equal threads)")
    p.add_argument("--val-features", default=None,
                   help="a val feature cache whose loss is logged at every checkpoint (<out>/log.jsonl)")
    p.add_argument("--prior-residual", action="store_true", help=PRIOR_RESIDUAL_HELP)
    p.add_argument("--marks-weight", type=float, default=0.0,
                   help="weight of the marks term: the anchor head's mark count against the gold item count "
                        "(deg_model/training/objective.py; 0: off)")
    p.add_argument("--evidence-weight", type=float, default=0.0,
                   help="weight of the evidence term: the flag reader's pointer against the sentence a decided "
                        "field's answer rests on, where the records name it (deg_model/training/objective.py; 0: off)")
    p.add_argument("--reads-weight", type=float, default=0.0,
                   help="weight of the reads term: each true/false question answered by the flag reader's share "
                        "of its logit alone (deg_model/training/objective.py; 0: off)")
    p.add_argument("--ending-weight", type=float, default=0.0,
                   help="weight of the ending term: the flag reader's pointer against the last token of a decided "
                        "field's evidence, where a causal state has read the sentence (deg_model/training/objective.py; 0: off)")
    p.add_argument("--moment-steps", type=int, default=0,
                   help="the first N steps only gather AdamW's moments (learning rate 0), for a run started from "
                        "carried weights without their optimizer state (0: off)")
    p.add_argument("--train-only", choices=tuple(g for g in TRAIN_ONLY if g), default="",
                   help="reader: train the flag reader and the true/false head alone, every other head and the "
                        "adapters as they start; decide: every decided head and the decide adapter, the context "
                        "and extract adapters and their heads as they start (continuations that cannot move "
                        "arrays or spans); spans: the span pointer and the null head alone, every adapter as "
                        "it starts (arrays sized as before); arrays: the anchor and count heads alone, every "
                        "adapter as it starts (every value inside an item read as before)")
    p.add_argument("--offsets-still", action="store_true",
                   help="keep the heads' offsets (anchor bias, siblings' echo weight, span bias) as they start")
    p.add_argument("--contextual-pointer", action="store_true",
                   help="as --contextual-reads, and the evidence pointer's keys read the hidden state alone too")
    p.add_argument("--contextual-reads", action="store_true",
                   help="the flag reader's values read the trunk's hidden state alone, not the token's embeddings "
                        "(their columns zeroed and kept at zero), so a read says what the sentence says there")
    p.add_argument("--balance-booleans", action="store_true",
                   help="weight each true/false question by the inverse of its answer's rate in its training "
                        "(domain, field), so a field's base rate is no shortcut (needs --records)")


def _add_world_size(p):
    p.add_argument("--world-size", type=int, default=None,
                   help="data-parallel processes to spawn on loopback (under torchrun: must match WORLD_SIZE)")


def _add_cal_args(p):
    p.add_argument("--checkpoint", required=True)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--records", help="datagen JSONL; its split == 'val' records are used")
    src.add_argument("--features", help="a val feature cache directory")
    p.add_argument("--limit", type=int, default=None)


def _run_train(args):
    """Single-process, under torchrun (WORLD_SIZE > 1 in the environment), or spawned
    (`--world-size N`). Returns the last checkpoint (None on ranks other than 0)."""
    env = TrainingServiceSettings.from_env()
    settings = _train_settings(args)
    sources = dict(features=args.features, records=args.records, limit=args.limit)
    if getattr(args, "adapt_context", False):
        if env.world_size > 1 or (args.world_size or 1) > 1:
            raise ValueError("--adapt-context runs in one process")
        return run_training(args.out, settings, progress=True, adapt_from=args.adapt_from, adapt_context=True,
                            max_forks=args.max_forks, **sources)
    if args.world_size is not None and args.world_size < 1:
        raise ValueError(f"--world-size must be >= 1, got {args.world_size}")
    if settings.balance_booleans and (env.world_size > 1 or (args.world_size or 1) > 1):
        raise ValueError("--balance-booleans runs in one process")
    if env.world_size > 1:
        if args.world_size not in (None, env.world_size):
            raise ValueError(f"--world-size {args.world_size} differs from WORLD_SIZE={env.world_size}")
        init_process_group(env.rank, env.world_size, env.master_addr, env.master_port)
        try:
            last = run_data_parallel_training(args.out, settings, progress=True, **sources)
        finally:
            dist.destroy_process_group()
        return last if env.rank == 0 else None
    if args.world_size is not None and args.world_size > 1:
        return spawn_training(args.world_size, args.out, settings, progress=True, **sources)
    return run_training(args.out, settings, progress=True, **sources)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m services.training", description=__doc__.splitlines()[0])
    add_commands(parser)
    return parser


def add_commands(parser: argparse.ArgumentParser) -> None:
    """Every training command as a subcommand of `parser` (here and under `deg train`)."""
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    t = sub.add_parser("train", help="train the heads (resumes from the last checkpoint in --out)")
    _add_train_args(t)
    _add_world_size(t)
    _add_cal_args(sub.add_parser("calibrate", help="fit temperatures on val records, in place"))
    f = sub.add_parser("features", help="cache frozen-backbone features of records")
    f.add_argument("--records", required=True)
    f.add_argument("--split", choices=("train", "val", "val_heldout"), required=True)
    f.add_argument("--out", required=True)
    f.add_argument("--array-mode", choices=("index", "anchor"), default="index")
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--limit", type=int, default=None)
    f.add_argument("--adapt-from", type=int, default=None,
                   help="also cache LoRA training inputs for layers >= this one")
    f.add_argument("--adapt-context", action="store_true",
                   help="with --adapt-from: cache the trunk entering that layer, so training adapts the context too")
    f.add_argument("--max-forks", type=int, default=None,
                   help="cache at most this many questions per record (anchor/count always kept)")
    f.add_argument("--prior-residual", action="store_true",
                   help="also cache each decide/extract question's LM prior as served (for train --prior-residual)")
    sp = sub.add_parser("splits", help="split a datagen file into <out>/<split>.jsonl, one per split")
    sp.add_argument("--records", required=True)
    sp.add_argument("--out", required=True)
    sp.add_argument("--splits", default="train,val,val_heldout,test", help="comma-separated splits to write")
    sp.add_argument("--short", default="train", help="comma-separated splits that keep only contexts under --max-chars")
    sp.add_argument("--max-chars", type=int, default=8000)
    sp.add_argument("--windows", action="store_true", help="the train split keeps long records as windows")
    sp.add_argument("--views", type=int, default=0,
                    help="follow each train record with N schema views of it (keys renamed, titles or "
                         "descriptions dropped, properties reordered; gold re-keyed)")
    sp.add_argument("--views-seed", type=int, default=0, help="seed of the schema views")
    sp.add_argument("--layouts", type=float, default=0.0,
                    help="in each view, lay each array's items out again in the context with this "
                         "probability (bullets, blank lines, one line, a list split into lines)")
    sp.add_argument("--prose", type=float, default=0.0,
                    help="in each view, write each array's items inside running sentences with this "
                         "probability (a lead word before items, a connective between them)")
    sp.add_argument("--option-flags", type=float, default=0.0,
                    help="in each view, ask each top-level choice again as a true/false field with this "
                         "probability (is it this option? its answer and evidence from the choice's)")
    sp.add_argument("--evidence-swaps", type=float, default=0.0,
                    help="follow each train record, with this probability, by a copy whose one decided "
                         "field's evidence and answer are another same-domain record's (before views)")
    sp.add_argument("--negations", type=float, default=0.0,
                    help="follow each train record, with this probability, by a copy whose one true/false "
                         "field's evidence is said the other way and its answer flipped (before views)")
    sp.add_argument("--polarities", type=float, default=0.0,
                    help="follow each train record, with this probability, by a copy whose one true/false "
                         "field is asked the other way round (not_<key>, answer flipped; after negations, "
                         "before views)")
    v = sub.add_parser("validate", help="the training loss of checkpoints on a val feature cache")
    v.add_argument("--features", required=True)
    v.add_argument("checkpoints", nargs="+")
    v.add_argument("--pointers", action="store_true",
                   help="also the extract pointer's start and end NLL and hit rates (services/training/pointers.py)")
    v.add_argument("--arrays", action="store_true",
                   help="also the arrays' counts and item starts by decode mode (services/training/array_anatomy.py)")
    v.add_argument("--booleans", action="store_true",
                   help="also the true/false head's accuracy and balanced accuracy, by domain "
                        "(services/training/booleans.py)")
    v.add_argument("--options", action="store_true",
                   help="also the choice and score heads' accuracy with and without the option reader, by domain "
                        "(services/training/option_anatomy.py)")
    av = sub.add_parser("average", help="one checkpoint from the uniform mean of several steps of one run "
                                        "(services/training/averaging.py)")
    av.add_argument("--out", required=True)
    av.add_argument("steps", nargs="+")
    g = sub.add_parser("graft", help="a served checkpoint with the heads a --train-only run trained taken from "
                                     "its step (services/training/graft.py)")
    g.add_argument("--group", required=True)
    g.add_argument("--step", required=True)
    g.add_argument("--out", required=True)
    g.add_argument("base")
    e = sub.add_parser("evaluate", help="measure a checkpoint through Runtime.fill on datagen records")
    e.add_argument("--checkpoint", required=True)
    e.add_argument("--records", required=True)
    e.add_argument("--split", choices=("val", "val_heldout", "test"), required=True)
    e.add_argument("--limit", type=int, default=None)
    add_fit_commands(sub)
    w = sub.add_parser("worker", help="take training/calibration jobs from the Redis queue")
    w.add_argument("--burst", action="store_true", help="exit when the queue is empty")
    _add_train_args(sub.add_parser("enqueue-train", help="queue a training job"))
    _add_cal_args(sub.add_parser("enqueue-calibrate", help="queue a calibration job"))


def register(parser: argparse.ArgumentParser) -> None:
    """`deg train ...`: the same commands and options as `python -m services.training`."""
    add_commands(parser)
    parser.set_defaults(run=run)


def main(argv: list[str] | None = None) -> int:
    return run(_parser().parse_args(argv))


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        if args.command == "train":
            last = _run_train(args)
            if last is not None:
                print(last)
        elif args.command == "calibrate":
            report = run_calibration(args.checkpoint, features=args.features, records=args.records, limit=args.limit)
            print(json.dumps(report.as_dict(), sort_keys=True))  # one line: the summary is the last line
        elif args.command == "features":
            print(cache_features(args.records, args.split, args.out, array_mode=args.array_mode, seed=args.seed,
                                 limit=args.limit, progress=True, adapt_from=args.adapt_from,
                                 max_forks=args.max_forks, adapt_context=args.adapt_context,
                                 prior_residual=args.prior_residual))
        elif args.command == "splits":
            counts = write_splits(Path(args.records), Path(args.out), args.splits.split(","),
                                  [s for s in args.short.split(",") if s], args.max_chars, args.windows,
                                  views=args.views, views_seed=args.views_seed, layouts=args.layouts,
                                  flags=args.option_flags, swaps=args.evidence_swaps,
                                  negations=args.negations, polarities=args.polarities, prose=args.prose)
            for split, count in counts.items():
                print(split, count)
        elif args.command == "validate":
            for row in validation_loss(args.checkpoints, args.features, pointers=args.pointers,
                                       arrays=args.arrays, booleans=args.booleans,
                                       options=args.options):
                print(json.dumps(row))
        elif args.command == "average":
            print(average_checkpoints(args.steps, args.out))
        elif args.command == "graft":
            print(graft_heads(args.base, args.step, args.group, args.out))
        elif args.command in FIT_COMMANDS:
            print(json.dumps(run_fit_command(args), sort_keys=True))
        elif args.command == "evaluate":
            runtime = load_runtime(args.checkpoint)      # heads, and adapters when the checkpoint has them
            summary = evaluate(runtime, read_records(args.records, args.split, args.limit), progress=True)
            print(json.dumps(summary, sort_keys=True))
        else:
            settings = TrainingServiceSettings.from_env()
            if args.command == "worker":
                run_worker(settings, burst=args.burst)
            elif args.command == "enqueue-train":
                print(enqueue_training(settings, out=args.out, train=_train_settings(args), features=args.features,
                                       records=args.records, limit=args.limit))
            else:
                print(enqueue_calibration(settings, checkpoint=args.checkpoint, features=args.features,
                                          records=args.records))
    except (ValueError, FileNotFoundError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
