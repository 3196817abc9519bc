"""Fixed-pitch pages: the character grid their words sit on, and the spaces typed between them.

In a fixed-pitch font every character, the space included, takes one cell of the same width,
so how far apart two words are says how many spaces were typed between them, whatever glyphs
stand at their ends. The gap between the words' boxes does not: a `.` or `:` is drawn in the
middle of its cell and a `/` or `d` near its left edge, so `https:` + `//www.walter.` + `de`
(no space typed) can show gaps wider than a typed space between two letters, and OCR splits
such a run into words. Their left edges, though, lie on the grid within a fraction of a cell.

- The pitch: the cell width at which the left edges of the words of each line line up best on
  one grid, searched from `LOW` to `HIGH` times the page's measured character width (box width
  / characters, which a glyph's side bearings make a little less than the pitch), first in
  steps of 1/`STEPS` of it and then `REFINE` times finer around the best. "Line up": per line,
  the words' left edges as phases `exp(2 pi i x0 / pitch)`; the page's coherence is
  `sum_lines(|sum_words phase|^2 - n) / sum_lines(n (n - 1))`, 1 when every edge lies on the
  grid and about 0 when the edges fall anywhere (a proportional font).
- A page is fixed-pitch when its coherence at that pitch is at least `FIXED_PITCH`, measured on
  at least `MIN_PAIRS` pairs of words sharing a line (lines of `MIN_WORDS` or more words).
  (Measured on two sets of rendered pages, 80 documents in five fonts: Liberation Mono pages
  read 0.66-0.95, proportional ones 0.06-0.37.)
- A word's cell: per line, the grid's phase is the angle of the summed phases of all its
  words; a word sits in cell `round((x0 - phase) / pitch)`. The spaces between two words of a
  line are the cells between them less the first word's characters.

numpy; the same boxes give the same grid.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from gateway.media.layout import Word

LOW, HIGH = 0.85, 1.5   # the pitch is searched between these multiples of the measured character width
STEPS = 800             # coarse steps of the search per character width
REFINE = 10             # the fine search: this many times finer, around the coarse best
FIXED_PITCH = 0.5       # coherence from which a page is taken as fixed-pitch
MIN_WORDS = 3           # lines of this many words measure the grid
MIN_PAIRS = 100         # word pairs (within lines) needed to decide: fewer can line up by chance


@dataclass(frozen=True)
class Grid:
    pitch: float                 # pixels per cell
    phases: dict[int, float]     # per line: the grid's offset in pixels

    def cell(self, word: "Word") -> int:
        return round((word.box[0] - self.phases[word.line]) / self.pitch)

    def spaces(self, previous: "Word", word: "Word") -> int:
        """Cells between two words of a line, less the first word's characters (negative where
        OCR read more characters than the cells hold)."""
        return self.cell(word) - self.cell(previous) - len(previous.text)


def _coherence(lines: list[np.ndarray], pitches: np.ndarray) -> np.ndarray:
    total = np.zeros(len(pitches))
    for xs in lines:  # xs: (n,) left edges; phases: (pitches, n)
        summed = np.exp(2j * np.pi * xs[None, :] / pitches[:, None]).sum(axis=1)
        total += np.abs(summed) ** 2 - len(xs)
    return total / sum(len(xs) * (len(xs) - 1) for xs in lines)


def find_grid(words: Sequence["Word"], char: float) -> Grid | None:
    """The page's character grid when it is fixed-pitch (module docstring), else None."""
    if char <= 0:
        return None
    by_line: dict[int, list[float]] = {}
    for word in words:
        if not word.rule:
            by_line.setdefault(word.line, []).append(float(word.box[0]))
    lines = [np.array(xs) for xs in by_line.values() if len(xs) >= MIN_WORDS]
    if sum(len(xs) * (len(xs) - 1) for xs in lines) < MIN_PAIRS:
        return None
    step = char / STEPS
    coarse = LOW * char + step * np.arange(round((HIGH - LOW) * STEPS))
    best = float(coarse[int(np.argmax(_coherence(lines, coarse)))])
    fine = best + (step / REFINE) * np.arange(-REFINE, REFINE + 1)
    scores = _coherence(lines, fine)
    if float(scores.max()) < FIXED_PITCH:
        return None
    pitch = float(fine[int(np.argmax(scores))])
    phases = {}
    for line, xs in by_line.items():
        summed = np.exp(2j * np.pi * np.array(xs) / pitch).sum()
        phases[line] = math.atan2(summed.imag, summed.real) / (2 * math.pi) * pitch
    return Grid(pitch, phases)
