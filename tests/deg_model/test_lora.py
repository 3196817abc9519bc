"""LoRA adapters on the fork rows (contract 12.7, `--lora-context base`): a zero adapter and
adapter-off rows are bitwise the base, rows of different adapters are bitwise independent of
their batch, the gradients of A and B match finite differences in fp64 (also when resumed at
a cached layer input), checkpoints round-trip them, and the runtime picks each fork row's
adapter by its head kind while generate rows stay the base model."""
from __future__ import annotations

import json

import pytest
import torch
from transformers import AutoTokenizer

from deg import compile_schema, render_context
from deg.request import FillOptions
from deg_model.backbone import Backbone
from deg_model.checkpoint import CheckpointConfig, CheckpointError, fresh_heads, load_checkpoint, save_checkpoint
from deg_model.lora import ADAPTER_OF_HEAD, PROJECTIONS, LoraAdapters, LoraConfig, load_adapters
from deg_model.runtime import FillJob, Observer, Runtime, load_runtime
from deg_model.state import GrowBuffer, KVBuffer, State

VOCAB = 320


def _ids(gen, n, vocab=VOCAB):
    return torch.randint(0, vocab, (n,), generator=gen)


def _randomize_b(adapters: LoraAdapters, seed: int, std: float = 0.2, only: str | None = None) -> LoraAdapters:
    """Nonzero B (a trained-looking adapter); `only` = one adapter's columns, the rest stay 0."""
    gen = torch.Generator().manual_seed(seed)
    r = adapters.config.rank
    with torch.no_grad():
        for key in sorted(adapters.params):
            if key.endswith("_B"):
                p = adapters.params[key]
                noise = (torch.randn(p.shape, generator=gen, dtype=torch.float64) * std).to(p.dtype)
                if only is not None:
                    k = adapters.index(only)
                    keep = torch.zeros_like(noise)
                    keep[:, k * r:(k + 1) * r] = 1
                    noise = noise * keep
                p.copy_(noise)
    return adapters


@pytest.fixture(scope="module")
def backbone(make_tiny):
    return Backbone.from_hf_model(make_tiny(40))


@pytest.fixture(scope="module")
def prefixes(backbone):
    gen = torch.Generator().manual_seed(41)
    return [backbone.prefill(_ids(gen, n)) for n in (37, 80, 5)]


@pytest.fixture(scope="module")
def trained(backbone):
    return _randomize_b(LoraAdapters.for_backbone(LoraConfig(rank=4), backbone, seed=3), seed=4)


# ---------------------------------------------------------------------- config and module
def test_config_validation_and_round_trip():
    cfg = LoraConfig(rank=4, alpha=8, adapters=("decide", "extract"), layers=(1, 3))
    d = cfg.to_dict()
    assert d == {"rank": 4, "alpha": 8.0, "adapters": ["decide", "extract"], "layers": [1, 3]}
    assert LoraConfig.from_dict(json.loads(json.dumps(d))) == cfg and cfg.scale == 2.0
    assert LoraConfig.from_dict({"rank": 2}) == LoraConfig(rank=2)
    for bad, match in [(dict(rank=0), "rank"), (dict(alpha=0.0), "alpha"), (dict(alpha=float("nan")), "alpha"),
                       (dict(adapters=()), "non-empty"), (dict(adapters=("a", "a")), "unique"),
                       (dict(adapters=("a", "")), "non-empty strings"), (dict(layers=(2, 1)), "sorted"),
                       (dict(layers=(1, 1)), "unique"), (dict(layers=(-1,)), ">= 0")]:
        with pytest.raises(ValueError, match=match):
            LoraConfig(**bad)
    with pytest.raises(ValueError, match="unknown LoRA config keys"):
        LoraConfig.from_dict({"rank": 2, "dropout": 0.1})


