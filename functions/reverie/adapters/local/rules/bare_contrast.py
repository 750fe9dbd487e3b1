"""A value set against another with a bare "not", as chat types it: "Ebere's swimming is Thursdays 4:30 not
Tuesdays", "the code's 4471 not 4417" — read as the written "..., not Tuesdays" the rules know as a contrast.

Only where "not" stands between two values (a number or time, a weekday, a month, a capitalised name) does it
set one against the other; after a verb ("it is not Tuesday") or before a word of any other kind ("4:30 not
bad") it negates, and the sentence stays as typed.
"""

from __future__ import annotations

import re

from reverie.domain.text import month_names

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_MONTH = month_names("may")
_VALUE = rf"(?:\d[\w:.,/-]*|(?i:{_DAY})|(?i:{_MONTH})|[A-Z][\w'-]+)"
_BARE_NOT_RE = re.compile(rf"(?<=\w)\s+not\s+(?=(?:on\s+|at\s+)?{_VALUE}\b)")
# a pronoun and its verb ("It's not Tuesday") is no value, capitalised at a sentence's start or not
_LAST_WORD_RE = re.compile(
    rf"(?:^|\s)(?!(?i:it|that|this|there|he|she|they|we|I|you)(?:'\w+|’\w+)?$){_VALUE}$"
)


def with_contrast_comma(text: str) -> str:
    """`text` with a comma before each "not" that sets one value against another ("Thursdays 4:30 not
    Tuesdays" → "Thursdays 4:30, not Tuesdays")."""

    def marked(match: re.Match[str]) -> str:
        head = text[: match.start()]
        return ", not " if _LAST_WORD_RE.search(head) and not head.rstrip().endswith(",") else match.group()

    return _BARE_NOT_RE.sub(marked, text)
