"""Field relevance: which sentences of the context speak of the field being extracted.

A 135M backbone's pointer is sure of a span only near the top of a short document; in a
6,000-token window its start distribution is nearly flat (span probabilities of 0.002 on
planted facts), and the most probable span is any name-shaped text. What a human reader
does first, deg does too: find the sentence that talks about the field. The field's own
words (its pointer's names, title and description) are matched against each sentence of
the context, weighted by how rare the word is there (an idf over the context's sentences),
so "The access code of the archive vault" finds "The archive vault opens with access code
KX-4471-QP." and not the 40 sentences that say "the".

`span_evidence` says, per span, how much it gains: the relevance in [0, 1] of the one
sentence it lies in (the matched words' idf over all the field's words' idf), when it starts
and ends at word bounds and holds none of the field's own words (the label is not the
value); any other span gains 0, and so does the null (`scoring.terms.span_relevance`). The
`relevance` score term is `relevance_weight` times this gain, and `closing` adds
`closing_weight` times it for a span that runs to its sentence's end (`deg_model.scoring`),
weights fitted on held-out domains with the other adjustments
(`deg_model.training.prior_fit`); 0.0 (the default) leaves the heads' answer bitwise as is.

Everything is a pure function of the context text, its token offsets and the field, in
float64, so it is deterministic and batch-invariant like the heads.
"""
from __future__ import annotations

import bisect
import math
from collections import Counter

import regex
import torch

from ..scoring import SpanEvidence
from .memo import memoized
from .verbatim import WORD

_CAMEL = regex.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# Sentence ends: a line break, or . ! ? followed by white space (so "4.5", "a.b@c.example"
# and "Invoice number: INV-2041" stay inside their sentence).
_BREAK = regex.compile(r"\n+|(?<=[.!?])\s+", regex.VERSION0)
STOPWORDS = frozenset("""
a an and are as at be by for from has have in is it its of on or that the their this to was
were will with which who whom whose what when where how any all each per if not no than then
there these those our your we you they he she his her them us do does did can may shall
should would could been being into onto over under about after before between within without
""".split())
_OPENERS = "([{<\"'\u201c\u2018\u00ab"
_CLOSERS = ".,;:!?)]}>\"'\u201d\u2019\u00bb"
_MEMO_KEY = "relevance:sentences"

__all__ = ["SpanEvidence", "field_words", "sentences", "span_evidence"]


def stem(word: str) -> str:
    """Case-folded, with a plural `s` dropped ("Escalations" ~ "escalation"); both sides of a
    match go through it, so only consistency matters."""
    w = word.casefold()
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    return w


def words_of(text: str) -> list[str]:
    return [stem(m.group(0)) for m in WORD.finditer(_CAMEL.sub(" ", text))]


def field_words(field) -> frozenset[str]:
    """The content words of a field: its pointer's names (not `*`), title and description."""
    parts = [seg.replace("_", " ").replace("-", " ") for seg in field.path if seg != "*" and not seg.isdigit()]
    parts += [field.title or "", field.description or ""]
    return frozenset(w for w in words_of(" ".join(parts)) if w not in STOPWORDS and len(w) > 1 and not w.isdigit())


