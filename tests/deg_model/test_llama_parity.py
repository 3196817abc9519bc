"""The llama family against transformers' LlamaForCausalLM on tiny random configs (fp32)."""
from __future__ import annotations

import pytest
import torch

from deg_model.backbone import Backbone
from deg_model.errors import ContextTooLong, WeightsError


ROPES = {
    "default": None,
    "linear": {"rope_type": "linear", "factor": 2.0, "rope_theta": 10000.0},
    "llama3": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
               "original_max_position_embeddings": 64, "rope_theta": 500000.0},
}


def hf_hidden(model, ids):
    with torch.no_grad():
        return model.model(ids[None]).last_hidden_state[0]


@pytest.mark.parametrize("rope", sorted(ROPES))
def test_single_sequence_matches_transformers(rope, make_tiny):
    model = make_tiny(2, rope_parameters=ROPES[rope])
    bb = Backbone.from_hf_model(model)
    ids = torch.randint(0, 320, (97,), generator=torch.Generator().manual_seed(3))
    state = bb.prefill(ids)
    assert state.length == 97 and state.hidden.shape == (97, 64)
    assert (state.hidden - hf_hidden(model, ids)).abs().max() <= 1e-5


def test_untied_head_and_biases_match_transformers(make_tiny):
    model = make_tiny(4, tie_word_embeddings=False, attention_bias=True, mlp_bias=True)
    bb = Backbone.from_hf_model(model)
    ids = torch.randint(0, 320, (40,), generator=torch.Generator().manual_seed(5))
    state = bb.prefill(ids)
    assert (state.hidden - hf_hidden(model, ids)).abs().max() <= 1e-5
    with torch.no_grad():
        ref_logits = model(ids[None]).logits[0]
    assert (bb.logits(state.hidden) - ref_logits).abs().max() <= 1e-4


def test_padded_batch_matches_transformers_padded_batch(make_tiny):
    model = make_tiny(6)
    bb = Backbone.from_hf_model(model)
    gen = torch.Generator().manual_seed(7)
    seqs = [torch.randint(0, 320, (n,), generator=gen) for n in (33, 7, 20)]
    width = max(len(s) for s in seqs)
    batch = torch.zeros(len(seqs), width, dtype=torch.long)
    mask = torch.zeros(len(seqs), width, dtype=torch.long)
    for r, s in enumerate(seqs):
        batch[r, :len(s)], mask[r, :len(s)] = s, 1
    with torch.no_grad():
        ref = model.model(batch, attention_mask=mask).last_hidden_state
    for r, s in enumerate(seqs):
        assert (bb.prefill(s).hidden - ref[r, :len(s)]).abs().max() <= 1e-5


def test_chunked_long_input_matches_transformers_and_stays_bitwise_below_dense_limit(make_tiny):
    model = make_tiny(8)
    chunked = Backbone.from_hf_model(model, dense_prefill_max=64, prefill_chunk=48)
    ids = torch.randint(0, 320, (300,), generator=torch.Generator().manual_seed(9))
    ref = hf_hidden(model, ids)
    assert (chunked.prefill(ids).hidden - ref).abs().max() <= 1e-5
    # <= dense limit: one shot, so the bits equal the unchunked backbone's.
    one_shot = Backbone.from_hf_model(model)
    assert torch.equal(chunked.prefill(ids[:64]).hidden, one_shot.prefill(ids[:64]).hidden)
    # extend in place = the same positions read in one go (within fp32 noise)
    state = one_shot.prefill(ids[:200])
    one_shot.extend(state, ids[200:])
    assert state.length == 300 and (state.hidden - ref).abs().max() <= 1e-5


def test_context_past_trained_positions_is_refused_not_truncated(make_tiny):
    model = make_tiny(10, max_position_embeddings=128)
    bb = Backbone.from_hf_model(model)
    with pytest.raises(ContextTooLong, match="129 positions.*at most 128"):
        bb.prefill(torch.zeros(129, dtype=torch.long))
    state = bb.prefill(torch.zeros(120, dtype=torch.long))
    with pytest.raises(ContextTooLong):
        bb.fork(state, [torch.zeros(9, dtype=torch.long)])
    assert state.length == 120


def test_bad_inputs_and_weights_are_named(make_tiny):
    model = make_tiny(11)
    bb = Backbone.from_hf_model(model)
    with pytest.raises(ValueError, match="outside"):
        bb.prefill(torch.tensor([1, 320]))
    with pytest.raises(ValueError, match="1-D"):
        bb.prefill(torch.zeros(2, 3, dtype=torch.long))
    with pytest.raises(ValueError, match="empty"):
        bb.prefill(torch.zeros(0, dtype=torch.long))
    sd = {k: v for k, v in model.state_dict().items() if "layers.1.mlp.up_proj" not in k}
    with pytest.raises(WeightsError, match="model.layers.1.mlp.up_proj.weight"):
        Backbone.from_state_dict(model.config.to_dict(), sd)
    cfg = model.config.to_dict()
    cfg["rope_parameters"] = {"rope_type": "yarn", "factor": 2.0, "rope_theta": 1e4}
    with pytest.raises(WeightsError, match="yarn"):
        Backbone.from_state_dict(cfg, model.state_dict())
