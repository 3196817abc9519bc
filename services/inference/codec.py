"""deg.v1 messages <-> the objects the batcher and the runtime use.

The plan, options and raw outcomes cross the wire as JSON produced by the core library's own
serializers (`FillPlan.to_dict`, `FillOptions`, `RawFill.to_dict`), so this module only
checks and converts; it never interprets a plan.
"""
from __future__ import annotations

import json
from typing import Any, Collection

import deg
from services.inference.batcher import Completed
from services.inference.runner import FillJob


class InvalidJob(ValueError):
    """A FillJob message the service cannot run (bad JSON, unknown model, mismatched plan)."""


def _json_field(text: str, name: str) -> Any:
    if not text:
        raise InvalidJob(f"{name} is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidJob(f"{name} is not valid JSON: {exc}") from None


def job_from_pb(message: Any, served_names: Collection[str]) -> FillJob:
    """Decode and check one FillJob message. `served_names`: the model id and its aliases."""
    if message.model and message.model not in served_names:
        raise InvalidJob(f"unknown model {message.model!r}; this service serves {sorted(served_names)}")
    try:
        plan = deg.FillPlan.from_dict(_json_field(message.plan_json, "plan_json"))
    except InvalidJob:
        raise
    except Exception as exc:  # the core's own message says which part of the plan is wrong
        raise InvalidJob(f"plan_json is not a valid fill plan: {exc}") from None
    if message.plan_fingerprint and plan.fingerprint != message.plan_fingerprint:
        raise InvalidJob(
            f"plan fingerprint mismatch: job says {message.plan_fingerprint}, plan_json gives {plan.fingerprint}"
        )
    try:
        if not message.options_json:
            raise InvalidJob("options_json is empty")
        options = deg.FillOptions.model_validate_json(message.options_json)
    except InvalidJob:
        raise
    except Exception as exc:
        raise InvalidJob(f"options_json is not valid fill options: {exc}") from None
    return FillJob(context=message.context, plan=plan, options=options)


def ok_result(pb2: Any, request_id: str, model_id: str, done: Completed) -> Any:
    raw = done.raw.to_dict() if hasattr(done.raw, "to_dict") else done.raw
    return pb2.FillResult(
        request_id=request_id,
        status=pb2.JOB_STATUS_OK,
        model_id=model_id,
        raw_json=json.dumps(raw, ensure_ascii=False, separators=(",", ":"), allow_nan=False),
        batch_size=done.batch_size,
        queue_ms=done.queue_ms,
        run_ms=done.run_ms,
    )


def failed_result(pb2: Any, request_id: str, model_id: str, job_status: int, message: str) -> Any:
    return pb2.FillResult(
        request_id=request_id, status=job_status, model_id=model_id, error_message=message
    )
