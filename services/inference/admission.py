"""How long a job queued now would wait, from the work ahead of it: the batcher's admission.

Work is counted in tokens: each job's size from its own context and plan (the runner's
`work_tokens(job)`, `deg_model.runtime.cost`: context tokens not already kept in the trunk
cache, fork rows, windows; a runner without it weighs every job 1), and the time per token is
measured: after every batch, `WorkRate.record(tokens, seconds)` folds that batch's seconds per
token into an exponential average (weight `RATE_WEIGHT` on the newest). Normalised per token,
a batch of long documents teaches the rate, not the size: a small fill after a dozen long
ones is still priced as small. Before the first batch there is no rate, and every job is
admitted (a queue full to `max_pending` is refused regardless).

The wait of a job queued now (`Backlog.wait_s`): jobs queued together start together (a
batch takes up to `max_batch` of them), so it waits for what the soonest-free worker's batch
has left of its own estimate (nothing while a worker is idle), plus the jobs queued ahead
that fill whole rounds of batches (`max_batch` x workers jobs a round), their tokens shared
over the workers. The same figure is when the queue now waiting has drained, which is when a
request refused because the queue was full can come back (`Retry-After`); a request refused
because the wait outlasts its deadline comes back when the wait has fallen to its deadline.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

RATE_WEIGHT = 0.3   # weight of the newest batch in the seconds-per-token average


class WorkRate:
    """Seconds per token of work, measured over the batches run (None before the first)."""

    def __init__(self) -> None:
        self.seconds_per_token: float | None = None

    def record(self, tokens: float, seconds: float) -> None:
        """One batch's work: the tokens of its jobs that ran, and the seconds the batch took."""
        if tokens <= 0 or seconds < 0:
            return
        rate = seconds / tokens
        old = self.seconds_per_token
        self.seconds_per_token = rate if old is None else RATE_WEIGHT * rate + (1 - RATE_WEIGHT) * old


@dataclass(frozen=True)
class Running:
    """A batch in a worker: how long it has run and the tokens of its jobs."""
    elapsed_s: float
    tokens: float


@dataclass(frozen=True)
class Backlog:
    """The work in the service now: queued jobs (count, tokens) and the batches running."""
    queued_jobs: int
    queued_tokens: float
    running: tuple[Running, ...]
    workers: int
    max_batch: int

    def wait_s(self, rate: WorkRate) -> float:
        """Seconds until a job queued now would start (module docstring); 0 with no rate yet."""
        per_token = rate.seconds_per_token
        if per_token is None:
            return 0.0
        wait = 0.0
        if len(self.running) >= self.workers:
            wait = min(max(0.0, r.tokens * per_token - r.elapsed_s) for r in self.running)
        per_round = self.max_batch * self.workers
        rounds = self.queued_jobs // per_round
        if rounds:
            ahead = self.queued_tokens * (rounds * per_round) / self.queued_jobs
            wait += ahead * per_token / self.workers
        return wait


def retry_after_s(wait_s: float, deadline_s: float | None = None) -> int:
    """Whole seconds until a refused request would be admitted: the wait ahead of it, less the
    wait its deadline allows (at least 1)."""
    allowed = deadline_s if deadline_s is not None and deadline_s < wait_s else 0.0
    return max(1, math.ceil(wait_s - allowed))
