"""A decision about the speaker's own application, said with who made it first: "Nationwide approved our
mortgage!", "Leeds Uni accepted my application" read as "Our mortgage was approved by Nationwide": the thing
applied for is what the sentence is about (as "mortgage approved" is), so the plan to apply for it ends."""

from __future__ import annotations

import re

_DECIDED_BY_RE = re.compile(
    r"^(?P<who>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3})\s+(?:(?:has|have)\s+)?(?:finally\s+|just\s+)?"
    r"(?P<verb>approved|accepted|rejected|refused|declined|granted|turned\s+down)\s+"
    r"(?P<whose>my|our)\s+(?P<thing>[a-z][\w -]{1,40}?)(?P<end>[.!]*)$",
)


def decided_by(sentence: str) -> str:
    """`sentence` said of the thing decided when it opens with who decided (see the module); else as it is."""
    found = _DECIDED_BY_RE.match(sentence.strip())
    if found is None or found.group("who").lower() in ("i", "we"):
        return sentence
    whose = found.group("whose").capitalize()
    return f"{whose} {found.group('thing')} was {found.group('verb')} by {found.group('who')}{found.group('end')}"
