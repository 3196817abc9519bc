"""The option reader reads what each option line *is* (`heads.option_tokens`): the rows at the
ends of option lines are much alike, so the read is also scored against the mean embedding of
each line's own tokens. The spans are each line's tokens between its bullet and its line end;
the runtime's questions and the training features carry the same vectors; a head set saved
without the term loads silent and keeps its option reader; and options told apart only by their
tokens are learnt through it."""
from __future__ import annotations

import torch

from deg import compile_schema
from deg_model.checkpoint import fresh_heads, load_checkpoint
from deg_model.heads import OPTION_TOKEN_KEYS, Heads, option_tokens
from deg_model.runtime import Observer
from deg_model.runtime import layout as L
from deg_model.training.features import FeatureQuestion, FeatureRecord, attach_embeddings
from deg_model.training.objective import raw_logits
from runtime_fixtures import CONTEXT, SCHEMA, make_runtime
from services.training.trainer import TrainSettings, train

H = 16


def _normed(e: torch.Tensor) -> torch.Tensor:
    return e * torch.rsqrt(e.pow(2).mean(-1, keepdim=True) + 1e-6)


def test_each_option_line_is_its_own_tokens_between_bullet_and_line_end():
    NL, BULLET = 1, 2
    ids = torch.tensor([7, 8, NL, BULLET, 3, NL, BULLET, 4, 5, NL, BULLET, NL])
    embedded = torch.randn(len(ids), H, generator=torch.Generator().manual_seed(0))
    got = option_tokens(ids, embedded, [5, 9, 11])
    e = _normed(embedded)
    assert torch.allclose(got[0], e[4])                          # "- x\n": x
    assert torch.allclose(got[1], e[7:9].mean(0))                 # "- y z\n": y z
    assert torch.allclose(got[2], e[10:12].mean(0))               # "-\n": the whole line
    assert option_tokens(ids, embedded, []).shape == (0, H)


def _choice_question(rt):
    """The choice question a fill of SCHEMA asks (as served)."""
    seen = []
    rt.fill(CONTEXT, compile_schema(SCHEMA), observer=Observer(record_heads=False,
                                                                on_leaf=lambda q, a, trunk, options: seen.append(q)))
    return next(q for q in seen if q.field.mode == "decide.choice")


def test_a_served_question_carries_the_mean_embedding_of_each_option_value(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    q = _choice_question(rt)
    assert q.option_tokens.shape == (len(q.field.options), tiny_backbone.spec.hidden_size)
    table = tiny_backbone.weights["embed"]
    for k, value in enumerate(q.field.options):                   # each line tokenized alone
        line = rt.layout.encode_fork(f"- {L._json(value)}\n")
        own = line[1:-1] if len(line) >= 3 else line
        assert torch.allclose(q.option_tokens[k], _normed(table[own].float()).mean(0), atol=1e-6), value


def test_training_features_carry_the_same_option_tokens_as_the_served_question(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    q = _choice_question(rt)
    fq = FeatureQuestion("choice", q.pointer, None, ids=q.ids, options=tuple(q.options), target=0)
    rec = FeatureRecord("r", torch.zeros(3, tiny_backbone.spec.hidden_size), [fq], ctx_ids=torch.tensor([5, 6, 7]))
    attach_embeddings([rec], tiny_backbone.weights["embed"])
    assert torch.equal(fq.option_tokens, q.option_tokens)


def _reading(seed: int = 3) -> Heads:
    heads = fresh_heads(H, seed=seed, context="hidden+embed+next")
    with torch.no_grad():
        heads.option_value.weight.normal_(generator=torch.Generator().manual_seed(1))
    return heads


def _inputs(n: int = 4, t: int = 7):
    g = torch.Generator().manual_seed(2)
    return (torch.randn(H, generator=g), torch.randn(n, H, generator=g), torch.randn(t, 3 * H, generator=g),
            torch.randn(n, H, generator=g))


def test_a_fresh_token_term_is_silent_and_a_trained_one_moves_each_options_own_logit():
    heads = _reading()
    a, o, c, tokens = _inputs()
    reader = heads.reader_keys(c)
    base = heads.option_scores(heads.choice, a, o, reader)
    assert torch.equal(heads.option_scores(heads.choice, a, o, reader, tokens), base)
    with torch.no_grad():
        heads.option_token.weight.normal_(generator=torch.Generator().manual_seed(4))
        moved = heads.option_scores(heads.choice, a, o, reader, tokens)
        other = tokens.clone()
        other[2] = -other[2]
        changed = heads.option_scores(heads.choice, a, o, reader, other) - moved
    assert not torch.equal(moved, base)
    assert bool(changed[2].abs() > 0) and torch.equal(changed[[0, 1, 3]], torch.zeros(3))
    assert torch.equal(heads.option_scores(heads.choice, a, o, None, tokens), heads.choice(a, o))


def test_a_head_set_saved_without_the_token_term_keeps_its_option_reader():
    old = _reading(seed=5)
    tensors = {k: v for k, v in old.state_dict().items() if k not in OPTION_TOKEN_KEYS}
    loaded = Heads(H, old.dim, context="hidden+embed+next")
    loaded.load_state_dict(Heads.completed(tensors, H, old.dim))
    assert loaded.has_option_reader() and not loaded.option_token.weight.any()
    a, o, c, tokens = _inputs()
    assert torch.equal(loaded.score_logits(a, o, loaded.reader_keys(c), tokens),
                       old.score_logits(a, o, old.reader_keys(c)))


def _alike_records(n: int, seed: int, options: int = 5) -> list[FeatureRecord]:
    """Score questions whose option rows are one vector (as the rows at the ends of `- 1`,
    `- 2`, ... lines nearly are) and whose option lines' tokens are fixed codes; the evidence
    token carries a marker and the code of the right option."""
    g = torch.Generator().manual_seed(seed)
    fixed = torch.Generator().manual_seed(99)
    marker, codes, row = (torch.randn(H, generator=fixed), torch.randn(options, H, generator=fixed),
                          torch.randn(H, generator=fixed))
    out = []
    for k in range(n):
        ctx = torch.randn(12, H, generator=g)
        at, answer = int(torch.randint(12, (1,), generator=g)), int(torch.randint(options, (1,), generator=g))
        ctx[at] += 3 * marker + 3 * codes[answer]
        q = FeatureQuestion("score", "/rating", torch.randn(H, generator=g), o=row.expand(options, H).clone(),
                            target=answer, evidence=(at, at), option_tokens=codes.clone())
        out.append(FeatureRecord(f"s{seed}-{k}", ctx, [q], ctx_emb=torch.randn(12, H, generator=g)))
    return out


def test_options_told_apart_only_by_their_tokens_are_learnt(tmp_path):
    s = TrainSettings(steps=150, batch_records=8, warmup=5, save_every=150, seed=1, lr=3e-3, evidence_weight=1.0)

    def accuracy(h, records, tokens=True):
        right = 0
        with torch.no_grad():
            for r in records:
                q = r.questions[0] if tokens else FeatureQuestion(**{**r.questions[0].__dict__, "option_tokens": None})
                right += int(raw_logits(h, q, h.context_input(r.ctx, r.ctx_emb)).argmax()) == q.target
        return right / len(records)

    unseen = _alike_records(200, seed=8)
    _, heads, _ = load_checkpoint(train(s, _alike_records(240, seed=7), tmp_path))
    assert heads.option_token.weight.any()
    assert accuracy(heads, unseen) > 0.9
    assert accuracy(heads, unseen, tokens=False) < 0.4      # the rows alone cannot tell them apart
