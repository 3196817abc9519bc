"""Data-parallel training with gloo on loopback: two ranks equal one process on the summed
batch (gradients and updated weights), replicas stay bitwise equal, checkpoints written by
rank 0 in the single-process format, and a resumed 2-process run ends with the same bytes.

Tolerances: the global gradient is the same sum of per-question gradients, but one process
accumulates it in one autograd order while two ranks add two partial sums, and float addition
is not associative. fp64: max |diff| <= 1e-12 x max |value| per tensor; fp32: 1e-5 (a few
units of fp32 rounding on sums of tens of terms). AdamW then maps equal gradients to equal
updates elementwise, so the weights agree to the same order.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from deg_model.checkpoint import fresh_heads
from services.training.__main__ import main
from services.training.distributed import (data_parallel_step, make_zero_optimizer, rank_batch, rank_seed,
                                           shard_of, spawn, spawn_training)
from deg_model.training.features import FeatureQuestion, FeatureRecord, load_cache, save_cache
from deg_model.training.objective import batch_loss, share_of_global_loss, term_counts
from services.training.trainer import TrainSettings, lr_at, make_optimizer
from test_train_trainer import synthetic_records

H = 16
WORLD = 2
SETTINGS = TrainSettings(steps=3, batch_records=3, warmup=1, lr=3e-3, seed=5)
TOL = {torch.float64: 1e-12, torch.float32: 1e-5}


def uneven_records(n: int = 12) -> list[FeatureRecord]:
    """Records with different question mixes (some have no count or anchor question, some a
    score question), so the ranks' per-term counts differ and some parameters get gradients
    on one rank only."""
    out = []
    g = torch.Generator().manual_seed(9)
    for k, rec in enumerate(synthetic_records(n, seed=3)):
        qs = [q for i, q in enumerate(rec.questions) if not (k % 3 == 0 and q.kind in ("count", "anchor"))]
        if k % 4 == 1:
            qs.append(FeatureQuestion("score", "/s", torch.randn(H, generator=g), torch.randn(4, H, generator=g),
                                      target=k % 4))
        out.append(FeatureRecord(rec.uid, rec.ctx, qs, ctx_emb=rec.ctx_emb))
    return out


def _shard(records, rank):
    return [r for r in records if shard_of(r.uid, WORLD) == rank]


def _rank_equivalence(tmp: str, dtype_name: str) -> None:
    """Runs in each of the two ranks: two optimizer steps, then dumps grads and weights."""
    import torch.distributed as dist
    dtype = getattr(torch, dtype_name)
    rank = dist.get_rank()
    shard = _shard(uneven_records(), rank)
    heads = fresh_heads(H, seed=3).to(dtype)
    opt = make_zero_optimizer(heads, SETTINGS)
    dump = {"steps": []}
    for step in range(2):
        losses = data_parallel_step(heads, opt, rank_batch(shard, SETTINGS, rank, step), lr_at(SETTINGS, step), dtype)
        dump["steps"].append({
            "losses": losses,
            "grads": {n: None if p.grad is None else p.grad.clone() for n, p in heads.named_parameters()},
            "weights": {n: p.detach().clone() for n, p in heads.named_parameters()}})
    torch.save(dump, Path(tmp) / f"rank{rank}.pt")


def _one_process_reference(dtype):
    """One process, one AdamW, on the concatenation of both ranks' batches at every step."""
    records = uneven_records()
    shards = [_shard(records, r) for r in range(WORLD)]
    heads = fresh_heads(H, seed=3).to(dtype)
    opt = make_optimizer(heads, SETTINGS)
    steps = []
    for step in range(2):
        batch = [rec for r in range(WORLD) for rec in rank_batch(shards[r], SETTINGS, r, step)]
        for group in opt.param_groups:
            group["lr"] = lr_at(SETTINGS, step)
        opt.zero_grad(set_to_none=True)
        total, terms = batch_loss(heads, batch, dtype)
        total.backward()
        opt.step()
        steps.append({"losses": {"total": float(total), **{t: float(v) for t, v in terms.items()}},
                      "grads": {n: None if p.grad is None else p.grad.clone() for n, p in heads.named_parameters()},
                      "weights": {n: p.detach().clone() for n, p in heads.named_parameters()}})
    return steps


def _close(a: torch.Tensor, b: torch.Tensor, tol: float) -> bool:
    return float((a - b).abs().max()) <= tol * max(float(b.abs().max()), 1e-30)


def _close_weights(a: torch.Tensor, b: torch.Tensor, tol: float, tiny: torch.Tensor | None, bound: float) -> bool:
    """Weights after AdamW steps: equal within `tol`, except elements whose reference gradient
    was within rounding of zero at some step (`tiny`): Adam moves such an element by about
    lr * sign(g), so fp32 rounding noise in a ~0 gradient (reduction order differs between one
    process and two ranks) can flip its direction; those may differ by at most `bound`."""
    diff = (a - b).abs()
    ok = diff <= tol * max(float(b.abs().max()), 1e-30)
    if tiny is not None:
        ok = ok | (tiny & (diff <= bound))
    return bool(ok.all())


