"""deg's heads (contract 12.3), fp32, over backbone hidden states.

Notation: `a` = hidden state at a fork's `ANSWER:` token, `o_i` = hidden state at the end
of option line `i`, `c_t` = trunk hidden state at context token `t`.

- choice / score: pointer heads `q(a) . k(o_i) / sqrt(d) + u . o_i`, softmax over options;
  the option is text in the fork, so any enum works zero-shot. The option reader adds
  `(softmax(z) @ W(c)) . P o_i / sqrt(d)`: what the tokens the evidence pointer (below)
  points at say, against each option ("Rating: 2/5" against the options 1..5). `W` starts at
  zero, like the flag reader's `V`, and a head set saved without it loads silent. The rows
  `o_i` are states at the end of near-identical option lines and read much alike, so the read
  is also scored against what each option line's tokens *are*: `+ read . T t_i / sqrt(d)`,
  `t_i` the mean RMS-normalized input embedding of the line's own tokens (`option_tokens`:
  the "4" of `- 4: good`, the `EUR` of `- "EUR"`), the same features a context token's
  embedding gives the reader. `T` starts at zero, and a head set saved without it loads with
  zeros and scores as it did.
- noul: `w . a + b + read(a, c)` -> logits `[l, 0]` = `[true, false]`. `read` is the flag
  reader: an evidence pointer `z_t = qv(a) . kv(c_t) / sqrt(d) + uv . c_t` over the context
  tokens (trained toward the sentence a decided field's answer rests on, when training data
  names it) pools value vectors, `read = (softmax(z) @ V(c)) . (R a + r) / sqrt(d)`: a field's
  answer is said somewhere in the document, and `a` alone, one state at the question's row,
  has to find and read it at once. `V` starts at zero, so the reader is silent until trained,
  and a head set saved without it loads silent (`completed`) and scores as it did.
- context features `c_t` (`context="hidden+embed"`, the default): the trunk's final-normed
  hidden state at token t concatenated with the RMS-normalized input embedding of token t.
  The final hidden state of a causal LM encodes what comes *after* t; the embedding says
  which token t *is*, and with the tied LM head `a . e(x_t)` is the base model's own logit
  for copying x_t next. Linear pointer heads cannot recover token identity from the hidden
  state alone, and span boundaries suffered for it. `context="hidden"` is the plain form.
  `context="hidden+embed+next"` adds the embedding of token t+1 (the same normalization; zeros
  after the last context token): a causal state at t has not read what follows t, and whether
  a line break or a column gap follows is what says a value ends at t, in any kind of document.
  A head set of another mode starts one of this mode exactly (`widened`: the added columns of
  the context keys are zeros).
- extract: start / end pointers `qs(a) . ks(c_t)`, `qe(a) . ke(c_t)` over context tokens
  only, plus one null logit from `a` appended to both distributions.
- count: linear over 0..MAX_COUNT items (masked by the caller to the array's bounds).
- anchor: per context token of the array's region, `z_t = qa(a) . ka(c_t) / sqrt(d) + ua . c_t + b`
  (b starts at -6), plus the siblings' echo `w * cos(v(c_t), sum_s softmax(z)_s v(c_s))` (the
  v's centred on the region and unit: `sibling_likeness`): the items of one list are written
  alike, so a token that looks like where the head is surest an item starts is likelier to
  start one too. Read over the question's own region only; `w` starts at 0 (a head set saved
  without it loads with `w = 0` and scores as it did).
- anchored extract bias: `B[start|end, inside, bucket(t - anchor)]`, zero at init.

Every head is a plain function of its inputs (no cross-row reduction), so a row's head
outputs never depend on other rows. Temperatures (one per head kind) divide the logits;
1.0 = uncalibrated.

What a head's output becomes in a value's score (its weight beside the LM prior, the rules
added to it) is composed in `deg_model.scoring`, with the weights the checkpoint names in its
`deg.json` (`ScoringSettings`). Head sets saved before that record kept those weights here as
buffers (`prior_mix`, `verbatim_weight`, ..., `layout_rows`); `load_checkpoint` reads them out
(`scoring.LEGACY_BUFFERS`) before the heads load.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import torch
from torch import nn

HEAD_DIM = 256
MAX_COUNT = 64
HEAD_KINDS = ("choice", "score", "noul", "extract", "count", "anchor")
CONTEXT_MODES = {"hidden": 1, "hidden+embed": 2, "hidden+embed+next": 3}  # mode -> context width in hidden sizes
CONTEXT_KEYS = ("ks.weight", "ke.weight", "anchor.k.weight", "anchor.u.weight", "anchor_echo.weight",
                "evidence.k.weight", "evidence.u.weight", "flag_value.weight", "option_value.weight")  # read c_t
ECHO_KEYS = ("anchor_echo.weight", "anchor_echo_weight")    # the siblings' echo, absent from older head sets
READER_KEYS = ("evidence.q.weight", "evidence.k.weight", "evidence.u.weight", "flag_query.weight",
               "flag_query.bias", "flag_value.weight")                          # the flag reader, absent from older head sets
OPTION_KEYS = ("option_query.weight", "option_value.weight")  # the option reader, likewise
OPTION_TOKEN_KEYS = ("option_token.weight",)   # its reading of the option lines' tokens, likewise
# Bucket edges of (t - anchor) for the anchored extract bias: ..., -4, 0, 1, 2, 4, ... 256.
BUCKET_EDGES = (-256, -64, -16, -4, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256)

def sibling_likeness(z: torch.Tensor, echo: torch.Tensor) -> torch.Tensor:
    """How much each region token reads like the tokens the anchor head is surest of.

    z [R] the head's own scores, echo [R, d] -> [R] in [-1, 1]: the cosine of each token's echo
    vector with the softmax(z)-weighted mean of them, both centred on the region's mean (what
    every token of the region shares says nothing about which start an item).
    """
    centred = echo - echo.mean(0, keepdim=True)                          # [R, d]
    unit = centred * torch.rsqrt(centred.pow(2).sum(-1, keepdim=True) + 1e-12)
    like = torch.softmax(z, 0) @ unit                                     # [d]
    return (unit @ like) * torch.rsqrt(like.pow(2).sum() + 1e-12)         # [R]


def option_tokens(ids: torch.Tensor, embedded: torch.Tensor,
                  options: "list[int] | tuple[int, ...]") -> torch.Tensor:
    """What each option line of a fork is, for the option reader: ids [L] (the fork's tokens),
    embedded [L, H] (their input embeddings), options [n] (the row position of each option
    line's last token, its line end) -> [n, H], per line the mean RMS-normalized embedding of
    its own tokens, between the bullet and the line end (the whole line when nothing lies
    between). Fork lines are tokenized one by one (`QuestionBuilder`), so an option line
    starts right after the line end before it; the first one after the last earlier token
    equal to its own line end (the line before the options ends as they do)."""
    e = embedded.to(torch.float32)
    e = e * torch.rsqrt(e.pow(2).mean(-1, keepdim=True) + 1e-6)                # as `context_input`
    rows = []
    for k, end in enumerate(options):
        start = options[k - 1] + 1 if k else _line_start(ids, end)
        lo, hi = (start + 1, end) if end - start >= 2 else (start, end + 1)
        rows.append(e[lo:hi].mean(0))
    return torch.stack(rows) if rows else e.new_zeros(0, e.shape[-1])


def _line_start(ids: torch.Tensor, end: int) -> int:
    """Where the line ending at `end` starts: after the last earlier token equal to its end."""
    same = (ids[:end] == ids[end]).nonzero()
    return int(same[-1]) + 1 if same.numel() else 0


class ReaderKeys(NamedTuple):
    """The flag reader's context side of one trunk (`Heads.reader_keys`)."""
    keys: torch.Tensor        # [T, d] evidence pointer keys
    u: torch.Tensor           # [T] evidence pointer's per-token term
    values: torch.Tensor      # [T, d] what a token says, read where the pointer points
    options: torch.Tensor | None = None   # [T, d] what a token says of options; None: no option reader


class PointerHead(nn.Module):
    """Scores each candidate vector `o_i` against a query vector `a`."""

    def __init__(self, hidden: int, dim: int = HEAD_DIM, key_in: int | None = None):
        super().__init__()
        key_in = key_in or hidden
        self.q = nn.Linear(hidden, dim, bias=False)
        self.k = nn.Linear(key_in, dim, bias=False)
        self.u = nn.Linear(key_in, 1, bias=False)
        self.scale = 1.0 / math.sqrt(dim)

    def forward(self, a: torch.Tensor, o: torch.Tensor) -> torch.Tensor:
        # a: [H], o: [n, H] -> logits [n]
        q = self.q(a)                      # [d]
        k = self.k(o)                      # [n, d]
        return (k * q).sum(-1) * self.scale + self.u(o).squeeze(-1)


class Heads(nn.Module):
    def __init__(self, hidden: int, dim: int = HEAD_DIM, context: str = "hidden+embed"):
        super().__init__()
        if context not in CONTEXT_MODES:
            raise ValueError(f"context must be one of {sorted(CONTEXT_MODES)}, got {context!r}")
        self.hidden = hidden
        self.dim = dim
        self.context = context
        ctx_in = hidden * CONTEXT_MODES[context]
        self.choice = PointerHead(hidden, dim)
        self.score = PointerHead(hidden, dim)
        self.noul = nn.Linear(hidden, 1)
        self.qs = nn.Linear(hidden, dim, bias=False)
        self.ks = nn.Linear(ctx_in, dim, bias=False)
        self.qe = nn.Linear(hidden, dim, bias=False)
        self.ke = nn.Linear(ctx_in, dim, bias=False)
        self.null = nn.Linear(hidden, 1)
        self.count = nn.Linear(hidden, MAX_COUNT + 1)
        self.anchor = PointerHead(hidden, dim, key_in=ctx_in)
        self.anchor_bias = nn.Parameter(torch.tensor(-6.0))
        # [start|end, inside, bucket]
        self.span_bias = nn.Parameter(torch.zeros(2, 2, len(BUCKET_EDGES) + 1))
        self.register_buffer("temperatures", torch.ones(len(HEAD_KINDS)))
        # created last, so the other heads' fresh weights are what they were before it existed
        self.anchor_echo = nn.Linear(ctx_in, dim, bias=False)
        self.anchor_echo_weight = nn.Parameter(torch.tensor(0.0))
        # the flag reader, created after the echo for the same reason; silent until trained
        self.evidence = PointerHead(hidden, dim, key_in=ctx_in)
        self.flag_query = nn.Linear(hidden, dim)     # its bias: what a token says whatever the question
        self.flag_value = nn.Linear(ctx_in, dim, bias=False)
        nn.init.zeros_(self.flag_value.weight)
        # the option reader, created last for the same reason; silent until trained
        # reads an option's row, o_i; no bias: a term shared by every option moves no softmax
        self.option_query = nn.Linear(hidden, dim, bias=False)
        self.option_value = nn.Linear(ctx_in, dim, bias=False)
        nn.init.zeros_(self.option_value.weight)
        # what an option line's tokens are (`option_tokens`), against the read; zero: silent
        self.option_token = nn.Linear(hidden, dim, bias=False)
        nn.init.zeros_(self.option_token.weight)

    @staticmethod
    def context_of(tensors: dict[str, torch.Tensor], hidden: int) -> str:
        """The context mode a saved head set was trained with (from its `ks` width)."""
        width = int(tensors["ks.weight"].shape[1]) if "ks.weight" in tensors else hidden
        return next((m for m, k in CONTEXT_MODES.items() if k * hidden == width), "hidden")

    def context_input(self, hidden_ctx: torch.Tensor, embedded: torch.Tensor | None) -> torch.Tensor:
        """The context features `c_t`: hidden_ctx [T, H] (final-normed trunk hidden at the
        context tokens) and embedded [T, H] (their input embeddings) -> [T, H * k], fp32."""
        hidden_ctx = hidden_ctx.to(torch.float32)
        if self.context == "hidden":
            return hidden_ctx
        if embedded is None:
            raise ValueError("these heads read token embeddings of the context; none were given")
        e = embedded.to(torch.float32)
        e = e * torch.rsqrt(e.pow(2).mean(-1, keepdim=True) + 1e-6)   # per token, so batch-invariant
        if self.context == "hidden+embed":
            return torch.cat([hidden_ctx, e], dim=-1)
        following = torch.cat([e[1:], torch.zeros_like(e[:1])])      # [T, H]: token t+1's, zeros at the end
        return torch.cat([hidden_ctx, e, following], dim=-1)

    def widened(self, start: "Heads") -> None:
        """Take `start`'s weights, a head set of a narrower context mode: the context keys'
        columns it has are copied and the others are zeros, so every logit is `start`'s."""
        if CONTEXT_MODES[start.context] > CONTEXT_MODES[self.context]:
            raise ValueError(f"heads reading context {start.context!r} cannot start heads reading {self.context!r}")
        tensors = dict(start.state_dict())
        if not start.has_echo():       # a head set without the echo starts this one's fresh (at w = 0)
            tensors.update({name: self.state_dict()[name] for name in ECHO_KEYS})
        if not start.has_reader():     # likewise an untrained flag reader (its value vectors at zero)
            tensors.update({name: self.state_dict()[name] for name in READER_KEYS})
        if not start.has_option_reader():
            tensors.update({name: self.state_dict()[name] for name in OPTION_KEYS + OPTION_TOKEN_KEYS})
        width = self.hidden * CONTEXT_MODES[self.context]
        for name in CONTEXT_KEYS:
            have = tensors[name]
            if have.shape[1] != width:
                tensors[name] = torch.cat([have, have.new_zeros(have.shape[0], width - have.shape[1])], dim=1)
        self.load_state_dict(tensors)

    def has_echo(self) -> bool:
        """Whether the siblings' echo was trained or freshly made (a head set saved without
        it loads with zeros, `completed`)."""
        return bool(self.anchor_echo.weight.detach().any())

    def has_reader(self) -> bool:
        """Whether the flag reader says anything: trained (its value vectors start at zero, and a
        head set saved without it loads with zeros, `completed`); the runtime skips a silent one."""
        return bool(self.flag_value.weight.detach().any())

    def has_option_reader(self) -> bool:
        """Whether the option reader says anything (as `has_reader`, for choices and scores)."""
        return bool(self.option_value.weight.detach().any())

    def reads_context(self) -> bool:
        """Whether a trunk needs the readers' context side (`reader_keys`) for these heads."""
        return self.has_reader() or self.has_option_reader()

    @staticmethod
    def completed(tensors: dict[str, torch.Tensor], hidden: int, dim: int) -> dict[str, torch.Tensor]:
        """A saved head set from before the siblings' echo or the flag or option reader,
        completed with silent ones (zeros)."""
        width = int(tensors["anchor.k.weight"].shape[1]) if "anchor.k.weight" in tensors else hidden
        shapes = {"anchor_echo.weight": (dim, width), "anchor_echo_weight": (),
                  "evidence.q.weight": (dim, hidden), "evidence.k.weight": (dim, width),
                  "evidence.u.weight": (1, width), "flag_query.weight": (dim, hidden), "flag_query.bias": (dim,),
                  "flag_value.weight": (dim, width), "option_query.weight": (dim, hidden), "option_value.weight": (dim, width),
                  "option_token.weight": (dim, hidden)}
        out = dict(tensors)
        for keys in (ECHO_KEYS, READER_KEYS, OPTION_KEYS, OPTION_TOKEN_KEYS):
            if not all(name in tensors for name in keys):
                out.update({name: torch.zeros(shapes[name]) for name in keys})
        return out

    # -- temperatures ----------------------------------------------------------------
    def temperature(self, kind: str) -> torch.Tensor:
        return self.temperatures[HEAD_KINDS.index(kind)]

    # -- decide ----------------------------------------------------------------------
    def choice_logits(self, a: torch.Tensor, o: torch.Tensor, reader: "ReaderKeys | None" = None,
                      tokens: torch.Tensor | None = None) -> torch.Tensor:
        return self.option_scores(self.choice, a, o, reader, tokens) / self.temperature("choice")

    def score_logits(self, a: torch.Tensor, o: torch.Tensor, reader: "ReaderKeys | None" = None,
                     tokens: torch.Tensor | None = None) -> torch.Tensor:
        return self.option_scores(self.score, a, o, reader, tokens) / self.temperature("score")

    def option_scores(self, head: PointerHead, a: torch.Tensor, o: torch.Tensor,
                      reader: "ReaderKeys | None", tokens: torch.Tensor | None = None) -> torch.Tensor:
        """A choice or score head's option logits before the temperature (what training reads):
        a [H], o [n, H] -> [n], with the option reader's read when `reader` has its side, scored
        against the option rows and, given `tokens` [n, H] (`option_tokens`), the lines' tokens."""
        if reader is None or reader.options is None or reader.options.shape[0] == 0:
            return head(a, o)
        read = self.evidence_weights(a, reader) @ reader.options                   # [d]
        return self.option_read_scores(head, a, o, read, tokens)

    def option_read_scores(self, head: PointerHead, a: torch.Tensor, o: torch.Tensor, read: torch.Tensor,
                           tokens: torch.Tensor | None = None) -> torch.Tensor:
        """`option_scores` given what the option reader read of the context, read [d] -> [n]
        (training over cached reads gives it directly)."""
        l = head(a, o)
        against = self.option_query(o)                                             # [n, d]
        if tokens is not None:
            against = against + self.option_token(tokens.to(against.dtype))
        return l + (against @ read) * self.evidence.scale

    def noul_logits(self, a: torch.Tensor, reader: "ReaderKeys | None" = None) -> torch.Tensor:
        """[2] = [true, false]; the false logit is pinned at 0. `reader`: the context side of
        the flag reader (`reader_keys`), None when these heads have none."""
        l = self.noul_score(a, reader) / self.temperature("noul")
        return torch.stack([l, torch.zeros_like(l)])

    def noul_score(self, a: torch.Tensor, reader: "ReaderKeys | None") -> torch.Tensor:
        """The true logit before the temperature (what training reads): a [H] -> []."""
        l = self.noul(a).squeeze(-1)
        if reader is None or reader.values.shape[0] == 0:
            return l
        return l + self.flag_read_score(a, reader)

    def flag_read_score(self, a: torch.Tensor, reader: "ReaderKeys") -> torch.Tensor:
        """The flag reader's share of the true logit, what it read alone: a [H] -> []."""
        read = self.evidence_weights(a, reader) @ reader.values                    # [d]
        return (read * self.flag_query(a)).sum() * self.evidence.scale

    def reader_keys(self, c: torch.Tensor, options: bool | None = None) -> "ReaderKeys":
        """The readers' context side, once per trunk: c [T, C] -> keys [T, d], u [T], values
        [T, d], options [T, d]. `options`: whether to compute the option reader's side (None:
        when it is trained; training asks for it always, so a fresh one learns)."""
        want = self.has_option_reader() if options is None else options
        return ReaderKeys(self.evidence.k(c), self.evidence.u(c).squeeze(-1), self.flag_value(c),
                          self.option_value(c) if want else None)

    def evidence_scores(self, a: torch.Tensor, reader: "ReaderKeys") -> torch.Tensor:
        """Where the evidence of the question at `a` is: [T] logits over the context tokens."""
        return (reader.keys @ self.evidence.q(a)) * self.evidence.scale + reader.u

    def evidence_weights(self, a: torch.Tensor, reader: "ReaderKeys") -> torch.Tensor:
        """What the flag reader weighs each context token by: [T], summing to 1."""
        return torch.softmax(self.evidence_scores(a, reader), 0)

    # -- extract ---------------------------------------------------------------------
    def span_logits(
        self,
        a: torch.Tensor,
        c: torch.Tensor,
        bias: tuple[torch.Tensor, torch.Tensor] | None = None,
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Start and end logits over `T` context tokens plus the null outcome last.

        a: [H], c: [T, C] context features (`context_input`) -> (start [T+1], end [T+1]).
        """
        return self.span_logits_from_keys(a, self.span_keys(c), bias)

    def span_keys(self, c: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Context keys of the start/end pointers, computed once per trunk: [T, C] -> 2 x [T, d]."""
        return self.ks(c), self.ke(c)

    def span_logits_from_keys(
        self,
        a: torch.Tensor,
        keys: tuple[torch.Tensor, torch.Tensor],
        bias: tuple[torch.Tensor, torch.Tensor] | None = None,
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """As `span_logits`, with the context keys precomputed (the same arithmetic per field)."""
        t = self.temperature("extract")
        s = keys[0] @ self.qs(a)           # [T]
        e = keys[1] @ self.qe(a)           # [T]
        if bias is not None:
            s = s + bias[0]
            e = e + bias[1]
        n = self.null(a)                   # [1]
        return torch.cat([s, n]) / t, torch.cat([e, n]) / t

    def anchored_bias(self, positions: torch.Tensor, anchor: int, region_end: int) -> tuple[torch.Tensor, torch.Tensor]:
        """The learned bias of an anchored item's extract logits at context token positions.

        positions: [T] context token indices -> (start bias [T], end bias [T]).
        """
        rel = positions - anchor
        edges = torch.tensor(BUCKET_EDGES, dtype=rel.dtype)
        bucket = torch.bucketize(rel, edges, right=True)  # [T] in 0..len(edges)
        inside = ((positions >= anchor) & (positions < region_end)).long()
        return self.span_bias[0, inside, bucket], self.span_bias[1, inside, bucket]

    # -- arrays ----------------------------------------------------------------------
    def count_logits(self, a: torch.Tensor) -> torch.Tensor:
        return self.count(a) / self.temperature("count")     # [MAX_COUNT + 1]

    def anchor_logits(self, a: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
        """Item-start logits of a region's context tokens: a [H], c [R, C] context features -> [R]."""
        return self.anchor_scores(a, c) / self.temperature("anchor")

    def anchor_scores(self, a: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
        """As `anchor_logits`, before the temperature (what training reads)."""
        return self.anchor_scores_from_keys(a, self.anchor.k(c), self.anchor.u(c).squeeze(-1), self.anchor_echo(c))

    def anchor_logits_from_keys(self, a: torch.Tensor, keys: torch.Tensor, u: torch.Tensor,
                                echo: torch.Tensor) -> torch.Tensor:
        """As `anchor_logits` with the context side precomputed once per trunk.

        a [H], keys [R, d] = anchor.k(c), u [R] = anchor.u(c), echo [R, d] = anchor_echo(c)
        -> [R]. The temperature divides the logit; it never moves the p > 0.5 threshold or the
        peak order.
        """
        return self.anchor_scores_from_keys(a, keys, u, echo) / self.temperature("anchor")

    def anchor_scores_from_keys(self, a: torch.Tensor, keys: torch.Tensor, u: torch.Tensor,
                                echo: torch.Tensor) -> torch.Tensor:
        q = self.anchor.q(a)                                   # [d]
        z = (keys @ q) * self.anchor.scale + u + self.anchor_bias          # [R]
        if z.shape[0] == 0:
            return z
        return z + self.anchor_echo_weight * sibling_likeness(z, echo)
