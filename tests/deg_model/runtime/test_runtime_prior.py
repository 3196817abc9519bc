"""The LM prior (`deg_model.runtime.prior`, `copy_prior`): rows, scores and mixing.

A tiny random llama over the real SmolLM2 vocabulary: its answers are noise, but every
property the prior promises holds for any weights — a head-only mix runs no prior row and
is the old outcome; a prior-only mix is decided by the LM alone; every prior output is
bitwise the same alone, in a bigger schema, reordered and beside other requests.
"""
from __future__ import annotations

import copy
import dataclasses
import math

import pytest
import torch

from deg import compile_schema
from deg.request import FillOptions
from deg_model.runtime import FillJob, Observer
from deg_model.runtime.copy_prior import CopySites, PieceIndex, copy_start, span_end
from deg_model.runtime.prior import FRAMINGS, decide_scores, question_text
from deg_model.scoring import DecideEvidence, Mix, ScoringSettings
from deg_model.scoring import decide_scores as composed, decide_terms

HALF = ScoringSettings(**{kind: Mix(0.5, 0.5) for kind in ("choice", "score", "noul", "extract")})

from runtime_fixtures import CONTEXT, SCHEMA, make_runtime

NO_GENERATE = {**SCHEMA, "properties": {k: v for k, v in SCHEMA["properties"].items() if k != "reply"}}


