"""Hybrid families (state layers + attention layers) against `transformers` on tiny random
configs (fp32): prefill parity (single, padded batch, chunked), chunked = one-shot, forks equal
an independent full forward and are bitwise independent of batch composition, padding never
reaches a row's state, decode steps match a full forward and are bitwise batch-invariant (as
are the state layers' activations, `tokenwise`)."""
from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from deg_model.backbone import Backbone
from deg_model.families import STATE
from deg_model.kernels.delta_rule import SERIAL_MAX, tokenwise

VOCAB = 320


@pytest.fixture(scope="module", params=["qwen3.5", "lfm2"])
def hybrid(request, make_tiny_qwen35, make_tiny_lfm2):
    makers = {"qwen3.5": make_tiny_qwen35, "lfm2": make_tiny_lfm2}
    model = makers[request.param](30)
    return request.param, model, Backbone.from_hf_model(model)


def hf_hidden(model, ids, mask=None):
    with torch.no_grad():
        return model.model(ids if ids.dim() == 2 else ids[None], attention_mask=mask).last_hidden_state


def _rows(gen, lengths):
    return [torch.randint(0, VOCAB, (n,), generator=gen) for n in lengths]


def _diff(a, b) -> float:
    """Max abs difference (0 for the empty recurrent state of a conv-only state layer)."""
    return float((a - b).abs().max()) if a.numel() else 0.0


def _lin_copy(state):
    return [None if s is None else (s[0].clone(), s[1].clone()) for s in state.lin]


def test_declares_state_layers(hybrid):
    _, _, bb = hybrid
    assert STATE in bb.spec.layer_kinds and "attention" in bb.spec.layer_kinds


def test_single_sequence_and_logits_match_transformers(hybrid):
    _, model, bb = hybrid
    ids = torch.randint(0, VOCAB, (150,), generator=torch.Generator().manual_seed(1))
    state = bb.prefill(ids)
    assert state.length == 150
    assert (state.hidden - hf_hidden(model, ids)[0]).abs().max() <= 1e-5
    with torch.no_grad():
        ref_logits = model(ids[None]).logits[0]
    assert (bb.logits(state.hidden) - ref_logits).abs().max() <= 1e-4


def test_padded_batch_matches_transformers_padded_batch(hybrid):
    _, model, bb = hybrid
    gen = torch.Generator().manual_seed(2)
    seqs = _rows(gen, (41, 7, 23))
    width = max(len(s) for s in seqs)
    batch = torch.zeros(len(seqs), width, dtype=torch.long)
    mask = torch.zeros(len(seqs), width, dtype=torch.long)
    for r, s in enumerate(seqs):
        batch[r, :len(s)], mask[r, :len(s)] = s, 1
    ref = hf_hidden(model, batch, mask)
    for r, s in enumerate(seqs):
        assert (bb.prefill(s).hidden - ref[r, :len(s)]).abs().max() <= 1e-5


def test_chunked_long_input_matches_transformers_and_one_shot(hybrid):
    _, model, bb = hybrid
    chunked = Backbone(bb.family, bb.spec, bb.weights, dense_prefill_max=64, prefill_chunk=48)
    ids = torch.randint(0, VOCAB, (300,), generator=torch.Generator().manual_seed(3))
    ref = hf_hidden(model, ids)[0]
    long_state = chunked.prefill(ids)
    one_shot = bb.prefill(ids)
    assert (long_state.hidden - ref).abs().max() <= 1e-5
    assert (long_state.hidden - one_shot.hidden).abs().max() <= 1e-5
    for a, b in zip(long_state.lin, one_shot.lin):          # carried layer states agree too
        if a is not None:
            assert _diff(a[0], b[0]) <= 1e-5 and _diff(a[1], b[1]) <= 1e-5
    # <= the dense limit the read is one shot: the same bits as the unchunked backbone
    assert torch.equal(chunked.prefill(ids[:64]).hidden, bb.prefill(ids[:64]).hidden)
    # extend in place continues the state (KNOWN VALUES block)
    state = bb.prefill(ids[:200])
    bb.extend(state, ids[200:])
    assert state.length == 300 and (state.hidden - ref).abs().max() <= 1e-5


def test_fork_rows_equal_full_forward_and_leave_the_prefix_alone(hybrid):
    _, model, bb = hybrid
    gen = torch.Generator().manual_seed(4)
    context = torch.randint(0, VOCAB, (75,), generator=gen)
    state = bb.prefill(context)
    before = _lin_copy(state)
    rows = _rows(gen, (1, 5, 17, 33))
    out = bb.fork(state, rows)
    for r, row in enumerate(rows):
        ref = hf_hidden(model, torch.cat([context, row]))[0, 75:]
        assert (out.normed[r, :len(row)] - ref).abs().max() <= 1e-5
        assert torch.count_nonzero(out.normed[r, len(row):]) == 0
    assert state.length == 75
    for a, b in zip(state.lin, before):                     # rows copied the state, never wrote it
        if a is not None:
            assert torch.equal(a[0], b[0]) and torch.equal(a[1], b[1])


