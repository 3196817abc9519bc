"""Schema acceptance: how many of the schemas users bring deg compiles, strict vs default.

    .venv/bin/python benchmarks/schema_acceptance.py [--verbose]

The corpus (`corpus()`): one pydantic model per common field type (the 24 of the acceptance
list, then a few more), and hand-written real-world-like schemas: an OpenAI function-calling
schema, an OpenAI structured-output schema, an OpenAPI component, a GitHub-action-like
metadata schema, a Kubernetes-like object with `x-kubernetes-*` extensions, a SchemaStore-like
package manifest, an event envelope, and unions deg still refuses (a discriminated union, a
union of objects). It prints, per source, how many compile with `strict=True` (contract
sections 2-5 exactly) and with the default loose reading, and with `--verbose` the first
refusal of each schema. `packaged()` adds the JSON Schemas installed packages ship
(setuptools' pyproject schemas, the OpenAPI 2.0/3.x document schemas, JSON Schema
meta-schemas), where present.

`synthetic_fill(plan, found=...)` builds a plausible raw outcome for every leaf and array of a
plan (a reading of candidate texts that the leaf's own reader accepts, or nothing found), so
`tests/deg/test_schema_acceptance.py` can check that every accepted schema's assembled value
is valid against the user's original schema.
"""
from __future__ import annotations

import argparse
import datetime
import decimal
import enum
import itertools
import uuid
from typing import Annotated, Any, Literal, Optional, Union

import pydantic

from deg import compile_schema
from deg.errors import SchemaError
from deg.outcomes import (ArrayOutcome, FieldOutcome, RawFill, choice_outcome, generate_outcome,
                          noul_outcome, read_span, score_outcome)
from deg.plan import EXTRACT_MODES, FillPlan, is_branch_segment
from deg.pointer import pointer_of


# ---------------------------------------------------------------- pydantic field types


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


class Only(enum.Enum):
    ONE = "one"


class Address(pydantic.BaseModel):
    street: str
    city: str
    zip_code: Optional[str] = None


class Line(pydantic.BaseModel):
    sku: str
    quantity: int
    price: decimal.Decimal


FIELD_TYPES: dict[str, Any] = {
    "str": str,
    "int": int,
    "float": float,
    "bool": bool,
    "Optional[str]": Optional[str],
    "Optional[int]": Optional[int],
    "list[str]": list[str],
    "Optional[list[str]]": Optional[list[str]],
    "Optional[Model]": Optional[Address],
    "dict[str, str]": dict[str, str],
    "Enum": Color,
    "one-member Enum": Only,
    'Literal["x"]': Literal["x"],
    'Literal["a", "b"]': Literal["a", "b"],
    "datetime.date": datetime.date,
    "datetime.datetime": datetime.datetime,
    "datetime.time": datetime.time,
    "Decimal": decimal.Decimal,
    "Union[int, str]": Union[int, str],
    "tuple[str, int]": tuple[str, int],
    "nested model": Address,
    "list[Model]": list[Line],
    "uuid.UUID": uuid.UUID,
    "HttpUrl": pydantic.HttpUrl,
}
EXTRA_FIELD_TYPES: dict[str, Any] = {
    "Annotated[int, 1..5]": Annotated[int, pydantic.Field(ge=1, le=5)],
    "Annotated[str, pattern]": Annotated[str, pydantic.Field(pattern=r"^[A-Z]{3}$")],
    "set[str]": set[str],
    "dict[str, int]": dict[str, int],
    "Optional[bool]": Optional[bool],
    "list[list[int]]": list[list[int]],
    "datetime.timedelta": datetime.timedelta,
    "Optional[Decimal]": Optional[decimal.Decimal],
    "Optional[Literal['x']]": Optional[Literal["x"]],
    "Any": Any,
}


def _field_model(name: str, annotation: Any) -> dict[str, Any]:
    model = pydantic.create_model("Doc", value=(annotation, ...), note=(Optional[str], None))
    return model.model_json_schema()


