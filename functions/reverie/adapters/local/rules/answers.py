"""What a tool's output answers to the user's question about one of their own things.

"What is my notice period?" asks for the value of one thing of the user's. Whatever output answers it, a
record's field ("Notice period: 1 month") or a clause of a document ("... by giving three (3) months'
written notice"), the sentence that names that thing and gives a value (a number) is a value of it: one
slot, `<user>.<thing>`. Two outputs giving it two values at once are two claims about the same slot, which
nothing settles until someone does (`reports` keeps them the tools', the dream shows them conflicting);
a later lookup giving a new value supersedes.

Only a question about the asker's own thing is read ("my ...", "our ...", "which day is my ... next week?"),
and only sentences that carry a value: those that name it (half its words), or, in an output that names it
nowhere (a calendar entry under the clinic's name, an email confirming "your check-up"), the one sentence whose
values the agent then gave the user as the answer, if that output alone answered or the agent said that the
outputs disagree ("they don't match: the calendar says ..., but the email says ..."). Two outputs about two
other things the agent merely mentions side by side stay out of the slot. The rest of an output stays where
`reports` puts it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reverie.adapters.local.rules import untrusted
from reverie.adapters.local.rules.language import slug
from reverie.adapters.local.rules.outputs import TOLD_SHARE, Fact, canonical
from reverie.adapters.local.rules.records import read_records
from reverie.domain.restatement import terms

MAX_ANSWERS = 3  # sentences of one output read as answers
MAX_UNNAMED = 12  # ... when none names the thing: those the agent's reply may have repeated
# "What is my notice period?", "how long is our lease?", "when's my next MOT due?": the asker's own thing.
# "Which day is my dentist appointment next week?", "what time is our flight tomorrow?": the word after
# "what"/"which" says what of it is asked, a time after the thing says when, neither is the thing.
_AUX = r"(?:'s|\s+is|\s+are|\s+was|\s+were|\s+will\s+be)"
_ASKED_RE = re.compile(
    rf"\b(?:(?:what|which)(?:\s+(?!(?:is|are|was|were|will|did|does|do|has|have|had|can|could|would|should)\b)"
    rf"[a-z]+(?={_AUX}\s+(?:my|our)\b))?|when|how\s+(?:long|much|many|often)|where){_AUX}?\s+"
    r"(?P<own>my|our|the)\s+(?P<thing>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)"
    r"(?:\s+(?:again|now|due|set\s+to|today|tonight|tomorrow|(?:next|this|last)\s+[a-z]+))*\s*\?",
    re.I,
)
# "How much deposit did I pay?", "how many days off do we get?": the asker's own thing, named as what they
# paid, got or owe.
_HOW_MUCH_RE = re.compile(
    r"\bhow\s+(?:much|many)\s+(?P<thing>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+(?:did|do|does|have|had|will)"
    r"\s+(?P<own>I|we)\s+[a-z]+\b[^?.!]*\?",
    re.I,
)
# Occasions a person asks "when is the ...?" of as their own: "the team offsite", "the school play".
_OCCASIONS = frozenset(
    """offsite meeting appointment party wedding interview exam deadline release launch trip flight match game
    concert review standup retro class lesson play recital show ceremony reunion dinner viewing hearing
    inspection visit conference training course""".split()
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
    found = _ASKED_RE.search(question) or _HOW_MUCH_RE.search(question)
    if found is None:
        return None
    thing = found.group("thing").lower()
    words = terms(thing)
    if not words or (found.group("own").lower() == "the" and thing.split()[-1] not in _OCCASIONS):
        return (
            None  # "when is the offsite?" is the asker's occasion; "what is the capital of ...?" is no one's
        )
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
    values: frozenset[str]  # its numbers (and days and months when unnamed): the agent repeating them told it
    sentence: str  # as the output wrote it
    named: bool = True  # it names the thing asked about


def answers(output: str, question: Asked) -> list[Answer]:
    """The sentences of `output` that give the thing asked about a value (a number), in order: those that
    name it (half its words at least), else, when none does, every one (`MAX_UNNAMED`), each said of the
    thing; what the output hides from its reader is never one. A field labelled with the thing ("Notice
    period: 1 month") is said as the asker's ("Marta Silva's notice period: 1 month")."""
    if read_records(output) is not None:  # a record's fields are keyed by the record (`records`)
        return []
    visible, _ = untrusted.hidden(output)
    named: list[Answer] = []
    unnamed: list[Answer] = []
    for raw in _SENTENCE_RE.split(visible):
        sentence = " ".join(raw.split())
        if not sentence or untrusted.steers(sentence) or not _NUMBER_RE.search(sentence):
            continue
        if 2 * len(question.terms & terms(sentence)) < len(question.terms):
            said = _ENVELOPE_RE.sub("", sentence).rstrip(" .")  # "From: X, 3 May: ..." is X's
            values = numbers(said) | {w for w in canonical(terms(said)) if w in _CALENDAR}
            whose = f"{question.subject}'s {question.thing}"
            unnamed.append(Answer(f"{said} ({whose}).", values, sentence, named=False))
            continue
        statement = sentence
        field = _FIELD_RE.match(sentence)
        if field and question.terms <= terms(field.group("label")):
            statement = f"{question.subject}'s {question.thing}: {field.group('value').rstrip('.;')}."
        named.append(Answer(statement=statement, values=numbers(sentence), sentence=sentence))
    return named[:MAX_ANSWERS] if named else unnamed[:MAX_UNNAMED]


def disagree(told: str) -> bool:
    """Whether the agent says the sources it read disagree ("they don't match", "the two conflict")."""
    return _DISAGREE_RE.search(told) is not None


def answering(facts: list[Fact], output: str, question: str, asker: str | None) -> list[Fact]:
    """`facts` with the sentences of `output` that answer the user's question about their own thing
    (`answers`) in the slot of that thing, each instead of the fact it was read as: one that names the
    thing is told once the agent repeats one of its values, one that does not once it repeats a share
    of them (`choose` then keeps one per output, or none)."""
    thing = asked(question, asker)
    if thing is None:
        return facts
    found = answers(output, thing)
    out = list(facts)
    for a in found:
        was = next((f for f in facts if f.statement.startswith(a.sentence.rstrip(" ."))), None)
        if was is not None:
            out.remove(was)
        if a.named:
            out.append(Fact(a.statement, thing.key, canonical(a.values), share=0.01, least=1, answer=True))
        else:
            out.append(Fact(a.statement, thing.key, a.values, share=TOLD_SHARE, answer=False, instead=was))
    return out


def choose(outputs: list[list[Fact]], said: frozenset[str], told: str) -> list[list[Fact]]:
    """Each output's facts with its answers that do not name the thing settled: the one whose values the
    agent repeated most stays in the slot when its output alone answered the question or the agent said
    the outputs disagree; the others are read as they would have been without the question."""
    best = [
        max(
            (f for f in facts if f.answer is False and f.told(said)),
            key=lambda f: len(f.value & said),
            default=None,
        )
        for facts in outputs
    ]
    answered = sum(
        1
        for facts, b in zip(outputs, best, strict=True)
        if b is not None or any(f.answer and f.told(said) for f in facts)
    )
    keep = answered <= 1 or disagree(told)
    out: list[list[Fact]] = []
    for facts, b in zip(outputs, best, strict=True):
        settled = [f if f.answer is not False or (keep and f is b) else f.instead for f in facts]
        out.append([f for f in settled if f is not None])
    return out


_FIELD_RE = re.compile(r"^(?P<label>[\w' -]{2,30}):\s+(?P<value>[^:]+)$")
_ENVELOPE_RE = re.compile(r"^(?:from|to|cc|date|sent):\s*", re.I)
_CALENDAR = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday jan feb mar apr may jun jul aug sep oct nov dec".split()
)
# The agent saying that what it read disagrees: "they don't match", "the two conflict", "a discrepancy".
_DISAGREE_RE = re.compile(
    r"\b(?:don't|doesn't|do\s+not|does\s+not|didn't|did\s+not)\s+(?:match|agree|line\s+up|tally|add\s+up)\b"
    r"|\b(?:disagree|conflict|contradict|mismatch|inconsisten|discrepanc)\w*|\bdiffer(?:s|ed)?\b"
    # what each source says, side by side: "The app says 5 June, the statement says 8 June"
    r"|\bsays?\b[^.;]{1,80}?(?:,\s*(?:but\s+)?|\s+but\s+|\s+while\s+|\s+whereas\s+)(?:the\s+|your\s+|their\s+)?"
    r"[\w' -]{1,40}?\s+says?\b",
    re.I,
)
