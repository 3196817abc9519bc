"""The commands that fit what a trained checkpoint is served with, on held-out validation domains.

    python -m services.training choose-decode --features DIR CHECKPOINT   (its array_decode, in place)
    python -m services.training fit-prior --checkpoint DIR [--split val_heldout] [--limit 40] [--out DIR]
    python -m services.training prior-ablation --checkpoint DIR [--split test] [--limit 20]
    python -m services.training rule-ablation --checkpoint DIR [--split val_heldout] [--limit 40]
        [--objective accuracy|likelihood] [--out DIR]
    python -m services.training fit-check --checkpoint DIR [--split val_heldout] [--limit 40]
    python -m services.training calibrate-served --checkpoint DIR [--split val_heldout] [--limit 40] [--out DIR]
    python -m services.training fit-options --features DIR [--features DIR] --val-features DIR --out DIR
        [--passes 30] [--lr 1e-3] [--seed 0] [--reads DIR] CHECKPOINT   (the option reader and score head)
    python -m services.training fit-anchors --features DIR [--features DIR] --val-features DIR --out DIR
        [--passes 12] [--lr 3e-4] [--seed 0] [--reads DIR] CHECKPOINT   (the anchor head)

Each prints one JSON report (`services.training.__main__` registers them).
"""
from __future__ import annotations

import argparse
from typing import Any

from deg_model.training.prior_fit import OBJECTIVES

from .anchor_fit import fit_anchors
from .fit_check import fit_check
from .option_fit import fit_options
from .pipeline import choose_array_decode
from .prior_mix import fit_prior, prior_ablation
from .rule_ablation import recalibrate, rule_ablation

FIT_COMMANDS = ("choose-decode", "fit-prior", "prior-ablation", "rule-ablation", "fit-check", "fit-options",
                "fit-anchors", "calibrate-served")
CACHED_FITS = {"fit-options": (30, 1e-3), "fit-anchors": (12, 3e-4)}   # command: default passes, lr


def add_fit_commands(sub) -> None:
    """The fit commands as subparsers of `sub` (an `add_subparsers` action)."""
    cd = sub.add_parser("choose-decode", help="measure the array decode modes on a val feature cache and record "
                                              "the best as the checkpoint's default, in place")
    cd.add_argument("--features", required=True)
    cd.add_argument("checkpoint")
    fp = sub.add_parser("fit-prior", help="fit the LM-prior mix of a checkpoint on held-out-domain records")
    _held_out(fp, split="val_heldout", limit=40)
    fp.add_argument("--framing", default=None, help="the prior's framing (default: the checkpoint's)")
    fp.add_argument("--out", default=None)
    fp.add_argument("--keep-mix", action="store_true", help="keep the checkpoint's mix; fit the adjustments only")
    pa = sub.add_parser("prior-ablation", help="leaf accuracy of the LM prior, the heads and their mix")
    _held_out(pa, split="test", limit=20)
    ra = sub.add_parser("rule-ablation", help="retire the score terms that add under --threshold field accuracy")
    _held_out(ra, split="val_heldout", limit=40)
    ra.add_argument("--threshold", type=float, default=0.01)
    ra.add_argument("--objective", choices=OBJECTIVES, default="accuracy",
                    help="what the decide kinds' mix and weights are fitted on (prior_fit.OBJECTIVES)")
    ra.add_argument("--out", default=None)
    fc = sub.add_parser("fit-check", help="each fit objective fitted on all held-out validation domains but one, "
                        "measured on that one")
    _held_out(fc, split="val_heldout", limit=40)
    cs = sub.add_parser("calibrate-served", help="refit the decide kinds' temperatures on the served score, "
                        "the kept terms as they are")
    _held_out(cs, split="val_heldout", limit=40)
    cs.add_argument("--out", default=None)
    fo = sub.add_parser("fit-options", help="fit the option reader and the score head on a train feature cache's "
                        "choice and score questions, kept by a held-out validation cache; writes --out")
    fa = sub.add_parser("fit-anchors", help="fit the anchor head on a train feature cache's anchored arrays, kept "
                        "by a held-out validation cache; writes --out")
    for command, p in (("fit-options", fo), ("fit-anchors", fa)):
        passes, lr = CACHED_FITS[command]
        p.add_argument("--features", required=True, action="append", help="a train records' feature cache (repeatable)")
        p.add_argument("--val-features", required=True, help="held-out validation domains' feature cache")
        p.add_argument("--out", required=True)
        p.add_argument("--passes", type=int, default=passes)
        p.add_argument("--lr", type=float, default=lr)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--reads", default=None, help="keep each cache's reads here and read them back (one checkpoint's)")
        p.add_argument("checkpoint")


def _held_out(p: argparse.ArgumentParser, *, split: str, limit: int) -> None:
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--split", default=split)
    p.add_argument("--limit", type=int, default=limit)


def run_fit_command(args: argparse.Namespace) -> dict[str, Any]:
    """Run the fit command `args.command` names; returns its report."""
    if args.command == "choose-decode":
        return choose_array_decode(args.checkpoint, args.features)
    if args.command == "fit-prior":
        return fit_prior(args.checkpoint, seed=args.seed, split=args.split, limit=args.limit,
                         framing=args.framing, out=args.out, keep_mix=args.keep_mix)
    if args.command == "prior-ablation":
        return prior_ablation(args.checkpoint, seed=args.seed, split=args.split, limit=args.limit)
    if args.command == "rule-ablation":
        return rule_ablation(args.checkpoint, seed=args.seed, split=args.split, limit=args.limit,
                             threshold=args.threshold, objective=args.objective, out=args.out)
    if args.command == "calibrate-served":
        return recalibrate(args.checkpoint, seed=args.seed, split=args.split, limit=args.limit, out=args.out)
    if args.command in CACHED_FITS:
        fit = fit_options if args.command == "fit-options" else fit_anchors
        return fit(args.checkpoint, args.features, args.val_features, args.out, passes=args.passes,
                   lr=args.lr, seed=args.seed, reads=args.reads)
    if args.command == "fit-check":
        return fit_check(args.checkpoint, seed=args.seed, split=args.split, limit=args.limit)
    raise ValueError(f"not a fit command: {args.command!r}")
