"""In-process vector partitions for the embedded search index's hot path.

Documents are partitioned by who can see them: one partition per (tenant, user) for user-scoped documents,
one per (tenant, project) for project-scoped ones and one per tenant for org and global ones. A query reads
exactly the partitions its scope may see (`visible_partitions`, the same rule as `scope_allows` and as the
SQL filter), then applies status, type and expiry as numpy masks over cached columns. Each partition keeps a
unit-row float32 matrix and its int8 codes (`vector_scan`: the codes are scanned, the float32 rows rescored),
which grow by doubling and shrink by moving the last row into a removed one, so an upsert or delete updates
them in place instead of reloading them. A partition of `GRAPH_FROM_ROWS` rows or more also keeps a
neighbour graph (`vector_graph`) that proposes the rows to score instead of scanning them all.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import numpy.typing as npt

from reverie.adapters.local.vector_graph import NeighbourGraph, graph_available
from reverie.adapters.local.vector_scan import EXACT_BELOW, int8_dots, nearest, quantize, top_k
from reverie.domain.models import MemoryType, Scope, ScopeKind, Status

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]
RowArray = npt.NDArray[np.intp]
PartitionKey = tuple[str, str, str]
"""(tenant_id, "user" | "project" | "shared", owner id): who can see the partition's documents."""

