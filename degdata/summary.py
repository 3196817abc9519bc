"""What a record asks and how its corpus looks: field modes and kinds, null rates, lengths.

`leaf_mode` mirrors the contract's type -> mode table for the schemas datagen writes; it
is a report helper, not a schema compiler (deg.compile_schema is the authority).
`summarize(record)` reduces one record to what the corpus report needs and
`corpus_report(summaries)` prints per-domain counts, field kinds, null rates and length
percentiles (`python -m degdata summary`).

Lengths are in characters and in estimated tokens (`chars / CHARS_PER_TOKEN`, the usual
rough rate for English text with a BPE tokenizer; digits and symbols tokenize denser).
The null rate is the share of *optional* extract fields (nullable or not required) whose
gold is null or absent: how often a field a schema allows to be missing is missing.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

CHARS_PER_TOKEN = 4


def _node(schema: dict[str, Any]) -> tuple[dict[str, Any], set]:
    branch = next((b for b in schema.get("anyOf", []) if b.get("type") != "null"), None)
    node = {**schema, **branch} if branch else schema
    types = node.get("type")
    types = set(types) if isinstance(types, list) else {types}
    if branch:
        types.add("null")
    return node, types


def leaf_mode(schema: dict[str, Any]) -> str:
    if schema.get("x-generate"):
        return "generate"
    if "enum" in schema or "oneOf" in schema:
        return "decide.choice"
    node, types = _node(schema)
    if "boolean" in types:
        return "decide.choice" if "null" in types else "decide.noul"
    if "integer" in types and "minimum" in node and "maximum" in node \
            and 2 <= node["maximum"] - node["minimum"] + 1 <= 11:
        return "decide.score"
    if types & {"integer", "number"}:
        return "extract.number"
    if node.get("format") in ("date", "date-time"):
        return "extract.date"
    return "extract.span"


def field_kind(schema: dict[str, Any]) -> str:
    """The user-facing kind of a leaf: enum, boolean, score, date, number, integer, string,
    generate."""
    if schema.get("x-generate"):
        return "generate"
    if "enum" in schema or "oneOf" in schema:
        return "enum"
    node, types = _node(schema)
    if "boolean" in types:
        return "boolean"
    mode = leaf_mode(schema)
    if mode == "decide.score":
        return "score"
    if mode == "extract.date":
        return "date"
    if "integer" in types:
        return "integer"
    return "number" if "number" in types else "string"


def schema_modes(schema: dict[str, Any]) -> list[tuple[str, str]]:
    """(pointer with `*` for items, mode) of every leaf, depth-first in schema order."""
    out: list[tuple[str, str]] = []

    def walk(node: dict[str, Any], ptr: str) -> None:
        if node.get("type") == "object":
            for name, sub in node.get("properties", {}).items():
                walk(sub, f"{ptr}/{name}")
        elif node.get("type") == "array":
            walk(node["items"], f"{ptr}/*")
        else:
            out.append((ptr, leaf_mode(node)))

    walk(schema, "")
    return out


def optional_fields(schema: dict[str, Any], value: Any) -> tuple[int, int]:
    """(optional extract fields, of which null or absent), over every array item."""
    fields = missing = 0
    if not isinstance(value, dict):
        return 0, 0
    required = set(schema.get("required", []))
    for name, sub in schema.get("properties", {}).items():
        if sub.get("type") == "object":
            f, m = optional_fields(sub, value.get(name))
        elif sub.get("type") == "array":
            f = m = 0
            for item in value.get(name) or []:
                fi, mi = optional_fields(sub["items"], item)
                f, m = f + fi, m + mi
        elif leaf_mode(sub).startswith("extract"):
            optional = name not in required or "null" in _node(sub)[1]
            f, m = int(optional), int(optional and value.get(name) is None)
        else:
            f = m = 0
        fields, missing = fields + f, missing + m
    return fields, missing


def _kinds(schema: dict[str, Any], in_array: bool = False) -> list[tuple[str, bool]]:
    if schema.get("type") == "object":
        return [k for sub in schema.get("properties", {}).values() for k in _kinds(sub, in_array)]
    if schema.get("type") == "array":
        return _kinds(schema["items"], True)
    return [(field_kind(schema), in_array)]


def summarize(record: dict[str, Any]) -> dict[str, Any]:
    optional, missing = optional_fields(record["schema"], record["value"])
    kinds = _kinds(record["schema"])
    return {"domain": record["domain"], "split": record["split"],
            "modes": [mode for _, mode in schema_modes(record["schema"])],
            "kinds": [k for k, _ in kinds], "array_leaves": sum(a for _, a in kinds),
            "optional": optional, "missing": missing,
            "context_chars": len(record["context"])}


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


PERCENTILES = (50, 90, 99, 100)


def corpus_report(summaries: list[dict[str, Any]]) -> str:
    by_domain: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for s in summaries:
        by_domain[(s["split"], s["domain"])].append(s)
    width = max([20] + [len(domain) for _, domain in by_domain])
    lines = [f"{len(summaries)} records, {len({s['domain'] for s in summaries})} domains",
             f"{'split':<12} {'domain':<{width}} {'records':>7} {'null rate':>9} "
             f"{'p50 tok':>7} {'p90 tok':>7} {'max tok':>7}"]
    for (split, domain), group in sorted(by_domain.items()):
        tokens = [g["context_chars"] / CHARS_PER_TOKEN for g in group]
        opt, miss = sum(g["optional"] for g in group), sum(g["missing"] for g in group)
        lines.append(f"{split:<12} {domain:<{width}} {len(group):>7} "
                     f"{(miss / opt if opt else 0):>9.3f} {percentile(tokens, 50):>7.0f} "
                     f"{percentile(tokens, 90):>7.0f} {max(tokens):>7.0f}")
    splits = Counter(s["split"] for s in summaries)
    lines.append("records per split: " + ", ".join(f"{k} {v}" for k, v in sorted(splits.items())))
    kinds = Counter(k for s in summaries for k in s["kinds"])
    lines.append("field kinds (schema leaves): " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
                 + f"; leaves inside arrays {sum(s['array_leaves'] for s in summaries)}")
    modes = Counter(m for s in summaries for m in s["modes"])
    lines.append("field modes: " + ", ".join(f"{k} {v}" for k, v in sorted(modes.items())))
    opt, miss = sum(s["optional"] for s in summaries), sum(s["missing"] for s in summaries)
    if opt:
        lines.append(f"null rate: {miss}/{opt} optional extract fields = {miss / opt:.3f}")
    if summaries:
        chars = [s["context_chars"] for s in summaries]
        lines.append("context length percentiles (p" + "/p".join(map(str, PERCENTILES)) + "): "
                     + " / ".join(f"{percentile(chars, q):.0f}" for q in PERCENTILES) + " chars, "
                     + " / ".join(f"{percentile(chars, q) / CHARS_PER_TOKEN:.0f}" for q in PERCENTILES)
                     + f" tokens (~{CHARS_PER_TOKEN} chars/token); "
                     + f">= 1,000 tokens: {sum(c >= 1000 * CHARS_PER_TOKEN for c in chars)}, "
                     + f">= 3,000 tokens: {sum(c >= 3000 * CHARS_PER_TOKEN for c in chars)}")
    return "\n".join(lines)
