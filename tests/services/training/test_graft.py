"""`train graft`: a served checkpoint with one head group taken from a group-only run's step."""
import pytest
import torch

from deg_model.checkpoint import CheckpointConfig, fresh_heads, load_checkpoint, save_checkpoint
from deg_model.scoring.settings import ScoringSettings
from services.training.__main__ import main
from services.training.graft import graft_heads
from services.training.param_groups import ARRAY_HEADS

LORA = {"rank": 2, "alpha": 4.0, "adapters": ["decide"], "layers": [1]}


def _checkpoint(path, seed, *, decode="expected", scoring=None):
    heads = fresh_heads(16, seed=seed, head_dim=8)
    gen = torch.Generator().manual_seed(100 + seed)
    adapters = {"layers.1.q.A": torch.randn(2, 16, generator=gen), "layers.1.q.B": torch.randn(16, 2, generator=gen)}
    config = CheckpointConfig(model_id=f"m{seed}", backbone="tiny", hidden=16, head_dim=8, trained=True, lora=LORA,
                              array_decode=decode, provenance={"run": f"r{seed}"},
                              **({"scoring": scoring} if scoring is not None else {}))
    return save_checkpoint(path, config, heads, adapters)


def test_graft_takes_the_group_from_the_step_and_everything_else_from_the_base(tmp_path):
    scoring = ScoringSettings(relevance_weight=6.0, layout_rows=True, anchor_shift=0.5)
    base = _checkpoint(tmp_path / "base", 1, decode="expected", scoring=scoring)
    step = _checkpoint(tmp_path / "step", 2, decode="threshold")
    out = main(["graft", "--group", "arrays", "--step", str(step), "--out", str(tmp_path / "g"), str(base)])
    assert out == 0
    b_cfg, b_heads, b_ad = load_checkpoint(base)
    _, s_heads, _ = load_checkpoint(step)
    cfg, heads, adapters = load_checkpoint(tmp_path / "g")
    grafted = 0
    for name, value in heads.state_dict().items():
        donor = s_heads.state_dict() if name.startswith(ARRAY_HEADS) else b_heads.state_dict()
        assert torch.equal(value, donor[name]), name
        grafted += name.startswith(ARRAY_HEADS)
    assert grafted >= 4
    # the base's adapters, decode, scoring and identity; the graft named in its provenance
    assert all(torch.equal(v, b_ad[k]) for k, v in adapters.items()) and set(adapters) == set(b_ad)
    assert cfg.model_id == "m1" and cfg.array_decode == "expected" and cfg.scoring == b_cfg.scoring
    assert cfg.provenance == {"run": "r1", "grafted": {"group": "arrays", "from": str(step), "tensors": grafted}}


def test_graft_refuses_what_is_not_a_head_group(tmp_path):
    base = _checkpoint(tmp_path / "base", 1)
    step = _checkpoint(tmp_path / "step", 2)
    with pytest.raises(ValueError, match="decide adapter"):
        graft_heads(base, step, "decide", tmp_path / "g")
    with pytest.raises(ValueError, match="not a head group"):
        graft_heads(base, step, "", tmp_path / "g")
    with pytest.raises(ValueError, match="not a head group"):
        graft_heads(base, step, "nonsense", tmp_path / "g")
    assert not (tmp_path / "g").exists()
