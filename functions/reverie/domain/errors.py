"""Domain exceptions: what adapters raise instead of leaking a backend's error upward."""

from __future__ import annotations


class ReverieError(Exception):
    """Base of every error Reverie raises on purpose."""


class NotFound(ReverieError):
    """The thing asked for does not exist inside the caller's scope."""


class VersionConflict(ReverieError):
    """An update named a version that is no longer the current one (optimistic locking).

    Nothing was written; read the card again and retry with its current version.
    """

    def __init__(self, memory_id: str, expected: int, actual: int | None) -> None:
        super().__init__(
            f"memory {memory_id}: expected version {expected} but the current version is {actual}; "
            "read it again and retry"
        )
        self.memory_id = memory_id
        self.expected = expected
        self.actual = actual


class AlreadyExists(ReverieError):
    """A create named an id that is already taken."""


class EventConflict(ReverieError):
    """An event id already stored with a different payload: L1 is immutable."""


class InvalidRequest(ReverieError):
    """A request that is well-formed but not allowed (e.g. a dream rewriting a human-edited card)."""


class Forbidden(ReverieError):
    """The caller's scope does not reach the thing asked for."""


class StorageError(ReverieError):
    """A backend failed (locked past its timeout, unreachable, disk full, wrong file).

    Raised instead of the backend's own error; nothing of the failed operation was written.
    """


class LeaseLost(ReverieError):
    """A dream run wrote under a lease it no longer holds: another run took the user's lease over (the
    first one's expired) and its fencing token moved on. Nothing was written; the run must stop, and the
    run that holds the lease now settles what the stale one left (see `services.dream.rollback`)."""
