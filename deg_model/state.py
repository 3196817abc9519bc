"""Explicit model state: what a context read leaves behind, and what a kept fork row owns.

`State` (one per context, batch 1):
    kv[i]     `KVBuffer` per attention layer (None for state layers): keys and values
              `[Hkv, T, D]`, head-major so a fork row reads them in place as a batched matmul
              operand (no copy, no per-row expansion).
    lin[i]    `(recurrent [1, ...] fp32, conv_tail [1, K-1, C])` per state layer of a hybrid
              family (None for attention layers), replaced as each chunk is read; a
              pure-attention family has none.
    hidden    final-normed hidden states of every token read so far `[T, H]` (the span pointer
              reads the context tokens' rows).
    length    T, the number of positions consumed; a fork row continues at position T.

Buffers grow by doubling (or to the exact size a prefill announces), so appending a chunk or a
KNOWN VALUES block never copies the whole context per token.

`ForkState` (keep=True forks): a reference to each row's prefix `State` plus its own K/V
`[rows, Hkv, capacity, D]`, own lengths and, for state layers, each row's own fixed-size
`(recurrent [rows, ...], conv_tail [rows, ...])` (updated in place by decode steps); the prefix
K/V is never copied per row.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch


class GrowBuffer:
    """A tensor that grows along one dimension; `view()` is the filled part (no copy)."""

    def __init__(self, shape: tuple[int, ...], dim: int, dtype: torch.dtype, device: torch.device,
                 capacity: int = 0):
        self.dim = dim
        full = list(shape)
        full[dim] = max(capacity, 0)
        self.data = torch.empty(full, dtype=dtype, device=device)
        self.length = 0

    def reserve(self, total: int) -> None:
        cap = self.data.shape[self.dim]
        if total <= cap:
            return
        shape = list(self.data.shape)
        shape[self.dim] = max(total, 2 * cap)
        grown = torch.empty(shape, dtype=self.data.dtype, device=self.data.device)
        grown.narrow(self.dim, 0, self.length).copy_(self.data.narrow(self.dim, 0, self.length))
        self.data = grown

    def append(self, chunk: torch.Tensor) -> None:
        n = chunk.shape[self.dim]
        self.reserve(self.length + n)
        self.data.narrow(self.dim, self.length, n).copy_(chunk)
        self.length += n

    def view(self) -> torch.Tensor:
        return self.data.narrow(self.dim, 0, self.length)


class KVBuffer:
    """Keys and values of one attention layer, `[Hkv, T, D]` each."""

    def __init__(self, kv_heads: int, head_dim: int, dtype: torch.dtype, device: torch.device,
                 capacity: int = 0):
        self.k = GrowBuffer((kv_heads, 0, head_dim), 1, dtype, device, capacity)
        self.v = GrowBuffer((kv_heads, 0, head_dim), 1, dtype, device, capacity)

    def append(self, k: torch.Tensor, v: torch.Tensor) -> None:
        """k, v: `[n, Hkv, D]` token-major, as the projections produce them."""
        self.k.append(k.transpose(0, 1))
        self.v.append(v.transpose(0, 1))

    @property
    def keys(self) -> torch.Tensor:
        return self.k.view()        # [Hkv, T, D]

    @property
    def values(self) -> torch.Tensor:
        return self.v.view()        # [Hkv, T, D]

    def reserve(self, total: int) -> None:
        self.k.reserve(total)
        self.v.reserve(total)

    @classmethod
    def wrap(cls, keys: torch.Tensor, values: torch.Tensor) -> "KVBuffer":
        """A buffer over existing `[Hkv, T, D]` keys and values (no copy): a cached trunk's."""
        if keys.shape != values.shape or keys.dim() != 3:
            raise ValueError(f"keys {tuple(keys.shape)} and values {tuple(values.shape)} must both be [Hkv, T, D]")
        buf = cls(keys.shape[0], keys.shape[2], keys.dtype, keys.device)
        buf.k.data, buf.k.length = keys, keys.shape[1]
        buf.v.data, buf.v.length = values, values.shape[1]
        return buf


@dataclass
class State:
    kv: list[KVBuffer | None]
    lin: list[tuple[torch.Tensor, torch.Tensor] | None]
    hidden_buffer: GrowBuffer            # [T, H] final-normed hidden states
    length: int = 0

    @property
    def hidden(self) -> torch.Tensor:
        return self.hidden_buffer.view()  # [T, H]

    def reserve(self, total: int) -> None:
        for buf in self.kv:
            if buf is not None:
                buf.reserve(total)
        self.hidden_buffer.reserve(total)


@dataclass
class ForkState:
    """Kept fork rows: each row's prefix by reference + per-row own K/V and layer states, for
    decoding. Rows may continue different prefixes (`Backbone.fork_many`)."""
    prefixes: list[State]                # per row: the State it continues (shared, never copied)
    own_k: list[torch.Tensor | None]     # per attention layer [rows, Hkv, capacity, D]
    own_v: list[torch.Tensor | None]
    lengths: torch.Tensor                # [rows] own tokens written so far (int64)
    lin: list[tuple[torch.Tensor, torch.Tensor] | None] = field(default_factory=list)

    @property
    def rows(self) -> int:
        return int(self.lengths.shape[0])

    @property
    def capacity(self) -> int:
        for k in self.own_k:
            if k is not None:
                return int(k.shape[2])
        return 0

    def reserve(self, total: int) -> None:
        """Grow every row's own K/V to hold `total` tokens."""
        cap = self.capacity
        if total <= cap:
            return
        new_cap = max(total, 2 * cap)
        for store in (self.own_k, self.own_v):
            for i, t in enumerate(store):
                if t is None:
                    continue
                grown = t.new_zeros((t.shape[0], t.shape[1], new_cap, t.shape[3]))
                grown[:, :, :cap] = t
                store[i] = grown

    def select(self, rows: list[int] | torch.Tensor) -> "ForkState":
        """The same fork with only `rows` kept (in that order): drop finished rows."""
        index = torch.as_tensor(rows, dtype=torch.long)
        if index.numel() and (int(index.min()) < 0 or int(index.max()) >= self.rows):
            raise IndexError(f"row index out of range for a fork of {self.rows} rows: {index.tolist()}")

        def pick(t):
            return None if t is None else t.index_select(0, index.to(t.device))

        return ForkState(
            prefixes=[self.prefixes[i] for i in index.tolist()],
            own_k=[pick(t) for t in self.own_k],
            own_v=[pick(t) for t in self.own_v],
            lengths=self.lengths.index_select(0, index),
            lin=[None if s is None else (pick(s[0]), pick(s[1])) for s in self.lin],
        )
