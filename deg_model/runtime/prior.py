"""The backbone's own zero-shot answer to a question: the LM prior every head is mixed with.

A leaf's `prior` score term is `w_prior` times this prior beside `w_head` times its head
(per head kind, `ScoringSettings`; composed in `deg_model.scoring`), so freshly initialised
heads (`w_head = 0, w_prior = 1`) already answer the way the base LM would, and trained heads
learn the residual. A checkpoint whose heads predate the prior loads with `w_prior = 0`: its
outcomes are bitwise what they were, and no prior row is run.

**Framing.** The contract's fork layout (`FIELD ... KIND ... ANSWER:`) is a format the base
model never saw. The prior asks in the model's own chat layout instead: the question closes
the user turn that holds the context, the assistant turn opens, and the answer starts as a
one-key JSON object, `{"<name>":`. What the LM writes next is its answer:

- decide (choice / score / noul): each option as a JSON value (` "EUR"`, ` 4`, ` true`,
  ` null`) followed by `}`. One row holds the question and the options' common token prefix
  (` "` for strings, ` ` for numbers); an option whose next token no other option shares is
  scored by that token's log-probability alone (the LM's probability of everything starting
  that way, which among the options can only be this one); options that share their next
  token get one teacher-forced row each, and the log-likelihood of their whole continuation.
  Scores are normalised over the options (log-softmax).
- extract: the answer is opened as a JSON string (` "`). At the `":` token the LM says
  whether it would write a string or `null` (the null prior); at the quote, the tied LM head
  gives a copy logit for every context token (its id, or the id of the same text without
  the leading space a mid-sentence token carries, whichever is higher): the start prior.

Rows are ordinary fork rows of the trunk, so they run in the same batch-invariant micro-batches
as every other question and a prior is bitwise the same alone or beside other rows.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import torch

from deg.plan import FieldPlan

from ..scoring import PriorSpan
from ..tokenize import PromptLayout
from .copy_prior import SPAN_TOKENS, CopySites, PieceIndex, copied_text, copy_start, span_end
from .forks import Row

PRIOR_KINDS = ("choice", "score", "noul", "extract")



@dataclass(frozen=True)
class PriorRows:
    """The fork rows of one question's prior and the positions each reads.

    `rows[0]` is the main row: question + `{"<name>":` + (decide) the options' common prefix
    or (extract) the opening quote. Decide: the LM's next token after its last position
    scores each option's next token (`next_token`); each `forced` option has one more row,
    its whole teacher-forced continuation, read from the main row's last position on.
    Extract: the main row reads its last two positions (`":` and the quote)."""

    kind: str                                  # "choice" | "score" | "noul" | "extract"
    rows: tuple[torch.Tensor, ...]             # [n] token ids each
    read: tuple[tuple[int, ...], ...]          # per row, the positions whose next token is read
    next_token: tuple[int, ...] = ()           # decide: per option, its token after the main row
    forced: tuple[tuple[int, int], ...] = ()   # decide: (option, row) teacher-forced

    def fork_rows(self) -> tuple[Row, ...]:
        """The rows as fork rows of the base model (the prior is the LM's own answer, so no
        LoRA adapter runs on them)."""
        return tuple(Row(ids, read, None) for ids, read in zip(self.rows, self.read))


def _ask(name: str, about: str | None, options: Sequence[Any] | None) -> str:
    text = f'What is "{name}" in the text above' + (f" ({about})" if about else "") + "?"
    if options is not None:
        text += " Answer with one of: " + ", ".join(_json(o) for o in options) + "."
    else:
        text += " Copy it exactly as written, or answer null if the text does not say."
    return text + " Answer in JSON."


def _give(name: str, about: str | None, options: Sequence[Any] | None) -> str:
    text = (f"{about.rstrip('.?')}. " if about else "") + f"Give the {name} as JSON"
    if options is not None:
        text += ", one of: " + ", ".join(_json(o) for o in options)
    return text + "."


def _brief(name: str, about: str | None, options: Sequence[Any] | None) -> str:
    text = f"{about.rstrip('.?')}?" if about else f"{name}?"
    if options is not None:
        text += " One of: " + ", ".join(_json(o) for o in options) + "."
    return text


# Question phrasings: each closes the user turn before the JSON answer opens. Which one a
# checkpoint uses is recorded with it (`CheckpointConfig.prior_framing`); measured on
# held-out-domain validation (`python -m services.training fit-prior --framing ...`).
FRAMINGS = {"ask": _ask, "give": _give, "brief": _brief}
DEFAULT_FRAMING = "give"
READ_AHEAD_READS = 64   # prior reads per LM-head pass of `read_ahead` (bounds its fp32 logits)


def question_text(field: FieldPlan, pointer: str, options: Sequence[Any] | None, framing: str = DEFAULT_FRAMING) -> str:
    """The plain-language question that closes the user turn."""
    about = field.description or field.title
    return FRAMINGS[framing](_name(field, pointer), _one_line(about) if about else None, options)


def answer_opener(field: FieldPlan, pointer: str) -> str:
    """The start of the assistant's JSON answer, up to and including `":`."""
    return "{" + _json(_name(field, pointer)) + ":"


