"""Contexts longer than the backbone's trained positions: the windowed trunk (contract 12.1).

Mechanism. A context whose tokens do not fit one window is read as overlapping windows of
whole-context tokens, each prefilled on its own as a normal trunk (prefix + window tokens +
suffix), so every window sits inside the positions the base was trained on and every
question of the request is a normal fork row of a window's state. It is chosen over
sliding-window attention with attention sinks because (a) every family works unchanged (the
hybrid qwen3.5 / lfm2 recurrent layers need no new kernel), (b) fork rows and heads see
exactly the inputs they were trained on (a trunk of at most the trained length), and (c)
cost is linear in L: ceil((L - W) / S) + 1 prefills of W tokens and that many fork rows per
question. The price is that one window never sees facts in another (a question whose
answer needs two distant passages at once is answered from the better single window).
The choice rests on these grounds, not on a side-by-side measurement of the two mechanisms;
`benchmarks/long_context_bench.py` measures the one built (prefill rate, peak RSS, needles).

Windows. Width W context tokens = the runtime's configured window, at most the trained
positions minus the trunk's prefix/suffix and `fork_room` (room for the longest fork row or
generate block, default 1/8 of the trained positions); overlap V = W // 8 (at least one
token). An n-token context gets the fewest windows that cover it with that overlap,
k = ceil((n - V) / (W - V)), all of one width w = ceil((n + (k - 1) V) / k) <= W, spread
evenly from the first token to the last (starts round(i (n - w) / (k - 1))), so consecutive
windows overlap by at least V and no window re-reads more than it must: a context just past
one window costs two half-width windows (about n + V tokens prefilled, each attending half as
far), not two full windows. Windows are whole-context token slices (never re-tokenized), so window token i is
whole-context token lo + i and its code points are the whole context's, shifted by the
window's first code point. A context of at most W tokens is NOT windowed: it takes the
one-trunk path unchanged (bitwise today's outcomes).

Ownership. The overlap of windows k and k+1 is split at its middle: window k owns the
whole-context tokens [b(k-1), b(k)) with b(k) = (start(k+1) + end(k)) // 2. Anchors are kept
only from the window that owns their position (the de-duplication at the overlaps), and an
anchored item's own questions are asked in the window that owns its anchor.

Questions. Every question outside anchored items is asked in EVERY window (the simplest
rule: no first pass ranks windows); a window's rows run in batch-invariant micro-batches, so a
field's outcome is the same alone, permuted or split across requests.
Merging, deterministic (ties go to the earliest window):
- extract: each window decodes its best span against its own null (`pick_extract`); the
  found outcome of highest span probability wins, else the not-found outcome of highest null
  probability. Spans are mapped to code points of the WHOLE context.
- decide (choice, score, noul): the distribution of the most certain window wins (largest
  top probability; for noul max(p, 1 - p)). A window without the evidence answers close to
  its prior, the window holding it answers sharply; a log-linear pool would instead let many
  uninformed windows outvote the one that read the fact.
- anchored arrays: each window decodes anchors in its part of the region (with its own count
  question), the owned ones are merged in position order, capped by the array's item limit;
  items' regions and locators are rebuilt in whole-context token space.
- index-mode arrays: the largest count any window reads (a window sees at most the items it
  holds, so the largest reading is the least truncated); the items' leaves are then asked in
  every window and merged like any leaf.
- generate leaves continue the FIRST window's state (the document's opening) extended by the
  KNOWN VALUES block, which carries what every window found. The block and the generated
  tokens must fit the fork room; a longer one fails its job with `ContextTooLong`.

Memory: one window's working set at a time. A round runs window after window: the window
is prefilled (its K/V, layer states and final hidden [W, H]) and its heads' key projections
computed, every question of the round placed in it runs as fork rows of that state, the
answers are decoded into outcomes (spans, items) right there, and the window's state and
view are dropped before the next window is read. What stays across windows is per-question
outcomes and whole-context bookkeeping (token offsets), so peak memory is the model, one
window's working set and O(L) small integers: linear in L with a small slope, never an
L x L tensor (each window's attention is at most W x W). A later round (items of arrays)
re-reads only the windows it asks something in: anchored items' own windows, every window
for index-mode items. Keeping every window resident instead would cost ~46 KiB of fp32 K/V
per token on SmolLM2 (30 layers x 3 K/V heads x 64 x 2 x 4 B), ~6 GiB at 128k, against one
extra prefill of the windows holding items in rounds after the first; only the first window
is kept past the parallel phase, and only when the plan has generate leaves (the generate
phase extends it). A runtime with a trunk cache keeps a windowed trunk whole when it fits
the cache's bound (its windows then stay resident, `keep`); a longer one streams. The memory budget (`ModelSettings.max_context_tokens`) caps L before any
window is read.

Stats: `prompt_tokens` is the sum of the windows' trunk lengths (each window once);
`windows` counts the windows; `window_reads` the window prefills of the parallel phase, the
re-reads of later rounds included. Recorded heads of window k are keyed `"<kind>:<pointer>@<k>"`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import torch

from deg.outcomes import FieldOutcome

from ..backbone import Backbone
from ..errors import ContextTooLarge
from ..heads import Heads
from ..lora import LoraAdapters
from ..scoring import shift_spans
from ..state import State
from ..tokenize import Trunk
from .arrays import items_at, layout_items
from .decode import TokenMap
from .questions import Item, Question
from .rounds import absorb
from .trunk import TrunkView, read_trunk

__all__ = ["Window", "WindowRun", "WindowedTrunk", "Windowing", "read_windows", "window_spans", "windowed_round"]


def window_spans(n: int, width: int, overlap: int) -> list[tuple[int, int]]:
    """[lo, hi) whole-context token ranges of the windows of an n-token context: the fewest
    windows of at most `width` tokens overlapping by at least `overlap`, of one width, spread
    evenly (module docstring: Windows)."""
    if width < 2:
        raise ValueError(f"a window must hold at least 2 context tokens, got {width}")
    if n <= width:
        return [(0, n)]
    overlap = min(max(overlap, 1), width - 1)
    k = -(-(n - overlap) // (width - overlap))
    w = -(-(n + (k - 1) * overlap) // k)
    starts = [(i * (n - w) * 2 + (k - 1)) // (2 * (k - 1)) for i in range(k)]   # round(i (n - w) / (k - 1))
    return [(s, s + w) for s in starts]


@dataclass(frozen=True)
class Windowing:
    """How a runtime cuts contexts: window width (None: as wide as the backbone allows), room
    kept for fork rows, and the memory budget in context tokens."""
    max_context_tokens: int
    window_tokens: int | None = None
    fork_room: int | None = None

    def width(self, max_positions: int, trunk: Trunk) -> int:
        """Context tokens per window for this trunk's prefix and suffix."""
        fixed = int(trunk.ids.shape[0]) - int(trunk.context_index.numel())
        room = self.fork_room if self.fork_room is not None else max_positions // 8
        width = max_positions - fixed - room
        if self.window_tokens is not None:
            width = min(width, self.window_tokens)
        if width < 2:
            raise ValueError(f"no room for a window: {max_positions} positions, {fixed} of prefix and suffix, "
                             f"{room} kept for fork rows")
        return width

    def check(self, trunk: Trunk) -> None:
        """ContextTooLarge before any work when the context is over the memory budget."""
        n = int(trunk.context_index.numel())
        if n > self.max_context_tokens:
            raise ContextTooLarge(n, self.max_context_tokens)


