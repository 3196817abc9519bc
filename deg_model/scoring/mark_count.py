"""How many items the anchor head marks: the distribution of the number of marked tokens.

The anchor head gives every token of an array's region an independent mark probability
p_t = sigmoid(logit_t). The number of marked tokens then follows the Poisson-binomial
distribution of those p_t; its mode is the item count the anchor head itself implies (the
`expected` decode, `runtime.arrays.expected_count`), and its log-likelihood of the gold count is a training term that
teaches the head to mark as many tokens as the array has items (`losses.mark_count_loss`).

Computed exactly in log space by a pairwise tree of truncated convolutions: each token is
the two-class distribution [log(1 - p), log p]; each level convolves neighbours and keeps
classes 0..K (K = `top`). The tree's shape depends only on R, so the result is a pure
function of the logits (deterministic, batch-invariant) and differentiable.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

# log(0), finite: an impossible class whose every term is -inf would give logsumexp a NaN gradient
NEG = -1e30


def _convolve(a: torch.Tensor, b: torch.Tensor, size: int) -> torch.Tensor:
    """Log-space convolution of [N, L] pairs, truncated to `size` classes -> [N, size]."""
    n, la = a.shape
    lb = b.shape[1]
    k = torch.arange(size)
    i = torch.arange(la)
    j = k.unsqueeze(0) - i.unsqueeze(1)                                  # [la, size]: b's class for (i, k)
    valid = (j >= 0) & (j < lb)
    gathered = b[:, j.clamp(0, lb - 1)]                                   # [N, la, size]
    terms = (a.unsqueeze(2) + gathered).masked_fill(~valid, NEG)  # [N, la, size]
    return torch.logsumexp(terms, dim=1)


def mark_count_log_probs(logits: torch.Tensor, top: int) -> torch.Tensor:
    """logits [R] -> log P(number of marked tokens = k) for k in 0..top [top + 1].

    The last class holds only exactly `top` marks (the mass above it is dropped, so the
    vector sums to 1 only when more than `top` marks are impossible)."""
    dist = torch.stack([F.logsigmoid(-logits), F.logsigmoid(logits)], dim=1)   # [R, 2]
    if dist.shape[0] == 0:
        out = torch.full((top + 1,), NEG, dtype=logits.dtype)
        out[0] = 0.0
        return out
    while dist.shape[0] > 1:
        if dist.shape[0] % 2:
            # the identity distribution (no mark, probability 1) pads an odd level
            pad = torch.full((1, dist.shape[1]), NEG, dtype=dist.dtype)
            pad[0, 0] = 0.0
            dist = torch.cat([dist, pad], dim=0)
        size = min(2 * dist.shape[1] - 1, top + 1)
        dist = _convolve(dist[0::2], dist[1::2], size)
    out = dist[0]
    if out.shape[0] < top + 1:
        out = torch.cat([out, torch.full((top + 1 - out.shape[0],), NEG, dtype=out.dtype)])
    return out[:top + 1]
