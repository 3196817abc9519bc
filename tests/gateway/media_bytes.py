"""Images and PDFs for the media tests, drawn with Pillow in a Debian font (fonts-dejavu-core).

`text_image` draws lines of text and returns the image and each word's box as drawn, so a test
knows where every word is; `png`/`jpeg`/... give the bytes; `scanned_pdf` puts images on PDF
pages with no text layer (as a scanner writes them); `page_bomb_pdf` is a valid PDF of many
pages in a few hundred bytes (one page object shared through a nested page tree).
"""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
MONO = Path("/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf")  # fonts-liberation
SIZE = 28
LINE = 44
MARGIN = 60


def font(size: int = SIZE, path: Path = FONT) -> ImageFont.FreeTypeFont:
    if not path.is_file():
        raise RuntimeError(f"{path} is missing: install the apt packages fonts-dejavu-core and fonts-liberation "
                           "(make sysdeps)")
    return ImageFont.truetype(str(path), size)


def text_image(lines: list[str], width: int = 1200,
               path: Path = FONT) -> tuple[Image.Image, dict[str, tuple[int, int, int, int]]]:
    """Lines drawn black on white in the font at `path`; the box of every word (`x1`/`y1`
    exclusive), keyed by the word."""
    face = font(path=path)
    image = Image.new("L", (width, 2 * MARGIN + LINE * max(len(lines), 1)), 255)
    draw = ImageDraw.Draw(image)
    boxes: dict[str, tuple[int, int, int, int]] = {}
    for row, line in enumerate(lines):
        y = MARGIN + row * LINE
        draw.text((MARGIN, y), line, font=face, fill=0)
        x = MARGIN
        for word in line.split(" "):
            left, top, right, bottom = draw.textbbox((x, y), word, font=face)
            boxes.setdefault(word, (left, top, right, bottom))
            x += face.getlength(word + " ")
    return image, boxes


def encode(image: Image.Image, fmt: str, **params) -> bytes:
    out = io.BytesIO()
    image.save(out, format=fmt, **params)
    return out.getvalue()


def png(image: Image.Image) -> bytes:
    return encode(image, "PNG")


def scanned_pdf(images: list[Image.Image], resolution: float = 150.0) -> bytes:
    """Image-only pages, one per image, at `resolution` dpi (no text layer)."""
    first, *rest = [im.convert("L") for im in images]
    return encode(first, "PDF", save_all=True, append_images=rest, resolution=resolution)


def page_bomb_pdf(levels: int = 4, fanout: int = 10) -> bytes:
    """A valid PDF of fanout ** levels pages in a few hundred bytes: each page-tree node lists
    the node below it `fanout` times, down to one shared page."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    count = fanout ** levels
    for level in range(levels):  # objects 2 .. levels + 1: page-tree nodes, root first
        below = level + 3
        kids = " ".join([f"{below} 0 R"] * fanout)
        parent = f" /Parent {level + 1} 0 R" if level else ""
        objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {count // fanout ** level}{parent} >>".encode())
    objects.append(f"<< /Type /Page /Parent {levels + 1} 0 R /MediaBox [0 0 612 792] >>".encode())
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def blank_png(width: int, height: int) -> bytes:
    """A white image of width x height pixels; compresses to a few hundred KB even at 100 MP."""
    return encode(Image.new("1", (width, height), 1), "PNG", optimize=False)
