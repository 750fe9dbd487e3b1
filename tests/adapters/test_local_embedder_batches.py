"""How the local embedder feeds its forward pass (adapters/local/embedder.py): texts sorted by length into
padded batches within a token budget, cut where a longer text would add more padding than a forward pass
costs, and every vector back in the order of the texts. A recording forward pass stands in for the model,
so each output row says which tokens it was computed from."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
from tokenizers import Tokenizer

from reverie.adapters.local.embedder import MiniLMEmbedder, default_model_dir


class RecordingEncoder:
    """Row i of the answer is [real tokens, sum of the real token ids, 0, ...]; every call's shape is kept."""

    def __init__(self) -> None:
        self.shapes: list[tuple[int, int]] = []

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> npt.NDArray[np.float32]:
        self.shapes.append((ids.shape[0], ids.shape[1]))
        out = np.zeros((len(ids), 384), dtype=np.float32)
        out[:, 0] = mask.sum(axis=1)
        out[:, 1] = (ids * mask).sum(axis=1)
        return out


def _texts() -> list[str]:
    rng = random.Random(5)
    words = "the deploy failed on staging because a role lacked s3 PutObject and Alice rolled it back".split()
    texts = [" ".join(rng.choices(words, k=rng.randint(0, 60))) for _ in range(150)]
    texts += ["x " * 400, "ok", "ok", "", "ünïcödé 🚀"]  # truncated at 256 tokens, duplicates, empty
    rng.shuffle(texts)
    return texts


def _expected(texts: list[str]) -> npt.NDArray[np.float64]:
    tokenizer = Tokenizer.from_file(str(default_model_dir() / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=256)
    return np.array([(len(e.ids), sum(e.ids)) for e in tokenizer.encode_batch(texts)], dtype=np.float64)


def test_vectors_come_back_in_the_order_of_the_texts() -> None:
    # GIVEN texts of mixed lengths in no particular order, and a forward pass that records what it gets
    texts = _texts()
    encoder = RecordingEncoder()
    # WHEN they are embedded in one call
    out = MiniLMEmbedder(encoder=encoder, cache_size=0).embed_array(texts)
    # THEN row i was computed from text i's tokens (and only those: padding is masked out)
    np.testing.assert_array_equal(out[:, :2], _expected(texts))
    assert sum(rows for rows, _ in encoder.shapes) == len(texts)


def test_batches_are_sorted_by_length_and_stay_within_the_token_budget() -> None:
    # GIVEN a forward pass that records the shape of each batch
    texts = _texts()
    encoder = RecordingEncoder()
    # WHEN many texts are embedded
    MiniLMEmbedder(encoder=encoder, cache_size=0).embed_array(texts)
    # THEN they went in several batches, shortest first, each at most 64 texts and 512 padded tokens
    # (a single text longer than that goes alone)
    widths = [width for _, width in encoder.shapes]
    assert len(encoder.shapes) > 3
    assert widths == sorted(widths)
    assert all(rows <= 64 and (rows * width <= 512 or rows == 1) for rows, width in encoder.shapes)
    # AND padding is little: each batch is as wide as its longest text, not the longest of all
    assert sum(rows * width for rows, width in encoder.shapes) < 1.1 * _expected(texts)[:, 0].sum()


def test_a_batch_is_cut_where_the_next_texts_are_much_longer() -> None:
    # GIVEN twenty short texts and four long ones, all of which fit in one token budget
    texts = ["ok"] * 20 + ["the deploy failed on staging because a role lacked s3 PutObject"] * 4
    encoder = RecordingEncoder()
    # WHEN they are embedded in one call
    MiniLMEmbedder(encoder=encoder, cache_size=0).embed_array(texts)
    # THEN the short ones are not padded to the long ones' width: two forward passes, not one
    assert encoder.shapes == [(20, 3), (4, 16)]
