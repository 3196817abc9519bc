"""Building the frozen-backbone feature cache from datagen records (training side).

Per record: the trunk's final-normed hidden states at the context tokens (`ctx`
[Tc, H]) and, per question, `a` [H] (the `ANSWER:` token) and `o` [n, H] (option line ends),
read from fork rows exactly as the runtime reads them (`runtime.asking.Asker`). Forks run in micro-batches under a
token budget; a row's numerics do not depend on the other rows (batch-invariant fork path).
The records, their on-disk layout and loading live in `deg_model.training.features` (what
calibration reads too). With a builder that carries the LM prior's rows (`--prior-residual`),
each decide / extract question also gets the prior as served (`prior_features`).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterable

import torch
from tqdm import tqdm

from deg_model.backbone import Backbone
from deg_model.training.features import (FORK_TOKEN_BUDGET, FeatureQuestion, FeatureRecord, LazyCache,
                                         read_record, record_file_name, save_record, write_index)

from .examples import Example, ExampleBuilder
from .prior_features import question_priors


def cap_examples(examples: list[Example], max_forks: int | None, seed: int, uid: str) -> list[Example]:
    """At most `max_forks` questions of a record (contract 12.4 `cap_forks`): whole-array
    questions (anchor, count) are always kept, the rest is a random subset seeded by
    (seed, uid), kept in the record's order. A long table (a bank statement has ~150 forks,
    80% of all fork tokens of a datagen run) otherwise dominates the cache and the steps."""
    if max_forks is None or len(examples) <= max_forks:
        return examples
    whole = [k for k, e in enumerate(examples) if e.kind in ("anchor", "count")]
    rest = [k for k, e in enumerate(examples) if e.kind not in ("anchor", "count")]
    gen = torch.Generator().manual_seed(int(hashlib.sha256(f"{seed}:{uid}".encode()).hexdigest()[:15], 16))
    room = max(0, max_forks - len(whole))
    picked = [rest[int(i)] for i in torch.randperm(len(rest), generator=gen)[:room]]
    keep = sorted(whole + picked)
    return [examples[k] for k in keep]


def record_features(backbone: Backbone, builder: ExampleBuilder, record: dict[str, Any],
                    *, token_budget: int = FORK_TOKEN_BUDGET, adapt_from: int | None = None,
                    max_forks: int | None = None, adapt_context: bool = False) -> FeatureRecord:
    """`adapt_from`: also keep what LoRA training of layers >= adapt_from needs (the frozen
    layers below give the same bits every step, so they run once, here): each fork row's
    hidden states entering that layer and the trunk's K/V of the adapted layers, or with
    `adapt_context` (the adapters read the context too) the trunk's hidden states entering
    that layer instead of its K/V: training re-reads the context and the rows through the
    adapted layers, so the rows stop at that layer and the questions keep no `a` / `o`.
    `max_forks`: cache at most that many of the record's questions (`cap_examples`).
    A builder with the LM prior (`ExampleBuilder(prior=True)`) gives every decide / extract
    question its prior as served (`FeatureQuestion.prior`)."""
    (rec,) = shared_trunk_features(backbone, builder, [record], token_budget=token_budget, adapt_from=adapt_from,
                                   max_forks=max_forks, adapt_context=adapt_context)
    return rec


def shared_trunk_features(backbone: Backbone, builder: ExampleBuilder, records: list[dict[str, Any]],
                          *, token_budget: int = FORK_TOKEN_BUDGET, adapt_from: int | None = None,
                          max_forks: int | None = None, adapt_context: bool = False) -> list[FeatureRecord]:
    """`record_features` of several records, the trunk prefilled once for each run of records
    whose trunks are the same tokens (a record and its schema views: the schema is read in
    the forks, not the trunk). Each record's features are the bits `record_features` gives it
    alone: the prefill is deterministic and forks read the trunk without changing it."""
    if adapt_context:
        if adapt_from is None:
            raise ValueError("adapt_context needs adapt_from (the first adapted layer)")
        if builder.prior_reader is not None:
            raise ValueError("the LM prior runs on the base trunk; with adapt_context the served trunk is adapted")
    out, shared = [], None
    for record in records:
        built = builder.build(record)
        if shared is None or not torch.equal(shared[0], built.trunk.ids):
            if adapt_context:
                state, trunk_h0 = backbone.prefill_captured(built.trunk.ids, adapt_from)
            else:
                state, trunk_h0 = backbone.prefill(built.trunk.ids), None
            shared = (built.trunk.ids, state, trunk_h0)
        out.append(_read_forks(backbone, builder, built, shared[1], shared[2], token_budget=token_budget,
                               adapt_from=adapt_from, max_forks=max_forks, adapt_context=adapt_context))
    return out


def _read_forks(backbone: Backbone, builder: ExampleBuilder, built, state, trunk_h0, *, token_budget: int,
                adapt_from: int | None, max_forks: int | None, adapt_context: bool) -> FeatureRecord:
    """One record's features from its prefilled trunk `state` (and its captured `trunk_h0`)."""
    examples = cap_examples(built.examples, max_forks, builder.seed, built.uid)
    ctx = state.hidden[built.trunk.context_index].to(torch.float32).clone()   # [Tc, H]
    ctx_ids = built.trunk.ids[built.trunk.context_index].clone()              # [Tc]
    questions: list[FeatureQuestion] = []
    batch: list[Example] = []
    width = 0

    def flush():
        nonlocal batch, width
        if not batch:
            return
        # with the context adapted, training re-reads every row from `adapt_from` up (and the
        # base layers' answer is never read), so the rows stop there
        res = backbone.fork_many([(state, [e.ids for e in batch])], capture_layer=adapt_from,
                                 capture_only=adapt_context)
        for r, e in enumerate(batch):
            a = o = None
            if res.normed is not None:
                a = res.normed[r, e.answer].to(torch.float32).clone()            # [H]
                o = res.normed[r, e.options].to(torch.float32).clone() if e.options else None  # [n, H]
            extra = {}
            if adapt_from is not None:
                extra = dict(ids=e.ids.clone(), h0=res.captured[r], answer=int(e.answer),
                             options=tuple(int(x) for x in e.options))
            questions.append(FeatureQuestion(
                kind=e.kind, pointer=e.pointer, a=a, o=o, target=e.target, spans=e.spans,
                bounds=e.bounds, region=e.region, starts=e.starts, item_anchor=e.item_anchor,
                evidence=e.evidence, **extra))
        batch, width = [], 0

    for e in examples:
        n = int(e.ids.shape[0])
        if batch and max(width, n) * (len(batch) + 1) > token_budget:
            flush()
        batch.append(e)
        width = max(width, n)
    flush()
    if builder.prior_reader is not None:
        priors = question_priors(backbone, builder.prior_reader, state, built.trunk, examples,
                                 token_budget=token_budget)
        for q, prior in zip(questions, priors):
            q.prior = prior
    kv = None
    if adapt_from is not None and not adapt_context:
        kv = {i: (buf.keys.clone(), buf.values.clone()) for i, buf in enumerate(state.kv)
              if i >= adapt_from and buf is not None}
    ctx_index = built.trunk.context_index.clone() if adapt_context else None
    return FeatureRecord(built.uid, ctx, questions, ctx_ids=ctx_ids, adapt_from=adapt_from,
                         trunk_length=int(state.length), kv=kv, trunk_h0=trunk_h0, ctx_index=ctx_index)


