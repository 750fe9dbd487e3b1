"""The memo of pending turns' vectors (`services.turn_vectors`), and the floor that keeps unrelated turns out
(`reverie bench meaning-floor`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reverie.services.turn_vectors import TextVectors, memo_of, vectors_of
from reverie_bench.meaning_floor import crossing
from tests.fakes.embedder import HashEmbedder


class Counting(HashEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return super().embed(texts)


def test_only_texts_not_held_are_embedded_in_one_call_and_rows_keep_the_order_asked() -> None:
    # GIVEN one text already held
    embedder = Counting()
    vectors_of(embedder, ["I got a puppy"])

    # WHEN it is asked again with two new texts (one twice)
    rows = vectors_of(embedder, ["tea please", "I got a puppy", "a beagle", "tea please"])

    # THEN the new texts went in one call, once each, and every row is its text's unit vector
    assert embedder.calls == [["I got a puppy"], ["tea please", "a beagle"]]
    expected = np.asarray(HashEmbedder().embed(["tea please", "I got a puppy", "a beagle", "tea please"]))
    assert np.allclose(rows, expected, atol=1e-6)


def test_the_memo_is_bounded_and_keeps_what_was_used_last() -> None:
    embedder, memo = Counting(), TextVectors(size=2)
    memo.vectors(embedder, ["one", "two"])
    memo.vectors(embedder, ["one"])  # "one" used last
    memo.vectors(embedder, ["three"])  # "two" goes
    embedder.calls.clear()
    memo.vectors(embedder, ["one", "three", "two"])
    assert embedder.calls == [["two"]]


def test_each_embedder_has_a_memo_of_its_own() -> None:
    first, second = Counting(), Counting()
    vectors_of(first, ["same text"])
    vectors_of(second, ["same text"])
    assert first.calls == second.calls == [["same text"]]
    assert memo_of(first) is not memo_of(second) and memo_of(first) is memo_of(first)


def test_the_floor_is_where_related_pairs_become_the_denser() -> None:
    # GIVEN unrelated cosines around 0.0 and related ones around 0.4, equally spread
    rng = np.random.default_rng(1)
    unrelated = rng.normal(0.0, 0.1, 50_000).astype(np.float32)
    related = rng.normal(0.4, 0.1, 2_000).astype(np.float32)
    # THEN the densities cross halfway
    assert abs(crossing(related, unrelated) - 0.2) < 0.02
