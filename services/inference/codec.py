"""deg.v1 messages <-> the objects the batcher and the runtime use: the service's edge.

The conversion itself is `degproto.convert` (shared with the gateway). This module adds the
checks that belong to the inference side, each made once: the model name against what this
service serves, and the plan the job carries against the fingerprint its sender compiled
(`plan_from_pb` recomputes every fingerprint from the leaves and arrays that arrived). The
options were validated where they entered, at the gateway, and are taken as given.
"""
from __future__ import annotations

from typing import Any, Collection

from deg_model.runtime import FillJob
from degproto.convert import options_from_pb, plan_from_pb, raw_to_pb
from services.inference.batcher import Completed


class InvalidJob(ValueError):
    """A FillJob message the service cannot run (no plan, unknown model, mismatched plan)."""


def job_from_pb(message: Any, served_names: Collection[str]) -> FillJob:
    """Decode and check one FillJob message. `served_names`: the model id and its aliases."""
    if message.model and message.model not in served_names:
        raise InvalidJob(f"unknown model {message.model!r}; this service serves {sorted(served_names)}")
    for part in ("plan", "options"):
        if not message.HasField(part):
            raise InvalidJob(f"the job carries no {part}")
    if not message.plan_fingerprint:
        raise InvalidJob("the job carries no plan_fingerprint")
    try:
        plan = plan_from_pb(message.plan)
        options = options_from_pb(message.options)
    except ValueError as exc:  # the message names the leaf or option that is wrong
        raise InvalidJob(f"malformed job: {exc}") from None
    if plan.fingerprint != message.plan_fingerprint:
        raise InvalidJob(
            f"plan fingerprint mismatch: the job says {message.plan_fingerprint}, its plan hashes to "
            f"{plan.fingerprint} (altered in transit, or compiled by another plan version)"
        )
    return FillJob(context=message.context, plan=plan, options=options,
                   no_cache=message.no_cache, no_store=message.no_store)


def ok_result(pb2: Any, request_id: str, model_id: str, done: Completed) -> Any:
    return pb2.FillResult(
        request_id=request_id,
        status=pb2.JOB_STATUS_OK,
        model_id=model_id,
        raw=raw_to_pb(done.raw),
        batch_size=done.batch_size,
        queue_ms=done.queue_ms,
        run_ms=done.run_ms,
        queue_estimate_ms=done.queue_estimate_ms,
    )


def failed_result(pb2: Any, request_id: str, model_id: str, job_status: int, message: str) -> Any:
    return pb2.FillResult(
        request_id=request_id, status=job_status, model_id=model_id, error_message=message
    )
