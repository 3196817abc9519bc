"""Request and option models of `POST /v1/fill` (contract section 9).

Validation is strict: numbers are not read from strings, booleans are not numbers, and unknown
request fields or options are refused (`extra="forbid"`), so a typo such as `max_new_token`
fails loudly instead of being ignored. `parse_fill_request` turns pydantic's errors into the
contract's `{loc, msg}` list inside a `RequestError`.

Choices where the contract is silent:
- `seed` is an integer in 0..2**63-1 (it seeds a 64-bit generator stream per field).
- `max_items` is an integer in 0..2**63-1: any cap a real array needs, and within the 64-bit
  integers the plan travels in (a larger one is a 422, not a fault further down).
- `default_offset` is `"Z"` or `±HH:MM` with HH 00-23 and MM 00-59, as in RFC 3339.
- `model` is any non-empty name; whether the server knows it is the server's check.
- `media` (optional): images and PDFs read as part of the context, each `{"type": <media type>,
  "data": <the file's bytes, base64>}`. The gateway reads them (OCR, PDF text layer) and appends
  their text after the `context` text; `context` may then be left out (it reads as `""`). The
  core only checks the shape; bytes, sizes and types are the gateway's reader's to check.
- `options.strict_schema: true` compiles the schema strictly (contract sections 2-5 exactly,
  `compile_schema(schema, strict=True)`); the default reads it loosely and reports warnings.
  It is a compile option, so it stays out of `canonical_json` (the cache key and what the
  runtime receives): the plan fingerprint already tells the two readings apart where they
  differ, and a schema both accept compiles to the identical plan.
- `options.explain: true` adds `explain` to the meta of every decide and extract leaf: the
  winning outcome, the runner-up and each score term's contribution to both. Every value and
  every other meta key is the same either way. `canonical_json` names it only when true, so
  the cache keys of requests without it are what they were.
"""
from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import (BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError,
                      field_validator, model_validator)

from deg.errors import RequestError, problem

MAX_NEW_TOKENS = 4096
MAX_SEED = 2**63 - 1
MAX_ITEMS = 2**63 - 1
_OFFSET = re.compile(r"^(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$")


ARRAY_DECODES = ("threshold", "count_peaks", "hybrid", "expected")


class FillOptions(BaseModel):
    """Every option of a fill; the defaults are the contract's."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    max_new_tokens: Annotated[int, Field(ge=1, le=MAX_NEW_TOKENS)] = 256
    max_items: Annotated[int, Field(ge=0, le=MAX_ITEMS)] | None = None
    date_order: Literal["MDY", "DMY"] | None = None
    default_offset: str = "Z"
    temperature: Annotated[float, Field(ge=0, allow_inf_nan=False)] = 0.0
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] | None = None
    array_decode: Literal["threshold", "count_peaks", "hybrid", "expected"] | None = Field(
        default=None, description="how anchored arrays are sized; null: the checkpoint's own default "
                                  "(count_peaks unless its deg.json names another)")
    null_margin: Annotated[float, Field(allow_inf_nan=False)] | None = None
    strict_schema: bool = False
    explain: bool = Field(default=False, description="add to every decided or copied field's meta why it got "
                                                     "its value: the winner, the runner-up and each score term's "
                                                     "part in both")

    @field_validator("default_offset")
    @classmethod
    def _offset_form(cls, value: str) -> str:
        if not _OFFSET.match(value):
            raise ValueError("default_offset must be \"Z\" or an offset like +02:00 / -05:30")
        return value

    @model_validator(mode="after")
    def _sampling_needs_seed(self) -> FillOptions:
        if self.temperature > 0 and self.seed is None:
            raise ValueError("temperature > 0 requires a seed, so sampled text is reproducible")
        return self

    def canonical_json(self) -> str:
        """Every option, defaults included, as canonical JSON: equal options, equal text.

        Used in cache keys, so `{}` and the explicit defaults give the same key. The compile
        option `strict_schema` is left out (see the module docstring).
        """
        exclude = {"strict_schema"} | (set() if self.explain else {"explain"})
        return json.dumps(self.model_dump(mode="json", exclude=exclude), sort_keys=True, separators=(",", ":"))


MEDIA_TYPES = ("image/png", "image/jpeg", "image/tiff", "image/webp", "application/pdf")


class MediaPart(BaseModel):
    """One image or PDF of a fill's context, its bytes in the request (nothing is fetched)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    type: Literal[MEDIA_TYPES] = Field(description="the file's media type; its bytes must be of this type")
    data: Annotated[StrictStr, Field(min_length=1, description="the file's bytes, base64 (RFC 4648, whitespace "
                                                               "allowed); not a URL")]


class FillRequest(BaseModel):
    """The body of `POST /v1/fill`. The schema is `json_schema` in Python, `schema` on the wire."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    context: StrictStr | dict[str, Any] | list[Any]
    json_schema: dict[str, Any] = Field(alias="schema")
    model: Annotated[StrictStr, Field(min_length=1)] = "deg-latest"
    options: FillOptions = Field(default_factory=FillOptions)
    media: Annotated[list[MediaPart], Field(min_length=1)] | None = Field(
        None, description="images and PDFs read (OCR, PDF text layer) and appended to the context's text, in "
                          "order; `context` may then be left out. Copied values found in them get `media`, "
                          "`page`, `box` and `ocr_confidence` in their meta")


def request_errors(exc: ValidationError) -> list[dict[str, Any]]:
    """pydantic's errors as the contract's `{loc, msg}` items (unknown keys named as such)."""
    items = []
    for error in exc.errors():
        loc = [part for part in error["loc"] if not _is_union_tag(part)]
        if error["type"] == "extra_forbidden":
            where = "option" if loc[:1] == ["options"] else "field"
            msg = f"unknown {where} {loc[-1]!r}"
        elif loc == ["context"]:
            msg = "context must be a string, a JSON object or a JSON array"
        else:
            msg = error["msg"]
            if msg.startswith("Value error, "):
                msg = msg[len("Value error, "):]
        item = problem(loc, msg)
        if item not in items:
            items.append(item)
    return items


def _is_union_tag(part: Any) -> bool:
    # pydantic names the union member it tried (`str`, `dict[str,any]`...) in the location.
    return isinstance(part, str) and (part in ("str", "list[any]", "dict[str,any]")
                                      or part.startswith(("function-", "constrained-")))


def parse_fill_request(data: Any) -> FillRequest:
    """Validate a decoded JSON request body, or raise `RequestError` with every problem."""
    if not isinstance(data, dict):
        raise RequestError([problem([], "the request body must be a JSON object")])
    if "context" not in data and data.get("media"):  # the media are the context
        data = {**data, "context": ""}
    try:
        return FillRequest.model_validate(data)
    except ValidationError as exc:
        raise RequestError(request_errors(exc)) from exc


def parse_options(data: Any) -> FillOptions:
    """Validate an `options` object alone (the decision APIs accept the same options)."""
    if data is None:
        return FillOptions()
    if not isinstance(data, dict):
        raise RequestError([problem(["options"], "options must be a JSON object")])
    try:
        return FillOptions.model_validate(data)
    except ValidationError as exc:
        raise RequestError([problem(["options", *e["loc"]], e["msg"])
                            for e in request_errors(exc)]) from exc
