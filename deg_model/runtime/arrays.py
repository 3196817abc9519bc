"""Array sizing (contract 12.3 `count`, 12.6 anchors): head logits -> the items of an array.

Index mode: the count head's argmax over `[minItems, cap]` (ties to the smallest count).
Anchored mode: the anchor head scores every context token of the array's region.
- `threshold`: tokens with p > 0.5 are marked; each run of adjacent marked tokens is one item
  (its best token). Too few: the best remaining non-adjacent tokens are added. Too many:
  the highest are kept.
- `count_peaks`: N from the count fork; the N best local maxima with non-maximum suppression
  (`PEAK_RADIUS` tokens), then the best remaining tokens outside every radius if too few.
- `hybrid`: threshold, unless no token passes p > 0.5 and the count says N > 0.
- `expected`: N is the most likely number of marks under the anchor head's own token
  probabilities (`expected_count`, no count fork), then peaks as `count_peaks`.
Anchors come back sorted by position (document order). Ties go to the earlier token.
Layout rows (`ScoringSettings.layout_rows`): an anchored array whose region holds a table or list
that speaks of it takes the block's rows as its items instead (`layout_items`,
`tables.layout_rows`); without such a block the heads decide as above. The anchor head's logits
are shifted by `ScoringSettings.anchor_shift` first (the mark threshold fitted on held-out
validation domains; 0 leaves them as they are).

`array_items` turns a round's count or anchor answer into the items the next round asks
about: index items `0..N-1`, or anchored items, each with its region (from its anchor to the
next item's, the last to the array's region end) and its locator (the context text of its
first `LOCATOR_TOKENS` tokens, whitespace collapsed), which its questions show instead of an
index.
"""
from __future__ import annotations

import torch

from deg.errors import FillError
from deg.request import FillOptions

from ..heads import Heads
from ..scoring import ScoringSettings
from .hooks import record
from ..scoring.mark_count import mark_count_log_probs
from .questions import Answer, Item, Question
from .tables import layout_rows
from .trunk import TrunkView

PEAK_RADIUS = 4
LOCATOR_TOKENS = 24
INDEX_CAP = 32          # an index-addressed array without maxItems stops here
MAX_COUNT = 64


def count_bounds(min_items: int, max_items: int | None, option_max: int | None, *,
                 anchored: bool = False) -> tuple[int, int]:
    """`[minItems, min(maxItems | options.max_items | default, MAX_COUNT)]`.

    The default cap is INDEX_CAP (32) for an index-addressed array and MAX_COUNT for the
    count fork of an anchored array (contract 12.6: `min(maxItems | max_items | MAX_COUNT,
    MAX_COUNT)`), whose item count is otherwise unbounded.
    """
    default = MAX_COUNT if anchored else INDEX_CAP
    cap = max_items if max_items is not None else option_max if option_max is not None else default
    hi = min(cap, MAX_COUNT)
    if min_items > hi:
        raise FillError(f"minItems {min_items} is above the {hi} items an array can hold here")
    return min_items, hi


def decode_count(logits: torch.Tensor, lo: int, hi: int) -> int:
    """argmax of count logits [MAX_COUNT + 1] inside [lo, hi]; first maximum on ties."""
    window = logits[lo:hi + 1]
    return lo + int(_first_argmax(window))


def expected_count(logits: torch.Tensor, lo: int, hi: int) -> int:
    """The most likely number of anchor marks inside [lo, hi] (ties to the smallest), from the
    marks' distribution in float64 (`scoring.mark_count`): anchor logits [R] -> N."""
    return decode_count(mark_count_log_probs(logits.to(torch.float64), hi), lo, hi)


def _first_argmax(x: torch.Tensor) -> int:
    best = 0
    values = x.tolist()
    for i, v in enumerate(values):
        if v > values[best]:
            best = i
    return best


def _order(values: list[float], candidates: list[int]) -> list[int]:
    # Highest first; equal scores keep position order (the earlier token wins).
    return sorted(candidates, key=lambda t: (-values[t], t))


