"""Fixtures of the runtime tests: a tiny random llama that speaks the real SmolLM2 vocabulary.

The tokenizer is read straight from the embedded GGUF (a few seconds, no weights cache), so
fork layout, offsets and constrained decoding run on real tokens while every forward pass
stays tiny (2 layers, hidden 64).
"""
from __future__ import annotations

import pytest
from transformers import AutoTokenizer

from deg import compile_schema
from deg_model.backbone import Backbone
from deg_model.loading import embedded_gguf_path
from deg_model.runtime import Runtime
from runtime_fixtures import SCHEMA, make_runtime, tiny_llama


@pytest.fixture(scope="session")
def smollm2_tokenizer():
    gguf = embedded_gguf_path()
    return AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)


@pytest.fixture(scope="session")
def tiny_model():
    return tiny_llama()


@pytest.fixture(scope="session")
def tiny_backbone(tiny_model, smollm2_tokenizer) -> Backbone:
    return Backbone.from_hf_model(tiny_model, smollm2_tokenizer)


@pytest.fixture(scope="session")
def runtime(tiny_backbone) -> Runtime:
    return make_runtime(tiny_backbone)


@pytest.fixture(scope="session")
def plan():
    return compile_schema(SCHEMA)
