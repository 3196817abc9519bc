"""Contexts longer than one window (`deg_model.runtime.windows`) on the tiny random llama with
the real SmolLM2 tokenizer: the one-window path is today's path bitwise, windows cover the
context and own each token once, a fact straddling a window boundary is found with its span
in the whole context (heads forced by biases so the outcome is meaningful), anchors are
de-duplicated at the overlaps, outcomes are bitwise deterministic, and a context over the
memory budget is refused before any work."""
from __future__ import annotations

import pytest
import torch
from torch import nn

from deg import assemble, compile_schema, render_context
from deg.outcomes import FieldOutcome
from deg.request import FillOptions
from deg_model.errors import ContextTooLarge, ContextTooLong
from deg_model.runtime import FillJob, Observer
from deg_model.scoring import Mix, ScoringSettings
from deg_model.runtime.windows import Window, merge_leaf, window_spans
from deg_model.settings import DEFAULT_MAX_CONTEXT_TOKENS, ModelSettings
from runtime_fixtures import CONTEXT, SCHEMA, make_runtime

WIDTH = 64
FILLER = ("The committee reviewed the annual report and noted several routine matters about parking, "
          "lunch menus and the holiday schedule. ")
VALUE = "QZX-4471-KV"


def windowed(backbone, **kw):
    rt = make_runtime(backbone, **kw)
    rt.windowing = type(rt.windowing)(rt.windowing.max_context_tokens, WIDTH, None)
    return rt


def recorded(rt, context, plan, options=None):
    """(raw, recorded heads) of one fill."""
    seen = Observer()
    raw = rt.fill(context, plan, options, observer=seen)
    return raw, seen.last_heads


def long_context(repeats: int = 3) -> str:
    return render_context(CONTEXT + "\n" + FILLER * repeats + "\n" + CONTEXT)


# ------------------------------------------------------------------ windows themselves
@pytest.mark.parametrize("n,width", [(10, 64), (64, 64), (65, 64), (71, 64), (127, 64), (200, 64), (1000, 96),
                                     (130, 7), (8384, 7100), (131072, 7100)])
