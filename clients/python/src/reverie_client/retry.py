"""When and how long to wait before trying a request again.

Retried: 429 and 503 for every request (the service refused it before doing anything: 503 is a backend
that failed with nothing written), other 5xx and timeouts only for requests that are safe to repeat
(reads, and writes the API makes idempotent: events by id, memories by id, deletes), and connection
failures before anything was sent for every request. The wait is the answer's `Retry-After` when it
gives one, else exponential backoff with full jitter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import httpx

ALWAYS = frozenset({429, 503})
IF_IDEMPOTENT = frozenset({500, 502, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """`attempts` counts the first try; `attempts=1` never retries."""

    attempts: int = 4
    backoff: float = 0.5
    max_backoff: float = 20.0
    max_retry_after: float = 120.0
    jitter: random.Random = field(default_factory=random.Random, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ValueError("attempts must be at least 1")

    def retries_status(self, status: int, idempotent: bool) -> bool:
        return status in ALWAYS or (idempotent and status in IF_IDEMPOTENT)

    def retries_error(self, error: httpx.TransportError, idempotent: bool) -> bool:
        """A connection that never opened sent nothing; anything else only for idempotent requests."""
        return idempotent or isinstance(error, httpx.ConnectError | httpx.ConnectTimeout)

    def delay(self, attempt: int, response: httpx.Response | None = None) -> float:
        """Seconds to wait before attempt number `attempt + 1` (attempt counts from 1)."""
        told = retry_after(response) if response is not None else None
        if told is not None:
            return min(told, self.max_retry_after)
        return self.jitter.uniform(0, min(self.max_backoff, self.backoff * 2 ** (attempt - 1)))


def retry_after(response: httpx.Response) -> float | None:
    """The `Retry-After` header in seconds (it is either seconds or an HTTP date), or None."""
    value = response.headers.get("retry-after", "").strip()
    if not value:
        return None
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())
