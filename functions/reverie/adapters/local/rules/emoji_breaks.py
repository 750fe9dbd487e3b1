"""Emoji typed between two statements end the first, as a full stop would: "tasting done ✅ we went with
the lemon one", "so sad 😭 anyway we adopted a dog" are two sentences each. Chat writes emoji where prose
writes punctuation, so a run of emoji followed by more words is read as a sentence end. An emoji that stands
for a word inside a clause ("I ❤️ pizza") is not a break: hearts are read as the verb they stand for.
"""

from __future__ import annotations

import re
import unicodedata

from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST

# Pictographs that stand for a word, not for a pause: kept in place (strip_emoji removes them later).
_WORD_EMOJI = frozenset("\u2764\u2665\U0001f499\U0001f49a\U0001f49b\U0001f49c\U0001f5a4\U0001f90d\U0001f9e1")
_JOINERS = frozenset("\ufe0f\u200d")
# What opens a sentence of its own: a subject, a joining word, a question word or a name. "MOT done ✅ passed"
# goes on with the same clause ("passed" has no subject of its own): no break. Chat also drops the "I" of a
# present want or need ("signed up 😅 need a plan", "booked ✅ gotta pack") and of a past deed done to
# something ("ditched the old one 🙌 got a new one"): such a verb opens a sentence too, as does a subject before
# "is" or "are" ("finished in 1:52 🥳 legs are dead").
_OPENS_SENTENCE_RE = re.compile(
    r"(?:(?:i|i'm|i've|i'd|we|we're|we've|he|she|they|it|it's|you|my|our|his|her|their|the|this|that|there|"
    r"and|but|so|then|also|anyway|btw|now|need|want|wanna|gotta|gonna|hope|wish|how|what|where|when|why|who|"
    r"which)\b|(?-i:[A-Z])|[a-z]+\s+(?:is|are|was|were)\b|(?:"
    + "|".join(sorted(IRREGULAR_PAST))
    + r"|[a-z]{2,}ed)\s+(?:a|an|the|my|our|some|\d)\b)",
    re.I,
)


def _is_emoji(ch: str) -> bool:
    """A pictograph or its modifier (skin tone, variation selector, zero-width joiner); not "°"."""
    return ch in _JOINERS or (ch != "°" and unicodedata.category(ch) in ("So", "Sk"))


def emoji_as_breaks(text: str) -> str:
    """`text` with each run of emoji between words replaced by a line break when a sentence opens after it."""
    out: list[str] = []
    i = 0
    while i < len(text):
        if not _is_emoji(text[i]):
            out.append(text[i])
            i += 1
            continue
        end = i
        while end < len(text) and (_is_emoji(text[end]) or text[end] in " \t"):
            end += 1
        run = text[i:end]
        before = "".join(out).rstrip()
        words_before = bool(before) and before[-1] not in "\n"
        words_after = end < len(text) and _OPENS_SENTENCE_RE.match(text, end) is not None
        if words_before and words_after and not any(ch in _WORD_EMOJI for ch in run):
            out[:] = [before, "\n"]
        else:
            out.append(run)
        i = end
    return "".join(out)
