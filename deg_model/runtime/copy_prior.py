"""The LM's copy prior of an extract answer: where the span starts, where it ends.

The prior row ends inside the assistant's JSON answer, right after the opening quote of
the value (`{"invoice_number": "`). What the LM writes next is the start of its answer; deg
only lets it copy, so the start prior of context token `t` is the LM's probability of writing
the text that begins at `t`:

- **Start.** The LM rarely tokenizes a copied value the way the context did (the context
  says `ĠIN V -2041`, the answer would start `INV`, without the space a mid-sentence token
  carries). So the start score of token `t` sums the LM's probability of every vocabulary
  piece that is a prefix of the text from `t` (after its leading whitespace): `I`, `IN`,
  `INV`, ... (`CopySites`). Tokens that are only whitespace cannot start a value.
- **End.** For the LM's own best start, one teacher-forced row writes the text from there
  in the LM's natural tokenization (the string re-tokenized on its own, `SPAN_CHARS` code
  points at most); at every copied piece the LM's probability of closing the string (any
  piece that starts with `"`) says whether the value ends there. The end prior of a context
  token is that of the copied piece that ends inside it (span ends are token-granular, like
  the heads').

Everything is float64 from the LM head's fp32 logits, and a pure function of the trunk and
the row's own hidden states, so it is batch-invariant like the rest of the fork path.
"""
from __future__ import annotations

import bisect
import math
from dataclasses import dataclass

import torch

SPAN_CHARS = 96           # code points the end prior copies at most
SPAN_TOKENS = 24          # ... and pieces
MAX_PIECE_CHARS = 16      # the longest vocabulary piece looked up as a start


class PieceIndex:
    """Vocabulary pieces by their decoded text, and the pieces that close a JSON string."""

    def __init__(self, tokenizer, vocab_size: int):
        self.tokenizer = tokenizer
        by_text: dict[str, list[int]] = {}
        quotes = []
        special = set(tokenizer.all_special_ids)
        for i in range(vocab_size):
            if i in special:
                continue
            text = tokenizer.decode([i])
            if not text or "\ufffd" in text or len(text) > MAX_PIECE_CHARS:
                continue
            by_text.setdefault(text, []).append(i)
            if text.startswith('"'):
                quotes.append(i)
        self.by_text = by_text
        self.quote_ids = torch.tensor(sorted(quotes), dtype=torch.long)

    def encode(self, text: str) -> tuple[torch.Tensor, list[int]]:
        """The text's natural tokenization: ids [m] and each piece's end code point."""
        enc = self.tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        return torch.tensor(enc["input_ids"], dtype=torch.long), [int(e) for _, e in enc["offset_mapping"]]


@dataclass(frozen=True)
class CopySites:
    """Per context token: where a copied value starting there begins (a code point) and the
    (token, piece id) pairs of every vocabulary piece that is a prefix of the text there."""
    starts: list[int | None]      # [T] code point after the token's leading whitespace, or None
    token: torch.Tensor           # [k] context token index of each pair
    piece: torch.Tensor           # [k] vocabulary id of each pair

    @classmethod
    def of(cls, text: str, offsets: list[tuple[int, int]], pieces: PieceIndex) -> "CopySites":
        starts: list[int | None] = []
        token, piece = [], []
        for t, (a, b) in enumerate(offsets):
            while a < b and text[a].isspace():
                a += 1
            if a >= b:
                starts.append(None)
                continue
            starts.append(a)
            for n in range(1, MAX_PIECE_CHARS + 1):
                if a + n > len(text):
                    break
                for i in pieces.by_text.get(text[a:a + n], ()):
                    token.append(t)
                    piece.append(i)
        return cls(starts, torch.tensor(token, dtype=torch.long), torch.tensor(piece, dtype=torch.long))


def copy_start(at_quote: torch.Tensor, sites: CopySites) -> torch.Tensor:
    """[T] log-softmax over the context tokens of the LM starting its copy there.
    at_quote: [vocab] float64 next-token log-probabilities after the opening quote."""
    t = len(sites.starts)
    scores = torch.full((t,), -math.inf, dtype=torch.float64)
    if sites.token.numel():
        lp = at_quote[sites.piece]                                              # [k]
        top = torch.full((t,), -math.inf, dtype=torch.float64).scatter_reduce(0, sites.token, lp, "amax")
        safe = torch.where(torch.isinf(top), torch.zeros_like(top), top)
        summed = torch.zeros(t, dtype=torch.float64).index_add_(0, sites.token, (lp - safe[sites.token]).exp())
        scores = torch.where(torch.isinf(top), top, safe + summed.log())
    if bool(torch.isinf(scores).all()):
        return torch.full((t,), -math.log(max(t, 1)), dtype=torch.float64)
    return torch.log_softmax(scores, -1)


def copied_text(text: str, sites: CopySites, start: int) -> tuple[int, str]:
    """(first code point, text) the end prior copies from context token `start` on."""
    a = sites.starts[start]
    return a, text[a:a + SPAN_CHARS]


def span_end(read: torch.Tensor, ids: torch.Tensor, ends: list[int], first: int,
             token_ends: list[int], pieces: PieceIndex) -> torch.Tensor:
    """[T] end log-probabilities over the context tokens for the copied span (-inf where the
    span cannot end). read: [m, vocab] float64 log-softmax at each copied piece; ids [m] the
    pieces; ends: each piece's end code point relative to `first`; token_ends: the context
    tokens' end code points."""
    close = torch.logsumexp(read[:, pieces.quote_ids], -1)                    # [m]
    go_on = read[:-1].gather(1, ids[1:].view(-1, 1)).squeeze(1)               # [m-1]
    kept = torch.cat([torch.zeros(1, dtype=read.dtype), torch.cumsum(go_on, 0)])
    per_piece = kept + close                                                   # [m]
    out = torch.full((len(token_ends),), -math.inf, dtype=torch.float64)
    for k, e in enumerate(ends):
        j = bisect.bisect_left(token_ends, first + e)      # the context token the piece ends in
        if j < len(token_ends):
            out[j] = torch.logaddexp(out[j], per_piece[k])
    finite = ~torch.isinf(out)
    if bool(finite.any()):
        out[finite] = torch.log_softmax(out[finite], -1)
    return out
