"""The fill runtime: a FillPlan + a rendered context -> raw outcomes.

    runtime = load_runtime(checkpoint="var/deg/models/deg-smollm2-135m-0.1")
    raw = runtime.fill(render_context(ctx), compile_schema(schema), FillOptions())
    results = runtime.fill_many([FillJob(context, plan, options), ...])   # RawFill | Exception each

`deg.assemble(plan, raw, model=runtime.model_id)` turns a RawFill into the response.
"""
from __future__ import annotations

import logging
from pathlib import Path

from .fill import FillJob, Runtime

__all__ = ["FillJob", "Runtime", "load_runtime", "DEFAULT_MODEL_ID"]

DEFAULT_MODEL_ID = "deg-smollm2-135m-0.1"
log = logging.getLogger("deg.runtime")


def load_runtime(checkpoint=None, *, backbone: str | None = None, seed: int = 0,
                 model_id: str = DEFAULT_MODEL_ID) -> Runtime:
    """Load a checkpoint directory, or (no checkpoint) the embedded backbone with freshly
    initialised heads — loudly, because untrained heads answer at random.

    `checkpoint` may also be a service settings object with a `.checkpoint` attribute (the
    inference service calls its runtime factory with its settings).
    """
    from ..checkpoint import CheckpointConfig, fresh_heads, load_checkpoint
    from ..loading import load_backbone

    if checkpoint is not None and not isinstance(checkpoint, (str, Path)):
        checkpoint = getattr(checkpoint, "checkpoint", None) or None

    if checkpoint:
        config, heads, _adapters = load_checkpoint(Path(checkpoint))
        bb = load_backbone(backbone or config.backbone)
        if not config.trained:
            log.warning("checkpoint %s holds freshly initialised heads: answers are not trained", checkpoint)
        return Runtime(bb, heads, config)
    bb = load_backbone(backbone) if backbone else load_backbone()
    log.warning("no checkpoint given: serving %s with FRESHLY INITIALISED heads (untrained answers)", model_id)
    config = CheckpointConfig(model_id=model_id, backbone=backbone or "smollm2-135m-instruct",
                              hidden=bb.spec.hidden_size, trained=False)
    return Runtime(bb, fresh_heads(bb.spec.hidden_size, seed), config)
