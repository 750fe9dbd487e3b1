"""What every storage port promises about forgetting: deleted data is gone from the bytes, not only hidden.

A store's deletes (`delete`, `delete_user`) make data unreachable at once; `compact` then makes it
unrecoverable from the store's storage: freed pages overwritten, deleted terms merged out of the index's
segments, journals truncated. Services call it after a deletion they must prove (forgetting a user or a
memory), not after every write: on some backends it costs a rewrite of the index.
"""

from __future__ import annotations


class Compactable:
    """The `compact` step shared by the storage ports (a mixin: the ports stay small abstract classes)."""

    def compact(self) -> bool:
        """Make what this store deleted unrecoverable from its storage. True when done, or when this
        backend leaves nothing behind a delete; False when it could not finish now (another process held
        a read open): the deletion itself stands, and the next `compact` finishes the job."""
        return True
