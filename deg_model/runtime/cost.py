"""What a job will cost before it runs, in tokens: the size admission weighs it by.

The inference service admits a job by the time the work queued ahead of it needs
(`services.inference.admission`): each job's size from this estimate, times the seconds per
token the service measured over the batches it ran. So what matters here is that the figure
grows with the job's own work the way its run time does; a constant factor cancels out in
the measured rate. A job weighs:

- the context tokens it must read: about characters / `CHARS_PER_TOKEN` (the job is not
  tokenized to be admitted: that would cost as much as a small fill's trunk, and a replica's
  tokenizer belongs to its worker thread), more by the overlap when the context is read as
  windows, and nothing when the trunk cache keeps the trunk of this very context;
- its fork rows: one per leaf and array of the plan, `ROW_TOKENS` each, asked in every
  window (a row attends to its whole window, so a row costs more than a trunk token);
- both weighed up by how far a token attends: by (1 + w / `ATTENTION_TOKENS`) for a window of
  w tokens (the whole context when it is not windowed), since attention grows with the
  context while the rest of a layer does not;
- its fixed work, `JOB_TOKENS`: tokenizing, the heads, decoding, a Python pass per round.

A fill of a long document therefore weighs what it reads, and a small fill after it still
weighs little: the service's rate is per token, never the mean of past fills. Measured with
the shipped checkpoint on one CPU thread, the seconds per token these sizes give stay within
2.2-3.2 ms for a 5-field fill of 35 tokens alone or eight together, and 1,000- and 3,000-token
documents asked 1 or 12 fields (without the attention term the 3,000-token ones cost 2x the
small fills per token).
"""
from __future__ import annotations

import math

__all__ = ["ATTENTION_TOKENS", "CHARS_PER_TOKEN", "JOB_TOKENS", "ROW_TOKENS", "work_tokens"]

CHARS_PER_TOKEN = 4      # English prose and JSON with the SmolLM2 tokenizer: 3.5-4.5
ROW_TOKENS = 64          # a fork row's own tokens (~40) weighed up for attending to its window
JOB_TOKENS = 256         # a job's fixed work, as tokens of trunk it takes as long as
TRUNK_TOKENS = 64        # a trunk's prefix and suffix around the context
# The context length at which a token's attention costs as much as the rest of its layer:
# fitted on SmolLM2-135M (1,000 vs 3,000-token reads); close to its FLOPs' crossover (~3,500).
ATTENTION_TOKENS = 3000


def work_tokens(runtime, job) -> int:
    """The job's size in tokens (module docstring); a cheap estimate, never an error."""
    context = getattr(job, "context", "")
    plan = getattr(job, "plan", None)
    context = context if isinstance(context, str) else ""
    tokens = len(context) // CHARS_PER_TOKEN + 1
    width = _window_width(runtime)
    windows = 1 if tokens <= width else math.ceil(tokens / (width - width // 8))
    read = 0 if _kept(runtime, job, context) else tokens + (windows - 1) * (width // 8) + windows * TRUNK_TOKENS
    rows = len(getattr(plan, "fields", ())) + len(getattr(plan, "arrays", ()))
    reach = 1.0 + min(tokens, width) / ATTENTION_TOKENS
    return round((read + rows * ROW_TOKENS * windows) * reach) + JOB_TOKENS


def _window_width(runtime) -> int:
    """Context tokens per window, as `windows.Windowing.width` cuts them (before tokenizing)."""
    windowing, positions = runtime.windowing, runtime.backbone.spec.max_positions
    room = windowing.fork_room if windowing.fork_room is not None else positions // 8
    width = positions - TRUNK_TOKENS - room
    if windowing.window_tokens is not None:
        width = min(width, windowing.window_tokens)
    return max(width, 2)


def _kept(runtime, job, context: str) -> bool:
    """Whether the trunk cache holds this context's trunk (and the job may read it)."""
    cache = runtime.trunk_cache
    if cache is None or getattr(job, "no_cache", False):
        return False
    return cache.key(runtime.trunk_identity, context) in cache
