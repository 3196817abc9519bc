"""The determinism report of contract sections 10-11, on real datagen records.

For each record the reference is one fill of its schema. Every other run must give the
**bitwise** same parallel-phase outcome (every decide/extract leaf and every array count,
keyed by concrete pointer) as the reference:

- `repeats`: the same request again (`repeats` runs in all, the reference included);
- `permutations`: the schema with the properties of every object shuffled (seeded);
- `split`: each top-level property as its own request, the outcomes merged;
- `merged`: the schema inside a bigger one (the next record's properties added under
  `extra_*` names), the reference's pointers compared;
- `batched`: the request inside `fill_many` beside another record's request.

"Bitwise" is checked on the canonical JSON of each outcome (`FieldOutcome.to_dict`): Python
floats serialize by their shortest round-trip repr, so two floats print alike exactly when
they are the same double (and `-0.0` differs from `0.0`). No tolerance is used anywhere.
"""
from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from deg import FillOptions, compile_schema, render_context
from degcommon.caps import cap_arrays

CHECKS = ("repeats", "permutations", "split", "merged", "batched")


def outcome_bytes(raw: Any) -> dict[str, str]:
    """Pointer -> canonical JSON of each parallel-phase outcome of a RawFill."""
    out = {f.pointer: json.dumps(f.to_dict(), sort_keys=True) for f in raw.fields if f.mode != "generate"}
    for a in raw.arrays:
        out[a.pointer + "#items"] = json.dumps({"items": a.items, "dropped": a.dropped})
    return out


