"""The deg checkpoint: a directory on the checkpoints volume.

    <dir>/deg.json            config: format, model id, backbone name + weights sha256,
                              array_mode, anchor_min_tokens, lora, head dim, the score
                              terms' weights and switches (`scoring`), provenance
    <dir>/heads.safetensors   every head parameter, temperatures included
    <dir>/adapters.safetensors  optional LoRA adapters (`deg_model.lora`); present exactly
                              when deg.json["lora"] holds their `LoraConfig`

A checkpoint saved before `scoring` existed keeps those numbers as buffers in
`heads.safetensors` (`scoring.LEGACY_BUFFERS`); it loads them into `config.scoring`, to the
same numbers, and is never rewritten by loading.

Writes are atomic: everything goes to a temporary sibling directory that is renamed into
place, so a reader never sees half a checkpoint and a crash leaves the old one intact.
"""
from __future__ import annotations

import dataclasses
import json
import os
import shutil
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load_file, save_file

from .heads import HEAD_DIM, Heads
from .lora import LoraAdapters, LoraConfig
from .scoring.settings import LEGACY_BUFFERS, ScoringSettings
from deg.request import ARRAY_DECODES

FORMAT = "deg-checkpoint-v1"


@dataclass
class CheckpointConfig:
    model_id: str
    backbone: str                      # registry name or local snapshot path
    backbone_sha256: str | None = None
    hidden: int = 0
    head_dim: int = HEAD_DIM
    array_mode: str = "anchor"         # "anchor" | "index"
    anchor_min_tokens: int = 0
    # how a request that names no `array_decode` sizes anchored arrays (runtime/arrays.py DECODES):
    # the mode measured best for these heads on held-out records
    array_decode: str = "count_peaks"
    lora: dict[str, Any] | None = None
    aliases: list[str] = field(default_factory=lambda: ["deg-latest"])
    trained: bool = False              # False: freshly initialised heads (serve with a warning)
    fork_layout: str = "contract"      # the fork text the heads were trained on (runtime/layout.py)
    prior_framing: str = "give"        # the LM prior's question phrasing (runtime/prior.py FRAMINGS)
    # The score terms' weights and switches by name (`deg_model.scoring.settings`); the
    # default is the heads alone.
    scoring: ScoringSettings = field(default_factory=ScoringSettings)
    provenance: dict[str, Any] = field(default_factory=dict)
    format: str = FORMAT


def fresh_heads(hidden: int, seed: int = 0, head_dim: int = HEAD_DIM, context: str = "hidden+embed") -> Heads:
    """Deterministically initialised heads (same seed -> same bytes)."""
    gen_state = torch.random.get_rng_state()
    try:
        torch.manual_seed(seed)
        heads = Heads(hidden, head_dim, context=context)
    finally:
        torch.random.set_rng_state(gen_state)
    return heads.float().eval()


def save_checkpoint(path: str | os.PathLike, config: CheckpointConfig, heads: Heads,
                    adapters: LoraAdapters | dict[str, torch.Tensor] | None = None) -> Path:
    """Write a checkpoint atomically. `adapters` is a `LoraAdapters` (its config goes to
    deg.json["lora"]; `config` itself is not modified), or the raw tensors `load_checkpoint`
    returned (re-saving a loaded checkpoint, whose `config.lora` already describes them)."""
    path = Path(path)
    tensors: dict[str, torch.Tensor] | None = None
    if isinstance(adapters, LoraAdapters):
        lora = adapters.config.to_dict()
        if config.lora is not None and config.lora != lora:
            raise ValueError(f"config.lora {config.lora} disagrees with the adapters' config {lora}")
        config = dataclasses.replace(config, lora=lora)
        tensors = {k: v.cpu() for k, v in adapters.tensors().items()}
    elif adapters:
        tensors = dict(adapters)
        if config.lora is None:
            raise ValueError("LoRA adapter tensors need config.lora (their LoraConfig.to_dict())")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", dir=path.parent))
    try:
        state = {k: v.detach().to(torch.float32).contiguous() for k, v in heads.state_dict().items()}
        save_file(state, str(tmp / "heads.safetensors"))
        if tensors is not None:
            save_file({k: v.detach().contiguous() for k, v in tensors.items()}, str(tmp / "adapters.safetensors"))
        (tmp / "deg.json").write_text(json.dumps(asdict(config), indent=2, sort_keys=True) + "\n")
        if path.exists():
            old = path.with_name(f".{path.name}.old")
            if old.exists():
                shutil.rmtree(old)
            os.rename(path, old)
            os.rename(tmp, path)
            shutil.rmtree(old)
        else:
            os.rename(tmp, path)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return path


