"""A message typed all in lower case, given the capitals written English has: "ebere swims tuesdays 4pm at
wellside" → "Ebere swims Tuesdays 4pm at wellside".

People typing on a phone in a hurry often leave out every capital. The rules find names by their capitals,
as written English marks them; a message with none at all reads as if no one were named and nothing had a
weekday. Only what is certain is restored: the pronoun "I" (and its contractions), the days of the week, a
month next to a day number ("14 march", "march 14th": "may" or "march" alone are also verbs), and a word
opening a sentence that no English word list knows ("ebere swims ..."): a name. A word the list knows stays
as typed, at the start of a sentence too ("dentist moved to ...": the rules read lower-case openings as
typed chat), and so does a name inside a sentence, which nothing tells from a common word. A message with
any capital at all is left as typed, but for the pronoun "I": its writer chose its other capitals.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.typos import english_lexicon
from reverie.domain.text import MONTH_NAME

# The first word of a sentence, letters only.
_SENTENCE_START_RE = re.compile(r"(?:^|(?<=[.!?]\s)|(?<=\n))(?P<space>\s*)(?P<word>[a-z]{3,})(?![\w'-])")
_I_RE = re.compile(r"\bi(?=(?:'(?:m|ve|d|ll)\b)|\b(?!['.-]\w))")
_WEEKDAY_RE = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b")
_MONTHS = MONTH_NAME
_DAY_NUMBER = r"\d{1,2}(?:st|nd|rd|th)?"
_MONTH_BY_DAY_RE = re.compile(
    rf"(?P<pre>\b{_DAY_NUMBER} (?:of )?)(?P<after>{_MONTHS})\b|\b(?P<before>{_MONTHS})(?= {_DAY_NUMBER}\b)"
)


def all_lower(text: str) -> bool:
    """`text` has letters and not one capital among them."""
    return any(c.isalpha() for c in text) and not any(c.isupper() for c in text)


def capitalised(text: str) -> str:
    """`text` with the capitals written English gives it, when it was typed all in lower case; `text` as
    typed otherwise."""
    if not all_lower(text):
        return _I_RE.sub("I", text)  # "Im a vet nurse and i work weekends": the pronoun, whatever else
    return _SENTENCE_START_RE.sub(_named, certain_capitals(text))


def certain_capitals(text: str) -> str:
    """`text` with the capitals no writer of English leaves out given back: the pronoun "I", the days of the
    week, a month next to a day number; the rest as typed."""
    text = _I_RE.sub("I", text)
    text = _WEEKDAY_RE.sub(lambda m: m.group().capitalize(), text)
    return _MONTH_BY_DAY_RE.sub(
        lambda m: (m.group("pre") or "") + (m.group("after") or m.group("before")).capitalize(), text
    )


def _named(match: re.Match[str]) -> str:
    """A sentence's first word, capitalised when no English word list knows it (a name)."""
    word = match.group("word")
    return match.group("space") + (word if word in english_lexicon() else word.capitalize())
