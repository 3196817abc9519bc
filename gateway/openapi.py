"""The gateway's OpenAPI document (`GET /openapi.json`, shown at `/docs`).

The routes validate their bodies themselves (to control the error shape), so FastAPI does not
see them; each route names its body with `request_body(Model)` or the compatibility routes'
`gateway.compat.openapi_bodies.request_body(path)`, and its answers with
`gateway.openapi_responses.ROUTES` (or `gateway.compat.openapi_responses.ROUTES`): each status
it sends, success and refusals, with the body schema the code builds. `install_openapi` puts
every schema those refer to under `components.schemas`. pydantic's nested `$defs` are hoisted there too,
so every `$ref` in the document resolves from the document's root.

`FillSchema` documents the `schema` a fill reads (on `/v1/fill`, `/v1/plan` and as the
structured-output format): a root `type: object` whose properties are the common field forms,
one per fill mode. The compiler accepts more (nested objects, arrays, `$ref`/`$defs`, `oneOf`
branches, formats, lengths; contract section 4) and answers 422 listing every problem of a
schema it cannot fill.
"""
from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

__all__ = ["install_openapi", "model_components", "request_body"]

REF_TEMPLATE = "#/components/schemas/{model}"
SCHEMA_FIELDS = ("schema",)    # request fields holding the JSON Schema to fill

TEXT = {"type": "string"}
FIELD_FORMS = [
    {"type": "object", "required": ["type"], "properties": {"type": {"const": "boolean"}, "description": TEXT}},
    {"type": "object", "required": ["enum"], "properties": {
        "enum": {"type": "array", "minItems": 2, "maxItems": 6, "uniqueItems": True, "items": TEXT},
        "description": TEXT}},
    {"type": "object", "required": ["type"], "properties": {"type": {"const": ["string", "null"]},
                                                            "maxLength": {"type": "integer", "minimum": 1},
                                                            "description": TEXT}},
    {"type": "object", "required": ["type"], "properties": {"type": {"const": ["number", "null"]},
                                                            "description": TEXT}},
    {"type": "object", "required": ["type", "minimum", "maximum"], "properties": {
        "type": {"const": "integer"}, "minimum": {"type": "integer", "minimum": 0, "maximum": 5},
        "maximum": {"type": "integer", "minimum": 1, "maximum": 10}, "description": TEXT}},
    {"type": "object", "required": ["type", "x-generate"], "properties": {
        "type": {"const": "string"}, "x-generate": {"const": True},
        "x-max-tokens": {"type": "integer", "minimum": 1, "maximum": 64}, "description": TEXT}},
]
FILL_SCHEMA = {
    "type": "object",
    "required": ["type", "properties"],
    "properties": {
        "type": {"const": "object"},
        "properties": {"type": "object", "minProperties": 1, "additionalProperties": {"anyOf": FIELD_FORMS}},
        "required": {"type": "array", "items": TEXT},
        "additionalProperties": {"type": "boolean"},
        "description": TEXT,
    },
    "description": "a JSON Schema whose root is type: object; shown: one field form per fill mode (decide: "
                   "boolean, enum, bounded integer; copy: nullable string or number; write: x-generate)",
}


def request_body(model: type[BaseModel]) -> dict[str, Any]:
    """The `openapi_extra` of a route whose body is `model`, by reference."""
    return {"requestBody": {"required": True, "content": {"application/json": {
        "schema": {"$ref": REF_TEMPLATE.format(model=model.__name__)}}}}}


def model_components(*models: type[BaseModel]) -> dict[str, dict[str, Any]]:
    """Component schemas of `models` and of every model they nest."""
    components: dict[str, dict[str, Any]] = {}
    for model in models:
        schema = model.model_json_schema(by_alias=True, ref_template=REF_TEMPLATE)
        components.update(schema.pop("$defs", {}))
        for field in SCHEMA_FIELDS:
            if field in schema.get("properties", {}):
                described = schema["properties"][field].get("description")
                schema["properties"][field] = {"$ref": REF_TEMPLATE.format(model="FillSchema"),
                                               **({"description": described} if described else {})}
                components["FillSchema"] = FILL_SCHEMA
        components[model.__name__] = schema
    return components


def install_openapi(app: FastAPI, components: dict[str, dict[str, Any]]) -> None:
    """Serve the routes' document with `components` added (built once, on first request)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = get_openapi(title=app.title, version=app.version, description=app.description,
                                   routes=app.routes)
            document.setdefault("components", {}).setdefault("schemas", {}).update(components)
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi
