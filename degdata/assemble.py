"""Turn a domain's draft (facts + written document + field specs) into a record's
schema, gold value, spans, span alternatives and decide answers.

Two passes, because a schema is written once but an array's item schema serves every
item: `_plan` draws the schema (which fields, names, wording, required / nullable /
optional) from the field specs and from *all* facts at that level, then `_fill` walks the
facts and emits values and gold for the fields the schema asked for.

Null and optional policy (contract section 4): a fact the domain marks `optional`, or
that is missing anywhere at its level in this record, becomes a nullable field (value
`null` when absent; 70%) or an optional one (key omitted when absent); the nullable form
is mostly `type: [X, "null"]`, sometimes `anyOf: [X, {type: null}]`. Facts that are always
written are mostly required. Decide fields are always filled (the contract fills them
even when optional), so their `required` is drawn freely.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from deg.pointer import escape

from .doc import Doc, Path
from .fields import DECIDE_KINDS, Field

_LEAF_TYPES = {"text": "string", "number": "number", "integer": "integer", "date": "string"}


@dataclass
class Draft:
    """What a domain module returns: the document, its facts, and what can be asked."""

    title: tuple[str, ...]                     # schema title variants
    fields: list[Field]
    facts: dict[str, Any]                      # logical key -> value; None = not in the document
    doc: Doc
    evidence: dict[Path, str] = field(default_factory=dict)  # decide path -> why


@dataclass
class _Chosen:
    field: Field
    name: str
    required: bool
    nullable: bool
    schema: dict[str, Any]
    children: list["_Chosen"]


def _missing_anywhere(f: Field, level: list[dict]) -> bool:
    return any(facts.get(f.key) is None for facts in level)


def _children_level(f: Field, level: list[dict]) -> list[dict]:
    if f.kind == "object":
        return [facts[f.key] for facts in level]
    return [item for facts in level for item in facts.get(f.key) or []]


def _describe(rng: random.Random, f: Field, schema: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if rng.random() < 0.85:
        out["title"] = f.title
    if f.descriptions and rng.random() < 0.9:
        out["description"] = rng.choice(f.descriptions)
    out.update(schema)
    return out


def _nullable_form(rng: random.Random, base: dict[str, Any]) -> dict[str, Any]:
    if rng.random() < 0.2:
        return {"anyOf": [base, {"type": "null"}]}
    out = dict(base)
    out["type"] = [base["type"], "null"]
    return out


def _leaf_schema(rng: random.Random, f: Field) -> dict[str, Any]:
    base: dict[str, Any] = {"type": _LEAF_TYPES[f.kind]}
    if f.kind == "date":
        base["format"] = "date"
    if f.kind == "text" and f.format:
        base["format"] = f.format
    if f.kind in ("number", "integer") and f.minimum is not None and rng.random() < 0.4:
        base["minimum"] = f.minimum
    return base


def _decide_schema(rng: random.Random, f: Field) -> dict[str, Any]:
    if f.kind == "flag":
        return {"type": ["boolean", "null"] if f.nullable_decide else "boolean"}
    if f.kind == "score":
        lo, hi = f.levels[0][0], f.levels[-1][0]
        schema: dict[str, Any] = {"type": ["integer", "null"] if f.nullable_decide else "integer",
                                  "minimum": lo, "maximum": hi}
        if rng.random() < 0.85:
            schema["x-levels"] = {str(level): label for level, label in f.levels}
        return schema
    options = list(f.options)
    if f.option_descriptions and not f.nullable_decide and rng.random() < 0.4:
        return {"oneOf": [{"const": value, "description": text}
                          for value, text in zip(options, f.option_descriptions)]}
    if f.nullable_decide:
        options.append(None)
    schema = {"enum": options}
    if not f.nullable_decide and rng.random() < 0.5:
        schema = {"type": "string", **schema}
    return schema


def _plan(rng: random.Random, fields: list[Field], level: list[dict]) -> list[_Chosen]:
    chosen: list[_Chosen] = []
    for f in fields:
        if rng.random() >= f.keep:
            continue
        name = rng.choice(f.names)
        children: list[_Chosen] = []
        nullable = False
        if f.kind in DECIDE_KINDS:
            required = rng.random() < 0.6
            schema = _decide_schema(rng, f)
        elif f.kind == "generate":
            required = rng.random() < 0.5
            schema = {"type": "string", "x-generate": True, "x-max-tokens": f.max_tokens}
        elif f.kind in ("items", "object"):
            sub = _children_level(f, level)
            children = _plan(rng, list(f.children), sub) or _plan(
                rng, [_always(f.children[0])], sub)
            node = {"type": "object",
                    "properties": {c.name: c.schema for c in children},
                    "required": [c.name for c in children if c.required]}
            if f.kind == "object":
                required, schema = True, node
            else:
                required = rng.random() < 0.7
                schema = {"type": "array", "items": node}
        elif f.kind == "strings":
            required = rng.random() < 0.7
            schema = {"type": "array", "items": {"type": "string"}}
        else:
            base = _leaf_schema(rng, f)
            if f.optional or _missing_anywhere(f, level):
                nullable = rng.random() < 0.7
                required = nullable and rng.random() < 0.5
            else:
                roll = rng.random()
                nullable = 0.8 <= roll < 0.9
                required = roll < 0.9
            schema = _nullable_form(rng, base) if nullable else base
        chosen.append(_Chosen(f, name, required, nullable, _describe(rng, f, schema), children))
    if len({c.name for c in chosen}) != len(chosen):
        raise ValueError(f"duplicate property names {[c.name for c in chosen]}")
    return chosen


def _always(f: Field) -> Field:
    return replace(f, keep=1.0)


class _Gold:
    def __init__(self, doc: Doc, evidence: dict[Path, str]) -> None:
        self.doc, self.evidence = doc, evidence
        self.spans: dict[str, list[int]] = {}
        self.alternatives: dict[str, list[list[int]]] = {}
        self.decide: dict[str, dict[str, Any]] = {}

    def span(self, path: Path, ptr: str) -> None:
        if path not in self.doc.spans:
            raise ValueError(f"no text written for {path} ({ptr})")
        self.spans[ptr] = list(self.doc.spans[path])
        if path in self.doc.alternatives:
            self.alternatives[ptr] = [list(s) for s in self.doc.alternatives[path]]

    def fill(self, chosen: list[_Chosen], facts: dict, path: Path, ptr: str) -> dict:
        value: dict[str, Any] = {}
        for c in chosen:
            f, here, at = c.field, path + (c.field.key,), f"{ptr}/{escape(c.name)}"
            fact = facts.get(f.key)
            if f.kind in DECIDE_KINDS:
                if here not in self.evidence:
                    raise ValueError(f"decide field {here} has no evidence")
                value[c.name] = fact
                self.decide[at] = {"answer": fact, "evidence": self.evidence[here]}
            elif f.kind == "generate":
                if not fact:
                    raise ValueError(f"generate field {here} has no gold text")
                value[c.name] = fact
            elif f.kind == "object":
                value[c.name] = self.fill(c.children, fact, here, at)
            elif f.kind == "items":
                value[c.name] = [self.fill(c.children, item, here + (i,), f"{at}/{i}")
                                 for i, item in enumerate(fact or [])]
            elif f.kind == "strings":
                value[c.name] = list(fact or [])
                for i in range(len(value[c.name])):
                    self.span(here + (i,), f"{at}/{i}")
            elif fact is None:
                if c.required and not c.nullable:
                    raise ValueError(f"{here} is missing but the schema requires it")
                if c.nullable:
                    value[c.name] = None
            else:
                value[c.name] = fact
                self.span(here, at)
        return value


def assemble(draft: Draft, rng: random.Random) -> dict[str, Any]:
    """Draw a schema for `draft` and return {schema, value, spans, span_alternatives, decide}."""
    chosen = _plan(rng, draft.fields, [draft.facts])
    schema: dict[str, Any] = {}
    if rng.random() < 0.3:
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = rng.choice(draft.title)
    schema["type"] = "object"
    schema["properties"] = {c.name: c.schema for c in chosen}
    schema["required"] = [c.name for c in chosen if c.required]
    if rng.random() < 0.3:
        schema["additionalProperties"] = False
    gold = _Gold(draft.doc, draft.evidence)
    value = gold.fill(chosen, draft.facts, (), "")
    return {"schema": schema, "value": value, "spans": gold.spans,
            "span_alternatives": gold.alternatives, "decide": gold.decide}
