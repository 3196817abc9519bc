"""Tokenization and prompt layout per family (contract 12.1).

Trunk = fixed system/user prefix + rendered context + "\\n". The three pieces are tokenized
SEPARATELY, so no token can straddle the prefix/context or context/suffix boundary, and the
context is tokenized with `split_special_tokens=True`, so a context that contains
"<|im_start|>" stays plain text and cannot open a turn. Offsets come from the fast tokenizer's
offset mapping: code-point `[start, end)` into the rendered context (byte-level BPE can give two
tokens the same offsets when they split one multi-byte character).

Fork text (`encode_fork`) continues the trunk: tokenized alone, no special tokens.
`generation_opener()` closes the user turn and opens the assistant turn.

Layouts per family (contract 12.8): `llama` (SmolLM2) and `qwen3.5` are ChatML, Qwen3.5's
assistant turn opening with an empty `<think>` block (thinking off, as its template writes it);
`lfm2` is ChatML after a `<|startoftext|>` BOS, pads with `<|pad|>` and has no thinking block.
Every markup, end-of-turn and pad token a layout names must be ONE token of the tokenizer, so a
tokenizer of another family fails at construction instead of spelling markup as plain text.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch


@dataclass(frozen=True)
class ChatLayout:
    """A family's chat markup: ChatML for all three, with family-specific edges."""
    system: str
    prefix_template: str        # formatted with {system}; starts with the BOS token where the family has one
    suffix: str                 # after the context, still inside the user turn
    generation_opener: str      # closes the user turn, opens the assistant's
    eos_tokens: tuple[str, ...]
    pad_token: str | None = None                       # the family's padding token, when it names one
    markup_tokens: tuple[str, ...] = ("<|im_start|>", "<|im_end|>")   # must each be ONE token

    def required_tokens(self) -> tuple[str, ...]:
        """Every token the layout relies on being a single vocabulary entry."""
        extra = (self.pad_token,) if self.pad_token else ()
        return tuple(dict.fromkeys(self.markup_tokens + self.eos_tokens + extra))


SYSTEM = "You are deg. Read the context, then answer each question about it."
_CHATML_PREFIX = "<|im_start|>system\n{system}<|im_end|>\n<|im_start|>user\n"

SMOLLM2_CHAT = ChatLayout(
    system=SYSTEM,
    prefix_template=_CHATML_PREFIX,
    suffix="\n",
    generation_opener="<|im_end|>\n<|im_start|>assistant\n",
    eos_tokens=("<|im_end|>",),
)
# Qwen3.5 (contract 12.8): ChatML; the assistant turn opens with an EMPTY think block, which is
# how its chat template spells "thinking off", so generated text is the answer itself.
QWEN35_CHAT = ChatLayout(
    system=SYSTEM,
    prefix_template=_CHATML_PREFIX,
    suffix="\n",
    generation_opener="<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n",
    eos_tokens=("<|im_end|>",),
    pad_token="<|endoftext|>",
    markup_tokens=("<|im_start|>", "<|im_end|>", "<think>", "</think>"),
)
# LFM2 (contract 12.8): a `<|startoftext|>` BOS before ChatML (its template always emits it),
# `<|pad|>` padding, and a plain assistant turn (no thinking block).
LFM2_CHAT = ChatLayout(
    system=SYSTEM,
    prefix_template="<|startoftext|>" + _CHATML_PREFIX,
    suffix="\n",
    generation_opener="<|im_end|>\n<|im_start|>assistant\n",
    eos_tokens=("<|im_end|>",),
    pad_token="<|pad|>",
    markup_tokens=("<|startoftext|>", "<|im_start|>", "<|im_end|>"),
)
CHAT_LAYOUTS = {"llama": SMOLLM2_CHAT, "qwen3.5": QWEN35_CHAT, "lfm2": LFM2_CHAT}


@dataclass(frozen=True)
class Trunk:
    ids: torch.Tensor               # [T] int64: prefix + context + suffix
    context: str                    # the rendered context
    context_index: torch.Tensor     # [n] indices into ids of the context tokens (span-addressable)
    offsets: torch.Tensor           # [n, 2] code-point [start, end) of each context token

    @property
    def prefix_length(self) -> int:
        return int(self.context_index[0]) if self.context_index.numel() else int(self.ids.shape[0])


class PromptLayout:
    def __init__(self, tokenizer: Any, chat: ChatLayout):
        if not getattr(tokenizer, "is_fast", False):
            raise ValueError("PromptLayout needs a fast tokenizer (offset mapping)")
        self.tokenizer, self.chat = tokenizer, chat
        missing = [t for t in chat.required_tokens() if self._single_id(t) is None]
        if missing:
            raise ValueError(f"tokenizer lacks the chat token(s) {missing}: it does not match this family's "
                             f"layout (each must be one vocabulary entry)")
        self._prefix = self._encode(chat.prefix_template.format(system=chat.system), special=True)
        self._suffix = self._encode(chat.suffix, special=True)
        self._opener = self._encode(chat.generation_opener, special=True)
        self.eos_ids: tuple[int, ...] = tuple(self._single_id(t) for t in chat.eos_tokens)
        self.pad_id: int | None = self._single_id(chat.pad_token) if chat.pad_token else None

    def _single_id(self, token: str) -> int | None:
        """The id of `token` as one vocabulary entry, or None when the tokenizer lacks it."""
        tid = self.tokenizer.convert_tokens_to_ids(token)
        if tid is None or (tid == self.tokenizer.unk_token_id and token != self.tokenizer.unk_token):
            return None
        return int(tid)

    @classmethod
    def for_family(cls, family: str, tokenizer: Any) -> "PromptLayout":
        try:
            return cls(tokenizer, CHAT_LAYOUTS[family])
        except KeyError:
            raise KeyError(f"no prompt layout for family {family!r}") from None

    def _encode(self, text: str, *, special: bool) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False, split_special_tokens=not special)["input_ids"]

    def trunk(self, context: str) -> Trunk:
        enc = self.tokenizer(context, add_special_tokens=False, split_special_tokens=True,
                             return_offsets_mapping=True)
        ctx_ids = enc["input_ids"]
        ids = self._prefix + ctx_ids + self._suffix
        start = len(self._prefix)
        return Trunk(
            ids=torch.tensor(ids, dtype=torch.long),
            context=context,
            context_index=torch.arange(start, start + len(ctx_ids), dtype=torch.long),
            offsets=torch.tensor(enc["offset_mapping"], dtype=torch.long).reshape(-1, 2),
        )

    def encode_fork(self, text: str) -> torch.Tensor:
        """A fork's text as a continuation of the trunk; plain text, no special tokens parsed."""
        return torch.tensor(self._encode(text, special=False), dtype=torch.long)

    def generation_opener(self) -> torch.Tensor:
        return torch.tensor(self._opener, dtype=torch.long)
