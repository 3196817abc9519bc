"""Training losses of deg's heads (contract 12.4), pure functions of head logits.

- decide (choice / score / noul): cross-entropy against a target distribution over the
  outcomes (one-hot of the gold value, or a soft teacher distribution).
- extract: the start and end logits carry one extra outcome last (null). Every gold span
  and span alternative is a positive `(s, e)` pair of context-token indices; the loss is
  the marginal `-log sum_pos p_start(s) p_end(e)` (the model may put its mass on any
  correct reading). No positive at all means the value is absent: the target is null on
  both pointers, i.e. the pair `(T, T)`.
- count: cross-entropy of the item count over `[lo, hi]` only (the classes decoding can
  pick; the target is capped at `hi`, which then means "at least that many").
- evidence: where a decided field's answer rests (`evidence`, a run's `--evidence-weight`):
  `-log sum_{t in evidence} softmax(z)_t` of the flag reader's pointer over the context tokens.
- reads: a true/false question's CE with the flag reader's share of its logit alone
  (`[read, 0]`, `Heads.flag_read_score`): the answer must be readable where the document says
  it, not only guessed from the question's state, which can lean on a field's base rate.
- anchor: binary cross-entropy of every in-region token against the gold item starts,
  summed and divided by `1 + n_items`, so a long region with many items does not
  dominate the step.

Residual on the LM prior (`residual_*`, a question whose features carry the prior's
log-probabilities): the loss reads the score served with head and prior both at weight 1
(`deg_model.scoring`): decide, the CE of `log_softmax(logits) + prior`; extract, the start
pointer `log_softmax(start) + prior_start` renormalised, the end the head's own (the prior's
end is uniform: a constant that cancels). The head then learns what the prior gets wrong.

Every function also has its closed-form gradient with respect to the logits
(`*_logit_grad`), which the tests hold against autograd; the heads' parameter gradients
are held against central finite differences.
"""
from __future__ import annotations

from typing import Sequence

import torch

from deg_model.scoring.mark_count import mark_count_log_probs

# total = decide + extract + COUNT_WEIGHT * count + ANCHOR_WEIGHT * anchor  (contract 12.4)
COUNT_WEIGHT = 0.5
ANCHOR_WEIGHT = 1.0
# the marks term (the anchor head's mark count against the gold item count): off unless a run sets it
MARKS_WEIGHT = 0.0
# the evidence term (the flag reader's pointer against the evidence tokens): off unless a run sets it
EVIDENCE_WEIGHT = 0.0
# the reads term (the flag reader's share of a true/false logit alone against the answer): off unless a run sets it
READS_WEIGHT = 0.0
# the ending term (the flag reader's pointer against the evidence's last token): off unless a run sets it
ENDING_WEIGHT = 0.0


def _check_target(target: torch.Tensor, n: int) -> None:
    if target.shape != (n,):
        raise ValueError(f"target has shape {tuple(target.shape)}, expected ({n},) to match the logits")
    if bool((target < 0).any()) or abs(float(target.sum()) - 1.0) > 1e-6:
        raise ValueError("target must be a probability distribution (non-negative, summing to 1)")


