"""The agent telling the user that a tool it read gives another value than the one the user said, and the
user leaving it open: "Your health app's medical ID lists A+, not O+. Which is right?" — "Honestly, no idea,
I'll have to check"; "Your calendar has the dentist on Thursday 3 December at 14:00, not Friday at 09:30." —
"I don't know, I'll call them."

The user's word and the tool's record disagree and nothing settles them, so neither is kept alone: the
tool's value becomes a claim of its own on the slot of the user's statement, attributed to the tool
("... on Thursday 3 December at 14:00 (according to the user's calendar)"), untrusted; the dream, finding a
less trusted source giving the user's slot another value, shows both conflicting with a review item
(`verdicts.replace`) instead of keeping the user's value silently.

Read only when all of this holds, so that a passing "not" is no disagreement:
- an agent's sentence says "<source> <says> <given>, not <denied>" (or "rather than", "instead of");
- what `given` adds is in a tool's output the session read before that sentence (the agent only reports);
- every word `denied` names is in a statement the user made on their own word before it;
- the user's next message doubts ("no idea", "not sure", "I'll check"), or there is none. A reply taking a
  side ("oh right, Thursday", "no, it's O+") settles it and is left to the other rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reverie.adapters.local.rules.language import sentences, slug, subject_of
from reverie.adapters.local.rules.session_base import RELAYED_CONFIDENCE, Analysis
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, MessageEvent, ToolResultEvent
from reverie.domain.guards import mask_secrets
from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind, Trust

_SAYS = (
    r"(?:says?|shows?|has|have|lists?|gives?|states?|reads?|records?|puts?|puts\s+it\s+(?:on|at)|"
    r"is\s+showing|(?:has|have)\s+got)"
)
# "Your calendar has the dentist on Thursday at 14:00, not Friday at 09:30"
_TOLD_RE = re.compile(
    rf"^(?P<source>(?:your|the|their|his|her)\s[^,;:]{{1,60}}?)\s+{_SAYS}\s+(?!{_SAYS}\s)(?P<given>(?:[^;:]|:(?=\d))+?),?\s+"
    r"(?:not|rather\s+than|instead\s+of)\s+(?P<denied>(?:[^,;:]|[:,](?=\d))+?)[.!]?$",
    re.I,
)
_WORD_RE = re.compile(r"[£$€]?\w+(?:[:./'-]\w+)*\+?")
_FUNCTION_WORDS = frozenset(
    "the a an at on in of for to by it its is are was were your you my our their his her this that and "
    "with from as".split()
)
# The user doubting, or putting off the answer: nothing settled.
_DOUBT_RE = re.compile(
    r"\b(?:no\s+idea|no\s+clue|not\s+(?:sure|certain)|unsure|dunno|(?:don'?t|do\s+not)\s+know|"
    r"can'?t\s+(?:remember|recall|say)|which\s+is\s+(?:it|right)|i'?ll\s+(?:have\s+to\s+|need\s+to\s+)?"
    r"(?:check|call|ask|look|find\s+out|confirm|double[-\s]check)|(?:need|have)\s+to\s+(?:check|confirm)|"
    r"might\s+have|could\s+be\s+either)\b",
    re.I,
)
_VERB_RE = re.compile(r"\s(?:is|are|was|were|will\s+be)\s", re.I)
_THING_END_RE = re.compile(r"\s+(?:is|are|was|were|will\s+be)\s", re.I)
_PREPOSITION_RE = re.compile(r"\s+(?:at|in|on|for|with|of|from|to|near|by)\s+", re.I)


@dataclass(frozen=True)
class Told:
    """One agent sentence telling the user that a source gives `given`, not `denied`."""

    source: str  # "your calendar"
    given: str  # "the dentist on Thursday 3 December at 14:00"
    denied: str  # "Friday at 09:30"


def told(sentence: str) -> Told | None:
    """What `sentence` tells of a source's value against another, or None."""
    found = _TOLD_RE.match(sentence.strip())
    if found is None:
        return None
    return Told(found.group("source").strip(), found.group("given").strip(), found.group("denied").strip())


def _words(text: str) -> list[str]:
    return [w for w in _WORD_RE.findall(text) if w.lower() not in _FUNCTION_WORDS]


def _in(word: str, text: str) -> bool:
    return re.search(rf"(?<![\w+]){re.escape(word)}(?![\w+])", text, re.I) is not None


def _users(candidates: Sequence[Candidate], denied: list[str], before: set[str]) -> Candidate | None:
    """The latest candidate on the user's own word, said before the report, naming every denied word."""
    mine = [
        c
        for c in candidates
        if c.source.kind is SourceKind.USER
        and c.source.trust not in (Trust.LOW, Trust.UNTRUSTED)
        and c.type is MemoryType.FACT
        and any(r.event_id in before for r in c.evidence_refs)
        and all(_in(w, c.statement) for w in denied)
    ]
    return mine[-1] if mine else None


