"""Named low-rank adapters on the fork rows (contract 12.7, "LoRA", `--lora-context base`).

The backbone stays the base. Every adapted layer gets a rank-r update of each of the llama
family's FUSED projections (`PROJECTIONS`: q|k|v, o, gate|up, down): one `A`/`B` pair per fused
matrix, not per HF module, so the update of `qkv` is a rank-r update of the concatenated
`[q_out + 2 * kv_out, H]` weight (q, k and v share its `A`).

Several adapters (`LoraConfig.adapters`, e.g. `decide` and `extract`) live side by side in one
pair of matrices per projection: `A [n*r, in]`, `B [out, n*r]`, adapter k owning rows/columns
`[k*r, (k+1)*r)`. A per-token selector (`token_adapter`, -1 = off) picks which block a token
uses: the rank activations `x @ A.T` of every block but the token's own are zeroed with
`torch.where` before `@ B.T`, so one token's delta is its own adapter's `B_k @ A_k @ x`, and
rows with different adapters (or none) share one batch. Both GEMMs go through
`kernels.tiles.linear` on the fork path's fixed-shape tiles, so a token's delta depends only on
that token (batch-invariant like the base projections).

Which fork row uses which adapter is decided by its head kind (`ADAPTER_OF_HEAD`). An adapter
named `context` (`CONTEXT`, contract 12.7 `--lora-context`) reads the context: every trunk token
of the adapted layers takes it (`Backbone.prefill(ids, adapters=...)`), so the span pointer's
keys and the K/V every fork attends are the adapted ones. Without it the trunk runs the base
weights. Generate rows run adapter-off themselves and read the trunk as it was read.

Files: `adapters.safetensors` holds `"{layer}.{proj}.lora_A"` `[n*r, in]` and `lora_B`
`[out, n*r]`; the config (`LoraConfig.to_dict()`) sits in `deg.json["lora"]`.
"""
from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

import torch
from safetensors.torch import save_file

from .kernels.tiles import linear

if TYPE_CHECKING:
    from .backbone import Backbone

# head kind -> adapter name (choice/score/noul decide, extract/count/anchor extract)
ADAPTER_OF_HEAD = {"choice": "decide", "score": "decide", "noul": "decide",
                   "extract": "extract", "count": "extract", "anchor": "extract"}
SHARED = "shared"            # a lone adapter of this name serves every head kind (`--adapters shared`)
CONTEXT = "context"          # the adapter of the trunk's context tokens (absent: the trunk runs the base)
PROJECTIONS = ("qkv", "o", "gate_up", "down")
FAMILIES = ("llama",)


