"""A tiny random llama with the embedded SmolLM2 tokenizer: the training tests need the real
prompt layout (the tokenizer's), not real weights."""
from __future__ import annotations

import torch
from transformers import AutoTokenizer, LlamaConfig, LlamaForCausalLM

from deg_model.backbone import Backbone
from deg_model.loading import embedded_gguf_path


def tiny_llama_backbone(layers: int = 1, dtype: torch.dtype = torch.float32) -> Backbone:
    gguf = embedded_gguf_path()
    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    torch.manual_seed(0)
    model = LlamaForCausalLM(LlamaConfig(
        vocab_size=49152, hidden_size=32, intermediate_size=48, num_hidden_layers=layers, num_attention_heads=2,
        num_key_value_heads=1, max_position_embeddings=8192, rms_norm_eps=1e-5)).eval()
    return Backbone.from_hf_model(model, tokenizer, dtype=dtype)