def permute_properties(schema: Any, rng: random.Random) -> Any:
    """A copy of `schema` with every `properties` mapping in a shuffled order."""
    if isinstance(schema, list):
        return [permute_properties(s, rng) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key == "properties" and isinstance(value, dict):
            names = list(value)
            rng.shuffle(names)
            out[key] = {n: permute_properties(value[n], rng) for n in names}
        elif key in ("enum", "required", "examples", "default"):
            out[key] = copy.deepcopy(value)
        else:
            out[key] = permute_properties(value, rng)
    return out


def split_schema(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """One schema per top-level property (its `required` kept), everything else shared."""
    props = schema.get("properties") or {}
    if not props:
        raise ValueError("a schema without properties cannot be split")
    required = set(schema.get("required") or [])
    parts = []
    for name, sub in props.items():
        part = {k: v for k, v in schema.items() if k not in ("properties", "required")}
        part["properties"] = {name: sub}
        if name in required:
            part["required"] = [name]
        parts.append(part)
    return parts


def merge_schemas(schema: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """`schema` plus `other`'s top-level properties renamed `extra_<name>` (a bigger request)."""
    merged = copy.deepcopy(schema)
    for name, sub in (other.get("properties") or {}).items():
        merged["properties"][f"extra_{name}"] = copy.deepcopy(sub)
    defs = {**(other.get("$defs") or {}), **(schema.get("$defs") or {})}
    if defs:
        merged["$defs"] = defs
    return merged


@dataclass
class CheckResult:
    check: str
    uid: str
    runs: int
    compared: int = 0
    mismatches: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def equal(self) -> bool:
        return not self.mismatches and not self.errors


@dataclass
class DeterminismReport:
    results: list[CheckResult]

    def summary(self) -> dict[str, Any]:
        table = {}
        for check in CHECKS:
            rows = [r for r in self.results if r.check == check]
            if rows:
                table[check] = {"records": len(rows), "runs": sum(r.runs for r in rows),
                                "outcomes_compared": sum(r.compared for r in rows),
                                "mismatches": sum(len(r.mismatches) for r in rows),
                                "errors": sum(len(r.errors) for r in rows),
                                "bitwise_equal": all(r.equal for r in rows)}
        return {"records": len({r.uid for r in self.results}), "checks": table,
                "bitwise_equal": bool(self.results) and all(r.equal for r in self.results)}

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary(), "results": [asdict(r) | {"equal": r.equal} for r in self.results]}

    def markdown(self) -> str:
        s = self.summary()
        lines = ["# Determinism report", "", f"Records: {s['records']}; bitwise equal everywhere: "
                 f"**{s['bitwise_equal']}**", "", "| check | records | runs | outcomes compared | mismatches | errors | bitwise equal |",
                 "| --- | --- | --- | --- | --- | --- | --- |"]
        lines += [f"| {c} | {r['records']} | {r['runs']} | {r['outcomes_compared']} | {r['mismatches']} | "
                  f"{r['errors']} | {r['bitwise_equal']} |" for c, r in s["checks"].items()]
        bad = [r for r in self.results if not r.equal]
        if bad:
            lines += ["", "## Differences", ""]
            lines += [f"- {r.check} {r.uid}: {', '.join((r.mismatches + r.errors)[:10])}" for r in bad]
        return "\n".join(lines) + "\n"


def _compare(result: CheckResult, reference: dict[str, str], got: dict[str, str], *, subset: bool = False) -> None:
    keys = set(reference) if subset else set(reference) | set(got)
    result.compared += len(keys)
    result.mismatches += sorted(k for k in keys if reference.get(k) != got.get(k))


def determinism_report(runtime: Any, records: Sequence[dict[str, Any]], *, repeats: int = 10,
                       permutations: int = 5, seed: int = 0, max_items: int | None = None,
                       progress: bool = True) -> DeterminismReport:
    """Run every check of the module docstring on `records` through `runtime` (a deg Runtime).

    Cost per record: `repeats + permutations + len(properties) + 2` fills (plus one other fill).
    """
    from tqdm import tqdm

    if repeats < 2:
        raise ValueError(f"repeats must be >= 2 to compare anything, got {repeats}")
    if permutations < 1:
        raise ValueError(f"permutations must be >= 1, got {permutations}")
    if not records:
        raise ValueError("no records to check")

    def fill(context: str, schema: dict[str, Any], options: FillOptions) -> dict[str, str]:
        # A fill that raises is an outcome too: the same error must come back every time.
        try:
            return outcome_bytes(runtime.fill(context, compile_schema(schema), options))
        except Exception as error:  # noqa: BLE001
            return {"#error": f"{type(error).__name__}: {error}"}

    results: list[CheckResult] = []
    for i, record in enumerate(tqdm(records, desc="determinism", unit="record", disable=not progress, file=sys.stderr)):
        uid = record["uid"]
        schema = record["schema"] if max_items is None else cap_arrays(record["schema"], max_items)
        other = records[(i + 1) % len(records)]["schema"]
        other = other if max_items is None else cap_arrays(other, max_items)
        context, options = render_context(record["context"]), FillOptions(**(record.get("options") or {}))
        reference = fill(context, schema, options)

        check = CheckResult("repeats", uid, repeats)
        for _ in range(repeats - 1):
            _compare(check, reference, fill(context, schema, options))
        results.append(check)

        check = CheckResult("permutations", uid, permutations)
        rng = random.Random(f"{seed}:{uid}")
        for _ in range(permutations):
            _compare(check, reference, fill(context, permute_properties(schema, rng), options))
        results.append(check)

        parts = split_schema(schema)
        check, merged = CheckResult("split", uid, len(parts)), {}
        for part in parts:
            merged.update(fill(context, part, options))
        _compare(check, reference, merged)
        results.append(check)

        check = CheckResult("merged", uid, 1)
        _compare(check, reference, fill(context, merge_schemas(schema, other), options), subset=True)
        results.append(check)

        # deg_model.runtime loads torch: imported by the run that needs it, so this module (and the
        # CLI's job client) load without the model stack
        from deg_model.runtime import FillJob

        check = CheckResult("batched", uid, 1)
        other_record = records[(i + 1) % len(records)]
        jobs = [FillJob(render_context(other_record["context"]), compile_schema(other), options),
                FillJob(context, compile_schema(schema), options)]
        answer = runtime.fill_many(jobs)[1]
        if isinstance(answer, Exception):
            check.errors.append(f"{type(answer).__name__}: {answer}")
        else:
            _compare(check, reference, outcome_bytes(answer))
        results.append(check)
    return DeterminismReport(results)


def write_determinism_report(report: DeterminismReport, out_dir: Path) -> dict[str, Path]:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": out_dir / "determinism.json", "markdown": out_dir / "determinism.md"}
    paths["json"].write_text(json.dumps(report.to_dict(), indent=2) + "\n", encoding="utf-8")
    paths["markdown"].write_text(report.markdown(), encoding="utf-8")
    return paths