def decide_loss(logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """CE of `logits` [n] against the distribution `target` [n]."""
    _check_target(target, logits.shape[0])
    return -(target.to(logits.dtype) * torch.log_softmax(logits, -1)).sum()


def decide_logit_grad(logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    return torch.softmax(logits, -1) - target.to(logits.dtype)


def with_prior(logits: torch.Tensor, prior: torch.Tensor) -> torch.Tensor:
    """[n] the head's log-probabilities plus the prior's (weights 1 and 1, as served); -inf
    where the prior rules an outcome out."""
    return torch.log_softmax(logits, -1) + prior.to(logits.dtype)


def residual_decide_loss(logits: torch.Tensor, prior: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """CE of the composed score `log_softmax(logits) + prior` [n] against `target` [n]."""
    return decide_loss(with_prior(logits, prior), target)


def residual_decide_logit_grad(logits: torch.Tensor, prior: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    # d/dz log_softmax(z) passes a gradient summing to 0 unchanged: the composed softmax minus the target
    return decide_logit_grad(with_prior(logits, prior), target)


def one_hot(index: int, n: int, dtype=torch.float32) -> torch.Tensor:
    if not 0 <= index < n:
        raise ValueError(f"target index {index} outside 0..{n - 1}")
    t = torch.zeros(n, dtype=dtype)
    t[index] = 1.0
    return t


def _pairs(positives: Sequence[tuple[int, int]], n_context: int) -> tuple[torch.Tensor, torch.Tensor]:
    """(start idx [P], end idx [P]); no positive -> the null pair (T, T)."""
    if not positives:
        return torch.tensor([n_context]), torch.tensor([n_context])
    for s, e in positives:
        if not (0 <= s <= e < n_context):
            raise ValueError(f"span ({s}, {e}) is not a token span of a {n_context}-token context")
    uniq = sorted(set((int(s), int(e)) for s, e in positives))
    return torch.tensor([s for s, _ in uniq]), torch.tensor([e for _, e in uniq])


def extract_loss(start: torch.Tensor, end: torch.Tensor, positives: Sequence[tuple[int, int]]) -> torch.Tensor:
    """Marginal span NLL. start, end: [T+1] logits (null last); positives: token (s, e) pairs."""
    if start.shape != end.shape or start.dim() != 1:
        raise ValueError(f"start/end logits must be two [T+1] vectors, got {tuple(start.shape)}, {tuple(end.shape)}")
    s_idx, e_idx = _pairs(positives, start.shape[0] - 1)
    ls, le = torch.log_softmax(start, -1), torch.log_softmax(end, -1)
    return -torch.logsumexp(ls[s_idx] + le[e_idx], 0)


def extract_logit_grad(start: torch.Tensor, end: torch.Tensor,
                       positives: Sequence[tuple[int, int]]) -> tuple[torch.Tensor, torch.Tensor]:
    """d loss / d logits: softmax minus the posterior of the positive pairs' start (end) marginal."""
    s_idx, e_idx = _pairs(positives, start.shape[0] - 1)
    ls, le = torch.log_softmax(start, -1), torch.log_softmax(end, -1)
    joint = ls[s_idx] + le[e_idx]                      # [P]
    post = torch.softmax(joint, 0)                     # [P] posterior over the positive pairs
    gs = torch.softmax(start, -1).index_add(0, s_idx, -post)
    ge = torch.softmax(end, -1).index_add(0, e_idx, -post)
    return gs, ge


def residual_extract_loss(start: torch.Tensor, end: torch.Tensor, prior_start: torch.Tensor,
                          positives: Sequence[tuple[int, int]]) -> torch.Tensor:
    """Marginal span NLL with the start pointer composed with the prior's start [T+1] (null
    last): `log_softmax(log_softmax(start) + prior_start)`; the end is the head's."""
    return extract_loss(with_prior(start, prior_start), end, positives)


def residual_extract_logit_grad(start: torch.Tensor, end: torch.Tensor, prior_start: torch.Tensor,
                                positives: Sequence[tuple[int, int]]) -> tuple[torch.Tensor, torch.Tensor]:
    """d loss / d head logits: the composed start's softmax minus the positives' posterior
    (the start gradient sums to 0, so it passes the head's log_softmax unchanged)."""
    return extract_logit_grad(with_prior(start, prior_start), end, positives)


def count_loss(logits: torch.Tensor, count: int, lo: int, hi: int) -> torch.Tensor:
    """CE of the item count over the classes `[lo, hi]` of logits [MAX_COUNT + 1]."""
    if not 0 <= lo <= hi < logits.shape[0]:
        raise ValueError(f"count bounds [{lo}, {hi}] outside 0..{logits.shape[0] - 1}")
    if count < lo:
        raise ValueError(f"gold count {count} is below minItems {lo}")
    window = logits[lo:hi + 1]
    return -torch.log_softmax(window, -1)[min(count, hi) - lo]


def anchor_loss(logits: torch.Tensor, starts: Sequence[int]) -> torch.Tensor:
    """BCE of region logits [R] against the gold item starts (region-relative), / (1 + n)."""
    target = torch.zeros_like(logits)
    for s in starts:
        if not 0 <= s < logits.shape[0]:
            raise ValueError(f"item start {s} outside the {logits.shape[0]}-token region")
        target[s] = 1.0
    bce = torch.nn.functional.binary_cross_entropy_with_logits(logits, target, reduction="sum")
    return bce / (1 + len(set(starts)))


def mark_count_loss(logits: torch.Tensor, n: int) -> torch.Tensor:
    """-log P(the anchor head marks exactly n tokens of the region): logits [R], the gold
    item count n; the marks' Poisson-binomial (`scoring.mark_count`). Teaches the head to
    mark as many tokens as the array has items, which the `expected` decode reads."""
    return -mark_count_log_probs(logits, n)[n]


def anchor_logit_grad(logits: torch.Tensor, starts: Sequence[int]) -> torch.Tensor:
    target = torch.zeros_like(logits)
    target[list(starts)] = 1.0
    return (torch.sigmoid(logits) - target) / (1 + len(set(starts)))


def evidence_loss(scores: torch.Tensor, first: int, last: int) -> torch.Tensor:
    """-log of the pointer's mass on the evidence tokens [first, last]: scores [T] -> []."""
    if not 0 <= first <= last < scores.shape[0]:
        raise ValueError(f"evidence tokens [{first}, {last}] are outside the {scores.shape[0]} context tokens")
    return torch.logsumexp(scores, 0) - torch.logsumexp(scores[first:last + 1], 0)