class Invoice(pydantic.BaseModel):
    """A plain invoice, as a new user writes it."""

    number: str
    issued: datetime.date
    due: Optional[datetime.date] = None
    currency: Literal["EUR", "USD"] = "EUR"
    seller: Address
    buyer: Optional[Address] = None
    lines: list[Line]
    notes: Optional[list[str]] = None
    total: decimal.Decimal
    paid: bool = False
    tags: dict[str, str] = {}


class Cat(pydantic.BaseModel):
    kind: Literal["cat"]
    lives: int


class Dog(pydantic.BaseModel):
    kind: Literal["dog"]
    breed: str


class Pet(pydantic.BaseModel):
    pet: Union[Cat, Dog] = pydantic.Field(discriminator="kind")


# ---------------------------------------------------------------- real-world-like schemas

OPENAI_FUNCTION = {
    "name": "get_weather", "description": "Current weather for a city",
    "parameters": {
        "type": "object",
        "properties": {
            "location": {"type": "string", "description": "City and country, e.g. Paris, France"},
            "unit": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit", None]},
            "days": {"type": "integer", "minimum": 1, "maximum": 14},
        },
        "required": ["location", "unit", "days"],
        "additionalProperties": False,
    },
    "strict": True,
}

OPENAI_STRUCTURED = {
    "type": "object",
    "properties": {
        "steps": {"type": "array", "items": {"$ref": "#/$defs/step"}},
        "final_answer": {"type": "string"},
        "confidence": {"anyOf": [{"type": "number"}, {"type": "null"}]},
    },
    "$defs": {"step": {"type": "object", "additionalProperties": False,
                       "properties": {"explanation": {"type": "string"},
                                      "output": {"type": "string"}},
                       "required": ["explanation", "output"]}},
    "required": ["steps", "final_answer", "confidence"],
    "additionalProperties": False,
}

OPENAPI_COMPONENT = {
    "type": "object",
    "required": ["id", "name"],
    "properties": {
        "id": {"type": "integer", "format": "int64", "readOnly": True, "example": 10},
        "name": {"type": "string", "example": "doggie", "xml": {"name": "name"}},
        "status": {"type": "string", "description": "pet status in the store",
                   "enum": ["available", "pending", "sold"]},
        "photoUrls": {"type": "array", "xml": {"wrapped": True},
                      "items": {"type": "string", "xml": {"name": "photoUrl"}}},
        "category": {"allOf": [{"$ref": "#/components/Category"}],
                     "description": "the pet's category"},
    },
    "components": {"Category": {"type": "object", "properties": {
        "id": {"type": "integer", "format": "int64"}, "name": {"type": "string"}}}},
    "xml": {"name": "pet"},
}

GITHUB_ACTION = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "GitHub Action metadata",
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "The name of your action"},
        "author": {"type": "string"},
        "description": {"type": "string"},
        "inputs": {"type": "object", "patternProperties": {
            "^[_a-zA-Z][a-zA-Z0-9_-]*$": {"type": "object", "properties": {
                "description": {"type": "string"}, "required": {"type": "boolean"},
                "default": {"type": "string"}}}},
            "additionalProperties": False},
        "branding": {"type": "object", "properties": {
            "color": {"type": "string", "enum": ["white", "yellow", "blue", "green", "red"]},
            "icon": {"type": "string"}}},
        "runs": {"type": "object", "properties": {
            "using": {"type": "string", "enum": ["node20", "docker", "composite"]},
            "main": {"type": "string"}, "image": {"type": "string"}}, "required": ["using"]},
    },
    "required": ["name", "description", "runs"],
}

GITHUB_ACTION_RUNS_UNION = {
    "type": "object",
    "properties": {"runs": {"oneOf": [
        {"type": "object", "properties": {"using": {"const": "node20"}, "main": {"type": "string"}},
         "required": ["using", "main"]},
        {"type": "object", "properties": {"using": {"const": "docker"}, "image": {"type": "string"}},
         "required": ["using", "image"]},
    ]}},
}