def _read(events: Sequence[Event], given: list[str], said: str) -> ToolResultEvent | None:
    """The latest tool output before the report giving a word of `given` the user's statement does not."""
    new = [w for w in given if not _in(w, said)]
    for event in reversed(events):
        if isinstance(event, ToolResultEvent) and event.ok and any(_in(w, event.output) for w in new):
            return event
    return None


def _open(reply: MessageEvent | None) -> bool:
    return reply is None or _DOUBT_RE.search(reply.text) is not None


def _whose(source: str, user: str) -> str:
    """The agent's "your calendar" as the user's: "the user's calendar", "Grace's calendar"."""
    owner = "the user's" if user == "the user" else f"{user}'s"
    source = re.sub(r"^(?:the|their|his|her)\b", lambda m: m.group(0).lower(), source, flags=re.I)
    return re.sub(r"^your\b", owner, source, flags=re.I)


def _statement(report: Told, mine: Candidate, denied: list[str], user: str) -> str:
    """The user's statement with the source's value in place of theirs, attributed; the agent's clause
    when the user's value cannot be found in it."""
    whose = _whose(report.source, user)
    said = mine.statement.rstrip(" .")
    start = min(m.start() for w in denied if (m := re.search(rf"(?<![\w+]){re.escape(w)}", said, re.I)))
    # a value in brackets says again the one before it ("is O positive (O+)"): all of it is the user's value
    verbs = [m.end() for m in _VERB_RE.finditer(said[:start])] if said[:start].endswith("(") else []
    prefix = said[: verbs[-1] if verbs else start].rstrip()
    given = report.given.split()
    known = {w.lower() for w in _WORD_RE.findall(prefix)}
    while given and given[0].lower().strip(",") in known:  # "the dentist on ..." after "... dentist ... on"
        given.pop(0)
    if not prefix or not given:
        body = f"{whose[:1].upper()}{whose[1:]} gives {report.given}"
        return mask_secrets(f"{body}.").text
    return mask_secrets(f"{prefix} {' '.join(given)} (according to {whose}).").text


def _key(mine: Candidate, user: str) -> str:
    """The slot both share: the user's statement's, else named after what it is about."""
    if mine.key:
        return mine.key
    thing = _PREPOSITION_RE.split(_THING_END_RE.split(mine.statement, maxsplit=1)[0], maxsplit=1)[0]
    thing = re.split(r"\b\w+'s\s+", thing)[-1]  # "The user's dentist appointment" → "dentist appointment"
    return f"{subject_of(user)}.{slug(thing, 3) or 'disputed_value'}"


def with_told_otherwise(events: Sequence[Event], analysis: Analysis, user: str) -> Analysis:
    """`analysis` with each value a tool gave against the user's own, left open by the user, as the tool's
    claim on the slot of the user's statement (see the module)."""
    candidates = list(analysis.candidates)
    for n, event in enumerate(events):
        if not isinstance(event, MessageEvent) or event.role != "assistant" or event.speaker:
            continue
        reply = next((e for e in events[n + 1 :] if isinstance(e, MessageEvent) and e.role == "user"), None)
        if not _open(reply):
            continue
        before = {e.event_id for e in events[:n] if isinstance(e, MessageEvent) and e.role == "user"}
        for sentence in sentences(event.text):
            report = told(sentence)
            denied = _words(report.denied) if report else []
            mine = _users(candidates, denied, before) if denied else None
            read = _read(events[:n], _words(report.given), mine.statement) if report and mine else None
            if report is None or mine is None or read is None:
                continue
            key = _key(mine, user)
            # the user no longer vouches for their value: one claim against the other, nothing settles them
            doubted = Source(kind=SourceKind.USER, trust=Trust.LOW, name="doubted by the user")
            candidates = [
                c.model_copy(update={"key": key, "source": doubted}) if c is mine else c for c in candidates
            ]
            refs = [EvidenceRef(session_id=e.session_id, event_id=e.event_id) for e in (read, event)]
            candidates.append(
                Candidate(
                    type=MemoryType.FACT,
                    statement=_statement(report, mine, denied, user),
                    key=key,
                    evidence_refs=refs,
                    source=Source(kind=SourceKind.TOOL, name=read.tool),
                    confidence=RELAYED_CONFIDENCE,
                    observed_at=event.ts,
                    salience=0.55,
                )
            )
    return replace(analysis, candidates=candidates)
