"""LoRA that reads the context too (contract 12.7 `--lora-context`), on a tiny random llama with
the embedded tokenizer: the cached trunk input resumes to the prefill's K/V and hidden, a context
adapter moves the trunk the same way in training and serving, training learns (the context
adapter included) from a lazily read cache and resumes to the same bytes, a SIGTERM-style stop
checkpoints, and the gradient through the re-read context matches central differences."""
from __future__ import annotations

import dataclasses
import json

import pytest
import torch

from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.lora import CONTEXT, LoraAdapters, LoraConfig, load_adapters
from deg_model.training.adapted import adapted_record, adapted_trunk
from deg_model.training.features import LazyCache, attach_embeddings, save_cache
from deg_model.training.objective import batch_loss
from degdata import generate
from services.training.examples import ExampleBuilder, training_runtime
from services.training.features import record_features
from services.training.trainer import TrainSettings, train

from tiny_llama import tiny_llama_backbone

ADAPT_FROM = 1
NAMES = ("decide", "extract", CONTEXT)


@pytest.fixture(scope="module")
def backbone():
    return tiny_llama_backbone(layers=3)


def _records(backbone, n=3, dtype=None):
    records = sorted(generate(3, 14, split="train"), key=lambda r: len(r["context"]))[:n]
    builder = ExampleBuilder(training_runtime(backbone, array_mode="anchor"), seed=0)
    out = [record_features(backbone, builder, r, adapt_from=ADAPT_FROM, max_forks=10, adapt_context=True)
           for r in records]
    attach_embeddings(out, backbone.weights["embed"])
    return out


@pytest.fixture(scope="module")
def cached(backbone):
    return _records(backbone)


def _adapters(backbone, b_scale=0.0, seed=0, dtype=torch.float32, only=None):
    layers = tuple(range(ADAPT_FROM, len(backbone.spec.layer_kinds)))
    adapters = LoraAdapters.for_backbone(LoraConfig(rank=2, alpha=4.0, adapters=NAMES, layers=layers),
                                         backbone, seed=seed).to(dtype)
    if b_scale:
        g = torch.Generator().manual_seed(seed + 1)
        r = adapters.config.rank
        with torch.no_grad():
            for name, p in adapters.named_parameters():
                if name.endswith("_B"):
                    noise = b_scale * torch.randn(p.shape, generator=g, dtype=torch.float64).to(dtype)
                    if only is not None:
                        k = adapters.index(only)
                        mask = torch.zeros_like(noise)
                        mask[:, k * r:(k + 1) * r] = 1
                        noise = noise * mask
                    p.copy_(noise)
    return adapters


def test_cache_keeps_the_trunk_input_not_its_kv(cached):
    rec = cached[0]
    assert rec.kv is None and rec.trunk_h0 is not None and rec.adapt_from == ADAPT_FROM
    assert rec.trunk_h0.shape[0] == rec.trunk_length and rec.ctx_index.shape[0] == rec.ctx.shape[0]
    assert all(q.h0 is not None for q in rec.questions)
    # training re-reads every row from the first adapted layer: the rows stopped there
    assert all(q.a is None and q.o is None for q in rec.questions)
    with pytest.raises(ValueError, match="read it with adapters"):
        adapted_record(None, None, rec, grad=False)


def test_resumed_trunk_is_the_prefill_and_zero_adapters_are_the_base(backbone, cached):
    """Resuming the cached trunk input with B = 0 adapters gives the prefill's K/V of the
    adapted layers, its hidden rows, and what the base model's full-depth fork of every
    question reads (the cache's rows stopped at the first adapted layer)."""
    rec = cached[0]
    record = sorted(generate(3, 14, split="train"), key=lambda r: len(r["context"]))[0]
    built = ExampleBuilder(training_runtime(backbone, array_mode="anchor"), seed=0).build(record)
    with torch.no_grad():
        state = adapted_trunk(backbone, _adapters(backbone), rec, grad=False)
        again = adapted_record(backbone, _adapters(backbone), rec, grad=False)
        full = backbone.fork_many([(backbone.prefill(built.trunk.ids), [q.ids for q in rec.questions])])
    assert torch.allclose(state.hidden[rec.ctx_index].float(), rec.ctx, rtol=0, atol=1e-5)
    assert torch.allclose(again.ctx, rec.ctx, rtol=0, atol=1e-5)
    for r, (q, x) in enumerate(zip(rec.questions, again.questions)):
        assert torch.allclose(full.normed[r, q.answer].float(), x.a.float(), rtol=0, atol=1e-5)
        if q.options:
            assert torch.allclose(full.normed[r, list(q.options)].float(), x.o.float(), rtol=0, atol=1e-5)


