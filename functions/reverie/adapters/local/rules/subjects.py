"""Where the speaker is the subject of what they say: "Last week, I went ..." → the clause from its time
opening ("Last week, I went ...") and from its subject ("I went ..."); what stands before the subject must be
an opening (a time word, a connective) or a compound head ("Ana and I"), not another clause's words.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.speaker_patterns import COMPOUND_HEAD_RE, FIRST_PERSON_SUBJECT_RE, INTRO_RE

_COMMA_RE = re.compile(r"([,:])")


def first_person_clause(text: str) -> tuple[str, str] | None:
    """(clause, core): the part of `text` whose subject is the speaker ("I", "we", "my"), its time
    opening kept ("Last week, I went ..."), and the same from the subject on ("I went ...")."""
    for match in FIRST_PERSON_SUBJECT_RE.finditer(text):
        segments = _COMMA_RE.split(text[: match.start()])
        tail = segments[-1]
        if tail.strip() and not (INTRO_RE.match(tail.strip()) or COMPOUND_HEAD_RE.match(tail.strip())):
            continue
        start = match.start() - len(tail)
        pieces = segments[:-1]
        # Walk back over the comma-separated openings that are only time words or connectives.
        while len(pieces) >= 2 and pieces[-2].strip() and INTRO_RE.match(pieces[-2].strip()):
            start -= len(pieces[-2]) + len(pieces[-1])
            pieces = pieces[:-2]
        return text[start:].strip(" ,:"), text[match.start() :]
    return None


def core(clause: str) -> str:
    """The clause from its first-person subject on."""
    match = FIRST_PERSON_SUBJECT_RE.search(clause)
    return clause[match.start() :] if match else clause
