"""Score one prediction against its gold the way ExtractBench walks a schema.

ExtractBench (ContextualAI/extract-bench) builds an AST of the schema, instantiates gold and
extracted values on it, and evaluates every node whose `evaluation_config` names metrics:

- objects are containers (`skip` by default): their properties are walked;
- `anyOf`/`oneOf` nodes are terminal (its `TestAnyOfSchema`): scored as one value with the
  node's own config; without one, with the config of the branch whose type fits the gold
  value (`_branch_for`), else the first non-null branch's config or type default;
- arrays are terminal with `array_llm` by default: the whole list is one result;
- results are keyed `$.properties.a.properties.b` (its path format) and `metric_id`.

Document figures follow its report (`reporting/outcome_stats.py`, `ReportBuilder`):
`pass_rate` = passed / evaluated (path, metric) results and `overall_score` = their mean
score. Each result also carries the deg pointer of its node (`/a/*/b`) so the runner can
group figures by plan mode.

The deterministic `array_llm` stand-in (`score_array`): items are compared pairwise with
the item schema's own metrics (an object item scores the mean of its fields), paired by an
optimal one-to-one assignment (`alignment.best_assignment`, order-insensitive), and a pair
counts as matched when its similarity >= `match_threshold` (default 0.5). Soft precision =
sum of matched similarities / predicted items, soft recall = the same / gold items, score =
their F1, passed when score >= `pass_threshold` (default 0.5: ExtractBench's own report
example shows an array_llm score of 0.714 as passed). The positional score (item i vs item
i, missing items 0) is reported beside it in the details.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from services.evaluation.alignment import best_assignment
from services.evaluation.refs import RefError, follow_ref
from services.evaluation.fieldscore import (
    MISSING,
    MetricResult,
    MetricSpec,
    absence_reason,
    resolve_config,
    score_leaf,
)

MATCH_THRESHOLD = 0.5
ARRAY_PASS_THRESHOLD = 0.5


@dataclass
class FieldResult:
    path: str          # ExtractBench path: "$.properties.a.properties.b"
    pointer: str       # deg plan pointer: "/a/b" ("*" for array items)
    kind: str          # "leaf" | "array"
    result: MetricResult
    # For an array result: the fields of every gold item (its matched prediction item, or
    # nothing when missed), so figures per mode can see inside arrays. Spurious predicted
    # items have no gold fields; they count against the array's precision only.
    items: list["FieldResult"] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "pointer": self.pointer, "kind": self.kind,
                **self.result.to_dict()}


@dataclass
class DocumentScore:
    fields: list[FieldResult]

    def item_fields(self) -> list[FieldResult]:
        """Every field result inside arrays, nested arrays included (depth first)."""
        def inside(results: list[FieldResult]) -> list[FieldResult]:
            return [x for r in results for x in [r, *inside(r.items)]]

        return [x for f in self.fields for x in inside(f.items)]

    @property
    def evaluated(self) -> int:
        return len(self.fields)

    @property
    def passed(self) -> int:
        return sum(1 for f in self.fields if f.result.passed)

    @property
    def overall_score(self) -> float:
        return sum(f.result.score for f in self.fields) / len(self.fields) if self.fields else 0.0

    @property
    def pass_rate(self) -> float:
        return self.passed / len(self.fields) if self.fields else 0.0


class SchemaWalkError(ValueError):
    """A schema the scorer cannot walk (a non-local or recursive `$ref`)."""


def resolve_ref(node: Any, root: dict, seen: tuple[str, ...] = ()) -> Any:
    """Follow a local `$ref` (chains too); sibling keywords override the target's (as deg does)."""
    if not isinstance(node, dict) or "$ref" not in node:
        return node
    try:
        merged = follow_ref(node, root, seen)
    except RefError as exc:
        raise SchemaWalkError(str(exc)) from None
    return resolve_ref(merged, root, seen + (node["$ref"],))


def node_type(node: dict) -> str | None:
    """The JSON type a node is scored as (first non-null type or branch)."""
    declared = node.get("type")
    if isinstance(declared, str):
        return declared
    if isinstance(declared, list):
        return next((t for t in declared if t != "null"), None)
    for key in ("anyOf", "oneOf"):
        for branch in node.get(key) or []:
            if isinstance(branch, dict):
                branch_type = node_type(branch)
                if branch_type and branch_type != "null":
                    return branch_type
    if "enum" in node:
        values = [v for v in node["enum"] if v is not None]
        if values and all(isinstance(v, str) for v in values):
            return "string"
    if "properties" in node:
        return "object"
    return None


def _array_items(node: dict, root: dict) -> dict:
    """The item schema of an array node, looking through a nullable `anyOf`."""
    if "items" in node:
        return resolve_ref(node["items"], root) if isinstance(node["items"], dict) else {}
    for key in ("anyOf", "oneOf"):
        for branch in node.get(key) or []:
            branch = resolve_ref(branch, root)
            if isinstance(branch, dict) and node_type(branch) == "array":
                return _array_items(branch, root)
    return {}


def _format(node: dict) -> str | None:
    if "format" in node:
        return node["format"]
    for key in ("anyOf", "oneOf"):
        for branch in node.get(key) or []:
            if isinstance(branch, dict) and "format" in branch:
                return branch["format"]
    return None


def score_document(schema: dict, gold: Any, pred: Any) -> DocumentScore:
    """Every evaluated node of `schema` on (gold, pred); `pred` may be anything."""
    fields: list[FieldResult] = []
    _walk(schema, schema, gold, pred, "$", "", fields)
    return DocumentScore(fields)


