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


@dataclass
class FeatureRecord:
    uid: str
    ctx: torch.Tensor                       # [Tc, H] trunk hidden at context tokens
    questions: list[FeatureQuestion] = field(default_factory=list)


def record_features(backbone: Backbone, builder: ExampleBuilder, record: dict[str, Any],
                    *, token_budget: int = FORK_TOKEN_BUDGET) -> FeatureRecord:
    built = builder.build(record)
    state = backbone.prefill(built.trunk.ids)
    ctx = state.hidden[built.trunk.context_index].to(torch.float32).clone()   # [Tc, H]
    questions: list[FeatureQuestion] = []
    batch: list[Example] = []
    width = 0

    def flush():
        nonlocal batch, width
        if not batch:
            return
        res = backbone.fork(state, [e.ids for e in batch])
        for r, e in enumerate(batch):
            a = res.normed[r, e.answer].to(torch.float32).clone()                # [H]
            o = res.normed[r, e.options].to(torch.float32).clone() if e.options else None  # [n, H]
            questions.append(FeatureQuestion(
                kind=e.kind, pointer=e.pointer, a=a, o=o, target=e.target, spans=e.spans,
                bounds=e.bounds, region=e.region, starts=e.starts, item_anchor=e.item_anchor))
        batch, width = [], 0

    for e in built.examples:
        n = int(e.ids.shape[0])
        if batch and max(width, n) * (len(batch) + 1) > token_budget:
            flush()
        batch.append(e)
        width = max(width, n)
    flush()
    return FeatureRecord(built.uid, ctx, questions)


def _file_name(uid: str) -> str:
    return hashlib.sha256(uid.encode()).hexdigest()[:16] + ".pt"


def backbone_identity(backbone: Backbone, builder: ExampleBuilder) -> dict[str, Any]:
    return {"family": backbone.family.name, "hidden": backbone.spec.hidden_size,
            "layers": len(backbone.spec.layer_kinds), "array_mode": builder.config.array_mode,
            "seed": builder.seed, "system": builder.layout.chat.system}


def build_cache(directory: str | Path, backbone: Backbone, builder: ExampleBuilder,
                records: Iterable[dict[str, Any]], *, progress: bool = False) -> list[str]:
    """Compute (or reuse) every record's features under `directory`; returns the uids in order."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    identity = backbone_identity(backbone, builder)
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
            _save_record(path, record_features(backbone, builder, record))
        uids.append(record["uid"])
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
        out.append(FeatureRecord(raw["uid"], raw["ctx"], [FeatureQuestion(**q) for q in raw["questions"]]))
    return out
