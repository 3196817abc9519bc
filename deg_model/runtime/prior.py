"""The backbone's own zero-shot answer to a question: the LM prior every head is mixed with.

A head's logits are `w_head * head + w_prior * prior` (per head kind, `Heads.prior_mix`), so
freshly initialised heads (`w_head = 0, w_prior = 1`) already answer the way the base LM
would, and trained heads learn the residual. A checkpoint whose heads predate the prior loads
with `w_prior = 0`: its outcomes are bitwise what they were, and no prior row is run.

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

from ..tokenize import PromptLayout
from .forks import Row

PRIOR_KINDS = ("choice", "score", "noul", "extract")


SPAN_TOKENS = 16          # tokens the end prior follows a copied span for


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


def question_text(field: FieldPlan, pointer: str, options: Sequence[Any] | None) -> str:
    """The plain-language question that closes the user turn."""
    name = _name(field, pointer)
    about = field.description or field.title
    text = f'What is "{name}" in the text above' + (f" ({_one_line(about)})" if about else "") + "?"
    if options is not None:
        text += " Answer with one of: " + ", ".join(_json(o) for o in options) + "."
    else:
        text += " Copy it exactly as written, or answer null if the text does not say."
    return text + " Answer in JSON."


def answer_opener(field: FieldPlan, pointer: str) -> str:
    """The start of the assistant's JSON answer, up to and including `":`."""
    return "{" + _json(_name(field, pointer)) + ":"


