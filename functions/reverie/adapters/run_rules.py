"""What every `RunStore` adapter checks the same way before it writes: valid records, plain-JSON stage
outputs, positive lease times, review resolutions and filters. Raises the domain's `InvalidRequest`."""

from __future__ import annotations

import json
import math
from datetime import datetime
from typing import Any, TypeVar, get_args

from pydantic import BaseModel, ValidationError

from reverie.domain.dream import ReviewItem
from reverie.domain.errors import InvalidRequest, LeaseLost
from reverie.ports.storage import Fence

REVIEW_STATUSES: tuple[str, ...] = get_args(ReviewItem.model_fields["status"].annotation)
RESOLVED_STATUSES = tuple(status for status in REVIEW_STATUSES if status != "open")

M = TypeVar("M", bound=BaseModel)


def validated(model: M) -> M:
    """`model` validated again (a `model_copy` or an attribute assignment skips validation)."""
    try:
        return type(model).model_validate(model.model_dump())
    except ValidationError as exc:
        raise InvalidRequest(f"not a valid {type(model).__name__}: {exc}") from exc


def encode_output(output: dict[str, Any]) -> str:
    """A stage output as JSON; one that JSON cannot carry is refused before anything is saved."""
    if not isinstance(output, dict):
        raise InvalidRequest("a stage output must be a JSON object")
    try:
        return json.dumps(output, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InvalidRequest(f"a stage output must be plain JSON: {exc}") from exc


def ttl_micros(ttl_s: float) -> int:
    """A lease's time to live in microseconds; it must be positive and finite."""
    if not (math.isfinite(ttl_s) and ttl_s > 0):
        raise InvalidRequest(f"a lease needs a positive, finite ttl_s, not {ttl_s}")
    return max(1, round(ttl_s * 1_000_000))


def check_resolution(status: str) -> None:
    if status not in RESOLVED_STATUSES:
        raise InvalidRequest(f"a review is resolved as one of {', '.join(RESOLVED_STATUSES)}, not {status!r}")


def check_status_filter(status: str | None) -> None:
    if status is not None and status not in REVIEW_STATUSES:
        raise InvalidRequest(f"review status must be one of {', '.join(REVIEW_STATUSES)}, not {status!r}")


def check_limit(limit: int) -> None:
    if limit < 0:
        raise InvalidRequest("limit must not be negative")


def resolved(item: ReviewItem, status: str, at: datetime) -> ReviewItem:
    """The item after a human decided `status` at `at`; `InvalidRequest` if it was decided otherwise."""
    if item.status == status:
        return item  # a retried resolution: the first decision and its time stand
    if item.status != "open":
        raise InvalidRequest(
            f"review item {item.item_id} was already resolved as {item.status!r}; open a new item to revisit it"
        )
    return validated(item.model_copy(update={"status": status, "resolved_at": at}))


def lease_lost(fence: Fence) -> LeaseLost:
    return LeaseLost(
        f"dream run {fence.holder} no longer holds the lease of user {fence.user_id} (token "
        f"{fence.token}): another run took it over; this run stops and writes nothing more"
    )


def check_same_entry(run_id: str, seq: int, stored: str, given: str) -> None:
    """A journal entry written again: a no-op when it is the same, `InvalidRequest` when it is not."""
    if json.loads(stored) != json.loads(given):
        raise InvalidRequest(f"dream run {run_id}: journal entry {seq} is already taken by another write")
