"""The agent putting one of the user's own values right, and the user saying yes: the user's correction.

An agent that checks the user's affairs with its tools tells them what it found in so many words: "Your
rent standing order is £1,250 on the 28th, not £1,150 on the 1st", "your passport expires in 2027, not
2029". The agent's word alone is no evidence about the user; the user answering it with a yes ("oh god
yes, he put it up in January", "yep, that's right", "ah right, true") makes it theirs: the clause, said of
the user ("the user's rent standing order is £1,250 on the 28th, not £1,150 on the 1st"), is kept on their
word, and the merge reads the value it gives as the one that replaces the one it denies (`value_swap`).

Only a clause about the user's own thing ("your ...") that gives one value and denies another (", not
...") is read, and only a reply that opens with a yes. A thing the agent names bare ("The backup runs at 04:30
every night, not 02:00") is the user's only when the yes repeats the value ("right, 04:30"), and never a
thing named as someone else's ("the council's rate"). A yes after the agent asked something is the
answer to that question, not to the correction ("Your rent is £1,250, not £1,150. Shall I update the
budget?" / "yes please"); a reply disputing it ("no, that's the old one") keeps nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from reverie.adapters.local.rules.language import finish, sentences
from reverie.adapters.local.rules.outputs import disputes
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, MessageEvent
from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind

CONFIDENCE = 0.6  # confirmed in so many words, as `reports.CONFIRMED_CONFIDENCE`

# "Your rent standing order is £1,250 on the 28th, not £1,150 on the 1st": the user's thing, a verb, the
# value given, then the value denied.
_CORRECTS_RE = re.compile(
    r"^(?:(?:so|actually|in\s+fact|it\s+turns\s+out|it\s+looks\s+like|looks\s+like)[,\s]+)?"
    r"(?P<clause>(?:your\s+[\w' -]{2,60}?|(?P<bare>the)\s+[\w -]{2,60}?)\s+(?:is|are|was|were|goes\s+out|comes\s+out|runs|falls|expires|"
    r"starts|ends|opens|closes|renews|leaves|arrives)\s+"
    r"(?P<given>[^;]{1,80}?),?\s+not\s+(?P<denied>[^;]{1,80}))$",
    re.I,
)
# A reply that opens with a yes: "oh god yes, ...", "yep", "ah right, true", "that's right", "you're right".
_YES_RE = re.compile(
    r"^\W*(?:(?:oh|ah|ahh|ooh|god|gosh|my\s+god|oh\s+god|oh\s+no|damn|hmm+|ok|okay|so)[,.!\s]+){0,3}"
    r"(?:yes|yeah|yep|yup|yess+|right|true|correct|exactly|indeed|that's\s+(?:right|true|correct|it)|"
    r"you(?:'re|\s+are)\s+right|good\s+catch|well\s+spotted)\b(?!\s+(?:but|except)\b)",
    re.I,
)
_YOUR_RE = re.compile(r"\byour\b|^the\b", re.I)


_NUMBER_RE = re.compile(r"\d[\d:.,]*\d|\d")


def correction(sentence: str) -> re.Match[str] | None:
    """The match of the clause of the agent's `sentence` that puts a value of the user's own thing right ("your
    X is A, not B"), or None."""
    return _CORRECTS_RE.match(sentence.strip().rstrip(".!"))


def _repeats_given(given: str, reply: str) -> bool:
    """Whether the reply says the value given again (a number of it, word for word)."""
    numbers = _NUMBER_RE.findall(given)
    return bool(numbers) and all(n in reply for n in numbers)


def says_yes(reply: str) -> bool:
    """Whether the user's reply opens with a yes and disputes nothing."""
    return _YES_RE.match(reply) is not None and not disputes(reply)


@dataclass
class _Said:
    clause: str
    by: MessageEvent
    given: str  # the value the clause gives
    bare: bool  # the thing named bare ("the backup"), not as the user's ("your backup")


@dataclass
class AgentCorrections:
    """The agent's corrections of the user's values in one session, settled by the user's next reply."""

    pending: list[_Said] = field(default_factory=list)
    speaker: str | None = None

    def see(self, event: Event) -> list[Candidate]:
        """Take in the next event; the corrections the user's reply (when `event` is one) confirms."""
        if not isinstance(event, MessageEvent):
            return []
        if event.role == "assistant" and not event.speaker:
            self.pending = self._corrections(event)
            return []
        if event.role != "user":
            return []
        self.speaker = event.speaker or self.speaker
        confirmed = [
            said
            for said in (self.pending if says_yes(event.text) else [])
            if not said.bare or _repeats_given(said.given, event.text)
        ]
        self.pending = []
        return [self._candidate(said, event) for said in confirmed]

    @staticmethod
    def _corrections(reply: MessageEvent) -> list[_Said]:
        said = sentences(reply.text)
        found: list[_Said] = []
        for n, sentence in enumerate(said):
            found_clause = correction(sentence)
            if found_clause is None:
                continue
            if any("?" in later for later in said[n:]):  # a yes would answer the question instead
                return []
            bare = found_clause.group("bare") is not None
            found.append(_Said(found_clause.group("clause"), reply, found_clause.group("given"), bare))
        return found

    def _candidate(self, said: _Said, by: MessageEvent) -> Candidate:
        whose = f"{self.speaker}'s" if self.speaker else "the user's"
        statement = _YOUR_RE.sub(whose, said.clause)
        statement = finish(statement[:1].upper() + statement[1:])
        refs = [EvidenceRef(session_id=e.session_id, event_id=e.event_id) for e in (said.by, by)]
        return Candidate(
            type=MemoryType.FACT,
            statement=statement,
            evidence_refs=refs,
            source=Source(kind=SourceKind.USER, name="confirmed by the user (the agent's correction)"),
            confidence=CONFIDENCE,
            observed_at=by.ts,
            salience=0.6,
        )
