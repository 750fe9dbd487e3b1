"""The embedded index's vector path scans int8 codes and rescores in float32 (adapters/local/vector_scan.py):
it must answer exactly what the float32 scan answers (the same rows, the same cosines), and the scope's
filter must hold on it as on every path."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.adapters.local.vector_cache import unit_rows
from reverie.adapters.local.vector_scan import FloatArray, int8_dots, nearest, quantize
from reverie.domain.models import MemoryType, Scope, ScopeKind, Status
from reverie.domain.search import SearchDoc, SearchFilter

DIM = 384
NOW = datetime(2025, 1, 1, tzinfo=UTC)
ALICE = Scope(tenant_id="t1", user_id="alice")


def clustered(rng: np.random.Generator, rows: int, clusters: int = 20) -> FloatArray:
    """Unit vectors bunched around a few centres, as sentence embeddings are (many near-ties)."""
    centres = rng.standard_normal((clusters, DIM))
    noise = rng.standard_normal((rows, DIM)) * rng.uniform(0.05, 0.6)
    return unit_rows((centres[rng.integers(0, clusters, rows)] + noise).astype(np.float32))


def scan(matrix: FloatArray, rows: np.ndarray, query: FloatArray, k: int, int8: bool) -> tuple[list, list]:
    """The k best of `rows` by either scan: (cosines, rows)."""
    codes, scale, error = quantize(matrix)
    eligible = np.zeros(len(matrix), dtype=np.bool_)
    eligible[rows] = True
    scores, best = nearest(matrix, codes, scale, error, eligible, query, k, int8_dots() if int8 else None)
    return scores.tolist(), best.tolist()


def test_numkong_is_installed_and_its_int8_dot_products_are_exact() -> None:
    # GIVEN int8 codes at the extremes of their range
    rng = np.random.default_rng(1)
    codes = rng.integers(-127, 128, (50, DIM)).astype(np.int8)
    codes[0] = 127
    query = np.full(DIM, -127, dtype=np.int8)
    dots = int8_dots()
    assert dots is not None, "numkong is a dependency of the local extras: `make install`"
    out = np.empty((1, 50), dtype=np.float32)
    # WHEN NumKong scores them THEN every sum is the exact integer one (no int8 or int16 overflow)
    dots(query[None, :], codes, out)
    assert out[0].tolist() == (codes.astype(np.int64) @ query.astype(np.int64)).astype(float).tolist()


@pytest.mark.parametrize("k", [1, 10, 60, 400])
def test_the_int8_scan_returns_the_float32_scans_rows_and_cosines(k: int) -> None:
    # GIVEN 5,000 clustered unit vectors and queries near and far from them
    rng = np.random.default_rng(k)
    matrix = clustered(rng, 5_000)
    queries = [*matrix[rng.integers(0, 5_000, 5)], *clustered(rng, 5, clusters=3)]
    rows = np.arange(5_000)
    for query in queries:
        query = unit_rows(query[None, :] + 0.01)[0]
        # WHEN both scans pick the k best THEN they agree on every row and every cosine
        assert scan(matrix, rows, query, k, int8=True) == scan(matrix, rows, query, k, int8=False)


def test_the_int8_scan_reads_only_the_rows_it_is_given() -> None:
    # GIVEN every third row filtered out, and a query equal to a filtered-out row
    rng = np.random.default_rng(7)
    matrix = clustered(rng, 3_000)
    rows = np.flatnonzero(np.arange(3_000) % 3 != 0)
    # WHEN the k best are asked for THEN none of them is a filtered-out row, and both scans agree
    scores, best = scan(matrix, rows, matrix[0], 50, int8=True)
    assert 0 not in best and all(row % 3 for row in best)
    assert (scores, best) == scan(matrix, rows, matrix[0], 50, int8=False)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rows=st.integers(2, 400),
    k=st.integers(1, 50),
    spike=st.floats(0.0, 50.0),
    duplicates=st.booleans(),
)
def test_the_int8_scan_equals_the_float32_scan_for_any_vectors(
    seed: int, rows: int, k: int, spike: float, duplicates: bool
) -> None:
    # GIVEN vectors with a dominating component of any size (coarse codes for the rest), near-duplicates
    rng = np.random.default_rng(seed)
    raw = rng.standard_normal((rows, DIM)).astype(np.float32)
    raw[:, rng.integers(0, DIM)] += spike
    if duplicates:
        raw[rows // 2 :] = raw[: rows - rows // 2] + 1e-4
    matrix = unit_rows(raw)
    query = unit_rows(rng.standard_normal((1, DIM)).astype(np.float32) + raw[0])[0]
    # WHEN both scans pick the k best THEN they agree on every row and every cosine (ties in row order)
    assert scan(matrix, np.arange(rows), query, k, int8=True) == scan(
        matrix, np.arange(rows), query, k, int8=False
    )


# --- through the index ------------------------------------------------------------------------------------


def _doc(memory_id: str, vector: FloatArray, user: str = "alice", tenant: str = "t1") -> SearchDoc:
    return SearchDoc(
        memory_id=memory_id, tenant_id=tenant, scope=ScopeKind.USER, user_id=user, type=MemoryType.FACT,
        status=Status.VERIFIED, text=f"note {memory_id}", vector=vector.tolist(),
    )  # fmt: skip


@pytest.fixture
def crowded(tmp_path: Path) -> tuple[Path, FloatArray]:
    """2,000 of Alice's vectors, and copies of the first 300 held by Bob and by Alice in another tenant."""
    matrix = clustered(np.random.default_rng(3), 2_000)
    index = SqliteSearchIndex(tmp_path / "index.db")
    index.upsert([_doc(f"alice-{i:04d}", v) for i, v in enumerate(matrix)])
    index.upsert([_doc(f"bob-{i:04d}", v, user="bob") for i, v in enumerate(matrix[:300])])
    index.upsert([_doc(f"t2-{i:04d}", v, tenant="t2") for i, v in enumerate(matrix[:300])])
    index.close()
    return tmp_path / "index.db", matrix


