"""`--prior-residual` features: each decide / extract question keeps the LM prior exactly as
the runtime serves it (same rows, same reads, the head's outcome order), on a tiny random llama
with the real SmolLM2 tokenizer."""
from __future__ import annotations

import random

import pytest
import torch

from deg.request import FillOptions
from deg.schema import compile_schema
from deg_model.checkpoint import CheckpointConfig, fresh_heads, load_checkpoint
from deg_model.runtime import Observer, Runtime
from deg_model.scoring import PRIOR_KINDS, Mix, ScoringSettings
from deg_model.training.features import (LazyCache, attach_embeddings, cache_has_priors, load_cache, read_record,
                                         record_context, record_file_name)
from deg_model.training.objective import raw_logits
from services.training.examples import ExampleBuilder, training_runtime
from services.training.features import build_cache, record_features
from services.training.trainer import TrainSettings, train

from tiny_llama import tiny_llama_backbone

SCHEMA = {
    "type": "object",
    "properties": {
        "dept": {"enum": ["billing", "tech", "sales", "legal"], "description": "Which team handles it"},
        "urgent": {"type": "boolean"},
        "anger": {"type": ["integer", "null"], "minimum": 1, "maximum": 3},
        "order_id": {"type": "string", "title": "Order number"},
        "coupon": {"type": ["string", "null"]},
        "tags": {"type": "array", "maxItems": 2, "items": {"type": "string"}},
    },
    "required": ["dept", "urgent", "anger", "order_id", "coupon", "tags"],
}
CONTEXT = "Ticket from Jane. Order A-1234 arrived broken; the tech team should look.\nTags: broken, late."
VALUE = {"dept": "tech", "urgent": True, "anger": None, "order_id": "A-1234", "coupon": None,
         "tags": ["broken", "late"]}


def _record(uid: str) -> dict:
    spans = {"/order_id": [CONTEXT.index("A-1234"), CONTEXT.index("A-1234") + 6],
             "/tags/0": [CONTEXT.index("broken,"), CONTEXT.index("broken,") + 6],
             "/tags/1": [CONTEXT.index("late."), CONTEXT.index("late.") + 4]}
    return {"uid": uid, "context": CONTEXT, "schema": SCHEMA, "value": VALUE, "spans": spans,
            "span_alternatives": {}, "split": "train"}


@pytest.fixture(scope="module")
def backbone():
    return tiny_llama_backbone()


@pytest.fixture(scope="module")
def builder(backbone):
    return ExampleBuilder(training_runtime(backbone), seed=0, prior=True)


@pytest.fixture(scope="module")
def shuffled(builder):
    """A record whose choice the builder shows shuffled, and the plan it shows."""
    for k in range(64):
        uid = f"prior-{k}"
        plan, perms = builder._shuffled_plan(compile_schema(SCHEMA), random.Random(f"{builder.seed}:{uid}"))
        if perms.get("/dept", list(range(4))) != list(range(4)):
            return _record(uid), plan
    raise AssertionError("no shuffled choice in 64 uids")


@pytest.fixture(scope="module")
def feats(backbone, builder, shuffled):
    with torch.no_grad():
        return record_features(backbone, builder, shuffled[0])


def _served_priors(backbone, plan) -> dict[str, torch.Tensor]:
    """What a runtime mixing the prior in records as each leaf's prior, on the same plan."""
    config = CheckpointConfig(model_id="t", backbone="t", hidden=backbone.spec.hidden_size, array_mode="index")
    runtime = Runtime(backbone, fresh_heads(backbone.spec.hidden_size), config)
    runtime.set_scoring(ScoringSettings.all_on())
    seen = Observer()
    runtime.fill(CONTEXT, plan, FillOptions(), observer=seen)
    return {k[len("prior:"):]: v for k, v in seen.last_heads.items() if k.startswith("prior:")}


def test_priors_equal_what_the_runtime_serves_in_the_heads_order(backbone, feats, shuffled):
    record, plan = shuffled
    served = _served_priors(backbone, plan)
    by_pointer = {q.pointer: q for q in feats.questions}
    for pointer in ("/dept", "/urgent", "/anger", "/order_id", "/coupon"):
        q = by_pointer[pointer]
        assert q.prior is not None and q.prior.dtype == torch.float64, pointer
        assert torch.equal(q.prior, served[pointer]), pointer
    dept = next(f for f in plan.fields if f.pointer == "/dept")
    assert list(dept.options) != SCHEMA["properties"]["dept"]["enum"]           # shown shuffled
    assert by_pointer["/dept"].target == list(dept.options).index("tech")      # the target and ...
    assert by_pointer["/dept"].prior.shape == (4,)                              # ... prior share that order
    assert by_pointer["/urgent"].prior.shape == (2,) and by_pointer["/urgent"].target == 0   # [true, false]
    assert by_pointer["/anger"].prior.shape == (4,) and by_pointer["/anger"].target == 3     # 3 levels + null
    assert by_pointer["/order_id"].prior.shape == (feats.ctx.shape[0] + 1,)                  # context tokens + null


