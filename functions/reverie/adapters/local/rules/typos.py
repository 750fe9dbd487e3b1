"""Words mistyped in a hurry read as the word meant before the rules read a message: "cllient", "evry",
"recieve", "mnths" read as "client", "every", "receive", "months".

A card copied from a typo keeps the typo, and the rules keyed on a word ("client", "every") miss it. The
lexicon is pyspellchecker's English word list (word frequencies from subtitles, 160k words, in its wheel).
A word is rewritten only when it is surely a slip of one common word:
- it is typed in lower case, of letters only, four or more of them, and is no word of the lexicon nor of
  the one `dropped_g` reads (the bundled tokenizer's whole words: "tech" is a word, not "teach"). A
  capitalised word may be a name, an upper-case one a code; a word with a digit, or inside an address, a
  path or a handle, is an identifier; three letters or fewer are as often a shortening ("hrs", "lbs",
  "aws", "vid") or a currency ("usd", "sek") as a slip, and the chat shortenings that are slips are listed
  where `spelling` writes them out;
- the slip is one of the three a hasty typist makes, tried in this order, and the first that finds a
  word decides: a letter left out inside the word ("evry", "mnths"; never the first or the last letter:
  "ravi" is no "ravin"), a letter typed twice ("cllient"), two letters inside the word swapped
  ("recieve"; the first and the last stay: "args" is no "rags", "venmo" no "venom");
- the word it finds is common (`COMMON`: about the 2,500 commonest words): the rarer the word found, the
  likelier the unknown one is a name, a brand or an abbreviation ("dept" is no "depot", "intl" no
  "intel", "cron" no "crown"); or it is one the rules key on for what must not be missed (`KEYED_WORDS`:
  an allergy, a diet, a condition);
- and that word is clear: the only one found, or `CLEAR` times as common as the next ("mins" could be
  "minds", "minus" or "mines", and stays).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache
from string import ascii_lowercase

from spellchecker import SpellChecker

from reverie.adapters.local.rules.dropped_g import vocabulary

COMMON = 20e-6  # a word found must be at least this share of the words in the lexicon's counts
CLEAR = 3.0  # and this many times as common as the next word the same slip finds
# Words the rules key on for what must not be missed (an allergy, a diet, a condition), rarer than `COMMON` yet
# meant whenever a slip finds them: "alergic" is "allergic", "diabetc" is "diabetic".
KEYED_WORDS = frozenset(
    """allergic allergy allergies intolerant intolerance vegetarian vegan pescatarian diabetic coeliac celiac
    asthmatic epileptic anaemic anemic dyslexic teetotal pregnant""".split()
)
_WORD_RE = re.compile(r"(?<![\w'@#$%&+=~/.:-])(?P<word>[a-z]{4,})(?![\w'@#/:-]|\.\w)")


@lru_cache(maxsize=1)
def english_lexicon() -> SpellChecker:
    """pyspellchecker's English word list with its counts (loaded once: about 0.4 s and 35 MB), shared by the
    rules that ask whether a word is English (`lower_case` too)."""
    return SpellChecker(language="en", distance=1)


def _left_out(word: str) -> set[str]:
    return {word[:i] + letter + word[i:] for i in range(1, len(word)) for letter in ascii_lowercase}


def _typed_twice(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(1, len(word)) if word[i - 1] == word[i]}


def _swapped(word: str) -> set[str]:
    return {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(1, len(word) - 2)}


# Medicines the word list lacks, by their names' common endings ("statin", "atorvastatin", "ramipril",
# "bisoprolol", "losartan", "omeprazole", "metformin", "apixaban"): names, never slips ("statin" is no "station").
MEDICINE_ENDINGS = (
    r"(?:statin|pril|olol|sartan|azole|mycin|cillin|oxetine|azepam|idone|tidine|formin|gliptin|parin|xaban|"
    r"triptan|dronate|tadine|lukast|semide|thiazide|dipine)s?"
)
_MEDICINE_RE = re.compile(MEDICINE_ENDINGS + "$")


def medicine_name(word: str) -> bool:
    """`word` ends as medicines' names do (see `_MEDICINE_RE`): a name the word list lacks, not a slip."""
    return _MEDICINE_RE.search(word) is not None


def meant(word: str) -> str | None:
    """The common word `word` is a clear slip of (see the module docstring), or None."""
    lexicon = english_lexicon()
    if word in lexicon or word in vocabulary() or medicine_name(word):
        return None
    for slip in (_left_out, _typed_twice, _swapped):
        found = sorted(
            ((lexicon.word_usage_frequency(w), w) for w in lexicon.known(slip(word))),
            reverse=True,
        )
        found = [(share, w) for share, w in found if share >= COMMON or w in KEYED_WORDS]
        if found:
            clear = len(found) == 1 or found[0][0] >= CLEAR * found[1][0]
            return found[0][1] if clear else None
    return None


def respelled(text: str, keep: Collection[str] = ()) -> str:
    """`text` with each clear slip of a common word written as that word ("cllient" → "client"); the
    words in `keep` (shortenings another rule writes out) stay."""

    def fixed(match: re.Match[str]) -> str:
        word = match.group("word")
        return word if word in keep else (meant(word) or word)

    return _WORD_RE.sub(fixed, text)
