"""How a run's parameters move: AdamW's groups and their rates, and what a run keeps still.

A group's `lr_scale` multiplies the run's learning rate at every step (`schedule.lr_at`)."""
from __future__ import annotations

import torch

from deg_model.heads import Heads


# The heads' learned offsets (the siblings' echo weight, the anchored extract's inside/distance
# bias table, the anchor logit's bias) are a few numbers each that every record's gradient agrees
# on: moving at the heads' rate (~lr a step under AdamW) they would take thousands of steps to
# reach where every record puts them (the span bias stood within 0.8 logits of its start after every run so far; the echo
# starts silent at 0), so they learn at OFFSET_LR_SCALE times the heads' rate, without decay.
OFFSET_PARAMS = ("anchor_echo_weight", "span_bias", "anchor_bias")
OFFSET_LR_SCALE = 1000.0


# The flag reader (`Heads.evidence`, `flag_query`, `flag_value`) joins runs that continue warm
# heads at a continuation's low rate; fresh, it learns at READER_LR_SCALE times the heads' rate.
READER_PREFIXES = ("evidence.", "flag_query.", "flag_value.", "option_query.", "option_value.")
READER_LR_SCALE = 3.0


def param_groups(heads: Heads, weight_decay: float, adapters=None, lora_scale: float = 1.0):
    """AdamW's groups: the heads' weights (decayed), their biases and scalars, the offsets
    (`OFFSET_LR_SCALE`), the readers (`READER_LR_SCALE`) and the adapters at `lora_scale`."""
    named = list(heads.named_parameters())
    reader = [(n, p) for n, p in named if n.startswith(READER_PREFIXES)]
    named = [(n, p) for n, p in named if not n.startswith(READER_PREFIXES)]
    decay = [p for n, p in named if p.dim() >= 2 and n not in OFFSET_PARAMS]
    rest = [p for n, p in named if p.dim() < 2 and n not in OFFSET_PARAMS]
    offsets = [p for n, p in named if n in OFFSET_PARAMS]
    groups = [{"params": decay, "weight_decay": weight_decay, "lr_scale": 1.0},
              {"params": rest, "weight_decay": 0.0, "lr_scale": 1.0},
              {"params": offsets, "weight_decay": 0.0, "lr_scale": OFFSET_LR_SCALE},
              {"params": [p for n, p in reader if p.dim() >= 2], "weight_decay": weight_decay,
               "lr_scale": READER_LR_SCALE},
              {"params": [p for n, p in reader if p.dim() < 2], "weight_decay": 0.0, "lr_scale": READER_LR_SCALE}]
    if adapters is not None:
        groups.append({"params": list(adapters.parameters()), "weight_decay": 0.0, "lr_scale": lora_scale})
    return groups


# What a run may train (`TrainSettings.train_only`): "" everything; otherwise the heads whose names
# start with the group's prefixes and the adapters it names, everything else kept as it starts.
# "reader": the flag reader and the true/false head's own weights, so a continuation that teaches
# the reader cannot move what arrays and spans read. "decide": every decided head (choice, score,
# true/false, their readers) and the decide adapter, the context and extract adapters and the
# extract, count, anchor and null heads kept still, so spans and arrays come out as they went in.
# "spans": the span pointer (start and end queries and keys, its bias) and the null head alone,
# every adapter kept still: the extract adapter also reads the count and anchor rows, so arrays
# are sized as before and only which span a field copies (or that it has none) can move.
# "arrays": the anchor head (its pointer, bias and siblings' echo) and the count head, every
# adapter kept still: only where items start and how many there are can move, every value read
# inside an item as before.
READER_HEADS = ("evidence.", "flag_query.", "flag_value.", "noul.")
DECIDE_HEADS = READER_HEADS + ("choice.", "score.", "option_query.", "option_value.", "option_token.")
SPAN_HEADS = ("qs.", "ks.", "qe.", "ke.", "span_bias", "null.")
ARRAY_HEADS = ("anchor.", "anchor_bias", "anchor_echo", "count.")
TRAIN_ONLY = {"": None, "reader": (READER_HEADS, ()), "decide": (DECIDE_HEADS, ("decide",)),
              "spans": (SPAN_HEADS, ()), "arrays": (ARRAY_HEADS, ())}


def trained_adapters(train_only: str) -> frozenset[str] | None:
    """The adapters a run trains: None for every one, else `TRAIN_ONLY`'s names."""
    group = TRAIN_ONLY[train_only]
    return None if group is None else frozenset(group[1])


def freeze_all_but(heads: Heads, adapters, train_only: str) -> None:
    """Keep every parameter outside `TRAIN_ONLY[train_only]` still: heads and whole adapter
    sets without a gradient (AdamW skips them, weight decay included); within the adapters'
    shared matrices, the blocks of adapters kept still get their gradient zeroed (adapters decay
    nothing, so a zero gradient from zero moments moves them nowhere)."""
    group = TRAIN_ONLY[train_only]
    if group is None:
        return
    prefixes, names = group
    for name, p in heads.named_parameters():
        p.requires_grad_(name.startswith(prefixes))
    if adapters is None:
        return
    kept = [i for i, a in enumerate(adapters.config.adapters) if a in names]
    for key, p in adapters.params.items():
        p.requires_grad_(bool(kept))
        if kept:
            owned = torch.isin(adapters.owner, torch.tensor(kept)).to(p.dtype)      # [n*r]
            # A [n*r, in]: an adapter owns rows; B [out, n*r]: columns
            mask = owned[:, None] if key.endswith("_A") else owned[None, :]
            p.register_hook(lambda grad, mask=mask: grad * mask)


def hold_offsets(heads: Heads) -> None:
    """Keep the heads' offsets (`OFFSET_PARAMS`) as they start: no gradient, so AdamW moves
    them nowhere (`TrainSettings.offsets_still`)."""
    for name, p in heads.named_parameters():
        if name in OFFSET_PARAMS:
            p.requires_grad_(False)


def restrict_flag_reads(heads: Heads, pointer: bool = False) -> None:
    """The flag reader's values read the trunk's hidden state at a token alone: the columns of
    the token's own (and the next token's) embedding are zeroed and kept at zero (their gradient
    masked; AdamW moves a zero weight with zero gradients nowhere). A value read from which token
    it is says " unpaid" as " paid" does; the hidden state at "Not yet paid" has read "Not yet".
    With `pointer`, the evidence pointer's keys too (`evidence.k`, `evidence.u`), so it finds the
    sentence by what it says there and not by a word that looks like the question's (" payable"
    for `paid`); the option reader shares that pointer."""
    for weight in [heads.flag_value.weight] + ([heads.evidence.k.weight, heads.evidence.u.weight] if pointer else []):
        _keep_hidden_columns(weight, heads.hidden)


def _keep_hidden_columns(weight: torch.Tensor, hidden: int) -> None:
    """Zero `weight`'s columns past the first `hidden` ([out, H * k]) and mask their gradient."""
    mask = torch.zeros_like(weight)
    mask[:, :hidden] = 1.0
    with torch.no_grad():
        weight.mul_(mask)
    weight.register_hook(lambda grad: grad * mask)
