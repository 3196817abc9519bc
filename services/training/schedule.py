"""A training run's settings and its schedule: what `trainer.train` runs, and when.

- Data order: a pure function of (seed, step). The record stream is the concatenation of
  per-epoch permutations (`torch.Generator` seeded with seed and epoch); step `s` takes
  stream positions `[s*B, (s+1)*B)`. Resuming therefore needs only the step number.
- Learning rate: linear warmup then cosine decay to `min_lr_fraction` of the peak at the last
  step, after `moment_steps` at rate 0; a weights-only resume ramps back over `REWARM_STEPS`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch

from deg_model.training.objective import WEIGHTS

from .param_groups import TRAIN_ONLY


REWARM_STEPS = 5      # steps over which a weights-only resume ramps the learning rate back


@dataclass(frozen=True)
class TrainSettings:
    steps: int
    batch_records: int = 8
    lr: float = 1e-3
    warmup: int = 20
    min_lr_fraction: float = 0.1
    weight_decay: float = 0.01
    seed: int = 0
    save_every: int = 100
    array_mode: str = "index"
    backbone: str = "smollm2-135m-instruct"
    model_id: str = "deg-smollm2-135m"
    # CPU reductions split work by thread count, so the bytes of a run depend on it: the
    # trainer pins it for the run (restored afterwards) so a resume in another process, or
    # a worker on another machine, reproduces them.
    threads: int = 1
    # heads' context features (deg_model.heads.CONTEXT_MODES)
    context: str = "hidden+embed"
    # LoRA adapters on the fork rows (contract 12.7, lora-context base); rank 0 = heads only.
    # Adapted layers: lora_from .. last (None = the feature cache's adapt_from).
    lora_rank: int = 0
    lora_alpha: float = 16.0
    lora_lr: float = 5e-4
    lora_from: int | None = None
    # start the heads (and the adapters, when it has some) from this checkpoint instead of fresh ones
    init_from: str | None = None
    # a val feature cache (held-out domains) whose loss is logged at every checkpoint
    val_features: str | None = None
    # heads trained as a residual on the LM prior (features built with the prior): the loss
    # reads head + prior, and the checkpoints serve every prior kind with head 1, prior 1
    prior_residual: bool = False
    # weight of the marks term (objective.py): the anchor head's mark count against the item count
    marks_weight: float = 0.0
    # weight of the evidence term (objective.py): the flag reader's pointer against the evidence tokens
    evidence_weight: float = 0.0
    # weight of the reads term (objective.py): the flag reader's share of a true/false logit alone
    reads_weight: float = 0.0
    # weight of the ending term (objective.py): the flag reader's pointer against the evidence's last token
    ending_weight: float = 0.0
    # true/false questions weighted by the inverse of their answer's rate in their training field
    balance_booleans: bool = False
    # the first N steps only gather AdamW's moments (learning rate 0), then warmup and decay
    # follow: a run started from carried weights without their optimizer state then takes its
    # first real steps with moment estimates instead of a blank
    moment_steps: int = 0
    # the flag reader's values read the trunk's hidden state alone (`restrict_flag_reads`)
    contextual_reads: bool = False
    # ... and the evidence pointer's keys too (`restrict_flag_reads(pointer=True)`)
    contextual_pointer: bool = False
    # what the run trains (param_groups.TRAIN_ONLY): "" everything, "reader" the flag reader alone,
    # "decide" the decided heads and the decide adapter, "spans" the span pointer and null head,
    # "arrays" the anchor and count heads
    train_only: str = ""
    # the heads' offsets (param_groups.OFFSET_PARAMS: anchor bias, siblings' echo weight, span
    # bias) kept as they start: at OFFSET_LR_SCALE they follow each small batch's noise
    offsets_still: bool = False

    def __post_init__(self):
        problems = []
        if self.steps < 1:
            problems.append(f"steps must be >= 1, got {self.steps}")
        if self.batch_records < 1:
            problems.append(f"batch_records must be >= 1, got {self.batch_records}")
        if not self.lr > 0:
            problems.append(f"lr must be > 0, got {self.lr}")
        if self.warmup < 0:
            problems.append(f"warmup must be >= 0, got {self.warmup}")
        if not 0 <= self.moment_steps < self.steps:
            problems.append(f"moment_steps must be in [0, steps), got {self.moment_steps}")
        if not 0 <= self.min_lr_fraction <= 1:
            problems.append(f"min_lr_fraction must be in [0, 1], got {self.min_lr_fraction}")
        if self.save_every < 1:
            problems.append(f"save_every must be >= 1, got {self.save_every}")
        if self.array_mode not in ("index", "anchor"):
            problems.append(f"array_mode must be 'index' or 'anchor', got {self.array_mode!r}")
        if self.threads < 1:
            problems.append(f"threads must be >= 1, got {self.threads}")
        if self.lora_rank < 0:
            problems.append(f"lora_rank must be >= 0, got {self.lora_rank}")
        if not self.marks_weight >= 0:
            problems.append(f"marks_weight must be >= 0, got {self.marks_weight}")
        if not self.evidence_weight >= 0:
            problems.append(f"evidence_weight must be >= 0, got {self.evidence_weight}")
        if not self.ending_weight >= 0:
            problems.append(f"ending_weight must be >= 0, got {self.ending_weight}")
        if not self.reads_weight >= 0:
            problems.append(f"reads_weight must be >= 0, got {self.reads_weight}")
        if self.train_only not in TRAIN_ONLY:
            problems.append(f"train_only must be one of {sorted(TRAIN_ONLY)}, got {self.train_only!r}")
        if self.lora_rank and not self.lora_lr > 0:
            problems.append(f"lora_lr must be > 0, got {self.lora_lr}")
        if problems:
            raise ValueError("; ".join(problems))


def lr_at(settings: TrainSettings, step: int) -> float:
    """Learning rate of optimizer step `step` (0-based): 0 over the moment steps, then a
    linear warmup and a cosine decay to `min_lr_fraction` over the steps left."""
    if step < settings.moment_steps:
        return 0.0
    step -= settings.moment_steps
    if step < settings.warmup:
        return settings.lr * (step + 1) / settings.warmup
    span = max(1, settings.steps - settings.moment_steps - settings.warmup)
    progress = min(1.0, (step - settings.warmup) / span)
    floor = settings.min_lr_fraction
    return settings.lr * (floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * progress)))


def batch_indices(seed: int, n_records: int, step: int, batch: int) -> list[int]:
    """Record indices of step `step`: positions [step*B, (step+1)*B) of the epoch stream."""
    if n_records < 1:
        raise ValueError("no training records")
    out = []
    for pos in range(step * batch, (step + 1) * batch):
        epoch, offset = divmod(pos, n_records)
        gen = torch.Generator().manual_seed(seed * 1_000_003 + epoch)
        out.append(int(torch.randperm(n_records, generator=gen)[offset]))
    return out


def rewarmed(lr: float, step: int, rewarm_from: int | None) -> float:
    """The learning rate of `step` after a weights-only resume at `rewarm_from` (None: none)."""
    if rewarm_from is None:
        return lr
    return lr * min(1.0, (step - rewarm_from + 1) / REWARM_STEPS)


def term_weights(settings: TrainSettings) -> dict[str, float]:
    """The loss terms' weights of a run: the objective's, with the run's marks, evidence, reads
    and ending weights."""
    return {**WEIGHTS, "marks": settings.marks_weight, "evidence": settings.evidence_weight,
            "reads": settings.reads_weight, "ending": settings.ending_weight}
