"""Trunks kept across fills: a context read once serves every later schema over it.

The trunk (its State: K/V of every attention layer, the recurrent state and conv tail of
every state layer, the final-normed hidden states; and the heads' key projections of its
context tokens, `TrunkView`) depends only on the context and the model, never on the schema
or the options. So a fill of a second schema over a document already read reuses that
trunk instead of prefilling it again. The reuse is exact: the fork rows read the very
tensors a cold fill would have produced, so outcomes are bitwise those of a cold fill.

- Key: sha256 over the runtime's trunk identity (model id, backbone source and weights hash,
  dtype, device, trained positions, how contexts are cut into windows) and the rendered
  context text. Tokenizing is skipped on a hit: the context text decides the trunk ids.
- Bound: an LRU over the bytes the kept tensors occupy (buffers at their capacity, each
  storage counted once); a trunk larger than the whole bound is never kept. Entries are
  dropped oldest-used first until the new one fits.
- Sharing: a kept State is read by many fills and must never change. The only writer of a
  trunk state is the generate phase (KNOWN VALUES extends the state in place), so a fill
  whose state is shared extends a private copy (`private_state`, a full copy at the same
  buffer capacity, so the extension's numerics are those of the original).
- Windowed trunks (`windows.py`) are kept whole: every window's state and view.

Not thread-safe: the runtime that owns it is driven by one thread at a time.
"""
from __future__ import annotations

import copy
import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Iterable

import torch

from ..state import GrowBuffer, KVBuffer, State

__all__ = ["DEFAULT_TRUNK_CACHE_BYTES", "KeptTrunk", "TrunkCache", "private_state", "trunk_bytes"]

DEFAULT_TRUNK_CACHE_BYTES = 1 << 30      # ~ 20k SmolLM2-135M fp32 context tokens


@dataclass(frozen=True)
class KeptTrunk:
    state: State                  # the state a generate phase continues (first window's when windowed)
    trunk: object                 # TrunkView, or WindowedTrunk
    tokens: int                   # trunk tokens read to build it (the fill's prompt_tokens)
    windows: int                  # 0: one trunk
    nbytes: int


def _state_tensors(state: State) -> Iterable[torch.Tensor]:
    for buf in state.kv:
        if buf is not None:
            yield buf.k.data
            yield buf.v.data
    for pair in state.lin:
        if pair is not None:
            yield from pair
    yield state.hidden_buffer.data


def _view_tensors(view) -> Iterable[torch.Tensor]:
    yield view.ctx
    yield from view.span_keys
    yield view.anchor_keys
    yield view.anchor_u
    yield view.anchor_echo
    if view.reader is not None:
        yield from (t for t in view.reader if t is not None)
    yield view.context_ids


def trunk_bytes(state: State, trunk) -> int:
    """Bytes of a trunk's tensors, each storage once (views of one buffer are not counted twice)."""
    windows = getattr(trunk, "windows", None)
    pairs = [(w.state, w.view) for w in windows] if windows is not None else [(state, trunk)]
    seen: dict[int, int] = {}
    for st, view in pairs:
        for t in (*_state_tensors(st), *_view_tensors(view)):
            storage = t.untyped_storage()
            seen[storage.data_ptr()] = storage.nbytes()
    return sum(seen.values())


def _copy_grow(buf: GrowBuffer) -> GrowBuffer:
    out = copy.copy(buf)
    out.data = buf.data.clone()          # same capacity, hence the same strides when extended
    return out


def _copy_kv(buf: KVBuffer) -> KVBuffer:
    out = copy.copy(buf)
    out.k, out.v = _copy_grow(buf.k), _copy_grow(buf.v)
    return out


def private_state(state: State) -> State:
    """A copy of a shared state that may be extended without touching the original."""
    return State(kv=[None if b is None else _copy_kv(b) for b in state.kv],
                 lin=[None if s is None else (s[0].clone(), s[1].clone()) for s in state.lin],
                 hidden_buffer=_copy_grow(state.hidden_buffer), length=state.length)


class TrunkCache:
    """An LRU of kept trunks bounded in bytes (`max_bytes`; 0 keeps nothing). Thread-safe:
    the runtime replicas of one service (`Runtime.replica`) share it."""

    def __init__(self, max_bytes: int = DEFAULT_TRUNK_CACHE_BYTES):
        if max_bytes < 0:
            raise ValueError(f"the trunk cache bound must be >= 0 bytes, got {max_bytes}")
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._kept: OrderedDict[str, KeptTrunk] = OrderedDict()
        self.bytes = 0
        self.hits = self.misses = self.evictions = 0

    @staticmethod
    def key(identity: tuple, context: str) -> str:
        material = repr(identity).encode() + b"\0" + context.encode("utf-8", "surrogatepass")
        return hashlib.sha256(material).hexdigest()

    def get(self, key: str) -> KeptTrunk | None:
        with self._lock:
            kept = self._kept.get(key)
            if kept is None:
                self.misses += 1
                return None
            self._kept.move_to_end(key)
            self.hits += 1
            return kept

    def __contains__(self, key: str) -> bool:
        """Whether `key` is kept, without touching its recency or the hit counts (admission asks)."""
        with self._lock:
            return key in self._kept

    def put(self, key: str, state: State, trunk, tokens: int, windows: int = 0) -> KeptTrunk | None:
        """Keep a trunk (None when it is larger than the whole bound); evicts the least
        recently used entries until it fits."""
        nbytes = trunk_bytes(state, trunk)
        if nbytes > self.max_bytes:
            return None
        with self._lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self.bytes -= old.nbytes
            while self._kept and self.bytes + nbytes > self.max_bytes:
                _, dropped = self._kept.popitem(last=False)
                self.bytes -= dropped.nbytes
                self.evictions += 1
            kept = KeptTrunk(state, trunk, tokens, windows, nbytes)
            self._kept[key] = kept
            self.bytes += nbytes
            return kept

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.bytes = 0

    def __len__(self) -> int:
        return len(self._kept)