def backbone_identity(backbone: Backbone, builder: ExampleBuilder, adapt_from: int | None = None,
                      max_forks: int | None = None, adapt_context: bool = False) -> dict[str, Any]:
    identity = {"family": backbone.family.name, "hidden": backbone.spec.hidden_size,
                "layers": len(backbone.spec.layer_kinds), "array_mode": builder.config.array_mode,
                "seed": builder.seed, "system": builder.layout.chat.system, "adapt_from": adapt_from,
                "max_forks": max_forks}
    if adapt_context:               # older caches keep their identity
        identity["adapt_context"] = True
    if builder.prior_framing is not None:
        identity["prior_framing"] = builder.prior_framing
    return identity


def build_cache(directory: str | Path, backbone: Backbone, builder: ExampleBuilder,
                records: Iterable[dict[str, Any]], *, progress: bool = False,
                adapt_from: int | None = None, max_forks: int | None = None,
                adapt_context: bool = False) -> list[str]:
    """Compute (or reuse) every record's features under `directory`; returns the uids in order."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    identity = backbone_identity(backbone, builder, adapt_from, max_forks, adapt_context)
    index_file = directory / "index.json"
    if index_file.exists():
        old = json.loads(index_file.read_text())
        if old.get("identity") != identity:
            raise ValueError(f"{directory}: feature cache was built for {old.get('identity')}, not {identity}")
    records = list(records)
    iterator: Iterable = records
    if progress:
        iterator = tqdm(records, desc="features", unit="rec")
    uids = []
    for record in iterator:
        path = directory / record_file_name(record["uid"])
        if not path.exists():
            save_record(path, record_features(backbone, builder, record, adapt_from=adapt_from,
                                               max_forks=max_forks, adapt_context=adapt_context))
        uids.append(record["uid"])
        if len(uids) % 25 == 0:         # a stopped run leaves a usable cache of what it did
            write_index(directory, identity, uids)
    write_index(directory, identity, uids)
    return uids


class BuildingCache(LazyCache):
    """A feature cache filled as a run first reads each record: `cache[i]` reads record i's
    features from `directory`, or computes them now (the frozen layers, once) and keeps them.
    A run's first epoch then pays the frozen layers and its later epochs do not, and training
    starts without waiting for the whole cache (its learning curve with it). The uids (and so
    the data order) are the records', known before any is computed."""

    def __init__(self, directory: str | Path, backbone: Backbone, builder: ExampleBuilder,
                 records: list[dict[str, Any]], *, adapt_from: int, max_forks: int | None = None,
                 adapt_context: bool = True, embed: torch.Tensor | None = None):
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        identity = backbone_identity(backbone, builder, adapt_from, max_forks, adapt_context)
        index_file = directory / "index.json"
        uids = [r["uid"] for r in records]
        if index_file.exists():
            old = json.loads(index_file.read_text())
            if old.get("identity") != identity:
                raise ValueError(f"{directory}: feature cache was built for {old.get('identity')}, not {identity}")
            if old.get("uids") != uids:
                raise ValueError(f"{directory}: feature cache holds other records than these")
        write_index(directory, identity, uids)
        super().__init__(directory, embed)
        self.backbone, self.builder, self.records = backbone, builder, records
        self.options = dict(adapt_from=adapt_from, max_forks=max_forks, adapt_context=adapt_context)

    def _load(self, i: int) -> FeatureRecord:
        path = self.directory / record_file_name(self.uids[i])
        if path.exists():
            return read_record(path)
        # only this record: its schema views come far apart in a run's order (an epoch of
        # thousands of steps), so computing them now would triple a step's frozen-layer work
        # for features a run stopped before the epoch's end never reads; the prefill they
        # could share is a few percent of a record's forks
        with torch.no_grad():
            rec = record_features(self.backbone, self.builder, self.records[i], **self.options)
        save_record(path, rec)
        return rec