def test_shards_are_stable_disjoint_and_cover_every_record():
    uids = [f"rec-{i}" for i in range(200)]
    owners = [shard_of(u, 3) for u in uids]
    assert owners == [shard_of(u, 3) for u in uids]
    assert set(owners) == {0, 1, 2}
    assert all(shard_of(u, 1) == 0 for u in uids)
    assert rank_seed(7, 0) == 7 and rank_seed(7, 1) != rank_seed(7, 0)
    with pytest.raises(ValueError, match="world_size"):
        shard_of("x", 0)


def test_shares_of_the_global_loss_sum_to_the_batch_loss():
    records = uneven_records()
    heads = fresh_heads(H, seed=3).double()
    parts = [records[:5], records[5:]]
    counts = {t: sum(term_counts(p)[t] for p in parts) for t in term_counts(records)}
    shares = [share_of_global_loss(heads, p, counts, torch.float64)[0] for p in parts]
    whole = batch_loss(heads, records, torch.float64)[0]
    assert abs(float(sum(shares).detach() - whole.detach())) <= 1e-12 * abs(float(whole.detach()))
    with pytest.raises(ValueError, match="global decide count"):
        share_of_global_loss(heads, records, {**counts, "decide": 1}, torch.float64)


@pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
def test_two_ranks_equal_one_process_on_the_summed_batch(tmp_path, dtype):
    spawn(WORLD, _rank_equivalence, str(tmp_path), str(dtype).removeprefix("torch."))
    ranks = [torch.load(tmp_path / f"rank{r}.pt", weights_only=False) for r in range(WORLD)]
    reference = _one_process_reference(dtype)
    tol = TOL[dtype]
    touched_once = False
    tiny: dict[str, torch.Tensor] = {}
    for step, ref in enumerate(reference):
        got = ranks[0]["steps"][step]
        for name, w in ref["weights"].items():
            # Replicas are bitwise equal: every rank holds the broadcast result of the owner's step.
            assert torch.equal(got["weights"][name], ranks[1]["steps"][step]["weights"][name]), name
            g_ref, g = ref["grads"][name], got["grads"][name]
            if dtype == torch.float32 and g_ref is not None:
                near_zero = g_ref.abs() <= 1e-3 * float(g_ref.abs().max())
                tiny[name] = near_zero if name not in tiny else tiny[name] | near_zero
            bound = 2.5 * SETTINGS.lr * (step + 1)
            assert _close_weights(got["weights"][name], w, tol, tiny.get(name), bound), (step, name)
            assert (g_ref is None) == (g is None), (step, name)
            if g is not None:
                assert _close(g, g_ref, tol), (step, name, float((g - g_ref).abs().max()))
        touched_once |= ref["grads"]["score.q.weight"] is not None
        for key, value in ref["losses"].items():
            assert got["losses"][key] == pytest.approx(value, rel=tol * 10, abs=tol)
        assert got["losses"] == ranks[1]["steps"][step]["losses"]
    assert touched_once, "no score question was drawn: the one-rank-only gradient path went untested"
    # The weights moved: the comparison is not between two untouched initializations.
    init = dict(fresh_heads(H, seed=3).to(dtype).named_parameters())
    assert any(not torch.equal(init[n].detach(), w) for n, w in reference[-1]["weights"].items())


def _bytes(d: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(d.iterdir())}


def test_two_process_run_checkpoints_like_one_process_and_resumes_to_the_same_bytes(tmp_path, capsys):
    records = uneven_records()
    save_cache(tmp_path / "features", records, identity={"synthetic": True})
    assert [r.uid for r in load_cache(tmp_path / "features", select=lambda u: shard_of(u, WORLD) == 1)] == \
           [r.uid for r in _shard(records, 1)]
    settings = TrainSettings(steps=4, batch_records=2, warmup=1, save_every=2, seed=6)
    flags = ["--features", str(tmp_path / "features"), "--steps", "4", "--batch-records", "2", "--warmup", "1",
             "--save-every", "2", "--seed", "6", "--world-size", "2"]
    assert main(["train", "--out", str(tmp_path / "straight"), *flags]) == 0
    straight = tmp_path / "straight" / "step-000004"
    assert capsys.readouterr().out.strip().endswith(str(straight))
    half = spawn_training(WORLD, tmp_path / "resumed", settings, features=tmp_path / "features", stop_after=2)
    assert half.name == "step-000002"
    assert main(["train", "--out", str(tmp_path / "resumed"), *flags]) == 0
    resumed = tmp_path / "resumed" / "step-000004"
    a, b = _bytes(straight), _bytes(resumed)
    assert a.keys() == {"deg.json", "heads.safetensors", "optimizer.safetensors", "trainer.json"}
    assert a == b
    state = json.loads(a["trainer.json"])
    assert state["world_size"] == 2 and [h["step"] for h in state["history"]] == [1, 2, 3, 4]
    from safetensors.torch import load_file
    moments = load_file(str(straight / "optimizer.safetensors"))
    assert {k.rsplit(".", 1)[0] for k in moments if k.endswith(".exp_avg")} >= {"choice.q.weight", "noul.weight"}
    assert (tmp_path / "straight" / "loss.png").is_file()
    # A 2-process checkpoint is not resumed by one process (its data order differs).
    from services.training.trainer import train
    with pytest.raises(ValueError, match="2-process run"):
        train(settings, records, tmp_path / "resumed")
