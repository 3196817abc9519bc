"""The generate phase (contract 7.3, 12.3): every x-generate row of a request decodes together.

Each row forks the trunk extended by the KNOWN VALUES block, with only its own header, and
decodes under its limits (`constrain.TextLimits`): the argmax when it is admissible, else the
next candidates in logit order among the top `TOP_K` (sampled order with `temperature > 0`,
from a per-field stream seeded by `(seed, pointer)`). EOS is admissible only once the text is
complete; other special tokens (`<|im_start|>`, `<|endoftext|>`, ...) never are: they are
markup, not text.

Beyond the contract's top-`TOP_K` walk: when none of those candidates is admissible (a
pattern asking for a character the model ranks low), the rest of the vocabulary is walked in
the same order before giving up, so the promise that a valid output exists by construction
holds whenever any token can continue the text. This is a rare fallback and changes nothing
when the top `TOP_K` hold an admissible token.

Admissibility is judged on bytes (`tokenbytes`): a token may end inside a multi-byte
character only if a character of that width could stand there, and bytes that can never form
a character are refused, so the text is always valid UTF-8 when it ends.

Rows are independent: a row's logits never depend on the other rows (fixed-tile decode
steps), and its sampling stream is its own, so a field's text is the same alone or beside
other generate fields. Rows of several requests (`fill_many`) decode in the same steps: each
row carries the prefix state it continues (its request's trunk + KNOWN VALUES) and its
request's sampling options, and a row that cannot continue fails only its own request.
Generate rows run the base model: no LoRA adapters on their fork or decode steps (contract 12.7).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

import torch

from deg.errors import FillError
from deg.plan import FieldPlan

from ..state import State
from .constrain import TextLimits
from .tokenbytes import read_utf8, token_bytes

TOP_K = 256


@dataclass
class GenerateRow:
    field: FieldPlan
    pointer: str
    ids: torch.Tensor        # [n] header tokens (ends with the assistant-turn opener)
    budget: int              # max tokens, EOS included
    prefix: State | None = None      # the state the row continues (trunk + KNOWN VALUES of its request)
    temperature: float = 0.0         # its request's sampling options
    seed: int | None = None
    group: int = 0                   # its request: a failing row fails every row of its group


def _stream(seed: int, pointer: str) -> torch.Generator:
    digest = hashlib.sha256(f"{seed}\x00{pointer}".encode()).digest()
    gen = torch.Generator()
    gen.manual_seed(int.from_bytes(digest[:8], "little") & ((1 << 63) - 1))
    return gen


# One representative character of each UTF-8 width past ASCII (2, 3 and 4 bytes).
_WIDE_CHARS = {2: "\u00e9", 3: "\u4e00", 4: "\U0001f600"}


def _visible(text: str) -> str:
    # A byte-level BPE prefix can end inside a multi-byte character; judge the complete part.
    return text.rstrip("\ufffd")


class _Decoder:
    def __init__(self, row: GenerateRow, tokenizer, eos_ids: tuple[int, ...], temperature: float, seed):
        self.row, self.tok, self.eos = row, tokenizer, set(eos_ids)
        self.markup = set(getattr(tokenizer, "all_special_ids", ())) - self.eos
        self.limits = TextLimits.from_constraints(row.field.constraints)
        self.temperature = temperature
        self.gen = _stream(seed, row.pointer) if temperature > 0 else None
        self.ids: list[int] = []
        self.done = False
        self.text = ""
        self.table = token_bytes(tokenizer)      # None: not byte-level, judge decoded text
        self.data = b""

    def _decode(self, ids: list[int]) -> str:
        return self.tok.decode(ids, skip_special_tokens=False, clean_up_tokenization_spaces=False)

    def _pending(self) -> bool:
        if self.table is not None:
            return read_utf8(self.data)[1] > 0
        return _visible(self.text) != self.text

    def admissible(self, token: int) -> bool:
        if token in self.eos:
            return not self._pending() and self.limits.complete(self.text)
        if token in self.markup:
            return False
        if self.table is not None:
            read = read_utf8(self.data + self.table[token])
            if read is None:
                return False                   # bytes that can never form a character
            text, width = read
            if width:
                # The token ends inside a character later tokens complete: admit it only if a
                # character of that width could stand there.
                return self.limits.viable(text + _WIDE_CHARS[width])
            return self.limits.viable(text)
        text = self._decode(self.ids + [token])
        visible = _visible(text)
        if "\ufffd" in visible or len(text) - len(visible) > 3:
            # Bytes that can no longer form a character: never valid text.
            return False
        if visible != text:
            # The token ends inside a multi-byte character that later tokens complete. Admit
            # it only if some character of that width could stand there; otherwise a
            # `[a-z]+` field could start a character no continuation can make valid.
            return any(self.limits.viable(visible + c) for c in _WIDE_CHARS.values())
        return self.limits.viable(visible)

    def order(self, logits: torch.Tensor) -> list[int]:
        """Every token id in candidate order: logit order (stable, so ties go to the lower id),
        or with sampling the top `TOP_K` in sampled order, then the rest in logit order."""
        ranked = torch.sort(logits.to(torch.float32), descending=True, stable=True).indices   # [V]
        if self.gen is None:
            return ranked.tolist()
        top = ranked[:TOP_K]
        probs = torch.softmax(logits.to(torch.float64)[top] / self.temperature, -1)
        # One draw per step from this field's own stream: its text is the same in any batch.
        perm = torch.multinomial(probs, probs.shape[0], replacement=False, generator=self.gen)
        return top[perm].tolist() + ranked[TOP_K:].tolist()

    def choose(self, logits: torch.Tensor) -> int:
        if self.gen is None:
            best = int(torch.argmax(logits))
            if self.admissible(best):
                return best
        for token in self.order(logits):
            if self.admissible(token):
                return token
        raise FillError(f"{self.row.pointer}: no token can continue {self.text!r} within its limits "
                        f"after {len(self.ids)} tokens")

    def push(self, token: int) -> None:
        self.ids.append(token)
        if token in self.eos:
            self.done = True
            return
        if self.table is not None:
            self.data += self.table[token]
            self.text = self.data.decode("utf-8", errors="replace")
        else:
            self.text = self._decode(self.ids)
        if len(self.ids) >= self.row.budget:
            # Out of budget: the text must already be valid (generated_tokens then has no EOS).
            if self._pending() or not self.limits.complete(self.text):
                raise FillError(f"{self.row.pointer}: {self.row.budget} tokens were not enough for a "
                                f"value meeting its limits ({self.text!r})")
            self.done = True


def generate_rows(backbone, layout, rows: list[GenerateRow]) -> list[tuple[str, int] | Exception]:
    """Decode every row, rows of several requests (groups) together; returns
    (text, generated_tokens) or the group's exception per row, in row order.

    A decoder failure (no admissible token, budget exhausted) drops only its group's rows;
    the others decode on unchanged (rows are independent). If the backbone fails on the shared
    batch, each group is decoded again on its own, so only the group that fails gets it."""
    if not rows:
        return []
    try:
        return _decode_together(backbone, layout, rows)
    except Exception as exc:          # noqa: BLE001 - isolated per group below
        groups = sorted({r.group for r in rows})
        if len(groups) == 1:
            return [exc] * len(rows)
    out: list = [None] * len(rows)
    for g in groups:
        members = [k for k, r in enumerate(rows) if r.group == g]
        for k, result in zip(members, generate_rows(backbone, layout, [rows[k] for k in members])):
            out[k] = result
    return out


def _decode_together(backbone, layout, rows: list[GenerateRow]) -> list[tuple[str, int] | Exception]:
    if any(r.prefix is None for r in rows):
        raise ValueError("every GenerateRow needs the prefix state it continues")
    decoders = [_Decoder(r, backbone.tokenizer, layout.eos_ids, r.temperature, r.seed) for r in rows]
    failed: dict[int, Exception] = {}                      # group -> its exception
    out = backbone.fork_many([(r.prefix, [r.ids]) for r in rows], keep=True)
    last = (out.lengths - 1).tolist()
    logits = backbone.logits(out.at(list(range(len(rows))), last))          # [rows, V]
    fork_state = out.state
    active = list(range(len(rows)))
    while active:
        chosen: dict[int, int] = {}
        for k, i in enumerate(active):
            group = rows[i].group
            if group in failed:
                continue
            try:
                token = decoders[i].choose(logits[k])
                decoders[i].push(token)
                chosen[i] = token
            except Exception as exc:          # noqa: BLE001 - fails only its own group
                failed[group] = exc
        keep = [k for k, i in enumerate(active)
                if rows[i].group not in failed and not decoders[i].done]
        if not keep:
            break
        if len(keep) != len(active):
            fork_state = fork_state.select(keep)
        active = [active[k] for k in keep]
        next_ids = torch.tensor([chosen[i] for i in active], dtype=torch.long)
        logits = backbone.decode_step(fork_state, next_ids)
    return [failed[r.group] if r.group in failed else (d.text, len(d.ids)) for r, d in zip(rows, decoders)]
