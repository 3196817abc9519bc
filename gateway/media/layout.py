"""Words on pages -> the context text, and every character of it back to its page and box.

Pure: no IO. The reader (`gateway.media.reader`) gives each media item as pages of words in
reading order; `compose` joins them into the text the model reads and keeps, for every word,
where it sits in that text and on its page.

Joining (stated, so a span means the same thing on every run):
- words of one line: one space, or, where the gap between their boxes sets columns apart, a
  run of spaces as wide as the gap (`column_gaps`, the setting `DEG_MEDIA_COLUMN_GAPS`; off:
  always one space). Measured per page: the character width, the median of box width /
  characters over the words of `MEASURED` or more characters; the usual word gap, the median
  positive gap between consecutive words of a line, at most `USUAL_CHARS` character widths
  (on a page of one-word cells most gaps set columns apart). A gap sets columns apart when it
  is wider than `COLUMN_GAP` usual word gaps or than the usual gap plus `COLUMN_CHARS`
  character widths, whichever is less (in a fixed-pitch font the usual gap is already over a
  character wide). It then reads as `max(2, 1 + round((gap - usual gap) / character width))`
  spaces: the usual gap holds one space and every character width beyond it one more, so a
  column break always reads as two or more spaces, and in a fixed-pitch font as about as many
  as were typed. Only gaps inside a line are rebuilt: a line starts at its first word however
  far it is indented (on a page skewed a few degrees the left edge of the lines moves by
  several characters, and a second column would start each of its lines with its whole
  offset). On a fixed-pitch page (`gateway.media.pitch`: the words' left edges line up on one
  character grid) the grid says it instead: as many spaces as cells lie between the words,
  less the first word's characters, none where OCR split a run typed without one
  (`https:` `//www.walter.` `de`); where OCR read more characters than the cells hold, the gap
  rule above. The added spaces belong to no word, as no separator does;
- lines: `\\n`, or a blank line (`\\n\\n`) where the page has one: the next line's first word
  sits more than `BLANK_LINE` times the page's usual line pitch (the median) below the previous
  line's first word (centre to centre: a page skewed a few degrees moves both alike), or above
  it (a new column or region). The engine's own blocks (`Word.block`) do not decide it:
  Tesseract starts a paragraph between key-value lines set one under the other, which a
  reader sees as one block;
- pages of an item and items of a request: a blank line; pages and items without words add
  nothing;
- a text `context` sent beside the media comes first, then a blank line, then the media.

Locating a span (`MediaText.locate`): the words it overlaps, all in one item (a span that
starts in plain text or crosses into another item is not located); a word covered in part
gets the part of its box its covered characters take (character widths taken as equal).
Boxes are `[x0, y0, x1, y1]` in source pixels, `x1`/`y1` exclusive (contract section 8).
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any

from gateway.media.pitch import Grid, find_grid

Box = tuple[int, int, int, int]
WORD_GAP, LINE_GAP, BLOCK_GAP = " ", "\n", "\n\n"
BLANK_LINE = 1.5    # a line pitch over this many usual pitches holds a blank line
COLUMN_GAP = 1.4    # a gap between words of a line over this many usual word gaps sets columns apart,
COLUMN_CHARS = 0.5  # or one over the usual gap by this many character widths, whichever is less
MEASURED = 3        # words of this many characters or more measure the page's character width
USUAL_CHARS = 1.6   # the usual word gap is taken as at most this many character widths


@dataclass(frozen=True)
class Word:
    text: str
    box: Box                 # x0, y0, x1, y1 in source pixels, x1/y1 exclusive
    confidence: float        # 0..1; 1.0 for a PDF text layer
    block: int               # layout block on its page
    line: int                # line on its page (unique across the page's blocks)
    rule: bool = False       # a rule drawn on the page, read as dashes (`gateway.media.rules`)


@dataclass(frozen=True)
class Page:
    number: int              # 1-based within its item
    width: int               # source pixels
    height: int
    read: str                # "ocr" | "text_layer"
    words: tuple[Word, ...]  # reading order


@dataclass(frozen=True)
class MediaItem:
    kind: str                # the declared media type
    paged: bool              # a PDF or a multi-page TIFF: meta names the page
    pages: tuple[Page, ...]
    dpi: int | None = None   # PDFs: the resolution their pixel boxes are at


@dataclass(frozen=True)
class Placed:
    start: int
    end: int
    item: int
    page: int                # index into the item's pages
    word: Word


def line_centres(words: tuple[Word, ...]) -> tuple[dict[int, float], float]:
    """Per line, the centre height of its first word; and the page's usual (median) line pitch."""
    centres: dict[int, float] = {}
    for word in words:
        centres.setdefault(word.line, (word.box[1] + word.box[3]) / 2)
    rules = {w.line for w in words if w.rule}
    order = [centre for line, centre in centres.items() if line not in rules]  # text lines set the pitch
    pitches = sorted(b - a for a, b in zip(order, order[1:]) if b > a)
    return centres, pitches[(len(pitches) - 1) // 2] if pitches else 0.0  # the lower median


def line_gap(previous: float, current: float, usual: float) -> str:
    """`\\n`, or a blank line where the page leaves one (module docstring)."""
    pitch = current - previous
    return BLOCK_GAP if pitch < 0 or (usual > 0 and pitch > BLANK_LINE * usual) else LINE_GAP


def word_measures(words: tuple[Word, ...]) -> tuple[float, float]:
    """The page's character width and its usual word gap (module docstring); 0.0 when unknown."""
    widths = sorted((w.box[2] - w.box[0]) / len(w.text) for w in words
                    if len(w.text) >= MEASURED and w.box[2] > w.box[0] and not w.rule)
    gaps = sorted(b.box[0] - a.box[2] for a, b in zip(words, words[1:])
                  if a.line == b.line and b.box[0] > a.box[2] and not a.rule)
    char = widths[(len(widths) - 1) // 2] if widths else 0.0  # the lower medians, as for the line pitch
    usual = gaps[(len(gaps) - 1) // 2] if gaps else 0.0
    return char, min(usual, USUAL_CHARS * char)


def word_gap(previous: Word, word: Word, char: float, usual: float, grid: Grid | None = None) -> str:
    """One space, or the run of spaces a gap that sets columns apart holds; on a fixed-pitch
    page, the spaces its grid holds (module docstring)."""
    if grid is not None and not (previous.rule or word.rule):
        spaces = grid.spaces(previous, word)
        if spaces >= 0:
            return WORD_GAP * spaces
    gap = word.box[0] - previous.box[2]
    if char <= 0 or usual <= 0 or gap <= min(COLUMN_GAP * usual, usual + COLUMN_CHARS * char):
        return WORD_GAP
    return WORD_GAP * max(2, 1 + round((gap - usual) / char))


def page_text(page: Page, offset: int, item: int, index: int, placed: list[Placed],
              column_gaps: bool = True) -> str:
    """The page's words joined (module docstring); each word's place appended to `placed`."""
    parts: list[str] = []
    length = 0
    previous: Word | None = None
    centres, pitch = line_centres(page.words)
    char, usual = word_measures(page.words) if column_gaps else (0.0, 0.0)
    grid = find_grid(page.words, char) if column_gaps else None
    for word in page.words:
        if previous is not None:
            if word.line == previous.line:
                gap = word_gap(previous, word, char, usual, grid)
            else:
                gap = line_gap(centres[previous.line], centres[word.line], pitch)
            parts.append(gap)
            length += len(gap)
        placed.append(Placed(offset + length, offset + length + len(word.text), item, index, word))
        parts.append(word.text)
        length += len(word.text)
        previous = word
    return "".join(parts)


class MediaText:
    """The composed context and its word map (see the module docstring)."""

    def __init__(self, text: str, placed: list[Placed], items: tuple[MediaItem, ...],
                 spans: list[tuple[int, int]], page_spans: list[list[tuple[int, int]]]) -> None:
        self.text = text
        self.placed = placed
        self.starts = [p.start for p in placed]
        self.items = items
        self.spans = spans
        self.page_spans = page_spans

    def words_in(self, start: int, end: int) -> list[Placed]:
        """The placed words overlapping `[start, end)`, in text order."""
        first = max(bisect.bisect_right(self.starts, start) - 1, 0)
        out = []
        for placed in self.placed[first:]:
            if placed.start >= end:
                break
            if placed.end > start:
                out.append(placed)
        return out

    def locate(self, start: int, end: int) -> dict[str, Any] | None:
        """Media meta of the span `[start, end)`: media, page, box(es), OCR confidence; None when
        it is not wholly inside one media item's text."""
        words = self.words_in(start, end)
        if not words or start >= end:
            return None
        item = words[0].item
        item_start, item_end = self.spans[item]
        if not item_start <= start or end > item_end:
            return None
        page = words[0].page
        lines: dict[int, Box] = {}
        for placed in words:
            if placed.page != page:  # a span running onto the next page: located by its first page
                break
            box = _covered(placed, start, end)
            line = placed.word.line
            lines[line] = _union(lines[line], box) if line in lines else box
        boxes = list(lines.values())
        union = boxes[0]
        for box in boxes[1:]:
            union = _union(union, box)
        entry: dict[str, Any] = {"media": f"m{item}"}
        if self.items[item].paged:
            entry["page"] = self.items[item].pages[page].number
        entry["box"] = list(union)
        if len(boxes) > 1:
            entry["boxes"] = [list(box) for box in boxes]
        entry["ocr_confidence"] = min(p.word.confidence for p in words if p.page == page)
        return entry

    def summary(self) -> list[dict[str, Any]]:
        """Per item: id, type, its text's span in the context and, per page, size, how it was read
        and its text's span (what a client needs to draw the boxes)."""
        out = []
        for index, item in enumerate(self.items):
            pages = [{"page": page.number, "width": page.width, "height": page.height, "read": page.read,
                      "words": len(page.words), "span": list(self.page_spans[index][k])}
                     for k, page in enumerate(item.pages)]
            entry: dict[str, Any] = {"id": f"m{index}", "type": item.kind, "span": list(self.spans[index]),
                                     "pages": pages}
            if item.dpi is not None:
                entry["dpi"] = item.dpi
            out.append(entry)
        return out


def compose(context: str, items: tuple[MediaItem, ...] | list[MediaItem], *, column_gaps: bool = True) -> MediaText:
    """The context text followed by every item's text, and the word map (module docstring).
    `column_gaps`: rebuild the runs of spaces that set a line's columns apart (the setting
    `DEG_MEDIA_COLUMN_GAPS`); off, words of one line are joined by one space."""
    items = tuple(items)
    text = context
    placed: list[Placed] = []
    spans: list[tuple[int, int]] = []
    page_spans: list[list[tuple[int, int]]] = []
    for index, item in enumerate(items):
        item_start = None
        item_pages = []
        for k, page in enumerate(item.pages):
            gap = BLOCK_GAP if text and page.words else ""
            chunk = page_text(page, len(text) + len(gap), index, k, placed, column_gaps)
            if chunk:
                text += gap + chunk
                item_start = len(text) - len(chunk) if item_start is None else item_start
                item_pages.append((len(text) - len(chunk), len(text)))
            else:
                item_pages.append((len(text), len(text)))
        spans.append((len(text) if item_start is None else item_start, len(text)))
        page_spans.append(item_pages)
    return MediaText(text, placed, items, spans, page_spans)


def _covered(placed: Placed, start: int, end: int) -> Box:
    """The part of the word's box its characters inside `[start, end)` take."""
    x0, y0, x1, y1 = placed.word.box
    length = placed.end - placed.start
    first = max(start, placed.start) - placed.start
    last = min(end, placed.end) - placed.start
    if first == 0 and last == length:
        return placed.word.box
    width = x1 - x0
    return (x0 + (width * first) // length, y0, x0 + -(-width * last // length), y1)


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