@dataclass
class Window:
    index: int
    lo: int                       # [lo, hi) whole-context tokens
    hi: int
    own: tuple[int, int]          # whole-context tokens whose anchors this window keeps
    char0: int                    # code point of the whole context where its text starts
    state: State | None = None    # resident only while the window is worked on (`WindowedTrunk.open`)
    view: TrunkView | None = None
    piece: Trunk | None = None    # the window's own trunk: prefix + its tokens + suffix

    def holds(self, token: int) -> bool:
        return self.own[0] <= token < self.own[1]


@dataclass
class WindowedTrunk:
    """A run's trunk read as windows: what questions see of the whole context (`text`,
    `tokens`), the windows they are asked in, and the one window read at a time."""
    text: str
    tokens: TokenMap
    ids_len: int                  # tokens of all windows' trunks (each window counted once)
    windows: list[Window]
    memo: dict = field(default_factory=dict)
    backbone: Backbone | None = None
    heads: Heads | None = None
    adapters: LoraAdapters | None = None   # the checkpoint's (a context adapter reads every window)
    reads: int = 0                # window prefills, re-reads of later rounds included
    read_tokens: int = 0          # trunk tokens those prefills read
    pinned: int | None = None     # the window kept resident across rounds (the generate phase's)
    keep: bool = False            # every window stays resident (a trunk the trunk cache keeps whole)

    def owner(self, token: int) -> Window:
        return next(w for w in self.windows if w.holds(token))

    def place(self, q: Question) -> list[tuple[Window, Question]]:
        """The windows a question is asked in, each with the question in its own coordinates."""
        item = next((it for it in reversed(q.scope) if it.anchor is not None), None)
        chosen = [self.owner(item.anchor)] if item is not None else self.windows
        out = []
        for w in chosen:
            local = _localize(q, w)
            if local.region is None or local.region[0] < local.region[1]:
                out.append((w, local))
        return out

    def open(self, w: Window) -> Window:
        """The window with its state and view resident: prefilled now unless it still is."""
        if w.state is None:
            w.state = self.backbone.prefill(w.piece.ids, adapters=self.adapters)
            w.view = read_trunk(self.backbone, self.heads, w.piece, w.state)
            self.reads += 1
            self.read_tokens += int(w.piece.ids.shape[0])
        return w

    def close(self, w: Window) -> None:
        """Drop the window's K/V, layer states and head inputs (unless it is pinned)."""
        if w.index != self.pinned and not self.keep:
            w.state = w.view = None

    def first_state(self) -> State:
        """The first window's state, kept resident from now on: the generate phase extends it."""
        self.pinned = 0
        return self.open(self.windows[0]).state