STATUS_CODES: dict[str, int] = {status.value: code for code, status in enumerate(Status)}
TYPE_CODES: dict[str, int] = {kind.value: code for code, kind in enumerate(MemoryType)}
NO_EXPIRY = int(np.iinfo(np.int64).max)
GRAPH_FROM_ROWS = 20_000
"""Rows from which a partition searches a neighbour graph rather than scanning exactly. Below it the int8
scan takes ~1 ms or less here and finds every true neighbour."""
GRAPH_MIN_SHARE = 0.5
"""The share of a partition's rows a filter must admit for the graph to answer: the graph proposes rows
regardless of the filter, so a narrow filter would leave too few; those searches scan exactly."""
OVERFETCH = 1.25
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
    row in float32 (the same answer, four times the bytes read: for comparing the two). From
    `graph_from_rows` rows on (None: never), searches go through a neighbour graph once it is built.
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
        graph_from_rows: int | None = GRAPH_FROM_ROWS,
    ) -> None:
        self.ids = list(ids)
        self._rows = {memory_id: row for row, memory_id in enumerate(self.ids)}
        self._matrix = unit_rows(matrix)
        self._codes, self._scale, self._error = quantize(self._matrix)
        self._dots = int8_dots() if int8_scan else None
        self._status = np.array(statuses, dtype=np.int8)
        self._type = np.array(types, dtype=np.int8)
        self._valid_until = np.array(valid_until, dtype=np.int64)
        self._kinds = np.zeros((len(STATUS_CODES), len(TYPE_CODES)), dtype=np.int64)  # rows per status, type
        np.add.at(self._kinds, (self._status, self._type), 1)
        self._graph_from = graph_from_rows if graph_from_rows is not None and graph_available() else None
        self._graph: NeighbourGraph | None = None
        self._start_graph()

    def __len__(self) -> int:
        return len(self.ids)

    def put(self, memory_id: str, vector: FloatArray, status: int, type_: int, valid_until: int) -> None:
        row = self._rows.get(memory_id)
        unit = unit_rows(vector.reshape(1, -1))
        if row is None:
            row = len(self.ids)
            if row == len(self._matrix):
                self._grow()
            self.ids.append(memory_id)
            self._rows[memory_id] = row
            if self._graph is not None:
                self._graph.put(row, unit[0], replaces=False)
        else:
            self._kinds[self._status[row], self._type[row]] -= 1
            if self._graph is not None and not np.array_equal(self._matrix[row], unit[0]):
                self._graph.put(row, unit[0], replaces=True)
        self._kinds[status, type_] += 1
        self._matrix[row] = unit[0]
        codes, scale, error = quantize(unit)
        self._codes[row], self._scale[row], self._error[row] = codes[0], scale[0], error[0]
        self._status[row] = status
        self._type[row] = type_
        self._valid_until[row] = valid_until
        if self._graph is None:
            self._start_graph()

    def remove(self, memory_id: str) -> None:
        row = self._rows.pop(memory_id, None)
        if row is None:
            return
        last = len(self.ids) - 1
        self._kinds[self._status[row], self._type[row]] -= 1
        if row != last:
            moved = self.ids[last]
            self.ids[row] = moved
            self._rows[moved] = row
            for column in self._columns():
                column[row] = column[last]
            if self._graph is not None:
                self._graph.put(row, self._matrix[row], replaces=True)
        if self._graph is not None:
            self._graph.remove(last)
        self.ids.pop()

    def wait_for_graph(self, timeout: float | None = None) -> bool:
        """Wait for the neighbour graph's build, if one runs; True when searches go through a graph."""
        return self._graph is not None and self._graph.wait(timeout)

    def close(self) -> None:
        """Stop building the graph: the partition is no longer used."""
        if self._graph is not None:
            self._graph.close()

    def search(
        self, query: FloatArray, statuses: Iterable[int], types: Iterable[int] | None, now: int, k: int
    ) -> tuple[list[float], list[str]]:
        """The cosines and memory ids of the k best rows passing the filter, best first; `query` must be
        unit length."""
        n = len(self.ids)
        if n == 0:
            return [], []
        status_ok = _allowed(statuses, STATUS_CODES)
        type_ok = None if types is None else _allowed(types, TYPE_CODES)
        found = self._from_graph(status_ok, type_ok, now, query, k)
        if found is None:
            mask = status_ok[self._status[:n]] & (self._valid_until[:n] > now)
            if type_ok is not None:
                mask &= type_ok[self._type[:n]]
            if not mask.any():
                return [], []
            args = (self._matrix, self._codes, self._scale, self._error)
            found = nearest(*args, mask, query, k, self._dots if n >= EXACT_BELOW else None)
        scores, best = found
        ids = self.ids
        return scores.tolist(), [ids[row] for row in best.tolist()]

    def _from_graph(
        self, status_ok: BoolArray, type_ok: BoolArray | None, now: int, query: FloatArray, k: int
    ) -> tuple[FloatArray, RowArray] | None:
        """The k best rows passing the filter among those the graph proposes, scored exactly in float32;
        None when no graph answers, when the filter's statuses and types admit less than
        `GRAPH_MIN_SHARE` of the rows (counted per status and type, not row by row), when the rows to
        propose would be all of them, or when fewer than k proposed rows pass the filter: the caller then
        scans exactly."""
        n = len(self.ids)
        if self._graph is None or self._graph_from is None or n < self._graph_from:
            return None
        kinds = self._kinds[status_ok] if type_ok is None else self._kinds[status_ok][:, type_ok]
        share = int(kinds.sum()) / n
        if share < GRAPH_MIN_SHARE:
            return None
        count = math.ceil(k / share * OVERFETCH) + 8
        proposed = None if count >= n else self._graph.search(query, count)
        if proposed is None:
            return None
        rows = np.sort(proposed[(proposed >= 0) & (proposed < n)])
        passing = status_ok[self._status[rows]] & (self._valid_until[rows] > now)
        if type_ok is not None:
            passing &= type_ok[self._type[rows]]
        rows = rows[passing]
        if len(rows) < k:
            return None
        exact = np.einsum("ij,j->i", self._matrix[rows], query)
        best = top_k(exact, rows, k)
        return exact[best], rows[best]

    def _start_graph(self) -> None:
        n = len(self.ids)
        if self._graph_from is not None and n >= self._graph_from:
            self._graph = NeighbourGraph(self._matrix.shape[1])
            self._graph.start(self._matrix[:n].copy())

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


def _allowed(codes: Iterable[int], table: dict[str, int]) -> BoolArray:
    """A lookup table over the codes of `table`: True for `codes` (indexing it is cheaper than `np.isin`)."""
    allowed = np.zeros(len(table), dtype=np.bool_)
    allowed[list(codes)] = True
    return allowed
