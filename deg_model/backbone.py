"""The shared trunk/fork mechanism over a `Family` (contract 12.1, 12.2, 12.8).

    state = backbone.prefill(ids)                 # read a context ONCE -> State
    backbone.extend(state, ids)                   # append tokens in place (KNOWN VALUES)
    out = backbone.fork(state, rows, keep=False)  # many continuations reading the prefix by reference
    out = backbone.fork_many([(s1, rows1), (s2, rows2)])  # rows of SEVERAL prefixes in one pass
    logits = backbone.decode_step(out.state, next_ids)   # keep=True rows, one token each
    out = backbone.fork_many(parts, adapters=lora, row_adapters=[0, 1, -1])  # LoRA rows (deg_model.lora)

Long inputs: up to `dense_prefill_max` (8192) tokens are read in one shot; longer inputs (and
extensions) in `prefill_chunk` (4096) token chunks that append K/V and attend it with a
`[chunk, P + chunk]` mask at most. A sequence longer than the family's trained positions
(`spec.max_positions`, 8192 for SmolLM2) raises `ContextTooLong`: positions the base never saw
give garbage, and nothing is ever truncated. A context whose K/V would not fit the memory free
now raises `ContextMemoryError` before anything is allocated.

Batch invariance of fork rows (CPU, by construction):
- the rows' real tokens are packed back to back, unpadded, into fixed-shape token tiles
  `[tiles, FORK_TILE, H]` (64 tokens, the last tile padded); every projection is ONE batched GEMM solving the same `[FORK_TILE, in] x [in, out]`
  problem per tile (`kernels.tiles.linear`), and norms, rotary and SwiGLU are per token. So a
  token's result depends only on the tile shape, never on how many rows share the batch; it
  relies on the CPU GEMM giving a token the same result at any position of a fixed-shape tile
  (the property decode steps always relied on; tested with `torch.equal` at every offset,
  default threads and one thread). One call per layer and projection, not one per tile: the
  per-call overhead of a 16-token tile loop made a fork dearer than re-reading the context,
  and 64-token tiles amortize the GEMM's weight packing as well as one big GEMM does;
- attention runs rows of the same bucketed width together (`rows_attention`): each row is
  gathered into its width bucket (its length right-padded to a multiple of `FORK_GRID`, 16),
  so the batched GEMMs' per-row problem shape depends only on that bucket and the prefix
  length, over the prefix K/V read in place (a stride-0 broadcast, never a per-row copy).
  Padding lives only there: the projections, a fork pass's bulk, run on real tokens alone
  (padding to the bucket in the tiles cost a third more GEMM work at fork rows of ~25 tokens);
- state layers (hybrids) start every row from the prefix state (a copy of the fixed-size
  recurrent state and conv tail per row, never of the context) and step all rows token by
  token; a row's padded positions are masked out of the state (`torch.where`, not arithmetic),
  so they are exact no-ops whatever the batch width;
- padded positions come after a row's real tokens, so causal attention never lets a real token
  see them: they are exact no-ops, and their outputs are dropped.
- rows of different prefix states (`fork_many`, several requests in one batch) share the
  token tiles (projections are per token) while attention groups by (prefix, width) and state
  layers start each row from its own prefix's state, so a row's bits are those it gets forked
  alone from its own prefix.
Decode steps pack one token per row into fixed `[FORK_GRID, H]` tiles; that relies on the CPU
GEMM giving a row the same result at any position of a fixed-shape tile (tested with
`torch.equal` under the default thread count and one thread). Each row attends its own
prefix, so rows of several requests decode together. The 16-row tile is kept for decode steps
although one row alone pays for 16 (measured with MKL, one thread, SmolLM2 576x1536: 0.42 ms
per tile vs 0.09 ms for a 1-row problem): a smaller fixed tile makes a lone row cheaper but
many rows dearer (16 rows: 1.64 ms as 1-row problems, 0.76 ms as 4-row tiles), and many rows
decoding together is the serving case `fill_many` batches for. A tile shape chosen by the row
count is not an option: the per-row bits of a 1-3 row GEMM differ from a 16-row tile's.

The trunk (batch 1) uses whole-chunk ops: it has no batch to be invariant to, and at most 8192
tokens it is always the one-shot path, so chunking never changes a short context's bits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import torch

from .errors import ContextMemoryError, ContextTooLong, ModelError
from .families import ATTENTION, STATE, BackboneSpec, Family, Weights, family_for_model_type
from .kernels import attention_kernels
from .state import ForkState, GrowBuffer, KVBuffer, State

if TYPE_CHECKING:
    from .lora import LoraAdapters

DENSE_PREFILL_MAX = 8192
PREFILL_CHUNK = 4096
FORK_GRID = 16
FORK_TILE = 64          # tokens per GEMM tile of a fork pass (a multiple of FORK_GRID)


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
    hidden: torch.Tensor | None   # [rows, W, H] last layer output (zeros past each row's length)
    normed: torch.Tensor | None   # [rows, W, H] after the final norm (what heads read); None: capture_only
    lengths: torch.Tensor         # [rows] int64
    state: ForkState | None       # keep=True: the rows' own K/V, ready for decode_step
    captured: list[torch.Tensor] | None = None   # capture_layer: per row [n_r, H] entering that layer

    def at(self, rows: Sequence[int], positions: Sequence[int]) -> torch.Tensor:
        """Final-normed hidden of (row, position) pairs -> [n, H] (e.g. for `Backbone.logits`)."""
        r = torch.as_tensor(rows, dtype=torch.long)
        p = torch.as_tensor(positions, dtype=torch.long)
        if bool((p >= self.lengths[r]).any()) or bool((p < 0).any()):
            raise IndexError("a position is outside its fork row")
        return self.normed[r, p]


class _RowLayout:
    """Where each fork row's tokens sit in the flat token axis `[N]` (rows back to back,
    unpadded: projections are per token, so a token's tile position never changes its bits),
    grouped by (prefix, width) for attention, each row padded there to its width bucket (a
    multiple of FORK_GRID), and as a padded `[rows, W_max]` grid for the state layers'
    token-by-token scan. Padded slots read flat token 0 (any finite value: real tokens never
    see them, causal) and their outputs are dropped."""

    def __init__(self, lengths: list[int], prefix_of: list[int], device: torch.device):
        self.lengths = lengths
        self.widths = [_round_up(n, FORK_GRID) for n in lengths]
        self.offsets = [0]
        for n in lengths:
            self.offsets.append(self.offsets[-1] + n)
        self.tokens = self.offsets[-1]                                  # N: real tokens only
        self.max_width = max(self.widths)
        groups: dict[tuple[int, int], list[int]] = {}
        for r, width in enumerate(self.widths):
            groups.setdefault((prefix_of[r], width), []).append(r)
        # (prefix, width, rows of that prefix and width, flat token of every padded slot
        # [rows * width], the slots that are real tokens [k], and their flat tokens [k])
        self.groups = []
        for (prefix, width), members in sorted(groups.items()):
            slots = torch.zeros((len(members), width), dtype=torch.long)
            for j, r in enumerate(members):
                slots[j, :lengths[r]] = torch.arange(self.offsets[r], self.offsets[r] + lengths[r])
            real = (torch.arange(width)[None, :] < torch.tensor([lengths[r] for r in members])[:, None]).flatten()
            slots = slots.flatten()
            self.groups.append((prefix, width, members, slots.to(device), real.nonzero().flatten().to(device),
                                slots[real].to(device)))
        W = self.max_width
        grid = torch.zeros((len(lengths), W), dtype=torch.long)
        flat = torch.empty(self.tokens, dtype=torch.long)
        for r, (off, n) in enumerate(zip(self.offsets, lengths)):
            grid[r, :n] = torch.arange(off, off + n)
            flat[off:off + n] = r * W + torch.arange(n)
        self.grid = grid.to(device)                                     # [rows, W] -> flat token
        self.grid_index = flat.to(device)                               # [N] -> r * W + t
        self.valid = (torch.arange(W)[None, :] < torch.tensor(lengths)[:, None]).to(device)  # [rows, W]


class Backbone:
    def __init__(self, family: Family, spec: BackboneSpec, weights: Weights, tokenizer: Any = None,
                 *, dense_prefill_max: int = DENSE_PREFILL_MAX, prefill_chunk: int = PREFILL_CHUNK,
                 source: str = ""):
        unknown = sorted(set(spec.layer_kinds) - {ATTENTION, STATE})
        if unknown:
            raise ModelError(f"family {spec.family!r} declares unknown layer kinds {unknown}")
        if STATE in spec.layer_kinds and not hasattr(family, "state_mix"):
            raise ModelError(f"family {spec.family!r} declares state layers but has no state_mix")
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
        lin = [self._zero_state(i, 1) if kind == STATE else None for i, kind in enumerate(spec.layer_kinds)]
        hidden = GrowBuffer((0, spec.hidden_size), 0, self.dtype, self.device)
        return State(kv=kv, lin=lin, hidden_buffer=hidden)

    def _zero_state(self, layer: int, rows: int) -> tuple[torch.Tensor, torch.Tensor]:
        """A fresh (recurrent [rows, ...] fp32, conv tail [rows, ...]) for one state layer."""
        rec_shape, tail_shape = self.family.state_shapes(self.spec, layer)
        return (torch.zeros((rows, *rec_shape), dtype=torch.float32, device=self.device),
                torch.zeros((rows, *tail_shape), dtype=self.dtype, device=self.device))

    def prefill(self, ids: torch.Tensor, *, adapters: "LoraAdapters | None" = None) -> State:
        """Read a context once: ids [T] -> State with K/V, layer states and final-normed hidden [T, H].

        `adapters` with a context adapter (`lora.CONTEXT`) read every context token through it
        on the adapted layers (contract 12.7 `--lora-context`); otherwise the base weights."""
        return self.extend(self.new_state(), ids, adapters=adapters)

    @torch.inference_mode()
    def prefill_captured(self, ids: torch.Tensor, layer: int) -> tuple[State, torch.Tensor]:
        """`prefill(ids)` (base weights, one shot) that also returns the hidden states entering
        `layer` [T, H]: what training of the layers from `layer` up resumes from."""
        ids = self._check_ids(ids, "ids")
        if not 0 < layer < len(self.spec.layer_kinds):
            raise ValueError(f"capture layer {layer} is outside [1, {len(self.spec.layer_kinds)})")
        if int(ids.shape[0]) > min(self.dense_prefill_max, self.spec.max_positions):
            raise ContextTooLong(int(ids.shape[0]), min(self.dense_prefill_max, self.spec.max_positions))
        state = self.new_state()
        state.reserve(int(ids.shape[0]))
        captured: list[torch.Tensor] = []
        self._trunk_chunk(state, ids, capture=(layer, captured))
        return state, captured[0]

    def resume_trunk(self, hidden: torch.Tensor, start_layer: int, *, adapters: "LoraAdapters | None" = None,
                     grad: bool = False) -> State:
        """A trunk State from the hidden states entering `start_layer` ([T, H], positions 0..T-1,
        e.g. `prefill_captured`'s): the layers from there run (with the context adapter when
        `adapters` has one); the State holds K/V of those layers only and the final-normed
        hidden. The same ops as `prefill`, so the K/V match it; `grad=True` keeps the graph
        (training the adapted layers on the context)."""
        spec, fam, w = self.spec, self.family, self.weights
        if STATE in spec.layer_kinds:
            raise ValueError("resume_trunk is implemented for pure-attention families")
        T = int(hidden.shape[0])
        kv: list[KVBuffer | None] = [None] * len(spec.layer_kinds)
        with torch.inference_mode(not grad):
            cos, sin = fam.rotary(spec, w, torch.arange(T, device=self.device))

            def attend(i: int, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
                keys, values = k.transpose(0, 1), v.transpose(0, 1)             # [Hkv, T, D]
                kv[i] = KVBuffer.wrap(keys, values)
                return self.kernels.trunk(q, keys, values, 0)                  # [T, Hq*D]

            h = self._layers(hidden.to(self.dtype), cos, sin, range(start_layer, len(spec.layer_kinds)),
                             None, attend, self._trunk_lora(adapters, T))
            normed = fam.final_norm(spec, w, h)                                # [T, H]
        buf = GrowBuffer((0, spec.hidden_size), 0, self.dtype, self.device)
        buf.data, buf.length = normed, T
        return State(kv=kv, lin=[None] * len(spec.layer_kinds), hidden_buffer=buf, length=T)

    def _trunk_lora(self, adapters: "LoraAdapters | None", n: int) -> dict[str, Any]:
        """The `lora=` keyword of the trunk's family calls: every token on the context adapter."""
        index = None if adapters is None else adapters.context_index
        if index is None:
            return {}
        adapters.check_backbone(self)
        token_adapter = torch.full((n,), index, dtype=torch.long, device=self.device)     # [n]

        def lora(layer: int, proj: str, x: torch.Tensor) -> torch.Tensor | None:
            return adapters.delta(layer, proj, x, token_adapter)
        return {"lora": lora}

    @torch.inference_mode()
    def extend(self, state: State, ids: torch.Tensor, *, adapters: "LoraAdapters | None" = None) -> State:
        """Consume ids [n] in place, continuing at position state.length; returns `state`
        (`adapters`: as in `prefill`; a trunk is extended the way it was read)."""
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
            self._trunk_chunk(state, piece, adapters)
        return state

    def _trunk_chunk(self, state: State, ids: torch.Tensor, adapters: "LoraAdapters | None" = None,
                     capture: tuple[int, list] | None = None) -> None:
        fam, spec, w = self.family, self.spec, self.weights
        start, C = state.length, int(ids.shape[0])
        positions = torch.arange(start, start + C, device=self.device)
        cos, sin = fam.rotary(spec, w, positions)
        h = fam.embed(w, ids.to(self.device))                                # [C, H]
        every = torch.ones((1, C), dtype=torch.bool, device=self.device)

        def mix(i: int, h: torch.Tensor) -> torch.Tensor:
            x = fam.state_in(spec, w, i, h)                                  # [C, F]
            rec, tail = state.lin[i]
            y, rec, tail = fam.state_mix(spec, w, i, x[None], every, rec, tail, chunked=True)
            state.lin[i] = (rec, tail)
            return y[0]

        def attend(i: int, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
            buf = state.kv[i]                                                # q, k, v [C, Hq|Hkv, D]
            buf.append(k, v)
            return self.kernels.trunk(q, buf.keys, buf.values, start)        # [C, Hq*D]

        lora = self._trunk_lora(adapters, C)
        if capture is None:
            h = self._layers(h, cos, sin, range(len(spec.layer_kinds)), mix, attend, lora)
        else:
            at, out = capture
            h = self._layers(h, cos, sin, range(at), mix, attend, lora)
            out.append(h.clone())                                           # [C, H] entering layer `at`
            h = self._layers(h, cos, sin, range(at, len(spec.layer_kinds)), mix, attend, lora)
        state.hidden_buffer.append(fam.final_norm(spec, w, h))
        state.length += C

    def _layers(self, h: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor, layers: range, mix, attend,
                lora: dict[str, Any] | None = None) -> torch.Tensor:
        """The layer stack, written once for the trunk, fork and decode paths: `h` is the
        path's tokens in its own layout (`[C, H]` trunk, `[tiles, tile, H]` forks and decode
        steps). A state layer `i` adds `fam.state_out` of `mix(i, h)` (the path's token mixing,
        which keeps its layer state); an attention layer projects `q, k, v`, and `attend(i, q,
        k, v)` returns the attention output in `h`'s layout (the path keeps its K/V). `lora`:
        the fork path's adapter keyword of the family calls."""
        fam, spec, w = self.family, self.spec, self.weights
        lora = lora or {}
        for i in layers:
            if spec.layer_kinds[i] == STATE:
                h = fam.state_out(spec, w, i, h, mix(i, h))
                continue
            q, k, v, *extra = fam.attn_in(spec, w, i, h, cos, sin, **lora)
            h = fam.attn_out(spec, w, i, h, attend(i, q, k, v), *extra, **lora)
        return h

    # ------------------------------------------------------------------ forks
    def fork(self, state: State, rows: Sequence[torch.Tensor], *, keep: bool = False) -> ForkOutput:
        """Run continuation rows (1-D id tensors of any lengths >= 1) on top of `state`.

        Token t of a row sits at position state.length + t. Output hidden/normed are
        [rows, max_len, H]; with keep=True, `out.state` holds each row's own K/V and layer
        states for decoding.
        """
        if len(rows) == 0:
            raise ValueError("fork needs at least one row")
        return self.fork_many([(state, rows)], keep=keep)

    def fork_many(self, parts: Sequence[tuple[State, Sequence[torch.Tensor]]], *, keep: bool = False,
                  capture_layer: int | None = None, start_layer: int = 0,
                  start_hidden: Sequence[torch.Tensor] | None = None, grad: bool = False,
                  adapters: "LoraAdapters | None" = None, row_adapters: Sequence[int] | None = None,
                  capture_only: bool = False) -> ForkOutput:
        """Fork rows of SEVERAL prefix states in one pass: `parts` = [(state, rows), ...].

        The output's rows are every part's rows in order (part 0's first). Projections run on
        the shared token tiles; attention runs per (prefix, width) group against that prefix's
        K/V; state layers start each row from its own prefix's state. So a row gives the same
        bits here as in `fork(its_state, [row])`. With keep=True the `ForkState` remembers each
        row's own prefix, and decode steps continue rows of different prefixes together.

        Training hooks (exact, since the layers below are frozen): `capture_layer` returns each
        row's hidden states entering that layer (`out.captured`); `start_layer` + `start_hidden`
        (one `[n_r, H]` per row, as captured) resume there, skipping the embedding and the
        layers below (the prefix states then need only layers >= start_layer). `grad=True`
        runs outside inference mode so gradients reach `start_hidden` and trained tensors.
        `capture_only` stops there: the layers from `capture_layer` up do not run (`out.hidden`
        and `out.normed` are None), for a cache whose readers re-run those layers anyway.

        LoRA (`deg_model.lora`, llama family): `adapters` + `row_adapters` (one adapter index
        per output row, -1 = off; default every row off) add each row's adapter delta to the
        fused projections of the adapted layers. The selector is per token, so rows of
        different adapters share the batch and stay bitwise independent; adapter-off rows are
        bitwise the base. Prefix states are never adapted (the context is read by the base
        weights), and decode steps run adapter-off, so keep=True rows must be adapter-off.
        """
        with torch.inference_mode(not grad):
            return self._fork_many(parts, keep, capture_layer, start_layer, start_hidden, adapters, row_adapters,
                                   capture_only)

    def _fork_many(self, parts, keep, capture_layer, start_layer, start_hidden, adapters=None,
                   row_adapters=None, capture_only=False) -> ForkOutput:
        fam, spec, w = self.family, self.spec, self.weights
        rows, prefixes, prefix_of, states = self._fork_rows(parts)
        lengths = [int(r.shape[0]) for r in rows]
        longest = max(s.length + n for s, n in zip(prefixes, lengths))
        if longest > spec.max_positions:
            raise ContextTooLong(longest, spec.max_positions, what="a fork row")
        lay = _RowLayout(lengths, prefix_of, self.device)
        R, H = len(rows), spec.hidden_size
        N = _round_up(lay.tokens, FORK_TILE)                                 # rows + tail padding
        tiles = N // FORK_TILE
        ids = torch.zeros(N, dtype=torch.long, device=self.device)
        positions = torch.zeros(N, dtype=torch.long, device=self.device)
        for r, (row, off) in enumerate(zip(rows, lay.offsets)):
            P = prefixes[r].length
            ids[off:off + lengths[r]] = row.to(self.device)
            positions[off:off + lengths[r]] = torch.arange(P, P + lengths[r], device=self.device)
        cos, sin = fam.rotary(spec, w, positions.view(tiles, FORK_TILE))    # [tiles, 64, D]
        n_layers = len(spec.layer_kinds)
        if not 0 <= start_layer < n_layers:
            raise ValueError(f"start_layer {start_layer} is outside [0, {n_layers})")
        if capture_only and (keep or capture_layer is None or not start_layer < capture_layer < n_layers):
            raise ValueError("capture_only needs keep=False and a capture_layer above start_layer")
        h = self._fork_input(ids, start_hidden, start_layer, lengths, lay, N)  # [tiles, 64, H]
        lora = self._row_lora(adapters, row_adapters, lengths, lay, N, keep)
        own_k: list[torch.Tensor | None] = [None] * n_layers
        own_v: list[torch.Tensor | None] = [None] * n_layers
        lin: list[tuple[torch.Tensor, torch.Tensor] | None] = [None] * n_layers

        def mix(i: int, h: torch.Tensor) -> torch.Tensor:
            rec, tail = self._row_states(i, prefixes)                        # [R, ...] each row's start
            y, rec, tail = self._state_rows(i, h, lay, rec, tail)
            if keep:
                lin[i] = (rec, tail)
            return y

        def attend(i: int, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
            q, k, v = q.reshape(N, *q.shape[2:]), k.reshape(N, *k.shape[2:]), v.reshape(N, *v.shape[2:])
            attn = self._rows_attention(i, q, k, v, lay, states)             # [N, Hq*D]
            if keep:
                own_k[i] = self._gather_rows(k.transpose(0, 1), lay.offsets, lay.lengths, lay.max_width)
                own_v[i] = self._gather_rows(v.transpose(0, 1), lay.offsets, lay.lengths, lay.max_width)
            return attn.view(tiles, FORK_TILE, -1)

        stack, captured = range(start_layer, n_layers), None
        if capture_layer in stack:
            h = self._layers(h, cos, sin, range(start_layer, capture_layer), mix, attend, lora)
            flat_h = h.reshape(N, H)
            captured = [flat_h[off:off + n].clone() for off, n in zip(lay.offsets, lengths)]
            stack = range(capture_layer, n_layers)
            if capture_only:
                return ForkOutput(hidden=None, normed=None, lengths=torch.tensor(lengths, dtype=torch.long),
                                  state=None, captured=captured)
        h = self._layers(h, cos, sin, stack, mix, attend, lora)
        normed = fam.final_norm(spec, w, h).reshape(N, H)
        h = h.reshape(N, H)
        W = max(lengths)
        hidden_rows = h.new_zeros((R, W, H))
        normed_rows = h.new_zeros((R, W, H))
        for r, off in enumerate(lay.offsets[:-1]):
            hidden_rows[r, :lengths[r]] = h[off:off + lengths[r]]
            normed_rows[r, :lengths[r]] = normed[off:off + lengths[r]]
        length_t = torch.tensor(lengths, dtype=torch.long)
        fork_state = None
        if keep:
            fork_state = ForkState(prefixes=prefixes, own_k=own_k, own_v=own_v, lengths=length_t.clone(), lin=lin)
        return ForkOutput(hidden=hidden_rows, normed=normed_rows, lengths=length_t, state=fork_state,
                          captured=captured)

    def _fork_rows(self, parts) -> tuple[list[torch.Tensor], list[State], list[int], list[State]]:
        """Checked rows of `parts` -> (rows, each row's prefix state, each row's index into the
        distinct prefix states, the distinct prefix states)."""
        prefixes: list[State] = []
        rows: list[torch.Tensor] = []
        prefix_of: list[int] = []           # row -> index into `states` (distinct prefix states)
        states: list[State] = []
        for p, part in enumerate(parts):
            if not isinstance(part, (tuple, list)) or len(part) != 2 or not isinstance(part[0], State):
                raise ValueError(f"parts[{p}] must be a (State, rows) pair")
            state, part_rows = part
            if len(part_rows) == 0:
                raise ValueError(f"parts[{p}] has no rows")
            key = next((k for k, s in enumerate(states) if s is state), None)
            if key is None:
                key = len(states)
                states.append(state)
            for j, r in enumerate(part_rows):
                name = f"rows[{j}]" if len(parts) == 1 else f"parts[{p}] rows[{j}]"
                rows.append(self._check_ids(r, name))
                prefixes.append(state)
                prefix_of.append(key)
        if not rows:
            raise ValueError("fork needs at least one row")
        return rows, prefixes, prefix_of, states

    def _fork_input(self, ids: torch.Tensor, start_hidden, start_layer: int, lengths: list[int],
                    lay: _RowLayout, N: int) -> torch.Tensor:
        """The tiles entering the first fork layer: the embedded ids, or `start_hidden` (one
        `[n_r, H]` per row) laid out like the rows when resuming at `start_layer`."""
        H, tiles = self.spec.hidden_size, N // FORK_TILE
        if start_hidden is None:
            if start_layer:
                raise ValueError("start_layer > 0 needs start_hidden")
            return self.family.embed(self.weights, ids.view(tiles, FORK_TILE))    # [tiles, 64, H]
        if len(start_hidden) != len(lengths) or any(int(x.shape[0]) != n for x, n in zip(start_hidden, lengths)):
            raise ValueError("start_hidden needs one [n_r, H] tensor per row, as long as its row")
        flat = torch.cat([x.to(self.dtype) for x in start_hidden])
        flat = torch.cat([flat, flat.new_zeros((N - lay.tokens, H))])       # [N, H]
        return flat.view(tiles, FORK_TILE, H)

    def _rows_attention(self, layer: int, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
                        lay: _RowLayout, states: list[State]) -> torch.Tensor:
        """Attention of fork rows (q [N, Hq, D], k, v [N, Hkv, D]), rows of the same (prefix,
        width) group together against that prefix's K/V -> [N, Hq*D]."""
        spec = self.spec
        attn = q.new_zeros((q.shape[0], spec.num_heads * spec.head_dim))    # [N, Hq*D]
        for prefix, width, members, slots, real, tok in lay.groups:
            buf = states[prefix].kv[layer]
            n_rows = len(members)
            qg = q[slots].view(n_rows, width, *q.shape[1:])                  # [Rg, width, Hq, D]
            kg = k[slots].view(n_rows, width, *k.shape[1:]).transpose(1, 2).contiguous()  # [Rg, Hkv, width, D]
            vg = v[slots].view(n_rows, width, *v.shape[1:]).transpose(1, 2).contiguous()
            start = torch.zeros(n_rows, dtype=torch.long, device=self.device)
            out = self.kernels.rows(qg, buf.keys, buf.values, kg, vg, start)  # [Rg, width, Hq*D]
            attn[tok] = out.reshape(n_rows * width, -1)[real]
        return attn

    def _row_lora(self, adapters, row_adapters, lengths: list[int], lay: _RowLayout, N: int,
                  keep: bool) -> dict[str, Any]:
        """The `lora=` keyword of the family calls: empty without adapters (the family's own
        signature), else a callable closing over the per-token adapter selector
        `[tiles, FORK_TILE]` (each row's index on its real tokens, -1 on padding)."""
        R = len(lengths)
        if row_adapters is not None:
            row_adapters = [int(a) for a in row_adapters]
            if len(row_adapters) != R:
                raise ValueError(f"row_adapters has {len(row_adapters)} entries for {R} fork rows")
        if adapters is None:
            if row_adapters is not None and any(a != -1 for a in row_adapters):
                raise ValueError("row_adapters selects adapters but no adapters were given")
            return {}
        adapters.check_backbone(self)
        n = len(adapters.config.adapters)
        if row_adapters is None:
            row_adapters = [-1] * R
        bad = sorted({a for a in row_adapters if not -1 <= a < n})
        if bad:
            raise ValueError(f"row_adapters {bad} out of range: -1 (off) or 0..{n - 1} "
                             f"for {list(adapters.config.adapters)}")
        if keep and any(a >= 0 for a in row_adapters):
            raise ValueError("keep=True rows must be adapter-off: decode steps run the base model")
        if all(a < 0 for a in row_adapters):
            return {}                                   # every row adapter-off: the base calls
        token_adapter = torch.full((N,), -1, dtype=torch.long, device=self.device)
        for r, (off, length) in enumerate(zip(lay.offsets, lengths)):
            token_adapter[off:off + length] = row_adapters[r]
        token_adapter = token_adapter.view(N // FORK_TILE, FORK_TILE)       # [tiles, 64]

        def lora(layer: int, proj: str, x: torch.Tensor) -> torch.Tensor | None:
            return adapters.delta(layer, proj, x, token_adapter)
        return {"lora": lora}

    def _row_states(self, layer: int, prefixes: list[State]) -> tuple[torch.Tensor, torch.Tensor]:
        """Each row's starting (recurrent [R, ...], conv tail [R, ...]) of one state layer: a
        contiguous copy of its prefix's fixed-size state (never of the context), so every row
        starts from the same memory layout whatever its prefix or batch."""
        rec = torch.cat([p.lin[layer][0] for p in prefixes])
        tail = torch.cat([p.lin[layer][1] for p in prefixes])
        return rec, tail

    def _state_rows(self, layer: int, h: torch.Tensor, lay: _RowLayout, rec: torch.Tensor,
                    tail: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """One state layer over fork rows: per-token projections on the tiles, then the
        token-by-token scan on the padded `[rows, W_max]` grid starting from `rec`/`tail`
        (one per row). Returns (y [tiles, FORK_TILE, Y], rec, tail)."""
        fam, spec, w = self.family, self.spec, self.weights
        x = fam.state_in(spec, w, layer, h)                                  # [tiles, 64, F]
        flat = x.reshape(-1, x.shape[-1])                                    # [N, F]
        grid = flat[lay.grid]                                                # [rows, W, F]
        y, rec, tail = fam.state_mix(spec, w, layer, grid, lay.valid, rec, tail, chunked=False)
        y = y.reshape(-1, y.shape[-1])[lay.grid_index]                       # [rows' tokens, Y]
        y = torch.cat([y, y.new_zeros((flat.shape[0] - lay.tokens, y.shape[-1]))])  # [N, Y]
        return y.view(h.shape[0], FORK_TILE, -1), rec, tail

    @staticmethod
    def _gather_rows(kv: torch.Tensor, offsets: list[int], lengths: list[int], cap: int) -> torch.Tensor:
        """Each row's own K/V [rows, Hkv, cap, D]: its real tokens, zeros after them."""
        out = kv.new_zeros((len(lengths), kv.shape[0], cap, kv.shape[2]))
        for r, (off, n) in enumerate(zip(offsets, lengths)):
            out[r, :, :n] = kv[:, off:off + n]
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
        prefix_len = [p.length for p in fork_state.prefixes]
        own_len = [int(x) for x in fork_state.lengths]
        longest = max(P + n + 1 for P, n in zip(prefix_len, own_len))
        if longest > spec.max_positions:
            raise ContextTooLong(longest, spec.max_positions, what="a decoded row")
        fork_state.reserve(_round_up(max(own_len) + 1, FORK_GRID))
        N = _round_up(rows, FORK_GRID)
        tiles = N // FORK_GRID
        ids = torch.zeros(N, dtype=torch.long, device=self.device)
        ids[:rows] = next_ids.to(self.device)
        positions = torch.zeros(N, dtype=torch.long, device=self.device)
        positions[:rows] = torch.tensor(prefix_len, dtype=torch.long, device=self.device) \
            + fork_state.lengths.to(self.device)
        cos, sin = fam.rotary(spec, w, positions.view(tiles, FORK_GRID))
        h = fam.embed(w, ids.view(tiles, FORK_GRID))                         # [tiles, 16, H]
        row_index = torch.arange(rows, device=self.device)
        own_index = fork_state.lengths.to(self.device)
        every = torch.ones((rows, 1), dtype=torch.bool, device=self.device)

        def mix(i: int, h: torch.Tensor) -> torch.Tensor:
            x = fam.state_in(spec, w, i, h).reshape(N, -1)[:rows]            # [rows, F]
            rec, tail = fork_state.lin[i]
            y, rec, tail = fam.state_mix(spec, w, i, x[:, None], every, rec, tail, chunked=False)
            fork_state.lin[i] = (rec, tail)
            y_all = y.new_zeros((N, y.shape[-1]))
            y_all[:rows] = y[:, 0]
            return y_all.view(tiles, FORK_GRID, -1)

        def attend(i: int, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
            q = q.reshape(N, *q.shape[2:])                                   # [N, Hq, D]
            k = k.reshape(N, *k.shape[2:])                                   # [N, Hkv, D]
            v = v.reshape(N, *v.shape[2:])
            ok, ov = fork_state.own_k[i], fork_state.own_v[i]                # [rows, Hkv, cap, D]
            ok[row_index, :, own_index] = k[:rows]
            ov[row_index, :, own_index] = v[:rows]
            attn = q.new_zeros((N, spec.num_heads * spec.head_dim))          # [N, Hq*D]
            # One query per row: tiny GEMMs, whose CPU kernels are NOT batch-invariant (torch
            # and MKL pick paths by batch size at this size), so each row runs alone, at its own
            # width bucket; the per-row call overhead is small next to the projections.
            for r, n in enumerate(own_len):
                width = _round_up(n + 1, FORK_GRID)
                buf = fork_state.prefixes[r].kv[i]
                out = self.kernels.rows(q[r:r + 1, None], buf.keys, buf.values,
                                        ok[r:r + 1, :, :width], ov[r:r + 1, :, :width], own_index[r:r + 1])
                attn[r] = out[0, 0]
            return attn.view(tiles, FORK_GRID, -1)

        h = self._layers(h, cos, sin, range(len(spec.layer_kinds)), mix, attend)
        fork_state.lengths += 1
        normed = fam.final_norm(spec, w, h).reshape(N, -1)
        return self.logits(normed[:rows])

    @torch.inference_mode()
    def logits(self, normed: torch.Tensor) -> torch.Tensor:
        """LM logits of final-normed hidden vectors [n, H] -> [n, vocab], on fixed row tiles
        so a vector's logits never depend on the others."""
        n = normed.shape[0]
        N = _round_up(max(n, 1), FORK_GRID)
        padded = normed.new_zeros((N, normed.shape[1]))
        padded[:n] = normed
        out = self.family.lm_logits(self.spec, self.weights, padded.view(N // FORK_GRID, FORK_GRID, -1))
        return out.reshape(N, -1)[:n]                                        # [n, vocab]

    def embedding(self, ids: torch.Tensor) -> torch.Tensor:
        """The frozen input-embedding table's rows of token ids [L] -> [L, H] (a plain lookup,
        as training reads it: `training.features.attach_embeddings`)."""
        return torch.nn.functional.embedding(ids.to(self.device), self.weights["embed"])

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