class Sentences:
    """The context cut into sentences: each one's set of words and the words' sentence
    frequencies; per token its sentence and whether a value may start (end) there; per word
    stem the token ranges it covers (where a field's label is)."""

    def __init__(self, text: str, offsets: list[tuple[int, int]]):
        starts = sorted({0, *(m.end() for m in _BREAK.finditer(text))})
        sentence_words: list[set[str]] = [set() for _ in starts]
        token_starts = [a for a, _ in offsets]
        self.ranges: dict[str, list[tuple[int, int]]] = {}
        for m in WORD.finditer(text):
            w = stem(m.group(0))
            sentence_words[bisect.bisect_right(starts, m.start()) - 1].add(w)
            if offsets:
                first = max(bisect.bisect_right(token_starts, m.start()) - 1, 0)
                last = max(bisect.bisect_right(token_starts, m.end() - 1) - 1, 0)
                self.ranges.setdefault(w, []).append((first, last))
        self.words = [frozenset(ws) for ws in sentence_words]
        self.df = Counter(w for ws in self.words for w in ws)
        self.n = len(self.words)
        firsts = [a + _lead(text, a, b) for a, b in offsets]
        self.token_sentence = torch.tensor([max(bisect.bisect_right(starts, c) - 1, 0) for c in firsts],
                                           dtype=torch.long)
        # A value starts a word (at the text's start, after white space or an opening mark;
        # never inside "Tromsø" or after the "@" of an address) and ends one (before white
        # space, the text's end or closing marks that are), at a token with a letter or digit.
        word = [bool(WORD.search(text, a, b)) for a, b in offsets]
        self.start_ok = torch.tensor([w and (c == 0 or text[c - 1].isspace() or text[c - 1] in _OPENERS)
                                      for w, c in zip(word, firsts)], dtype=torch.bool)
        self.end_ok = torch.tensor([w and _ends_word(text, b) for w, (_, b) in zip(word, offsets)], dtype=torch.bool)
        index = torch.arange(len(offsets))
        last = torch.full((self.n,), -1, dtype=torch.long).scatter_reduce(
            0, self.token_sentence, torch.where(self.end_ok, index, torch.full_like(index, -1)), "amax")
        self.closing = self.end_ok & (index == last[self.token_sentence])

    def idf(self, word: str) -> float:
        return math.log((self.n + 1) / (self.df.get(word, 0) + 0.5))

    def label_tokens(self, query: frozenset[str], t: int) -> torch.Tensor:
        """[t] bool: the tokens that hold one of the query's words."""
        out = torch.zeros(t, dtype=torch.bool)
        for w in query:
            for first, last in self.ranges.get(w, ()):
                out[first:last + 1] = True
        return out


def _lead(text: str, a: int, b: int) -> int:
    """Leading white space of a token (its sentence is where its text starts)."""
    k = a
    while k < b and text[k].isspace():
        k += 1
    return k - a if k < b else 0


def _ends_word(text: str, c: int) -> bool:
    while c < len(text) and text[c] in _CLOSERS:
        c += 1
    return c == len(text) or text[c].isspace()


def sentences(text: str, offsets: list[tuple[int, int]], memo: dict | None = None) -> Sentences:
    """The context's `Sentences`, kept in `memo` (a trunk's) for the other fields."""
    return memoized(memo, _MEMO_KEY, lambda: Sentences(text, offsets))


def span_evidence(field, text: str, offsets: list[tuple[int, int]], memo: dict | None = None) -> SpanEvidence:
    """The field's `SpanEvidence` over a context. `memo` (a trunk's) keeps the sentences for
    the other fields of the request."""
    sents = sentences(text, offsets, memo)
    t = len(offsets)
    query = field_words(field)
    start = torch.zeros(t, dtype=torch.float64)
    if query and t:
        # fsum: a set's iteration order follows the process's string hashing (PYTHONHASHSEED),
        # and a plain sum's last bits follow the order; fsum's correctly rounded sum does not.
        weight = {w: sents.idf(w) for w in query}
        total = math.fsum(weight.values())
        rel = torch.tensor([math.fsum(weight[w] for w in query & ws) / total for ws in sents.words],
                           dtype=torch.float64)                                   # [sentences]
        label = sents.label_tokens(query, t)                                      # [T]
        # The last label token of each sentence (-1: none); a value reads after its label.
        index = torch.arange(t)
        last = torch.full((sents.n,), -1, dtype=torch.long).scatter_reduce(
            0, sents.token_sentence, torch.where(label, index, torch.full_like(index, -1)), "amax")
        after = index > last[sents.token_sentence]
        start = torch.where(sents.start_ok & after, rel[sents.token_sentence], start)
    return SpanEvidence(start, sents.end_ok, sents.token_sentence, sents.closing)
