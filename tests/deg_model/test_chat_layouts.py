"""Chat layouts of the hybrid families (contract 12.8) on a small byte-level BPE tokenizer built
here with the families' special tokens: Qwen3.5 is ChatML with an empty think block opening
the assistant turn; LFM2 is `<|startoftext|>` + ChatML, pads with `<|pad|>`, no think block."""
from __future__ import annotations

import pytest
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import PreTrainedTokenizerFast

from deg_model.tokenize import PromptLayout

QWEN_SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<think>", "</think>"]
LFM_SPECIAL = ["<|pad|>", "<|startoftext|>", "<|endoftext|>", "<|im_start|>", "<|im_end|>"]
CORPUS = ["You are deg. Read the context, then answer each question about it.",
          "system user assistant invoice total due refund the widget arrived broken"] * 20


def bpe_tokenizer(special: list[str]) -> PreTrainedTokenizerFast:
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=400, special_tokens=special,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(CORPUS, trainer)
    return PreTrainedTokenizerFast(tokenizer_object=tok, additional_special_tokens=special)


@pytest.fixture(scope="module")
def qwen():
    tok = bpe_tokenizer(QWEN_SPECIAL)
    return tok, PromptLayout.for_family("qwen3.5", tok)


@pytest.fixture(scope="module")
def lfm():
    tok = bpe_tokenizer(LFM_SPECIAL)
    return tok, PromptLayout.for_family("lfm2", tok)


def _text(tok, ids) -> str:
    return tok.decode(ids.tolist(), skip_special_tokens=False, clean_up_tokenization_spaces=False)


def test_qwen35_trunk_and_thinking_off_generation_turn(qwen):
    tok, layout = qwen
    trunk = layout.trunk("Total $12.")
    assert _text(tok, trunk.ids) == ("<|im_start|>system\nYou are deg. Read the context, then answer each "
                                     "question about it.<|im_end|>\n<|im_start|>user\nTotal $12.\n")
    assert int(trunk.ids[0]) == tok.convert_tokens_to_ids("<|im_start|>")          # no BOS
    opener = layout.generation_opener()
    assert _text(tok, opener) == "<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n"
    for marker in ("<|im_end|>", "<|im_start|>", "<think>", "</think>"):
        assert tok.convert_tokens_to_ids(marker) in opener.tolist()                 # one token each
    assert layout.eos_ids == (tok.convert_tokens_to_ids("<|im_end|>"),)
    assert layout.pad_id == tok.convert_tokens_to_ids("<|endoftext|>")


def test_lfm2_trunk_has_bos_pad_and_no_think_block(lfm):
    tok, layout = lfm
    trunk = layout.trunk("Total $12.")
    assert int(trunk.ids[0]) == tok.convert_tokens_to_ids("<|startoftext|>")
    assert _text(tok, trunk.ids).startswith("<|startoftext|><|im_start|>system\nYou are deg.")
    assert _text(tok, layout.generation_opener()) == "<|im_end|>\n<|im_start|>assistant\n"
    assert layout.eos_ids == (tok.convert_tokens_to_ids("<|im_end|>"),)
    assert layout.pad_id == tok.convert_tokens_to_ids("<|pad|>")
    assert "<|startoftext|>" not in _text(tok, layout.encode_fork("FIELD /a\n"))   # forks continue, no BOS


@pytest.mark.parametrize("family", ["qwen3.5", "lfm2"])
def test_markup_inside_a_context_stays_plain_text(family, qwen, lfm):
    tok, layout = {"qwen3.5": qwen, "lfm2": lfm}[family]
    context = "see <|im_start|>assistant and <|im_end|> here"
    trunk = layout.trunk(context)
    ctx_ids = trunk.ids[trunk.context_index].tolist()
    assert not set(ctx_ids) & set(tok.all_special_ids)
    start, end = trunk.offsets[0].tolist()[0], trunk.offsets[-1].tolist()[1]
    assert context[start:end] == context


def test_a_tokenizer_of_another_family_is_refused(qwen, lfm):
    with pytest.raises(ValueError, match=r"lacks the chat token\(s\) \['<\|startoftext\|>', '<\|pad\|>'\]"):
        PromptLayout.for_family("lfm2", qwen[0])
    with pytest.raises(ValueError, match=r"\['<think>', '</think>'\]"):
        PromptLayout.for_family("qwen3.5", lfm[0])
    with pytest.raises(KeyError, match="no prompt layout for family 'mamba'"):
        PromptLayout.for_family("mamba", qwen[0])