class CheckpointError(ValueError):
    """A checkpoint directory that cannot be loaded; the message names the file and problem."""


def backbone_sha256(backbone) -> str | None:
    """The SHA-256 that identifies a loaded backbone's base weights, when known: for the
    embedded backbone the GGUF's (recorded in its cache's `source.json`)."""
    source = getattr(backbone, "source", "") or ""
    meta = Path(source) / "source.json" if source else None
    if meta is None or not meta.is_file():
        return None
    return json.loads(meta.read_text()).get("gguf_sha256")


def load_checkpoint(path: str | os.PathLike) -> tuple[CheckpointConfig, Heads, dict[str, torch.Tensor] | None]:
    path = Path(path)
    cfg_file = path / "deg.json"
    if not cfg_file.is_file():
        raise CheckpointError(f"{path}: not a deg checkpoint (no deg.json)")
    try:
        raw = json.loads(cfg_file.read_text())
    except json.JSONDecodeError as exc:
        raise CheckpointError(f"{cfg_file}: not valid JSON ({exc})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        got = raw.get("format") if isinstance(raw, dict) else type(raw).__name__
        raise CheckpointError(f"{path}: unknown checkpoint format {got!r}, expected {FORMAT!r}")
    known = {f.name for f in dataclasses.fields(CheckpointConfig)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise CheckpointError(f"{cfg_file}: unknown keys {unknown}")
    try:
        config = CheckpointConfig(**{k: v for k, v in raw.items() if k != "scoring"})
    except TypeError as exc:
        raise CheckpointError(f"{cfg_file}: {exc}") from None
    if config.array_mode not in ("anchor", "index"):
        raise CheckpointError(f"{cfg_file}: array_mode must be 'anchor' or 'index', got {config.array_mode!r}")
    if config.array_decode not in ARRAY_DECODES:
        raise CheckpointError(f"{cfg_file}: array_decode must be one of {list(ARRAY_DECODES)}, "
                              f"got {config.array_decode!r}")
    if not isinstance(config.hidden, int) or config.hidden < 1:
        raise CheckpointError(f"{cfg_file}: hidden must be the backbone's hidden size, got {config.hidden!r}")
    heads_file = path / "heads.safetensors"
    if not heads_file.is_file():
        raise CheckpointError(f"{path}: heads.safetensors is missing")
    tensors = load_file(str(heads_file))
    legacy = {k: tensors.pop(k) for k in LEGACY_BUFFERS if k in tensors}
    if "scoring" in raw and legacy:
        raise CheckpointError(f"{path}: scoring is in deg.json and heads.safetensors holds {sorted(legacy)}; keep one")
    try:
        scoring = ScoringSettings.from_dict(raw["scoring"]) if "scoring" in raw else \
            ScoringSettings.from_legacy_tensors(legacy)
    except ValueError as exc:
        raise CheckpointError(f"{cfg_file}: {exc}") from None
    config = dataclasses.replace(config, scoring=scoring)
    heads = Heads(config.hidden, config.head_dim, context=Heads.context_of(tensors, config.hidden))
    tensors = Heads.completed(tensors, config.hidden, config.head_dim)
    try:
        heads.load_state_dict(tensors)
    except RuntimeError as exc:
        raise CheckpointError(f"{heads_file} does not match a {config.hidden}-wide head set: {exc}") from None
    adapters_file = path / "adapters.safetensors"
    if config.lora is not None:
        try:
            LoraConfig.from_dict(config.lora)
        except (ValueError, TypeError) as exc:
            raise CheckpointError(f"{cfg_file}: lora: {exc}") from None
    if (config.lora is not None) != adapters_file.is_file():
        raise CheckpointError(f"{path}: deg.json lora is set but adapters.safetensors is missing"
                              if config.lora is not None else
                              f"{path}: adapters.safetensors is present but deg.json has no lora config")
    adapters = load_file(str(adapters_file)) if config.lora is not None else None
    return config, heads.float().eval(), adapters