@pytest.mark.parametrize("threads", [None, 1])
def test_fork_rows_bitwise_alone_batched_reordered(hybrid, threads):
    _, _, bb = hybrid
    old = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        gen = torch.Generator().manual_seed(5)
        state = bb.prefill(torch.randint(0, VOCAB, (70,), generator=gen))
        rows = _rows(gen, (3, 16, 17, 40, 1, 9))
        alone = [bb.fork(state, [r], keep=True) for r in rows]
        extra = _rows(gen, (64, 2))                        # wider rows change the batch width
        for comp in ([0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0], [2, 0], [3, 1, 4], [0, 0, 2, 2, 5]):
            out = bb.fork(state, [rows[i] for i in comp] + extra, keep=True)
            for pos, i in enumerate(comp):
                assert torch.equal(out.normed[pos, :len(rows[i])], alone[i].normed[0])
                # the kept per-row layer state ignores padding up to the batch width, bitwise
                for mine, own in zip(out.state.lin, alone[i].state.lin):
                    if mine is not None:
                        assert torch.equal(mine[0][pos], own[0][0]) and torch.equal(mine[1][pos], own[1][0])
    finally:
        torch.set_num_threads(old)


def test_kept_row_state_equals_prefill_of_context_plus_row(hybrid):
    _, _, bb = hybrid
    gen = torch.Generator().manual_seed(6)
    context = torch.randint(0, VOCAB, (50,), generator=gen)
    rows = _rows(gen, (7, 30))
    out = bb.fork(bb.prefill(context), rows, keep=True)
    for r, row in enumerate(rows):
        full = bb.prefill(torch.cat([context, row]))
        for mine, ref in zip(out.state.lin, full.lin):
            if mine is not None:
                assert _diff(mine[0][r], ref[0][0]) <= 1e-5
                assert _diff(mine[1][r], ref[1][0]) <= 1e-5   # the row's last real inputs


@pytest.mark.parametrize("threads", [None, 1])
def test_decode_steps_match_full_forward_and_are_bitwise_batch_invariant(hybrid, threads):
    _, model, bb = hybrid
    old = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        gen = torch.Generator().manual_seed(7)
        context = torch.randint(0, VOCAB, (40,), generator=gen)
        state = bb.prefill(context)
        rows = _rows(gen, (2, 15, 16, 30))
        steps = torch.randint(0, VOCAB, (4, 4), generator=gen)

        def run(order):
            """Decode rows[order[p]] at batch position p; per position, 4 steps of logits."""
            fork = bb.fork(state, [rows[i] for i in order], keep=True).state
            got = [[] for _ in order]
            live = list(range(len(order)))                  # positions still decoding
            for s in range(4):
                logits = bb.decode_step(fork, torch.stack([steps[order[p], s] for p in live]))
                for j, p in enumerate(live):
                    got[p].append(logits[j])
                if s == 1 and len(live) > 1:                # drop the first row mid-way
                    fork = fork.select(list(range(1, len(live))))
                    got[live[0]].extend([None, None])
                    live = live[1:]
            return got

        alone = {i: run([i])[0] for i in range(4)}
        # 12 rows: a per-head activation over [rows, Hv] spans 48 values, past one vector step
        # of torch's elementwise loop on AVX2 (16) and AVX-512 (32) alike, while one row alone
        # (4 heads) is all scalar tail; both must round a row the same.
        for order in ([0, 1, 2, 3], [3, 1, 0, 2], [0, 1, 2, 3, 3, 2, 1, 0, 2, 0, 1, 3]):
            got = run(order)
            for p, i in enumerate(order):
                for a, b in zip(got[p], alone[i]):
                    if a is not None:
                        assert torch.equal(a, b)
        for i in range(4):
            for s in range(4):
                with torch.no_grad():
                    ref = model(torch.cat([context, rows[i], steps[i, :s + 1]])[None]).logits[0, -1]
                assert (alone[i][s] - ref).abs().max() <= 1e-4
    finally:
        torch.set_num_threads(old)


