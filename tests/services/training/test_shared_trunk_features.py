"""A record and its schema views share their trunk: features computed on one prefill are the
bits each record gets alone, and a lazily built cache computes only the record a run reads."""
from __future__ import annotations

import pytest
import torch

from deg_model.training.features import read_record, record_file_name
from degdata import generate
from services.training import features as F
from services.training.examples import ExampleBuilder, training_runtime
from services.training.schema_views import with_views

from tiny_llama import tiny_llama_backbone

OPTIONS = dict(adapt_from=1, max_forks=8, adapt_context=True)


@pytest.fixture(scope="module")
def backbone():
    return tiny_llama_backbone(layers=3)


@pytest.fixture(scope="module")
def records():
    base = sorted(generate(3, 14, split="train"), key=lambda r: len(r["context"]))[:2]
    return list(with_views(base, 2, seed=5))       # r0, r0~v1, r0~v2, r1, ...


def _same(a, b):
    assert a.uid == b.uid and torch.equal(a.ctx, b.ctx) and torch.equal(a.trunk_h0, b.trunk_h0)
    assert len(a.questions) == len(b.questions)
    for p, q in zip(a.questions, b.questions):
        assert (p.kind, p.pointer, p.target, p.spans, p.starts) == (q.kind, q.pointer, q.target, q.spans, q.starts)
        assert p.a is None and q.a is None         # context-adapted: the rows stop at adapt_from
        assert torch.equal(p.h0, q.h0) and torch.equal(p.ids, q.ids)


def _counting(backbone, monkeypatch):
    calls = []
    real = backbone.prefill_captured

    def prefill_captured(ids, layer):
        calls.append(int(ids.shape[0]))
        return real(ids, layer)

    monkeypatch.setattr(backbone, "prefill_captured", prefill_captured)
    return calls


def test_one_prefill_serves_a_record_and_its_views_with_the_same_bits(backbone, records, monkeypatch):
    builder = ExampleBuilder(training_runtime(backbone, array_mode="anchor"), seed=0)
    alone = [F.record_features(backbone, builder, r, **OPTIONS) for r in records]
    calls = _counting(backbone, monkeypatch)
    shared = F.shared_trunk_features(backbone, builder, records, **OPTIONS)
    assert len(calls) == 2                          # two contexts, six records
    for a, b in zip(alone, shared):
        _same(a, b)
    assert {r.uid for r in shared} == {r["uid"] for r in records} and len(shared) == 6


def test_a_building_cache_computes_only_the_record_a_run_reads(backbone, records, tmp_path, monkeypatch):
    # a record's schema views come far apart in a run's order; a run stopped before they come
    # would have paid their forks for nothing
    builder = ExampleBuilder(training_runtime(backbone, array_mode="anchor"), seed=0)
    order = [records[4], records[0], records[3], records[1], records[5], records[2]]   # views apart, as a run reads
    cache = F.BuildingCache(tmp_path, backbone, builder, order, **OPTIONS)
    calls = _counting(backbone, monkeypatch)
    first = cache[0]
    assert len(calls) == 1 and first.uid == records[4]["uid"]
    assert {p.name for p in tmp_path.glob("*.pt")} == {record_file_name(records[4]["uid"])}
    got = [cache[i] for i in range(len(order))]
    assert len(calls) == 6                          # one prefill per record, none twice
    again = [cache[i] for i in range(len(order))]
    assert len(calls) == 6                          # read back from disk
    for rec, back, record in zip(got, again, order):
        _same(rec, F.record_features(backbone, builder, record, **OPTIONS))
        _same(back, rec)
        _same(rec, read_record(tmp_path / record_file_name(record["uid"])))
