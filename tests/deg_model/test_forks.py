"""Forks read the prefix by reference, equal an independent full forward, and are bitwise
independent of batch composition (alone, batched, reordered, other batch widths)."""
from __future__ import annotations

import pytest
import torch

from deg_model.backbone import Backbone


def _rows(gen, lengths, vocab):
    return [torch.randint(0, vocab, (n,), generator=gen) for n in lengths]


@pytest.fixture(scope="module")
def setup(make_tiny):
    model = make_tiny(20)
    bb = Backbone.from_hf_model(model)
    gen = torch.Generator().manual_seed(21)
    context = torch.randint(0, 320, (75,), generator=gen)
    return model, bb, context, bb.prefill(context), gen


def test_fork_rows_equal_full_forward_of_context_plus_query(setup):
    model, bb, context, state, gen = setup
    rows = _rows(gen, (1, 5, 17, 33), 320)
    out = bb.fork(state, rows)
    assert out.normed.shape == (4, 33, 64) and out.lengths.tolist() == [1, 5, 17, 33]
    for r, row in enumerate(rows):
        with torch.no_grad():
            ref = model.model(torch.cat([context, row])[None]).last_hidden_state[0, 75:]
        assert (out.normed[r, :len(row)] - ref).abs().max() <= 1e-5
        assert torch.count_nonzero(out.normed[r, len(row):]) == 0     # padding is zeroed
    # the prefix was read in place, not consumed
    assert state.length == 75


@pytest.mark.parametrize("threads", [None, 1])
def test_fork_rows_bitwise_alone_batched_reordered(setup, threads):
    _, bb, _, state, _ = setup
    old = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        gen = torch.Generator().manual_seed(22)
        rows = _rows(gen, (3, 16, 17, 40, 1, 9), 320)
        alone = [bb.fork(state, [r]).normed[0, :len(r)] for r in rows]
        compositions = [list(range(6)), [5, 4, 3, 2, 1, 0], [2, 0], [3, 1, 4], [0, 0, 2, 2, 5]]
        extra = _rows(gen, (64, 2), 320)          # wider rows change the batch width
        for comp in compositions:
            batch = [rows[i] for i in comp] + extra
            out = bb.fork(state, batch)
            for pos, i in enumerate(comp):
                assert torch.equal(out.normed[pos, :len(rows[i])], alone[i])
    finally:
        torch.set_num_threads(old)


def test_extend_then_fork_sees_the_extension(setup):
    model, bb, context, _, gen = setup
    state = bb.prefill(context)
    block = torch.randint(0, 320, (12,), generator=gen)
    bb.extend(state, block)
    row = torch.randint(0, 320, (6,), generator=gen)
    out = bb.fork(state, [row])
    with torch.no_grad():
        ref = model.model(torch.cat([context, block, row])[None]).last_hidden_state[0, -6:]
    assert state.length == 87 and (out.normed[0, :6] - ref).abs().max() <= 1e-5


def test_logits_of_chosen_positions_match_transformers(setup):
    model, bb, context, state, gen = setup
    rows = _rows(gen, (4, 9), 320)
    out = bb.fork(state, rows)
    logits = bb.logits(out.at([0, 1], [3, 8]))
    with torch.no_grad():
        ref0 = model(torch.cat([context, rows[0]])[None]).logits[0, -1]
        ref1 = model(torch.cat([context, rows[1]])[None]).logits[0, -1]
    assert (logits[0] - ref0).abs().max() <= 1e-4 and (logits[1] - ref1).abs().max() <= 1e-4
    with pytest.raises(IndexError):
        out.at([0], [4])


@pytest.mark.parametrize("threads", [None, 1])
def test_decode_steps_match_full_forward_and_are_bitwise_batch_invariant(setup, threads):
    model, bb, context, state, _ = setup
    old = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        gen = torch.Generator().manual_seed(23)
        rows = _rows(gen, (2, 15, 16, 30), 320)
        steps = torch.randint(0, 320, (4, 5), generator=gen)     # 5 greedy-free token choices per row

        def run(order):
            fork = bb.fork(state, [rows[i] for i in order], keep=True).state
            got = {i: [] for i in order}
            live = list(order)
            for s in range(5):
                logits = bb.decode_step(fork, torch.stack([steps[i, s] for i in live]))
                for pos, i in enumerate(live):
                    got[i].append(logits[pos])
                if s == 2 and len(live) > 1:           # drop the first row mid-way
                    fork = fork.select(list(range(1, len(live))))
                    got[live[0]].extend([None, None])
                    live = live[1:]
            return got

        alone = {i: run([i])[i] for i in range(4)}
        for order in ([0, 1, 2, 3], [3, 1, 0, 2]):
            got = run(order)
            for i in order:
                for a, b in zip(got[i], alone[i]):
                    if a is not None:
                        assert torch.equal(a, b)
        for i in range(4):
            for s in range(5):
                with torch.no_grad():
                    seq = torch.cat([context, rows[i], steps[i, :s + 1]])
                    ref = model(seq[None]).logits[0, -1]
                assert (alone[i][s] - ref).abs().max() <= 1e-4
    finally:
        torch.set_num_threads(old)


def test_fork_input_errors(setup):
    _, bb, _, state, _ = setup
    with pytest.raises(ValueError, match="at least one row"):
        bb.fork(state, [])
    with pytest.raises(ValueError, match=r"rows\[1\] is empty"):
        bb.fork(state, [torch.tensor([1]), torch.tensor([], dtype=torch.long)])
    fork = bb.fork(state, [torch.tensor([1, 2])], keep=True).state
    with pytest.raises(ValueError, match="2 ids for 1 rows"):
        bb.decode_step(fork, torch.tensor([1, 2]))
