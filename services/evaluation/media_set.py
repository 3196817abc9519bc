"""The media test set: datagen records rendered to scans and photos, with the gold values' boxes.

    python -m services.evaluation media-set --out var/media-set [--n 40] [--seed 0] [--split test]

Each record's context is drawn line by line with Pillow in a font from Debian's packages
(fonts-dejavu-core, fonts-liberation: DejaVu Sans/Serif, Liberation Sans/Serif/Mono), black on
white at `RESOLUTION` dpi, and written as a PNG, a JPEG or an image-only PDF (no text layer:
pages of `PDF_LINES` lines); the variants cycle every 12 documents so every kind is seen
straight and rotated, clean and noisy:

- kind `i % 3`: png, jpeg, pdf;
- rotated when `(i // 3) % 2`: by 0.8-3 degrees either way (`Image.rotate`, expand), as a
  page fed askew;
- noisy when `(i // 6) % 2`: grey Gaussian noise blended in and dark specks, as a poor scan.

Gold boxes come from the drawing: a character's x range is the advance of the line's prefix
(`font.getlength`), a span's box per line is the ink box of its characters there
(`ImageDraw.textbbox`), mapped through the same rotation; a span over several lines has one box
per line and their union. Boxes are `[x0, y0, x1, y1]` pixels of the file as written (`x1`/`y1`
exclusive); for a PDF, pixels of its pages at `RESOLUTION` dpi (the evaluation scales them to
the gateway's reading dpi). Only records whose context fits (`MAX_CHARS`, `MAX_LINE`) and that
copy at least one span are used; the same arguments write the same files.

`manifest.jsonl` holds, per document: `uid`, `domain`, `file`, `type`, `font`, `rotation`,
`noisy`, `resolution`, `pages`, `gold` ({pointer: {page, box, boxes}}) and the whole record.
"""
from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = {
    "DejaVuSans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "DejaVuSerif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "LiberationSans": "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "LiberationSerif": "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "LiberationMono": "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
}
KINDS = (("png", "image/png"), ("jpeg", "image/jpeg"), ("pdf", "application/pdf"))
RESOLUTION = 200        # dpi the pages are drawn at
PAGE_WIDTH = 1700       # px: 8.5 in at 200 dpi
MARGIN = 100
FONT_SIZE = 27          # px at 200 dpi: about 10 pt
PDF_LINES = 32          # lines per PDF page
MAX_CHARS = 3000
MAX_LINE = 100
INSTALL = "install the apt packages fonts-dejavu-core and fonts-liberation (make sysdeps)"


@dataclass
class Page:
    image: Image.Image
    rows: list[tuple[int, int, int]]   # (context offset of the line, its length, y of the line) per drawn line


def usable(record: dict[str, Any]) -> bool:
    lines = record["context"].split("\n")
    return bool(record.get("spans")) and len(record["context"]) <= MAX_CHARS and max(map(len, lines)) <= MAX_LINE


def font_for(name: str, lines: list[str]) -> ImageFont.FreeTypeFont:
    path = Path(FONTS[name])
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: {INSTALL}")
    size = FONT_SIZE
    face = ImageFont.truetype(str(path), size)
    widest = max((face.getlength(line) for line in lines), default=0.0)
    if widest > PAGE_WIDTH - 2 * MARGIN:  # shrink until the longest line fits the page
        size = int(size * (PAGE_WIDTH - 2 * MARGIN) / widest)
        face = ImageFont.truetype(str(path), size)
    return face


def draw_pages(context: str, face: ImageFont.FreeTypeFont, lines_per_page: int | None) -> list[Page]:
    """The context's lines drawn on pages; every line's context offset and y kept."""
    lines = context.split("\n")
    height = round(face.size * 1.5)
    per_page = lines_per_page or len(lines)
    pages: list[Page] = []
    offset = 0
    for first in range(0, len(lines), per_page):
        chunk = lines[first:first + per_page]
        image = Image.new("L", (PAGE_WIDTH, 2 * MARGIN + height * len(chunk)), 255)
        draw = ImageDraw.Draw(image)
        rows = []
        for row, line in enumerate(chunk):
            y = MARGIN + row * height
            draw.text((MARGIN, y), line.replace("\t", " "), font=face, fill=0)
            rows.append((offset, len(line), y))
            offset += len(line) + 1
        pages.append(Page(image, rows))
    return pages


