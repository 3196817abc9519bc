"""The generate phase of a fill (contract 7.3): after the drops, every x-generate leaf.

The KNOWN VALUES block (every value of the response so far: decided, extracted, and the
nulls of nullable leaves, in leaf order) extends each request's trunk state once; every
generate leaf of a surviving item forks that state with only its own header, and the rows of
ALL requests decode together under their length/pattern constraints (`generate.generate_rows`).
A request whose block, headers or decoding fail gets its own exception; the others go on.
The generated outcomes are merged back in leaf order.
"""
from __future__ import annotations

import torch

from deg.outcomes import FieldOutcome, RawFill, generate_outcome
from deg.plan import CHOICE_SEGMENT, FieldPlan, FillPlan, value_path
from deg.pointer import concretize, pointer_of, split
from deg.response import chosen_branches, on_chosen_branches

from ..backbone import Backbone
from ..lora import LoraAdapters
from ..tokenize import PromptLayout
from . import layout as L
from .generate import GenerateRow, generate_rows
from .jobs import JobRun, guard
from .questions import QuestionBuilder

__all__ = ["generate_phase", "leaf_order"]


def generate_phase(backbone: Backbone, layout: PromptLayout, lines: QuestionBuilder, runs: list[JobRun], *,
                   adapters: LoraAdapters | None = None) -> None:
    """The generate phase of every run with x-generate fields: each run's trunk is extended
    by its own KNOWN VALUES block (read the way the trunk was: `adapters`' context adapter),
    then the rows of all runs decode together (adapter-off)."""
    rows: list[GenerateRow] = []
    owners: list[JobRun] = []
    for run in runs:
        if not any(f.mode == "generate" for f in run.plan.fields):
            continue
        built = guard(run, _rows_of, backbone, layout, lines, run, len(owners), adapters)
        if built:
            rows += built
            owners += [run] * len(built)
    results = generate_rows(backbone, layout, rows)
    done: dict[int, list] = {}
    for row, run, result in zip(rows, owners, results):
        if isinstance(result, Exception):
            if run.error is None:
                run.error = result
            continue
        done.setdefault(id(run), []).append((row, result))
    for run in runs:
        if run.error is None and id(run) in done:
            guard(run, _merge, run, done[id(run)])


def _rows_of(backbone: Backbone, layout: PromptLayout, lines: QuestionBuilder, run: JobRun,
             group: int, adapters: LoraAdapters | None = None) -> list[GenerateRow]:
    plan, raw, options = run.plan, run.raw, run.options
    order = leaf_order(plan)
    known = [(_shown(o.pointer), o.value) for o in sorted(raw.fields, key=order)
             if o.mode != "generate" and _known(o, plan)]
    backbone.extend(run.state, layout.encode_fork(L.known_values_block(known)), adapters=adapters)
    rows: list[GenerateRow] = []
    for f, pointer, item_path in _generate_instances(plan, raw):
        shown = _shown(pointer)
        ids = torch.cat([lines.encode(line) for line in L.generate_header(f, shown, item_path)]
                        + [layout.generation_opener()])
        budget = f.max_tokens or options.max_new_tokens
        rows.append(GenerateRow(f, pointer, ids, budget, prefix=run.state,
                                temperature=float(options.temperature or 0.0), seed=options.seed,
                                group=group))
    return rows


def _merge(run: JobRun, results: list) -> None:
    raw, order = run.raw, leaf_order(run.plan)
    gen = [generate_outcome(row.field, row.pointer, text, n) for row, (text, n) in results]
    total = sum(n for _, (_, n) in results)
    run.stats["generated_tokens"] = total
    merged = sorted(list(raw.fields) + gen, key=order)
    run.raw = RawFill(fields=merged, arrays=raw.arrays, prompt_tokens=raw.prompt_tokens, generated_tokens=total)


def _shown(pointer: str) -> str:
    """A concrete pointer as the model reads it: union branch and choice segments removed."""
    segments = value_path(tuple(split(pointer)))
    return pointer_of(segments[:-1] if segments and segments[-1] == CHOICE_SEGMENT else segments)


def _generate_instances(plan: FillPlan, raw: RawFill):
    """(field, concrete pointer, item path) of every generate leaf in surviving items."""
    counts = {a.pointer: a.items for a in raw.arrays}
    taken = chosen_branches(plan, raw)
    for f in plan.fields:
        if f.mode != "generate":
            continue
        for indices in _index_tuples(f, counts, plan):
            segments = concretize(f.path, indices)
            if on_chosen_branches(f.path, segments, taken):  # a union asks only its branch
                yield f, pointer_of(segments), tuple(zip(f.arrays, indices))


def _index_tuples(f: FieldPlan, counts: dict[str, int], plan: FillPlan) -> list[tuple[int, ...]]:
    """Every combination of item indices for the arrays enclosing f, from the arrays' outcomes."""
    results: list[tuple[int, ...]] = [()]
    for arr_ptr in f.arrays:
        arr = plan.array_at(arr_ptr)
        results = [prefix + (i,) for prefix in results
                   for i in range(counts.get(pointer_of(concretize(arr.path, prefix)), 0))]
    return results


def _known(outcome: FieldOutcome, plan: FillPlan) -> bool:
    """Is this outcome a value of the response? (An omitted optional leaf is not; a nullable
    leaf's null is, as it appears in the value.)"""
    return outcome.found or plan.field_at(outcome.plan_pointer).on_null == "null"


def leaf_order(plan: FillPlan):
    """A sort key putting outcomes in leaf order: depth-first, schema order, items by index
    (`/items/0/name`, `/items/0/price`, `/items/1/name`, ...), as the value reads."""
    rank: dict[tuple[str, ...], int] = {}
    for i, f in enumerate(plan.fields):
        for depth in range(1, len(f.path) + 1):
            rank.setdefault(f.path[:depth], i)
    paths = {f.pointer: f.path for f in plan.fields}

    def key(outcome: FieldOutcome) -> tuple[tuple[int, int], ...]:
        path = paths[outcome.plan_pointer]
        concrete = outcome.pointer.split("/")[1:]
        return tuple((rank[path[:d + 1]], int(concrete[d]) if seg == "*" else 0)
                     for d, seg in enumerate(path))
    return key
