"""Contextual reads: the flag reader's values read the trunk's hidden state alone, so a read says
what the sentence says at a token and not which token it is (" unpaid" reads like " paid" by its
pieces). Recorded only when set; the embedding columns stay zero through a run and its resume."""
from __future__ import annotations

import json

import pytest
import torch

from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.training.features import FeatureQuestion, FeatureRecord
from services.training.run_state import settings_record
from services.training.param_groups import restrict_flag_reads
from services.training.trainer import TrainSettings, train

from test_train_trainer import H


def _worded_flags(n: int, seed: int, wording_agrees: bool) -> list[FeatureRecord]:
    """True/false questions said at one token: its hidden state carries the flag's sign, its
    embedding a marker and a word whose sign agrees with the answer (`wording_agrees`) or is
    drawn apart from it, as a negated word reads like its stem."""
    g = torch.Generator().manual_seed(seed)
    marker, flag, word = torch.randn(3, H, generator=torch.Generator().manual_seed(99))
    out = []
    for k in range(n):
        ctx, emb = torch.randn(12, H, generator=g), torch.randn(12, H, generator=g)
        at, value = int(torch.randint(12, (1,), generator=g)), bool(torch.randint(2, (1,), generator=g))
        worded = value if wording_agrees else bool(torch.randint(2, (1,), generator=g))
        ctx[at] += 3 * marker + (1 if value else -1) * flag      # said by the sentence, less loudly
        emb[at] += 3 * marker + (6 if worded else -6) * word     # than the word itself
        q = FeatureQuestion("noul", "/b", torch.randn(H, generator=g), target=0 if value else 1, evidence=(at, at))
        out.append(FeatureRecord(f"w{seed}-{k}", ctx, [q], ctx_emb=emb))
    return out


def _reads_right(heads, records) -> float:
    with torch.no_grad():
        right = 0
        for r in records:
            q = r.questions[0]
            alone = heads.flag_read_score(q.a, heads.reader_keys(heads.context_input(r.ctx, r.ctx_emb)))
            right += (float(alone) > 0) == (q.target == 0)
    return right / len(records)


def test_restricting_zeroes_the_embedding_columns_and_keeps_them_at_zero():
    heads = fresh_heads(H, seed=3, context="hidden+embed+next")
    with torch.no_grad():
        heads.flag_value.weight.normal_(0, 0.5, generator=torch.Generator().manual_seed(4))
    hidden_before = heads.flag_value.weight[:, :H].clone()
    restrict_flag_reads(heads)
    assert torch.equal(heads.flag_value.weight[:, :H], hidden_before)
    assert not heads.flag_value.weight[:, H:].any()
    opt = torch.optim.AdamW(heads.parameters(), lr=1e-2, weight_decay=0.01)
    for r in _worded_flags(4, seed=1, wording_agrees=True):
        reader = heads.reader_keys(heads.context_input(r.ctx, r.ctx_emb))
        loss = heads.flag_read_score(r.questions[0].a, reader) ** 2
        opt.zero_grad()
        loss.backward()
        opt.step()
    assert not heads.flag_value.weight[:, H:].any()
    assert not torch.equal(heads.flag_value.weight[:, :H], hidden_before)


def test_a_run_records_contextual_reads_only_when_set_and_resumes_with_them(tmp_path):
    assert "contextual_reads" not in settings_record(TrainSettings(steps=3))
    s = TrainSettings(steps=4, batch_records=4, warmup=1, save_every=2, seed=2, evidence_weight=1.0,
                      reads_weight=1.0, contextual_reads=True, context="hidden+embed+next")
    records = _worded_flags(16, seed=3, wording_agrees=True)
    train(s, records, tmp_path, stop_after=2)
    last = train(s, records, tmp_path)
    assert json.loads((last / "trainer.json").read_text())["settings"]["contextual_reads"] is True
    _, heads, _ = load_checkpoint(last)
    assert heads.flag_value.weight[:, :H].any() and not heads.flag_value.weight[:, H:].any()


@pytest.mark.parametrize("contextual", [False, True])
def test_a_contextual_reader_reads_the_sentence_where_the_word_misleads(tmp_path, contextual):
    s = TrainSettings(steps=120, batch_records=8, warmup=5, save_every=120, seed=1, lr=3e-3,
                      evidence_weight=1.0, reads_weight=1.0, contextual_reads=contextual,
                      context="hidden+embed")
    _, heads, _ = load_checkpoint(train(s, _worded_flags(240, seed=7, wording_agrees=True), tmp_path))
    misled = _reads_right(heads, _worded_flags(200, seed=8, wording_agrees=False))
    assert _reads_right(heads, _worded_flags(200, seed=8, wording_agrees=True)) > 0.9
    if contextual:
        assert misled > 0.9
    else:                               # the word the reader leaned on in training misleads it
        assert misled < 0.85


def test_a_reader_only_run_moves_the_reader_and_nothing_else(tmp_path):
    with pytest.raises(ValueError, match="train_only"):
        TrainSettings(steps=3, train_only="everything")
    assert "train_only" not in settings_record(TrainSettings(steps=3))
    start = fresh_heads(H, seed=1, context="hidden+embed")
    s = TrainSettings(steps=6, batch_records=4, warmup=1, save_every=6, seed=1, lr=3e-3, evidence_weight=1.0,
                      reads_weight=1.0, train_only="reader", context="hidden+embed")
    last = train(s, _worded_flags(24, seed=3, wording_agrees=True), tmp_path)
    assert json.loads((last / "trainer.json").read_text())["settings"]["train_only"] == "reader"
    _, heads, _ = load_checkpoint(last)
    moved = {n for n, p in heads.state_dict().items() if not torch.equal(p, start.state_dict()[n])}
    assert {"flag_value.weight", "flag_query.weight", "evidence.q.weight", "noul.weight"} <= moved
    assert all(n.startswith(("evidence.", "flag_query.", "flag_value.", "noul.")) for n in moved), moved


def test_a_contextual_pointer_keeps_the_evidence_keys_on_the_hidden_state_too(tmp_path):
    s = TrainSettings(steps=4, batch_records=4, warmup=1, save_every=4, seed=2, lr=3e-3, evidence_weight=1.0,
                      reads_weight=1.0, contextual_pointer=True, context="hidden+embed+next")
    last = train(s, _worded_flags(16, seed=3, wording_agrees=True), tmp_path)
    assert json.loads((last / "trainer.json").read_text())["settings"]["contextual_pointer"] is True
    _, heads, _ = load_checkpoint(last)
    for weight in (heads.flag_value.weight, heads.evidence.k.weight, heads.evidence.u.weight):
        assert weight[:, :H].any() and not weight[:, H:].any()
