"""The one error table of a fill: exception kind -> gRPC code -> HTTP status and error type.

The inference service classifies an exception by walking its class and base-class names
against `ROWS` (first match wins) and aborts the call with the row's gRPC code; the gateway
maps that code back through the same rows to the HTTP status and error type it answers. Both
sides read this table and nothing else, so a new kind of failure is one new row.

Rows match class *names* (of the exception and every base class), not imported classes: the
table lives in the wire package, which imports neither the model library nor either
service, and a model library that adds `ContextTooLarge` is classified right the day it
lands. A name also matches subclasses (`ValueError` covers every `ValueError`).

| kind | exception class names | gRPC code | HTTP | error type |
| --- | --- | --- | --- | --- |
| too_long | ContextTooLong, ContextTooLarge, ContextMemoryError | OUT_OF_RANGE | 413 | context_too_long |
| fill_error | FillError | FAILED_PRECONDITION | 500 | fill_error |
| invalid | InvalidJob, SchemaError, RequestError, ValueError | INVALID_ARGUMENT | 422 | validation_error |
| overloaded | Overloaded (queue full, or the queue ahead outlasts the deadline) | RESOURCE_EXHAUSTED | 429 + Retry-After | overloaded |
| unavailable | Draining (shutting down), FillCancelled (a running job stopped by the shutdown); a backend that does not answer | UNAVAILABLE | 503 | inference_unavailable |
| deadline | the call's deadline passed (set by the caller) | DEADLINE_EXCEEDED | 504 | timeout |
| internal | anything else (logged with its traceback) | INTERNAL | 502 | inference_error |

`too_long` is the caller's input exceeding what this model or its memory budget can read: a
client error (413), refused before any work, never a truncation. `FAILED_PRECONDITION` stays
500: the runtime could not produce a valid value (contract: FillError). A gRPC code no row
names (e.g. UNIMPLEMENTED from a mismatched backend) is `internal`.

The service sends `retry-after-s` (whole seconds) as trailing metadata with
RESOURCE_EXHAUSTED; the gateway copies it into `Retry-After` (1 when absent).

Admission: a call may carry `admit-within-s` metadata, the seconds the caller allows the
job to wait before it starts (a deadline computed from the work); the service refuses it at
once when the queue ahead outlasts that, or the call's own gRPC deadline, whichever is
shorter. A job once started is bounded only by the gRPC deadline.
"""
from __future__ import annotations

from dataclasses import dataclass

import grpc

RETRY_AFTER_KEY = "retry-after-s"
ADMIT_WITHIN_KEY = "admit-within-s"


@dataclass(frozen=True)
class ErrorRow:
    kind: str
    exceptions: frozenset[str]    # class names, matched against the exception's whole MRO
    code: grpc.StatusCode
    http_status: int
    error_type: str
    job_status: str               # deg.v1 JobStatus name, for FillBatch results


ROWS: tuple[ErrorRow, ...] = (
    ErrorRow("too_long", frozenset({"ContextTooLong", "ContextTooLarge", "ContextMemoryError"}),
             grpc.StatusCode.OUT_OF_RANGE, 413, "context_too_long", "JOB_STATUS_INVALID"),
    ErrorRow("fill_error", frozenset({"FillError"}),
             grpc.StatusCode.FAILED_PRECONDITION, 500, "fill_error", "JOB_STATUS_FILL_ERROR"),
    ErrorRow("invalid", frozenset({"InvalidJob", "SchemaError", "RequestError", "ValueError"}),
             grpc.StatusCode.INVALID_ARGUMENT, 422, "validation_error", "JOB_STATUS_INVALID"),
    ErrorRow("overloaded", frozenset({"Overloaded"}),
             grpc.StatusCode.RESOURCE_EXHAUSTED, 429, "overloaded", "JOB_STATUS_OVERLOADED"),
    ErrorRow("unavailable", frozenset({"Draining", "FillCancelled"}),
             grpc.StatusCode.UNAVAILABLE, 503, "inference_unavailable", "JOB_STATUS_OVERLOADED"),
    ErrorRow("deadline", frozenset(),
             grpc.StatusCode.DEADLINE_EXCEEDED, 504, "timeout", "JOB_STATUS_INTERNAL"),
    ErrorRow("internal", frozenset(),
             grpc.StatusCode.INTERNAL, 502, "inference_error", "JOB_STATUS_INTERNAL"),
)
INTERNAL = ROWS[-1]
_BY_CODE = {row.code: row for row in ROWS}


def row_for_exception(exc: BaseException) -> ErrorRow:
    """The first row naming the exception's class or one of its bases; else `internal`."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    for row in ROWS:
        if row.exceptions & names:
            return row
    return INTERNAL


def row_for_code(code: grpc.StatusCode) -> ErrorRow:
    """The row of a gRPC status code; a code no row names is `internal`."""
    return _BY_CODE.get(code, INTERNAL)
