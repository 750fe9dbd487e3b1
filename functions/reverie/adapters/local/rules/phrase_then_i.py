"""A clause that opens with where or when it holds, then the speaker's own statement ("at home I have two
cats", "in my spare time I restore old radios", "on Sundays we walk the dog"): the phrase scopes the
statement, the statement has the speaker as its subject. After another statement ("I'm a nurse at St Mary's,
and at home I have a dog") it is a second idea of its own, split off like "..., and I have a dog" is.
"""

from __future__ import annotations

import re

# A preposition of place, time or occasion and up to four words, then, with a comma or not, "I" or "we" and
# a word ("I have", "we're"). A phrase that points back at the clause before ("at the end", "after that",
# "for it", "on top") makes one idea with it: "I go running and at the end I stretch".
_PHRASE_THEN_I_RE = re.compile(
    r"^(?!(?:at|in)\s+the\s+end\b|(?:after|before|for|on|over|during|at)\s+(?:that|this|it|which|them|those|"
    r"top|then)\b)(?:at|in|on|outside|after|during|over|for)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+\s*,?\s+"
    r"(?P<clause>(?:I|we)(?:'m|'ve|'d|'ll|'re)?\s+[\w'-]+\b.*)$",
    re.I | re.S,
)


def statement_after_phrase(text: str) -> str | None:
    """The speaker's statement after the phrase `text` opens with ("I have two cats" from "at home I have
    two cats"), or None when `text` opens otherwise."""
    found = _PHRASE_THEN_I_RE.match(text.strip())
    return found.group("clause") if found else None
