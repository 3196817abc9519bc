"""LoRA training on cached lower layers (contract 12.7, lora-context base), on a tiny random
llama with the embedded tokenizer: the cached resume point is exact, the adapters learn,
a resumed run ends with the same bytes, and the LoRA path's gradient matches central
differences in float64."""
from __future__ import annotations

import dataclasses

import pytest
import torch

from deg_model.backbone import Backbone
from deg_model.checkpoint import load_checkpoint
from deg_model.lora import LoraAdapters, LoraConfig, load_adapters
from deg_model.training.adapted import adapted_questions, adapted_record
from degdata import generate
from services.training.examples import ExampleBuilder, training_runtime
from deg_model.training.features import attach_embeddings
from services.training.features import record_features
from deg_model.training.objective import batch_loss
from services.training.trainer import TrainSettings, train

from tiny_llama import tiny_llama_backbone

ADAPT_FROM = 1


def _backbone(dtype=torch.float32) -> Backbone:
    return tiny_llama_backbone(layers=3, dtype=dtype)


@pytest.fixture(scope="module")
def backbone() -> Backbone:
    return _backbone()


@pytest.fixture(scope="module")
def cached(backbone):
    records = sorted(generate(3, 14, split="train"), key=lambda r: len(r["context"]))[:3]
    builder = ExampleBuilder(training_runtime(backbone, array_mode="anchor"), seed=0)
    out = [record_features(backbone, builder, r, adapt_from=ADAPT_FROM, max_forks=10) for r in records]
    attach_embeddings(out, backbone.weights["embed"])
    return out


def _adapters(backbone, seed=0, b_scale=0.0, dtype=torch.float32):
    layers = tuple(range(ADAPT_FROM, len(backbone.spec.layer_kinds)))
    adapters = LoraAdapters.for_backbone(LoraConfig(rank=2, alpha=4.0, layers=layers), backbone, seed=seed).to(dtype)
    if b_scale:
        g = torch.Generator().manual_seed(seed + 1)
        with torch.no_grad():
            for name, p in adapters.named_parameters():
                if name.endswith("_B"):
                    p.copy_(b_scale * torch.randn(p.shape, generator=g, dtype=torch.float64).to(dtype))
    return adapters


def test_cached_resume_point_is_exact_and_zero_adapters_are_the_base(backbone, cached):
    """Resuming the cached rows at layer ADAPT_FROM with B = 0 adapters gives the cached
    a / o bit for bit (the whole-depth fork the cache read them from)."""
    rec = cached[0]
    assert rec.kv is not None and min(rec.kv) == ADAPT_FROM and rec.questions
    with torch.no_grad():
        again = adapted_questions(backbone, _adapters(backbone), rec, grad=False)
    for q, r in zip(rec.questions, again):
        assert torch.equal(q.a, r.a.float())
        assert (q.o is None) == (r.o is None) and (q.o is None or torch.equal(q.o, r.o.float()))


def test_adapters_change_the_rows_of_their_head_kinds(backbone, cached):
    rec = cached[0]
    with torch.no_grad():
        moved = adapted_questions(backbone, _adapters(backbone, b_scale=0.5), rec, grad=False)
    assert all(not torch.equal(q.a, r.a) for q, r in zip(rec.questions, moved))


def test_lora_training_learns_and_resumes_to_the_same_bytes(backbone, cached, tmp_path):
    s = TrainSettings(steps=6, batch_records=2, warmup=1, save_every=3, seed=1, lr=3e-3, lora_rank=2,
                      lora_alpha=4.0, lora_lr=3e-2, array_mode="anchor")
    straight = train(s, cached, tmp_path / "a", backbone=backbone)
    half = train(s, cached, tmp_path / "b", backbone=backbone, stop_after=3)
    assert half.name == "step-000003"
    resumed = train(s, cached, tmp_path / "b", backbone=backbone)
    files = sorted(p.name for p in straight.iterdir())
    assert "adapters.safetensors" in files
    assert files == sorted(p.name for p in resumed.iterdir())
    for name in files:
        assert (straight / name).read_bytes() == (resumed / name).read_bytes(), name
    config, heads, tensors = load_checkpoint(straight)
    adapters = load_adapters(tensors, LoraConfig.from_dict(config.lora))
    assert any(float(p.detach().abs().max()) > 0 for n, p in adapters.named_parameters() if n.endswith("_B"))
    first = train(dataclasses.replace(s, steps=1, save_every=1), cached, tmp_path / "c", backbone=backbone)
    with torch.no_grad():
        loss_before = batch_loss(load_checkpoint(first)[1], [adapted_record(
            backbone, load_adapters(load_checkpoint(first)[2], adapters.config), r, grad=False) for r in cached])[0]
        loss_after = batch_loss(heads, [adapted_record(backbone, adapters, r, grad=False) for r in cached])[0]
    assert float(loss_after) < float(loss_before)


def test_lora_training_refuses_a_cache_without_lora_inputs(backbone, cached, tmp_path):
    plain = [dataclasses.replace(r, kv=None, adapt_from=None) for r in cached]
    with pytest.raises(ValueError, match="--adapt-from"):
        train(TrainSettings(steps=1, lora_rank=2), plain, tmp_path, backbone=backbone)
    with pytest.raises(ValueError, match="needs the backbone"):
        train(TrainSettings(steps=1, lora_rank=2), cached, tmp_path)


def test_lora_path_gradient_matches_central_differences_in_float64():
    """d(training loss)/d(lora A, B entries) through the resumed fork rows and the heads,
    autograd vs central differences, float64 throughout."""
    from deg_model.checkpoint import fresh_heads

    bb = _backbone(torch.float64)
    records = sorted(generate(3, 14, split="train"), key=lambda r: len(r["context"]))[:1]
    builder = ExampleBuilder(training_runtime(bb, array_mode="anchor"), seed=0)
    rec = record_features(bb, builder, records[0], adapt_from=ADAPT_FROM, max_forks=6)
    attach_embeddings([rec], bb.weights["embed"])
    rec = dataclasses.replace(rec, ctx=rec.ctx.double(), ctx_emb=rec.ctx_emb.double())
    heads = fresh_heads(32, seed=3, head_dim=8).double()
    adapters = _adapters(bb, b_scale=0.3, dtype=torch.float64)

    def loss() -> torch.Tensor:
        adapted = adapted_record(bb, adapters, rec, grad=True)
        return batch_loss(heads, [adapted], dtype=torch.float64)[0]

    with torch.enable_grad():
        total = loss()
        params = dict(adapters.named_parameters())
        grads = torch.autograd.grad(total, list(params.values()))
    eps = 1e-6
    g = torch.Generator().manual_seed(5)
    checked = 0
    for (name, p), grad in zip(params.items(), grads):
        for _ in range(2):
            idx = tuple(int(torch.randint(n, (1,), generator=g)) for n in p.shape)
            with torch.no_grad():
                old = p[idx].item()
                p[idx] = old + eps
                up = float(loss())
                p[idx] = old - eps
                down = float(loss())
                p[idx] = old
            numeric = (up - down) / (2 * eps)
            analytic = float(grad[idx])
            # relative error <= 1e-6 (a 1e-10 floor for entries whose gradient is ~0)
            assert abs(numeric - analytic) <= 1e-6 * abs(numeric) + 1e-10, (name, idx, numeric, analytic)
            checked += 1
    assert checked == 2 * len(params)
