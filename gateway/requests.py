"""Request bodies of the gateway's own routes.

`deg.request` (the core) defines what a fill may say (`parse_fill_request`, `FillOptions`,
`canonical_json`); this module adds `PlanRequest` (`POST /v1/plan`) with the same strictness and
the same `{loc, msg}` error items.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from deg.errors import RequestError, problem
from deg.request import request_errors


class PlanRequest(BaseModel):
    """`POST /v1/plan`: the schema to compile. Unknown fields are refused (422)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    json_schema: dict[str, Any] = Field(alias="schema", description="a JSON Schema")
    strict_schema: bool = Field(False, description="refuse what deg cannot fill exactly (contract sections 2-5) "
                                                   "instead of ignoring it with a warning")


def parse_plan_request(data: Any) -> PlanRequest:
    """Validate a decoded `/v1/plan` body, or raise `RequestError` with every problem."""
    if not isinstance(data, dict):
        raise RequestError([problem([], "the request body must be a JSON object")])
    try:
        return PlanRequest.model_validate(data)
    except ValidationError as exc:
        raise RequestError(request_errors(exc)) from exc