_K8S_CONTAINER = {
    "type": "object", "required": ["name"],
    "properties": {
        "name": {"type": "string"},
        "image": {"type": "string"},
        "ports": {"type": "array", "items": {"type": "object", "properties": {
            "containerPort": {"type": "integer", "format": "int32"}}}},
        "resources": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
    },
}
K8S_DEPLOYMENT = {
    "type": "object",
    "x-kubernetes-group-version-kind": [{"group": "apps", "kind": "Deployment", "version": "v1"}],
    "properties": {
        "apiVersion": {"type": "string", "const": "apps/v1"},
        "kind": {"type": "string", "enum": ["Deployment"]},
        "metadata": {"type": "object", "properties": {
            "name": {"type": "string"},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "annotations": {"type": "object", "additionalProperties": {"type": "string"}}}},
        "spec": {"type": "object", "properties": {
            "replicas": {"type": "integer", "format": "int32"},
            "maxSurge": {"anyOf": [{"type": "integer"}, {"type": "string"}],
                         "x-kubernetes-int-or-string": True},
            "containers": {"type": "array", "x-kubernetes-list-type": "map",
                           "x-kubernetes-list-map-keys": ["name"],
                           "x-kubernetes-patch-strategy": "merge",
                           "x-kubernetes-patch-merge-key": "name",
                           "items": _K8S_CONTAINER},
        }},
    },
    "required": ["apiVersion", "kind", "metadata"],
}

PACKAGE_MANIFEST = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "package manifest",
    "type": "object",
    "definitions": {"person": {"type": "object", "properties": {
        "name": {"type": "string"}, "email": {"type": "string", "format": "email"},
        "url": {"type": "string", "format": "uri"}}, "required": ["name"]},
        "deps": {"type": "object", "additionalProperties": {"type": "string"}}},
    "properties": {
        "name": {"type": "string", "maxLength": 214, "minLength": 1},
        "version": {"type": "string"},
        "keywords": {"type": "array", "items": {"type": "string"}},
        "homepage": {"type": "string", "format": "uri", "tsType": "string"},
        "license": {"anyOf": [{"type": "string"}, {"enum": ["MIT", "ISC"]}]},
        "author": {"$ref": "#/definitions/person"},
        "scripts": {"type": "object", "patternProperties": {"^.+$": {"type": "string"}}},
        "dependencies": {"$ref": "#/definitions/deps"},
        "private": {"type": "boolean", "markdownDescription": "refuse to publish"},
        "engines": {"type": "object", "additionalProperties": {"type": "string"}},
    },
}

EVENT_ENVELOPE = {
    "type": "object",
    "properties": {
        "specversion": {"const": "1.0"},
        "id": {"type": "string", "minLength": 1},
        "source": {"type": "string", "format": "uri-reference", "minLength": 1},
        "type": {"type": "string", "minLength": 1},
        "time": {"type": "string", "format": "date-time"},
        "datacontenttype": {"type": "string"},
        "data": {"type": ["object", "string", "number", "array", "boolean", "null"]},
    },
    "required": ["specversion", "id", "source", "type"],
}

SERVICE_CONFIG = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {
        "url": {"type": "string", "format": "uri"},
        "path": {"type": "string", "minLength": 1},
        "retries": {"type": "integer", "minimum": 0, "default": 3},
        "timeout": {"type": "string", "pattern": "^[0-9]+(ms|s)$", "examples": ["30s"]},
    },
    "anyOf": [{"required": ["url"]}, {"required": ["path"]}],
    "additionalProperties": False,
}

STRING_ROOT = {"type": "string", "description": "the customer's name"}
ARRAY_ROOT = {"type": "array", "items": {"type": "object", "properties": {
    "name": {"type": "string"}, "qty": {"type": "integer"}}, "required": ["name"]}}


