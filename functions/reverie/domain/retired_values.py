"""The values a card stopped saying when a newer card replaced it: what a quote must not bring back.

A card superseded by a later one ("Flat 1's rent is £850" → "... £875 from January") stays readable as
history, and the turn it came from stays in the raw log. A sentence of that turn quoted under another card
(`services.cited_turns`) would show the old value as if it still held. The values here are what a
statement names that can change: its numbers (written as digits or as words: "£1,250", "forty one", "3:30")
and its names (a capitalised word not opening a sentence: "FitX", "Leeds"). The values `old` names and
`new` does not (in any case, anywhere in it) are retired; a fused card that repeats all the old one said
retires none.

Recall reads them on every request that quotes a turn, of the same statements and turns again and again:
each function keeps its answers (reading numbers written as words costs ~0.1 ms a text).
"""

from __future__ import annotations

import re
from functools import lru_cache

from reverie.domain.numerals import as_digits
from reverie.domain.text import STOP_WORDS

_NUMBER_RE = re.compile(r"\d+(?:[.,:]\d+)*")
_WORD_RE = re.compile(r"[^\W\d_][\w'’-]*")
_SENTENCE_START_RE = re.compile(r"(?:^|[.!?:;]\s+|[\"“(]\s*)$")


def _numbers(text: str) -> set[str]:
    return {m.replace(",", "") for m in _NUMBER_RE.findall(as_digits(text))}


def _names(text: str, openers: bool) -> set[str]:
    """The capitalised words of `text`, lower-cased; with `openers` False, not the first word of a sentence."""
    out: set[str] = set()
    for m in _WORD_RE.finditer(text):
        word = m.group()
        if not word[0].isupper() or word.lower() in STOP_WORDS or word == "I":
            continue
        if openers or not _SENTENCE_START_RE.search(text[: m.start()]):
            out.add(word.lower())
    return out


@lru_cache(maxsize=16384)
def values(text: str) -> frozenset[str]:
    """The numbers and names `text` states (names lower-cased; a sentence's opening word is no name)."""
    return frozenset(_numbers(text) | _names(text, openers=False))


@lru_cache(maxsize=16384)
def retired_values(old: str, new: str) -> frozenset[str]:
    """The values `old` states that `new`, which replaced it, does not state anywhere (in any case)."""
    said = _numbers(new) | {w.lower() for w in _WORD_RE.findall(new)}
    return frozenset(v for v in values(old) if v not in said)


@lru_cache(maxsize=16384)
def stated(sentence: str) -> frozenset[str]:
    """The values a sentence of a turn states, to compare with retired ones: its numbers and its
    capitalised words (lower-cased), its opening word included."""
    return frozenset(_numbers(sentence) | _names(sentence, openers=True))


def states_any(sentence: str, retired: frozenset[str]) -> bool:
    """Whether `sentence` states one of the `retired` values (a number, or a name written capitalised)."""
    return bool(retired) and not retired.isdisjoint(stated(sentence))