@pytest.mark.parametrize("threads", [None, 1])
def test_tokenwise_activations_are_bitwise_independent_of_the_batch(threads):
    """The state layers' activations on the fork/decode path (`tokenwise`): a token's values
    are the same bits alone, among any number of tokens, at any position, contiguous or a
    strided view, and in batches split into several calls (700 tokens of >= 64 values exceed
    one call's SERIAL_MAX); and it is the activation."""
    old = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        gen = torch.Generator().manual_seed(9)
        assert 700 * 64 > SERIAL_MAX                    # so 700 tokens of n >= 64 take several calls
        for fn in (F.softplus, torch.sigmoid, F.silu):
            for n in (1, 3, 4, 17, 64, 100):
                x = torch.randn(700, n, generator=gen) * 4
                alone = torch.cat([tokenwise(fn, x[t:t + 1].clone()) for t in range(len(x))])
                torch.testing.assert_close(alone, fn(x))
                wide = torch.randn(700, n + 5, generator=gen)
                wide[:, 2:n + 2] = x                      # x as a strided view of a wider tensor
                for count in (2, 4, 7, 16, 17, 33, 700):
                    assert torch.equal(tokenwise(fn, x[:count]), alone[:count])
                    assert torch.equal(tokenwise(fn, x[-count:]), alone[-count:])
                    assert torch.equal(tokenwise(fn, wide[:count, 2:n + 2]), alone[:count])
                rows = x[:60].view(3, 20, n)              # [rows, W, n] keeps its shape
                assert torch.equal(tokenwise(fn, rows), alone[:60].view(3, 20, n))
    finally:
        torch.set_num_threads(old)


@pytest.mark.parametrize("threads", [None, 1])
def test_plain_exp_is_bitwise_independent_of_the_batch(threads):
    """The delta rule's decay is a plain `exp` over `[rows, Hv]` (MKL's vector math on x86
    builds): a value's bits must not depend on its position or on the array's length."""
    old = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        gen = torch.Generator().manual_seed(10)
        x = torch.cat([-12 * torch.rand(600, 4, generator=gen), 4 * torch.randn(600, 4, generator=gen)])
        alone = torch.cat([x[t:t + 1].clone().exp() for t in range(len(x))])
        for count in (2, 3, 4, 7, 16, 17, 33, 1200):
            assert torch.equal(x[:count].exp(), alone[:count])
            assert torch.equal(x[-count:].exp(), alone[-count:])
            assert torch.equal(torch.exp(x[:count].t()).t(), alone[:count])     # strided
    finally:
        torch.set_num_threads(old)


def test_full_qwen35_snapshot_layout_loads_the_text_stack(make_tiny_qwen35):
    """A full Qwen3.5 snapshot nests the text config under `text_config` and the weights under
    `model.language_model.`; the vision tower's tensors are ignored."""
    model = make_tiny_qwen35(31)
    text = model.config.to_dict()
    config = {"model_type": "qwen3_5", "text_config": text, "tie_word_embeddings": False}
    sd = {k.replace("model.", "model.language_model.", 1): v for k, v in model.state_dict().items()}
    sd["model.visual.patch_embed.weight"] = torch.zeros(2)
    bb = Backbone.from_state_dict(config, sd)
    ids = torch.randint(0, VOCAB, (20,), generator=torch.Generator().manual_seed(8))
    assert bb.spec.family == "qwen3.5"
    assert (bb.prefill(ids).hidden - hf_hidden(model, ids)[0]).abs().max() <= 1e-5


def test_bad_hybrid_configs_and_weights_are_named(make_tiny_qwen35, make_tiny_lfm2):
    from deg_model.errors import WeightsError

    qwen = make_tiny_qwen35(32)
    cfg = qwen.config.to_dict()
    cfg["rope_parameters"] = {"rope_type": "yarn", "factor": 2.0, "rope_theta": 1e4}
    with pytest.raises(WeightsError, match="yarn"):
        Backbone.from_state_dict(cfg, qwen.state_dict())
    cfg = qwen.config.to_dict()
    cfg["layer_types"] = ["linear_attention", "sliding_attention", "linear_attention", "full_attention"]
    with pytest.raises(WeightsError, match="sliding_attention"):
        Backbone.from_state_dict(cfg, qwen.state_dict())
    sd = {k: v for k, v in qwen.state_dict().items() if "layers.0.linear_attn.A_log" not in k}
    with pytest.raises(WeightsError, match="model.layers.0.linear_attn.A_log"):
        Backbone.from_state_dict(qwen.config.to_dict(), sd)
    lfm = make_tiny_lfm2(33)
    sd = dict(lfm.state_dict())
    sd["model.layers.0.conv.conv.weight"] = torch.zeros(64, 1, 5)
    with pytest.raises(WeightsError, match=r"conv.conv.weight.*expected \(64, 1, 3\)"):
        Backbone.from_state_dict(lfm.config.to_dict(), sd)