@pytest.fixture(scope="module")
def prior_runtime(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    rt.set_scoring(HALF)
    return rt


def fill(rt, schema, context=CONTEXT):
    seen = Observer()
    raw = rt.fill(context, compile_schema(schema), FillOptions(), observer=seen)
    return {o.pointer: o for o in raw.fields}, seen.last_heads, dict(rt.last_stats)


def test_heads_only_mix_runs_no_prior_row(tiny_backbone):
    plain = make_runtime(tiny_backbone)
    mixed = make_runtime(tiny_backbone)
    mixed.set_scoring(ScoringSettings.heads_only())
    a, b = fill(plain, NO_GENERATE), fill(mixed, NO_GENERATE)
    assert a[0] == b[0] and a[2] == b[2]
    assert not any(k.startswith("prior") for k in b[1])


def test_prior_rows_are_counted_and_recorded(prior_runtime, tiny_backbone):
    outcomes, heads, stats = fill(prior_runtime, NO_GENERATE)
    plain = fill(make_runtime(tiny_backbone), NO_GENERATE)[2]
    assert stats["fork_rows"] > plain["fork_rows"] and stats["fork_tokens"] > plain["fork_tokens"]
    for pointer in ("/dept", "/urgent", "/anger", "/order_id", "/total", "/due", "/email"):
        assert f"prior:{pointer}" in heads, pointer
    dept = heads["prior:/dept"]                                  # log-probabilities over 3 options
    assert dept.shape == (3,) and math.isclose(float(dept.exp().sum()), 1.0, rel_tol=1e-9)
    start = heads["prior:/order_id"]                             # context tokens + null
    assert math.isclose(float(torch.logsumexp(start, 0)), 0.0, abs_tol=1e-9)


def test_prior_is_bitwise_invariant(prior_runtime):
    full = fill(prior_runtime, NO_GENERATE)
    names = list(NO_GENERATE["properties"])
    reordered = {**NO_GENERATE, "properties": {n: NO_GENERATE["properties"][n] for n in reversed(names)}}
    alone = {"type": "object", "properties": {"order_id": copy.deepcopy(SCHEMA["properties"]["order_id"]),
                                              "dept": copy.deepcopy(SCHEMA["properties"]["dept"])}}
    for other in (fill(prior_runtime, NO_GENERATE), fill(prior_runtime, reordered), fill(prior_runtime, alone)):
        for key, value in other[1].items():
            assert torch.equal(value, full[1][key]), key
        for pointer, outcome in other[0].items():
            assert outcome == full[0][pointer], pointer
    plan = compile_schema(NO_GENERATE)
    jobs = [FillJob(CONTEXT, plan, FillOptions()), FillJob("Nothing to see here.", compile_schema(alone), FillOptions()),
            FillJob(CONTEXT, plan, FillOptions())]
    seen = Observer()
    results = prior_runtime.fill_many(jobs, observer=seen)
    assert {o.pointer: o for o in results[0].fields} == full[0] == {o.pointer: o for o in results[2].fields}
    for key, value in seen.heads[2].items():
        assert torch.equal(value, full[1][key]), key


def test_prior_only_mix_answers_from_the_lm(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    rt.set_scoring(ScoringSettings.prior_only())
    outcomes, heads, _ = fill(rt, NO_GENERATE)
    dept = outcomes["/dept"]
    assert dept.probabilities == pytest.approx(heads["prior:/dept"].exp().tolist(), rel=1e-12)
    # another head set gives the same decisions: the heads take no part
    other = make_runtime(tiny_backbone, seed=5)
    other.set_scoring(ScoringSettings.prior_only())
    again = fill(other, NO_GENERATE)[0]
    for pointer in ("/dept", "/urgent", "/anger", "/order_id", "/email"):
        assert again[pointer] == outcomes[pointer], pointer


def test_forced_options_score_their_whole_continuation(prior_runtime):
    field = compile_schema({"type": "object", "properties": {"n": {"enum": [1, 10, 2]}}, "required": ["n"]}).fields[0]
    prior = prior_runtime.questions.prior.decide("choice", field, "/n", [1, 10, 2])
    # " 1}" and " 10}" share " 1": both are teacher-forced; " 2}" is read off the main row
    assert [option for option, _ in prior.forced] == [0, 1] and len(prior.rows) == 3
    vocab = int(prior_runtime.backbone.spec.vocab_size)
    reads = [torch.log_softmax(torch.randn(len(r), vocab, dtype=torch.float64), -1) for r in prior.read]
    scores = decide_scores(prior, reads)
    ids = prior.rows[1]
    first = prior.read[1][0]
    expected_one = sum(float(reads[1][k, ids[first + 1 + k]]) for k in range(len(ids) - first - 1))
    raw = torch.tensor([expected_one, 0.0, float(reads[0][0, prior.next_token[2]])], dtype=torch.float64)
    ids10 = prior.rows[2]
    raw[1] = sum(float(reads[2][k, ids10[first + 1 + k]]) for k in range(len(ids10) - first - 1))
    assert torch.allclose(scores, torch.log_softmax(raw, -1), rtol=0, atol=1e-12)


def test_copy_start_sums_every_piece_the_text_begins_with(smollm2_tokenizer):
    pieces = PieceIndex(smollm2_tokenizer, 49152)
    text = "Invoice INV-2041 due"
    enc = smollm2_tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
    sites = CopySites.of(text, [tuple(o) for o in enc["offset_mapping"]], pieces)
    lp = torch.log_softmax(torch.randn(49152, dtype=torch.float64), -1)
    got = copy_start(lp, sites)
    brute = []
    for a in sites.starts:
        ids = [i for n in range(1, min(16, len(text) - a) + 1) for i in pieces.by_text.get(text[a:a + n], [])]
        brute.append(torch.logsumexp(lp[ids], 0))
    assert torch.allclose(got, torch.log_softmax(torch.stack(brute), -1), rtol=0, atol=1e-12)
    inv = next(t for t, a in enumerate(sites.starts) if text[a:].startswith("INV"))
    assert set(pieces.by_text["IN"]) <= {int(i) for i in sites.piece[sites.token == inv]}
    assert "<|im_end|>" not in pieces.by_text          # markup is never a copied piece


def test_span_end_is_a_distribution_over_context_token_ends(smollm2_tokenizer):
    pieces = PieceIndex(smollm2_tokenizer, 49152)
    ids, ends = pieces.encode("INV-2041 due")
    read = torch.log_softmax(torch.randn(len(ids), 49152, dtype=torch.float64), -1)
    token_ends = [3, 4, 5, 9, 13]
    out = span_end(read, ids, ends, 0, token_ends, pieces)
    finite = out[~torch.isinf(out)]
    assert math.isclose(float(torch.logsumexp(finite, 0)), 0.0, abs_tol=1e-9)


def test_a_zero_weight_drops_its_term():
    logits = torch.tensor([-1.0, -2.0])
    prior = torch.tensor([-math.inf, 0.0], dtype=torch.float64)

    def scores(mix):
        return composed(decide_terms(ScoringSettings(choice=mix), DecideEvidence("choice", logits, prior)))

    assert torch.equal(scores(Mix(1.0, 0.0)), torch.log_softmax(logits.double(), -1))
    assert torch.equal(scores(Mix(0.0, 2.0)), prior * 2)
    assert not torch.isnan(scores(Mix(1.0, 1.0))).any()


def test_framings_name_the_field_and_its_options():
    field = compile_schema({"type": "object", "properties": {"currency": {"enum": ["EUR", "USD"], "description": "Currency."}},
                            "required": ["currency"]}).fields[0]
    for name in FRAMINGS:
        text = question_text(field, "/currency", ["EUR", "USD"], name)
        assert '"EUR"' in text and ("currency" in text or "Currency" in text), name


def test_old_head_sets_load_with_the_heads_alone():
    assert ScoringSettings.from_legacy_tensors({}) == ScoringSettings.heads_only()
    assert all(ScoringSettings.heads_only().mix(kind) == Mix(1.0, 0.0) for kind in ("choice", "extract", "count"))


def test_fit_decodes_every_mix_as_the_runtime_would(tiny_backbone):
    from deg_model.training.prior_fit import fit_mix, leaf_accuracy, record_leaves

    rt = make_runtime(tiny_backbone)
    gold = {"dept": "tech", "urgent": True, "anger": 4, "order_id": "A-1234", "total": 1234.5,
            "due": None, "email": "jane.doe@example.com"}
    schema = {**NO_GENERATE, "properties": {k: v for k, v in NO_GENERATE["properties"].items() if k in gold},
              "required": ["dept", "urgent", "email"]}
    records = [{"context": CONTEXT, "schema": schema, "value": gold}]
    leaves = record_leaves(rt, records)
    assert sorted(leaf.question.pointer for leaf in leaves) == sorted(f"/{k}" for k in gold)
    assert rt.scoring == ScoringSettings.heads_only()                # recording leaves the mix as it was
    mix, report = fit_mix(rt, leaves, grid=(0.0, 1.0))
    assert set(report) == {"choice", "score", "noul", "extract"}
    for kind, row in report.items():
        assert row["mixed"] >= max(row["heads_only"], row["prior_only"]), kind
    # offline decoding under a mix equals a real fill under that mix
    offline = leaf_accuracy(rt, leaves, ScoringSettings.prior_only())
    rt.set_scoring(ScoringSettings.prior_only())
    raw = rt.fill(CONTEXT, compile_schema(schema), FillOptions())
    rt.set_scoring(ScoringSettings.heads_only())
    from degcommon.datagen_scoring import leaf_correct
    online = sum(leaf_correct(o.mode, gold.get(o.pointer[1:]), o.value if o.found else None) for o in raw.fields)
    assert offline["all"]["leaves"] == len(gold)
    assert round(offline["all"]["accuracy"] * len(gold)) == online


def test_prior_reads_of_a_round_share_lm_head_passes_bitwise(prior_runtime, tiny_backbone, monkeypatch):
    calls = []
    original = tiny_backbone.logits
    monkeypatch.setattr(tiny_backbone, "logits", lambda h: calls.append(int(h.shape[0])) or original(h))
    shared = fill(prior_runtime, NO_GENERATE)
    shared_calls = len(calls)
    jobs = [FillJob(CONTEXT, compile_schema(NO_GENERATE), FillOptions())] * 3
    together = prior_runtime.fill_many(jobs)
    together_calls = len(calls) - shared_calls
    calls.clear()
    monkeypatch.setattr(prior_runtime.prior, "read_ahead", lambda hiddens: None)    # each read on its own
    alone = fill(prior_runtime, NO_GENERATE)
    assert alone[0] == shared[0]
    assert alone[1].keys() == shared[1].keys() and all(torch.equal(alone[1][k], shared[1][k]) for k in alone[1])
    assert all(raw.fields == list(shared[0].values()) for raw in together)
    assert shared_calls < len(calls) and together_calls == shared_calls         # 3 requests: no more passes


def test_verbatim_evidence_marks_options_the_context_states():
    from deg_model.runtime.verbatim import option_evidence

    text = "Total due: 1250.00 EUR. Paid by Credit card. Status 1."
    got = option_evidence(["EUR", "USD", "credit_card", "1", "card paid", None], 7, text)
    assert got.tolist() == [1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]     # "1": no letter; null slot 0
    assert option_evidence(["eu"], 1, text).tolist() == [0.0]        # whole words only


def test_adjustments_fit_and_decode_as_a_fill_would(tiny_backbone):
    from deg_model.training.prior_fit import fit_adjustments, leaf_accuracy, record_leaves
    from degcommon.datagen_scoring import leaf_correct

    rt = make_runtime(tiny_backbone)
    gold = {"dept": "tech", "urgent": False}
    schema = {**NO_GENERATE, "properties": {k: NO_GENERATE["properties"][k] for k in gold}, "required": list(gold)}
    context = CONTEXT + "\nRouted to tech."
    leaves = record_leaves(rt, [{"context": context, "schema": schema, "value": gold}])
    values, report = fit_adjustments(rt, leaves, ScoringSettings.heads_only())
    assert set(values) == {"verbatim_weight", "noul_shift"}
    assert all(row["with"] >= row["without"] for row in report.values())
    assert rt.scoring == ScoringSettings.heads_only()                 # left as found
    # a strong shift towards false and a strong verbatim weight decide both leaves
    strong = ScoringSettings(noul_shift=-50.0, verbatim_weight=50.0)
    rt.set_scoring(strong)
    raw = rt.fill(context, compile_schema(schema), FillOptions())
    assert {o.pointer: o.value for o in raw.fields} == {"/dept": "tech", "/urgent": False}
    assert leaf_accuracy(rt, leaves, strong)["all"]["accuracy"] == 1.0
    assert strong.adjustments_off() == ScoringSettings.heads_only() and rt.scoring == strong


def test_calibration_reads_the_scores_the_server_composes(tiny_backbone):
    from deg.outcomes import pick_extract
    from deg_model.training.calibration import served_scores
    from deg_model.training.prior_fit import record_leaves

    rt = make_runtime(tiny_backbone)
    settings = dataclasses.replace(HALF, verbatim_weight=4.0, noul_shift=-0.5, relevance_weight=16.0,
                                   closing_weight=4.0, null_margin=1.5)
    rt.set_scoring(settings)
    raw = rt.fill(CONTEXT, compile_schema(NO_GENERATE), FillOptions())
    served = {o.pointer: o for o in raw.fields}
    rt.set_scoring(ScoringSettings())
    leaves = record_leaves(rt, [{"context": CONTEXT, "schema": NO_GENERATE, "value": {}}])
    scores = served_scores(rt, leaves, settings)
    assert rt.scoring == ScoringSettings() and len(scores) == len(leaves) > 0
    for leaf, score in zip(leaves, scores):
        out, f = served[leaf.question.pointer], leaf.question.field
        if f.mode.startswith("decide."):
            probs = torch.softmax(score, -1).tolist()
            assert (out.probabilities or [out.probability]) == (probs if f.mode != "decide.noul" else probs[:1])
        else:
            picked = pick_extract(f, out.pointer, CONTEXT, [(s, v) for s, v, _ in score.spans], score.null,
                                  null_margin=1.5, date_order=leaf.options.date_order)
            assert (picked.value, picked.span, picked.confidence) == (out.value, out.span, out.confidence), out.pointer