def test_adapters_shapes_init_and_selection(backbone, make_tiny_lfm2):
    a = LoraAdapters.for_backbone(LoraConfig(rank=4), backbone, seed=3)
    assert a.config.layers == (0, 1)                        # () resolved to every layer
    H, inter = 64, 96
    qkv_out = 64 + 2 * 2 * 16
    assert a.shapes == {"qkv": (qkv_out, H), "o": (H, 64), "gate_up": (2 * inter, H), "down": (H, inter)}
    assert a.params["1_qkv_A"].shape == (8, H) and a.params["1_down_B"].shape == (H, 8)
    assert all(torch.count_nonzero(p) == 0 for k, p in a.params.items() if k.endswith("_B"))
    assert float(a.params["0_down_A"].detach().abs().max()) <= 1 / inter ** 0.5
    again = LoraAdapters.for_backbone(LoraConfig(rank=4), backbone, seed=3)
    assert all(torch.equal(p, again.params[k]) for k, p in a.params.items())
    other = LoraAdapters.for_backbone(LoraConfig(rank=4), backbone, seed=4)
    assert not torch.equal(a.params["0_qkv_A"], other.params["0_qkv_A"])
    assert (a.index(None), a.index("decide"), a.index("extract")) == (-1, 0, 1)
    with pytest.raises(ValueError, match="unknown adapter 'shared'"):
        a.index("shared")
    assert [a.for_head(h) for h in ("choice", "score", "noul", "extract", "count", "anchor")] == [0, 0, 0, 1, 1, 1]
    shared = LoraAdapters.for_backbone(LoraConfig(rank=2, adapters=("shared",)), backbone)
    assert {shared.for_head(h) for h in ADAPTER_OF_HEAD} == {0}
    with pytest.raises(ValueError, match="do not exist"):
        LoraAdapters.for_backbone(LoraConfig(layers=(1, 2)), backbone)
    with pytest.raises(ValueError, match="not 'lfm2'"):
        LoraAdapters.for_backbone(LoraConfig(), Backbone.from_hf_model(make_tiny_lfm2(1)))
    with pytest.raises(ValueError, match="layers is empty"):
        LoraAdapters(LoraConfig(), a.shapes)


def test_delta_is_each_tokens_own_adapter(trained):
    """On tiles, a token's delta is scale * B_k A_k x for its adapter k, 0 when off; an
    unadapted projection or an all-off selector gives None."""
    gen = torch.Generator().manual_seed(5)
    x = torch.randn(2, 64, 64, generator=gen)                                   # [tiles, 64, in]
    sel = torch.randint(-1, 2, (2, 64), generator=gen)
    d = trained.delta(1, "o", x, sel)
    r, s = trained.config.rank, trained.config.scale
    A, B = trained.params["1_o_A"].detach(), trained.params["1_o_B"].detach()
    for k in (-1, 0, 1):
        tok = sel == k
        want = torch.zeros_like(x[tok]) if k < 0 else s * x[tok] @ A[k * r:(k + 1) * r].T @ B[:, k * r:(k + 1) * r].T
        assert torch.allclose(d[tok], want, atol=1e-5, rtol=1e-5)
    assert torch.all(d[sel < 0] == 0)
    assert trained.delta(1, "o", x, torch.full((2, 64), -1)) is None
    half = LoraAdapters(LoraConfig(rank=4, layers=(1,)), trained.shapes)
    assert half.delta(0, "o", x, sel) is None and half.delta(1, "o", x, sel) is not None
    flat = trained.delta(1, "o", x[0], sel[0])                                  # [n, in] -> [n, out]
    assert flat.shape == (64, 64) and torch.allclose(flat, d[0], atol=1e-5, rtol=1e-5)


# ---------------------------------------------------------------------- fork rows
def _parts(prefixes, gen):
    return [(prefixes[0], [_ids(gen, n) for n in (3, 17)]),
            (prefixes[1], [_ids(gen, n) for n in (16, 1, 30)]),
            (prefixes[2], [_ids(gen, 9)]),
            (prefixes[0], [_ids(gen, 70)])]


def _flat(parts):
    return [(state, row) for state, rows in parts for row in rows]


