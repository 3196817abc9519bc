"""Data-parallel heads training on `torch.distributed` (contract 12.9, on cached features).

N processes train one set of heads. Launch with `torchrun --nproc-per-node N -m
services.training train ...` (rank and rendezvous from the environment), or let the CLI spawn
them on loopback with `train --world-size N`. gloo on the CPU.

- Shards: rank r reads only the records with `zlib.crc32(uid) % N == r` (from the feature
  cache, or it caches its own shard's features from the records file), so the record set of
  a run does not depend on N; only how it is cut does.
- Data order: rank r draws its batches from its shard exactly as the single-process trainer
  draws from all records, seeded with `seed + 1_000_033 * r` (rank 0 keeps the run's seed,
  so one process equals the single-process trainer). A global step is N per-rank batches of
  `batch_records` records each.
- Global loss: before the forward, every loss term's question count is all-reduced; each
  rank's term is the SUM of its question losses divided by the GLOBAL count, and the ranks'
  gradients are summed (one flat gloo all-reduce, plus a flag per parameter so a parameter
  that no rank touched keeps `grad = None`, as in one process). The step's gradient is the
  gradient of the whole global batch's loss: a rank with more decide questions carries more
  of the decide gradient.
- Optimizer: `torch.distributed.optim.ZeroRedundancyOptimizer` wrapping the trainer's AdamW
  (same groups, hyper-parameters, `foreach=False`): each rank keeps the moments of its
  partition of the parameters, steps it, and broadcasts the new values. AdamW is
  element-wise, so a partition steps exactly as in the unsharded optimizer.
- Equality with one process on the summed batch is not bitwise: one process sums the
  per-question gradients in one autograd accumulation order, N ranks sum their own then
  add the N partial sums, and float addition is not associative. The difference is rounding
  noise (tested: fp64 to 1e-12 relative, fp32 to 1e-5).
- Checkpoints: every `save_every` steps the optimizer state is consolidated on rank 0
  (`consolidate_state_dict`) and rank 0 writes the single-process checkpoint format
  (`trainer.json` adds `world_size`; its `data` fingerprint covers every rank's shard).
  Resume needs the same settings, world size and records; it ends with the same bytes as an
  uninterrupted run of that world size (tested).
"""
from __future__ import annotations

import hashlib
import json
import os
import socket
import zlib
from pathlib import Path
from typing import Callable, Sequence

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from safetensors.torch import load_file
from torch.distributed.optim import ZeroRedundancyOptimizer
from tqdm import tqdm

from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.heads import Heads

from deg_model.training.features import (FeatureRecord, attach_embeddings, embedding_table, load_cache,
                                         needs_embeddings)
from deg_model.training.objective import TERMS, share_of_global_loss, term_counts

from .pipeline import cache_features
from .run_state import (STEP_DIR, data_fingerprint, latest_checkpoint, plot_losses, save_training_checkpoint,
                        settings_record)
from .param_groups import param_groups, restrict_flag_reads
from .schedule import TrainSettings, batch_indices, lr_at
from .trainer import carries_priors, check_prior_residual

RANK_SEED_STRIDE = 1_000_033
BACKEND = "gloo"


# ---------------------------------------------------------------------- data
def shard_of(uid: str, world_size: int) -> int:
    """The rank that owns record `uid` (stable across runs, machines and Python versions)."""
    if world_size < 1:
        raise ValueError(f"world_size must be >= 1, got {world_size}")
    return zlib.crc32(uid.encode("utf-8")) % world_size


def rank_seed(seed: int, rank: int) -> int:
    return seed + RANK_SEED_STRIDE * rank


def rank_batch(shard: Sequence[FeatureRecord], settings: TrainSettings, rank: int, step: int) -> list[FeatureRecord]:
    """Rank `rank`'s records of optimizer step `step` (a pure function of seed, rank, step)."""
    idx = batch_indices(rank_seed(settings.seed, rank), len(shard), step, settings.batch_records)
    return [shard[i] for i in idx]


