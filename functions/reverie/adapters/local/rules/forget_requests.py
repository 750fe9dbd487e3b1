"""A user asking their agent to forget something: "please forget what I told you about the therapist",
"can you delete everything I said about my ex". The request is no fact to keep: it becomes a candidate that
names the topic to forget (`Candidate.forgets`), and the dream retires the cards about it. "Don't forget
about the dentist" is a reminder, and "I always forget about my keys" the speaker's own forgetting: neither
is a request."""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.session_base import Analysis, Dropped
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, FeedbackEvent, MessageEvent
from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind

# the request opens its clause: nothing but softeners before the verb ("actually please", "can you")
_OPENING = r"(?:^|[,;:.!?]\s*|\b(?:and|also|so|but|actually|ok|okay|oh)\s+)"
_SOFTENER = (
    r"(?:(?:please|pls|kindly|just|actually|also)\s+|(?:can|could|would|will)\s+you\s+(?:please\s+)?)*"
)
_VERB = r"(?:forget|delete|erase|remove|wipe|scrub|stop\s+remembering|don'?t\s+(?:keep|store|remember))"
_WHAT = (
    r"(?:(?:all\s+|everything\s+|anything\s+|what\s+|the\s+(?:bit|part|stuff|things?)\s+)"
    r"(?:(?:that\s+)?(?:the\s+user|[\w'-]+)(?:'ve|\s+ha(?:ve|s))?\s+(?:told|said|mentioned|shared|wrote)(?:\s+(?:to\s+|with\s+)?you)?\s+)?)?"
)
FORGET_RE = re.compile(
    rf"{_OPENING}{_SOFTENER}{_VERB}\s+{_WHAT}about\s+(?P<topic>[^,.;:!?]+)",
    re.I,
)
_TAIL_RE = re.compile(r"(?:\s+(?:please|pls|plz|thanks|thank\s+you|ta|ok|okay))+\s*$", re.I)
_DETERMINER_RE = re.compile(r"^(?:the|my|our|that|this|those|these|a|an)\s+", re.I)


def forget_topic(text: str) -> str | None:
    """What `text` asks the agent to forget ("the therapist"), or None when it asks no such thing."""
    found = FORGET_RE.search(text)
    if found is None:
        return None
    topic = _TAIL_RE.sub("", found.group("topic").strip())  # "about Ravi please": Ravi
    return topic if _DETERMINER_RE.sub("", topic).strip() else None


def _topic_of(statement: str) -> str | None:
    """The topic of a kept statement that is itself the request (its subject rewritten to a name)."""
    return forget_topic(statement)


def with_forget_requests(events: Sequence[Event], analysis: Analysis) -> Analysis:
    """`analysis` with each of the user's requests to forget as a forgetting candidate, and the statements
    made of the request itself dropped (they are no fact about anyone)."""
    # said in a message, or given as feedback ("Forget everything about Sam; never bring him up"): the
    # feedback's correction is the request, no correction to keep
    asks: list[tuple[MessageEvent | FeedbackEvent, str]] = [
        (e, topic)
        for e in events
        if (
            (isinstance(e, MessageEvent) and e.role == "user")
            or (isinstance(e, FeedbackEvent) and e.source is not SourceKind.AGENT)
        )
        and (topic := forget_topic(e.text)) is not None
    ]
    if not asks:
        return analysis
    asking = {e.event_id for e, _ in asks}
    kept: list[Candidate] = []
    dropped = list(analysis.dropped)
    for c in analysis.candidates:
        if _topic_of(c.statement) and any(r.event_id in asking for r in c.evidence_refs):
            ref = c.evidence_refs[0]
            dropped.append(
                Dropped(
                    session_id=ref.session_id,
                    event_id=ref.event_id,
                    text=c.statement,
                    reason="asks to forget",
                )
            )
        else:
            kept.append(c)
    topics: set[str] = set()
    for e, topic in asks:
        if topic.lower() in topics:  # asked twice (a message and its feedback): one request
            continue
        topics.add(topic.lower())
        kept.append(
            Candidate(
                type=MemoryType.CORRECTION,
                statement=f"The user asked to forget what they said about {topic}.",
                evidence_refs=[EvidenceRef(session_id=e.session_id, event_id=e.event_id)],
                source=Source(kind=SourceKind.USER),
                confidence=0.9,
                observed_at=e.ts,
                forgets=topic,
            )
        )
    return Analysis(candidates=kept, dropped=dropped)