@dataclass(frozen=True)
class LoraConfig:
    rank: int = 8
    alpha: float = 16.0
    adapters: tuple[str, ...] = ("decide", "extract")
    layers: tuple[int, ...] = ()          # adapted layers; () = every layer (resolved by for_backbone)

    def __post_init__(self):
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or self.rank < 1:
            raise ValueError(f"LoRA rank must be an integer >= 1, got {self.rank!r}")
        if isinstance(self.alpha, bool) or not isinstance(self.alpha, (int, float)) \
                or not math.isfinite(self.alpha) or self.alpha <= 0:
            raise ValueError(f"LoRA alpha must be a finite number > 0, got {self.alpha!r}")
        object.__setattr__(self, "alpha", float(self.alpha))
        adapters = tuple(self.adapters) if isinstance(self.adapters, (list, tuple)) else self.adapters
        if not isinstance(adapters, tuple) or not adapters:
            raise ValueError(f"LoRA adapters must be a non-empty sequence of names, got {self.adapters!r}")
        if any(not isinstance(a, str) or not a for a in adapters):
            raise ValueError(f"LoRA adapter names must be non-empty strings, got {list(adapters)!r}")
        if len(set(adapters)) != len(adapters):
            raise ValueError(f"LoRA adapter names must be unique, got {list(adapters)!r}")
        object.__setattr__(self, "adapters", adapters)
        layers = tuple(self.layers) if isinstance(self.layers, (list, tuple)) else self.layers
        if not isinstance(layers, tuple) or any(isinstance(i, bool) or not isinstance(i, int) for i in layers):
            raise ValueError(f"LoRA layers must be a sequence of layer indices, got {self.layers!r}")
        if any(i < 0 for i in layers):
            raise ValueError(f"LoRA layers must be >= 0, got {list(layers)!r}")
        if list(layers) != sorted(set(layers)):
            raise ValueError(f"LoRA layers must be sorted and unique, got {list(layers)!r}")
        object.__setattr__(self, "layers", layers)

    @property
    def scale(self) -> float:
        return self.alpha / self.rank

    def to_dict(self) -> dict[str, Any]:
        """JSON-able (lists for tuples); `from_dict(to_dict())` == self."""
        d = asdict(self)
        d["adapters"], d["layers"] = list(self.adapters), list(self.layers)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "LoraConfig":
        """The inverse of `to_dict`; missing keys take the defaults, unknown keys are refused."""
        if not isinstance(d, Mapping):
            raise ValueError(f"a LoRA config must be a mapping, got {type(d).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(d) - known)
        if unknown:
            raise ValueError(f"unknown LoRA config keys {unknown}; known: {sorted(known)}")
        return cls(**dict(d))


class LoraAdapters(torch.nn.Module):
    """The adapters of every adapted (layer, projection): `A [n*r, in]` (random, seeded) and
    `B [out, n*r]` (zeros, so a fresh adapter is the base model) in `self.params`, keyed
    `"{layer}_{proj}_A"` / `"{layer}_{proj}_B"`."""

    def __init__(self, config: LoraConfig, shapes: Mapping[str, tuple[int, int]], *, seed: int = 0,
                 dtype: torch.dtype = torch.float32):
        super().__init__()
        if not config.layers:
            raise ValueError("LoraConfig.layers is empty: name the adapted layers, or build with "
                             "LoraAdapters.for_backbone, which resolves () to every layer")
        unknown = sorted(set(shapes) - set(PROJECTIONS))
        missing = [p for p in PROJECTIONS if p not in shapes]
        if unknown or missing:
            raise ValueError(f"shapes must give (out, in) for exactly {PROJECTIONS}; "
                             f"missing {missing}, unknown {unknown}")
        self.config = config
        self.shapes = {p: (int(shapes[p][0]), int(shapes[p][1])) for p in PROJECTIONS}
        n, r = len(config.adapters), config.rank
        gen = torch.Generator().manual_seed(seed)
        params: dict[str, torch.nn.Parameter] = {}
        for layer in config.layers:
            for proj in PROJECTIONS:
                out, inp = self.shapes[proj]
                # peft's init of lora_A (kaiming-uniform, a=sqrt(5)): U(-1/sqrt(in), 1/sqrt(in)),
                # drawn in fp32 from one seeded stream so every dtype starts from the same values.
                bound = 1.0 / math.sqrt(inp)
                a = (torch.rand((n * r, inp), generator=gen, dtype=torch.float32) * 2 - 1) * bound
                params[f"{layer}_{proj}_A"] = torch.nn.Parameter(a.to(dtype))
                params[f"{layer}_{proj}_B"] = torch.nn.Parameter(torch.zeros((out, n * r), dtype=dtype))
        self.params = torch.nn.ParameterDict(params)
        # column -> owning adapter, for the per-token mask
        self.register_buffer("owner", torch.arange(n * r) // r, persistent=False)   # [n*r]

    @classmethod
    def for_backbone(cls, config: LoraConfig, backbone: "Backbone", *, seed: int = 0) -> "LoraAdapters":
        """Adapters shaped for `backbone`'s fused projections, on its device, fp32; a config
        with `layers=()` is resolved to every layer (the adapters' own config lists them)."""
        n_layers = _check_family(backbone)
        layers = config.layers or tuple(range(n_layers))
        bad = [i for i in layers if i >= n_layers]
        if bad:
            raise ValueError(f"LoRA layers {bad} do not exist: the backbone has {n_layers} layers")
        if layers != config.layers:
            config = LoraConfig(rank=config.rank, alpha=config.alpha, adapters=config.adapters, layers=layers)
        w = backbone.weights
        shapes = {p: tuple(w[f"{layers[0]}.{p}"].shape) for p in PROJECTIONS}
        return cls(config, shapes, seed=seed).to(backbone.device)

    # ------------------------------------------------------------------ selection
    def index(self, name: str | None) -> int:
        """An adapter's index in the selector (-1 for None: adapter off)."""
        if name is None:
            return -1
        try:
            return self.config.adapters.index(name)
        except ValueError:
            raise ValueError(f"unknown adapter {name!r}; this model has {list(self.config.adapters)}") from None

    @property
    def context_index(self) -> int | None:
        """The context adapter's index in the selector, or None when the trunk runs the base."""
        return self.config.adapters.index(CONTEXT) if CONTEXT in self.config.adapters else None

    def for_head(self, head: str) -> int:
        """The adapter index of a fork row asking head kind `head` (`ADAPTER_OF_HEAD`); a model
        with a `shared` adapter and no adapter of that name uses the shared one."""
        try:
            name = ADAPTER_OF_HEAD[head]
        except KeyError:
            raise ValueError(f"unknown head kind {head!r}; known: {sorted(ADAPTER_OF_HEAD)}") from None
        if name not in self.config.adapters and SHARED in self.config.adapters:
            name = SHARED
        return self.index(name)

    # ------------------------------------------------------------------ the delta
    def delta(self, layer: int, proj: str, x: torch.Tensor, token_adapter: torch.Tensor) -> torch.Tensor | None:
        """The adapters' contribution to projection `proj` of `layer`:
        `B_k @ (scale * A_k @ x)` per token, k = that token's adapter, 0 for tokens off.

        x [tiles, T, in] (fork tiles) or [n, in]; token_adapter [tiles, T] or [n] (long, -1 =
        off). Returns [..., out], or None when the layer/projection is not adapted or no token
        uses an adapter (an adapter-off batch then runs exactly the base ops)."""
        a = self.params[f"{layer}_{proj}_A"] if f"{layer}_{proj}_A" in self.params else None
        if a is None or not bool((token_adapter >= 0).any()):
            return None
        b = self.params[f"{layer}_{proj}_B"]
        a, b = a.to(x.dtype), b.to(x.dtype)
        u = linear(x, a)                                                  # [..., n*r]
        own = token_adapter.unsqueeze(-1) == self.owner.to(token_adapter.device)   # [..., n*r]
        # The scale is applied to the small rank activations, not to the [..., out] result
        # (one pass over n*r values instead of out); per element, so still per token.
        u = torch.where(own, u * self.config.scale, torch.zeros((), dtype=u.dtype, device=u.device))
        return linear(u, b)                                               # [..., out]

    # ------------------------------------------------------------------ files
    def tensors(self) -> dict[str, torch.Tensor]:
        """`{"{layer}.{proj}.lora_A": [n*r, in], "{layer}.{proj}.lora_B": [out, n*r]}` (detached)."""
        out = {}
        for layer in self.config.layers:
            for proj in PROJECTIONS:
                out[f"{layer}.{proj}.lora_A"] = self.params[f"{layer}_{proj}_A"].detach().contiguous()
                out[f"{layer}.{proj}.lora_B"] = self.params[f"{layer}_{proj}_B"].detach().contiguous()
        return out

    def save(self, path: str | os.PathLike) -> Path:
        """Write the tensors as safetensors: to `path`, or `path/adapters.safetensors` when
        `path` is a directory. Returns the file written."""
        path = Path(path)
        if path.is_dir():
            path = path / "adapters.safetensors"
        save_file({k: v.cpu() for k, v in self.tensors().items()}, str(path))
        return path

    def check_backbone(self, backbone: "Backbone") -> None:
        """Refuse a backbone these adapters were not shaped for (family, layers, sizes)."""
        n_layers = _check_family(backbone)
        bad = [i for i in self.config.layers if i >= n_layers]
        if bad:
            raise ValueError(f"LoRA layers {bad} do not exist: the backbone has {n_layers} layers")
        for proj in PROJECTIONS:
            want = tuple(backbone.weights[f"{self.config.layers[0]}.{proj}"].shape)
            if self.shapes[proj] != want:
                raise ValueError(f"LoRA adapters on {proj!r} are shaped {self.shapes[proj]} (out, in), "
                                 f"the backbone's weight is {want}")


def load_adapters(tensors: Mapping[str, torch.Tensor], config: LoraConfig) -> LoraAdapters:
    """LoraAdapters holding `tensors` (as written by `LoraAdapters.save` / `tensors()`)."""
    if not config.layers:
        raise ValueError("the LoRA config lists no layers; an adapters file needs explicit layers")
    n, r = len(config.adapters), config.rank
    want = {f"{layer}.{proj}.lora_{m}" for layer in config.layers for proj in PROJECTIONS for m in "AB"}
    missing, unknown = sorted(want - set(tensors)), sorted(set(tensors) - want)
    if missing or unknown:
        raise ValueError(f"adapter tensors do not match the LoRA config (layers {list(config.layers)}): "
                         f"missing {missing[:6]}{'...' if len(missing) > 6 else ''}, "
                         f"unexpected {unknown[:6]}{'...' if len(unknown) > 6 else ''}")
    dtypes = {t.dtype for t in tensors.values()}
    if len(dtypes) != 1 or not next(iter(dtypes)).is_floating_point:
        raise ValueError(f"adapter tensors must share one floating dtype, got {sorted(map(str, dtypes))}")
    shapes: dict[str, tuple[int, int]] = {}
    for proj in PROJECTIONS:
        first = config.layers[0]
        a, b = tensors[f"{first}.{proj}.lora_A"], tensors[f"{first}.{proj}.lora_B"]
        if a.dim() != 2 or b.dim() != 2:
            raise ValueError(f"{first}.{proj}: lora_A and lora_B must be matrices")
        shapes[proj] = (int(b.shape[0]), int(a.shape[1]))
    adapters = LoraAdapters(config, shapes, dtype=next(iter(dtypes)))
    with torch.no_grad():
        for layer in config.layers:
            for proj in PROJECTIONS:
                out, inp = shapes[proj]
                for m, shape in (("A", (n * r, inp)), ("B", (out, n * r))):
                    t = tensors[f"{layer}.{proj}.lora_{m}"]
                    if tuple(t.shape) != shape:
                        raise ValueError(f"{layer}.{proj}.lora_{m} has shape {tuple(t.shape)}, expected {shape} "
                                         f"({n} adapters x rank {r})")
                    adapters.params[f"{layer}_{proj}_{m}"].copy_(t)
    return adapters


def _check_family(backbone: "Backbone") -> int:
    """The backbone's layer count, once its family is known to carry adapters."""
    family = backbone.family.name
    if family not in FAMILIES:
        raise ValueError(f"LoRA adapters are implemented for the {list(FAMILIES)} family, not {family!r}")
    return len(backbone.spec.layer_kinds)