def corpus() -> list[tuple[str, str, Any]]:
    """(source, name, schema) for every schema of the measurement."""
    out = [("pydantic field types", name, _field_model(name, annotation))
           for name, annotation in FIELD_TYPES.items()]
    out += [("pydantic extras", name, _field_model(name, annotation))
            for name, annotation in EXTRA_FIELD_TYPES.items()]
    out += [("pydantic documents", "Invoice", Invoice.model_json_schema()),
            ("pydantic documents", "discriminated Pet", Pet.model_json_schema())]
    out += [("real-world-like", name, schema) for name, schema in (
        ("OpenAI function parameters", OPENAI_FUNCTION["parameters"]),
        ("OpenAI structured output", OPENAI_STRUCTURED),
        ("OpenAPI component", OPENAPI_COMPONENT),
        ("GitHub action metadata", GITHUB_ACTION),
        ("GitHub action runs union", GITHUB_ACTION_RUNS_UNION),
        ("Kubernetes deployment", K8S_DEPLOYMENT),
        ("package manifest", PACKAGE_MANIFEST),
        ("event envelope", EVENT_ENVELOPE),
        ("service config", SERVICE_CONFIG),
        ("string root", STRING_ROOT),
        ("array root", ARRAY_ROOT),
    )]
    return out


# JSON Schemas that installed packages ship (found at run time; absent ones are left out).
PACKAGED = ("setuptools/config/setuptools.schema.json", "setuptools/config/distutils.schema.json",
            "openapi_spec_validator/resources/schemas/v2.0/schema.json",
            "openapi_spec_validator/resources/schemas/v3.0/schema.json",
            "openapi_spec_validator/resources/schemas/v3.1/schema.json",
            "jsonschema_specifications/schemas/draft7/metaschema.json",
            "jsonschema_specifications/schemas/draft202012/metaschema.json")


def packaged() -> list[tuple[str, str, Any]]:
    """(source, name, schema) of the JSON Schemas shipped by installed packages."""
    import importlib.util
    import json
    import pathlib

    out = []
    for relative in PACKAGED:
        package, _, rest = relative.partition("/")
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            continue
        path = pathlib.Path(list(spec.submodule_search_locations)[0]) / rest
        if path.is_file():
            out.append(("packaged JSON Schemas", relative, json.loads(path.read_text("utf-8"))))
    return out


def compiles(schema: Any, strict: bool) -> tuple[bool, str]:
    try:
        compile_schema(schema, strict=strict)
    except SchemaError as exc:
        first = exc.errors[0]
        return False, f"{'/'.join(map(str, first['loc']))}: {first['msg']}"
    return True, ""


# ---------------------------------------------------------------- synthetic fills

_TEXTS = ("Acme Ltd", "7", "42", "3.0.3", "3.5", "2024-03-01", "2024-03-01T10:30:00Z", "ann@example.com",
          "https://example.com/a", "123e4567-e89b-12d3-a456-426614174000", "ABC", "12:30:00Z")
_GENERATED = "A short written reply."


def _extract(field, pointer: str, found: bool) -> FieldOutcome:
    if found:
        for start, text in enumerate(_TEXTS):
            reading = read_span(field, text)
            if reading.valid:
                return FieldOutcome(pointer=pointer, plan_pointer=field.pointer, mode=field.mode,
                                    value=reading.value, found=True, confidence=0.9,
                                    span=(start, start + len(text)))
    return FieldOutcome(pointer=pointer, plan_pointer=field.pointer, mode=field.mode, value=None,
                        found=False, null_reason="not_found", confidence=0.5)