# ---------------------------------------------------------------------- collectives
def global_counts(batch: Sequence[FeatureRecord]) -> dict[str, int]:
    """Every term's question count summed over the ranks' batches."""
    local = term_counts(batch)
    counts = torch.tensor([local[t] for t in TERMS], dtype=torch.int64)   # [terms]
    dist.all_reduce(counts)
    return {t: int(c) for t, c in zip(TERMS, counts.tolist())}


def allreduce_gradients(heads: Heads) -> None:
    """Sum every parameter's gradient over the ranks (one flat all-reduce).

    A parameter no rank touched keeps `grad = None` (AdamW then skips it, as one process
    would); one touched by some rank gets the sum, zeros standing in for the others.
    """
    params = list(heads.parameters())
    touched = torch.tensor([p.grad is not None for p in params], dtype=torch.int64)   # [P]
    flat = torch.cat([(p.grad if p.grad is not None else torch.zeros_like(p)).reshape(-1)
                      for p in params])                                                # [sum numel]
    dist.all_reduce(touched)
    dist.all_reduce(flat)
    offset = 0
    for p, hit in zip(params, touched.tolist()):
        n = p.numel()
        p.grad = flat[offset:offset + n].view_as(p).clone() if hit else None
        offset += n


def make_zero_optimizer(heads: Heads, settings: TrainSettings) -> ZeroRedundancyOptimizer:
    """The trainer's AdamW (same groups and hyper-parameters), its state sharded over ranks."""
    return ZeroRedundancyOptimizer(param_groups(heads, settings.weight_decay), optimizer_class=torch.optim.AdamW,
                                   lr=settings.lr, betas=(0.9, 0.999), eps=1e-8, foreach=False)


def data_parallel_step(heads: Heads, opt: ZeroRedundancyOptimizer, batch: Sequence[FeatureRecord], lr: float,
                       dtype=torch.float32) -> dict[str, float]:
    """One optimizer step on the global batch (this rank holds `batch`); returns the global
    losses `{"total": ..., term: ...}` (the same on every rank)."""
    counts = global_counts(batch)
    for group in opt.param_groups:
        group["lr"] = lr
    opt.zero_grad(set_to_none=True)
    total, terms = share_of_global_loss(heads, batch, counts, dtype)
    if total.requires_grad:             # a rank whose batch has no question adds no gradient
        total.backward()
    allreduce_gradients(heads)
    opt.step()
    summary = torch.stack([total.detach(), *(terms[t].detach() for t in TERMS)]).to(torch.float64)  # [1+terms]
    dist.all_reduce(summary)
    return {"total": float(summary[0]), **{t: float(v) for t, v in zip(TERMS, summary[1:].tolist())}}


def _optimizer_names(heads: Heads, weight_decay: float) -> list[str]:
    """Parameter names in the order the optimizer's state dict indexes them (its groups)."""
    ids = {id(p): n for n, p in heads.named_parameters()}
    return [ids[id(p)] for g in param_groups(heads, weight_decay) for p in g["params"]]


def gathered_optimizer_tensors(heads: Heads, opt: ZeroRedundancyOptimizer,
                               settings: TrainSettings) -> dict[str, torch.Tensor] | None:
    """Collective: the whole optimizer state on rank 0, in the trainer's tensor format
    (None on the other ranks)."""
    opt.consolidate_state_dict(to=0)
    if dist.get_rank() != 0:
        return None
    names = _optimizer_names(heads, settings.weight_decay)
    by_name = {names[i]: st for i, st in opt.state_dict()["state"].items() if st}
    out = {}
    for name, _ in heads.named_parameters():        # the single-process file's key order
        st = by_name.get(name)
        if st:
            out[f"{name}.exp_avg"] = st["exp_avg"].detach().contiguous()
            out[f"{name}.exp_avg_sq"] = st["exp_avg_sq"].detach().contiguous()
            out[f"{name}.step"] = torch.as_tensor(st["step"], dtype=torch.float32).reshape(1)
    return out


