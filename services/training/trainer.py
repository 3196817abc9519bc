"""The trainer over cached frozen-layer features (contract 12.4): the heads, and LoRA adapters.

- Optimizer: AdamW (lr 1e-3 for the heads, weight decay on matrices only); the settings, the
  learning-rate schedule and the data order (a pure function of seed and step, so resuming
  needs only the step number) are `schedule`'s.
- Checkpoints every `save_every` steps (and at the end, and when a stop is asked) as
  `<out>/step-NNNNNN/` (`run_state`): a deg checkpoint plus the optimizer state and
  `trainer.json`, written atomically; a resumed run ends with the same bytes as an
  uninterrupted one (tested). `<out>/log.jsonl` (`runlog`): tokens/s, every loss term, and the
  held-out validation loss at each checkpoint.
- A run carried to another machine as weights alone (a step directory without its
  `optimizer.safetensors`: the optimizer state stays behind) resumes at its step with the same
  data order and schedule; AdamW's moments start again from zero, so the learning rate ramps
  back over `REWARM_STEPS` steps (the moments' first estimates are noisy).
- With LoRA, a step runs the adapted layers one record at a time (gradients accumulated), and
  with a context-adapted cache the adapters read the context too (`adapted_record`).
- Threads: the run pins torch's CPU thread count (`threads`, default 1) because CPU
  reductions depend on it; the bytes are reproducible across processes at equal `threads`.
- `<out>/loss.png`: the loss curve (total and every term), redrawn at every checkpoint.
- `prior_residual`: the features carry each decide / extract question's LM prior and the heads
  learn the residual on it (`objective.question_loss`); the checkpoints are served with head
  and prior both at weight 1 (`run_state.checkpoint_config`). Features and setting must agree.
- `balance_booleans`: each true/false question's loss weighted by the inverse of its answer's
  rate in its (domain, field) over the training records (`deg_model.training.balance`), so a
  field's base rate is no shortcut; the table comes from the records (`train(balance=...)`).
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Callable, Sequence

import torch
from safetensors.torch import load_file
from tqdm import tqdm

from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.heads import CONTEXT_MODES, Heads
from deg_model.lora import CONTEXT, LoraAdapters, LoraConfig, load_adapters
from deg_model.training.adapted import adapted_record
from deg_model.training.balance import BooleanBalance
from deg_model.training.features import FeatureRecord, cache_has_priors, embedding_table
from deg_model.training.objective import TERMS, WEIGHTS, batch_loss, share_of_global_loss, term_counts

from .run_state import STEP_DIR  # noqa: F401  (where a run's checkpoints are named, for its readers)
from .run_state import (_restore_optimizer, data_fingerprint, latest_checkpoint, plot_losses, save_training_checkpoint,
                        settings_record)
from .param_groups import freeze_all_but, hold_offsets, param_groups, restrict_flag_reads, trained_adapters
from .runlog import RunLog
from .schedule import REWARM_STEPS, TrainSettings, batch_indices, lr_at, rewarmed, term_weights  # noqa: F401


def make_optimizer(heads: Heads, settings: TrainSettings, adapters=None) -> torch.optim.AdamW:
    return torch.optim.AdamW(param_groups(heads, settings.weight_decay, adapters, settings.lora_lr / settings.lr),
                             lr=settings.lr, betas=(0.9, 0.999), eps=1e-8, foreach=False)


def train(settings: TrainSettings, records: Sequence[FeatureRecord], out: str | Path, *,
          stop_after: int | None = None, progress: bool = False,
          on_step: Callable[[int, dict], None] | None = None, backbone=None,
          balance: BooleanBalance | None = None) -> Path:
    """Train (or resume) into `out`; returns the last checkpoint directory.

    `stop_after`: stop once this many steps are done in total (the run can be resumed later).
    `on_step(step, losses)`: called after every optimizer step (job progress reporting).
    `backbone`: needed with LoRA (`settings.lora_rank > 0`): the adapted fork layers run on it.
    `balance`: the true/false weights of the training records, needed with `balance_booleans`.
    """
    if settings.balance_booleans != (balance is not None):
        raise ValueError("balance_booleans needs the training records' BooleanBalance, and only it takes one")
    if settings.lora_rank and backbone is None:
        raise ValueError("LoRA training needs the backbone")
    if not records:
        raise ValueError("no training records")
    check_prior_residual(settings, carries_priors(records))
    threads = torch.get_num_threads()
    torch.set_num_threads(settings.threads)
    try:
        with torch.enable_grad():       # callers may have turned autograd off globally
            return _train(settings, records, Path(out), stop_after, progress, on_step, backbone, balance)
    finally:
        torch.set_num_threads(threads)


def carries_priors(records: Sequence[FeatureRecord]) -> bool:
    """Whether the records' questions carry the LM prior: from a lazy cache's index, else
    from the records."""
    identity = getattr(records, "identity", None)
    if identity is not None:
        return cache_has_priors(identity)
    return any(q.prior is not None for r in records for q in r.questions)


def check_prior_residual(settings: TrainSettings, has: bool) -> None:
    """A residual run trains on features with the LM prior (`has`), and only such a run does:
    its checkpoints are served with the mix the heads were trained for."""
    if settings.prior_residual and not has:
        raise ValueError("prior_residual needs features built with the LM prior (features --prior-residual)")
    if has and not settings.prior_residual:
        raise ValueError("these features carry the LM prior (built with --prior-residual): train with "
                         "--prior-residual, so the checkpoints are served with the mix they were trained for")


def cache_layout(records: Sequence[FeatureRecord]) -> tuple[set, bool]:
    """(the records' adapt_from layers, whether their cache re-reads the context): from a lazy
    cache's index, else from the records."""
    identity = getattr(records, "identity", None)
    if identity is not None:
        return {identity.get("adapt_from")}, bool(identity.get("adapt_context"))
    return {r.adapt_from for r in records}, all(r.trunk_h0 is not None for r in records)


def make_adapters(settings: TrainSettings, backbone, records: Sequence[FeatureRecord]):
    """Fresh LoRA adapters on layers lora_from.. (default: the cache's adapt_from) or None;
    with a context-adapted cache (`--adapt-context`) a `context` adapter reads the trunk."""
    if not settings.lora_rank:
        return None
    cached, context = cache_layout(records)
    if None in cached or len(cached) != 1:
        raise ValueError("LoRA training needs a feature cache built with one --adapt-from layer")
    adapt_from = next(iter(cached))
    first = settings.lora_from if settings.lora_from is not None else adapt_from
    if context and first != adapt_from:
        raise ValueError(f"a context-adapted cache resumes the trunk at its --adapt-from layer {adapt_from}; "
                         f"--lora-from {first} must not differ from it")
    layers = tuple(range(first, len(backbone.spec.layer_kinds)))
    names = ("decide", "extract", CONTEXT) if context else ("decide", "extract")
    config = LoraConfig(rank=settings.lora_rank, alpha=settings.lora_alpha, adapters=names, layers=layers)
    return LoraAdapters.for_backbone(config, backbone, seed=settings.seed).train()


def _initial_heads(settings: TrainSettings, hidden: int) -> Heads:
    """Fresh heads, or `init_from`'s; heads of a narrower context mode start a wider one exactly
    (`Heads.widened`)."""
    heads = fresh_heads(hidden, seed=settings.seed, context=settings.context)
    if settings.init_from is not None:
        _, start, _ = load_checkpoint(settings.init_from)
        if CONTEXT_MODES[start.context] > CONTEXT_MODES[settings.context]:
            raise ValueError(f"{settings.init_from}: heads read context {start.context!r}, more than "
                             f"{settings.context!r}")
        heads.widened(start)
    return heads


def _initial_adapters(settings: TrainSettings, adapters) -> None:
    """Start the adapters from `init_from`'s when it has some: the same adapters, layers, rank
    and alpha, else an error; a checkpoint without adapters leaves them fresh."""
    if adapters is None or settings.init_from is None:
        return
    config, _, tensors = load_checkpoint(settings.init_from)
    if tensors is None:
        return
    if config.lora != adapters.config.to_dict():
        raise ValueError(f"{settings.init_from}: its adapters are {config.lora}, this run trains "
                         f"{adapters.config.to_dict()}")
    adapters.load_state_dict(_adapter_state(adapters, tensors))


def _but_init(recorded: dict) -> dict:
    return {k: v for k, v in recorded.items() if k != "init_from"}


def _train(settings, records, out: Path, stop_after, progress, on_step, backbone=None, balance=None) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    hidden = int(records[0].ctx.shape[1])
    last = latest_checkpoint(out)
    # a run starts from `init_from` once; resumed, it reads its own step (init_from may be gone)
    fresh = dataclasses.replace(settings, init_from=None) if last is not None else settings
    heads = _initial_heads(fresh, hidden)
    if settings.contextual_reads or settings.contextual_pointer:
        restrict_flag_reads(heads, pointer=settings.contextual_pointer)
    heads.train()
    adapters = make_adapters(settings, backbone, records)
    _initial_adapters(fresh, adapters)
    opt = make_optimizer(heads, settings, adapters)
    freeze_all_but(heads, adapters, settings.train_only)
    if settings.offsets_still:
        hold_offsets(heads)
    start, history, rewarm_from = 0, [], None
    if last is not None:
        state = json.loads((last / "trainer.json").read_text())
        if _but_init(state["settings"]) != _but_init(json.loads(json.dumps(settings_record(settings)))):
            raise ValueError(f"{last}: checkpoint was trained with other settings {state['settings']}")
        # where the run started is its history, not a setting: a carried run resumes from a copy
        settings = dataclasses.replace(settings, init_from=state["settings"].get("init_from"))
        if state.get("world_size", 1) != 1:
            raise ValueError(f"{last}: checkpoint belongs to a {state['world_size']}-process run; resume it with as many")
        if state.get("data") != data_fingerprint(records):
            raise ValueError(f"{last}: checkpoint was trained on other records (data fingerprint differs)")
        _, loaded, adapter_tensors = load_checkpoint(last)
        heads.load_state_dict(loaded.state_dict())
        if adapters is not None:
            adapters.load_state_dict(_adapter_state(adapters, adapter_tensors))
        start, history = state["step"], state["history"]
        if (last / "optimizer.safetensors").is_file():
            _restore_optimizer(heads, opt, load_file(str(last / "optimizer.safetensors")), adapters)
        else:
            rewarm_from = start
    end = settings.steps if stop_after is None else min(settings.steps, stop_after)
    bar = None
    if progress:
        bar = tqdm(total=settings.steps, initial=start, desc="train", unit="step")
    embed = getattr(records, "embed", None)
    if embed is None and settings.val_features and settings.context != "hidden":
        embed = embedding_table(settings.backbone)      # the val cache's records get theirs as they are read
    with RunLog(out, settings.val_features, backbone, embed) as log:
        last = _steps(settings, records, out, heads, adapters, opt, history, range(start, end), last, bar,
                      on_step, backbone, log, rewarm_from, balance)
    if bar is not None:
        bar.close()
    if end > start and not log.stop_requested and (
            last is None or json.loads((last / "trainer.json").read_text())["step"] != end):
        last = save_training_checkpoint(out, settings, heads.eval(), opt, end, history, records,
                                        adapters=adapters)
        plot_losses(history, out / "loss.png")
    return last


def _steps(settings, records, out: Path, heads, adapters, opt, history, steps: range, last, bar, on_step,
           backbone, log: RunLog, rewarm_from: int | None = None, balance: BooleanBalance | None = None):
    """Optimizer steps `steps`, a checkpoint every `save_every` (and when a stop is asked)."""
    for step in steps:
        lr = rewarmed(lr_at(settings, step), step, rewarm_from)
        for group in opt.param_groups:
            group["lr"] = lr * group.get("lr_scale", 1.0)
        batch = [records[i] for i in batch_indices(settings.seed, len(records), step, settings.batch_records)]
        opt.zero_grad(set_to_none=True)
        if adapters is None:
            total, terms = batch_loss(heads, batch, weights=term_weights(settings), balance=balance)
            if total.requires_grad:         # a batch with nothing the run trains (`train_only`) moves nothing
                total.backward()
        else:
            total, terms = _accumulated_step(heads, adapters, backbone, batch, term_weights(settings), balance,
                                             trained_adapters(settings.train_only))
        opt.step()
        entry = {"step": step + 1, "total": float(total.detach()), **{t: float(v.detach()) for t, v in terms.items()},
                 "lr": lr}
        history.append(entry)
        if bar is not None:
            bar.update(1)
            bar.set_postfix(loss=f"{entry['total']:.3f}")
        if on_step is not None:
            on_step(step + 1, entry)
        log.step(entry, batch)
        done = step + 1
        if done % settings.save_every == 0 or done == settings.steps or log.stop_requested:
            last = save_training_checkpoint(out, settings, heads.eval(), opt, done, history, records,
                                            adapters=adapters)
            log.checkpoint(done, heads, adapters)
            heads.train()
            plot_losses(history, out / "loss.png")
        if log.stop_requested:
            break
    return last


def _accumulated_step(heads: Heads, adapters, backbone, batch: Sequence[FeatureRecord], weights=WEIGHTS,
                      balance: BooleanBalance | None = None, trained: frozenset[str] | None = None):
    """The batch's loss and gradients one record at a time: each record's adapted layers run,
    its share of the batch means (`share_of_global_loss`) is backpropagated and its graph
    freed, so a step holds one record's activations, not the batch's. The gradients add up
    to the whole batch's."""
    counts = term_counts(batch)
    total = torch.zeros(())
    terms = {t: torch.zeros(()) for t in TERMS}
    for rec in batch:
        # adapters kept still (`train_only`, `trained`) need no gradient, so autograd records no graph
        # through their rows
        part, shares = share_of_global_loss(heads, [adapted_record(backbone, adapters, rec, grad=True,
                                                                   trained=trained)], counts,
                                            weights=weights, balance=balance)
        if part.requires_grad:
            part.backward()
        total = total + part.detach()
        terms = {t: terms[t] + shares[t].detach() for t in TERMS}
    return total, terms


def _adapter_state(adapters, tensors: dict[str, torch.Tensor] | None) -> dict[str, torch.Tensor]:
    """The adapters' state dict from a checkpoint's `adapters.safetensors` tensors."""
    if tensors is None:
        raise ValueError("the checkpoint to resume has no adapters.safetensors")
    return load_adapters(tensors, adapters.config).state_dict()