class PriorBuilder:
    """Builds the prior rows of a family's chat layout. `encode`: text -> ids (memoized by the
    caller)."""

    def __init__(self, layout: PromptLayout, encode: Callable[[str], torch.Tensor], framing: str = DEFAULT_FRAMING):
        if framing not in FRAMINGS:
            raise ValueError(f"unknown prior framing {framing!r}; known: {sorted(FRAMINGS)}")
        self.layout, self.encode, self.framing = layout, encode, framing
        self.opener = layout.generation_opener()
        tok = layout.tokenizer
        self.null_id = _single(tok, " null")
        self.quote_id = _single(tok, ' "')

    def _head(self, field: FieldPlan, pointer: str, options) -> torch.Tensor:
        return torch.cat([self.encode(question_text(field, pointer, options, self.framing) + "\n"), self.opener,
                          self.encode(answer_opener(field, pointer))])

    def decide(self, kind: str, field: FieldPlan, pointer: str, options: Sequence[Any]) -> PriorRows:
        head = self._head(field, pointer, options)
        conts = [self.encode(" " + _json(o) + "}") for o in options]
        common = _common_prefix(conts)
        main = torch.cat([head, conts[0][:common]])
        last = int(main.shape[0]) - 1
        nxt = [int(c[common]) for c in conts]
        rows, reads, forced = [main], [(last,)], []
        for i, t in enumerate(nxt):
            if nxt.count(t) > 1:
                ids = torch.cat([head, conts[i]])
                forced.append((i, len(rows)))
                rows.append(ids)
                reads.append(tuple(range(last, int(ids.shape[0]) - 1)))
        return PriorRows(kind, tuple(rows), tuple(reads), tuple(nxt), tuple(forced))

    def extract(self, field: FieldPlan, pointer: str) -> PriorRows:
        row = torch.cat([self._head(field, pointer, None), torch.tensor([self.quote_id])])
        last = int(row.shape[0]) - 1
        return PriorRows("extract", (row,), ((last - 1, last),))


def decide_scores(prior: PriorRows, reads: Sequence[torch.Tensor]) -> torch.Tensor:
    """Option log-probabilities [n] (normalised over the options). `reads[r]`: the LM's
    log-softmax [len(prior.read[r]), vocab] (float64) at row r's read positions."""
    main = reads[0][0]
    scores = [main[t] for t in prior.next_token]
    for option, row in prior.forced:
        ids = prior.rows[row]
        targets = ids[prior.read[row][0] + 1:]                              # the continuation
        scores[option] = reads[row].gather(1, targets.view(-1, 1)).sum()
    return torch.log_softmax(torch.stack(scores).to(torch.float64), -1)


def _single(tokenizer, text: str) -> int:
    ids = tokenizer(text, add_special_tokens=False)["input_ids"]
    if len(ids) != 1:
        raise ValueError(f"the prior framing needs {text!r} to be one token; this tokenizer makes {len(ids)}")
    return int(ids[0])


def _common_prefix(seqs: list[torch.Tensor]) -> int:
    n = min(int(s.shape[0]) for s in seqs) - 1       # at least one token of each stays distinct
    k = 0
    while k < n and all(int(s[k]) == int(seqs[0][k]) for s in seqs):
        k += 1
    return k


def _name(field: FieldPlan, pointer: str) -> str:
    named = [p for p in field.path if p != "*"]
    return named[-1] if named else pointer


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


