"""A fill's deadline (the gateway's `/v1/fill` and `/v1/fills`): the request's own `timeout`,
else one computed from the work.

`/v1/fill` (and `/v1/fills`) take a per-request `timeout` in seconds (a number from 1 to
`DEG_MAX_TIMEOUT_S`, else 422), read by the gateway and not part of the fill options (so it is
not in the response cache key). It is the inference call's deadline: the service refuses at
once (429, Retry-After from its queue) a fill that could not start within it, and a fill that
starts and runs past it is 504, the only 504. Without one, the deadline follows the work:
`DEG_REQUEST_TIMEOUT_S` + `DEG_TIMEOUT_PER_1K_TOKENS_S` per 1,000 context tokens (characters
/ 4) + `DEG_TIMEOUT_PER_FIELD_S` per plan leaf and array (`GatewaySettings.fill_deadline_s`),
sent as the time the fill may wait to start (gRPC metadata `admit-within-s`): a queue longer
than that is 429 at once, and an admitted fill is never cut by it, only by the gateway's bound
`DEG_MAX_TIMEOUT_S`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gateway.errors import ApiError
from gateway.settings import GatewaySettings

MIN_TIMEOUT_S = 1.0  # a fill's own `timeout` below a second is a mistake, not a deadline


@dataclass(frozen=True)
class Deadline:
    """How long one fill may take (see the module docstring, Deadlines)."""

    call_s: float                  # the inference call's gRPC deadline; past it, 504
    admit_within_s: float | None   # how long it may wait to start (None: call_s); past it, 429 at once
    description: str               # where call_s came from, for the 504 message


def timeout_of(body: Any, settings: GatewaySettings) -> float | None:
    """The request's own `timeout` (seconds), removed from the body; None when absent."""
    if not isinstance(body, dict) or "timeout" not in body:
        return None
    value = body.pop("timeout")
    limit = settings.max_timeout_s
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not MIN_TIMEOUT_S <= value <= limit:
        message = f"timeout must be a number of seconds >= {MIN_TIMEOUT_S:g} and <= {limit:g}, got {value!r}"
        raise ApiError(422, "validation_error", message, errors=[{"loc": ["timeout"], "msg": message}])
    return float(value)


def deadline_for(settings: GatewaySettings, context: str, plan: Any, timeout: float | None) -> Deadline:
    """The fill's deadline: the request's own `timeout`, else one computed from the work that
    bounds how long the fill may wait to start (the run itself is bounded by DEG_MAX_TIMEOUT_S)."""
    if timeout is not None:
        return Deadline(timeout, None, f"the request's timeout of {timeout:g} s")
    items = len(plan.fields) + len(plan.arrays)
    bound = settings.max_timeout_s
    return Deadline(bound, settings.fill_deadline_s(len(context), items),
                    f"the gateway's bound of {bound:g} s (DEG_MAX_TIMEOUT_S)")
