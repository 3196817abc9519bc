"""Exact UTF-8 bookkeeping for constrained decoding over a byte-level BPE vocabulary.

A byte-level token can end in the middle of a multi-byte character, or hold bytes that can
never start one. Judging such a token by its `decode()` text (with U+FFFD stand-ins) cannot
tell a character still being written from garbage, so the decoder tracks raw bytes instead:

- `token_bytes(tokenizer)`: every token's bytes, from the GPT-2 byte-to-unicode alphabet the
  token strings are written in; None when the vocabulary is not byte-level (the caller then
  judges decoded text);
- `read_utf8(data)`: the complete characters of `data` and the width of the character its
  trailing bytes have begun, or None when the bytes are not a valid UTF-8 prefix.
"""
from __future__ import annotations

import codecs
from functools import lru_cache


@lru_cache(maxsize=1)
def _byte_alphabet() -> dict[str, int]:
    """GPT-2's reversible map: printable bytes stand for themselves, the rest move to 256+."""
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    chars = keep[:]
    extra = 0
    for b in range(256):
        if b not in keep:
            keep.append(b)
            chars.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(keep, chars)}


_TABLES: dict[int, list[bytes] | None] = {}


def token_bytes(tokenizer) -> list[bytes] | None:
    """Bytes of every token id (special tokens as their text), or None if not byte-level."""
    key = id(tokenizer)
    if key in _TABLES:
        return _TABLES[key]
    table = None
    convert = getattr(tokenizer, "convert_ids_to_tokens", None)
    if convert is not None:
        alphabet = _byte_alphabet()
        special = set(getattr(tokenizer, "all_special_ids", ()))
        pieces = convert(list(range(len(tokenizer))))
        table = []
        for token_id, piece in enumerate(pieces):
            if token_id in special:
                table.append(str(piece).encode("utf-8"))
            elif piece is not None and all(ch in alphabet for ch in piece):
                table.append(bytes(alphabet[ch] for ch in piece))
            else:
                table = None
                break
    _TABLES[key] = table
    return table


def read_utf8(data: bytes) -> tuple[str, int] | None:
    """(complete text, width of the pending character or 0), or None for invalid UTF-8."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    try:
        text = decoder.decode(data, final=False)
    except UnicodeDecodeError:
        return None
    pending = decoder.getstate()[0]
    if not pending:
        return text, 0
    lead = pending[0]
    return text, 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
