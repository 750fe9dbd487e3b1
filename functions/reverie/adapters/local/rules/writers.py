"""A message that opens by naming its writer ("jorge here.", "Lucía aquí:", "it's Priya -") comes from an
account several people type into: what it states about the household is that person's claim, not the
account holder's word, kept as "<fact> (according to <writer>)".

Two people's claims that disagree about one thing are then two claims nothing settles (`verdicts.replace`):
a conflict for a person, never one silently replacing the other. So that they meet, a claim about which
thing happens on a weekday ("the green bin goes out thursday night", "Thursday is the blue bin") is keyed by
the thing's kind and the day (`household.bin_on_thursday`), whichever way round it is said.

What the writer says of themselves ("Priya is allergic to nuts") stays theirs, unattributed; a message whose
opening names nobody (or someone else than its known speaker) is left as it is.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import replace

from reverie.adapters.local.rules.claims import attributed_to
from reverie.adapters.local.rules.language import slug, subject_of
from reverie.adapters.local.rules.named_speaker import name_for
from reverie.adapters.local.rules.session_base import Analysis
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, MessageEvent
from reverie.domain.models import MemoryType, SourceKind

# "jorge here.", "Lucía aquí,", "Priya speaking:", "it's Tom -", "this is Ana."
_OPENER_RE = re.compile(
    r"^\s*(?:(?P<name>[^\W\d_]{2,20})\s+(?:here|speaking|aquí|aqui|ici|hier|qui)"
    r"|(?:it's|its|it\s+is|this\s+is)\s+(?P<other>[^\W\d_]{2,20})(?:\s+here)?)\s*[.,:!;—–-]",
    re.I,
)
_NOT_NAMES = frozenset(
    "me i we us you he she they it everyone everybody someone somebody anyone nobody nothing all same "
    "who what this that there ok okay fine good late me".split()
)
_DAY = r"(?P<day>mon|tues|wednes|thurs|fri|satur|sun)days?"
_THING = r"(?:the|our|my)\s+(?P<thing>(?:[\w-]+\s+){0,3}?(?P<head>[a-z]+))"
# "the green bin goes out (on) thursday night", "the recycling is collected on Thursdays"
_THING_DAY_RE = re.compile(
    rf"^{_THING}\s+(?:goes|go|is|are|gets|get|comes|come)(?:\s+(?:out|collected|picked\s+up|emptied|put\s+out))?"
    rf"\s+(?:on\s+|every\s+)?{_DAY}\b",
    re.I,
)
# "Thursday is the blue recycling bin", "thursdays are the green one"
_DAY_THING_RE = re.compile(rf"^(?:on\s+)?{_DAY}\s+(?:is|are|'s)\s+{_THING}\s*(?:$|[,.;(])", re.I)


def _folded(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def writer(message: MessageEvent) -> str | None:
    """Who the message says wrote it, by its opening; None when it names nobody, or someone else than the
    speaker it is known to come from."""
    found = _OPENER_RE.match(message.text)
    if found is None:
        return None
    named = found.group("name") or found.group("other")
    if _folded(named) in _NOT_NAMES:
        return None
    if message.speaker:
        return name_for(message.speaker) if _folded(named) == _folded(message.speaker.split()[0]) else None
    return named[:1].upper() + named[1:] if found.group("name") or named[:1].isupper() else None


def day_slot(statement: str, account: str) -> str | None:
    """The slot of a claim about which thing happens on a weekday, named after the thing's kind and the day
    ("the green garden waste bin goes out thursday night" → `<account>.bin_on_thursday`), or None."""
    found = _THING_DAY_RE.match(statement) or _DAY_THING_RE.match(statement)
    if found is None:
        return None
    head = found.group("head").lower()
    head = head[:-1] if head.endswith("s") and not head.endswith("ss") else head  # "bins" → "bin"
    return f"{subject_of(account)}.{slug(head, 1)}_on_{found.group('day').lower()}day"


def _theirs(candidate: Candidate, name: str, account: str) -> Candidate:
    body = candidate.statement.strip().rstrip(".")
    if body.lower().startswith(f"{name.lower()}: "):  # "Ravi: Tuesday is ...", said between people
        body = body[len(name) + 2 :]
        body = body[:1].upper() + body[1:]
    elif body.lower().startswith(name.lower()):
        return candidate  # what the writer says of themselves
    return candidate.model_copy(
        update={
            "statement": f"{body} (according to {name})",
            "key": candidate.key or day_slot(body, account),
        }
    )


def with_writers(events: Sequence[Event], analysis: Analysis, account: str) -> Analysis:
    """`analysis` with the facts stated in each message that opens by naming its writer attributed to that
    writer, keyed by the weekday slot they claim in the account (its user id, else `account`; see the
    module)."""
    named = {
        e.event_id: name
        for e in events
        if isinstance(e, MessageEvent) and e.role == "user" and (name := writer(e)) is not None
    }
    account = next((e.user_id for e in events if e.user_id), account)
    if not named:
        return analysis
    candidates = []
    for candidate in analysis.candidates:
        cited = [named[r.event_id] for r in candidate.evidence_refs if r.event_id in named]
        if (
            cited
            and candidate.type is MemoryType.FACT
            and candidate.source.kind is SourceKind.USER
            and attributed_to(candidate.statement) is None
        ):
            candidate = _theirs(candidate, cited[0], account)
        candidates.append(candidate)
    return replace(analysis, candidates=candidates)
