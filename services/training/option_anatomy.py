"""How the choice and score heads answer on a feature cache, and what the option reader adds.

Per choice or score question (heads uncalibrated, the adapters read as in `validate`): the
argmax option of the head's logits with the option reader (`read`) and without it (`alone`:
the fork row and the option rows only), and, where the cache holds the LM prior beside the
question, of head + prior as served with both at weight 1 (`with_prior`). `pointer`: how often
the shared evidence pointer's heaviest token lies in the evidence the record names, and its
mean weight there. Overall and by domain (`booleans.domain_of`), for each kind apart.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any, Sequence

import torch

from deg_model.training.features import FeatureRecord, record_context

from .booleans import domain_of, pointer_hit, pointer_summary

KINDS = ("choice", "score")


def _summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    if not rows:
        return {"questions": 0}
    out: dict[str, Any] = {"questions": len(rows)}
    for key in ("read", "alone", "with_prior"):
        marks = [r[key] for r in rows if r.get(key) is not None]
        if marks:
            out[key] = round(sum(marks) / len(marks), 4)
    found = [r["pointer"] for r in rows if r.get("pointer") is not None]
    if found:
        out["pointer"] = pointer_summary(found)
    return out


def _question_row(heads, q, reader) -> dict[str, Any]:
    head = heads.choice if q.kind == "choice" else heads.score
    read = heads.option_scores(head, q.a, q.o, reader, q.option_tokens)       # [n]
    alone = heads.option_scores(head, q.a, q.o, None)
    row: dict[str, Any] = {"read": int(read.argmax()) == q.target, "alone": int(alone.argmax()) == q.target}
    if q.prior is not None:
        row["with_prior"] = int((read + q.prior.to(read.dtype)).argmax()) == q.target
    if q.evidence is not None:
        row["pointer"] = pointer_hit(torch.softmax(heads.evidence_scores(q.a, reader), 0), *q.evidence)
    return row


def option_anatomy(heads, records: Sequence[FeatureRecord]) -> dict[str, Any]:
    """{kind: accuracy read / alone / with_prior, the pointer, and the same by domain}."""
    rows: dict[str, dict[str, list[dict[str, Any]]]] = {k: defaultdict(list) for k in KINDS}
    with torch.no_grad():
        for rec in records:
            if not any(q.kind in KINDS for q in rec.questions):
                continue
            ctx = record_context(heads, rec)
            reader = heads.reader_keys(ctx, options=True)
            for q in rec.questions:
                if q.kind in KINDS:
                    rows[q.kind][domain_of(rec.uid)].append(_question_row(heads, q, reader))
    out = {}
    for kind, by_domain in rows.items():
        every = [r for d in sorted(by_domain) for r in by_domain[d]]
        out[kind] = {**_summary(every), "by_domain": {d: _summary(by_domain[d]) for d in sorted(by_domain)}}
    return out