def restore_partition(heads: Heads, opt: ZeroRedundancyOptimizer, tensors: dict[str, torch.Tensor]) -> None:
    """Load the moments of the parameters this rank's partition owns."""
    owned = {id(p) for g in opt.optim.param_groups for p in g["params"]}
    for name, p in heads.named_parameters():
        if id(p) in owned and f"{name}.exp_avg" in tensors:
            opt.optim.state[p] = {"step": tensors[f"{name}.step"].reshape(()).clone(),
                                  "exp_avg": tensors[f"{name}.exp_avg"].clone(),
                                  "exp_avg_sq": tensors[f"{name}.exp_avg_sq"].clone()}


def _gathered(value):
    out = [None] * dist.get_world_size()
    dist.all_gather_object(out, value)
    return out


# ---------------------------------------------------------------------- the run
def train_data_parallel(settings: TrainSettings, shard: Sequence[FeatureRecord], out: str | Path, *,
                        stop_after: int | None = None, progress: bool = False,
                        on_step: Callable[[int, dict], None] | None = None) -> Path:
    """Train (or resume) into `out` as this rank of the initialized process group; every rank
    passes its own shard. Returns the last checkpoint directory (on every rank)."""
    if not dist.is_initialized():
        raise RuntimeError("train_data_parallel needs an initialized torch.distributed process group")
    sizes = _gathered(len(shard))
    if min(sizes) == 0:
        raise ValueError(f"every rank needs training records; shard sizes by rank: {sizes}")
    check_prior_residual(settings, any(_gathered(carries_priors(shard))))     # the same on every rank
    threads = torch.get_num_threads()
    torch.set_num_threads(settings.threads)
    try:
        with torch.enable_grad():
            return _train(settings, shard, Path(out), stop_after, progress, on_step)
    finally:
        torch.set_num_threads(threads)


def _train(settings, shard, out: Path, stop_after, progress, on_step) -> Path:
    rank, world = dist.get_rank(), dist.get_world_size()
    fingerprint = hashlib.sha256("\n".join(_gathered(data_fingerprint(shard))).encode()).hexdigest()
    out.mkdir(parents=True, exist_ok=True)
    if settings.train_only or settings.offsets_still:
        raise ValueError("data-parallel runs train every head and offset; train_only and offsets_still run "
                         "in one process")
    if settings.lora_rank or settings.init_from:
        raise ValueError("data-parallel runs train heads only (no lora_rank, no init_from); run LoRA in one process")
    heads = fresh_heads(int(shard[0].ctx.shape[1]), seed=settings.seed, context=settings.context)
    if settings.contextual_reads or settings.contextual_pointer:
        restrict_flag_reads(heads, pointer=settings.contextual_pointer)
    heads.train()
    opt = make_zero_optimizer(heads, settings)
    start, history = 0, []
    last = latest_checkpoint(out)
    if last is not None:
        state = json.loads((last / "trainer.json").read_text())
        if state["settings"] != json.loads(json.dumps(settings_record(settings))):
            raise ValueError(f"{last}: checkpoint was trained with other settings {state['settings']}")
        if state.get("world_size", 1) != world:
            raise ValueError(f"{last}: checkpoint belongs to a {state.get('world_size', 1)}-process run, not {world}")
        if state.get("data") != fingerprint:
            raise ValueError(f"{last}: checkpoint was trained on other records (data fingerprint differs)")
        _, loaded, _ = load_checkpoint(last)
        heads.load_state_dict(loaded.state_dict())
        restore_partition(heads, opt, load_file(str(last / "optimizer.safetensors")))
        start, history = state["step"], state["history"]
    for p in heads.parameters():        # one model on every rank, whatever its start
        dist.broadcast(p.data, src=0)
    dist.barrier()                      # every rank has read `last` before rank 0 writes
    end = settings.steps if stop_after is None else min(settings.steps, stop_after)
    bar = None
    if progress and rank == 0:
        bar = tqdm(total=settings.steps, initial=start, desc=f"train x{world}", unit="step")
    saved = start if last is not None else None
    for step in range(start, end):
        losses = data_parallel_step(heads, opt, rank_batch(shard, settings, rank, step), lr_at(settings, step))
        entry = {"step": step + 1, **losses, "lr": lr_at(settings, step)}
        history.append(entry)
        if bar is not None:
            bar.update(1)
            bar.set_postfix(loss=f"{entry['total']:.3f}")
        if on_step is not None and rank == 0:
            on_step(step + 1, entry)
        done = step + 1
        if done % settings.save_every == 0 or done == settings.steps or done == end:
            _save(out, settings, heads, opt, done, history, shard, fingerprint)
            saved = done
    if bar is not None:
        bar.close()
    if saved is None:
        raise ValueError(f"{out}: nothing to train (stop_after={stop_after}) and no checkpoint to resume")
    return out / STEP_DIR.format(saved)


