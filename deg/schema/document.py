"""First gate of the compiler: is the input a bounded JSON document and a valid JSON Schema?

`copy_document` walks the input iteratively (no Python recursion, so a document nested
thousands of levels deep cannot crash the process) and builds the deep copy the compiler works
on, checking on the way that every value is JSON (dict with string keys, list, string, finite
number, boolean, null) and that the document stays within fixed limits. The limits keep every
later step (meta-schema validation, the walk, `$ref` expansion) well under a second:

- `MAX_DEPTH` nested containers (objects/arrays) in the document;
- `MAX_NODES` JSON values in all;
- `MAX_TEXT_CHARS` characters of keys and strings in all.

`meta_validate` then checks the copy against the meta-schema of its draft (`$schema`, default
2020-12; also 2019-09, draft-07, -06 and -04) with `jsonschema`'s own validators and returns
every violation. Draft-03 is refused, and so are unknown `$schema` URIs in strict mode (the
loose reading reads them as 2020-12, with a plan warning).
"""
from __future__ import annotations

import math
from typing import Any

from jsonschema import validators

from deg.errors import SchemaError, problem

MAX_DEPTH = 128
MAX_NODES = 20_000
MAX_TEXT_CHARS = 2_000_000
MAX_MESSAGE_CHARS = 300

SUPPORTED_DRAFTS: dict[type, str] = {
    validators.Draft202012Validator: "2020-12",
    validators.Draft201909Validator: "2019-09",
    validators.Draft7Validator: "draft-07",
    validators.Draft6Validator: "draft-06",
    validators.Draft4Validator: "draft-04",
}
DEFAULT_DRAFT = validators.Draft202012Validator


def _json_type_name(value: Any) -> str:
    return type(value).__name__


def copy_document(schema: Any) -> dict[str, Any]:
    """A checked deep copy of `schema`; raises `SchemaError` for non-JSON or oversized input."""
    if not isinstance(schema, dict):
        raise SchemaError([problem([], "the schema must be a JSON object with \"type\": "
                                        f"\"object\", got {_json_type_name(schema)}")])
    errors: list[dict[str, Any]] = []
    nodes = 1
    text = 0
    holder: dict[str, Any] = {}
    # Each entry: (source container, destination parent, key in parent, depth, location).
    stack: list[tuple[Any, Any, Any, int, tuple]] = [(schema, holder, "root", 1, ())]
    while stack:
        source, parent, key, depth, loc = stack.pop()
        if depth > MAX_DEPTH:
            raise SchemaError([problem(loc, f"the schema is nested deeper than {MAX_DEPTH} "
                                            "levels")])
        if isinstance(source, dict):
            target: Any = {}
            items = source.items()
        else:
            target = [None] * len(source)
            items = enumerate(source)
        parent[key] = target
        for child_key, value in items:
            nodes += 1
            if isinstance(child_key, str):
                text += len(child_key)
            elif isinstance(source, dict):
                errors.append(problem(loc, f"object keys must be strings, got "
                                           f"{_json_type_name(child_key)} {child_key!r}"))
                continue
            if nodes > MAX_NODES:
                raise SchemaError([problem([], f"the schema is too large: more than "
                                               f"{MAX_NODES} JSON values; fill a smaller part "
                                               "of it")])
            if isinstance(value, (dict, list)):
                target[child_key] = None
                stack.append((value, target, child_key, depth + 1, loc + (child_key,)))
                continue
            if isinstance(value, str):
                text += len(value)
            elif isinstance(value, float) and not math.isfinite(value):
                errors.append(problem(loc + (child_key,), f"{value} is not a JSON number"))
            elif value is not None and not isinstance(value, (bool, int, float)):
                errors.append(problem(loc + (child_key,), "not a JSON value: "
                                                          f"{_json_type_name(value)}"))
            if text > MAX_TEXT_CHARS:
                raise SchemaError([problem([], f"the schema is too large: more than "
                                               f"{MAX_TEXT_CHARS} characters of text; fill a "
                                               "smaller part of it")])
            target[child_key] = value
    if errors:
        raise SchemaError(errors)
    return holder["root"]


def validator_class(document: dict[str, Any], strict: bool = True) -> type:
    """The `jsonschema` validator class of the document's draft (from `$schema`). Loose
    (`strict=False`): a `$schema` URI jsonschema does not know (a vendor dialect such as
    CloudFormation's provider schema) is read as 2020-12, as final validation reads it."""
    uri = document.get("$schema")
    if uri is None:
        return DEFAULT_DRAFT
    if not isinstance(uri, str):
        raise SchemaError([problem(["$schema"], "$schema must be a string URI")])
    cls = validators.validator_for(document, default=None)
    if cls is None and not strict:
        return DEFAULT_DRAFT
    if cls not in SUPPORTED_DRAFTS:
        names = ", ".join(SUPPORTED_DRAFTS.values())
        raise SchemaError([problem(["$schema"], f"unsupported $schema {uri!r}: deg reads "
                                                f"JSON Schema {names}")])
    return cls


def meta_validate(document: dict[str, Any], cls: type) -> list[dict[str, Any]]:
    """Every violation of the draft's meta-schema, as `{loc, msg}` items in document order."""
    draft = SUPPORTED_DRAFTS[cls]
    found = []
    for error in cls(cls.META_SCHEMA).iter_errors(document):
        message = error.message
        if len(message) > MAX_MESSAGE_CHARS:
            message = message[:MAX_MESSAGE_CHARS] + "..."
        found.append(problem(error.absolute_path,
                             f"not a valid JSON Schema ({draft}): {message}"))
    found.sort(key=lambda item: [str(part) for part in item["loc"]])
    return found