def _leaf(field, pointer: str, found: bool) -> FieldOutcome:
    if field.mode in EXTRACT_MODES:
        return _extract(field, pointer, found)
    if field.mode == "decide.noul":
        return noul_outcome(field, pointer, 0.8)
    if field.mode == "decide.choice":
        count = len(field.options)
        return choice_outcome(field, pointer, [0.6] + [0.4 / (count - 1)] * (count - 1))
    if field.mode == "decide.score":
        count = len(field.levels) + (1 if field.null_outcome else 0)
        return score_outcome(field, pointer, [0.6] + [0.4 / (count - 1)] * (count - 1))
    low = field.constraint("minLength", 0)
    high = field.constraint("maxLength", len(_GENERATED))
    text = (_GENERATED * (1 + low // len(_GENERATED)))[:max(low, min(high, len(_GENERATED)))]
    return generate_outcome(field, pointer, text, 5)


def _instances(path: tuple[str, ...], counts: dict[str, int]) -> list[list[str | int]]:
    """Every concrete pointer (as segments) of plan `path`, given the array counts so far."""
    out: list[list[str | int]] = [[]]
    for name in path:
        if name != "*":
            out = [segments + [name] for segments in out]
            continue
        out = [segments + [index] for segments in out
               for index in range(counts.get(pointer_of(segments), 0))]
    return out


def _chosen_branches(plan: FillPlan, branch: int) -> dict[tuple[str, ...], int]:
    """Union path -> the branch a synthetic fill takes (`branch`, modulo the branch count)."""
    return {u.path: branch % u.branches for u in plan.unions}


def _in_chosen(path: tuple[str, ...], chosen: dict[tuple[str, ...], int]) -> bool:
    """Whether every union branch segment of `path` is the branch its union took."""
    for index, segment in enumerate(path):
        if is_branch_segment(segment) and chosen.get(path[:index]) != int(segment[1:]):
            return False
    return True


def synthetic_fill(plan: FillPlan, found: bool = True, branch: int = 0) -> RawFill:
    """A plausible raw outcome for every leaf and array of `plan`.

    found=True: every extract leaf reads the first candidate text its reader accepts, arrays
    have 2 items (1 when unique, within minItems/maxItems). found=False: nothing is found and
    arrays have their minItems. Every union takes branch `branch` (modulo its branch count):
    its choice leaf decides it and only that branch's nodes have outcomes."""
    chosen = _chosen_branches(plan, branch)
    counts: dict[str, int] = {}
    arrays: list[ArrayOutcome] = []
    for array in plan.arrays:  # pre-order: an array's enclosing arrays come first
        if not _in_chosen(array.path, chosen):
            continue
        wanted = (1 if array.unique_items else 2) if found else 0
        wanted = max(wanted, array.min_items)
        if array.max_items is not None:
            wanted = min(wanted, array.max_items)
        for segments in _instances(array.path, counts):
            counts[pointer_of(segments)] = wanted
            arrays.append(ArrayOutcome(pointer_of(segments), array.pointer, wanted))
    unions = {u.choice: u for u in plan.unions}
    fields = []
    for field in plan.fields:
        if not _in_chosen(field.path, chosen):
            continue
        for segments in _instances(field.path, counts):
            if field.pointer in unions:
                pick = chosen[unions[field.pointer].path]
                count = len(field.options)
                weights = [0.4 / (count - 1) if count > 1 else 0.0] * count
                weights[pick] = 0.6 if count > 1 else 1.0
                fields.append(choice_outcome(field, pointer_of(segments), weights))
            else:
                fields.append(_leaf(field, pointer_of(segments), found))
    return RawFill(fields=fields, arrays=arrays, prompt_tokens=10, generated_tokens=0)


# ---------------------------------------------------------------- report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print each schema's refusal")
    args = parser.parse_args()
    rows = corpus() + packaged()
    print(f"{'source':<24} {'schemas':>7} {'strict':>7} {'default':>8}")
    totals = [0, 0, 0]
    for source, group in itertools.groupby(rows, key=lambda row: row[0]):
        group = list(group)
        strict = sum(compiles(schema, True)[0] for _, _, schema in group)
        loose = sum(compiles(schema, False)[0] for _, _, schema in group)
        totals = [totals[0] + len(group), totals[1] + strict, totals[2] + loose]
        print(f"{source:<24} {len(group):>7} {strict:>7} {loose:>8}")
    print(f"{'all':<24} {totals[0]:>7} {totals[1]:>7} {totals[2]:>8}")
    if args.verbose:
        for source, name, schema in rows:
            for strict in (True, False):
                ok, why = compiles(schema, strict)
                if not ok:
                    print(f"  [{'strict' if strict else 'default'}] {source} / {name}: {why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
