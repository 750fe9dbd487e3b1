"""The WordPiece token counter counts a text from its words' counts (adapters/local/tokens.py): the sum must
be the tokenizer's own count of the whole text, whatever the text, or recall's budget would be wrong."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer

from reverie.adapters.local.embedder import default_model_dir
from reverie.adapters.local.tokens import WordPieceTokenCounter


@pytest.fixture(scope="module")
def whole() -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(default_model_dir() / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


def reference(tokenizer: Tokenizer, text: str) -> int:
    return len(tokenizer.encode(text, add_special_tokens=False).ids)


COUNTER = WordPieceTokenCounter(cache_size=0, word_cache_size=64)  # small: the word cache starts afresh often

TRICKY = [
    "- [12] 8 May 2023: Caroline: Thanks, Mel! [shares a photo: a sunset]\n",
    "naïve café — déjà vu… 東京タワー 😀 x²",
    "tabs\tand\r\nnewlines\n\n  and   runs of spaces ",
    "no\u00a0break\u2003em space\u200bzero width",
    "control\x1cchars\x00inside\x7fwords",
    "unbelievably-tokenisable_words/with:punctuation;everywhere!!!",
    "a" * 150 + " " + "ab" * 80,
]


@pytest.mark.parametrize("text", TRICKY)
def test_a_text_counts_as_the_tokenizer_counts_it_whole(whole: Tokenizer, text: str) -> None:
    # WHEN a text is counted from its words (twice: cold, then from the cache) THEN both are the whole count
    assert COUNTER.count(text) == reference(whole, text)
    assert COUNTER.count(text) == reference(whole, text)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=80))
def test_any_text_counts_as_the_tokenizer_counts_it_whole(whole: Tokenizer, text: str) -> None:
    assert COUNTER.count(text) == reference(whole, text)


def test_the_empty_text_and_whitespace_count_nothing() -> None:
    assert COUNTER.count("") == 0
    assert COUNTER.count(" \n\t ") == 0


SPACES = [chr(i) for i in range(0x110000) if chr(i).isspace()]  # where str.split splits


@pytest.mark.parametrize("space", SPACES, ids=[hex(ord(s)) for s in SPACES])
def test_words_around_any_space_count_as_the_tokenizer_counts_them(whole: Tokenizer, space: str) -> None:
    # GIVEN words joined by a character Python reads as a space, which BERT may read as a space or delete
    text = f"unbelievable{space}tokenisation{space}{space}x2 end{space}"
    # WHEN the counter splits it into words THEN it counts what the tokenizer counts whole
    assert COUNTER.count(text) == reference(whole, text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=12), max_size=8))
def test_words_counted_together_each_count_as_the_tokenizer_counts_them_alone(
    whole: Tokenizer, words: list[str]
) -> None:
    # GIVEN a line of words none of which the counter has seen (each new word is counted from one encoding
    # of them all) WHEN each word is then counted from the cache THEN each is the tokenizer's count of it
    counter = WordPieceTokenCounter(cache_size=0)
    text = " ".join(words)
    assert counter.count(text) == reference(whole, text)
    for word in text.split():
        assert counter.count(word) == reference(whole, word)
