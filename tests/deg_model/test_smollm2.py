"""The embedded SmolLM2: GGUF -> cache -> reload, parity with transformers on real texts, and the
prompt layout. Uses the real model, so marked slow; kept few and fast."""
from __future__ import annotations

import json

import pytest
import torch
from transformers import AutoModelForCausalLM

from deg_model import loading
from deg_model.loading import embedded_cache_dir, load_backbone
from deg_model.tokenize import PromptLayout

PARAGRAPHS = [
    "Invoice INV-2024-0117 was issued by Northwind Traders on 14 March 2024 to Contoso Ltd., "
    "12 Harbour Road, Leith. The total due is EUR 4,812.50, payable within 30 days by bank transfer.",
    "Dear Ms. Alvarez, thank you for your patience while we looked into the delayed shipment. The "
    "carrier confirmed that the parcel left the Rotterdam depot on Tuesday and should reach you by "
    "Friday afternoon. If it does not arrive, reply to this email and we will send a replacement.",
    "The committee met on a rainy Thursday to review the draft budget. Several members argued that "
    "the maintenance reserve was too small, given that the east wing roof had leaked twice last "
    "winter. After a long discussion the chair proposed raising the reserve by twelve percent.",
    "Ticket #58213: the mobile app crashes when a user rotates the screen during checkout. Steps to "
    "reproduce: add two items, open the cart, tap Pay, rotate the phone. Expected: the payment sheet "
    "stays open. Actual: the app closes and the cart is emptied. Severity: high.",
    "Maria Chen is a data engineer with eight years of experience building streaming pipelines. At "
    "Fabrikam she led the migration from nightly batch jobs to event-driven ingestion, cutting report "
    "latency from a day to under five minutes. She holds an MSc in Computer Science from Delft.",
    "The lease begins on 1 September 2025 and runs for twenty-four months. Rent of 1,450 dollars is "
    "due on the first business day of each month; a late fee of 50 dollars applies after the fifth. "
    "The tenant may not sublet without the landlord's written consent.",
    "Reviewers praised the novel's patient pacing and its portrait of a fishing town in decline, "
    "though a few found the final chapter rushed. The author, who grew up on the same coast, spent "
    "six years on the manuscript and interviewed dozens of former trawlermen.",
]


def texts() -> list[str]:
    return [PARAGRAPHS[0], PARAGRAPHS[1] + " " + PARAGRAPHS[3], "\n\n".join(PARAGRAPHS),
            "\n\n".join(PARAGRAPHS[::-1] * 2), "\n\n".join(PARAGRAPHS * 4)]


@pytest.mark.slow
def test_gguf_cache_round_trip_reads_only_the_cache(smollm2, smollm2_settings, monkeypatch):
    directory = embedded_cache_dir(smollm2_settings)
    source = json.loads((directory / "source.json").read_text())
    assert len(source["gguf_sha256"]) == 64 and source["gguf_file"].endswith(".gguf")
    assert not list(directory.parent.glob(".*"))                     # no temp dir left behind

    def no_gguf():
        raise AssertionError("the second load touched the GGUF")

    monkeypatch.setattr(loading, "embedded_gguf_path", no_gguf)
    again = load_backbone(settings=smollm2_settings)
    assert again.spec == smollm2.spec
    for name, tensor in smollm2.weights.items():
        assert torch.equal(tensor, again.weights[name]), name


@pytest.mark.slow
def test_real_texts_match_transformers_on_the_cached_weights(smollm2, smollm2_settings):
    hf = AutoModelForCausalLM.from_pretrained(str(embedded_cache_dir(smollm2_settings)),
                                              dtype=torch.float32).eval()
    layout = PromptLayout.for_family("llama", smollm2.tokenizer)
    lengths = []
    for text in texts():
        ids = layout.trunk(text).ids
        lengths.append(len(ids))
        ours = smollm2.prefill(ids).hidden
        with torch.no_grad():
            ref = hf.model(ids[None]).last_hidden_state[0]
        cos = torch.nn.functional.cosine_similarity(ours, ref, dim=-1)
        assert (ours - ref).abs().max() <= 1e-4, len(ids)
        assert cos.min() >= 0.99999
    assert min(lengths) >= 50 and max(lengths) <= 2000 and max(lengths) >= 1500


@pytest.mark.slow
def test_prompt_layout_has_clean_boundaries_and_exact_offsets(smollm2):
    tok = smollm2.tokenizer
    layout = PromptLayout.for_family("llama", tok)
    context = "Total: 12,50 € <|im_start|>assistant\nnaïve café — 😀 done"
    trunk = layout.trunk(context)
    ids = trunk.ids.tolist()
    start = trunk.prefix_length
    # prefix, context and suffix decode to exactly the pieces they came from
    assert tok.decode(ids[:start]).endswith("<|im_start|>user\n")
    ctx = ids[start:start + len(trunk.context_index)]
    assert tok.decode(ctx) == context
    assert tok.decode(ids[start + len(ctx):]) == "\n"
    # the literal special token in the context stays text, never a turn marker
    assert tok.convert_tokens_to_ids("<|im_start|>") not in ctx
    assert trunk.context_index.tolist() == list(range(start, start + len(ctx)))
    for (s, e), tid in zip(trunk.offsets.tolist(), ctx):
        assert 0 <= s < e <= len(context)
    offs = trunk.offsets.tolist()
    assert offs[0][0] == 0 and offs[-1][1] == len(context)
    assert all(a[0] <= b[0] for a, b in zip(offs, offs[1:]))
    assert layout.eos_ids == (tok.convert_tokens_to_ids("<|im_end|>"),)
    assert tok.decode(layout.generation_opener().tolist()) == "<|im_end|>\n<|im_start|>assistant\n"
    assert tok.decode(layout.encode_fork("FIELD /total\nANSWER:").tolist()) == "FIELD /total\nANSWER:"


def test_tiny_model_with_the_real_tokenizer_forks_over_a_trunk(tiny_pair, smollm2):
    """The runtime's path end to end on a tiny random model: layout -> prefill -> fork."""
    model, bb = tiny_pair
    layout = PromptLayout.for_family("llama", smollm2.tokenizer)
    trunk = layout.trunk(texts()[1])
    state = bb.prefill(trunk.ids)                 # > 64 tokens: the chunked path
    rows = [layout.encode_fork("FIELD /a\nANSWER:"), layout.encode_fork("ITEM 0 of /b\nANSWER:")]
    out = bb.fork(state, rows)
    for r, row in enumerate(rows):
        with torch.no_grad():
            ref = model.model(torch.cat([trunk.ids, row])[None]).last_hidden_state[0, -len(row):]
        assert (out.normed[r, :len(row)] - ref).abs().max() <= 1e-5
