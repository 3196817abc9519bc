"""How the true/false head reads flags on a feature cache: accuracy, and whether it reads at all.

Per true/false question (heads uncalibrated, the adapters read as in `validate`): P(true) from
the head's two logits, the answer `P(true) > 0.5`. A head that learned each field's base rate
instead of the flag scores its domains' share of true, which on held-out domains can look like
reading; the balanced accuracy (the mean of the recall on true flags and on false ones) is 0.5
for any answer that ignores the document, so it says whether the flag was read. By domain too
(a record's domain is its uid before the last `-`), since the domains' true shares differ.
With a flag reader, `pointer` says how often its heaviest token lies in the evidence the records
name, and its mean weight there.
"""
from __future__ import annotations

import math
from collections import defaultdict
from typing import Any, Sequence

import torch

from deg_model.training.features import FeatureRecord, record_context
from deg_model.training.objective import raw_logits


def domain_of(uid: str) -> str:
    """`bug_report-1f2e~v1` -> `bug_report`."""
    return uid.split("~", 1)[0].rsplit("-", 1)[0]


def summary(rows: Sequence[tuple[bool, float]]) -> dict[str, Any]:
    """(gold, P(true)) pairs -> questions, accuracy, balanced accuracy, shares of true, NLL."""
    if not rows:
        return {"questions": 0}
    right = [(p > 0.5) == gold for gold, p in rows]
    recalls = [sum(r for r, (gold, _) in zip(right, rows) if gold == side) / n
               for side in (True, False) if (n := sum(gold == side for gold, _ in rows))]
    nll = [-math.log(max(p if gold else 1.0 - p, 1e-12)) for gold, p in rows]
    return {"questions": len(rows), "accuracy": round(sum(right) / len(rows), 4),
            "balanced_accuracy": round(sum(recalls) / len(recalls), 4),
            "gold_true": round(sum(gold for gold, _ in rows) / len(rows), 4),
            "answered_true": round(sum(p > 0.5 for _, p in rows) / len(rows), 4),
            "nll": round(sum(nll) / len(nll), 4)}


def boolean_anatomy(heads, records: Sequence[FeatureRecord]) -> dict[str, Any]:
    """`summary` over every true/false question of `records`, overall and by domain; and where
    the records name a decided field's evidence, how the flag reader's pointer finds it
    (`pointer`: every decide kind's questions, the pointer being shared)."""
    by_domain: dict[str, list[tuple[bool, float]]] = defaultdict(list)
    found: list[tuple[bool, float]] = []
    with torch.no_grad():
        for rec in records:
            ctx = record_context(heads, rec)
            reader = heads.reader_keys(ctx)
            for q in rec.questions:
                if q.kind == "noul":
                    p_true = float(torch.softmax(raw_logits(heads, q, ctx, reader=reader), -1)[0])  # 0 = true
                    by_domain[domain_of(rec.uid)].append((q.target == 0, p_true))
                if q.kind in ("choice", "score", "noul") and q.evidence is not None:
                    found.append(pointer_hit(torch.softmax(heads.evidence_scores(q.a, reader), 0), *q.evidence))
    rows = [row for domain in sorted(by_domain) for row in by_domain[domain]]
    return {**summary(rows), "pointer": pointer_summary(found),
            "by_domain": {d: summary(by_domain[d]) for d in sorted(by_domain)}}


def pointer_hit(p: torch.Tensor, first: int, last: int) -> tuple[bool, float]:
    """(whether the pointer's heaviest token is an evidence token, its weight on them): p [T]."""
    return first <= int(p.argmax()) <= last, float(p[first:last + 1].sum())


def pointer_summary(found: Sequence[tuple[bool, float]]) -> dict[str, Any]:
    if not found:
        return {"questions": 0}
    return {"questions": len(found), "heaviest_on_evidence": round(sum(h for h, _ in found) / len(found), 4),
            "weight_on_evidence": round(sum(w for _, w in found) / len(found), 4)}