def test_zero_adapters_and_off_rows_are_bitwise_the_base(backbone, prefixes, trained):
    gen = torch.Generator().manual_seed(42)
    parts = _parts(prefixes, gen)
    base = backbone.fork_many(parts)
    fresh = LoraAdapters.for_backbone(LoraConfig(rank=4), backbone, seed=3)           # B = 0
    mixed = [0, 1, -1, 1, 0, -1, 0]
    zero = backbone.fork_many(parts, adapters=fresh, row_adapters=mixed)
    assert torch.equal(zero.normed, base.normed) and torch.equal(zero.hidden, base.hidden)
    off = backbone.fork_many(parts, adapters=trained)                                 # default: all off
    assert torch.equal(off.normed, base.normed)
    out = backbone.fork_many(parts, adapters=trained, row_adapters=mixed)
    for r, a in enumerate(mixed):
        n = int(out.lengths[r])
        same = torch.equal(out.normed[r, :n], base.normed[r, :n])
        assert same == (a < 0), (r, a)
        assert torch.count_nonzero(out.normed[r, n:]) == 0


def test_adapted_rows_are_batch_invariant(backbone, prefixes, trained):
    gen = torch.Generator().manual_seed(43)
    rows = _flat(_parts(prefixes, gen))
    adapter = [1, 0, 0, -1, 1, 0, 1]
    together = backbone.fork_many([(s, [x]) for s, x in rows], adapters=trained, row_adapters=adapter)
    order = [6, 2, 4, 0, 5, 3, 1]
    shuffled = backbone.fork_many([(rows[i][0], [rows[i][1]]) for i in order], adapters=trained,
                                  row_adapters=[adapter[i] for i in order])
    other = {-1: 0, 0: 1, 1: -1}
    for r, (state, row) in enumerate(rows):
        n = len(row)
        alone = backbone.fork(state, [row]) if adapter[r] < 0 else \
            backbone.fork_many([(state, [row])], adapters=trained, row_adapters=[adapter[r]])
        assert torch.equal(together.normed[r, :n], alone.normed[0, :n]), r
        assert torch.equal(shuffled.normed[order.index(r), :n], alone.normed[0, :n]), r
        # every other row switched to another adapter (or off)
        around = [adapter[j] if j == r else other[adapter[j]] for j in range(len(rows))]
        switched = backbone.fork_many([(s, [x]) for s, x in rows], adapters=trained, row_adapters=around)
        assert torch.equal(switched.normed[r, :n], alone.normed[0, :n]), r


def test_adapters_change_adapted_rows_and_differ_from_each_other(backbone, prefixes, trained):
    gen = torch.Generator().manual_seed(44)
    row = _ids(gen, 12)
    base = backbone.fork(prefixes[1], [row]).normed[0]
    out = backbone.fork_many([(prefixes[1], [row, row])], adapters=trained, row_adapters=[0, 1]).normed
    assert not torch.equal(out[0], base) and not torch.equal(out[1], base)
    assert not torch.allclose(out[0], out[1], atol=1e-3)
    # Only the decide adapter trained: extract rows are still the base, bitwise.
    decide_only = _randomize_b(LoraAdapters.for_backbone(LoraConfig(rank=4), backbone, seed=3), 4, only="decide")
    out = backbone.fork_many([(prefixes[1], [row, row])], adapters=decide_only, row_adapters=[0, 1]).normed
    assert not torch.equal(out[0], base) and torch.equal(out[1], base)


def test_generate_rows_stay_the_base(backbone, prefixes, trained):
    gen = torch.Generator().manual_seed(45)
    rows = [(prefixes[1], _ids(gen, 4)), (prefixes[0], _ids(gen, 20))]
    steps = _ids(gen, 6).view(2, 3)

    def run(**kw):
        out = backbone.fork_many([(s, [x]) for s, x in rows], keep=True, **kw)
        got = [out.normed]
        for s in range(3):
            got.append(backbone.decode_step(out.state, steps[:, s]))
        return got

    for a, b in zip(run(), run(adapters=trained, row_adapters=[-1, -1])):
        assert torch.equal(a, b)
    with pytest.raises(ValueError, match="keep=True rows must be adapter-off"):
        backbone.fork_many([(s, [x]) for s, x in rows], keep=True, adapters=trained, row_adapters=[-1, 0])