def test_the_shuffled_order_is_the_prior_of_the_shown_options(backbone, builder, shuffled):
    """The prior of a choice depends on the order the question lists its options in: the
    cached one is that of the shown (shuffled) order, not of the schema's."""
    record, plan = shuffled
    schema_order = _served_priors(backbone, compile_schema(SCHEMA))["/dept"]
    with torch.no_grad():
        cached = next(q for q in record_features(backbone, builder, record).questions if q.pointer == "/dept")
    assert not torch.equal(cached.prior, schema_order)


def test_extract_prior_indexes_the_feature_context_tokens(backbone, builder, feats, shuffled):
    built = builder.build(shuffled[0])
    assert torch.equal(built.trunk.ids[built.trunk.context_index], feats.ctx_ids)
    order = next(q for q in feats.questions if q.pointer == "/order_id")
    assert order.spans and all(torch.isfinite(order.prior[s]) for s, _ in order.spans)
    assert float(torch.logsumexp(order.prior, 0)) == pytest.approx(0.0, abs=1e-9)


def test_array_items_carry_priors_and_array_questions_none(feats):
    kinds = {(q.kind, q.pointer): q.prior for q in feats.questions}
    assert kinds[("count", "/tags")] is None
    assert kinds[("extract", "/tags/0")] is not None and kinds[("extract", "/tags/1")] is not None


def test_features_without_the_prior_are_unchanged(backbone, feats, shuffled):
    with torch.no_grad():
        plain = record_features(backbone, ExampleBuilder(training_runtime(backbone), seed=0), shuffled[0])
    assert torch.equal(plain.ctx, feats.ctx) and len(plain.questions) == len(feats.questions)
    for p, q in zip(plain.questions, feats.questions):
        assert p.prior is None and p.pointer == q.pointer and p.target == q.target and torch.equal(p.a, q.a)


def test_cache_round_trips_priors_and_old_records_load_without(backbone, builder, feats, shuffled, tmp_path):
    with torch.no_grad():
        build_cache(tmp_path / "c", backbone, builder, [shuffled[0]])
    [loaded] = load_cache(tmp_path / "c")
    for x, y in zip(loaded.questions, feats.questions):
        assert (x.prior is None and y.prior is None) or torch.equal(x.prior, y.prior)
    assert cache_has_priors(LazyCache(tmp_path / "c").identity)
    with pytest.raises(ValueError, match="feature cache was built for"):
        build_cache(tmp_path / "c", backbone, ExampleBuilder(training_runtime(backbone), seed=0), [shuffled[0]])
    # a record written before questions had a prior
    path = tmp_path / "c" / record_file_name(shuffled[0]["uid"])
    raw = torch.load(path, weights_only=False)
    for q in raw["questions"]:
        del q["prior"]
    torch.save(raw, path)
    assert all(q.prior is None for q in read_record(path).questions)


def test_a_residual_checkpoint_serves_the_distribution_it_was_trained_on(backbone, builder, shuffled, tmp_path):
    """Features -> residual training -> checkpoint -> Runtime.fill: a decide leaf's served
    probabilities are the trained head composed with the prior, as the loss composed them."""
    with torch.no_grad():
        build_cache(tmp_path / "f", backbone, builder, [shuffled[0]])
    cached = load_cache(tmp_path / "f")
    attach_embeddings(cached, backbone.weights["embed"])
    last = train(TrainSettings(steps=2, batch_records=1, warmup=1, save_every=2, prior_residual=True), cached,
                 tmp_path / "run")
    config, heads, _ = load_checkpoint(last)
    assert all(config.scoring.mix(kind) == Mix(1.0, 1.0) for kind in PRIOR_KINDS)
    runtime = Runtime(backbone, heads, config)
    raw = runtime.fill(CONTEXT, shuffled[1], FillOptions())
    served = {o.pointer: o for o in raw.fields}
    rec = cached[0]
    ctx = record_context(heads, rec)
    for q in rec.questions:
        if q.kind in ("choice", "score"):
            with torch.no_grad():
                trained = torch.softmax(torch.log_softmax(raw_logits(heads, q, ctx).double(), -1) + q.prior, -1)
            assert served[q.pointer].probabilities == pytest.approx(trained.tolist(), rel=1e-4, abs=1e-6), q.pointer
