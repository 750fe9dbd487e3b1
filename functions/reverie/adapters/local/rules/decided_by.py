"""A decision about the speaker's own application, said with who made it first: "Nationwide approved our
mortgage!", "Leeds Uni accepted my application", "Halifax turned us down for the mortgage" read as "Our mortgage was
approved by Nationwide", "Our mortgage was turned down by Halifax": the thing
applied for is what the sentence is about (as "mortgage approved" is), so the plan to apply for it ends."""

from __future__ import annotations

import re

_DECIDED_BY_RE = re.compile(
    r"^(?P<who>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3})\s+(?:(?:has|have)\s+)?(?:finally\s+|just\s+)?"
    r"(?P<verb>approved|accepted|rejected|refused|declined|granted|turned\s+down)\s+"
    r"(?P<whose>my|our)\s+(?P<thing>[a-z][\w -]{1,40}?)(?P<end>[.!]*)$",
)


# ... or with whom it was decided about: "Halifax turned us down for the mortgage", "they rejected me for the job"
_DECIDED_FOR_RE = re.compile(
    r"^(?P<who>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3})\s+(?:(?:has|have)\s+)?(?:finally\s+|just\s+)?"
    r"(?:(?P<verb>turned|knocked)\s+(?P<whom>us|me)\s+down|(?P<verb2>rejected|refused|declined|accepted|approved)\s+"
    r"(?P<whom2>us|me))\s+for\s+(?:the|a|an|my|our)\s+(?P<thing>[a-z][\w -]{1,40}?)(?P<end>[.!]*)(?P<rest>,\s.*)?$",
)


def decided_by(sentence: str) -> str:
    """`sentence` said of the thing decided when it opens with who decided (see the module); else as it is."""
    found = _DECIDED_BY_RE.match(sentence.strip())
    if found is None and (other := _DECIDED_FOR_RE.match(sentence.strip())) is not None:
        if other.group("who").lower() in ("i", "we"):
            return sentence
        whose = "Our" if (other.group("whom") or other.group("whom2")) == "us" else "My"
        verb = f"{other.group('verb')} down" if other.group("verb") else other.group("verb2")
        rest = other.group("rest") or ""  # ", so we're trying Nationwide instead" goes on as it was
        return f"{whose} {other.group('thing')} was {verb} by {other.group('who')}{other.group('end')}{rest}"
    if found is None or found.group("who").lower() in ("i", "we"):
        return sentence
    whose = found.group("whose").capitalize()
    return f"{whose} {found.group('thing')} was {found.group('verb')} by {found.group('who')}{found.group('end')}"
