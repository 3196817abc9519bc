"""Tokenization and prompt layout per family (contract 12.1).

Trunk = fixed system/user prefix + rendered context + "\\n". The three pieces are tokenized
SEPARATELY, so no token can straddle the prefix/context or context/suffix boundary, and the
context is tokenized with `split_special_tokens=True`, so a context that contains
"<|im_start|>" stays plain text and cannot open a turn. Offsets come from the fast tokenizer's
offset mapping: code-point `[start, end)` into the rendered context (byte-level BPE can give two
tokens the same offsets when they split one multi-byte character).

Fork text (`encode_fork`) continues the trunk: tokenized alone, no special tokens.
`generation_opener()` closes the user turn and opens the assistant turn.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch


@dataclass(frozen=True)
class ChatLayout:
    """A family's chat markup (ChatML for SmolLM2)."""
    system: str
    prefix_template: str        # formatted with {system}
    suffix: str                 # after the context, still inside the user turn
    generation_opener: str      # closes the user turn, opens the assistant's
    eos_tokens: tuple[str, ...]


SMOLLM2_CHAT = ChatLayout(
    system="You are deg. Read the context, then answer each question about it.",
    prefix_template="<|im_start|>system\n{system}<|im_end|>\n<|im_start|>user\n",
    suffix="\n",
    generation_opener="<|im_end|>\n<|im_start|>assistant\n",
    eos_tokens=("<|im_end|>",),
)
CHAT_LAYOUTS = {"llama": SMOLLM2_CHAT}


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
        self._prefix = self._encode(chat.prefix_template.format(system=chat.system), special=True)
        self._suffix = self._encode(chat.suffix, special=True)
        self._opener = self._encode(chat.generation_opener, special=True)
        unk = tokenizer.unk_token_id
        ids = [tokenizer.convert_tokens_to_ids(t) for t in chat.eos_tokens]
        if any(i is None or (i == unk and t != tokenizer.unk_token) for i, t in zip(ids, chat.eos_tokens)):
            raise ValueError(f"tokenizer lacks an end-of-turn token among {chat.eos_tokens}")
        self.eos_ids: tuple[int, ...] = tuple(ids)

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
