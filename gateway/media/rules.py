"""Horizontal rules drawn on a page image -> lines of dashes in its text, as a typed table has.

OCR reads lines of text, not ruled lines: a table's `|-----|----|` or `-------  -----` under
its header comes back as nothing (a blank line that cuts the header from its rows), as a few
letters of garbage (`ee    be`), and a row boxed in by rules above and below is often not read
at all. A reader sees the rules. `find_rules` finds them on a page Tesseract has read once;
the reader (`gateway.media.ocr`) then erases them (`erase_rules`) and reads the page again, and
`with_rules` puts each rule into the words as a word of dashes on a line of its own
(`Word.rule`), in reading order before the first line below it.

Finding the rules (numpy; the same pixels give the same rules):
- the page's slope: the median over its lines of two or more words of the slope from the first
  word's centre to the last's; dark pixels (grey below `DARK`) are projected along it, so a
  page skewed a few degrees reads its rules level;
- per projected row, runs of dark pixels joined across gaps of at most `JOIN` character
  widths; a row is ruled where a run is at least `MIN_CHARS` character widths long;
- ruled rows closer than `THIN` word heights form a band (a double rule, `====`, is one); a
  band is a rule when it is at most `THIN` of the page's usual word height thick where it is
  ruled, it stands clear (the `THIN` word heights above and below it hold less than `CLEAR` of
  its length in ink: a line of text, whose letters' feet join into runs too, has its letters
  above), and no word of text (confident, two or more letters or digits) lies on it;
- the rule's text: per run (a simple table's rule has one per column), `-` as many times as
  the run is character widths long, the runs joined as the page's column gaps are.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass

import numpy as np
from PIL import Image

from gateway.media.layout import Box, Word, word_measures

DARK = 128          # grey level below which a pixel is ink
JOIN = 0.75         # runs of ink join across gaps of at most this many character widths (a fixed-pitch `-----`)
MIN_CHARS = 4       # a ruled row has a run at least this many character widths long
THIN = 0.35         # a rule is at most this share of the usual word height thick
CLEAR = 0.1         # ink beside a rule, as a share of its length, at most
ERASE_HEIGHT = 0.75 # a rule is erased this many word heights above and below (a pipe table's `|` joints)
ERASE_CHARS = 1.5   # a rule is erased this many character widths past its ends (a grid's corner `+`)
CONFIDENT = 0.6     # a word this confident, of two or more letters or digits, is text: no rule lies on it

Runs = list[tuple[int, int]]
Rule = tuple[int, int, Runs]          # first and last projected row, runs [(x0, x1)] (x1 exclusive)


def page_slope(words: tuple[Word, ...]) -> float:
    """dy/dx of the page's lines (module docstring); 0.0 for a page of one-word lines."""
    first: dict[int, Word] = {}
    last: dict[int, Word] = {}
    for word in words:
        first.setdefault(word.line, word)
        last[word.line] = word
    slopes = []
    for line, a in first.items():
        b = last[line]
        dx = (b.box[0] + b.box[2]) / 2 - (a.box[0] + a.box[2]) / 2
        if dx > 0:
            slopes.append(((b.box[1] + b.box[3]) / 2 - (a.box[1] + a.box[3]) / 2) / dx)
    return statistics.median(slopes) if slopes else 0.0