def _hits(index: SqliteSearchIndex, query: FloatArray, k: int = 60) -> list[tuple[str, float]]:
    hits = index.search_vector(query.tolist(), SearchFilter(scope=ALICE, now=NOW), k)
    return [(h.memory_id, h.score) for h in hits]


def test_the_index_answers_the_same_with_either_scan_and_never_with_another_scopes_vectors(
    crowded: tuple[Path, FloatArray],
) -> None:
    path, matrix = crowded
    int8, float32 = SqliteSearchIndex(path), SqliteSearchIndex(path, int8_scan=False)
    for query in matrix[:200:20]:
        # WHEN Alice asks with a vector Bob and the other tenant hold exact copies of
        hits = _hits(int8, query)
        # THEN only her own cards come back, exactly as the float32 scan ranks them
        assert hits == _hits(float32, query)
        assert all(memory_id.startswith("alice-") for memory_id, _ in hits)


def test_updates_and_deletes_reach_the_int8_codes(crowded: tuple[Path, FloatArray]) -> None:
    path, matrix = crowded
    index = SqliteSearchIndex(path)
    target = matrix[1_999]
    assert _hits(index, target, 1)[0][0] == "alice-1999"  # the partition is cached from here on
    # GIVEN a card in the middle deleted: the last row (alice-1999's) moves into its place
    index.delete("t1", ["alice-0100"])
    # THEN the moved card is still found by its own vector
    assert _hits(index, target, 1) == [("alice-1999", pytest.approx(1.0, abs=1e-6))]
    # GIVEN that card deleted too and another card's vector replaced by its vector
    index.delete("t1", ["alice-1999"])
    index.upsert([_doc("alice-0005", target)])
    # WHEN the same vector is asked for THEN the replaced card comes first and the deleted ones never
    hits = _hits(index, target)
    assert hits[0] == ("alice-0005", pytest.approx(1.0, abs=1e-6))
    assert not {"alice-0100", "alice-1999"} & {memory_id for memory_id, _ in hits}
    assert hits == _hits(SqliteSearchIndex(path, int8_scan=False), target)


def test_when_fewer_rows_pass_the_filter_than_are_asked_for_all_of_them_come_back_best_first() -> None:
    # GIVEN 2,000 rows of which 7 pass the filter
    rng = np.random.default_rng(5)
    matrix = clustered(rng, 2_000)
    rows = np.array([3, 50, 400, 777, 1_200, 1_500, 1_999])
    # WHEN 60 are asked for THEN the 7 come back, in the float32 scan's order
    scores, best = scan(matrix, rows, matrix[400], 60, int8=True)
    assert sorted(best) == rows.tolist() and best[0] == 400
    assert (scores, best) == scan(matrix, rows, matrix[400], 60, int8=False)
