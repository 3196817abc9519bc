"""Frozen-backbone feature cache: what the heads read, computed once per record.

With the backbone frozen (heads-only training; LoRA adapters are a later step), the heads'
inputs do not depend on any trained weight, so caching them is exact: training on the
cache computes the same losses and gradients as running the backbone every step.

Per record: the trunk's final-normed hidden states at the context tokens (`ctx`
[Tc, H]) and, per question, `a` [H] (the `ANSWER:` token) and `o` [n, H] (option line ends),
read from fork rows exactly as `Runtime._run` reads them. Forks run in micro-batches under a
token budget; a row's numerics do not depend on the other rows (batch-invariant fork path).

On disk: one `torch.save` file per record, `<dir>/<sha256(uid)[:16]>.pt`, plus `index.json`
(the uids in order and the backbone identity). A cache built for another backbone or
layout is refused rather than silently mixed.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import torch

from deg_model.backbone import Backbone
from deg_model.tokenize import PromptLayout

from .examples import Example, ExampleBuilder

FORK_TOKEN_BUDGET = 4096


@dataclass
class FeatureQuestion:
    """An `Example` with its fork ids replaced by the hidden states the heads read."""
    kind: str
    pointer: str
    a: torch.Tensor                         # [H]
    o: torch.Tensor | None = None           # [n, H] choice / score option ends
    target: int | None = None
    spans: tuple[tuple[int, int], ...] = ()
    bounds: tuple[int, int] | None = None
    region: tuple[int, int] | None = None
    starts: tuple[int, ...] = ()
    item_anchor: tuple[int, int] | None = None
    # LoRA training (`adapt_from` set): the fork row resumed at layer `adapt_from`
    ids: torch.Tensor | None = None         # [n] fork tokens
    h0: torch.Tensor | None = None          # [n, H] hidden entering layer adapt_from
    answer: int | None = None               # row position of `a`
    options: tuple[int, ...] = ()           # row positions of `o_i`


@dataclass
class FeatureRecord:
    uid: str
    ctx: torch.Tensor                       # [Tc, H] trunk hidden at context tokens
    questions: list[FeatureQuestion] = field(default_factory=list)
    ctx_ids: torch.Tensor | None = None     # [Tc] context token ids (the heads' token-identity input)
    adapt_from: int | None = None           # first adapted layer of the cached LoRA inputs
    trunk_length: int = 0                   # trunk tokens (positions of the fork rows start here)
    kv: dict[int, tuple[torch.Tensor, torch.Tensor]] | None = None   # layer -> trunk K, V [Hkv, T, D]
    ctx_emb: torch.Tensor | None = None     # [Tc, H] input embeddings of ctx_ids (attach_embeddings)


def attach_embeddings(records: Iterable[FeatureRecord], embed: torch.Tensor) -> None:
    """Give every record the input embeddings of its context tokens (`embed` [vocab, H], the
    backbone's frozen table): the heads' token-identity context features. Not cached on disk
    since a lookup is free next to a trunk pass."""
    for rec in records:
        if rec.ctx_emb is not None:
            continue
        if rec.ctx_ids is None:
            raise ValueError(f"{rec.uid}: this feature cache has no context token ids; rebuild it")
        rec.ctx_emb = torch.nn.functional.embedding(rec.ctx_ids, embed).to(torch.float32)


def embedding_table(backbone_name: str) -> torch.Tensor:
    """The frozen input-embedding table [vocab, H] of a backbone, by name."""
    from deg_model.loading import load_backbone
    return load_backbone(backbone_name).weights["embed"]


def needs_embeddings(records: Iterable[FeatureRecord]) -> bool:
    return any(rec.ctx_emb is None for rec in records)


def record_context(heads, rec: FeatureRecord, dtype=torch.float32) -> torch.Tensor:
    """The context features `c_t` the heads read for a cached record: [Tc, C]."""
    return heads.context_input(rec.ctx, rec.ctx_emb).to(dtype)


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
                    max_forks: int | None = None) -> FeatureRecord:
    """`adapt_from`: also keep what LoRA training of layers >= adapt_from needs (the frozen
    layers below give the same bits every step, so they run once, here): each fork row's
    hidden states entering that layer and the trunk's K/V of the adapted layers.
    `max_forks`: cache at most that many of the record's questions (`cap_examples`)."""
    built = builder.build(record)
    examples = cap_examples(built.examples, max_forks, builder.seed, built.uid)
    state = backbone.prefill(built.trunk.ids)
    ctx = state.hidden[built.trunk.context_index].to(torch.float32).clone()   # [Tc, H]
    ctx_ids = built.trunk.ids[built.trunk.context_index].clone()              # [Tc]
    questions: list[FeatureQuestion] = []
    batch: list[Example] = []
    width = 0

    def flush():
        nonlocal batch, width
        if not batch:
            return
        res = backbone.fork_many([(state, [e.ids for e in batch])], capture_layer=adapt_from)
        for r, e in enumerate(batch):
            a = res.normed[r, e.answer].to(torch.float32).clone()                # [H]
            o = res.normed[r, e.options].to(torch.float32).clone() if e.options else None  # [n, H]
            extra = {}
            if adapt_from is not None:
                extra = dict(ids=e.ids.clone(), h0=res.captured[r], answer=int(e.answer),
                             options=tuple(int(x) for x in e.options))
            questions.append(FeatureQuestion(
                kind=e.kind, pointer=e.pointer, a=a, o=o, target=e.target, spans=e.spans,
                bounds=e.bounds, region=e.region, starts=e.starts, item_anchor=e.item_anchor, **extra))
        batch, width = [], 0

    for e in examples:
        n = int(e.ids.shape[0])
        if batch and max(width, n) * (len(batch) + 1) > token_budget:
            flush()
        batch.append(e)
        width = max(width, n)
    flush()
    kv = None
    if adapt_from is not None:
        kv = {i: (buf.keys.clone(), buf.values.clone()) for i, buf in enumerate(state.kv)
              if i >= adapt_from and buf is not None}
    return FeatureRecord(built.uid, ctx, questions, ctx_ids=ctx_ids, adapt_from=adapt_from,
                         trunk_length=int(state.length), kv=kv)


def _file_name(uid: str) -> str:
    return hashlib.sha256(uid.encode()).hexdigest()[:16] + ".pt"


def backbone_identity(backbone: Backbone, builder: ExampleBuilder, adapt_from: int | None = None,
                      max_forks: int | None = None) -> dict[str, Any]:
    return {"family": backbone.family.name, "hidden": backbone.spec.hidden_size,
            "layers": len(backbone.spec.layer_kinds), "array_mode": builder.config.array_mode,
            "seed": builder.seed, "system": builder.layout.chat.system, "adapt_from": adapt_from,
            "max_forks": max_forks}


def build_cache(directory: str | Path, backbone: Backbone, builder: ExampleBuilder,
                records: Iterable[dict[str, Any]], *, progress: bool = False,
                adapt_from: int | None = None, max_forks: int | None = None) -> list[str]:
    """Compute (or reuse) every record's features under `directory`; returns the uids in order."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    identity = backbone_identity(backbone, builder, adapt_from, max_forks)
    index_file = directory / "index.json"
    if index_file.exists():
        old = json.loads(index_file.read_text())
        if old.get("identity") != identity:
            raise ValueError(f"{directory}: feature cache was built for {old.get('identity')}, not {identity}")
    records = list(records)
    iterator: Iterable = records
    if progress:
        from tqdm import tqdm
        iterator = tqdm(records, desc="features", unit="rec")
    uids = []
    for record in iterator:
        path = directory / _file_name(record["uid"])
        if not path.exists():
            _save_record(path, record_features(backbone, builder, record, adapt_from=adapt_from,
                                               max_forks=max_forks))
        uids.append(record["uid"])
        if len(uids) % 25 == 0:         # a stopped run leaves a usable cache of what it did
            _write_index(directory, identity, uids)
    _write_index(directory, identity, uids)
    return uids


def _save_record(path: Path, feats: FeatureRecord) -> None:
    tmp = path.with_suffix(".tmp")
    torch.save(feats.__dict__ | {"questions": [q.__dict__ for q in feats.questions]}, tmp)
    tmp.replace(path)


def _write_index(directory: Path, identity: dict[str, Any], uids: list[str]) -> None:
    tmp = directory / "index.json.tmp"
    tmp.write_text(json.dumps({"identity": identity, "uids": uids}, indent=1) + "\n")
    tmp.replace(directory / "index.json")


def save_cache(directory: str | Path, records: Iterable[FeatureRecord], identity: dict[str, Any]) -> None:
    """Write already computed features as a cache (e.g. features computed elsewhere)."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    uids = []
    for rec in records:
        _save_record(directory / _file_name(rec.uid), rec)
        uids.append(rec.uid)
    _write_index(directory, identity, uids)


def load_cache(directory: str | Path, select: Callable[[str], bool] | None = None) -> list[FeatureRecord]:
    """The cached records in index order; `select(uid)` keeps a subset (a rank's shard)
    without reading the other records' files."""
    directory = Path(directory)
    index_file = directory / "index.json"
    if not index_file.is_file():
        raise FileNotFoundError(f"{directory}: no feature cache (index.json missing)")
    out = []
    for uid in json.loads(index_file.read_text())["uids"]:
        if select is not None and not select(uid):
            continue
        raw = torch.load(directory / _file_name(uid), weights_only=False)
        questions = [FeatureQuestion(**q) for q in raw.pop("questions")]
        out.append(FeatureRecord(questions=questions, **raw))
    return out
