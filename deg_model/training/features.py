"""Frozen-backbone feature records and their on-disk cache: what the heads read.

Training and calibration both read these; how the records are computed from datagen
records (`record_features`, `build_cache`) belongs to the training service.

With the backbone frozen (heads-only training; LoRA adapters are a later step), the heads'
inputs do not depend on any trained weight, so caching them is exact: training on the
cache computes the same losses and gradients as running the backbone every step.

Per record: the trunk's final-normed hidden states at the context tokens (`ctx`
[Tc, H]) and, per question, `a` [H] (the `ANSWER:` token) and `o` [n, H] (option line ends),
read from fork rows exactly as the runtime reads them (`runtime.asking.Asker`). Forks run in micro-batches under a
token budget; a row's numerics do not depend on the other rows (batch-invariant fork path).
With `--prior-residual` each decide / extract question also keeps the LM prior the runtime
mixes in (`runtime.prior`: its rows run on the base model, so it too is exact to cache).

On disk: one `torch.save` file per record, `<dir>/<sha256(uid)[:16]>.pt`, plus `index.json`
(the uids in order and the backbone identity). A cache built for another backbone or
layout is refused rather than silently mixed. A record saved before a field existed loads
with that field's default (e.g. no prior).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Sequence
from typing import Any, Callable, Iterable

import torch

from deg_model.heads import option_tokens
from deg_model.loading import load_backbone

FORK_TOKEN_BUDGET = 4096


@dataclass
class FeatureQuestion:
    """An `Example` with its fork ids replaced by the hidden states the heads read."""
    kind: str
    pointer: str
    a: torch.Tensor | None                  # [H]; None in a context-adapted cache (re-read by the adapters)
    o: torch.Tensor | None = None           # [n, H] choice / score option ends
    target: int | None = None
    spans: tuple[tuple[int, int], ...] = ()
    bounds: tuple[int, int] | None = None
    region: tuple[int, int] | None = None
    starts: tuple[int, ...] = ()
    item_anchor: tuple[int, int] | None = None
    evidence: tuple[int, int] | None = None   # decide: the context tokens [first, last] its answer rests on
    # LoRA training (`adapt_from` set): the fork row resumed at layer `adapt_from`
    ids: torch.Tensor | None = None         # [n] fork tokens
    h0: torch.Tensor | None = None          # [n, H] hidden entering layer adapt_from
    answer: int | None = None               # row position of `a`
    options: tuple[int, ...] = ()           # row positions of `o_i`
    # The LM prior as served (`--prior-residual`; float64 log-probabilities, None without):
    # decide [n] over the head's outcomes in target order; extract [Tc+1] the start prior
    # over the context tokens, null last. The base model's answer: constant per record.
    prior: torch.Tensor | None = None
    # choice / score: what each option line is (`heads.option_tokens`), from `ids` (attach_embeddings)
    option_tokens: torch.Tensor | None = None


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
    # context-adapted LoRA training (`--adapt-context`): the trunk resumed at layer adapt_from
    trunk_h0: torch.Tensor | None = None    # [T, H] trunk hidden entering layer adapt_from
    ctx_index: torch.Tensor | None = None   # [Tc] trunk positions of the context tokens


def attach_embeddings(records: Iterable[FeatureRecord], embed: torch.Tensor) -> None:
    """Give every record the input embeddings of its context tokens (`embed` [vocab, H], the
    backbone's frozen table): the heads' token-identity context features; and each choice or
    score question whose fork ids are cached what its option lines are (`heads.option_tokens`,
    as the runtime's questions carry them). Not cached on disk since a lookup is free next to a
    trunk pass."""
    for rec in records:
        for q in rec.questions:
            if q.kind in ("choice", "score") and q.ids is not None and q.options and q.option_tokens is None:
                q.option_tokens = option_tokens(q.ids, torch.nn.functional.embedding(q.ids, embed), q.options)
        if rec.ctx_emb is not None:
            continue
        if rec.ctx_ids is None:
            raise ValueError(f"{rec.uid}: this feature cache has no context token ids; rebuild it")
        rec.ctx_emb = torch.nn.functional.embedding(rec.ctx_ids, embed).to(torch.float32)


def embedding_table(backbone_name: str) -> torch.Tensor:
    """The frozen input-embedding table [vocab, H] of a backbone, by name."""
    return load_backbone(backbone_name).weights["embed"]


def needs_embeddings(records: Iterable[FeatureRecord]) -> bool:
    return any(rec.ctx_emb is None for rec in records)


def record_context(heads, rec: FeatureRecord, dtype=torch.float32) -> torch.Tensor:
    """The context features `c_t` the heads read for a cached record: [Tc, C]."""
    return heads.context_input(rec.ctx, rec.ctx_emb).to(dtype)


def record_file_name(uid: str) -> str:
    return hashlib.sha256(uid.encode()).hexdigest()[:16] + ".pt"


def save_record(path: Path, feats: FeatureRecord) -> None:
    tmp = path.with_suffix(".tmp")
    torch.save(feats.__dict__ | {"questions": [q.__dict__ for q in feats.questions]}, tmp)
    tmp.replace(path)


def write_index(directory: Path, identity: dict[str, Any], uids: list[str]) -> None:
    tmp = directory / "index.json.tmp"
    tmp.write_text(json.dumps({"identity": identity, "uids": uids}, indent=1) + "\n")
    tmp.replace(directory / "index.json")


def save_cache(directory: str | Path, records: Iterable[FeatureRecord], identity: dict[str, Any]) -> None:
    """Write already computed features as a cache (e.g. features computed elsewhere)."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    uids = []
    for rec in records:
        save_record(directory / record_file_name(rec.uid), rec)
        uids.append(rec.uid)
    write_index(directory, identity, uids)


def cache_has_priors(identity: dict[str, Any]) -> bool:
    """Whether a cache (by its index identity) keeps the LM prior of its questions."""
    return "prior_framing" in identity


def read_record(path: Path) -> FeatureRecord:
    raw = torch.load(path, weights_only=False)
    questions = [FeatureQuestion(**q) for q in raw.pop("questions")]
    return FeatureRecord(questions=questions, **raw)


class LazyCache(Sequence):
    """A feature cache read one record at a time (a run over thousands of records whose
    cached hidden states do not fit in memory at once): `cache[i]` loads record i from disk
    (with its context embeddings when `embed` is given). `uids` and `identity` come from the
    index without reading any record."""

    def __init__(self, directory: str | Path, embed: torch.Tensor | None = None):
        self.directory = Path(directory)
        index_file = self.directory / "index.json"
        if not index_file.is_file():
            raise FileNotFoundError(f"{self.directory}: no feature cache (index.json missing)")
        index = json.loads(index_file.read_text())
        self.uids: list[str] = list(index["uids"])
        self.identity: dict[str, Any] = index.get("identity", {})
        self.embed = embed

    def __len__(self) -> int:
        return len(self.uids)

    def _load(self, i: int) -> FeatureRecord:
        return read_record(self.directory / record_file_name(self.uids[i]))

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        rec = self._load(i)
        if self.embed is not None:
            attach_embeddings([rec], self.embed)
        return rec


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
        out.append(read_record(directory / record_file_name(uid)))
    return out
