"""Vectors of the turns recall matches by meaning, memoised by content for each embedder.

A pending turn is asked about again and again until a dream consolidates it, and its text does not change,
so its vector is computed once per process: the texts not held yet go to the embedder in one batch call,
and the vectors are kept by a hash of the text (`content_key`), in a bounded least-recently-used memo per
embedder instance (one per process: bootstrap builds the backends once; a test's fresh embedder starts
empty). Held as float32 rows: 1.5 kB a vector for MiniLM's 384 dimensions, 4 kB for Titan's 1,024, so the
memo holds at most ~6 or ~16 MB. An embedder that caches too (MiniLM does) answers the same vector.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from reverie.domain.text import content_key
from reverie.ports import Embedder

F32 = npt.NDArray[np.float32]

MEMO_SIZE = 4096  # vectors per embedder: ~200 users' newest pending turns between two dreams


class TextVectors:
    """A bounded memo text → unit float32 vector for one embedder (the one always passed to `vectors`; not
    held here, so that the memo goes with it). Safe to share between threads."""

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self._size = size
        self._held: OrderedDict[bytes, F32] = OrderedDict()
        self._lock = threading.Lock()
        self.computed = 0
        """How many texts this memo sent to the embedder."""

    def vectors(self, embedder: Embedder, texts: Sequence[str]) -> F32:
        """One unit row per text, in order; the texts not held are embedded in one batch call."""
        keys = [content_key(text) for text in texts]
        with self._lock:
            found = {key: self._held[key] for key in keys if key in self._held}
            for key in found:
                self._held.move_to_end(key)
        missing = dict(zip(keys, texts, strict=True))
        for key in found:
            missing.pop(key, None)
        if missing:
            computed = _unit_rows(np.asarray(embedder.embed(list(missing.values())), dtype=np.float32))
            found.update(zip(missing, computed, strict=True))
            with self._lock:
                self.computed += len(missing)
                self._held.update(zip(missing, computed, strict=True))
                while len(self._held) > self._size:
                    self._held.popitem(last=False)
        if not keys:
            return np.zeros((0, embedder.dim), dtype=np.float32)
        return np.stack([found[key] for key in keys])


_memos: weakref.WeakKeyDictionary[Embedder, TextVectors] = weakref.WeakKeyDictionary()
_memos_lock = threading.Lock()


def memo_of(embedder: Embedder) -> TextVectors:
    """The memo of `embedder` (made on first use; it goes when the embedder does)."""
    with _memos_lock:
        memo = _memos.get(embedder)
        if memo is None:
            memo = _memos[embedder] = TextVectors()
        return memo


def vectors_of(embedder: Embedder, texts: Sequence[str]) -> F32:
    """Unit rows of `texts` by `embedder`, through its memo (`TextVectors.vectors`)."""
    return memo_of(embedder).vectors(embedder, texts)


def unit(vector: Sequence[float]) -> F32:
    """`vector` as a unit float32 row (the port promises unit length; this guards the cosine anyway)."""
    return _unit_rows(np.asarray(vector, dtype=np.float32).reshape(1, -1))[0]


def _unit_rows(matrix: F32) -> F32:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return (matrix / np.where(norms == 0, 1, norms)).astype(np.float32, copy=False)
