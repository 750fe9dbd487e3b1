"""The retry schedule every adapter that calls a remote service shares (exponential backoff, jitter)."""

from __future__ import annotations

import random


def check_attempts(max_attempts: int) -> int:
    if max_attempts < 1:
        raise ValueError(f"max_attempts must be at least 1, got {max_attempts}")
    return max_attempts


def backoff_delay(attempt: int, base_delay_s: float, max_delay_s: float, rng: random.Random) -> float:
    """The wait after failed attempt number `attempt` (from 1): drawn from [cap/2, cap] with
    cap = min(max_delay_s, base_delay_s * 2**(attempt-1))."""
    cap = min(max_delay_s, base_delay_s * 2 ** (attempt - 1))
    return rng.uniform(cap / 2, cap)