def _local_range(r: tuple[int, int], w: Window) -> tuple[int, int]:
    lo, hi = max(r[0], w.lo) - w.lo, min(r[1], w.hi) - w.lo
    return lo, max(lo, hi)


def _localize(q: Question, w: Window) -> Question:
    """The question with its scope's anchors and its region in window-local token indices."""
    scope = tuple(_local_item(it, w) for it in q.scope)
    region = _local_range(q.region, w) if q.region is not None else None
    return dataclasses.replace(q, scope=scope, region=region)


def read_windows(backbone: Backbone, heads: Heads, trunk: Trunk, width: int, *,
                 adapters: LoraAdapters | None = None) -> WindowedTrunk:
    """Cut a trunk into windows (each a normal trunk of its own); none is prefilled yet:
    `WindowedTrunk.open` reads one when a round first asks it something."""
    n, p = int(trunk.context_index.numel()), trunk.prefix_length
    prefix, ctx, suffix = trunk.ids[:p], trunk.ids[p:p + n], trunk.ids[p + n:]
    spans = window_spans(n, width, width // 8)
    bounds = [(spans[k + 1][0] + spans[k][1]) // 2 for k in range(len(spans) - 1)]
    windows, total = [], 0
    for k, (lo, hi) in enumerate(spans):
        char0, char1 = int(trunk.offsets[lo, 0]), int(trunk.offsets[hi - 1, 1])
        piece = Trunk(ids=torch.cat([prefix, ctx[lo:hi], suffix]), context=trunk.context[char0:char1],
                      context_index=torch.arange(p, p + hi - lo, dtype=torch.long),
                      offsets=trunk.offsets[lo:hi] - char0)
        own = (bounds[k - 1] if k > 0 else 0, bounds[k] if k < len(bounds) else n)
        windows.append(Window(k, lo, hi, own, char0, piece=piece))
        total += int(piece.ids.shape[0])
    offsets = [(int(s), int(e)) for s, e in trunk.offsets.tolist()]
    return WindowedTrunk(text=trunk.context, tokens=TokenMap(offsets), ids_len=total, windows=windows,
                         backbone=backbone, heads=heads, adapters=adapters)


@dataclass
class WindowRun:
    """What `asking.Asker` reads of a run for one window's rows."""
    parent: object                # the JobRun
    window: Window

    @property
    def state(self) -> State:
        return self.window.state

    @property
    def trunk(self) -> TrunkView:
        return self.window.view

    @property
    def stats(self) -> dict[str, int]:
        return self.parent.stats


def _certainty(o: FieldOutcome) -> float:
    if o.probabilities is not None:
        return max(o.probabilities)
    return max(o.probability, 1.0 - o.probability)


def merge_leaf(outcomes: list[tuple[Window, FieldOutcome]]) -> FieldOutcome:
    """One leaf's outcome from its windows' outcomes (module docstring: Merging)."""
    if outcomes[0][1].mode.startswith("decide."):
        w, best = max(outcomes, key=lambda wo: (_certainty(wo[1]), -wo[0].index))
        return best if best.explain is None else dataclasses.replace(best, explain=shift_spans(best.explain, w.char0))
    found = [(w, o) for w, o in outcomes if o.found]
    pool = found or outcomes
    w, best = max(pool, key=lambda wo: (wo[1].confidence, -wo[0].index))
    if best.explain is not None:
        best = dataclasses.replace(best, explain=shift_spans(best.explain, w.char0))
    if best.span is None:
        return best
    return dataclasses.replace(best, span=(best.span[0] + w.char0, best.span[1] + w.char0))


def _local_item(it: Item, w) -> Item:
    """A scope item in window-local token indices: an anchored item's anchor and region, a
    union branch's region (inherited from its anchored item)."""
    if it.anchor is not None:
        return dataclasses.replace(it, anchor=it.anchor - w.lo, region=_local_range(it.region, w))
    if it.branch is not None and it.region is not None:
        return dataclasses.replace(it, region=_local_range(it.region, w))
    return it


def windowed_round(rt, run, questions: list[Question]) -> None:
    """One round of a windowed run: window after window, each read (or re-read), asked its
    questions (`rt.asker`), its answers decoded (`rt.decoder`, the one-trunk path's decoder)
    and the window dropped before the next is read; then the windows' decodings merged per
    question and absorbed like a one-trunk round's. Its next round asks the items found
    (whole-context coordinates). A row's failure raises (the run's own exception), as does a
    cancelled run before its next window (`FillCancelled`)."""
    whole = run.trunk
    reads = whole.reads
    placed = [whole.place(q) for q in questions]
    decoded: list[list] = [[] for _ in questions]            # per question: [(window, decoded)]
    for w in whole.windows:
        entries = [(k, local) for k, places in enumerate(placed) for pw, local in places if pw is w]
        if not entries:
            continue
        if run.is_cancelled():                                # a window boundary: stop before reading it
            run.stats["window_reads"] = run.stats.get("window_reads", 0) + whole.reads - reads
            raise run.cancellation()
        first = w.state is None and run.tokens_read < w.hi
        whole.open(w)
        if first:
            run.tokens_read = w.hi
            run.report(sum(q.kind == "leaf" for q in questions))
        answers = rt.asker.answers([(WindowRun(run, w), local) for _, local in entries])
        error = next((a for a in answers if isinstance(a, Exception)), None)
        if error is not None:
            whole.close(w)
            raise error
        recorded = {} if run.heads is not None else None
        got = rt.decoder.decode(run.plan, [(local, a) for (_, local), a in zip(entries, answers)], w.view,
                                run.options, observer=run.observer, heads_out=recorded, whole=whole, layout=False)
        if recorded:
            run.heads.update({f"{key}@{w.index}": value for key, value in recorded.items()})
        for (k, _), one in zip(entries, got):
            decoded[k].append((w, one))
        whole.close(w)
    run.stats["window_reads"] = run.stats.get("window_reads", 0) + whole.reads - reads
    absorb(run, questions, [_merge(rt, run, q, per_window) for q, per_window in zip(questions, decoded)])


def _merge(rt, run, q: Question, per_window: list):
    """One question's decoding from its windows' (module docstring: Merging): a leaf's
    outcome, an array question's items in whole-context coordinates, or None."""
    if not per_window:
        return None
    if q.kind == "leaf":
        return merge_leaf(per_window)
    if per_window[0][1] is None:                          # an anchored array's count
        return None
    if q.kind == "count":
        return [Item(q.array, i) for i in range(max(len(got) for _, got in per_window))]
    whole, options = run.trunk, run.options
    anchors = sorted({w.lo + it.anchor for w, got in per_window for it in got if w.holds(w.lo + it.anchor)})
    cap = q.array.max_items if q.array.max_items is not None else options.max_items
    kept = anchors[:cap] if cap is not None else anchors
    rows = layout_items(rt.scoring, q, whole.text, whole.tokens, options, whole.memo)
    return rows if rows is not None else items_at(q.array, kept, q.region[1], whole.text, whole.tokens)
