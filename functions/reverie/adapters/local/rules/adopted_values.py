"""The agent owning up that a value it noted was wrong, giving the right one, and the user adopting it: the
user's correction of that note.

An agent that guessed ("I'll assume the tenancy ends on 30 June 2027") and later checks says so: "The
portal says the tenancy runs 1 July 2026 to 31 August 2027. My earlier note of 30 June 2027 was a guess and
it was wrong." The agent's word alone is no evidence; the user adopting the value makes it theirs: a yes
("ok, thanks") when the message gives one value of the wrong one's kind, or the value picked by name when it
gives several ("August it is then", "go with the 31st", "£1,250 then"). The sentence that gives the value is
kept as the user's, with the value it denies ("The tenancy runs 1 July 2026 to 31 August 2027, not 30 June
2027"): the merge reads that denial as replacing the note and swaps the value in it (`value_swap`).

Only values with a digit are read (a date, an amount, a time): a name's bounds are not known well enough.
A reply that disputes, or a yes after a question the agent asked, adopts nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reverie.adapters.local.rules.agent_corrections import CONFIDENCE, says_yes
from reverie.adapters.local.rules.language import finish, sentences
from reverie.adapters.local.rules.outputs import disputes
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, MessageEvent
from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind
from reverie.domain.text import MONTH_WORD

_MONTH = MONTH_WORD + r"\.?"
# A value with a digit: a date ("31 August 2027", "August 31, 2027", "2027-08-31"), an amount, a time.
_VALUE_RE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}(?:\s+\d{{4}})?\b|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b"
    r"|\b\d{4}-\d\d-\d\d\b|[£$€]\s?\d[\d,]*(?:\.\d+)?|\b\d{1,2}[:.]\d\d\s*(?:am|pm)?\b|\b\d{1,2}\s*(?:am|pm)\b",
    re.I,
)
# "My earlier note of 30 June 2027 was a guess and it was wrong", "the 30 June I noted was wrong", "I was
# wrong about 30 June": the wrong value the agent owns up to.
_WRONG_RE = re.compile(
    r"\b(?:my|the)\s+(?:earlier\s+|previous\s+|original\s+|first\s+)?(?:note|guess|assumption|estimate|entry|"
    r"record)\s+(?:of|that\s+said|saying|that\s+it\s+was)\s+(?P<old>[^,;]{2,40}?)\s+(?:was|is)\s+(?:just\s+)?"
    r"(?:(?:a\s+guess|an\s+assumption)\s*(?:,|and)?\s*(?:it\s+)?(?:was|is)?\s*)?(?:wrong|incorrect|mistaken|a\s+mistake)\b"
    r"|\bI\s+was\s+wrong\s+(?:about|with)\s+(?P<old2>[^,;.]{2,40})",
    re.I,
)
# "August it is (then)", "go with the 31st", "let's say August", "August then": the value picked by name.
_PICK_RE = re.compile(
    r"^\W*(?:(?:ok|okay|good|great|right|fine|perfect|so|yes|yeah|yep|cool|thanks)[,.!\s]+)*"
    r"(?:(?P<a>[\w£$€., ]{1,30}?)\s+it\s+is\b|(?:let's\s+)?go\s+(?:with|for)\s+(?P<b>[\w£$€., ]{1,30}?)(?=\W*$|[,.!])"
    r"|(?P<c>[\w£$€., ]{1,30}?)\s+then\W*$)",
    re.I,
)
# A reporting frame before what the agent found: "The portal says", "According to the lease,", "Checked the
# council's page:".
_FRAME_RE = re.compile(
    r"^(?:(?:according\s+to|(?:I\s+)?(?:checked|looked\s+at))\s+[^,:]{2,40}[,:]\s*|(?:the\s+|your\s+)?[\w' -]{2,30}?\s+(?:says|shows|lists|confirms)"
    r"\s+(?:that\s+)?)",
    re.I,
)
_YOUR_RE = re.compile(r"\byour\b", re.I)
_OK_RE = re.compile(
    r"^\W*(?:ok|okay|good|great|perfect|fine|thanks|thank\s+you|cheers)\b(?!\s+(?:but|except)\b)", re.I
)


def owned_up(sentence: str) -> str | None:
    """The value the agent says it had wrong in `sentence`, or None."""
    found = _WRONG_RE.search(sentence)
    if found is None:
        return None
    old = (found.group("old") or found.group("old2") or "").strip()
    value = _VALUE_RE.fullmatch(old) or _VALUE_RE.search(old)
    return value.group(0) if value else None


def _kind(value: str) -> str:
    if re.match(r"[£$€]", value):
        return "money"
    if re.search(r"am|pm|\d[:.]\d\d", value, re.I) and not re.search(_MONTH, value, re.I):
        return "time"
    return "date"


_NAMES_NOTHING = frozenset("the of on st nd rd th".split())


def _words(value: str) -> set[str]:
    """What a value is named by: its numbers (an ordinal's without its ending) and words, "the" aside."""
    found = re.findall(r"[£$€]?\d[\d,.]*|[a-z]+", value.lower())
    return {re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", w) for w in found} - _NAMES_NOTHING


def picked(reply: str) -> str | None:
    """The words the user picks a value by ("August" in "ok good, August it is then"), or None."""
    found = _PICK_RE.match(reply.strip())
    if found is None:
        return None
    return next(g for g in found.groups() if g is not None).strip(" ,.").lower() or None


@dataclass
class _Given:
    sentence: str
    value: re.Match[str]


@dataclass
class _Owned:
    old: str
    given: list[_Given]
    by: MessageEvent
    asked: bool  # the message asks something after the values: a bare yes answers that instead


@dataclass
class AdoptedValues:
    """The agent's owned-up wrong values in one session, put right by the value the user's reply adopts."""

    pending: _Owned | None = None
    speaker: str | None = None

    def see(self, event: Event) -> list[Candidate]:
        """Take in the next event; the correction the user's reply (when `event` is one) adopts."""
        if not isinstance(event, MessageEvent):
            return []
        if event.role == "assistant" and not event.speaker:
            self.pending = self._owned(event)
            return []
        if event.role != "user":
            return []
        self.speaker = event.speaker or self.speaker
        owned, self.pending = self.pending, None
        if owned is None or disputes(event.text):
            return []
        chosen = self._chosen(owned, event.text)
        return [self._candidate(owned, chosen, event)] if chosen else []

    @staticmethod
    def _owned(reply: MessageEvent) -> _Owned | None:
        said = sentences(reply.text)
        olds = [(n, old) for n, s in enumerate(said) if (old := owned_up(s))]
        if len(olds) != 1:
            return None
        at, old = olds[0]
        given = [
            _Given(s, m)
            for n, s in enumerate(said)
            if n != at
            for m in _VALUE_RE.finditer(s)
            if _kind(m.group(0)) == _kind(old) and m.group(0).lower() != old.lower()
        ]
        if not given:
            return None
        return _Owned(old, given, reply, any("?" in s for s in said[at:]))

    @staticmethod
    def _chosen(owned: _Owned, reply: str) -> _Given | None:
        pick = picked(reply)
        if pick is not None:
            words = _words(pick)
            found = [g for g in owned.given if words & _words(g.value.group(0))]
            return found[0] if len(found) == 1 else None
        if len(owned.given) == 1 and not owned.asked and (says_yes(reply) or _OK_RE.match(reply)):
            return owned.given[0]
        return None

    def _candidate(self, owned: _Owned, chosen: _Given, by: MessageEvent) -> Candidate:
        clause = chosen.sentence[: chosen.value.end()]
        clause = _FRAME_RE.sub("", clause.strip(), count=1)
        whose = f"{self.speaker}'s" if self.speaker else "the user's"
        clause = _YOUR_RE.sub(whose, clause)
        statement = finish(f"{clause[:1].upper()}{clause[1:]}, not {owned.old}")
        refs = [EvidenceRef(session_id=e.session_id, event_id=e.event_id) for e in (owned.by, by)]
        return Candidate(
            type=MemoryType.FACT,
            statement=statement,
            evidence_refs=refs,
            source=Source(
                kind=SourceKind.USER, name="adopted by the user (the agent's correction of its note)"
            ),
            confidence=CONFIDENCE,
            observed_at=by.ts,
            salience=0.6,
        )
