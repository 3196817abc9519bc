"""What happens to a document between the writer and the reader: length, layout, noise.

Applied to a finished draft, in this order, each as seeded edits of the text that never
touch a gold span or a decide evidence sentence (`Doc.rewrite` moves every span with its
text, so gold spans still point at exactly their characters and the gold values are still
what a reader sees there):

- `lengthen`: unrelated headed paragraphs (`filler`) inserted at paragraph breaks and at
  the places the domain marked (`Kit.pad`), so the facts sit at any depth of a long
  document.
- `pdf_layout`: what PDF-to-text conversion does: prose lines wrapped at a page width,
  some words hyphenated across the break ("docu-\\nment"), and a running page header or
  footer ("Page 2 of 5") every page.
- `ocr_noise`: a small rate of the character confusions OCR makes (rn <-> m, 0 <-> O,
  1 <-> l) in the text around the values. Gold spans are never corrupted: a corrupted value
  would have no single reading a human agrees on, and its gold would be a guess.

Nothing inside a gold span or within one character of it changes, and no edit joins text
across a gold span's boundary, so the typed candidate grammar still sees every gold span.
"""
from __future__ import annotations

import bisect
import random
import re

from faker import Faker

from . import filler
from .doc import Doc

MARGIN = 1                 # characters left untouched on each side of a protected range


def protected(doc: Doc, evidence: list[str]) -> list[tuple[int, int]]:
    """Gold spans and the first occurrence of every decide evidence text, widened by MARGIN."""
    text = doc.text
    ranges = doc.gold_ranges()
    for quote in evidence:
        at = text.find(quote)
        if at < 0:
            raise ValueError(f"decide evidence {quote!r} is not in the document")
        ranges.append((at, at + len(quote)))
    return _merge([(max(0, s - MARGIN), e + MARGIN) for s, e in ranges])


def _merge(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in sorted(ranges):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


class _Guard:
    """Answers "may an edit touch [a, b)?" against sorted, merged protected ranges."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        self.ranges = ranges
        self.starts = [s for s, _ in ranges]

    def free(self, a: int, b: int) -> bool:
        i = bisect.bisect_right(self.starts, b) - 1
        while i >= 0 and self.ranges[i][1] > a - 1:
            s, e = self.ranges[i]
            if s < b and e > a or s < a < e:
                return False
            i -= 1
        return True


def lengthen(doc: Doc, rng: random.Random, fake: Faker, target: int, sites: list[int],
             evidence: list[str], topic: str | None = None) -> None:
    """Insert filler paragraphs so the document grows to about, never past, `target`
    characters (whole paragraphs only, so it stops a little short)."""
    need = target - len(doc)
    if need <= 0:
        return
    guard = _Guard(protected(doc, evidence))
    text = doc.text
    breaks = [m.end() for m in re.finditer(r"\n\n", text)] + list(sites) + [0, len(text)]
    breaks = sorted({b for b in breaks if guard.free(b, b)})
    chosen = sorted(rng.sample(breaks, min(len(breaks), rng.randint(1, 4))))
    shares = [rng.random() + 0.2 for _ in chosen]
    edits = []
    for at, share in zip(chosen, shares):
        block = filler.block(rng, fake, int(need * share / sum(shares)) - 4, topic).rstrip("\n")
        if block:
            before = "" if at == 0 or text[at - 1] == "\n" else "\n"
            edits.append((at, at, f"{before}\n{block}\n\n" if at else f"{block}\n\n"))
    doc.rewrite(edits)


def pdf_layout(doc: Doc, rng: random.Random, title: str, evidence: list[str]) -> None:
    """Wrap prose lines, hyphenate some words across the break, add page headers."""
    guard = _Guard(protected(doc, evidence))
    text = doc.text
    width = rng.randint(62, 96)
    hyphen_rate = rng.uniform(0.05, 0.3)
    edits: list[tuple[int, int, str]] = []
    offset = 0
    for line in text.split("\n"):
        if len(line) > width and "|" not in line and "  " not in line:
            edits += _wrap(line, offset, width, hyphen_rate, rng, guard)
        offset += len(line) + 1
    # running headers: one per page of `page_lines` lines, at line starts only
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    page_lines = rng.randint(35, 60)
    pages = max(1, -(-len(line_starts) // page_lines))
    form = rng.choice(["Page {k} of {n}", "- {k} -", "{title} | page {k}/{n}",
                       "{k}/{n}", "Seite {k} von {n}"])
    taken = {a for a, _, _ in edits}
    for k in range(2, pages + 1):
        at = line_starts[(k - 1) * page_lines]
        if guard.free(at, at) and at not in taken and not any(a < at < b for a, b, _ in edits):
            edits.append((at, at, form.format(k=k, n=pages, title=title) + "\n\n"))
    doc.rewrite(edits)


def _wrap(line: str, offset: int, width: int, hyphen_rate: float, rng: random.Random,
          guard: _Guard) -> list[tuple[int, int, str]]:
    edits, column_start = [], 0
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", line)]
    for s, e in words:
        if e - column_start <= width:
            continue
        word = line[s:e]
        cut = s + rng.randint(3, len(word) - 3) if len(word) >= 8 and word.isalpha() else None
        if cut is not None and rng.random() < hyphen_rate and guard.free(offset + cut, offset + cut):
            edits.append((offset + cut, offset + cut, "-\n"))
            column_start = cut
        elif s > column_start and line[s - 1] == " " and guard.free(offset + s - 1, offset + s):
            edits.append((offset + s - 1, offset + s, "\n"))
            column_start = s
    return edits


CONFUSIONS = {"rn": "m", "m": "rn", "0": "O", "O": "0", "1": "l", "l": "1"}
_CONFUSABLE = re.compile("rn|m|0|O|1|l")


def ocr_noise(doc: Doc, rng: random.Random, rate: float, evidence: list[str]) -> int:
    """Replace a share `rate` of the confusable characters outside protected text; returns
    the number of confusions made."""
    guard = _Guard(protected(doc, evidence))
    edits = []
    for m in _CONFUSABLE.finditer(doc.text):
        if rng.random() < rate and guard.free(m.start(), m.end()):
            edits.append((m.start(), m.end(), CONFUSIONS[m.group(0)]))
    doc.rewrite(edits)
    return len(edits)
