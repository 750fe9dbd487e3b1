"""In-process vector partitions for the embedded search index's hot path.

Documents are partitioned by who can see them: one partition per (tenant, user) for user-scoped documents,
one per (tenant, project) for project-scoped ones and one per tenant for org and global ones. A query reads
exactly the partitions its scope may see (`visible_partitions`, the same rule as `scope_allows` and as the
SQL filter), then applies status, type and expiry as numpy masks over cached columns. Each partition keeps a
unit-row float32 matrix and its int8 codes (`vector_scan`: the codes are scanned, the float32 rows rescored),
which grow by doubling and shrink by moving the last row into a removed one, so an upsert or delete updates
them in place instead of reloading them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import numpy.typing as npt

from reverie.adapters.local.vector_scan import int8_dots, nearest, quantize
from reverie.domain.models import MemoryType, Scope, ScopeKind, Status

FloatArray = npt.NDArray[np.float32]
PartitionKey = tuple[str, str, str]
"""(tenant_id, "user" | "project" | "shared", owner id): who can see the partition's documents."""

STATUS_CODES: dict[str, int] = {status.value: code for code, status in enumerate(Status)}
TYPE_CODES: dict[str, int] = {kind.value: code for code, kind in enumerate(MemoryType)}
NO_EXPIRY = int(np.iinfo(np.int64).max)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def to_micros(value: datetime) -> int:
    """Microseconds since the epoch (UTC); a naive datetime is taken as UTC, as the domain models do."""
    aware = value.replace(tzinfo=UTC) if value.tzinfo is None else value
    return (aware - _EPOCH) // timedelta(microseconds=1)


def partition_key(tenant_id: str, scope: str, user_id: str | None, project_id: str | None) -> PartitionKey:
    if scope == ScopeKind.USER:
        return (tenant_id, "user", user_id or "")
    if scope == ScopeKind.PROJECT:
        return (tenant_id, "project", project_id or "")
    return (tenant_id, "shared", "")


def visible_partitions(scope: Scope) -> list[PartitionKey]:
    """The partitions `scope` may read; mirrors `scope_allows` (a project only when the scope names one)."""
    keys = [(scope.tenant_id, "user", scope.user_id), (scope.tenant_id, "shared", "")]
    if scope.project_id is not None:
        keys.append((scope.tenant_id, "project", scope.project_id))
    return keys


def unit_rows(matrix: FloatArray) -> FloatArray:
    """Rows scaled to unit length, as a new float32 array (einsum: no temporary the size of the matrix)."""
    norms = np.sqrt(np.einsum("ij,ij->i", matrix, matrix))[:, None]
    return (matrix / np.where(norms == 0, 1, norms)).astype(np.float32, copy=False)


class VectorPartition:
    """The vectors of one partition plus the columns the filter needs, addressable by memory id.

    Built from stored rows: `matrix` holds the raw vectors (one row per id), the columns their status and
    type codes and `valid_until` in microseconds (`NO_EXPIRY` for none). `int8_scan=False` scores every
    row in float32 (the same answer, four times the bytes read: for comparing the two).
    """

    def __init__(
        self,
        ids: Sequence[str],
        matrix: FloatArray,
        statuses: Sequence[int],
        types: Sequence[int],
        valid_until: Sequence[int],
        *,
        int8_scan: bool = True,
    ) -> None:
        self.ids = list(ids)
        self._rows = {memory_id: row for row, memory_id in enumerate(self.ids)}
        self._matrix = unit_rows(matrix)
        self._codes, self._scale, self._error = quantize(self._matrix)
        self._dots = int8_dots() if int8_scan else None
        self._status = np.array(statuses, dtype=np.int8)
        self._type = np.array(types, dtype=np.int8)
        self._valid_until = np.array(valid_until, dtype=np.int64)

    def __len__(self) -> int:
        return len(self.ids)

    def put(self, memory_id: str, vector: FloatArray, status: int, type_: int, valid_until: int) -> None:
        row = self._rows.get(memory_id)
        if row is None:
            row = len(self.ids)
            if row == len(self._matrix):
                self._grow()
            self.ids.append(memory_id)
            self._rows[memory_id] = row
        unit = unit_rows(vector.reshape(1, -1))
        self._matrix[row] = unit[0]
        codes, scale, error = quantize(unit)
        self._codes[row], self._scale[row], self._error[row] = codes[0], scale[0], error[0]
        self._status[row] = status
        self._type[row] = type_
        self._valid_until[row] = valid_until

    def remove(self, memory_id: str) -> None:
        row = self._rows.pop(memory_id, None)
        if row is None:
            return
        last = len(self.ids) - 1
        if row != last:
            moved = self.ids[last]
            self.ids[row] = moved
            self._rows[moved] = row
            for column in self._columns():
                column[row] = column[last]
        self.ids.pop()

    def search(
        self, query: FloatArray, statuses: Iterable[int], types: Iterable[int] | None, now: int, k: int
    ) -> list[tuple[float, str]]:
        """The k best (cosine, memory_id) among rows passing the filter; `query` must be unit length."""
        n = len(self.ids)
        if n == 0:
            return []
        mask = _allowed(statuses, STATUS_CODES)[self._status[:n]] & (self._valid_until[:n] > now)
        if types is not None:
            mask &= _allowed(types, TYPE_CODES)[self._type[:n]]
        if not mask.any():
            return []
        args = (self._matrix, self._codes, self._scale, self._error)
        scores, best = nearest(*args, mask, query, k, self._dots)
        return [(float(score), self.ids[int(row)]) for score, row in zip(scores, best, strict=True)]

    def _columns(self) -> tuple[npt.NDArray[Any], ...]:
        return (
            self._matrix,
            self._codes,
            self._scale,
            self._error,
            self._status,
            self._type,
            self._valid_until,
        )

    def _grow(self) -> None:
        capacity = max(16, 2 * len(self._matrix))
        self._matrix = np.resize(self._matrix, (capacity, self._matrix.shape[1]))
        self._codes = np.resize(self._codes, (capacity, self._codes.shape[1]))
        self._scale = np.resize(self._scale, capacity)
        self._error = np.resize(self._error, capacity)
        self._status = np.resize(self._status, capacity)
        self._type = np.resize(self._type, capacity)
        self._valid_until = np.resize(self._valid_until, capacity)


def _allowed(codes: Iterable[int], table: dict[str, int]) -> npt.NDArray[np.bool_]:
    """A lookup table over the codes of `table`: True for `codes` (indexing it is cheaper than `np.isin`)."""
    allowed = np.zeros(len(table), dtype=np.bool_)
    allowed[list(codes)] = True
    return allowed
