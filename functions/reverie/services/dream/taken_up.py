"""A tool's structured record taken up by the user: the person the lookup was for goes on to speak of the
entry it found.

A tool's output is an untrusted source (`domain.trust`): a calendar entry, a CRM record, a page can be
written by anyone, so what it says stays a hypothesis until something independent supports it. Free text
(a page, a document) becomes the user's only when they restate it in their own words. A structured record
is different in kind: its fields are data a system keeps about one entry (the calendar's entry "Quarterly
inspection - Flat 3" and its `start`), read as one fact per field (`rules.records`: "<entry>'s <field>:
<value>", keyed by entry and field). When the user, later in the same session, speaks of that entry without
doubting or denying it ("I'll be home for the inspection"), they accept the entry the system holds, and
that counts as a support (`verify.traceback`). A promoted card from a tool is still shown as reference, never
as an instruction (`context_lines.trusted_section`), and a field that reads like an instruction was
quarantined before any support was counted.

Not a take-up: a sentence that denies or doubts ("Kenji says the belt has never been done", "no idea who's
right"), a question, the assistant's or another person's words, a sentence naming nothing of the entry's
name, or any free text from a tool (a page's sentence, named in a reply, is not thereby the user's).
"""

from __future__ import annotations

import re

from reverie.domain.events import Event, MessageEvent
from reverie.domain.restatement import negated
from reverie.domain.text import content_words

_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+|\n+")
# Doubt about what was found: "no idea who's right", "not sure", "which is it", "I don't think so".
_DOUBT_RE = re.compile(
    r"\b(?:no idea|not sure|unsure|which is (?:it|right)|who'?s right|doubt|wrong|mistake|incorrect)\b", re.I
)
MIN_WORD = 4  # a shared word this long names a thing ("belt", "exam"), not a particle


# A record's field as `rules.records` states it: "<entry>'s <field>: <value>".
_FIELD_RE = re.compile(r"^(?P<entry>.{3,160}?)'s\s+[^:]{1,40}:\s+\S")


def entry_words(statement: str, key: str | None) -> frozenset[str]:
    """The content words naming the entry of a structured record's field (empty for anything else)."""
    found = _FIELD_RE.match(statement) if key else None
    return (
        frozenset(w for w in content_words(found.group("entry")) if len(w) >= MIN_WORD)
        if found
        else frozenset()
    )


def takes_up(record_words: frozenset[str], e: Event) -> bool:
    """`e` is the user speaking, in a sentence of its own that neither asks, denies nor doubts, of a content
    word of the record (`record_words`)."""
    if not (isinstance(e, MessageEvent) and e.role == "user"):
        return False
    for sentence in _SENTENCE_RE.split(e.text):
        said = {w for w in content_words(sentence) if len(w) >= MIN_WORD}
        if (
            said & record_words
            and not sentence.rstrip().endswith("?")
            and not negated(sentence)
            and not _DOUBT_RE.search(sentence)
        ):
            return True
    return False
