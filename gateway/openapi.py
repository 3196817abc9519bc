"""The gateway's OpenAPI document (`GET /openapi.json`, shown at `/docs`).

The routes validate their bodies themselves (to control the error shape), so FastAPI does not
see them; each route names its body with `request_body(Model)` or the compatibility routes'
`gateway.compat.openapi_bodies.request_body(path)`, and `install_openapi` puts every schema
those refer to under `components.schemas`. pydantic's nested `$defs` are hoisted there too,
so every `$ref` in the document resolves from the document's root.
"""
from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

__all__ = ["install_openapi", "model_components", "request_body"]

REF_TEMPLATE = "#/components/schemas/{model}"


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