def test_context_adapter_reads_the_trunk_alike_in_training_and_serving(backbone):
    """`prefill(ids, adapters)` (serving) and `resume_trunk(captured input, adapters)`
    (training) give the same adapted K/V and hidden; only the context adapter moves a trunk."""
    gen = torch.Generator().manual_seed(3)
    ids = torch.randint(0, 49152, (41,), generator=gen)
    trained = _adapters(backbone, b_scale=0.5)
    served = backbone.prefill(ids, adapters=trained)
    base, h0 = backbone.prefill_captured(ids, ADAPT_FROM)
    assert torch.equal(base.hidden, backbone.prefill(ids).hidden)          # capturing changes nothing
    resumed = backbone.resume_trunk(h0, ADAPT_FROM, adapters=trained)
    assert not torch.allclose(served.hidden, base.hidden, atol=1e-4)
    assert torch.allclose(resumed.hidden, served.hidden, rtol=0, atol=1e-5)
    for layer in range(ADAPT_FROM, 3):
        assert torch.allclose(resumed.kv[layer].keys, served.kv[layer].keys, rtol=0, atol=1e-5)
    # fork adapters alone (no context adapter trained) leave the trunk bitwise the base
    forks_only = _adapters(backbone, b_scale=0.5, only="decide")
    assert torch.equal(backbone.prefill(ids, adapters=forks_only).hidden, base.hidden)
    # serving twice: bitwise the same
    assert torch.equal(backbone.prefill(ids, adapters=trained).hidden, served.hidden)


def test_training_adapts_the_context_and_resumes_to_the_same_bytes(backbone, cached, tmp_path):
    save_cache(tmp_path / "feats", cached, {"adapt_from": ADAPT_FROM, "adapt_context": True})
    lazy = LazyCache(tmp_path / "feats", backbone.weights["embed"])
    assert len(lazy) == 3 and lazy.uids == [r.uid for r in cached]
    s = TrainSettings(steps=6, batch_records=2, warmup=1, save_every=3, seed=1, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor", val_features=str(tmp_path / "feats"))
    straight = train(s, lazy, tmp_path / "a", backbone=backbone)
    half = train(s, lazy, tmp_path / "b", backbone=backbone, stop_after=3)
    assert half.name == "step-000003"
    resumed = train(s, lazy, tmp_path / "b", backbone=backbone)
    files = sorted(p.name for p in straight.iterdir())
    assert "adapters.safetensors" in files and files == sorted(p.name for p in resumed.iterdir())
    for name in files:
        assert (straight / name).read_bytes() == (resumed / name).read_bytes(), name
    config, heads, tensors = load_checkpoint(straight)
    assert tuple(config.lora["adapters"]) == NAMES
    adapters = load_adapters(tensors, LoraConfig.from_dict(config.lora))
    r = adapters.config.rank
    k = adapters.index(CONTEXT)
    assert any(float(p.detach()[:, k * r:(k + 1) * r].abs().max()) > 0
               for n, p in adapters.named_parameters() if n.endswith("_B")), "the context adapter learned nothing"
    # the run's log: a line per step with its tokens, a validation line per checkpoint
    rows = [json.loads(line) for line in (tmp_path / "a" / "log.jsonl").read_text().splitlines()]
    steps = [row for row in rows if "tokens" in row]
    vals = [row for row in rows if "val" in row]
    assert [row["step"] for row in steps] == [1, 2, 3, 4, 5, 6] and all(row["tokens"] > 0 for row in steps)
    assert [row["step"] for row in vals] == [3, 6] and vals[1]["val"]["total"] < vals[0]["val"]["total"] + 1.0
    first = train(dataclasses.replace(s, steps=1, save_every=1, val_features=None), lazy, tmp_path / "c",
                  backbone=backbone)
    with torch.no_grad():
        c1, h1, t1 = load_checkpoint(first)
        before = batch_loss(h1, [adapted_record(backbone, load_adapters(t1, adapters.config), x, grad=False)
                                 for x in cached])[0]
        after = batch_loss(heads, [adapted_record(backbone, adapters, x, grad=False) for x in cached])[0]
    assert float(after) < float(before)


def test_a_stop_request_checkpoints_the_step_and_resumes(backbone, cached, tmp_path, monkeypatch):
    """A SIGTERM during a run: the step under way finishes, a checkpoint is written there, and
    the same command resumes to the bytes of an uninterrupted run."""
    import services.training.runlog as runlog

    s = TrainSettings(steps=4, batch_records=2, warmup=1, save_every=4, seed=2, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    straight = train(s, cached, tmp_path / "a", backbone=backbone)
    calls = {"n": 0}
    real_step = runlog.RunLog.step

    def step_then_stop(self, entry, batch):
        real_step(self, entry, batch)
        calls["n"] += 1
        if calls["n"] == 2:
            self._on_signal(15, None)
    monkeypatch.setattr(runlog.RunLog, "step", step_then_stop)
    stopped = train(s, cached, tmp_path / "b", backbone=backbone)
    assert stopped.name == "step-000002"
    monkeypatch.setattr(runlog.RunLog, "step", real_step)
    resumed = train(s, cached, tmp_path / "b", backbone=backbone)
    for name in sorted(p.name for p in straight.iterdir()):
        assert (straight / name).read_bytes() == (resumed / name).read_bytes(), name


def test_gradient_through_the_reread_context_matches_central_differences():
    bb = tiny_llama_backbone(layers=3, dtype=torch.float64)
    rec = _records(bb, n=1)[0]
    rec = dataclasses.replace(rec, ctx=rec.ctx.double(), ctx_emb=rec.ctx_emb.double())
    heads = fresh_heads(32, seed=3, head_dim=8).double()
    adapters = _adapters(bb, b_scale=0.3, dtype=torch.float64)

    def loss() -> torch.Tensor:
        return batch_loss(heads, [adapted_record(bb, adapters, rec, grad=True)], dtype=torch.float64)[0]

    with torch.enable_grad():
        params = dict(adapters.named_parameters())
        grads = torch.autograd.grad(loss(), list(params.values()))
    r, k = adapters.config.rank, adapters.index(CONTEXT)
    # eps 3e-3, relative 2e-3: the loss carries ~1e-9 noise in float64 on the CPU (measured),
    # which swamps a 1e-6 difference quotient (a missing or wrong gradient term is far larger)
    eps, checked = 3e-3, 0
    g = torch.Generator().manual_seed(5)
    for (name, p), grad in zip(params.items(), grads):
        # the context adapter's own entries: its rows of A, its columns of B
        lo = k * r
        idx = ((lo + int(torch.randint(r, (1,), generator=g)), int(torch.randint(p.shape[1], (1,), generator=g)))
               if name.endswith("_A") else
               (int(torch.randint(p.shape[0], (1,), generator=g)), lo + int(torch.randint(r, (1,), generator=g))))
        with torch.no_grad():
            old = p[idx].item()
            p[idx] = old + eps
            up = float(loss())
            p[idx] = old - eps
            down = float(loss())
            p[idx] = old
        numeric = (up - down) / (2 * eps)
        assert abs(numeric - float(grad[idx])) <= 2e-3 * abs(numeric) + 1e-6, (name, idx, numeric, float(grad[idx]))
        checked += 1
    assert checked == len(params)
    assert any(float(grad[:, k * r:(k + 1) * r].abs().max()) > 0 for (n, _), grad in zip(params.items(), grads)
               if n.endswith("_B"))


def test_a_run_carried_as_weights_alone_resumes_at_its_step_and_rewarms(backbone, cached, tmp_path):
    """A step directory without its optimizer state (what a run commits to move to another
    machine) resumes at its step: the heads and adapters it carried, the same data order and
    schedule, the learning rate ramped back from zero over `REWARM_STEPS`, and the run learns on."""
    import shutil

    from services.training.trainer import REWARM_STEPS, lr_at

    s = TrainSettings(steps=4 + REWARM_STEPS, batch_records=2, warmup=1, save_every=2, seed=3, lr=3e-3,
                      lora_rank=2, lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    first = train(s, cached, tmp_path / "a", backbone=backbone, stop_after=2)
    carried = tmp_path / "b" / first.name
    shutil.copytree(first, carried)
    (carried / "optimizer.safetensors").unlink()
    last = train(s, cached, tmp_path / "b", backbone=backbone)
    assert last.name == f"step-{s.steps:06d}"
    history = json.loads((last / "trainer.json").read_text())["history"]
    assert [h["step"] for h in history] == list(range(1, s.steps + 1))
    assert history[:2] == json.loads((first / "trainer.json").read_text())["history"]
    for k, h in enumerate(history[2:]):
        step = 2 + k
        assert h["lr"] == pytest.approx(lr_at(s, step) * min(1.0, (k + 1) / REWARM_STEPS))
    _, h0, t0 = load_checkpoint(first)
    _, h1, t1 = load_checkpoint(last)
    assert any(not torch.equal(a, b) for a, b in zip(h0.state_dict().values(), h1.state_dict().values()))
    assert t0.keys() == t1.keys() and any(not torch.equal(t0[k], t1[k]) for k in t0)


def test_a_new_run_starts_from_a_checkpoints_heads_and_adapters_and_widens_what_they_read(backbone, cached, tmp_path):
    """`init_from` a run's step: its heads and adapters are where the new run starts (its first
    loss is the step's own on that batch), heads reading `hidden+embed` start `hidden+embed+next`
    ones exactly, and the next token's columns then learn; adapters of another shape are refused."""
    from services.training.trainer import batch_indices

    s = TrainSettings(steps=2, batch_records=2, warmup=1, save_every=2, seed=3, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    first = train(s, cached, tmp_path / "a", backbone=backbone)
    _, h0, t0 = load_checkpoint(first)
    wide = dataclasses.replace(s, context="hidden+embed+next", init_from=str(first), steps=3, save_every=3)
    last = train(wide, cached, tmp_path / "b", backbone=backbone)
    batch = [cached[i] for i in batch_indices(wide.seed, len(cached), 0, wide.batch_records)]
    with torch.no_grad():
        adapters0 = load_adapters(t0, LoraConfig.from_dict(load_checkpoint(first)[0].lora))
        expected = batch_loss(h0, [adapted_record(backbone, adapters0, x, grad=False) for x in batch])[0]
    history = json.loads((last / "trainer.json").read_text())["history"]
    assert history[0]["total"] == pytest.approx(float(expected), rel=1e-5)
    _, h1, _ = load_checkpoint(last)
    assert h1.context == "hidden+embed+next"
    hidden = h1.hidden
    assert float(h1.state_dict()["ke.weight"][:, 2 * hidden:].abs().max()) > 0   # the next token's columns learned
    with pytest.raises(ValueError, match="adapters"):
        train(dataclasses.replace(wide, lora_rank=3, lora_alpha=6.0), cached, tmp_path / "c", backbone=backbone)


def test_a_resumed_run_reads_its_own_step_whatever_became_of_its_init(backbone, cached, tmp_path):
    import shutil

    s = TrainSettings(steps=2, batch_records=2, warmup=1, save_every=2, seed=3, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    init = train(s, cached, tmp_path / "a", backbone=backbone)
    kept = tmp_path / "init"
    shutil.copytree(init, kept)
    run = dataclasses.replace(s, init_from=str(kept), steps=4, save_every=2)
    straight = train(run, cached, tmp_path / "b", backbone=backbone)
    train(run, cached, tmp_path / "c", backbone=backbone, stop_after=2)
    shutil.rmtree(kept)  # the init step gone: the resume does not need it
    resumed = train(run, cached, tmp_path / "c", backbone=backbone)
    for name in ("heads.safetensors", "adapters.safetensors"):
        assert (straight / name).read_bytes() == (resumed / name).read_bytes(), name


def test_a_run_resumes_when_its_init_is_named_by_another_path(backbone, cached, tmp_path):
    """A carried run is resumed on a machine where its start lives elsewhere (a copy): the step
    is the same, and its record keeps the path the run started from."""
    import shutil

    s = TrainSettings(steps=2, batch_records=2, warmup=1, save_every=2, seed=3, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    init = train(s, cached, tmp_path / "a", backbone=backbone)
    kept, copy = tmp_path / "init", tmp_path / "carried" / "init"
    shutil.copytree(init, kept)
    shutil.copytree(init, copy)
    run = dataclasses.replace(s, init_from=str(kept), steps=4, save_every=2)
    straight = train(run, cached, tmp_path / "b", backbone=backbone)
    train(run, cached, tmp_path / "c", backbone=backbone, stop_after=2)
    resumed = train(dataclasses.replace(run, init_from=str(copy)), cached, tmp_path / "c", backbone=backbone)
    for name in ("heads.safetensors", "adapters.safetensors", "trainer.json"):
        assert (straight / name).read_bytes() == (resumed / name).read_bytes(), name
    assert json.loads((resumed / "trainer.json").read_text())["settings"]["init_from"] == str(kept)
    with pytest.raises(ValueError, match="other settings"):
        train(dataclasses.replace(run, init_from=str(copy), lr=1e-3), cached, tmp_path / "c", backbone=backbone)


def test_a_reader_only_continuation_keeps_the_adapters_and_other_heads_and_moves_the_reader(backbone, cached, tmp_path):
    """`train_only="reader"` from a step with adapters: the adapters and every head outside the flag
    reader come out bitwise as they went in; the reader
    learns from the decided fields' evidence."""
    s = TrainSettings(steps=2, batch_records=2, warmup=1, save_every=2, seed=3, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    first = train(s, cached, tmp_path / "a", backbone=backbone)
    _, h0, t0 = load_checkpoint(first)
    only = dataclasses.replace(s, init_from=str(first), steps=3, save_every=3, train_only="reader",
                               evidence_weight=1.0, reads_weight=1.0, contextual_reads=True)
    _, h1, t1 = load_checkpoint(train(only, cached, tmp_path / "b", backbone=backbone))
    assert t1.keys() == t0.keys() and all(torch.equal(t1[k], t0[k]) for k in t0)
    before, after = h0.state_dict(), h1.state_dict()
    moved = {n for n in before if not torch.equal(before[n], after[n])}
    assert {"evidence.q.weight", "flag_value.weight"} <= moved
    assert all(n.startswith(("evidence.", "flag_query.", "flag_value.", "noul.")) for n in moved), moved


def test_a_decide_only_continuation_moves_the_decide_adapter_alone_and_keeps_spans_and_arrays(backbone, cached,
                                                                                             tmp_path):
    """`train_only="decide"`: the decide adapter's rows and columns move, the context and extract
    adapters' come out bitwise as they went in, every head outside the decided ones too; the
    extract, count and anchor questions read exactly what they read before the run."""
    s = TrainSettings(steps=2, batch_records=2, warmup=1, save_every=2, seed=3, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    first = train(s, cached, tmp_path / "a", backbone=backbone)
    _, h0, t0 = load_checkpoint(first)
    only = dataclasses.replace(s, init_from=str(first), steps=3, save_every=3, train_only="decide",
                               evidence_weight=1.0, reads_weight=1.0)
    _, h1, t1 = load_checkpoint(train(only, cached, tmp_path / "b", backbone=backbone))
    r = 2
    block = {name: slice(i * r, (i + 1) * r) for i, name in enumerate(NAMES)}
    for key in t0:
        cut = (lambda t, b: t[b]) if key.endswith("lora_A") else (lambda t, b: t[:, b])
        for name, b in block.items():
            if name != "decide":
                assert torch.equal(cut(t1[key], b), cut(t0[key], b)), (key, name)
    assert any(not torch.equal(t1[k][:, block["decide"]], t0[k][:, block["decide"]]) for k in t0 if k.endswith("lora_B"))
    before, after = h0.state_dict(), h1.state_dict()
    moved = {n for n in before if not torch.equal(before[n], after[n])}
    assert {"noul.weight", "choice.q.weight", "evidence.q.weight"} <= moved, moved
    assert all(n.startswith(("evidence.", "flag_query.", "flag_value.", "noul.", "choice.", "score.", "option_"))
               for n in moved), moved
    a0, a1 = load_adapters(t0, _adapters(backbone).config), load_adapters(t1, _adapters(backbone).config)
    pairs = [(q, p) for rec in cached for q, p in zip(adapted_record(backbone, a0, rec, grad=False).questions,
                                                       adapted_record(backbone, a1, rec, grad=False).questions)]
    assert all(torch.equal(adapted_record(backbone, a0, rec, grad=False).ctx,
                           adapted_record(backbone, a1, rec, grad=False).ctx) for rec in cached)
    kept = [(q, p) for q, p in pairs if q.kind in ("extract", "count", "anchor")]
    assert kept and all(torch.equal(q.a, p.a) for q, p in kept)
    decided = [(q, p) for q, p in pairs if q.kind in ("choice", "score", "noul")]
    assert decided and any(not torch.equal(q.a, p.a) for q, p in decided)


def test_a_spans_only_continuation_moves_the_span_pointer_and_null_head_alone(backbone, cached, tmp_path):
    """`train_only="spans"`: every adapter and every head outside the span pointer and the null head
    come out bitwise as they went in, so every question (count and anchor rows included) reads what
    it read before the run; the span pointer learns."""
    s = TrainSettings(steps=2, batch_records=2, warmup=1, save_every=2, seed=3, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    first = train(s, cached, tmp_path / "a", backbone=backbone)
    _, h0, t0 = load_checkpoint(first)
    only = dataclasses.replace(s, init_from=str(first), steps=3, save_every=3, train_only="spans")
    _, h1, t1 = load_checkpoint(train(only, cached, tmp_path / "b", backbone=backbone))
    assert t1.keys() == t0.keys() and all(torch.equal(t1[k], t0[k]) for k in t0)
    before, after = h0.state_dict(), h1.state_dict()
    moved = {n for n in before if not torch.equal(before[n], after[n])}
    assert {"qs.weight", "ks.weight", "qe.weight", "ke.weight"} <= moved, moved
    assert all(n.startswith(("qs.", "ks.", "qe.", "ke.", "span_bias", "null.")) for n in moved), moved


def test_an_arrays_only_continuation_moves_the_anchor_and_count_heads_alone(backbone, cached, tmp_path):
    """`train_only="arrays"`: every adapter and every head outside the anchor and count heads come
    out bitwise as they went in, so every value inside an item reads what it read before the run;
    the anchor pointer, its bias and the count head learn."""
    s = TrainSettings(steps=2, batch_records=2, warmup=1, save_every=2, seed=3, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    first = train(s, cached, tmp_path / "a", backbone=backbone)
    _, h0, t0 = load_checkpoint(first)
    only = dataclasses.replace(s, init_from=str(first), steps=3, save_every=3, train_only="arrays", marks_weight=0.5)
    _, h1, t1 = load_checkpoint(train(only, cached, tmp_path / "b", backbone=backbone))
    assert t1.keys() == t0.keys() and all(torch.equal(t1[k], t0[k]) for k in t0)
    before, after = h0.state_dict(), h1.state_dict()
    moved = {n for n in before if not torch.equal(before[n], after[n])}
    assert {"anchor.q.weight", "anchor.k.weight", "anchor_bias", "count.weight"} <= moved, moved
    assert all(n.startswith(("anchor.", "anchor_bias", "anchor_echo", "count.")) for n in moved), moved


def test_offsets_held_still_keep_the_anchor_bias_while_the_weights_learn(backbone, cached, tmp_path):
    """`offsets_still`: the heads' offsets (anchor bias, echo weight, span bias) come out bitwise as
    they went in; the anchor pointer's weights still learn."""
    s = TrainSettings(steps=2, batch_records=2, warmup=1, save_every=2, seed=3, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    first = train(s, cached, tmp_path / "a", backbone=backbone)
    _, h0, _ = load_checkpoint(first)
    still = dataclasses.replace(s, init_from=str(first), steps=3, save_every=3, train_only="arrays",
                                offsets_still=True)
    _, h1, _ = load_checkpoint(train(still, cached, tmp_path / "b", backbone=backbone))
    before, after = h0.state_dict(), h1.state_dict()
    moved = {n for n in before if not torch.equal(before[n], after[n])}
    assert "anchor.q.weight" in moved and not moved & {"anchor_bias", "anchor_echo_weight", "span_bias"}, moved
