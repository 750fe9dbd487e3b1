"""How every adapter that calls a remote service retries: exponential backoff with jitter, one loop."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

logger = logging.getLogger(__name__)
T = TypeVar("T")


def check_attempts(max_attempts: int) -> int:
    if max_attempts < 1:
        raise ValueError(f"max_attempts must be at least 1, got {max_attempts}")
    return max_attempts


def backoff_delay(attempt: int, base_delay_s: float, max_delay_s: float, rng: random.Random) -> float:
    """The wait after failed attempt number `attempt` (from 1): drawn from [cap/2, cap] with
    cap = min(max_delay_s, base_delay_s * 2**(attempt-1))."""
    cap = min(max_delay_s, base_delay_s * 2 ** (attempt - 1))
    return rng.uniform(cap / 2, cap)


class Retry(NamedTuple):
    """A failed attempt worth another: why (for the log), and how long the server asked to wait, if it did."""

    why: str
    after_s: float | None = None


Judge = Callable[[Exception, bool], Retry]
"""Looks at a failed attempt's exception (and whether it was the last attempt): returns `Retry` when it
is worth another, or raises what the caller should see (a domain error, or the exception itself)."""


@dataclass
class Backoff:
    """`max_attempts` in all; the n-th wait is `backoff_delay(n, ...)`, at least what the server asked
    (capped at `max_delay_s`); `sleep` and `rng` are injectable for tests."""

    label: str
    max_attempts: int = 5
    base_delay_s: float = 1.0
    max_delay_s: float = 30.0
    sleep: Callable[[float], None] = time.sleep
    rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        check_attempts(self.max_attempts)

    def run(self, what: str, request: Callable[[], T], judge: Judge) -> T:
        """`request()` until it succeeds or `judge` raises."""
        attempt = 1
        while True:
            try:
                return request()
            except Exception as exc:
                retry = judge(exc, attempt >= self.max_attempts)
            self.wait(attempt, what, retry)
            attempt += 1

    def wait(self, attempt: int, what: str, retry: Retry) -> None:
        delay = backoff_delay(attempt, self.base_delay_s, self.max_delay_s, self.rng)
        if retry.after_s is not None:
            delay = max(delay, min(retry.after_s, self.max_delay_s))
        name = f"{self.label} {what}".strip()
        logger.warning("%s: attempt %d failed (%s); retrying in %.2fs", name, attempt, retry.why, delay)
        self.sleep(delay)
