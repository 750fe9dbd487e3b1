"""Numbers written as words, read as digits: one value however it was written.

Voice-to-text and quick typing write "forty one", "seventy five micrograms" or "Studio Nine" where a form
or a later message writes 41, 75 micrograms or studio 9. Comparing statements (their terms, the numbers
they give) reads both as digits, so that "locker is 14 not 41" finds the card that says "number forty
one". The statements themselves keep the words the user chose.

The reading is text2num's `alpha2digit` (English): it turns runs of number words into one number ("one
hundred and twenty" → 120, "forty-five" → 45, "the ninth" → 9th) and leaves a lone "one", "two" or
"three" as words ("the green one", "one of them": a pronoun or an article more often than a value).
"""

from __future__ import annotations

import re
from functools import lru_cache

from text_to_num import alpha2digit

# A word that may start a number written out (a gate only: text2num reads the words); a text without one
# is returned as it is, unread.
_MAYBE_NUMBER_RE = re.compile(
    r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fifteen|twenty|thirty|"
    r"forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|first|second|third|fifth|ninth|"
    r"twelfth|\w+tieth)",
    re.I,
)


def as_digits(text: str) -> str:
    """`text` with its numbers written as words given as digits: "number forty one" → "number 41",
    "forty thousand naira" → "40000 naira"; a text without such a number comes back unchanged."""
    if not _MAYBE_NUMBER_RE.search(text):
        return text
    return _read(text)


@lru_cache(maxsize=16384)
def _read(text: str) -> str:
    return str(alpha2digit(text, "en"))
