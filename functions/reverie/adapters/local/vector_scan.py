"""The vector scan of one partition: int8 codes of every row first, float32 only for the rows that can win.

A float32 scan reads every row whole (384 × 4 bytes: 154 MB at 10^5 rows, ~17 ms here, memory-bound). Each
unit row is also kept as int8 codes with a scale of its own (row ≈ scale × codes, the largest component at
±127), a quarter of the bytes, and NumKong's SIMD int8 dot products score every row's codes against the
query's own codes (~2 ms at 10^5 rows). An approximate score differs from the float32 cosine by at most
`reach / 2`: a worst case of the two rounding errors (Cauchy-Schwarz over their measured norms), not an
estimate. So a row whose approximate score is more than `reach` below the k-th best approximate score
cannot be among the k best, and only the rows above that line are rescored in float32 (a few hundred at
10^5 rows). The answer is the float32 scan's: the same k rows with the same scores, whatever the vectors.
Without NumKong installed, every row is scored in float32 (the scan before the codes).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]
CodeArray = npt.NDArray[np.int8]
RowArray = npt.NDArray[np.intp]
BoolArray = npt.NDArray[np.bool_]
Int8Dots = Callable[[CodeArray, CodeArray, FloatArray], None]
"""`dots(query_codes (1, dim), codes (n, dim), out (1, n))`: each row's integer dot product, into `out`."""

CODE_MAX = 127
FLOAT_SLACK = 1e-5
EXACT_BELOW = 1024
"""Rows under which one float32 pass over them all is cheaper than the int8 scan with its quantised query,
bound and rescoring (fewer numpy calls: at 276 rows 21 against 36 µs here, about even at 1,000, the scan
twice as fast from 3,000): the same answer either way."""
"""Added to the bound for the float32 rounding of the scores themselves (~1e-7 for unit vectors)."""


def quantize(rows: FloatArray) -> tuple[CodeArray, FloatArray, FloatArray]:
    """int8 codes, the scale of each row (row ≈ scale × codes) and the L2 norm of its rounding error."""
    peak = np.abs(rows).max(axis=1)
    scale = np.where(peak == 0, 1.0, peak / CODE_MAX).astype(np.float32)
    codes = np.clip(np.rint(rows / scale[:, None]), -CODE_MAX, CODE_MAX).astype(np.int8)
    error = np.linalg.norm(rows - codes * scale[:, None], axis=1).astype(np.float32)
    return codes, scale, error


@cache
def int8_dots() -> Int8Dots | None:
    """NumKong's int8 dot products (one thread, exact int32 sums), or None when it is not installed."""
    try:
        import numkong
    except ImportError:
        return None

    def dots(query: CodeArray, codes: CodeArray, out: FloatArray) -> None:
        numkong.cdist(query, codes, metric="dot", out=out)

    return dots


def top_k(scores: FloatArray, rows: RowArray, k: int) -> RowArray:
    """Positions of the k highest scores, highest first, equal scores in the order of their `rows` (the
    first rows win a tie at the k-th place): a partition, then a sort of only the scores above the line."""
    if k < len(scores):
        kth = np.partition(scores, len(scores) - k)[len(scores) - k]
        candidates = np.flatnonzero(scores >= kth)
    else:
        candidates = np.arange(len(scores))
    order = np.lexsort((rows[candidates], -scores[candidates]))
    return candidates[order[:k]]


def nearest(
    matrix: FloatArray,
    codes: CodeArray,
    scale: FloatArray,
    error: FloatArray,
    eligible: BoolArray,
    query: FloatArray,
    k: int,
    dots: Int8Dots | None,
) -> tuple[FloatArray, RowArray]:
    """The k rows with the highest cosine to `query` (unit) among the first `len(eligible)` rows where
    `eligible` is True (at least one), best first (equal cosines in row order), with their float32 cosines.
    `matrix` holds unit rows, `codes`/`scale`/`error` their `quantize`. `dots=None` scores in float32."""
    n = eligible.size
    if dots is None or n <= k:
        # einsum, not BLAS: a multi-threaded gemv waits on its worker threads (10-20 ms on a busy machine).
        rows = np.flatnonzero(eligible)
        exact = np.einsum("ij,j->i", matrix[:n], query)[rows]
        return _best(exact, rows, k)
    query_scale = float(np.abs(query).max()) / CODE_MAX
    query_codes = np.rint(query / query_scale).astype(np.int8)
    query_error = float(np.linalg.norm(query - query_codes * np.float32(query_scale)))
    approx = np.empty((1, n), dtype=np.float32)
    dots(query_codes[None, :], codes[:n], approx)
    scores = approx[0]
    scores *= scale[:n]
    scores *= np.float32(query_scale)
    scores[~eligible] = -np.inf
    kth = np.partition(scores, n - k)[n - k]
    # |cos - approx| <= |row . query_error| + |row_error . query| + |row_error . query_error|
    row_error = float(error[:n].max())
    reach = 2 * (query_error + row_error + row_error * query_error) + FLOAT_SLACK
    rows = np.flatnonzero(scores >= kth - reach) if np.isfinite(kth) else np.flatnonzero(eligible)
    return _best(np.einsum("ij,j->i", matrix[rows], query), rows, k)


def _best(exact: FloatArray, rows: RowArray, k: int) -> tuple[FloatArray, RowArray]:
    best = top_k(exact, rows, k)
    return exact[best], rows[best]