def _walk(node: Any, root: dict, gold: Any, pred: Any, path: str, pointer: str,
          out: list[FieldResult]) -> None:
    node = resolve_ref(node, root)
    if not isinstance(node, dict):
        return
    json_type = node_type(node)
    is_union = "anyOf" in node or "oneOf" in node
    if json_type == "object" and not is_union and "properties" in node:
        gold_obj = gold if isinstance(gold, dict) else {}
        pred_obj = pred if isinstance(pred, dict) else {}
        for key, child in node["properties"].items():
            _walk(child, root, gold_obj.get(key, MISSING), pred_obj.get(key, MISSING),
                  f"{path}.properties.{key}", f"{pointer}/{key}", out)
        return
    config = node.get("evaluation_config")
    if config is None and is_union:
        node, json_type = _branch_for(node, root, gold, pred, json_type)
        config = node.get("evaluation_config")
    specs = resolve_config(config, json_type, _format(node), path)
    for spec in specs:
        if spec.metric_id == "array_llm":
            item = _array_items(node, root)
            result = score_array(item, root, gold, pred, spec)
            out.append(FieldResult(path, pointer, "array", result,
                                   _gold_item_fields(item, root, gold, pred, result, path, pointer)))
        else:
            out.append(FieldResult(path, pointer, "leaf", score_leaf(spec, gold, pred)))


_JSON_TYPES = {str: "string", bool: "boolean", int: "integer", float: "number", list: "array",
               dict: "object"}


def _branch_for(node: dict, root: dict, gold: Any, pred: Any, json_type: str | None) -> tuple[dict, str | None]:
    """The union branch whose type fits the value (gold, else prediction), for its config.

    ExtractBench schemas put `evaluation_config` on branches (`anyOf [{string, string_exact},
    {integer, integer_exact}, {null}]`); the branch matching the gold value's JSON type
    decides the metric (an integral float counts as integer, an integer fits number).
    Without a fitting branch the first non-null branch is used.
    """
    branches = [resolve_ref(b, root) for b in node.get("anyOf") or node.get("oneOf") or []]
    branches = [b for b in branches if isinstance(b, dict) and node_type(b) not in (None, "null")]
    if not branches:
        return node, json_type
    for value in (gold, pred):
        kind = _JSON_TYPES.get(type(value))
        if kind is None:
            continue
        fits = {kind, "number"} if kind == "integer" else {kind}
        if kind == "number" and float(value).is_integer():
            fits.add("integer")
        for branch in branches:
            if node_type(branch) in fits:
                return branch, node_type(branch)
    return branches[0], node_type(branches[0])


def item_similarity(item: dict, root: dict, gold: Any, pred: Any) -> float:
    """How alike two array items are, in [0, 1], using the item schema's own metrics."""
    fields: list[FieldResult] = []
    _walk(item, root, gold, pred, "$", "", fields)
    if not fields:  # nothing evaluable inside: fall back to plain equality
        return 1.0 if gold == pred else 0.0
    return sum(f.result.score for f in fields) / len(fields)


def _gold_item_fields(item: dict, root: dict, gold: Any, pred: Any, result: MetricResult,
                      path: str, pointer: str) -> list[FieldResult]:
    if not isinstance(gold, list):
        return []
    pairs = result.details.get("structured_output", {}).get("pairs", [])
    partner = {g: p for g, p, _ in pairs}
    fields: list[FieldResult] = []
    for g, gold_item in enumerate(gold):
        pred_item = pred[partner[g]] if g in partner and isinstance(pred, list) else MISSING
        _walk(item, root, gold_item, pred_item, f"{path}.items", f"{pointer}/*", fields)
    return fields


def score_array(item: dict, root: dict, gold: Any, pred: Any, spec: MetricSpec) -> MetricResult:
    """The deterministic stand-in for ExtractBench's `array_llm` (see module docstring)."""
    details: dict[str, Any] = {"gold": None if gold is MISSING else gold,
                               "extracted": None if pred is MISSING else pred}
    reason = absence_reason(gold, pred)
    if reason is not None:
        both = reason.startswith("both")
        return MetricResult(spec.metric_id, 1.0 if both else 0.0, both, {**details, "reason": reason})
    if not isinstance(gold, list) or not isinstance(pred, list):
        return MetricResult(spec.metric_id, 0.0, False, {**details, "reason": "type_mismatch"})
    match_threshold = float(spec.params.get("match_threshold", MATCH_THRESHOLD))
    pass_threshold = float(spec.params.get("pass_threshold", ARRAY_PASS_THRESHOLD))
    table = [[item_similarity(item, root, g, p) for p in pred] for g in gold]  # [gold, pred]
    pairs = [(g, p) for g, p in best_assignment(table) if table[g][p] >= match_threshold]
    matched = sum(table[g][p] for g, p in pairs)
    precision, recall = matched / len(pred), matched / len(gold)
    f1 = 0.0 if matched == 0 else 2 * precision * recall / (precision + recall)
    positional = sum(table[i][i] for i in range(min(len(gold), len(pred)))) / max(len(gold), len(pred))
    matched_gold = {g for g, _ in pairs}
    matched_pred = {p for _, p in pairs}
    details.update({
        "reason": "aligned",
        "judge": "deterministic",
        "structured_output": {
            "matches_summary": {"matched": len(pairs), "missed_gold": len(gold) - len(pairs),
                                "spurious_pred": len(pred) - len(pairs)},
            "aggregate_metrics": {"precision": precision, "recall": recall, "f1": f1},
            "pairs": [[g, p, table[g][p]] for g, p in pairs],
            "missed_gold_items": sorted(set(range(len(gold))) - matched_gold),
            "spurious_pred_items": sorted(set(range(len(pred))) - matched_pred),
        },
        "aligned_score": f1,
        "positional_score": positional,
    })
    return MetricResult(spec.metric_id, f1, f1 >= pass_threshold, details)
