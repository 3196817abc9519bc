"""The fill runtime: a FillPlan + a rendered context -> raw outcomes.

    runtime = load_runtime(checkpoint="var/deg/models/deg-smollm2-135m-0.1")
    raw = runtime.fill(render_context(ctx), compile_schema(schema), FillOptions())
    results = runtime.fill_many([FillJob(context, plan, options), ...])   # RawFill | Exception each

`deg.assemble(plan, raw, model=runtime.model_id)` turns a RawFill into the response.

`load_runtime` accepts a checkpoint directory, a model id under `DEG_HOME/models/<id>/`, or
a service settings object with a `.checkpoint` attribute (the inference service's runtime
factory protocol); nothing (or an empty `.checkpoint`) serves the embedded backbone with
freshly initialised heads, loudly. A checkpoint that records its base weights' SHA-256 refuses
a backbone with other weights. A checkpoint with LoRA adapters (`deg.json["lora"]` +
`adapters.safetensors`) serves them on its decide/extract fork rows (`checkpoint_adapters`).

Modules: `fill` (orchestration: `Runtime`, the lockstep round driver), `jobs` (`FillJob`,
per-job progress and failure isolation), `trunk` (the context read once), `questions` (a
round's fork questions), `layout` (fork text), `forks` (fork rows in micro-batches), `asking`
(questions -> answers), `rounds` (a round's answers -> outcomes and next scopes), `decide`
(a leaf's evidence for the score terms, composed in `deg_model.scoring`), `decode` (token
offsets), `arrays` (count / anchor decoding -> items), `hooks` (`Observer`), `generate_phase`
(KNOWN VALUES, generate rows of all jobs, merge), `generate` + `constrain` + `tokenbytes`
(constrained decoding), `cost` (a job's size in tokens before it runs, for admission).
"""
from __future__ import annotations

import logging
from pathlib import Path

import torch

from ..checkpoint import CheckpointConfig, CheckpointError, backbone_sha256, fresh_heads, load_checkpoint
from ..device import choose_device
from ..loading import EMBEDDED_NAME, load_backbone
from ..lora import LoraConfig, load_adapters
from ..scoring import ScoringSettings
from ..settings import ModelSettings
from .fill import Runtime
from .hooks import Observer
from .jobs import FillJob
from .trunk_cache import TrunkCache

__all__ = ["FillJob", "Observer", "Runtime", "load_runtime", "resolve_checkpoint", "checkpoint_adapters", "DEFAULT_MODEL_ID"]

DEFAULT_MODEL_ID = "deg-smollm2-135m-0.1"
log = logging.getLogger("deg.runtime")


def load_runtime(checkpoint=None, *, backbone: str | None = None, seed: int = 0,
                 model_id: str = DEFAULT_MODEL_ID) -> Runtime:
    """Load a checkpoint directory, or (no checkpoint) the embedded backbone with freshly
    initialised heads — loudly, because untrained heads answer at random.

    `checkpoint` may also be a service settings object with a `.checkpoint` attribute (the
    inference service calls its runtime factory with its settings); its `.device` (`cpu`,
    `cuda`, `auto`: `deg_model.device`) places the model, and its `.trunk_cache_bytes` bounds
    the trunks kept across fills (`trunk_cache.py`; 0 keeps none). A plain path serves on the
    CPU with no trunk cache.
    """
    service = None
    if checkpoint is not None and not isinstance(checkpoint, (str, Path)):
        service, checkpoint = checkpoint, getattr(checkpoint, "checkpoint", None) or None
    choice = choose_device(getattr(service, "device", "cpu"))
    # Always set, even to torch's own default: only an explicit count pins MKL's thread count and
    # turns off its dynamic adjustment, which can pick another GEMM split from one call to the
    # next under load (oneMKL's reproducibility conditions) and so change a fill's bits.
    threads = int(getattr(service, "runtime_threads", 0) or 0)
    torch.set_num_threads(threads or torch.get_num_threads())
    log.info("serving on %s", choice.describe())
    cache_bytes = int(getattr(service, "trunk_cache_bytes", 0) or 0)
    settings = ModelSettings.from_env()
    extra = {"max_context_tokens": settings.max_context_tokens,      # the memory budget of a context
             "window_tokens": settings.window_tokens,                  # the widest window of a long one
             "trunk_cache": TrunkCache(cache_bytes) if cache_bytes > 0 else None}
    if checkpoint:
        directory = resolve_checkpoint(checkpoint, settings)
        config, heads, tensors = load_checkpoint(directory)
        bb = load_backbone(backbone or config.backbone, device=choice.device)
        actual = backbone_sha256(bb)
        if config.backbone_sha256 and actual and actual != config.backbone_sha256:
            raise CheckpointError(f"{directory}: heads were trained on base weights {config.backbone_sha256[:12]}..., "
                                  f"the loaded backbone is {actual[:12]}...")
        if not config.trained:
            log.warning("checkpoint %s holds freshly initialised heads: answers are not trained", checkpoint)
        return Runtime(bb, heads.to(choice.device), config,
                       adapters=checkpoint_adapters(directory, config, tensors, bb), **extra)
    bb = load_backbone(backbone or EMBEDDED_NAME, device=choice.device)
    log.warning("no checkpoint given: serving %s with FRESHLY INITIALISED heads (untrained answers)", model_id)
    # Untrained heads answer at random; the backbone's own zero-shot answer does not.
    config = CheckpointConfig(model_id=model_id, backbone=backbone or "smollm2-135m-instruct",
                              hidden=bb.spec.hidden_size, trained=False, scoring=ScoringSettings.prior_only())
    heads = fresh_heads(bb.spec.hidden_size, seed)
    return Runtime(bb, heads.to(choice.device), config, **extra)


def checkpoint_adapters(directory, config, tensors, backbone):
    """A checkpoint's LoRA adapters (None without) from what `load_checkpoint` returned, on the
    backbone's device and checked against it; a mismatch is a CheckpointError."""

    if tensors is None:
        return None
    try:
        adapters = load_adapters(tensors, LoraConfig.from_dict(config.lora)).to(backbone.device)
        adapters.check_backbone(backbone)
    except ValueError as exc:
        raise CheckpointError(f"{directory}: adapters.safetensors: {exc}") from None
    return adapters.requires_grad_(False).eval()


def resolve_checkpoint(name: str | Path, settings) -> Path:
    """A checkpoint directory from a path, or a model id under `DEG_HOME/models/<id>/`."""
    path = Path(name).expanduser()
    if path.is_dir():
        return path
    by_id = settings.deg_home / "models" / str(name)
    if by_id.is_dir():
        return by_id
    raise FileNotFoundError(f"checkpoint {str(name)!r} is neither a directory nor a model id under {by_id.parent}")