def test_fork_adapter_errors(backbone, prefixes, trained, make_tiny_lfm2):
    row = torch.tensor([1, 2, 3])
    with pytest.raises(ValueError, match="2 entries for 1 fork rows"):
        backbone.fork_many([(prefixes[0], [row])], adapters=trained, row_adapters=[0, 1])
    with pytest.raises(ValueError, match=r"row_adapters \[2\] out of range"):
        backbone.fork_many([(prefixes[0], [row])], adapters=trained, row_adapters=[2])
    with pytest.raises(ValueError, match="no adapters were given"):
        backbone.fork_many([(prefixes[0], [row])], row_adapters=[0])
    lfm2 = Backbone.from_hf_model(make_tiny_lfm2(1))
    with pytest.raises(ValueError, match="not 'lfm2'"):
        lfm2.fork_many([(lfm2.prefill(row), [row])], adapters=trained, row_adapters=[0])


# ---------------------------------------------------------------------- gradients (fp64)
@pytest.fixture(scope="module")
def fp64(make_tiny):
    """A 3-layer fp64 backbone, adapters on layers 1-2 (rank 2) with random B, one prefix whose
    K/V are plain (not inference) tensors, fork rows of both adapters and one off."""
    bb = Backbone.from_hf_model(make_tiny(50, num_hidden_layers=3), dtype=torch.float64)
    adapters = LoraAdapters.for_backbone(LoraConfig(rank=2, layers=(1, 2)), bb, seed=6).double()
    _randomize_b(adapters, 7, std=0.3)
    gen = torch.Generator().manual_seed(51)
    trunk = bb.prefill(_ids(gen, 21))
    state = State(kv=[KVBuffer.wrap(b.keys.clone(), b.values.clone()) for b in trunk.kv], lin=trunk.lin,
                  hidden_buffer=trunk.hidden_buffer, length=trunk.length)
    rows = [_ids(gen, n) for n in (5, 18, 9)]
    select = [0, 1, -1]
    proj = torch.randn(3, 18, 64, generator=gen, dtype=torch.float64)           # a fixed readout
    return bb, adapters, state, rows, select, proj


def _loss(bb, adapters, state, rows, select, proj, **kw):
    out = bb.fork_many([(state, rows)], adapters=adapters, row_adapters=select, **kw)
    R, W = out.normed.shape[:2]
    return (out.normed * proj[:R, :W]).sum(), out


def test_gradients_match_finite_differences(fp64):
    bb, adapters, state, rows, select, proj = fp64
    adapters.zero_grad()
    loss, _ = _loss(*fp64, grad=True)
    loss.backward()
    gen = torch.Generator().manual_seed(52)
    eps, checked = 1e-6, 0
    for key in ("1_qkv_A", "1_o_B", "2_gate_up_A", "2_down_B", "1_down_A", "2_qkv_B"):
        p = adapters.params[key]
        for _ in range(3):
            idx = tuple(int(torch.randint(0, s, (1,), generator=gen)) for s in p.shape)
            with torch.no_grad():
                keep = p[idx].clone()
                p[idx] = keep + eps
                up = _loss(*fp64)[0]
                p[idx] = keep - eps
                down = _loss(*fp64)[0]
                p[idx] = keep
            fd = float((up - down) / (2 * eps))
            ag = float(p.grad[idx])
            assert abs(fd - ag) <= 1e-6 * max(abs(ag), 1e-2), (key, idx, fd, ag)
            checked += 1
    assert checked == 18
    # Every adapter's own block gets gradient; nothing flows into a block no row uses.
    only_decide = _loss(bb, adapters, state, rows, [0, -1, -1], proj, grad=True)[0]
    grads = torch.autograd.grad(only_decide, [adapters.params["2_o_A"], adapters.params["2_o_B"]])
    r = adapters.config.rank
    assert torch.count_nonzero(grads[0][:r]) > 0 and torch.count_nonzero(grads[0][r:]) == 0
    assert torch.count_nonzero(grads[1][:, :r]) > 0 and torch.count_nonzero(grads[1][:, r:]) == 0