@dataclass(frozen=True)
class Measures:
    char: float      # the page's character width (`layout.word_measures`)
    height: float    # its usual (lower median) word height, words of two or more characters
    slope: float     # `page_slope`

    @classmethod
    def of(cls, words: tuple[Word, ...]) -> "Measures | None":
        char, _ = word_measures(words)
        heights = sorted(w.box[3] - w.box[1] for w in words if len(w.text) >= 2 and not w.rule)
        if char <= 0 or not heights:
            return None
        return cls(char, heights[(len(heights) - 1) // 2], page_slope(words))

    def projected(self, word: Word, centre_x: float) -> float:
        """The word's centre row, projected along the page's slope."""
        return (word.box[1] + word.box[3]) / 2 - ((word.box[0] + word.box[2]) / 2 - centre_x) * self.slope


class Ink:
    """A page's dark pixels, projected along its slope and sorted by (projected row, x)."""

    def __init__(self, image: Image.Image, slope: float) -> None:
        self.grey = np.asarray(image.convert("L"))                  # [H, W]
        ys, xs = np.nonzero(self.grey < DARK)                       # [N] each
        rows = np.rint(ys - (xs - self.grey.shape[1] / 2) * slope).astype(np.int64)
        order = np.lexsort((xs, rows))
        self.rows, self.xs, self.ys = rows[order], xs[order], ys[order]

    def runs(self, join: float, min_len: float) -> dict[int, Runs]:
        """Per projected row, its runs of ink at least `min_len` long, joined across `join`."""
        rows, xs = self.rows, self.xs
        if xs.size == 0:
            return {}
        starts = np.ones(xs.size, dtype=bool)
        starts[1:] = (rows[1:] != rows[:-1]) | (xs[1:] - xs[:-1] > join)
        first = np.flatnonzero(starts)
        last = np.append(first[1:], xs.size) - 1
        long = (xs[last] + 1 - xs[first]) >= min_len
        out: dict[int, Runs] = {}
        for a, b in zip(first[long], last[long]):
            out.setdefault(int(rows[a]), []).append((int(xs[a]), int(xs[b]) + 1))
        return out

    def _between(self, top: int, bottom: int, x0: float, x1: float) -> np.ndarray:
        """Indices of the ink in projected rows top..bottom and columns [x0, x1)."""
        a, b = np.searchsorted(self.rows, [top, bottom + 1])
        inside = (self.xs[a:b] >= x0) & (self.xs[a:b] < x1)
        return np.flatnonzero(inside) + a

    def ink(self, top: int, bottom: int, x0: float, x1: float) -> int:
        return int(self._between(top, bottom, x0, x1).size)

    def erased(self, rules: list[Rule], reach: int, margin: float, slope: float) -> Image.Image:
        """The page with every rule's rows +- `reach` along its extent +- `margin` made white
        (faint anti-aliased edges and the joints standing on it included)."""
        grey = self.grey.copy()
        height, width = grey.shape
        for top, bottom, runs in rules:
            x0, x1 = max(0, int(runs[0][0] - margin)), min(width, int(runs[-1][1] + margin))
            for x in range(x0, x1):
                shift = (x - width / 2) * slope
                grey[max(0, round(top - reach + shift)):max(0, round(bottom + reach + shift) + 1), x] = 255
        return Image.fromarray(grey)


def _merge(runs: Runs, join: float) -> Runs:
    merged: list[list[int]] = []
    for x0, x1 in sorted(runs):
        if merged and x0 <= merged[-1][1] + join:
            merged[-1][1] = max(merged[-1][1], x1)
        else:
            merged.append([x0, x1])
    return [(a, b) for a, b in merged]


def _overlaps(box: Box, runs: Runs) -> bool:
    return any(box[0] < x1 and box[2] > x0 for x0, x1 in runs)


def _is_text(word: Word) -> bool:
    return word.confidence >= CONFIDENT and sum(ch.isalnum() for ch in word.text) >= 2


def find_rules(ink: Ink, words: tuple[Word, ...], m: Measures) -> list[Rule]:
    """The page's rules, top to bottom (module docstring)."""
    thin = THIN * m.height
    side = max(2, round(thin))
    runs = ink.runs(JOIN * m.char, MIN_CHARS * m.char)
    bands: list[list[int]] = []                                  # [first row, last row]
    for row in sorted(runs):
        if bands and row - bands[-1][1] <= thin:
            bands[-1][1] = row
        else:
            bands.append([row, row])
    centre_x = ink.grey.shape[1] / 2
    text = [(w, m.projected(w, centre_x), (w.box[3] - w.box[1]) / 2) for w in words if _is_text(w)]
    rules: list[Rule] = []
    for top, bottom in bands:
        band_runs = _merge([r for row in range(top, bottom + 1) for r in runs.get(row, [])], JOIN * m.char)
        ruled = [row for row in range(top, bottom + 1) if row in runs]
        if len(ruled) > 2 * thin + 1:
            continue                                             # as thick as a line of text
        length = sum(x1 - x0 for x0, x1 in band_runs)
        beside = [ink.ink(top - side, top - 1, x0, x1) + ink.ink(bottom + 1, bottom + side, x0, x1)
                  for x0, x1 in band_runs]
        if sum(beside) > 2 * CLEAR * length * side:
            continue                                             # letters above or below: a line of text
        if any(centre - half <= bottom and top <= centre + half and _overlaps(w.box, band_runs)
               for w, centre, half in text):
            continue                                             # ink of a word of text
        rules.append((top, bottom, band_runs))
    return rules


def erase_rules(image: Image.Image, ink: Ink, rules: list[Rule], m: Measures) -> Image.Image:
    """The page without its rules (and the joints `+` of a grid table's), for a second read."""
    return ink.erased(rules, max(2, round(ERASE_HEIGHT * m.height)), ERASE_CHARS * m.char, m.slope)


def with_rules(words: tuple[Word, ...], rules: list[Rule], m: Measures, width: int) -> tuple[Word, ...]:
    """The page's words (read without its rules) with each rule as a word of dashes on its own
    line, before the first line below it that it spans (module docstring)."""
    centre_x = width / 2
    line_centre: dict[int, float] = {}
    for word in words:
        line_centre.setdefault(word.line, m.projected(word, centre_x))
    next_line = max((w.line for w in words), default=-1) + 1
    out = list(words)
    for k, (top, bottom, runs) in enumerate(sorted(rules, key=lambda r: r[0], reverse=True)):  # bottom up
        row = (top + bottom) / 2
        below = next((i for i, w in enumerate(out) if not w.rule and line_centre[w.line] > row
                      and _overlaps(w.box, runs)), len(out))
        while 0 < below < len(out) and out[below - 1].line == out[below].line:
            below -= 1                                           # before the whole line, not inside it
        block = out[below].block if below < len(out) else (out[-1].block if out else 0)
        dashes = []
        for x0, x1 in runs:
            y = round(row + ((x0 + x1) / 2 - centre_x) * m.slope)
            dashes.append(Word("-" * max(3, round((x1 - x0) / m.char)), (x0, y - 1, x1, y + 2), 1.0, block,
                               next_line + k, rule=True))
        out[below:below] = dashes
    return tuple(out)
