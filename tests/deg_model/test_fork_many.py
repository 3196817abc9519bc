"""`Backbone.fork_many`: rows of several prefix states in one pass give, bitwise, what each row
gives forked alone from its own prefix, for the pure-attention family and both hybrids, in the
fork pass and in decode steps that continue rows of different prefixes together."""
from __future__ import annotations

import pytest
import torch

from deg_model.backbone import Backbone

VOCAB = 320


@pytest.fixture(scope="module", params=["llama", "qwen3.5", "lfm2"])
def backbone(request, make_tiny, make_tiny_qwen35, make_tiny_lfm2):
    makers = {"llama": make_tiny, "qwen3.5": make_tiny_qwen35, "lfm2": make_tiny_lfm2}
    return Backbone.from_hf_model(makers[request.param](40))


def _ids(gen, n):
    return torch.randint(0, VOCAB, (n,), generator=gen)


@pytest.fixture(scope="module")
def prefixes(backbone):
    gen = torch.Generator().manual_seed(41)
    return [backbone.prefill(_ids(gen, n)) for n in (37, 80, 5)]


def test_rows_of_several_prefixes_equal_each_row_alone(backbone, prefixes):
    gen = torch.Generator().manual_seed(42)
    parts = [(prefixes[0], [_ids(gen, n) for n in (3, 17)]),
             (prefixes[1], [_ids(gen, n) for n in (16, 1, 30)]),
             (prefixes[2], [_ids(gen, 9)]),
             (prefixes[0], [_ids(gen, 17)])]               # the same prefix again, later
    out = backbone.fork_many(parts)
    r = 0
    for state, rows in parts:
        for row in rows:
            alone = backbone.fork(state, [row]).normed[0, :len(row)]
            assert torch.equal(out.normed[r, :len(row)], alone)
            assert torch.count_nonzero(out.normed[r, len(row):]) == 0
            r += 1
    assert out.normed.shape[0] == r == 7
    assert [s.length for s in prefixes] == [37, 80, 5]           # prefixes read, never consumed


def test_decode_steps_across_prefixes_equal_each_row_alone(backbone, prefixes):
    gen = torch.Generator().manual_seed(43)
    rows = [(prefixes[1], _ids(gen, 4)), (prefixes[0], _ids(gen, 20)), (prefixes[2], _ids(gen, 2))]
    steps = _ids(gen, 12).view(3, 4)                                 # 4 forced tokens per row

    def run(chosen):
        fork = backbone.fork_many([(rows[i][0], [rows[i][1]]) for i in chosen], keep=True).state
        got = {i: [] for i in chosen}
        live = list(chosen)
        for s in range(4):
            logits = backbone.decode_step(fork, torch.stack([steps[i, s] for i in live]))
            for pos, i in enumerate(live):
                got[i].append(logits[pos])
            if s == 1 and len(live) > 1:                             # the first row finishes early
                fork = fork.select(list(range(1, len(live))))
                live = live[1:]
        return got

    alone = {i: run([i])[i] for i in range(3)}
    together = run([0, 1, 2])
    for i in range(3):
        for a, b in zip(together[i], alone[i]):
            assert torch.equal(a, b)
    assert len(together[0]) == 2 and len(together[2]) == 4


def test_fork_many_input_errors(backbone, prefixes):
    with pytest.raises(ValueError, match="at least one row"):
        backbone.fork_many([])
    with pytest.raises(ValueError, match=r"parts\[1\] has no rows"):
        backbone.fork_many([(prefixes[0], [torch.tensor([1])]), (prefixes[1], [])])
    with pytest.raises(ValueError, match=r"parts\[0\] must be a \(State, rows\) pair"):
        backbone.fork_many([([torch.tensor([1])],)])
    with pytest.raises(ValueError, match=r"parts\[1\] rows\[0\] is empty"):
        backbone.fork_many([(prefixes[0], [torch.tensor([1])]),
                            (prefixes[1], [torch.tensor([], dtype=torch.long)])])