class LmPrior:
    """Reads the prior rows' hidden states through the tied LM head of one backbone."""

    def __init__(self, backbone, builder: PriorBuilder):
        self.backbone, self.builder = backbone, builder
        self._pieces: PieceIndex | None = None
        # id(hidden) -> (hidden, its fp32 logits): reads done ahead in one LM-head pass
        self._read: dict[int, tuple[torch.Tensor, torch.Tensor]] = {}

    @property
    def pieces(self) -> PieceIndex:
        if self._pieces is None:            # built on the first extract prior (~1 s for 49k pieces)
            self._pieces = PieceIndex(self.builder.layout.tokenizer, int(self.backbone.spec.vocab_size))
        return self._pieces

    def logprobs(self, hidden: torch.Tensor) -> torch.Tensor:
        """[k, H] final-normed hidden -> [k, vocab] float64 next-token log-probabilities
        (the LM head runs on fixed row tiles, so each row's values are its own)."""
        kept = self._read.get(id(hidden))
        logits = kept[1] if kept is not None and kept[0] is hidden else self.backbone.logits(hidden)
        return torch.log_softmax(logits.to(torch.float64), -1)

    def read_ahead(self, hiddens: list[torch.Tensor]) -> None:
        """The LM head over many prior reads (of every question and request of a round) in
        one pass of fixed row tiles instead of one pass each: the head weights [vocab, H]
        are streamed once per READ_AHEAD_READS reads, not once per question. A row's logits
        do not depend on its tile neighbours (`Backbone.logits`), so `logprobs` of each read
        is bitwise what it would compute alone. Kept until `forget`."""
        todo = list({id(h): h for h in hiddens if id(h) not in self._read}.values())
        for k in range(0, len(todo), READ_AHEAD_READS):
            group = todo[k:k + READ_AHEAD_READS]
            logits = self.backbone.logits(torch.cat(group))                    # [sum k, vocab]
            at = 0
            for h in group:
                n = int(h.shape[0])
                self._read[id(h)] = (h, logits[at:at + n])
                at += n

    def forget(self) -> None:
        self._read.clear()

    def decide(self, prior: PriorRows, answer) -> torch.Tensor:
        return decide_scores(prior, [self.logprobs(h) for h in answer.extra])

    def _sites(self, trunk) -> CopySites:
        sites = trunk.memo.get("copy_sites")
        if sites is None:
            sites = trunk.memo["copy_sites"] = CopySites.of(trunk.text, trunk.tokens.offsets, self.pieces)
        return sites

    def start(self, answer, trunk) -> torch.Tensor:
        """[T+1] start log-probabilities over the context tokens, null last: P(string) times
        the copy start, and P(null), normalised between null and a string at the `":` token."""
        read = self.logprobs(answer.extra[0])                                   # [2, vocab]
        at_colon, at_quote = read[0], read[1]
        pair = torch.stack([at_colon[self.builder.null_id], at_colon[self.builder.quote_id]])
        lp_null, lp_str = torch.log_softmax(pair, 0)
        return torch.cat([copy_start(at_quote, self._sites(trunk)) + lp_str, lp_null.view(1)])

    def _copy(self, trunk, start: int) -> tuple[int, torch.Tensor, list[int]]:
        first, text = copied_text(trunk.text, self._sites(trunk), start)
        ids, ends = self.pieces.encode(text)
        return first, ids[:SPAN_TOKENS], ends[:SPAN_TOKENS]

    def follow_row(self, prior: PriorRows, answer, trunk) -> tuple[int, Row] | None:
        """(start, teacher-forced row) of the LM copying from its own best start; None when no
        context token can start a value."""
        sites = self._sites(trunk)
        if all(a is None for a in sites.starts):
            return None
        ps = self.start(answer, trunk)[:-1]
        allowed = torch.tensor([a is not None for a in sites.starts])
        start = int(torch.argmax(torch.where(allowed, ps, torch.full_like(ps, -math.inf))))
        _, ids, _ = self._copy(trunk, start)
        if int(ids.shape[0]) == 0:
            return None
        main = prior.rows[0]
        n = int(main.shape[0])
        return start, Row(torch.cat([main, ids]), tuple(range(n, n + int(ids.shape[0]))), None)

    def span(self, q, answer, trunk, heads_out=None) -> PriorSpan:
        """The prior of an extract answer: its copy start over the context tokens (null last)
        and, when the LM's own best start was followed (`follow_row`), the end of the span it
        copied from there."""
        ps = self.start(answer, trunk)                                          # [T+1]
        follow = None
        if answer.follow is not None:
            s = answer.follow_start
            first, ids, ends = self._copy(trunk, s)
            token_ends = [e for _, e in trunk.tokens.offsets]
            pe = span_end(self.logprobs(answer.follow), ids, ends, first, token_ends, self.pieces)   # [T]
            follow = (s, pe)
            if heads_out is not None:
                heads_out[f"prior_end:{q.pointer}"] = pe.clone()
        if heads_out is not None:
            heads_out[f"prior:{q.pointer}"] = ps.clone()
        return PriorSpan(ps, SPAN_TOKENS, follow)