def threshold_anchors(logits: torch.Tensor, min_items: int, cap: int | None) -> list[int]:
    """logits [R] over the region's tokens -> anchor token indices (region-relative)."""
    values = logits.tolist()
    marked = [v > 0.0 for v in values]        # sigmoid(v) > 0.5
    anchors: list[int] = []
    t = 0
    while t < len(values):
        if marked[t]:
            run_end = t
            while run_end + 1 < len(values) and marked[run_end + 1]:
                run_end += 1
            anchors.append(_order(values, list(range(t, run_end + 1)))[0])
            t = run_end + 1
        else:
            t += 1
    if len(anchors) < min_items:
        taken = set(anchors)
        blocked = {a + d for a in anchors for d in (-1, 0, 1)}
        for cand in _order(values, [i for i in range(len(values)) if i not in taken]):
            if len(anchors) >= min_items:
                break
            if cand in blocked:
                continue
            anchors.append(cand)
            blocked.update({cand - 1, cand, cand + 1})
        if len(anchors) < min_items:
            raise FillError(f"minItems {min_items}: only {len(anchors)} item positions in the region")
    if cap is not None and len(anchors) > cap:
        anchors = _order(values, anchors)[:cap]
    return sorted(anchors)


def peak_anchors(logits: torch.Tensor, n: int, radius: int = PEAK_RADIUS, min_items: int = 0) -> list[int]:
    """The n best local maxima under non-maximum suppression, then the best tokens outside
    every chosen radius if too few peaks exist. A region too short for n separated items
    gives as many as fit (never fewer than `min_items`: that is a FillError)."""
    values = logits.tolist()
    size = len(values)
    if n <= 0:
        return []
    peaks = [t for t in range(size)
             if all(values[t] >= values[u] for u in range(max(0, t - radius), min(size, t + radius + 1)))]
    chosen: list[int] = []
    for t in _order(values, peaks):
        if len(chosen) >= n:
            break
        if all(abs(t - c) > radius for c in chosen):
            chosen.append(t)
    if len(chosen) < n:
        for t in _order(values, list(range(size))):
            if len(chosen) >= n:
                break
            if all(abs(t - c) > radius for c in chosen):
                chosen.append(t)
    if len(chosen) < min_items:
        raise FillError(f"minItems {min_items}: only {len(chosen)} item positions in the region")
    return sorted(chosen)


def decode_anchors(mode: str, logits: torch.Tensor, *, min_items: int, cap: int | None,
                   count: int | None, saturated: bool = False) -> list[int]:
    """Anchor positions (region-relative, sorted) of one array instance.

    logits: [R] anchor logits over the region's tokens; `count`: the count fork's decoded N
    (needed by `count_peaks` and `hybrid`); `saturated`: N is the top class of the count's
    range, so it means "at least N" and a larger threshold count is trusted instead.
    """
    if logits.numel() == 0:
        if min_items > 0:
            raise FillError(f"minItems {min_items}: the array's region holds no context token")
        return []
    if mode == "threshold":
        return threshold_anchors(logits, min_items, cap)
    if mode == "expected":
        n = expected_count(logits, min_items, cap if cap is not None else MAX_COUNT)
        return peak_anchors(logits, n, min_items=min_items)
    if count is None:
        raise ValueError(f"array_decode {mode!r} needs the count fork")
    if mode == "count_peaks":
        thresh = threshold_anchors(logits, min_items, cap)
        n = count
        # At the saturated top class the count means "at least": trust a larger threshold count.
        if saturated and len(thresh) > count:
            n = len(thresh)
        if cap is not None:
            n = min(n, cap)
        return peak_anchors(logits, max(n, min_items), min_items=min_items)
    if mode == "hybrid":
        if not bool((logits > 0).any()) and count > 0:
            return decode_anchors("count_peaks", logits, min_items=min_items, cap=cap, count=count,
                                  saturated=saturated)
        return threshold_anchors(logits, min_items, cap)
    raise ValueError(f"unknown array_decode {mode!r}")


