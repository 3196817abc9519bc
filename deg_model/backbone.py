"""The shared trunk/fork mechanism over a `Family` (contract 12.1, 12.2, 12.8).

    state = backbone.prefill(ids)                 # read a context ONCE -> State
    backbone.extend(state, ids)                   # append tokens in place (KNOWN VALUES)
    out = backbone.fork(state, rows, keep=False)  # many continuations reading the prefix by reference
    logits = backbone.decode_step(out.state, next_ids)   # keep=True rows, one token each

Long inputs: up to `dense_prefill_max` (8192) tokens are read in one shot; longer inputs (and
extensions) in `prefill_chunk` (4096) token chunks that append K/V and attend it with a
`[chunk, P + chunk]` mask at most. A sequence longer than the family's trained positions
(`spec.max_positions`, 8192 for SmolLM2) raises `ContextTooLong`: positions the base never saw
give garbage, and nothing is ever truncated. A context whose K/V would not fit the memory free
now raises `ContextMemoryError` before anything is allocated.

Batch invariance of fork rows (CPU, by construction):
- each row is right-padded to a multiple of `FORK_GRID` tokens, so every fixed-shape token tile
  `[FORK_GRID, H]` holds tokens of ONE row; every per-token op (norms, GEMMs, rotary, SwiGLU)
  runs tile by tile, so its kernel choice, SIMD/scalar split and thread split depend only on the
  tile shape, never on how many rows share the batch;
- attention runs per row (`row_attention`) at the row's own bucketed width over the prefix K/V
  read in place, so its shapes depend only on that row and the prefix;
- padded positions come after a row's real tokens, so causal attention never lets a real token
  see them: they are exact no-ops, and their outputs are zeroed.
Decode steps pack one token per row into fixed `[FORK_GRID, H]` tiles; that relies on the CPU
GEMM giving a row the same result at any position of a fixed-shape tile (tested with
`torch.equal` under the default thread count and one thread).

The trunk (batch 1) uses whole-chunk ops: it has no batch to be invariant to, and at most 8192
tokens it is always the one-shot path, so chunking never changes a short context's bits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import torch

from .errors import ContextMemoryError, ContextTooLong, ModelError
from .families import ATTENTION, BackboneSpec, Family, Weights, family_for_model_type
from .kernels import attention_kernels
from .state import ForkState, GrowBuffer, KVBuffer, State

DENSE_PREFILL_MAX = 8192
PREFILL_CHUNK = 4096
FORK_GRID = 16


def _round_up(n: int, grid: int) -> int:
    return -(-n // grid) * grid


def _available_bytes(device: torch.device) -> int | None:
    if device.type == "cuda":
        free, _ = torch.cuda.mem_get_info(device)
        return int(free)
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


@dataclass
class ForkOutput:
    hidden: torch.Tensor          # [rows, W, H] last layer output (zeros past each row's length)
    normed: torch.Tensor          # [rows, W, H] after the final norm (what heads read)
    lengths: torch.Tensor         # [rows] int64
    state: ForkState | None       # keep=True: the rows' own K/V, ready for decode_step

    def at(self, rows: Sequence[int], positions: Sequence[int]) -> torch.Tensor:
        """Final-normed hidden of (row, position) pairs -> [n, H] (e.g. for `Backbone.logits`)."""
        r = torch.as_tensor(rows, dtype=torch.long)
        p = torch.as_tensor(positions, dtype=torch.long)
        if bool((p >= self.lengths[r]).any()) or bool((p < 0).any()):
            raise IndexError("a position is outside its fork row")
        return self.normed[r, p]


class Backbone:
    def __init__(self, family: Family, spec: BackboneSpec, weights: Weights, tokenizer: Any = None,
                 *, dense_prefill_max: int = DENSE_PREFILL_MAX, prefill_chunk: int = PREFILL_CHUNK,
                 source: str = ""):
        if any(kind != ATTENTION for kind in spec.layer_kinds):
            raise ModelError(
                f"family {spec.family!r} declares state layers; the backbone executes attention "
                "layers only until the first hybrid family adds its state-layer path"
            )
        if prefill_chunk < 1 or dense_prefill_max < 1:
            raise ValueError("dense_prefill_max and prefill_chunk must be >= 1")
        self.family, self.spec, self.weights, self.tokenizer = family, spec, weights, tokenizer
        self.dense_prefill_max, self.prefill_chunk = dense_prefill_max, prefill_chunk
        self.source = source
        self.dtype = weights["embed"].dtype
        self.device = weights["embed"].device
        self.kernels = attention_kernels(self.device)

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_state_dict(cls, config: dict[str, Any], state_dict: dict[str, torch.Tensor],
                        tokenizer: Any = None, *, dtype: torch.dtype = torch.float32, **kwargs) -> "Backbone":
        family = family_for_model_type(config.get("model_type", ""))
        spec = family.spec_from_config(config)
        return cls(family, spec, family.prepare_weights(spec, state_dict, dtype), tokenizer, **kwargs)

    @classmethod
    def from_hf_model(cls, hf_model: Any, tokenizer: Any = None, *, dtype: torch.dtype = torch.float32,
                      **kwargs) -> "Backbone":
        """Build from a `transformers` causal LM (e.g. a tiny random `LlamaForCausalLM`)."""
        config = hf_model.config.to_dict()
        state_dict = {k: v.detach() for k, v in hf_model.state_dict().items()}
        return cls.from_state_dict(config, state_dict, tokenizer, dtype=dtype, **kwargs)

    # ------------------------------------------------------------------ trunk
    def new_state(self) -> State:
        spec = self.spec
        kv = [KVBuffer(spec.num_kv_heads, spec.head_dim, self.dtype, self.device) if kind == ATTENTION else None
              for kind in spec.layer_kinds]
        hidden = GrowBuffer((0, spec.hidden_size), 0, self.dtype, self.device)
        return State(kv=kv, lin=[None] * len(spec.layer_kinds), hidden_buffer=hidden)

    def prefill(self, ids: torch.Tensor) -> State:
        """Read a context once: ids [T] -> State with K/V and final-normed hidden [T, H]."""
        return self.extend(self.new_state(), ids)

    @torch.inference_mode()
    def extend(self, state: State, ids: torch.Tensor) -> State:
        """Consume ids [n] in place, continuing at position state.length; returns `state`."""
        ids = self._check_ids(ids, "ids")
        n = int(ids.shape[0])
        total = state.length + n
        if total > self.spec.max_positions:
            raise ContextTooLong(total, self.spec.max_positions)
        self._check_memory(total - state.length)
        state.reserve(total)
        if n <= self.dense_prefill_max:
            pieces = [ids]
        else:
            pieces = list(torch.split(ids, self.prefill_chunk))
        for piece in pieces:
            self._trunk_chunk(state, piece)
        return state

    def _trunk_chunk(self, state: State, ids: torch.Tensor) -> None:
        fam, spec, w = self.family, self.spec, self.weights
        start, C = state.length, int(ids.shape[0])
        positions = torch.arange(start, start + C, device=self.device)
        cos, sin = fam.rotary(spec, w, positions)
        h = fam.embed(w, ids.to(self.device))                                # [C, H]
        for i in range(len(spec.layer_kinds)):
            q, k, v = fam.attn_in(spec, w, i, h, cos, sin)                   # [C, Hq|Hkv, D]
            buf = state.kv[i]
            buf.append(k, v)
            attn = self.kernels.trunk(q, buf.keys, buf.values, start)        # [C, Hq*D]
            h = fam.attn_out(spec, w, i, h, attn)
        state.hidden_buffer.append(fam.final_norm(spec, w, h))
        state.length += C

    # ------------------------------------------------------------------ forks
    @torch.inference_mode()
    def fork(self, state: State, rows: Sequence[torch.Tensor], *, keep: bool = False) -> ForkOutput:
        """Run continuation rows (1-D id tensors of any lengths >= 1) on top of `state`.

        Token t of a row sits at position state.length + t. Output hidden/normed are
        [rows, max_len, H]; with keep=True, `out.state` holds each row's own K/V for decoding.
        """
        fam, spec, w = self.family, self.spec, self.weights
        if len(rows) == 0:
            raise ValueError("fork needs at least one row")
        rows = [self._check_ids(r, f"rows[{j}]") for j, r in enumerate(rows)]
        P = state.length
        lengths = [int(r.shape[0]) for r in rows]
        if P + max(lengths) > spec.max_positions:
            raise ContextTooLong(P + max(lengths), spec.max_positions, what="a fork row")
        widths = [_round_up(n, FORK_GRID) for n in lengths]
        offsets = [0]
        for width in widths:
            offsets.append(offsets[-1] + width)
        N = offsets[-1]
        ids = torch.zeros(N, dtype=torch.long, device=self.device)
        positions = torch.empty(N, dtype=torch.long, device=self.device)
        for r, (row, off, width) in enumerate(zip(rows, offsets, widths)):
            ids[off:off + lengths[r]] = row.to(self.device)
            positions[off:off + width] = torch.arange(P, P + width, device=self.device)
        tiles = [slice(t, t + FORK_GRID) for t in range(0, N, FORK_GRID)]
        cos, sin = fam.rotary(spec, w, positions)                            # [N, D]
        h = torch.cat([fam.embed(w, ids[t]) for t in tiles])                 # [N, H]
        own_k: list[torch.Tensor | None] = [None] * len(spec.layer_kinds)
        own_v: list[torch.Tensor | None] = [None] * len(spec.layer_kinds)
        cap = max(widths)
        for i in range(len(spec.layer_kinds)):
            qkv = [fam.attn_in(spec, w, i, h[t], cos[t], sin[t]) for t in tiles]
            q = torch.cat([x[0] for x in qkv])                               # [N, Hq, D]
            k = torch.cat([x[1] for x in qkv]).transpose(0, 1)               # [Hkv, N, D]
            v = torch.cat([x[2] for x in qkv]).transpose(0, 1)
            buf = state.kv[i]
            attn = torch.cat([
                self.kernels.row(q[off:off + width], buf.keys, buf.values,
                                 k[:, off:off + width], v[:, off:off + width], 0)
                for off, width in zip(offsets, widths)])                     # [N, Hq*D]
            h = torch.cat([fam.attn_out(spec, w, i, h[t], attn[t]) for t in tiles])
            if keep:
                own_k[i] = self._gather_rows(k, offsets, widths, cap)        # [rows, Hkv, cap, D]
                own_v[i] = self._gather_rows(v, offsets, widths, cap)
        normed = torch.cat([fam.final_norm(spec, w, h[t]) for t in tiles])
        W = max(lengths)
        hidden_rows = h.new_zeros((len(rows), W, spec.hidden_size))
        normed_rows = h.new_zeros((len(rows), W, spec.hidden_size))
        for r, off in enumerate(offsets[:-1]):
            hidden_rows[r, :lengths[r]] = h[off:off + lengths[r]]
            normed_rows[r, :lengths[r]] = normed[off:off + lengths[r]]
        length_t = torch.tensor(lengths, dtype=torch.long)
        fork_state = None
        if keep:
            fork_state = ForkState(prefix=state, own_k=own_k, own_v=own_v, lengths=length_t.clone(),
                                   lin=[None] * len(spec.layer_kinds))
        return ForkOutput(hidden=hidden_rows, normed=normed_rows, lengths=length_t, state=fork_state)

    @staticmethod
    def _gather_rows(kv: torch.Tensor, offsets: list[int], widths: list[int], cap: int) -> torch.Tensor:
        out = kv.new_zeros((len(widths), kv.shape[0], cap, kv.shape[2]))
        for r, (off, width) in enumerate(zip(offsets, widths)):
            out[r, :, :width] = kv[:, off:off + width]
        return out

    # ------------------------------------------------------------------ decoding
    @torch.inference_mode()
    def decode_step(self, fork_state: ForkState, next_ids: torch.Tensor) -> torch.Tensor:
        """Append one token per kept row; returns next-token logits [rows, vocab].

        Row r's token sits at own index lengths[r] (position P + lengths[r]). Rows that have
        finished are dropped with `fork_state.select(...)` before the next step.
        """
        fam, spec, w = self.family, self.spec, self.weights
        next_ids = self._check_ids(next_ids, "next_ids")
        rows = fork_state.rows
        if next_ids.shape[0] != rows:
            raise ValueError(f"decode_step got {next_ids.shape[0]} ids for {rows} rows")
        P = fork_state.prefix.length
        own_len = [int(x) for x in fork_state.lengths]
        if P + max(own_len) + 1 > spec.max_positions:
            raise ContextTooLong(P + max(own_len) + 1, spec.max_positions, what="a decoded row")
        fork_state.reserve(_round_up(max(own_len) + 1, FORK_GRID))
        N = _round_up(rows, FORK_GRID)
        ids = torch.zeros(N, dtype=torch.long, device=self.device)
        ids[:rows] = next_ids.to(self.device)
        positions = torch.full((N,), P, dtype=torch.long, device=self.device)
        positions[:rows] += fork_state.lengths.to(self.device)
        tiles = [slice(t, t + FORK_GRID) for t in range(0, N, FORK_GRID)]
        cos, sin = fam.rotary(spec, w, positions)
        h = torch.cat([fam.embed(w, ids[t]) for t in tiles])                 # [N, H]
        zeros_attn = h.new_zeros((N - rows, spec.num_heads * spec.head_dim))
        for i in range(len(spec.layer_kinds)):
            qkv = [fam.attn_in(spec, w, i, h[t], cos[t], sin[t]) for t in tiles]
            q = torch.cat([x[0] for x in qkv])                               # [N, Hq, D]
            k = torch.cat([x[1] for x in qkv])                               # [N, Hkv, D]
            v = torch.cat([x[2] for x in qkv])
            ok, ov = fork_state.own_k[i], fork_state.own_v[i]                # [rows, Hkv, cap, D]
            buf = fork_state.prefix.kv[i]
            parts = []
            for r, n in enumerate(own_len):
                ok[r, :, n] = k[r]
                ov[r, :, n] = v[r]
                width = _round_up(n + 1, FORK_GRID)
                parts.append(self.kernels.row(q[r:r + 1], buf.keys, buf.values,
                                              ok[r, :, :width], ov[r, :, :width], n))
            attn = torch.cat(parts + [zeros_attn])                           # [N, Hq*D]
            h = torch.cat([fam.attn_out(spec, w, i, h[t], attn[t]) for t in tiles])
        fork_state.lengths += 1
        normed = torch.cat([fam.final_norm(spec, w, h[t]) for t in tiles])
        return self.logits(normed[:rows])

    @torch.inference_mode()
    def logits(self, normed: torch.Tensor) -> torch.Tensor:
        """LM logits of final-normed hidden vectors [n, H] -> [n, vocab], on fixed row tiles
        so a vector's logits never depend on the others."""
        n = normed.shape[0]
        N = _round_up(max(n, 1), FORK_GRID)
        padded = normed.new_zeros((N, normed.shape[1]))
        padded[:n] = normed
        out = [self.family.lm_logits(self.spec, self.weights, padded[t:t + FORK_GRID])
               for t in range(0, N, FORK_GRID)]
        return torch.cat(out)[:n]

    # ------------------------------------------------------------------ checks
    def _check_ids(self, ids: Any, name: str) -> torch.Tensor:
        ids = torch.as_tensor(ids)
        if ids.dim() != 1:
            raise ValueError(f"{name} must be a 1-D tensor of token ids, got shape {tuple(ids.shape)}")
        if ids.numel() == 0:
            raise ValueError(f"{name} is empty")
        if ids.dtype not in (torch.int64, torch.int32):
            raise ValueError(f"{name} must hold integer token ids, got {ids.dtype}")
        lo, hi = int(ids.min()), int(ids.max())
        if lo < 0 or hi >= self.spec.vocab_size:
            raise ValueError(f"{name} has token id {lo if lo < 0 else hi} outside [0, {self.spec.vocab_size})")
        return ids.long()

    def _check_memory(self, new_tokens: int) -> None:
        item = torch.empty((), dtype=self.dtype).element_size()
        per_token = self.spec.kv_bytes_per_token(self.dtype) + self.spec.hidden_size * item
        needed = new_tokens * per_token
        available = _available_bytes(self.device)
        if available is not None and needed > available:
            raise ContextMemoryError(new_tokens, needed, available)
