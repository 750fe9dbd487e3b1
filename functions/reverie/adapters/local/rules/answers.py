"""What a tool's output answers to the user's question about one of their own things.

"What is my notice period?" asks for the value of one thing of the user's. Whatever output answers it, a
record's field ("Notice period: 1 month") or a clause of a document ("... by giving three (3) months'
written notice"), the sentence that names that thing and gives a value (a number) is a value of it: one
slot, `<user>.<thing>`. Two outputs giving it two values at once are two claims about the same slot, which
nothing settles until someone does (`reports` keeps them the tools', the dream shows them conflicting);
a later lookup giving a new value supersedes.

Only a question about the asker's own thing is read ("my ...", "our ..."), and only sentences that name it
and carry a value: the rest of the output stays where `reports` puts it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reverie.adapters.local.rules import untrusted
from reverie.adapters.local.rules.language import slug
from reverie.adapters.local.rules.records import read_records
from reverie.domain.restatement import terms

MAX_ANSWERS = 3  # sentences of one output read as answers
# "What is my notice period?", "how long is our lease?", "when's my next MOT due?": the asker's own thing.
_ASKED_RE = re.compile(
    r"\b(?:what|when|how\s+(?:long|much|many|often)|which|where)(?:'s|\s+is|\s+are|\s+was|\s+will\s+be)?\s+"
    r"(?P<own>my|our)\s+(?P<thing>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)"
    r"(?:\s+(?:again|now|due|set\s+to))?\s*\?",
    re.I,
)
_WORDS = "one two three four five six seven eight nine ten eleven twelve".split()
_NUMBER_RE = re.compile(rf"\d+|\b(?:{'|'.join(_WORDS)}|an?(?=\s+(?:day|week|month|year)\b))\b", re.I)
_SENTENCE_RE = re.compile(r"(?<=[.!?;])\s+|\n+")


@dataclass(frozen=True)
class Asked:
    """The thing of the asker's that a question asks the value of."""

    subject: str  # whose: the asker's name, or "the user"
    thing: str  # "notice period"
    terms: frozenset[str]

    @property
    def key(self) -> str:
        return f"{slug(self.subject, 4)}.{slug(self.thing, 3)}"


def asked(question: str, asker: str | None) -> Asked | None:
    """What `question` asks the value of, when it is the asker's own thing; None otherwise."""
    found = _ASKED_RE.search(question)
    if found is None:
        return None
    thing = found.group("thing").lower()
    words = terms(thing)
    if not words:
        return None
    return Asked(subject=asker or "the user", thing=thing, terms=words)


def numbers(text: str) -> frozenset[str]:
    """The numbers `text` says, as digits ("three (3) months" → {"3"}, "a month" → {"1"})."""
    found = (m.group(0).lower() for m in _NUMBER_RE.finditer(text))
    return frozenset(
        str(_WORDS.index(n) + 1) if n in _WORDS else "1" if n in ("a", "an") else n for n in found
    )


@dataclass(frozen=True)
class Answer:
    statement: str  # "Marta Silva's notice period: 1 month." or the sentence as written
    values: frozenset[str]  # its numbers: the agent repeating one of them told it


def answers(output: str, question: Asked) -> list[Answer]:
    """The sentences of `output` that name the thing asked about (half its words at least) and give it a
    value (a number), in order; what the output hides from its reader is never one. A field labelled with
    the thing ("Notice period: 1 month") is said as the asker's ("Marta Silva's notice period: 1 month")."""
    if read_records(output) is not None:  # a record's fields are keyed by the record (`records`)
        return []
    visible, _ = untrusted.hidden(output)
    out: list[Answer] = []
    for raw in _SENTENCE_RE.split(visible):
        sentence = " ".join(raw.split())
        if not sentence or untrusted.steers(sentence) or not _NUMBER_RE.search(sentence):
            continue
        if 2 * len(question.terms & terms(sentence)) < len(question.terms):
            continue
        values = numbers(sentence)
        field = _FIELD_RE.match(sentence)
        if field and question.terms <= terms(field.group("label")):
            sentence = f"{question.subject}'s {question.thing}: {field.group('value').rstrip('.;')}."
        out.append(Answer(statement=sentence, values=values))
    return out[:MAX_ANSWERS]


_FIELD_RE = re.compile(r"^(?P<label>[\w' -]{2,30}):\s+(?P<value>[^:]+)$")