def span_boxes(pages: list[Page], face: ImageFont.FreeTypeFont, context: str, start: int,
               end: int) -> tuple[int, list[list[int]]]:
    """(page index, one ink box per line) of the context span `[start, end)`, on its first page."""
    scratch = ImageDraw.Draw(Image.new("L", (1, 1)))
    for index, page in enumerate(pages):
        boxes = []
        for line_start, length, y in page.rows:
            a, b = max(start, line_start), min(end, line_start + length)
            text = context[a:b]
            if a >= b or not text.strip():
                continue
            lead = len(text) - len(text.lstrip())
            line = context[line_start:line_start + length]
            x = MARGIN + face.getlength(line[:a - line_start + lead])
            left, top, right, bottom = scratch.textbbox((x, y), text.strip(), font=face)
            boxes.append([math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom)])
        if boxes:
            return index, boxes
    raise ValueError(f"span [{start}, {end}) is not on any page")


def rotate(image: Image.Image, angle: float) -> tuple[Image.Image, Any]:
    """The image rotated counter-clockwise by `angle` degrees (expanded), and the map of a point."""
    turned = image.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=255)
    theta = math.radians(angle)
    cx, cy, nx, ny = image.width / 2, image.height / 2, turned.width / 2, turned.height / 2

    def move(x: float, y: float) -> tuple[float, float]:
        dx, dy = x - cx, y - cy
        return dx * math.cos(theta) + dy * math.sin(theta) + nx, -dx * math.sin(theta) + dy * math.cos(theta) + ny

    return turned, move


def moved_box(box: list[int], move: Any) -> list[int]:
    corners = [move(x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return [math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys))]


def add_noise(image: Image.Image, rng: random.Random) -> Image.Image:
    noise = Image.effect_noise(image.size, 48).filter(ImageFilter.GaussianBlur(0.6))
    noisy = Image.blend(image, noise, 0.18)
    draw = ImageDraw.Draw(noisy)
    for _ in range(image.width * image.height // 1500):  # dark specks
        x, y = rng.randrange(image.width), rng.randrange(image.height)
        draw.point((x, y), fill=rng.randrange(0, 90))
    return noisy


def union(boxes: list[list[int]]) -> list[int]:
    return [min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)]


def render_record(record: dict[str, Any], index: int, seed: int, out_dir: Path) -> dict[str, Any]:
    """Write one document (module docstring) and return its manifest entry."""
    rng = random.Random(f"{seed}:{index}:{record['uid']}")
    suffix, kind = KINDS[index % 3]
    rotated, noisy = bool((index // 3) % 2), bool((index // 6) % 2)
    font_name = list(FONTS)[index % len(FONTS)]
    context = record["context"]
    face = font_for(font_name, context.split("\n"))
    pages = draw_pages(context, face, PDF_LINES if suffix == "pdf" else None)
    angle = round(rng.uniform(0.8, 3.0) * rng.choice((-1, 1)), 2) if rotated else 0.0
    moves = []
    for page in pages:
        move = None
        if angle:
            page.image, move = rotate(page.image, angle)
        if noisy:
            page.image = add_noise(page.image, rng)
        moves.append(move)
    gold = {}
    for pointer, (start, end) in record["spans"].items():
        number, boxes = span_boxes(pages, face, context, start, end)
        if moves[number] is not None:
            boxes = [moved_box(box, moves[number]) for box in boxes]
        gold[pointer] = {"page": number + 1, "box": union(boxes), "boxes": boxes}
    name = f"{index:03d}-{record['uid']}.{suffix}"
    path = out_dir / "docs" / name
    images = [page.image for page in pages]
    if suffix == "pdf":
        images[0].save(path, format="PDF", save_all=True, append_images=images[1:], resolution=RESOLUTION)
    elif suffix == "jpeg":
        images[0].save(path, format="JPEG", quality=88, dpi=(RESOLUTION, RESOLUTION))
    else:
        images[0].save(path, format="PNG", dpi=(RESOLUTION, RESOLUTION))
    return {"uid": record["uid"], "domain": record["domain"], "file": f"docs/{name}", "type": kind,
            "font": font_name, "rotation": angle, "noisy": noisy, "resolution": RESOLUTION, "pages": len(pages),
            "gold": gold, "record": record}


def make_media_set(out_dir: Path, n: int = 40, seed: int = 0, split: str = "test") -> list[dict[str, Any]]:
    """Render the first `n` usable records of `split` (datagen `seed`) under `out_dir`."""
    from degdata import generate  # faker and every domain: loaded only when a set is made

    out_dir = Path(out_dir)
    (out_dir / "docs").mkdir(parents=True, exist_ok=True)
    entries: list[dict[str, Any]] = []
    wanted = 2 * n
    while True:
        records = [r for r in generate(seed, wanted, split=split) if usable(r)]
        if len(records) >= n or wanted >= 64 * n:
            break
        wanted *= 2
    if len(records) < n:
        raise ValueError(f"only {len(records)} of {wanted} {split} records fit a page; ask for fewer")
    for index, record in enumerate(records[:n]):
        entries.append(render_record(record, index, seed, out_dir))
    with (out_dir / "manifest.jsonl").open("w", encoding="utf-8") as manifest:
        for entry in entries:
            manifest.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
    return entries