def array_items(heads: Heads, settings: ScoringSettings, q: Question, answer: Answer, count: Answer | None,
                trunk: TrunkView, options: FillOptions, heads_out: dict[str, torch.Tensor] | None = None, *,
                layout: bool = True) -> list[Item]:
    """The items of one array instance from its count question's answer (index mode) or its
    anchor question's answer (+ the count question's, unless `threshold`). `layout` False:
    the heads' items only (a window's; its merge reads the rows of the whole context)."""
    a_plan = q.array
    if q.kind == "count":
        lo, hi = count_bounds(a_plan.min_items, a_plan.max_items, options.max_items)
        n = decode_count(record(heads_out, f"count:{q.pointer}", heads.count_logits(answer.a)), lo, hi)
        return [Item(a_plan, i) for i in range(n)]
    rows = layout_items(settings, q, trunk.text, trunk.tokens, options, trunk.memo) if layout else None
    if rows is not None:
        return rows
    r0, r1 = q.region
    logits = record(heads_out, f"{q.kind}:{q.pointer}", heads.anchor_logits_from_keys(
        answer.a, trunk.anchor_keys[r0:r1], trunk.anchor_u[r0:r1], trunk.anchor_echo[r0:r1]))        # [R]
    if settings.anchor_shift != 0.0:
        logits = logits + settings.anchor_shift          # the fitted mark threshold (ScoringSettings)
    n = saturated = None
    if count is not None:
        # An anchored array's count ranges up to MAX_COUNT (no index-mode cap of 32).
        lo, hi = count_bounds(a_plan.min_items, a_plan.max_items, options.max_items, anchored=True)
        n = decode_count(record(heads_out, f"count:{q.pointer}", heads.count_logits(count.a)), lo, hi)
        saturated = n == hi
    cap = a_plan.max_items if a_plan.max_items is not None else options.max_items
    anchors = [r0 + t for t in decode_anchors(options.array_decode, logits, min_items=a_plan.min_items,
                                              cap=cap, count=n, saturated=bool(saturated))]
    return items_at(a_plan, anchors, r1, trunk.text, trunk.tokens)


def layout_items(settings: ScoringSettings, q: Question, text: str, tokens, options: FillOptions,
                 memo: dict | None = None) -> list[Item] | None:
    """An anchored array's items read off the rows of a table or list that speaks of it
    (`tables.layout_rows`), when the checkpoint turns layout rows on; None: the heads decide
    (layout rows off, no such block, or fewer rows than `minItems`). The one-trunk path reads
    it before the heads; a windowed run after merging its windows' anchors, on the whole
    context (a window sees part of a table)."""
    if not settings.layout_rows or q.kind != "anchor" or q.region is None:
        return None
    rows = layout_rows(q.array, text, tokens.offsets, q.region, memo)
    if rows is None or len(rows) < q.array.min_items:
        return None
    cap = q.array.max_items if q.array.max_items is not None else options.max_items
    if cap is not None:
        rows = rows[:cap]
    items = []
    for k, (anchor, end, cells) in enumerate(rows):
        last = min(anchor + LOCATOR_TOKENS, end) - 1
        locator = text[tokens.offsets[anchor][0]:tokens.offsets[last][1]]
        items.append(Item(q.array, k, anchor=anchor, region=(anchor, end), locator=" ".join(locator.split()),
                          cells=cells))
    return items


def items_at(a_plan, anchors: list[int], r1: int, text: str, tokens) -> list[Item]:
    """Anchored items at sorted anchors: each runs to the next anchor (the last to `r1`), its
    locator the whitespace-collapsed text of its first LOCATOR_TOKENS tokens."""
    items = []
    for k, anchor in enumerate(anchors):
        end = anchors[k + 1] if k + 1 < len(anchors) else r1
        last = min(anchor + LOCATOR_TOKENS, end) - 1
        locator = text[tokens.offsets[anchor][0]:tokens.offsets[last][1]]
        items.append(Item(a_plan, k, anchor=anchor, region=(anchor, end), locator=" ".join(locator.split())))
    return items
