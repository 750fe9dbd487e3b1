"""A deterministic stand-in for the real embedder. For unit tests only: it knows words, not meaning."""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence

from reverie.ports import Embedder

_WORD = re.compile(r"\w+")


class HashEmbedder(Embedder):
    """Hashed bag of lowercase words and character trigrams, L2-normalised. For unit tests only.

    Texts that share words get similar vectors; nothing else about meaning is captured. Stable across
    processes (blake2b, not Python's salted `hash`). An empty text maps to a fixed unit vector.
    """

    model_id = "test/hash-embedder"

    def __init__(self, dim: int = 384) -> None:
        self.dim = dim

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._one(text) for text in texts]

    def _one(self, text: str) -> list[float]:
        vec = [0.0] * self.dim
        for word in _WORD.findall(text.lower()):
            self._add(vec, "w:" + word, 1.0)
            padded = f"#{word}#"
            for i in range(len(padded) - 2):
                self._add(vec, "c:" + padded[i : i + 3], 0.3)
        norm = math.sqrt(sum(x * x for x in vec))
        if norm == 0.0:
            vec[0] = 1.0
            return vec
        return [x / norm for x in vec]

    def _add(self, vec: list[float], feature: str, weight: float) -> None:
        digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
        bucket = int.from_bytes(digest[:4], "little") % self.dim
        vec[bucket] += weight if digest[4] & 1 else -weight
