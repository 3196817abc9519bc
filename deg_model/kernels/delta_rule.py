"""The gated delta rule in plain torch: the CPU reference (recurrent and chunked) of Qwen3.5's
Gated DeltaNet layers.

Per value head, with state S [Dk, Dv], at each token t:
    S <- S * exp(g_t)                                   (decay; g_t <= 0)
    S <- S + k_t (beta_t * (v_t - S^T k_t))^T           (delta-rule write)
    o_t = S^T (scale * q_t)
q and k arrive L2-normalized (the caller's job, as with flash-linear-attention's
`use_qk_l2norm_in_kernel=False`); everything is computed in fp32.

`recurrent_gated_delta_rule` steps token by token over many rows `[R, W, ...]`: the fork and
decode path. A position with `valid[r, t] == False` leaves row r's state untouched through
`torch.where` (not through beta = g = 0 arithmetic, which could flip the sign of a zero), so
right padding is exact whatever the batch width, and every op is per row (elementwise or a
reduction over one row's own head dims), so a row's bits never depend on the other rows. The
decay `exp(g)` is a plain `exp`: on x86 builds torch runs it through MKL's vector math, which
gives a value the same bits at any position of any length of array (tested), unlike torch's
own vectorized loops; the layer's other activations need `tokenwise` (below).

`chunked_gated_delta_rule` is the prefill form (one sequence, or rows without padding): the
UT-transform formulation of `transformers`' `torch_chunk_gated_delta_rule`, carrying an initial
state in and the final state out, so long inputs stream chunk by chunk.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

VECTOR_STEP = 64        # values: a whole number of torch's 2-vector loop steps (fp32, up to 1024-bit SIMD)
SERIAL_MAX = 32768      # torch's elementwise grain (at::internal::GRAIN_SIZE): one thread up to this size


def tokenwise(fn, x: torch.Tensor) -> torch.Tensor:
    """`fn(x)` for an elementwise `fn` over `x [..., n]` (n values per token), with every token's
    bits independent of how many tokens share the call (CPU).

    torch's own CPU elementwise kernels run ONE flat loop over a contiguous tensor: a vectorized
    body in steps of two SIMD vectors, then a scalar tail, and the two round exp-based functions
    (softplus, sigmoid, silu) differently in the last bit. Which values fall in the tail depends
    on the total count, i.e. on the batch: one decode row's 4 heads are all tail, 4 rows (16
    values) all body on AVX2 (AVX-512 steps 32). So each token's values are laid out in a
    zero-padded segment of a multiple of VECTOR_STEP values and run in calls of at most
    SERIAL_MAX values (one thread: a bigger call is split over threads at bounds of torch's own,
    which need not fall on a vector step): the loop never has a tail, and every value takes the
    vectorized path whatever the batch. Inputs whose tokens are already contiguous runs of a
    multiple of VECTOR_STEP values run as they are (no copy; the loop covers whole tokens, one
    or many at a time); otherwise the result is a view into the padded layout. `fn(0)` must be
    finite (padding). Off the CPU it is plain `fn(x)`: a GPU elementwise kernel runs one code
    path for every element. Not for MKL-backed ops (exp, cos): they need no padding, and MKL
    threads arrays of 128+ values on its own.
    """
    n = x.shape[-1]
    seg = -(-n // VECTOR_STEP) * VECTOR_STEP
    if x.device.type != "cpu" or (seg == n and x.stride(-1) == 1 and x.numel() <= SERIAL_MAX):
        return fn(x)                    # each token a whole number of vector steps already
    padded = torch.constant_pad_nd(x, (0, seg - n)).contiguous()           # [..., seg]
    if padded.numel() <= SERIAL_MAX:
        return fn(padded).narrow(-1, 0, n)                                  # a view, no copy back
    flat = padded.view(-1, seg)                                             # [tokens, seg]
    block = max(1, SERIAL_MAX // seg)                                       # tokens per call
    out = torch.cat([fn(piece) for piece in flat.split(block)])
    return out.view(padded.shape).narrow(-1, 0, n)


def _check(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, g: torch.Tensor, beta: torch.Tensor,
           state: torch.Tensor) -> None:
    R, W, Hv, Dk = q.shape
    if k.shape != q.shape or v.shape[:3] != (R, W, Hv) or g.shape != (R, W, Hv) or beta.shape != (R, W, Hv):
        raise ValueError(f"gated delta rule: inconsistent shapes q {tuple(q.shape)} k {tuple(k.shape)} "
                         f"v {tuple(v.shape)} g {tuple(g.shape)} beta {tuple(beta.shape)}")
    if state.shape != (R, Hv, Dk, v.shape[3]):
        raise ValueError(f"gated delta rule: state {tuple(state.shape)} != {(R, Hv, Dk, v.shape[3])}")


def recurrent_gated_delta_rule(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, g: torch.Tensor,
                               beta: torch.Tensor, scale: float, state: torch.Tensor,
                               valid: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    """q, k [R, W, Hv, Dk]; v [R, W, Hv, Dv]; g, beta [R, W, Hv]; state [R, Hv, Dk, Dv] fp32;
    valid [R, W] bool or None (all valid). Returns (o [R, W, Hv, Dv] fp32, final state)."""
    _check(q, k, v, g, beta, state)
    q, k, v, g, beta = (x.float() for x in (q, k, v, g, beta))
    q = q * scale
    S = state.float()
    out = v.new_empty(v.shape)                                      # [R, W, Hv, Dv]
    for t in range(q.shape[1]):
        k_t = k[:, t, :, :, None]                                   # [R, Hv, Dk, 1]
        new = S * g[:, t, :, None, None].exp()                      # [R, Hv, Dk, Dv]
        kv_mem = (new * k_t).sum(-2)                                # [R, Hv, Dv]
        delta = (v[:, t] - kv_mem) * beta[:, t, :, None]            # [R, Hv, Dv]
        new = new + k_t * delta[:, :, None, :]
        S = new if valid is None else torch.where(valid[:, t, None, None, None], new, S)
        out[:, t] = (S * q[:, t, :, :, None]).sum(-2)
    return out, S


def chunked_gated_delta_rule(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, g: torch.Tensor,
                             beta: torch.Tensor, scale: float, state: torch.Tensor,
                             chunk: int = 64) -> tuple[torch.Tensor, torch.Tensor]:
    """Same contract as `recurrent_gated_delta_rule` (every position valid), in chunks of
    `chunk` tokens: intra-chunk work is a few matmuls, only the chunk scan is sequential."""
    _check(q, k, v, g, beta, state)
    R, W, Hv, Dk = q.shape
    Dv = v.shape[3]
    # [R, Hv, W, ...] fp32 so a head's tokens are contiguous
    q, k, v = (x.transpose(1, 2).float() * (scale if x is q else 1.0) for x in (q, k, v))
    g, beta = (x.transpose(1, 2).float() for x in (g, beta))
    pad = (chunk - W % chunk) % chunk
    q, k, v = (F.pad(x, (0, 0, 0, pad)) for x in (q, k, v))
    g, beta = (F.pad(x, (0, pad)) for x in (g, beta))
    n = (W + pad) // chunk
    v_beta = v * beta[..., None]
    k_beta = k * beta[..., None]
    q, k, k_beta, v_beta = (x.reshape(R, Hv, n, chunk, x.shape[-1]) for x in (q, k, k_beta, v_beta))
    g = g.reshape(R, Hv, n, chunk)
    upper = torch.ones(chunk, chunk, dtype=torch.bool, device=q.device).triu(1)
    cum = g.cumsum(-1)                                                      # [R, Hv, n, C]
    decay = (cum[..., :, None] - cum[..., None, :]).masked_fill(upper, float("-inf")).exp()  # [.., C, C]
    system = (k_beta @ k.transpose(-1, -2)) * decay
    intra = (q @ k.transpose(-1, -2)) * decay
    # (I + strictly-lower(system)) X = rhs; the diagonal is implicitly 1
    new_values = torch.linalg.solve_triangular(system, v_beta, upper=False, unitriangular=True)
    k_cum = torch.linalg.solve_triangular(system, k_beta * cum.exp()[..., None], upper=False, unitriangular=True)
    q = q * cum.exp()[..., None]
    k = k * (cum[..., -1:] - cum).exp()[..., None]
    chunk_decay = cum[..., -1].exp()[..., None, None]                       # [R, Hv, n, 1, 1]
    S = state.float()
    out = torch.empty((R, Hv, n, chunk, Dv), dtype=torch.float32, device=q.device)
    for i in range(n):
        v_new = new_values[:, :, i] - k_cum[:, :, i] @ S                    # [R, Hv, C, Dv]
        out[:, :, i] = q[:, :, i] @ S + intra[:, :, i] @ v_new
        S = S * chunk_decay[:, :, i] + k[:, :, i].transpose(-1, -2) @ v_new
    out = out.reshape(R, Hv, n * chunk, Dv)[:, :, :W].transpose(1, 2)      # [R, W, Hv, Dv]
    return out, S
