"""Words typed with their final "g" dropped, as chat and speech write them: "trainin weds", "anythin",
"goin' out", "we're movin house" read as "training", "anything", "going", "moving".

A word in "-in'" is always such a word. Without the apostrophe, "-in" ends many words ("cabin", "origin",
"muffin"); such a word is read as its "-ing" form only when it is no English word itself and its "-ing" form
is one. English words are those of the lexicon the product already ships: the WordPiece vocabulary of the
bundled all-MiniLM-L6-v2 tokenizer (30k entries, whole words only). Without that package nothing is rewritten
but the apostrophe forms. The few words the vocabulary lacks whose "-ing" form it has are listed
(`_WORDS_THE_LEXICON_LACKS`), and a word the spelling lexicon knows stays ("aspirin", "heparin": split up by the
tokenizer). Capitalised words are names ("Darwin", "Kaladin") and stay.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

# Words whose "-ing" form is in the vocabulary but which are words themselves (food, compounds of sign/check).
_WORDS_THE_LEXICON_LACKS = frozenset({"raisin", "raisins", "checkin", "signin", "login", "plugin", "admin"})
_APOSTROPHE_RE = re.compile(r"\b(?P<stem>[a-z]{2,})in'(?!\w)")
_BARE_RE = re.compile(r"(?<![\w'@#/.-])(?P<word>[a-z]{3,}in)(?![\w'@/-])")


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """The bundled tokenizer's whole words, or nothing when the model package is absent."""
    try:
        from reverie.adapters.local.embedder import default_model_dir

        vocab = json.loads((default_model_dir() / "tokenizer.json").read_text(encoding="utf-8"))["model"][
            "vocab"
        ]
    except (RuntimeError, OSError, KeyError, ValueError):
        return frozenset()
    return frozenset(word for word in vocab if word.isalpha())


def _english(word: str) -> bool:
    """`word` is in the spelling lexicon (medicines such as "aspirin", "heparin" the tokenizer splits up)."""
    from reverie.adapters.local.rules.typos import english_lexicon, medicine_name  # loaded once, shared

    return word in english_lexicon() or medicine_name(word)  # "statin" is no "stating"


def _restored(match: re.Match[str]) -> str:
    word = match.group("word")
    lexicon = vocabulary()
    if word in lexicon or word in _WORDS_THE_LEXICON_LACKS or f"{word}g" not in lexicon or _english(word):
        return word
    return f"{word}g"


def with_final_g(text: str) -> str:
    """`text` with its g-dropped words written out ("trainin" → "training", "goin'" → "going")."""
    text = _APOSTROPHE_RE.sub(lambda m: f"{m.group('stem')}ing", text)
    return _BARE_RE.sub(_restored, text)