def test_gradcheck_of_one_adapter_matrix(fp64):
    bb, adapters, state, rows, select, proj = fp64

    class Loss(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.adapters = adapters

        def forward(self):
            return _loss(bb, self.adapters, state, rows[:2], select[:2], proj, grad=True)[0]

    module = Loss()
    a = adapters.params["1_qkv_A"].detach().clone().requires_grad_(True)        # [2*2, 64], upstream of 2 attentions
    assert torch.autograd.gradcheck(lambda t: torch.func.functional_call(module, {"adapters.params.1_qkv_A": t}, ()),
                                    (a,), eps=1e-6, atol=1e-8, rtol=1e-6)


def test_resuming_at_a_cached_layer_input_matches_full_depth(fp64):
    """The training setup: layers >= L0 adapted, each row resumed at L0 from its cached input
    (prefix K/V of layers >= L0 only): forward bitwise, gradients as the full-depth run's."""
    bb, adapters, state, rows, select, proj = fp64
    L0 = 1
    cached = bb.fork_many([(state, rows)], capture_layer=L0).captured                 # inference mode
    only = bb.fork_many([(state, rows)], capture_layer=L0, capture_only=True)          # layers >= L0 never run
    assert only.normed is None and only.hidden is None
    assert all(torch.equal(a, b) for a, b in zip(only.captured, cached))
    lower = State(kv=[None if i < L0 else b for i, b in enumerate(state.kv)], lin=[None] * 3,
                  hidden_buffer=GrowBuffer((0, 64), 0, torch.float64, torch.device("cpu")), length=state.length)
    params = [adapters.params[k] for k in ("1_qkv_A", "1_gate_up_B", "2_o_A", "2_down_B")]
    full_loss, full = _loss(bb, adapters, state, rows, select, proj, grad=True)
    full_grads = torch.autograd.grad(full_loss, params)
    part_loss, part = _loss(bb, adapters, lower, rows, select, proj, grad=True, start_layer=L0, start_hidden=cached)
    part_grads = torch.autograd.grad(part_loss, params)
    assert torch.equal(part.normed, full.normed)
    for g_full, g_part in zip(full_grads, part_grads):
        assert torch.count_nonzero(g_full) > 0
        assert torch.allclose(g_part, g_full, rtol=1e-12, atol=1e-14)
    # gradient also reaches the cached inputs when they ask for it (the heads-only path's hook)
    h0 = [x.clone().requires_grad_(True) for x in cached]
    loss = _loss(bb, adapters, lower, rows, select, proj, grad=True, start_layer=L0, start_hidden=h0)[0]
    assert all(torch.count_nonzero(g) > 0 for g in torch.autograd.grad(loss, h0))


# ---------------------------------------------------------------------- checkpoints + runtime
CONTEXT = render_context(
    "Ticket 7781 from jane.doe@example.com on 2026-03-05.\n"
    "Order A-1234, total $1,234.50.\nItems:\n- Widget, 2 x $10.00\n- Gadget, 1 x $20.50\n"
    "The widget arrived broken and I am quite angry."
)
SCHEMA = {
    "type": "object",
    "properties": {
        "dept": {"enum": ["billing", "tech", "sales"]},
        "urgent": {"type": "boolean"},
        "anger": {"type": "integer", "minimum": 1, "maximum": 5},
        "order_id": {"type": "string"},
        "total": {"type": ["number", "null"]},
        "items": {"type": "array", "minItems": 2, "maxItems": 3, "items": {
            "type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}},
        "tags": {"type": "array", "items": {"enum": ["refund", "damage"]}, "minItems": 1, "maxItems": 2},
    },
    "required": ["dept", "items"],
}
GENERATE = {"type": "object", "properties": {"reply": {"type": "string", "x-generate": True, "x-max-tokens": 5}}}
DECIDE_HEADS = ("leaf:/dept", "leaf:/urgent", "leaf:/anger")   # choice, noul, score
EXTRACT_HEADS = ("leaf:/order_id", "leaf:/total")
ROUND0 = DECIDE_HEADS + EXTRACT_HEADS + ("count:/tags", "count:/items", "anchor:/items")


@pytest.fixture(scope="module")
def tokenizer():
    from deg_model.loading import embedded_gguf_path
    gguf = embedded_gguf_path()
    return AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)


@pytest.fixture(scope="module")
def tiny_model(make_tiny):
    return make_tiny(7, vocab_size=49152)


@pytest.fixture(scope="module")
def real_vocab(tiny_model, tokenizer):
    return Backbone.from_hf_model(tiny_model, tokenizer)


def _runtime(bb, adapters=None, **kw):
    config = CheckpointConfig(model_id="deg-tiny-lora", backbone="tiny", hidden=64)
    return Runtime(bb, fresh_heads(64, 0), config, adapters=adapters, **kw)


def _fill(rt, schema=SCHEMA, context=CONTEXT):
    seen = Observer()
    raw = rt.fill(context, compile_schema(schema), FillOptions(), observer=seen)
    return raw, seen.last_heads


@pytest.fixture(scope="module")
def lora_runtime(real_vocab):
    return _runtime(real_vocab, _randomize_b(LoraAdapters.for_backbone(LoraConfig(rank=4), real_vocab, seed=1), 2))


def test_runtime_adapters_change_decide_and_extract_heads_reproducibly(real_vocab, lora_runtime):
    base_raw, base = _fill(_runtime(real_vocab))
    raw, heads = _fill(lora_runtime)
    for key in ROUND0:
        assert not torch.equal(heads[key], base[key]), key
    again_raw, again = _fill(lora_runtime)
    assert again_raw == raw and all(torch.equal(v, again[k]) for k, v in heads.items())
    # rows of several requests share batches: each request's heads are those of its fill alone
    jobs = [FillJob(CONTEXT, compile_schema(SCHEMA), FillOptions()),
            FillJob("Order B-77, total $5.", compile_schema(SCHEMA), FillOptions())]
    seen = Observer()
    together = lora_runtime.fill_many(jobs, observer=seen)
    per_job = seen.heads
    assert together[0] == raw
    assert all(torch.equal(v, heads[k]) for k, v in per_job[0].items())
    alone_raw, alone = _fill(lora_runtime, context=jobs[1].context)
    assert together[1] == alone_raw and all(torch.equal(v, alone[k]) for k, v in per_job[1].items())


def test_runtime_routes_rows_by_head_kind(real_vocab):
    """Only the decide adapter trained: choice/score/noul heads move (the enum items of /tags
    too), extract/count/anchor heads stay bitwise the base, so every array finds the same
    items. Only the extract adapter trained: the other way round (round 0 compared, as the
    items found may change)."""
    _, base = _fill(_runtime(real_vocab))
    decide = _randomize_b(LoraAdapters.for_backbone(LoraConfig(rank=4), real_vocab, seed=1), 2, only="decide")
    _, heads = _fill(_runtime(real_vocab, decide))
    assert heads.keys() == base.keys() and any(k.startswith("leaf:/tags/") for k in heads)
    assert any(k.startswith("leaf:/items/") for k in heads)
    for key, value in heads.items():
        decide_row = key in DECIDE_HEADS or key.startswith("leaf:/tags/")
        assert torch.equal(value, base[key]) != decide_row, key
    extract = _randomize_b(LoraAdapters.for_backbone(LoraConfig(rank=4), real_vocab, seed=1), 2, only="extract")
    _, heads = _fill(_runtime(real_vocab, extract))
    for key in ROUND0:
        assert torch.equal(heads[key], base[key]) == (key in DECIDE_HEADS), key


def test_runtime_generate_rows_run_the_base(real_vocab, lora_runtime):
    base_raw, _ = _fill(_runtime(real_vocab), GENERATE)
    raw, _ = _fill(lora_runtime, GENERATE)
    assert raw == base_raw and raw.generated_tokens > 0


def test_checkpoint_round_trip_with_adapters(tmp_path, real_vocab, lora_runtime, tiny_model, tokenizer, monkeypatch):
    adapters = lora_runtime.adapters
    config = CheckpointConfig(model_id="deg-tiny-lora", backbone="tiny", hidden=64, trained=True)
    heads = lora_runtime.heads
    path = save_checkpoint(tmp_path / "ckpt", config, heads, adapters)
    assert config.lora is None                                   # the caller's config is untouched
    assert sorted(p.name for p in path.iterdir()) == ["adapters.safetensors", "deg.json", "heads.safetensors"]
    loaded_config, _, tensors = load_checkpoint(path)
    assert loaded_config.lora == adapters.config.to_dict()
    assert tensors.keys() == adapters.tensors().keys()
    assert all(torch.equal(tensors[k], v) for k, v in adapters.tensors().items())
    assert set(tensors) == {f"{i}.{p}.lora_{m}" for i in (0, 1) for p in PROJECTIONS for m in "AB"}
    reloaded = load_adapters(tensors, LoraConfig.from_dict(loaded_config.lora))
    raw, heads_out = _fill(lora_runtime)
    again_raw, again = _fill(_runtime(real_vocab, reloaded))
    assert again_raw == raw and all(torch.equal(v, again[k]) for k, v in heads_out.items())
    # the same through load_runtime (backbone snapshot + tokenizer on disk)
    snapshot = tmp_path / "tiny"
    tiny_model.save_pretrained(snapshot)
    tokenizer.save_pretrained(snapshot)
    served = save_checkpoint(tmp_path / "served", CheckpointConfig(model_id="deg-tiny-lora", backbone=str(snapshot),
                                                                    hidden=64, trained=True), heads, adapters)
    rt = load_runtime(str(served))
    assert rt.adapters is not None and not any(p.requires_grad for p in rt.adapters.parameters())
    served_raw, served_heads = _fill(rt)
    assert served_raw == raw and all(torch.equal(v, served_heads[k]) for k, v in heads_out.items())
    # re-saving what load_checkpoint returned (the calibration path) keeps the adapters
    save_checkpoint(path, loaded_config, heads, tensors)
    assert all(torch.equal(load_checkpoint(path)[2][k], v) for k, v in tensors.items())


def test_checkpoint_lora_config_and_tensors_go_together(tmp_path, real_vocab, lora_runtime):
    adapters, heads = lora_runtime.adapters, lora_runtime.heads
    config = CheckpointConfig(model_id="m", backbone="b", hidden=64)
    path = save_checkpoint(tmp_path / "c", config, heads, adapters)
    (path / "adapters.safetensors").unlink()
    with pytest.raises(CheckpointError, match="lora is set but adapters.safetensors is missing"):
        load_checkpoint(path)
    path = save_checkpoint(tmp_path / "d", config, heads, adapters)
    raw = json.loads((path / "deg.json").read_text())
    (path / "deg.json").write_text(json.dumps({**raw, "lora": None}))
    with pytest.raises(CheckpointError, match="adapters.safetensors is present but deg.json has no lora"):
        load_checkpoint(path)
    (path / "deg.json").write_text(json.dumps({**raw, "lora": {**raw["lora"], "rank": 0}}))
    with pytest.raises(CheckpointError, match="lora: LoRA rank"):
        load_checkpoint(path)
    with pytest.raises(ValueError, match="tensors need config.lora"):
        save_checkpoint(tmp_path / "e", config, heads, adapters.tensors())
    with pytest.raises(ValueError, match="disagrees"):
        save_checkpoint(tmp_path / "e", CheckpointConfig(model_id="m", backbone="b", hidden=64,
                                                         lora={**raw["lora"], "rank": 2}), heads, adapters)
    tensors = adapters.tensors()
    cfg = adapters.config
    with pytest.raises(ValueError, match="missing"):
        load_adapters({k: v for k, v in tensors.items() if k != "1.o.lora_B"}, cfg)
    with pytest.raises(ValueError, match=r"1.down.lora_A has shape \(4, 96\), expected \(8, 96\)"):
        load_adapters({**tensors, "1.down.lora_A": tensors["1.down.lora_A"][:4]}, cfg)
    narrow = LoraAdapters(cfg, {**adapters.shapes, "o": (64, 32)})
    with pytest.raises(ValueError, match="shaped"):
        Runtime(real_vocab, heads, config, adapters=narrow)