class PriorBuilder:
    """Builds the prior rows of a family's chat layout. `encode`: text -> ids (memoized by the
    caller)."""

    def __init__(self, layout: PromptLayout, encode: Callable[[str], torch.Tensor]):
        self.layout, self.encode = layout, encode
        self.opener = layout.generation_opener()
        tok = layout.tokenizer
        self.null_id = _single(tok, " null")
        self.quote_id = _single(tok, ' "')
        self._vocab: tuple[torch.Tensor, torch.Tensor] | None = None

    def vocab_tables(self, vocab_size: int) -> tuple[torch.Tensor, torch.Tensor]:
        """(stripped [vocab], quote_ids [k]): see `stripped_vocab`; the ids of tokens whose text
        starts with a double quote (what closes a copied span inside a JSON string)."""
        if self._vocab is None:
            tok = self.layout.tokenizer
            stripped = stripped_vocab(tok, vocab_size)
            quotes = [i for piece, i in tok.get_vocab().items()
                      if i < vocab_size and tok.convert_tokens_to_string([piece]).startswith('"')]
            self._vocab = stripped, torch.tensor(sorted(quotes), dtype=torch.long)
        return self._vocab

    def _head(self, field: FieldPlan, pointer: str, options) -> torch.Tensor:
        return torch.cat([self.encode(question_text(field, pointer, options) + "\n"), self.opener,
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

    def copied(self, context_ids: torch.Tensor, start: int, vocab_size: int) -> torch.Tensor:
        """[m] the context tokens the LM copies from `start` on (at most SPAN_TOKENS), the first
        without its leading space."""
        stripped, _ = self.vocab_tables(vocab_size)
        copied = context_ids[start:start + SPAN_TOKENS].clone()
        copied[0] = stripped[copied[0]]
        return copied

    def span_row(self, prior: PriorRows, copied: torch.Tensor) -> Row:
        """The teacher-forced row of the LM copying `copied` into the answer string: it reads
        every copied token, whose next-token distribution says close or continue."""
        main = prior.rows[0]
        n = int(main.shape[0])
        return Row(torch.cat([main, copied]), tuple(range(n, n + int(copied.shape[0]))), None)


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


def extract_start(prior_builder: "PriorBuilder", reads: Sequence[torch.Tensor], context_ids: torch.Tensor,
                  vocab_size: int) -> torch.Tensor:
    """Start log-probabilities over the context tokens plus null last: [T+1] float64.

    P(start = t) = P(string) * P_copy(t), P_copy a softmax over the context tokens' copy
    logits; P(null) and P(string) are normalised between the two at the `":` token."""
    stripped, _ = prior_builder.vocab_tables(vocab_size)
    at_colon, at_quote = reads[0][0], reads[0][1]
    copy = torch.maximum(at_quote[context_ids], at_quote[stripped[context_ids]])    # [T]
    pair = torch.stack([at_colon[prior_builder.null_id], at_colon[prior_builder.quote_id]])
    lp_null, lp_str = torch.log_softmax(pair, 0)
    return torch.cat([torch.log_softmax(copy, -1) + lp_str, lp_null.view(1)])


def span_end(copied: torch.Tensor, read: torch.Tensor, quote_ids: torch.Tensor) -> torch.Tensor:
    """End log-probabilities [m] of a copied span from its teacher-forced row: the span ends at
    copied token k with P(tokens 1..k continue) * P(a quote closes after k), normalised over k.
    copied: [m] the row's copied ids; read: [m, vocab] log-softmax at each copied token."""
    close = torch.logsumexp(read[:, quote_ids], -1)                            # [m]
    go_on = read[:-1].gather(1, copied[1:].view(-1, 1)).squeeze(1)            # [m-1]
    kept = torch.cat([torch.zeros(1, dtype=read.dtype), torch.cumsum(go_on, 0)])
    return torch.log_softmax(kept + close, -1)


def stripped_vocab(tokenizer, vocab_size: int) -> torch.Tensor:
    """[vocab] the id of each token's text without its leading space (itself when there is
    none, or when the rest is not a token): a span copied into a JSON string starts right
    after the quote, without the space the token carried mid-sentence. Byte-level BPE marks
    that space with `Ġ`, SentencePiece with `▁`."""
    out = torch.arange(vocab_size)
    vocab = tokenizer.get_vocab()
    for piece, i in vocab.items():
        if i < vocab_size and len(piece) > 1 and piece[0] in "Ġ▁":
            j = vocab.get(piece[1:])
            if j is not None and j < vocab_size:
                out[i] = j
    return out


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


def mix(weights: tuple[float, float], head: torch.Tensor, prior: torch.Tensor) -> torch.Tensor:
    """`w_head * head + w_prior * prior` (float64); a zero weight drops its term entirely, so
    a -inf on that side never turns into NaN."""
    w_head, w_prior = weights
    head, prior = head.to(torch.float64), prior.to(torch.float64)
    if w_prior == 0.0:
        return head * w_head
    if w_head == 0.0:
        return prior * w_prior
    return head * w_head + prior * w_prior


class LmPrior:
    """Reads the prior rows' hidden states through the tied LM head of one backbone."""

    def __init__(self, backbone, builder: PriorBuilder):
        self.backbone, self.builder = backbone, builder
        self.vocab_size = int(backbone.spec.vocab_size)

    def _vocab(self) -> int:
        return self.vocab_size

    def logprobs(self, hidden: torch.Tensor) -> torch.Tensor:
        """[k, H] final-normed hidden -> [k, vocab] float64 next-token log-probabilities
        (the LM head runs on fixed row tiles, so each row's values are its own)."""
        return torch.log_softmax(self.backbone.logits(hidden).to(torch.float64), -1)

    def decide(self, prior: PriorRows, answer) -> torch.Tensor:
        return decide_scores(prior, [self.logprobs(h) for h in answer.extra])

    def start(self, prior: PriorRows, answer, context_ids: torch.Tensor) -> torch.Tensor:
        return extract_start(self.builder, [self.logprobs(answer.extra[0])], context_ids, self._vocab())

    def follow_row(self, prior: PriorRows, answer, context_ids: torch.Tensor) -> tuple[int, Row] | None:
        """(start, teacher-forced span row) of the LM's own best copy start; None for an
        empty context."""
        if int(context_ids.shape[0]) == 0:
            return None
        start = int(torch.argmax(self.start(prior, answer, context_ids)[:-1]))
        return start, self.builder.span_row(prior, self.builder.copied(context_ids, start, self._vocab()))

    def mixed_span(self, weights, q, answer, trunk, ls, le, heads_out=None):
        """The head's span log-probabilities mixed with the prior's ->
        (start [T+1], end [T+1], null, (s, end-for-spans-from-s [T]) or None)."""
        w_head, w_prior = weights
        ps = self.start(q.prior, answer, trunk.context_ids)                         # [T+1]
        t = int(ps.shape[0]) - 1
        flat = torch.full_like(ps, -math.log(SPAN_TOKENS))
        start = mix(weights, ls, ps)
        end = mix(weights, le, flat)
        null = float(mix(weights, torch.tensor(null_of(ls, le)), ps[-1]))
        override = None
        if answer.follow is not None:
            s = answer.follow_start
            copied = self.builder.copied(trunk.context_ids, s, self._vocab())
            _, quotes = self.builder.vocab_tables(self._vocab())
            pe = span_end(copied, self.logprobs(answer.follow), quotes)             # [m]
            prior_end = torch.full((t,), -math.inf, dtype=torch.float64)
            prior_end[s:s + int(pe.shape[0])] = pe
            override = (s, mix(weights, le[:t], prior_end))
            if heads_out is not None:
                heads_out[f"prior_end:{q.pointer}"] = pe.clone()
        if heads_out is not None:
            heads_out[f"prior:{q.pointer}"] = ps.clone()
        return start, end, null, override


def null_of(ls: torch.Tensor, le: torch.Tensor) -> float:
    """The head's log-probability of null: the null outcome (last) on both pointers."""
    return float(ls[-1] + le[-1])
