"""The three failures of the contract core, each with the HTTP status the gateway maps it to.

- `SchemaError` (422): the schema cannot be filled. It carries EVERY problem found, as a list
  of `{"loc": [...], "msg": "..."}` items, so a schema author fixes them all in one round
  instead of one per request.
- `RequestError` (422): the request or its options are malformed; same `{loc, msg}` shape.
- `FillError` (500): a fill could not produce a valid value at run time (a required field
  with no valid span, a generated text that breaks its constraints, an assembled value that
  fails final validation). Never a client mistake, so it carries a message only.

`loc` is a list of path segments (property names as `str`, array indices as `int`): for a
schema, the location of the offending keyword inside the schema document; for a request, the
location inside the request body.
"""
from __future__ import annotations

from typing import Any, Iterable

Loc = list[str | int]


def problem(loc: Iterable[str | int], msg: str) -> dict[str, Any]:
    """One `{loc, msg}` item, with `loc` copied into a plain list."""
    return {"loc": list(loc), "msg": str(msg)}


def format_problem(item: dict[str, Any]) -> str:
    """`loc: msg` on one line; the root location is written `(root)`."""
    loc = "/".join(str(part) for part in item["loc"]) or "(root)"
    return f"{loc}: {item['msg']}"


class _ProblemList(Exception):
    """An exception that reports a non-empty list of `{loc, msg}` problems."""

    summary = "invalid input"

    def __init__(self, errors: list[dict[str, Any]]):
        if not errors:
            raise ValueError(f"{type(self).__name__} needs at least one problem")
        self.errors: list[dict[str, Any]] = [problem(e["loc"], e["msg"]) for e in errors]
        super().__init__(self._message())

    def _message(self) -> str:
        lines = [format_problem(e) for e in self.errors]
        count = len(lines)
        head = f"{self.summary} ({count} problem{'s' if count != 1 else ''})"
        return head + ":\n" + "\n".join("  " + line for line in lines)


class SchemaError(_ProblemList):
    """The schema cannot be compiled to a fill plan (HTTP 422)."""

    summary = "schema rejected"


class RequestError(_ProblemList):
    """The request body or its options are invalid (HTTP 422)."""

    summary = "request rejected"


class FillError(Exception):
    """A fill failed at run time or its result failed final validation (HTTP 500)."""
