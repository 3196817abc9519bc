"""Media bytes in: base64 and data URLs decoded, the type checked against the bytes, images opened.

Nothing here fetches anything: a media item is its bytes, in the request.

- `decode_base64(data, where, max_bytes)`: the size limit is checked on the base64 length
  before decoding (413), then strict base64 (ASCII whitespace, as in wrapped lines, is
  allowed); anything else is a 422.
- `parse_data_url(url, where)`: `data:<type>;base64,<data>` -> (type, data); any other URL is
  a 422 saying deg fetches nothing.
- `check_type(raw, declared, where)`: the bytes must be what the request says (PNG, JPEG,
  TIFF, WebP or PDF by their signatures); a text file named `.png` is a 422 that says so.
- `open_frames(raw, kind, where, settings)`: the image's pages (TIFF frames; one for the
  others), their pixel count checked from the header before a pixel is decoded (413), each
  decoded in full (a truncated or corrupt file is a 422 naming the decoder's complaint), EXIF
  orientation applied (boxes are in pixels of the upright image, as browsers show it), and
  converted to 8-bit grey or RGB over white.
"""
from __future__ import annotations

import base64
import binascii
import io
import re
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

from gateway.media.errors import invalid, too_large
from gateway.media.settings import MediaSettings

IMAGE_TYPES = {"image/png": "PNG", "image/jpeg": "JPEG", "image/tiff": "TIFF", "image/webp": "WEBP"}
PDF_TYPE = "application/pdf"
MEDIA_TYPES = (*IMAGE_TYPES, PDF_TYPE)
NAMES = {"image/png": "a PNG", "image/jpeg": "a JPEG", "image/tiff": "a TIFF", "image/webp": "a WebP",
         PDF_TYPE: "a PDF"}
_WHITESPACE = re.compile(rb"[ \t\r\n]+")
_DATA_URL = re.compile(r"^data:([A-Za-z0-9.+-]+/[A-Za-z0-9.+-]+)(;[^,;]+=[^,;]*)*;base64,", re.IGNORECASE)

# The gateway's own pixel limit decides (checked from the header, before decoding); Pillow's
# global warning for large images would only repeat it in the log.
warnings.filterwarnings("ignore", category=Image.DecompressionBombWarning)


def decode_base64(data: str, where: str, max_bytes: int) -> bytes:
    estimated = len(data) * 3 // 4
    if estimated > max_bytes + 3:
        raise too_large(f"{where} is about {estimated} bytes; at most {max_bytes} are read (DEG_MEDIA_MAX_BYTES)",
                        where)
    try:
        raw = base64.b64decode(_WHITESPACE.sub(b"", data.encode("ascii")), validate=True)
    except (UnicodeEncodeError, binascii.Error, ValueError) as exc:
        raise invalid(f"{where} is not valid base64: {exc}", where) from None
    if len(raw) > max_bytes:
        raise too_large(f"{where} is {len(raw)} bytes; at most {max_bytes} are read (DEG_MEDIA_MAX_BYTES)", where)
    if not raw:
        raise invalid(f"{where} is empty", where)
    return raw


def parse_data_url(url: str, where: str) -> tuple[str, str]:
    """(media type, base64 data) of a `data:` URL."""
    match = _DATA_URL.match(url)
    if match is None:
        scheme = url.split(":", 1)[0][:20] if ":" in url else "no scheme"
        raise invalid(f"{where} must be a base64 data URL (data:image/png;base64,...); deg fetches nothing "
                      f"from the network, got a {scheme!r} URL", where)
    return match.group(1).lower(), url[match.end():]


def sniff(raw: bytes) -> str | None:
    """The media type the bytes' signature says, or None."""
    if raw.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if raw.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if raw.startswith((b"II*\x00", b"MM\x00*")):
        return "image/tiff"
    if raw[:4] == b"RIFF" and raw[8:12] == b"WEBP":
        return "image/webp"
    if b"%PDF-" in raw[:1024]:  # readers search the first KiB for the header
        return PDF_TYPE
    return None


def describe(raw: bytes) -> str:
    found = sniff(raw)
    if found is not None:
        return NAMES[found]
    head = raw[:24]
    try:
        text = head.decode("utf-8")
        if text.isprintable() or all(c.isprintable() or c in "\r\n\t" for c in text):
            return f"not an image or PDF (it starts like text: {text!r})"
    except UnicodeDecodeError:
        pass
    return f"not an image or PDF (it starts with bytes {head[:8].hex(' ')})"


def check_type(raw: bytes, declared: str, where: str) -> None:
    if declared not in MEDIA_TYPES:
        raise invalid(f"{where} has type {declared!r}; deg reads {', '.join(MEDIA_TYPES)}", where)
    if sniff(raw) != declared:
        raise invalid(f"{where} is declared {declared} but its bytes are {describe(raw)}", where)


def frame_count(image: Image.Image) -> int:
    return getattr(image, "n_frames", 1) if image.format == "TIFF" else 1


def open_image(raw: bytes, kind: str, where: str) -> Image.Image:
    """The image opened (header read only), by the declared format's decoder alone."""
    try:
        return Image.open(io.BytesIO(raw), formats=[IMAGE_TYPES[kind]])
    except Image.DecompressionBombError as exc:
        raise too_large(f"{where}: {exc}", where) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise invalid(f"{where} cannot be read as {NAMES[kind]}: {exc}", where) from None


def stated_dpi(image: Image.Image) -> int | None:
    """The resolution the image's header states (PNG pHYs, JPEG JFIF/EXIF, TIFF), when plausible
    for a page (36..1200 dpi); None when it states none."""
    stated = image.info.get("dpi")
    try:
        dpi = round(float(stated[0]))
    except (TypeError, ValueError, IndexError):
        return None
    return dpi if 36 <= dpi <= 1200 else None


def check_pixels(width: int, height: int, where: str, max_pixels: int) -> None:
    if width * height > max_pixels:
        raise too_large(f"{where} is {width} x {height} = {width * height} pixels; at most {max_pixels} are read "
                        "(DEG_MEDIA_MAX_PIXELS)", where)
    if width < 1 or height < 1:
        raise invalid(f"{where} has no pixels ({width} x {height})", where)


def decode_frame(image: Image.Image, frame: int, where: str, settings: MediaSettings) -> Image.Image:
    """Frame `frame` decoded, upright, as 8-bit grey or RGB on white."""
    try:
        image.seek(frame)
        check_pixels(image.width, image.height, where, settings.max_pixels)
        image.load()
        upright = ImageOps.exif_transpose(image)
    except Image.DecompressionBombError as exc:
        raise too_large(f"{where}: {exc}", where) from None
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombWarning) as exc:
        raise invalid(f"{where} cannot be decoded as {NAMES.get(_kind_of(image), 'an image')}: {exc}", where) from None
    return flatten(upright)


def flatten(image: Image.Image) -> Image.Image:
    """8-bit grey or RGB; transparency composited over white (as the image reads on a page)."""
    if image.mode in ("1", "L", "RGB"):
        return image
    if image.mode in ("I;16", "I;16B", "I;16L", "I", "F"):
        low, high = image.getextrema()
        scale = 255.0 / (high - low) if high > low else 1.0
        return image.point(lambda v: (v - low) * scale).convert("L")
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        page = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(page, rgba).convert("RGB")
    return image.convert("RGB")


def _kind_of(image: Image.Image) -> str:
    return next((k for k, f in IMAGE_TYPES.items() if f == image.format), "")
