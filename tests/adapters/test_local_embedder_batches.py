"""How the local embedder feeds its forward pass (adapters/local/embedder.py): texts sorted by length into
padded batches within a token budget (float32), or one at a time (int8), and every vector back in the
order of the texts either way. A recording forward pass stands in for the model, so each output row says
which tokens it was computed from."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
import pytest
from tokenizers import Tokenizer

from reverie.adapters.local.embedder import MiniLMEmbedder, default_model_dir


class RecordingEncoder:
    """Row i of the answer is [real tokens, sum of the real token ids, 0, ...]; every call's shape is kept."""

    def __init__(self, batches: bool) -> None:
        self.batches = batches
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


@pytest.mark.parametrize("batches", [True, False], ids=["padded batches", "one text at a time"])
def test_vectors_come_back_in_the_order_of_the_texts(batches: bool) -> None:
    # GIVEN texts of mixed lengths in no particular order, and a forward pass that records what it gets
    texts = _texts()
    encoder = RecordingEncoder(batches)
    # WHEN they are embedded in one call
    out = MiniLMEmbedder(encoder=encoder, cache_size=0).embed_array(texts)
    # THEN row i was computed from text i's tokens (and only those: padding is masked out)
    np.testing.assert_array_equal(out[:, :2], _expected(texts))
    assert sum(rows for rows, _ in encoder.shapes) == len(texts)


def test_batches_are_sorted_by_length_and_stay_within_the_token_budget() -> None:
    # GIVEN a forward pass that takes padded batches
    texts = _texts()
    encoder = RecordingEncoder(batches=True)
    # WHEN many texts are embedded
    MiniLMEmbedder(encoder=encoder, cache_size=0).embed_array(texts)
    # THEN they went in several batches, shortest first, each at most 64 texts and 1,024 padded tokens
    # (a single text longer than that goes alone)
    widths = [width for _, width in encoder.shapes]
    assert len(encoder.shapes) > 3
    assert widths == sorted(widths)
    assert all(rows <= 64 and (rows * width <= 1024 or rows == 1) for rows, width in encoder.shapes)
    # AND padding is little: each batch is as wide as its longest text, not the longest of all
    assert sum(rows * width for rows, width in encoder.shapes) < 1.3 * _expected(texts)[:, 0].sum()


def test_a_forward_pass_that_does_not_batch_gets_one_unpadded_text_per_call() -> None:
    encoder = RecordingEncoder(batches=False)
    texts = _texts()
    MiniLMEmbedder(encoder=encoder, cache_size=0).embed_array(texts)
    assert [rows for rows, _ in encoder.shapes] == [1] * len(texts)
    assert [width for _, width in encoder.shapes] == [int(n) for n in _expected(texts)[:, 0]]
