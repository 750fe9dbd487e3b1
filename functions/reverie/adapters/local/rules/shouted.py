"""A sentence typed all in capitals, read in ordinary case: "I TAKE WARFARIN EVERY EVENING AND MY CAT IS
CALLED BISCUIT." → "I take warfarin every evening and my cat is called Biscuit."

Some people type everything in capitals (a phone left on caps lock, an older relative who finds it easier to
read). Copied as typed, a card reads "The user TAKEs WARFARIN EVERY EVENING"; the rules also find names by
their capitals, and in a shouted sentence every word looks like one. A sentence is shouted when two or more
of its words are written in letters and every one of them is in capitals, and one at least is an English
word of three letters or more ("NHS GP" is a pair of acronyms, not shouting). A word written in a normal
sentence in capitals for stress ("I do NOT eat pork") leaves its sentence alone.

Read in ordinary case, a shouted sentence keeps, as typed:
- a word with a digit or a small letter in it: an id, a code or a password ("Rosebud1952", "A12");
- a single letter other than "A" ("PLAN B", "X" for a kiss) and a short word no English word list knows:
  an acronym ("NHS", "GP", "ROSC");
and the rest is written in small letters, then given the capitals written English has (`lower_case`: the
pronoun "I", the days of the week, the months), the first word of the sentence its capital, and the name a
naming verb gives ("called", "named", "call me ...") or a title heads ("DR PATEL") its capitals.
Other names inside the sentence stay in small letters: nothing tells "BISCUIT" the cat from a biscuit.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.lower_case import certain_capitals
from reverie.adapters.local.rules.typos import english_lexicon
from reverie.domain.text import MONTH_NAMES, STOP_WORDS

MAX_ACRONYM = 5  # a word no word list knows is an acronym up to this many letters, a name or a term beyond
MAX_NAME_WORDS = 3  # a name a naming verb gives: at most this many words ("Nana Joyce", "Mary Ann Lee")

# A sentence with its closing marks, or a line without any.
_SENTENCE_RE = re.compile(r"[^.!?\n]+[.!?]*")
_TOKEN_RE = re.compile(r"[^\W_](?:[\w'’-]*[^\W_])?")
# A naming verb and the words after it.
_NAMING_RE = re.compile(
    r"\b(?:called|named|(?:call|calls|calling)\s+(?:me|him|her|them|us|it|the\s+user))\s+"
    rf"(?P<name>[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*){{0,{MAX_NAME_WORDS - 1}}})"
)
# The months no verb is spelled like ("may" and "march" are, and wait for a day number: `lower_case`).
_MONTH_RE = re.compile(r"\b(?:" + "|".join(m for m in MONTH_NAMES if m not in ("may", "march")) + r")\b")
# Words said after "call me" that are no name: when or how, not what.
# A title and the surname after it ("DR PATEL").
_TITLED_RE = re.compile(r"\b(?:mr|mrs|ms|miss|dr|prof)\b\.?\s+[a-z][a-z'’-]+")
_NOT_NAMES = frozenset(
    "back later today tonight tomorrow soon again anytime sometime first please now".split()
)


def unshouted(text: str) -> str:
    """`text` with each sentence typed all in capitals read in ordinary case (see the module docstring); the
    other sentences as typed."""
    return _SENTENCE_RE.sub(lambda m: _ordinary(m.group()) if _shouted(m.group()) else m.group(), text)


def _shouted(sentence: str) -> bool:
    words = [w for w in _TOKEN_RE.findall(sentence) if w.replace("'", "").replace("’", "").isalpha()]
    lettered = [w for w in words if len(w) > 1]
    if len(lettered) < 2 or any(not w.isupper() for w in words if w != "I"):
        return False
    lexicon = english_lexicon()
    return any(len(w) >= 3 and w.lower() in lexicon for w in lettered)


def _ordinary(sentence: str) -> str:
    text = certain_capitals(_TOKEN_RE.sub(_lowered, sentence))
    text = _MONTH_RE.sub(lambda m: m.group().capitalize(), text)
    text = _NAMING_RE.sub(_name_capitalised, text)
    text = _TITLED_RE.sub(lambda m: m.group().title(), text)
    return re.sub(r"^(\W*)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


def _lowered(match: re.Match[str]) -> str:
    word = match.group()
    if not word.isupper() or not word.replace("'", "").replace("’", "").isalpha():
        return word  # an id, a code, a password: as typed
    if len(word) == 1:
        return word.lower() if word == "A" else word
    small = word.lower()
    if len(word) <= MAX_ACRONYM and small not in english_lexicon() and "'" not in word and "’" not in word:
        return word  # an acronym
    return small


def _name_capitalised(match: re.Match[str]) -> str:
    """The name after a naming verb with its capitals: its words up to the first that is a function word or
    says when ("call me back"); initials stay in capitals ("JB")."""
    said = []
    for word in match.group("name").split():
        if word.lower() in STOP_WORDS or word.lower() in _NOT_NAMES:
            break
        said.append(word if len(word) <= 2 else word.capitalize())
    if not said:
        return match.group()
    start = match.start("name") - match.start()
    named = " ".join(said)
    return match.group()[:start] + named + match.group()[start + len(named) :]