def test_windows_cover_the_context_and_own_each_token_once(n, width):
    spans = window_spans(n, width, width // 8)
    assert spans[0][0] == 0 and spans[-1][1] == n
    assert len({hi - lo for lo, hi in spans}) == 1 and spans[0][1] <= width     # one width, at most W
    overlap = max(width // 8, 1)
    assert len(spans) == 1 or len(spans) == -(-(n - overlap) // (width - overlap))   # the fewest windows
    assert sum(hi - lo for lo, hi in spans) <= n + len(spans) * (overlap + 1)         # nothing read twice more
    for (lo0, hi0), (lo1, hi1) in zip(spans, spans[1:]):
        assert lo0 < lo1 < hi0 <= hi1                      # consecutive windows overlap
        assert hi0 - lo1 >= max(width // 8, 1)
    if n <= width:
        assert spans == [(0, n)]


def test_context_over_the_memory_budget_is_refused_before_any_work(tiny_backbone, plan, monkeypatch):
    rt = make_runtime(tiny_backbone)
    rt.windowing = type(rt.windowing)(50, None, None)
    calls = []
    monkeypatch.setattr(tiny_backbone, "prefill", lambda ids, **kw: calls.append(ids))
    n = int(rt.layout.trunk(CONTEXT).context_index.numel())
    with pytest.raises(ContextTooLarge) as info:
        rt.fill(CONTEXT, plan)
    assert isinstance(info.value, ContextTooLong)
    assert (info.value.length, info.value.limit) == (n, 50)
    assert f"{n} tokens" in str(info.value) and "50 context tokens" in str(info.value)
    assert "truncated" in str(info.value)
    assert calls == [] and rt.last_stats["fork_rows"] == 0
    # in a batch the long job fails alone
    monkeypatch.undo()
    short = render_context("Order A-1234 from jane.doe@example.com.")
    out = rt.fill_many([FillJob(CONTEXT, plan, FillOptions()), FillJob(short, plan, FillOptions())])
    assert isinstance(out[0], ContextTooLarge) and not isinstance(out[1], Exception)


def test_memory_budget_setting():
    assert ModelSettings.from_env({}).max_context_tokens == DEFAULT_MAX_CONTEXT_TOKENS
    assert ModelSettings.from_env({"DEG_MAX_CONTEXT_TOKENS": "32_768"}).max_context_tokens == 32768
    for bad in ("lots", "0", "-5"):
        with pytest.raises(ValueError, match="DEG_MAX_CONTEXT_TOKENS"):
            ModelSettings.from_env({"DEG_MAX_CONTEXT_TOKENS": bad})


def test_window_width_setting():
    assert ModelSettings.from_env({}).window_tokens is None
    assert ModelSettings.from_env({"DEG_WINDOW_TOKENS": "192"}).window_tokens == 192
    for bad in ("wide", "0", "1"):
        with pytest.raises(ValueError, match="DEG_WINDOW_TOKENS"):
            ModelSettings.from_env({"DEG_WINDOW_TOKENS": bad})


# ------------------------------------------------------------------ one window = today
def test_a_context_that_fits_one_window_takes_todays_path_bitwise(tiny_backbone, runtime, plan):
    n = int(runtime.layout.trunk(CONTEXT).context_index.numel())
    today, today_heads = recorded(runtime, CONTEXT, plan)
    exact = make_runtime(tiny_backbone)
    exact.windowing = type(exact.windowing)(n, n, None)       # the budget and the window both just fit
    again, exact_heads = recorded(exact, CONTEXT, plan)
    assert again == today
    assert "windows" not in exact.last_stats
    assert exact_heads.keys() == today_heads.keys()
    assert all(torch.equal(exact_heads[k], today_heads[k]) for k in today_heads)
    one_less = make_runtime(tiny_backbone)
    one_less.windowing = type(one_less.windowing)(n, n - 1, None)
    one_less.fill(CONTEXT, plan)
    assert one_less.last_stats["windows"] == 2


# ------------------------------------------------------------------ long contexts
def test_windowed_fill_answers_every_field_with_spans_in_the_whole_context(tiny_backbone, plan):
    rt = windowed(tiny_backbone, anchor_bias=0.0)
    context = long_context()
    trunk = rt.layout.trunk(context)
    n = int(trunk.context_index.numel())
    raw, heads = recorded(rt, context, plan)
    spans = window_spans(n, WIDTH, WIDTH // 8)
    assert rt.last_stats["windows"] == len(spans) >= 4
    fixed = int(trunk.ids.shape[0]) - n
    assert rt.last_stats["prompt_tokens"] == sum(hi - lo + fixed for lo, hi in spans)
    assemble(plan, raw, model="t")                          # a valid response
    for f in raw.fields:
        if f.found and f.span is not None:
            s, e = f.span
            assert 0 <= s < e <= len(context)
            if f.mode == "extract.span":
                assert " ".join(context[s:e].split()) == " ".join(str(f.value).split())
    # every window of every round-0 leaf was asked and recorded
    for k in range(len(spans)):
        assert f"leaf:/dept@{k}" in heads and f"leaf:/email@{k}" in heads


def _pointer_map(raw):
    return {f.pointer: f for f in raw.fields}, {a.pointer: a for a in raw.arrays}


@pytest.mark.parametrize("relevance,layout", [(False, False), (True, False), (True, True)],
                         ids=["heads", "relevance-gain", "layout-rows"])
def test_windowed_fills_are_bitwise_deterministic(tiny_backbone, relevance, layout):
    rt = windowed(tiny_backbone, anchor_bias=0.0)
    with torch.no_grad():
        rt.heads.count.bias[2] += 50.0
    if relevance:                              # the shipped checkpoint's fitted gain
        rt.set_scoring(ScoringSettings(relevance_weight=16.0, closing_weight=4.0, verbatim_weight=4.0,
                                       layout_rows=layout))   # layout: "Items:" and its list rows, in both copies
    context = long_context()
    schema = {k: v for k, v in SCHEMA.items() if k != "properties"}
    props = {k: v for k, v in SCHEMA["properties"].items() if k != "reply"}
    plan = compile_schema({**schema, "properties": props})
    first, heads = recorded(rt, context, plan)
    assert first.arrays and any(a.items for a in first.arrays)
    if layout:
        assert {a.pointer: a.items for a in first.arrays}["/items"] == 3     # the list's rows
    # repeat
    again, again_heads = recorded(rt, context, plan)
    assert again == first
    assert all(torch.equal(again_heads[k], v) for k, v in heads.items())
    # permuted fields
    permuted = compile_schema({**schema, "properties": dict(reversed(list(props.items())))})
    again, again_heads = recorded(rt, context, permuted)
    assert _pointer_map(again) == _pointer_map(first)
    assert all(torch.equal(again_heads[k], v) for k, v in heads.items())
    # split into two requests, and merged into a batch beside another job
    names = list(props)
    halves = [compile_schema({**schema, "required": [r for r in schema["required"] if r in part],
                              "properties": {k: props[k] for k in part}}) for part in (names[:4], names[4:])]
    split = {}
    for half in halves:
        raw, half_heads = recorded(rt, context, half)
        split.update(_pointer_map(raw)[0])
        assert all(torch.equal(half_heads[k], heads[k]) for k in half_heads)
    assert split == _pointer_map(first)[0]
    seen = Observer()
    batch = rt.fill_many([FillJob(render_context("Order A-1234."), plan, FillOptions()),
                          FillJob(context, plan, FillOptions())], observer=seen)
    assert batch[1] == first
    assert all(torch.equal(seen.heads[1][k], v) for k, v in heads.items())


# ------------------------------------------------------------------ forced heads
class Marks(nn.Module):
    """Context features -> a [T, width] key whose first column is +hi at tokens whose input
    embedding is one of `ids`' and -hi elsewhere (the other columns 0): a head forced to
    point at those tokens, whatever the random backbone computes."""

    def __init__(self, heads, backbone, ids: list[int], width: int, hi: float = 20.0):
        super().__init__()
        table = backbone.family.embed(backbone.weights, torch.tensor(ids))
        zeros = torch.zeros(len(ids), heads.hidden)
        self.targets = nn.functional.normalize(heads.context_input(zeros, table)[:, heads.hidden:], dim=-1)  # [m, H]
        self.hidden, self.width, self.hi = heads.hidden, width, hi

    def forward(self, c):                                   # c [T, 2H] -> [T, width]
        e = nn.functional.normalize(c[:, self.hidden:], dim=-1)
        hit = (e @ self.targets.T).amax(-1) > 0.9999                        # [T] cosine: the same token
        out = torch.zeros(c.shape[0], self.width)
        out[:, 0] = torch.where(hit, self.hi, -self.hi)
        return out


class First(nn.Module):
    """Any query -> the unit vector e_0 [dim]."""

    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, a):
        out = torch.zeros(*a.shape[:-1], self.dim)
        out[..., 0] = 1.0
        return out


def force_spans(rt, starts: list[int], ends: list[int]) -> None:
    h, bb = rt.heads, rt.backbone
    h.qs, h.qe = First(h.dim), First(h.dim)
    h.ks, h.ke = Marks(h, bb, starts, h.dim), Marks(h, bb, ends, h.dim)
    with torch.no_grad():
        h.null.weight.zero_()
        h.null.bias.zero_()


def test_a_fact_straddling_a_window_boundary_is_found_in_the_whole_context(tiny_backbone):
    rt = windowed(tiny_backbone)
    layout = rt.layout
    head = layout.trunk(FILLER * 3)
    end0 = window_spans(int(head.context_index.numel()) + 8, WIDTH, WIDTH // 8)[0][1]   # window 0's end, about
    for _ in range(4):              # the fact starts 2 tokens before window 0 ends (its end moves with n)
        cut = int(head.offsets[end0 - 3, 1])
        context = FILLER * 3
        context = context[:cut] + " " + VALUE + "." + context[cut:]
        trunk = layout.trunk(context)
        ends = window_spans(int(trunk.context_index.numel()), WIDTH, WIDTH // 8)[0][1]
        if ends == end0:
            break
        end0 = ends
    start_char = context.index(VALUE)
    offsets = trunk.offsets.tolist()
    first = next(i for i, (s, e) in enumerate(offsets) if e > start_char)
    last = next(i for i, (s, e) in enumerate(offsets) if e >= start_char + len(VALUE))
    ids = trunk.ids[trunk.context_index].tolist()
    spans = window_spans(len(ids), WIDTH, WIDTH // 8)
    assert first < spans[0][1] <= last                      # window 0 holds only the fact's start
    assert spans[1][0] <= first and last < spans[1][1]      # window 1 holds all of it
    assert ids.count(ids[first]) == 1 and ids.count(ids[last]) == 1
    force_spans(rt, [ids[first]], [ids[last]])
    plan = compile_schema({"type": "object", "properties": {"code": {"type": "string"}}, "required": ["code"]})
    raw, heads = recorded(rt, context, plan)
    (code,) = raw.fields
    assert code.found and code.value == VALUE
    s, e = code.span
    assert context[s:e].strip() == VALUE and e == start_char + len(VALUE)
    # window 0 holds no end of the fact, window 1 does
    start0, end0 = heads["leaf:/code@0"]
    start1, end1 = heads["leaf:/code@1"]
    assert float(end0[:-1].max()) < 0 < float(end1[:-1].max())


def test_anchors_of_every_window_are_deduplicated_at_the_overlaps(tiny_backbone):
    names = [" apple", " banana", " cherry", " grape", " lemon", " mango", " olive", " peach", " plum",
             " pear", " kiwi", " lime"]
    context = "".join(f"Next on the list of things the committee ordered -{name} for the lunch.\n"
                      for name in names)
    rt = windowed(tiny_backbone)
    trunk = rt.layout.trunk(context)
    ids = trunk.ids[trunk.context_index].tolist()
    dash = rt.layout.tokenizer.convert_tokens_to_ids(rt.layout.tokenizer.tokenize(" -"))[0]
    bullets = [i for i, t in enumerate(ids) if t == dash]

    def straddled(width):           # some bullet sits in two windows of this width
        spans = window_spans(len(ids), width, width // 8)
        return any(spans[k + 1][0] <= b < spans[k][1] for b in bullets for k in range(len(spans) - 1))

    width = next(w for w in range(WIDTH, 2 * WIDTH) if straddled(w))
    rt.windowing = type(rt.windowing)(rt.windowing.max_context_tokens, width, None)
    pieces = [rt.layout.tokenizer.tokenize(n) for n in names]
    assert all(len(p) == 1 for p in pieces)
    name_ids = [rt.layout.tokenizer.convert_tokens_to_ids(p)[0] for p in pieces]
    assert all(ids.count(t) == 1 for t in name_ids)        # one token each, once each
    assert len(bullets) == len(names)
    spans = window_spans(len(ids), width, width // 8)
    overlaps = [(spans[k + 1][0], spans[k][1]) for k in range(len(spans) - 1)]
    assert any(lo <= b < hi for b in bullets for lo, hi in overlaps)   # some bullet sits in two windows
    h = rt.heads
    force_spans(rt, name_ids, name_ids)
    h.anchor.k = Marks(h, rt.backbone, [dash], h.dim, hi=0.0)   # keys @ q = 0 everywhere ...
    h.anchor.u = Marks(h, rt.backbone, [dash], 1)               # ... and +-20 from the bullet marks
    with torch.no_grad():
        h.anchor_bias.fill_(-1.0)
        h.span_bias[:, 1, :] = 10.0                          # an item's leaves prefer its own region
    plan = compile_schema({"type": "object", "properties": {"fruits": {"type": "array", "items": {
        "type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}})
    raw = rt.fill(context, plan, FillOptions(array_decode="threshold"))
    (fruits,) = raw.arrays
    assert fruits.items == len(names)
    got = [(f.pointer, f.value) for f in raw.fields]
    assert got == [(f"/fruits/{i}/name", n.strip()) for i, n in enumerate(names)]
    for f, name in zip(raw.fields, names):
        assert context[f.span[0]:f.span[1]].strip() == name.strip()


# ------------------------------------------------------------------ merging
def _window(k: int, char0: int = 0) -> Window:
    return Window(k, 0, 1, (0, 1), char0, None, None)


def _leaf(mode: str, **kw) -> FieldOutcome:
    return FieldOutcome(pointer="/x", plan_pointer="/x", mode=mode, **{"value": None, "found": True, **kw})


def test_merge_decide_takes_the_most_certain_window_ties_to_the_first():
    a = _leaf("decide.choice", value="a", probabilities=[0.5, 0.3, 0.2])
    b = _leaf("decide.choice", value="b", probabilities=[0.1, 0.8, 0.1])
    c = _leaf("decide.choice", value="c", probabilities=[0.1, 0.1, 0.8])
    assert merge_leaf([(_window(0), a), (_window(1), b), (_window(2), c)]) is b
    yes, no = _leaf("decide.noul", value=True, probability=0.7), _leaf("decide.noul", value=False, probability=0.1)
    assert merge_leaf([(_window(0), yes), (_window(1), no)]) is no


def test_merge_extract_best_found_span_shifted_into_the_whole_context():
    missing = _leaf("extract.span", found=False, null_reason="not_found", confidence=0.99)
    weak = _leaf("extract.span", value="x", confidence=0.2, span=(3, 5))
    strong = _leaf("extract.span", value="y", confidence=0.6, span=(1, 2))
    merged = merge_leaf([(_window(0), missing), (_window(1, 100), weak), (_window(2, 200), strong)])
    assert merged.value == "y" and merged.span == (201, 202)
    tie = merge_leaf([(_window(0, 10), weak), (_window(1, 50), weak)])
    assert tie.span == (13, 15)
    none = merge_leaf([(_window(0), missing), (_window(1), _leaf("extract.span", found=False, confidence=0.5))])
    assert none is missing


def test_windows_own_every_token_once_and_hold_what_they_own(tiny_backbone, runtime):
    from deg_model.runtime.windows import read_windows
    trunk = runtime.layout.trunk(long_context(1))
    n = int(trunk.context_index.numel())
    whole = read_windows(tiny_backbone, runtime.heads, trunk, WIDTH)
    assert len(whole.windows) >= 3 and whole.windows[0].own[0] == 0 and whole.windows[-1].own[1] == n
    for w, nxt in zip(whole.windows, whole.windows[1:]):
        assert w.own[1] == nxt.own[0] and w.lo <= w.own[0] < w.own[1] <= w.hi
    assert all(w.state is None for w in whole.windows)       # nothing read before a round asks
    for w in whole.windows:                                  # a window's tokens and text are the whole's
        whole.open(w)
        assert w.view.text == trunk.context[w.char0:w.char0 + len(w.view.text)]
        assert torch.equal(w.view.context_ids, trunk.ids[trunk.context_index][w.lo:w.hi])
        assert [[s + w.char0, e + w.char0] for s, e in w.view.tokens.offsets] == trunk.offsets[w.lo:w.hi].tolist()
        whole.close(w)
        assert w.state is None and w.view is None


def test_windowed_fill_with_the_lm_prior_is_deterministic(tiny_backbone, plan):
    rt = windowed(tiny_backbone)
    rt.set_scoring(ScoringSettings(**{kind: Mix(0.5, 0.5) for kind in ("choice", "score", "noul", "extract")}))
    context = long_context(1)
    first, heads = recorded(rt, context, plan)
    assert rt.last_stats["windows"] >= 3 and any(k.startswith("prior:") for k in heads)
    assemble(plan, first, model="t")
    again, again_heads = recorded(rt, context, plan)
    assert again == first
    assert all(torch.equal(again_heads[k], v) for k, v in heads.items())


# ------------------------------------------------------------------ memory and progress
def test_one_window_is_resident_at_a_time_and_items_reread_only_their_windows(tiny_backbone, plan, monkeypatch):
    """Peak memory is one window's working set: when a window is read no other window holds
    its K/V (the generate phase's first window is pinned only after the parallel phase); a
    later round re-reads only the windows that own its items' anchors."""
    from deg_model.runtime import jobs as jobs_module
    rt = windowed(tiny_backbone, anchor_bias=0.0)
    with torch.no_grad():
        rt.heads.count.bias[2] += 50.0
    runs = []
    of = jobs_module.JobRun.of.__func__
    monkeypatch.setattr(jobs_module.JobRun, "of",
                        classmethod(lambda cls, job, observer=None: runs.append(of(cls, job, observer)) or runs[-1]))
    resident, prefill = [], rt.backbone.prefill

    def counted(ids, **kw):
        resident.append(sum(w.state is not None for w in runs[-1].trunk.windows))
        return prefill(ids, **kw)

    rt.backbone.prefill = counted
    context = long_context()
    (first,) = rt.fill_many([FillJob(context, plan, FillOptions())])
    whole, stats = runs[-1].trunk, rt.last_stats
    assert first.arrays and any(a.items for a in first.arrays)
    assert len(resident) == whole.reads and max(resident) == 0   # nothing else resident at any read
    assert [w.index for w in whole.windows if w.state is not None] == [0] == [whole.pinned]
    n_windows = stats["windows"]
    assert stats["window_reads"] == whole.reads - 1 > n_windows  # every window once, item windows again
    rt.backbone.prefill = prefill
    assert rt.fill(context, plan) == first                        # the same outcome as ever


def test_progress_rises_to_the_whole_context_and_every_field(tiny_backbone, plan):
    rt = windowed(tiny_backbone, anchor_bias=0.0)
    seen = []
    context = long_context()
    (raw,) = rt.fill_many([FillJob(context, plan, FillOptions(), progress=seen.append)])
    n = int(rt.layout.trunk(context).context_index.numel())
    assert seen and all(p.tokens_total == n for p in seen)
    reads = [p.tokens_read for p in seen]
    assert reads == sorted(reads) and reads[-1] == n and len(set(reads)) == rt.last_stats["windows"]
    done = [p.fields_done for p in seen]
    assert done == sorted(done) and seen[-1].fields_done == seen[-1].fields_total == len(raw.fields)
    assert all(p.fields_done <= p.fields_total for p in seen)
    # the callable never changes the outcome, and one that raises is dropped, not fatal
    assert rt.fill(context, plan) == raw

    def broken(p):
        raise RuntimeError("a client went away")

    assert rt.fill_many([FillJob(context, plan, FillOptions(), progress=broken)]) == [raw]
    one = []
    whole = make_runtime(tiny_backbone, anchor_bias=0.0)      # one trunk: read at once
    (short,) = whole.fill_many([FillJob(CONTEXT, plan, FillOptions(), progress=one.append)])
    assert "windows" not in whole.last_stats and len(one) >= 2
    assert one[-1].fields_done == len(short.fields)
    assert one[0].tokens_read == one[0].tokens_total and one[-1].fields_done == one[-1].fields_total


def test_windowed_generate_continues_the_first_window(tiny_backbone):
    rt = windowed(tiny_backbone)
    context = long_context()
    plan = compile_schema({"type": "object", "properties": {
        "code": {"type": "string"}, "note": {"type": "string", "x-generate": True, "maxLength": 12}}})
    raw = rt.fill(context, plan, FillOptions(max_new_tokens=4))
    assert [f.pointer for f in raw.fields] == ["/code", "/note"] and raw.fields[1].mode == "generate"
    assert rt.fill(context, plan, FillOptions(max_new_tokens=4)) == raw