def _save(out: Path, settings, heads: Heads, opt, step: int, history, shard, fingerprint: str) -> None:
    tensors = gathered_optimizer_tensors(heads, opt, settings)     # collective
    if dist.get_rank() == 0:
        save_training_checkpoint(out, settings, heads.eval(), None, step, history, shard,
                                 optimizer_tensors=tensors, fingerprint=fingerprint,
                                 extra={"world_size": dist.get_world_size()})
        heads.train()
        plot_losses(history, out / "loss.png")
    dist.barrier()                      # no rank reads or resumes before the write is done


# ---------------------------------------------------------------------- launching
def init_process_group(rank: int, world_size: int, master_addr: str, master_port: int) -> None:
    dist.init_process_group(BACKEND, init_method=f"tcp://{master_addr}:{master_port}", rank=rank,
                            world_size=world_size)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawn(world_size: int, fn: Callable, *args) -> None:
    """Run `fn(*args)` in `world_size` fresh processes joined in one gloo group on loopback.

    `fn` must be importable (module level). A failure on any rank raises here.
    """
    if world_size < 1:
        raise ValueError(f"world_size must be >= 1, got {world_size}")
    mp.start_processes(_spawned, args=(world_size, free_port(), fn, args), nprocs=world_size,
                       start_method="spawn", join=True)


def _spawned(rank: int, world_size: int, port: int, fn: Callable, args: tuple) -> None:
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    init_process_group(rank, world_size, "127.0.0.1", port)
    try:
        fn(*args)
    finally:
        dist.destroy_process_group()


def run_data_parallel_training(out: str | Path, settings: TrainSettings, *, features: str | Path | None = None,
                               records: str | Path | None = None, limit: int | None = None,
                               stop_after: int | None = None, progress: bool = False,
                               on_step: Callable[[int, dict], None] | None = None) -> Path:
    """This rank's part of a training run from files (the process group is initialized).

    With `records`, each rank caches its own shard's features under
    `<out>/features/train-shard-<r>-of-<N>` (in parallel, no shared index file).
    """
    rank, world = dist.get_rank(), dist.get_world_size()

    def mine(uid: str) -> bool:
        return shard_of(uid, world) == rank

    if features is None:
        if records is None:
            raise ValueError("give the training records (--records) or a feature cache (--features)")
        features = cache_features(records, "train", Path(out) / "features" / f"train-shard-{rank}-of-{world}",
                                  array_mode=settings.array_mode, seed=settings.seed, limit=limit,
                                  progress=progress and rank == 0, select=lambda r: mine(r["uid"]),
                                  prior_residual=settings.prior_residual)
    shard = load_cache(features, select=mine)
    if settings.context != "hidden" and needs_embeddings(shard):
        attach_embeddings(shard, embedding_table(settings.backbone))
    return train_data_parallel(settings, shard, out, stop_after=stop_after, progress=progress, on_step=on_step)


def spawn_training(world_size: int, out: str | Path, settings: TrainSettings, *, features=None, records=None,
                   limit: int | None = None, stop_after: int | None = None, progress: bool = False) -> Path:
    """`train --world-size N`: the whole run in N spawned processes; returns the last checkpoint."""
    spawn(world_size, _spawned_training, str(out), settings, None if features is None else str(features),
          None if records is None else str(records), limit, stop_after, progress)
    last = latest_checkpoint(Path(out))
    if last is None:
        raise RuntimeError(f"{out}: the run ended without a checkpoint")
    return last


def _spawned_training(out, settings, features, records, limit, stop_after, progress) -> None:
    run_data_parallel_training(out, settings, features=features, records=records, limit=limit,
                               stop_after=stop_after, progress=progress)
