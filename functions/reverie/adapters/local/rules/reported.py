"""What someone else says, relayed by the speaker: "My sister Farah says Nani's birthday is 8 June, and Mum
insists it's the 3rd." The claim is theirs, not the speaker's: it is kept as the claim with who made it
("Nani's birthday is 8 June (according to Farah)") and held on low trust, so it is not promoted as the
speaker's self-report, and two relayed claims that disagree become a visible conflict for review.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_REPORTED_RE = re.compile(
    r"^(?:(?:my|our)\s+)?(?P<who>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+"
    r"(?:says|said|insists|insisted|thinks|thought|claims|claimed|reckons|swears|swore|maintains|is sure|"
    r"is convinced)\s+(?:that\s+)?(?P<claim>.+)$",
    re.I,
)
_NOT_SOMEONE = frozenset("i we you it this that he she they everyone nobody someone".split())
_IT_IS_RE = re.compile(r"^it(?:'s|\s+is|\s+was)\s+", re.I)
_COPULA_RE = re.compile(r"\s+(?:is|are|was|were)\s+", re.I)


@dataclass(frozen=True)
class Relayed:
    who: str  # as the speaker named them: "Farah", "Mum", "my sister Farah"
    claim: str  # the claim itself, its "it" resolved when the sentence before named what it is


def relayed(text: str, before: Relayed | None = None) -> Relayed | None:
    """The claim someone else made, as `text` relays it; None when `text` relays nothing (or the speaker's
    own view: "I think ..."). "it's the 3rd" after a relayed "Nani's birthday is 8 June" is about
    Nani's birthday."""
    found = _REPORTED_RE.match(text.strip())
    if found is None:
        return None
    who, claim = found.group("who"), found.group("claim").strip().rstrip(".!")
    if who.split()[0].lower() in _NOT_SOMEONE or len(claim.split()) < 2:
        return None
    if before is not None and _IT_IS_RE.match(claim):
        thing = _COPULA_RE.split(before.claim, maxsplit=1)[0]
        claim = _IT_IS_RE.sub(f"{thing} is ", claim)
    # "My sister Farah" → "Farah": the name is who said it
    name = who.split()[-1] if who.split()[-1][:1].isupper() else who
    return Relayed(who=name, claim=claim)


# Someone letting the speaker know: "landlord texted me, rent goes up to 1020 from 1 May", "the school emailed
# us that pickup moves to 15:10". A notice to the speaker about their own affairs, from whoever decides them: news
# the speaker now holds, unlike a claim someone makes ("says", "insists"), which stays theirs.
_NOTICE_RE = re.compile(
    r"^(?:(?:my|our|the)\s+)?(?P<who>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:just\s+)?"
    r"(?:texted|messaged|emailed|e-mailed|wrote(?:\s+to)?|rang|called|phoned|pinged|informed|notified|let)\s+(?:me|us)(?:\s+know)?(?:\s+(?:today|yesterday|this\s+morning|last\s+night))?"
    r"(?:\s*[,:;-]\s*|\s+(?:that|to\s+say(?:\s+that)?|saying(?:\s+that)?)\s+)(?P<news>\S.+)$",
    re.I,
)


def notice(text: str) -> str | None:
    """The news a notice to the speaker brings ("landlord texted me, rent goes up to 1020" → "rent goes up to
    1020"), or None when `text` is no such notice."""
    found = _NOTICE_RE.match(text.strip())
    if found is None or found.group("who").split()[0].lower() in _NOT_SOMEONE:
        return None
    news = found.group("news").strip()
    return news if len(news.split()) >= 3 else None


def attributed(found: Relayed) -> str:
    """The claim as a statement that says whose it is."""
    return f"{found.claim} (according to {found.who})"


_JOINT_RE = re.compile(r",?\s+(?:and|but|while|whereas)\s+|;\s+", re.I)


def relays(sentence: str) -> list[str]:
    """The relayed claims one sentence joins ("Farah says X, and Mum insists Y" → both), or [] when the
    sentence is not a series of relayed claims."""
    pieces = [p.strip() for p in _JOINT_RE.split(sentence) if p.strip()]
    if len(pieces) < 2 or not all(_REPORTED_RE.match(p) for p in pieces):
        return []
    return pieces
