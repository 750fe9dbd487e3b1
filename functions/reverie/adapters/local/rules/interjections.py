"""Interjections inside a sentence: "..., yaar it's so early", "..., ugh, the bus was late", "... so early
yaar".

A sentence's opening interjection is cut before anything is kept (`language.strip_opening`); one that opens a
later clause, after a comma, is no more part of what was said ("Kabir swims on Saturdays, yaar it's early" →
"..., it's early"). Only words that are interjections and nothing else are cut there, never a conjunction or
an adjective that also opens clauses ("and", "so", "well", "right", "great"); a word of address from another
language ("yaar") also goes at the very end of a sentence, and an aside ("btw", "fyi") at the end of a clause.
"""

from __future__ import annotations

import re

# Interjections and words of address that are nothing else: English, and Hindi/Urdu as mixed into English.
_ADDRESS = r"yaar|yar|arre|arey|are\s+yaar|acha|accha|achha|haan"
_INTERJECTION = r"(?:" + _ADDRESS + r"|oh|ah|aw+|ooh|wow|whoa|hmm+|um+|uh+|omg|gosh|ugh|dude|meh)"
_AFTER_COMMA_RE = re.compile(r"(?<=[,;])\s*(?:" + _INTERJECTION + r")\b[\s,!.]*(?=\S)", re.IGNORECASE)
_AT_END_RE = re.compile(r"[,\s]+(?:" + _ADDRESS + r")\W*$", re.IGNORECASE)
# "the scope's a 200P btw, it lives ...": an aside closing a clause before its comma.
_ASIDE_RE = re.compile(r"\s+(?:btw|fyi|fwiw)\b(?=\s*[,;])", re.IGNORECASE)


def without_inner_interjections(text: str) -> str:
    """`text` without the interjections that open its later clauses or, for a word of address, end it."""
    text = _AFTER_COMMA_RE.sub(" ", _ASIDE_RE.sub("", text))
    return _AT_END_RE.sub("", text)
